import {
  type ColumnDef,
  type ColumnHelper,
  columnFilteringFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  type RowData,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import { heldCoreRowModel } from './held-row-model.ts';
import type { DataColumnMeta } from './types.ts';

/**
 * The table features every list uses. Sorting and filtering are manual (the server does them,
 * the state lives in the URL); paging is TanStack Query's infinite query feeding one growing
 * row model (appended to, not rebuilt, as pages arrive); selection is by row id; sizing gives each column its width and visibility hides
 * the columns a user chose not to see (both kept per user: use-table-preferences.ts).
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  rowSelectionFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  columnMeta: {} as DataColumnMeta,
  // rows of blocks still held keep the Row objects already built (held-row-model.ts)
  coreRowModel: heldCoreRowModel,
});

export type DataTableFeatures = typeof dataTableFeatures;

/** A column of a list of T rows. */
export type DataColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/**
 * The helper a screen writes its columns with:
 *
 *   const col = columnHelper<LegalPersonRow>();
 *   export const columns = col.columns([
 *     col.accessor('name', { header: 'نام', size: 280, meta: { grow: 1 } }),
 *     col.accessor('registered_capital', {
 *       header: 'سرمایه ثبتی (ریال)', size: 170, sortDescFirst: true,
 *       meta: { numeric: true }, cell: (c) => formatRial(c.getValue()),
 *     }),
 *   ]);
 *
 * The column id is the server's sort field (`meta.sortField` when it differs); `enableSorting:
 * false` for columns the server cannot sort by.
 */
export function columnHelper<T extends RowData>(): ColumnHelper<DataTableFeatures, T> {
  return createColumnHelper<DataTableFeatures, T>();
}

/** A column's id: its `id`, else its accessor key. */
export function columnId(c: DataColumn<RowData>): string {
  return (c.id ?? (c as { accessorKey?: string }).accessorKey ?? '') as string;
}

/** Server sort field per column id, for the columns whose `meta.sortField` differs from the id. */
export function columnSortFields(columns: readonly DataColumn<RowData>[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of columns) if (c.meta?.sortField) out[columnId(c)] = c.meta.sortField;
  return out;
}

interface SizedHeader {
  getSize(): number;
  column: { columnDef: { meta?: DataColumnMeta } };
}

/** How far a growing column gives way before the grid scrolls sideways: to 60% of its size, not below 120 px. */
const growFloor = (size: number) => Math.min(size, Math.max(120, Math.round(size * 0.6)));

/**
 * The grid's CSS `grid-template-columns` (a `lead` px checkbox column, then each column's size;
 * columns with `meta.grow` — or the last one when none has it — take the spare width, and give
 * some of their own back (`growFloor`) before the grid scrolls, so that the last column is not
 * cut at the table's edge when it nearly fits) and the least width of the row in px.
 */
export function gridTemplate(headers: readonly SizedHeader[], lead: number) {
  const grows = headers.some((h) => h.column.columnDef.meta?.grow);
  let minWidth = lead;
  const parts = headers.map((h, i) => {
    const size = h.getSize();
    const grow = h.column.columnDef.meta?.grow ?? (!grows && i === headers.length - 1 ? 1 : 0);
    const least = grow ? growFloor(size) : size;
    minWidth += least;
    return grow ? `minmax(${least}px, ${grow}fr)` : `${size}px`;
  });
  return { template: `${lead}px ${parts.join(' ')}`, minWidth };
}
