import { queryOptions } from '@tanstack/react-query';
import type { ListPage } from '~/contract/list.ts';
import type {
  LegalPersonDetail,
  LegalPersonRow,
  TruePersonDetail,
  TruePersonRow,
} from '~/contract/persons.ts';
import { api } from '~/lib/http.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { EnumOption, ListParams } from '~/ui/data-table/types.ts';

/**
 * The persons calls (shapes in src/contract/persons.ts). List pages are `quiet`: the list shows
 * a failed load in place, with a retry key, instead of a toast.
 */

export const personKeys = {
  legal: ['persons', 'legal'] as const,
  legalOne: (id: number) => ['persons', 'legal', 'one', id] as const,
  true: ['persons', 'true'] as const,
  trueOne: (id: number) => ['persons', 'true', 'one', id] as const,
  industries: ['industries', 'options'] as const,
};

/** GET /api/person/legal-persons: one page of the legal persons list. */
export function fetchLegalPersons(params: ListParams, signal: AbortSignal) {
  return api<ListPage<LegalPersonRow>>('/api/person/legal-persons', {
    query: toRequestQuery(params),
    signal,
    quiet: true,
  });
}

/** GET /api/person/legal-persons/:id: general data, branches, shareholders, holdings, board. */
export const legalPersonQuery = (id: number) =>
  queryOptions({
    queryKey: personKeys.legalOne(id),
    queryFn: ({ signal }) =>
      api<LegalPersonDetail>(`/api/person/legal-persons/${id}`, { signal, quiet: true }),
  });

/** GET /api/person/true-persons: one page of the true persons list. */
export function fetchTruePersons(params: ListParams, signal: AbortSignal) {
  return api<ListPage<TruePersonRow>>('/api/person/true-persons', {
    query: toRequestQuery(params),
    signal,
    quiet: true,
  });
}

/** GET /api/person/true-persons/:id: personal data, board seats, CEO posts, shareholdings. */
export const truePersonQuery = (id: number) =>
  queryOptions({
    queryKey: personKeys.trueOne(id),
    queryFn: ({ signal }) => api<TruePersonDetail>(`/api/person/true-persons/${id}`, { signal, quiet: true }),
  });

interface IndustryOption {
  id: number;
  code?: string;
  name: string;
}

/**
 * The industry groups for the industry filter: GET /api/industries (a plain array or a list
 * page of `{ id, code, name }`).
 */
export async function fetchIndustryOptions(): Promise<EnumOption[]> {
  const body = await api<IndustryOption[] | ListPage<IndustryOption>>('/api/industries', {
    query: { per_page: 500 },
    quiet: true,
  });
  const rows = Array.isArray(body) ? body : body.data;
  return rows.map((r) => ({ value: r.id, label: r.name }));
}
