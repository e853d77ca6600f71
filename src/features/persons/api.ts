import type { ListPage } from '~/contract/list.ts';
import type { LegalPersonRow, TruePersonRow } from '~/contract/persons.ts';
import { api } from '~/lib/http.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { ListParams } from '~/ui/data-table/types.ts';

/**
 * The persons calls (shapes in src/contract/persons.ts). List pages are `quiet`: the list shows
 * a failed load in place, with a retry key, instead of a toast.
 */

/** GET /api/person/legal-persons: one page of the legal persons list. */
export function fetchLegalPersons(params: ListParams, signal: AbortSignal) {
  return api<ListPage<LegalPersonRow>>('/api/person/legal-persons', {
    query: toRequestQuery(params),
    signal,
    quiet: true,
  });
}

/** GET /api/person/true-persons: one page of the true persons list. */
export function fetchTruePersons(params: ListParams, signal: AbortSignal) {
  return api<ListPage<TruePersonRow>>('/api/person/true-persons', {
    query: toRequestQuery(params),
    signal,
    quiet: true,
  });
}
