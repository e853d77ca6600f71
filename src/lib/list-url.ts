import type { ListQuery } from '~/ui/data-table/types.ts';

/**
 * The query string of a list view `query` (q, sort, `advanceFilter`, plain filter params: what a
 * screen's `toListQuery(search, filters)` gives) after `first` (e.g. `{ format: 'xlsx' }`), for a
 * file the server makes from the same view (an export). Example:
 * `listQueryString({ q: 'فولاد', sortBy: 'name' }, { format: 'csv' })` →
 * `format=csv&q=%D9%81...&sortBy=name`.
 */
export function listQueryString(query: ListQuery, first: Record<string, string> = {}): URLSearchParams {
  const p = new URLSearchParams(first);
  if (query.q) p.set('q', query.q);
  if (query.sortBy) p.set('sortBy', query.sortBy);
  if (query.descending !== undefined) p.set('descending', String(query.descending));
  if (query.advanceFilter?.length) p.set('advanceFilter', JSON.stringify(query.advanceFilter));
  for (const [k, v] of Object.entries(query.params ?? {})) p.set(k, String(v));
  return p;
}
