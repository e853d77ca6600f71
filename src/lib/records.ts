import { queryOptions } from '@tanstack/react-query';
import type { ListPage } from '~/contract/list.ts';
import type { LegalPersonDetail, LegalPickerRow, TruePersonDetail } from '~/contract/persons.ts';
import type { EnumOption } from '~/ui/data-table/types.ts';
import { api } from './http.ts';

/**
 * The records other features attach to: a company (legal person) and a person (true person).
 * Their query keys and detail calls live here, so a feature that adds a section, a sub-record or
 * a picker (branches, contacts, documents, company reports; ownership and statements later) reads
 * and refreshes the record without importing the persons feature. Shapes: src/contract/persons.ts.
 */

export const personKeys = {
  legal: ['persons', 'legal'] as const,
  legalOne: (id: number) => ['persons', 'legal', 'one', id] as const,
  true: ['persons', 'true'] as const,
  trueOne: (id: number) => ['persons', 'true', 'one', id] as const,
  industries: ['industries', 'options'] as const,
};

/** GET /api/person/legal-persons/:id: general data, branches, shareholders, holdings, board. */
export const legalPersonQuery = (id: number) =>
  queryOptions({
    queryKey: personKeys.legalOne(id),
    queryFn: ({ signal }) =>
      api<LegalPersonDetail>(`/api/person/legal-persons/${id}`, { signal, quiet: true }),
  });

/** GET /api/person/true-persons/:id: personal data, board seats, CEO posts, shareholdings. */
export const truePersonQuery = (id: number) =>
  queryOptions({
    queryKey: personKeys.trueOne(id),
    queryFn: ({ signal }) => api<TruePersonDetail>(`/api/person/true-persons/${id}`, { signal, quiet: true }),
  });

/** GET /api/person/all-legal-persons?q= (picker rows: id, name, national id), 20 at most. */
export async function searchLegalPersons(q: string, signal: AbortSignal): Promise<LegalPickerRow[]> {
  const page = await api<ListPage<LegalPickerRow>>('/api/person/all-legal-persons', {
    query: { q: q || undefined, per_page: 20 },
    signal,
    quiet: true,
  });
  return page.data;
}

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
