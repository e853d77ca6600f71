import { FlexRender, type Header, type RowData } from '@tanstack/react-table';
import { formatNumber } from '../format.ts';
import type { DataTableFeatures } from './columns.ts';
import * as s from './styles.ts';

export interface HeaderRowProps<T extends RowData> {
  headers: Header<DataTableFeatures, T, unknown>[];
  /** CSS grid columns shared with the rows. */
  template: string;
  minWidth: number;
  /** The focused column's index, or -1 (no row focused yet). */
  focusedCol: number;
  /** More than one sort key: each sorted column shows its place in the order. */
  multiSort?: boolean;
}

const ariaSort = (sorted: false | 'asc' | 'desc', canSort: boolean) =>
  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : canSort ? 'none' : undefined;

/**
 * The sticky header: column names (with their unit), the sort state (`aria-sort` and an arrow),
 * a mark on filtered columns. A click sorts; the keyboard sorts with S on the focused column.
 */
export function HeaderRow<T extends RowData>({
  headers,
  template,
  minWidth,
  focusedCol,
  multiSort,
}: HeaderRowProps<T>) {
  return (
    <thead className={s.head} style={{ minWidth }}>
      <tr aria-rowindex={1} className={s.headerRow} style={{ gridTemplateColumns: template }}>
        <th scope="col" aria-colindex={1} className={s.headerCell}>
          <span className={s.visuallyHidden}>انتخاب</span>
        </th>
        {headers.map((header, ci) => {
          const column = header.column;
          const meta = column.columnDef.meta;
          const sorted = column.getIsSorted();
          const canSort = column.getCanSort();
          return (
            <th
              key={header.id}
              scope="col"
              aria-colindex={ci + 2}
              aria-sort={ariaSort(sorted, canSort)}
              className={s.headerCell}
              data-numeric={meta?.numeric ? '' : undefined}
              data-focused={ci === focusedCol ? '' : undefined}
              title={meta?.description}
            >
              {canSort ? (
                <button
                  type="button"
                  tabIndex={-1}
                  className={s.sortButton}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={column.getToggleSortingHandler()}
                >
                  <span>
                    <FlexRender header={header} />
                  </span>
                  <span aria-hidden="true" className={s.sortMark}>
                    {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : ''}
                    {sorted && multiSort ? formatNumber(column.getSortIndex() + 1) : ''}
                  </span>
                </button>
              ) : (
                <span>
                  <FlexRender header={header} />
                </span>
              )}
              {column.getIsFiltered() && (
                <span className={s.sortMark} title="فیلتر شده">
                  ●
                </span>
              )}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
