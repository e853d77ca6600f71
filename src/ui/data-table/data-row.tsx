import { FlexRender, type Row, type RowData } from '@tanstack/react-table';
import { memo } from 'react';
import type { DataTableFeatures } from './columns.ts';
import type { RowEventsRef } from './row-events.ts';
import * as s from './styles.ts';

export interface DataRowProps<T extends RowData> {
  row: Row<DataTableFeatures, T>;
  /** Index among the loaded rows (0-based). */
  index: number;
  /** The row's offset in the body (px). */
  top: number;
  /** The grid's CSS columns. */
  template: string;
  /**
   * The grid's element id: the focused cell `ci` of this row is `${domId}-r${index}-c${ci}`
   * (aria-activedescendant). Only that cell carries an id: a row scrolled in updates its cells in
   * place, and an id per cell made that a third dearer in style (measured here).
   */
  domId: string;
  selected: boolean;
  /** The focused column when this is the focused row, else -1. */
  focusedCol: number;
  /** The ids of this row's columns whose cells are chosen one by one (X on a selectable cell); usually none. */
  selectedCols?: ReadonlySet<string>;
  /** The grid's row events (a stable ref, so rows do not render again for new handlers). */
  events: RowEventsRef<T>;
}

/**
 * One row: a selection cell, then the columns' cells (one line each, cut with an ellipsis).
 * Memoized: a scrolled frame renders only the rows that came into view, each in the element
 * of a row that left (its cells keyed by column, so they are updated in place, not built again).
 * A row is kept lean: one element per cell (the cell itself cuts its text),
 * no form control, and CSS containment (styles.ts `row`) keeps its layout and paint to itself. Focus stays on the
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
  selectedCols,
  events,
}: DataRowProps<T>) {
  return (
    <tr
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={s.row}
      style={{ top, gridTemplateColumns: template }}
      data-focused={focusedCol >= 0 ? '' : undefined}
      onClick={() => events.current.focusRow(index)}
      onDoubleClick={() => events.current.open(row.original)}
    >
      {/* The selection mark: drawn, not an <input> (one fewer element with a shadow tree per row
          scrolled in); the row's aria-selected says it to assistive technology, X and Space set
          it by key, a click on the cell by pointer. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the grid's X and Space are the keys */}
      <td
        aria-colindex={1}
        className={s.checkCell}
        onMouseDown={(e) => e.preventDefault()}
        onClick={(e) => {
          e.stopPropagation();
          events.current.selectClick(index, e.shiftKey);
        }}
      >
        <span className={s.checkMark} data-checked={selected ? '' : undefined} aria-hidden="true" />
      </td>
      {row.getVisibleCells().map((cell, ci) => (
        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a td of a role=grid table is a gridcell, whose aria-selected says a cell chosen on its own
        <td
          key={cell.column.id}
          id={ci === focusedCol ? `${domId}-r${index}-c${ci}` : undefined}
          aria-colindex={ci + 2}
          className={s.cell}
          data-numeric={cell.column.columnDef.meta?.numeric ? '' : undefined}
          data-focused={ci === focusedCol ? '' : undefined}
          aria-selected={selectedCols?.has(cell.column.id) || undefined}
        >
          <FlexRender cell={cell} />
        </td>
      ))}
    </tr>
  );
}

export const DataRow = memo(DataRowImpl) as typeof DataRowImpl;
