import {
  type ColumnDef,
  type ColumnHelper,
  columnFilteringFeature,
  columnSizingFeature,
  createColumnHelper,
  type RowData,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import type { DataColumnMeta } from './types.ts';

/**
 * The table features every list uses. Sorting and filtering are manual (the server does them,
 * the state lives in the URL); paging is TanStack Query's infinite query feeding one growing
 * row model; selection is by row id; sizing gives each column its width.
 */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  rowSelectionFeature,
  columnSizingFeature,
  columnMeta: {} as DataColumnMeta,
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
