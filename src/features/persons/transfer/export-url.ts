import type { TransferFormat } from '~/contract/person-transfer.ts';
import { listQueryString } from '~/lib/list-url.ts';
import type { ListQuery } from '~/ui/data-table/types.ts';

/** Which persons list a transfer is about. */
export type TransferList = 'legal' | 'true';

/** The API base of each list. */
export const LIST_BASE: Record<TransferList, string> = {
  legal: '/api/person/legal-persons',
  true: '/api/person/true-persons',
};

/**
 * The URL of a list's export (GET /api/person/{legal|true}-persons/export, contract/person-transfer.ts)
 * for the list view `query` (q, sort, `advanceFilter`, plain filter params: what the screen's
 * `toListQuery(search, filters)` gives) in `format` (default xlsx). With `ids`, only those rows
 * (the selection; at most 5,000), still in the view's sort. Example:
 * `exportUrl('legal', { q: 'فولاد', sortBy: 'name' }, { format: 'csv', ids: [3, 7] })` →
 * `/api/person/legal-persons/export?format=csv&q=%D9%81...&sortBy=name&ids=3%2C7`.
 */
export function exportUrl(
  list: TransferList,
  query: ListQuery,
  opts: { format?: TransferFormat; ids?: readonly (string | number)[] } = {},
): string {
  const p = listQueryString(query, { format: opts.format ?? 'xlsx' });
  if (opts.ids?.length) p.set('ids', opts.ids.join(','));
  return `${LIST_BASE[list]}/export?${p}`;
}

/** The import template of a list: the export's header row, no data. */
export const templateUrl = (list: TransferList, format: TransferFormat = 'xlsx') =>
  `${LIST_BASE[list]}/import-template?format=${format}`;
