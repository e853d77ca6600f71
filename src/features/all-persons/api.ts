import type { ListPage } from '~/contract/list.ts';
import type { LegalPickerRow, PersonPickerRow } from '~/contract/persons.ts';
import { api } from '~/lib/http.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { ListParams } from '~/ui/data-table/types.ts';

export const allPersonsKeys = {
  legal: ['persons', 'all-legal'] as const,
  any: ['persons', 'all'] as const,
};

/** GET /api/person/all-legal-persons: one page of every legal person (any kind). */
export const fetchAllLegal = (params: ListParams, signal: AbortSignal) =>
  api<ListPage<LegalPickerRow>>('/api/person/all-legal-persons', {
    query: toRequestQuery(params),
    signal,
    quiet: true,
  });

/** GET /api/person/all-persons: one page of legal and true persons together. */
export const fetchAllPersons = (params: ListParams, signal: AbortSignal) =>
  api<ListPage<PersonPickerRow>>('/api/person/all-persons', {
    query: toRequestQuery(params),
    signal,
    quiet: true,
  });
