import { queryOptions } from '@tanstack/react-query';
import type { BoardEditDetail, BoardRow, SavedBoard } from '~/contract/boards.ts';
import type { ListPage } from '~/contract/list.ts';
import type { PersonPickerRow } from '~/contract/persons.ts';
import { api } from '~/lib/http.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { ListParams } from '~/ui/data-table/types.ts';

/**
 * The boards calls (contract/boards.ts). Quiet: the list shows a failed load in place and the
 * form shows every refusal beside its field or in its banner.
 */

export const boardKeys = {
  list: ['boards'] as const,
  one: (id: number) => ['boards', 'one', id] as const,
};

/** GET /api/person/boards: one page of the boards list. */
export function fetchBoards(params: ListParams, signal: AbortSignal) {
  return api<ListPage<BoardRow>>('/api/person/boards', {
    query: toRequestQuery(params),
    signal,
    quiet: true,
  });
}

/** GET /api/person/boards/:id: the board, its seats and the etag to send back. */
export const boardQuery = (id: number) =>
  queryOptions({
    queryKey: boardKeys.one(id),
    queryFn: ({ signal }) => api<BoardEditDetail>(`/api/person/boards/${id}`, { signal, quiet: true }),
  });

/** POST /api/person/boards (new) or PUT /api/person/boards/:id (with `etag`) → `{ id, etag }`. */
export const saveBoard = (id: number | null, input: Record<string, unknown>) =>
  api<SavedBoard>(id ? `/api/person/boards/${id}` : '/api/person/boards', {
    method: id ? 'PUT' : 'POST',
    body: input,
    quiet: true,
  });

/** A pick of a person: `id` is unique across both kinds (the picker's key), `pid` the person's id. */
export interface PersonPick {
  id: number;
  pid: number;
  type: 'legal' | 'true';
  name: string;
  national_id: string | null;
}

/** GET /api/person/all-persons?q=&type= (picker rows), 20 at most. */
export async function searchPersons(
  q: string,
  type: 'legal' | 'true' | null,
  signal: AbortSignal,
): Promise<PersonPick[]> {
  const page = await api<ListPage<PersonPickerRow>>('/api/person/all-persons', {
    query: { q: q || undefined, type: type ?? undefined, per_page: 20 },
    signal,
    quiet: true,
  });
  return page.data.map((r) => ({
    id: r.key,
    pid: r.id,
    type: r.type,
    name: r.name,
    national_id: r.national_id,
  }));
}

/** A stored person as a pick (the picker's key: legal id·2, true id·2 + 1). */
export const pickOf = (
  type: 'legal' | 'true',
  p: { id: number; name: string; national_id: string | null },
): PersonPick => ({
  id: p.id * 2 + (type === 'true' ? 1 : 0),
  pid: p.id,
  type,
  name: p.name,
  national_id: p.national_id,
});

/** The company `id` as a pick (GET /api/person/legal-persons/:id), to preselect it in a new board. */
export const companyPickQuery = (id: number) =>
  queryOptions({
    queryKey: ['boards', 'company-pick', id],
    queryFn: async ({ signal }) => {
      const c = await api<{ id: number; name: string; national_id: string | null }>(
        `/api/person/legal-persons/${id}`,
        { signal, quiet: true },
      );
      return pickOf('legal', c);
    },
  });
