import { FlexRender, type Row, type RowData } from '@tanstack/react-table';
import { memo } from 'react';
import { formatNumber } from '../format.ts';
import type { DataTableFeatures } from './columns.ts';
import type { RowEventsRef } from './grid-view.tsx';
import * as s from './styles.ts';

export interface DataRowProps<T extends RowData> {
  row: Row<DataTableFeatures, T>;
  /** Index among the loaded rows (0-based). */
  index: number;
  /** The row's offset in the body (px). */
  top: number;
  /** The grid's CSS columns. */
  template: string;
  /** The grid's element id: cell `ci` of this row is `${domId}-r${index}-c${ci}` (aria-activedescendant). */
  domId: string;
  selected: boolean;
  /** The focused column when this is the focused row, else -1. */
  focusedCol: number;
  /** The grid's row events (a stable ref, so rows do not render again for new handlers). */
  events: RowEventsRef<T>;
}

/**
 * One row: a checkbox cell, then the columns' cells (one line each, cut with an ellipsis).
 * Memoized: a scrolled frame renders only the rows that came into view. Focus stays on the
 * grid; a click only moves the focused row. Pointer conveniences only: every row action also
 * has a key.
 */
function DataRowImpl<T extends RowData>({
  row,
  index,
  top,
  template,
  domId,
  selected,
  focusedCol,
  events,
}: DataRowProps<T>) {
  return (
    <tr
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={s.row}
      style={{ transform: `translateY(${top}px)`, gridTemplateColumns: template }}
      data-focused={focusedCol >= 0 ? '' : undefined}
      onClick={() => events.current.focusRow(index)}
      onDoubleClick={() => events.current.open(row.original)}
    >
      <td aria-colindex={1} className={s.checkCell}>
        <input
          type="checkbox"
          tabIndex={-1}
          checked={selected}
          aria-label={`انتخاب ردیف ${formatNumber(index + 1)}`}
          onMouseDown={(e) => e.preventDefault()}
          onChange={() => {}}
          onClick={(e) => {
            e.stopPropagation();
            events.current.selectClick(index, e.shiftKey);
          }}
        />
      </td>
      {row.getVisibleCells().map((cell, ci) => (
        <td
          key={cell.id}
          id={`${domId}-r${index}-c${ci}`}
          aria-colindex={ci + 2}
          className={s.cell}
          data-numeric={cell.column.columnDef.meta?.numeric ? '' : undefined}
          data-focused={ci === focusedCol ? '' : undefined}
        >
          <span className={s.cellText}>
            <FlexRender cell={cell} />
          </span>
        </td>
      ))}
    </tr>
  );
}

export const DataRow = memo(DataRowImpl) as typeof DataRowImpl;
