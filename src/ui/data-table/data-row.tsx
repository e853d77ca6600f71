import { FlexRender, type Row, type RowData } from '@tanstack/react-table';
import type { CSSProperties } from 'react';
import { formatNumber } from '../format.ts';
import type { DataTableFeatures } from './columns.ts';
import * as s from './styles.ts';

export interface DataRowProps<T extends RowData> {
  row: Row<DataTableFeatures, T>;
  /** Index among the loaded rows (0-based). */
  index: number;
  /** Position (virtual row offset) and the grid's columns. */
  style: CSSProperties;
  /** Element id of the cell in data column `ci` (the grid's aria-activedescendant points at it). */
  cellId(ci: number): string;
  /** The focused column when this is the focused row, else -1. */
  focusedCol: number;
  onFocusRow(): void;
  onSelectClick(shift: boolean): void;
  onOpen?(row: T): void;
}

/**
 * One row: a checkbox cell, then the columns' cells (one line each, cut with an ellipsis).
 * Focus stays on the grid; a click only moves the focused row. Pointer conveniences only:
 * every row action also has a key.
 */
export function DataRow<T extends RowData>({
  row,
  index,
  style,
  cellId,
  focusedCol,
  onFocusRow,
  onSelectClick,
  onOpen,
}: DataRowProps<T>) {
  const selected = row.getIsSelected();
  return (
    <tr
      aria-rowindex={index + 2}
      aria-selected={selected}
      className={s.row}
      style={style}
      data-focused={focusedCol >= 0 ? '' : undefined}
      onClick={onFocusRow}
      onDoubleClick={() => onOpen?.(row.original)}
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
            onSelectClick(e.shiftKey);
          }}
        />
      </td>
      {row.getAllCells().map((cell, ci) => (
        <td
          key={cell.id}
          id={cellId(ci)}
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
