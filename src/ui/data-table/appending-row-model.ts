import { constructRow, makeObjectMap, type RowData, type RowModel } from '@tanstack/react-table';

/**
 * TanStack Table's core row model, made for a list read page by page: when the new data is the
 * old data with rows appended (the same row objects, in the same order, then more), the old
 * Row objects are kept and only the appended rows are built. The stock model builds every row
 * again for each page, which at 100,000 loaded rows is 100,000 new Row objects per page read,
 * and gives every rendered (memoized) row a new Row, so it renders again. Any other change
 * (a new sort or filter, a refetch) builds the model afresh, as the stock one does.
 *
 * Rows here are flat (no sub-rows: lists have none). Plugged in through the `coreRowModel`
 * slot of the table's features (columns.ts).
 */
export function appendingCoreRowModel(table: any): () => RowModel<any, RowData> {
  let data: readonly RowData[] | null = null;
  let model: RowModel<any, RowData> | null = null;
  return () => {
    const next: readonly RowData[] = table.options.data;
    if (next === data && model) return model;
    const keep = model && data && isAppended(data, next) ? data.length : 0;
    const rows = keep && model ? model.rows.slice() : [];
    const rowsById: RowModel<any, RowData>['rowsById'] = keep && model ? model.rowsById : makeObjectMap();
    for (let i = keep; i < next.length; i++) {
      const original = next[i]!;
      const row: any = constructRow(table, table.getRowId(original, i), original, i, 0);
      rows.push(row);
      rowsById[row.id] = row;
    }
    const built = { rows, flatRows: rows, rowsById };
    data = next;
    model = built;
    return built;
  };
}

/** Whether `next` starts with exactly the row objects of `prev` (identity, not content). */
function isAppended(prev: readonly RowData[], next: readonly RowData[]): boolean {
  if (next.length < prev.length) return false;
  for (let i = 0; i < prev.length; i++) if (prev[i] !== next[i]) return false;
  return true;
}
