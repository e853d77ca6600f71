import { constructRow, makeObjectMap, type RowData, type RowModel } from '@tanstack/react-table';

/**
 * TanStack Table's core row model, made for the windowed list: its data is the rows of the
 * blocks held, which change a block at a time (one arrives, a far one is let go). A row object
 * seen in the previous data keeps its Row (so the memoized rows on screen do not render again
 * when a block elsewhere arrives); only rows new to the data are built. The stock model builds
 * every row again for each change. A Row is kept only while its object stays in the data, so
 * memory follows the blocks held.
 *
 * Rows here are flat (no sub-rows: lists have none); a Row's `index` is where it was first built
 * (the list itself addresses rows by their position in the result). Plugged in through the
 * `coreRowModel` slot of the table's features (columns.ts).
 */
export function heldCoreRowModel(table: any): () => RowModel<any, RowData> {
  let data: readonly RowData[] | null = null;
  let model: RowModel<any, RowData> | null = null;
  let built = new Map<RowData, any>();
  return () => {
    const next: readonly RowData[] = table.options.data;
    if (next === data && model) return model;
    const rows: any[] = [];
    const rowsById: RowModel<any, RowData>['rowsById'] = makeObjectMap();
    const kept = new Map<RowData, any>();
    for (let i = 0; i < next.length; i++) {
      const original = next[i]!;
      const id = table.getRowId(original, i);
      const old = built.get(original);
      const row = old && old.id === id ? old : constructRow(table, id, original, i, 0);
      rows.push(row);
      rowsById[row.id] = row;
      kept.set(original, row);
    }
    built = kept;
    data = next;
    model = { rows, flatRows: rows, rowsById };
    return model;
  };
}
