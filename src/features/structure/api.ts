import { queryOptions } from '@tanstack/react-query';
import type { ListPage } from '~/contract/list.ts';
import type { PersonPickerRow } from '~/contract/persons.ts';
import type {
  StructureApplyAnswer,
  StructureDraftDetail,
  StructureDraftInput,
  StructureDraftRow,
} from '~/contract/structure.ts';
import { searchKey } from '~/domain/persian-text.ts';
import { api } from '~/lib/http.ts';
import type { ListParams } from '~/ui/data-table/types.ts';

/**
 * The structure drafts' calls (contract/structure.ts), quiet: the list shows a failed load in
 * place, the editor shows refusals beside their fields or in its banner.
 */

export const structureKeys = {
  list: ['structure-drafts'] as const,
  one: (id: number) => ['structure-drafts', 'one', id] as const,
};

const BASE = '/api/ownership/structure-drafts';

/**
 * GET /api/ownership/structure-drafts?status= as one page: the server answers every draft (at
 * most 500), so the search box filters here, by title, author and company names.
 */
export async function fetchDrafts(
  params: ListParams,
  signal: AbortSignal,
): Promise<ListPage<StructureDraftRow>> {
  const status = params.params?.status;
  const all = await api<StructureDraftRow[]>(BASE, {
    query: { status: typeof status === 'string' ? status : undefined },
    signal,
    quiet: true,
  });
  const key = params.q ? searchKey(params.q) : '';
  const data = key
    ? all.filter((d) =>
        searchKey([d.title, d.author?.name ?? '', ...d.companies.map((c) => c.name)].join(' ')).includes(key),
      )
    : all;
  return { data, total: data.length, page: 1, per_page: data.length, next_cursor: null };
}

/** GET /api/ownership/structure-drafts/:id: the draft with its preview and the others on its companies. */
export const draftQuery = (id: number) =>
  queryOptions({
    queryKey: structureKeys.one(id),
    queryFn: ({ signal }) => api<StructureDraftDetail>(`${BASE}/${id}`, { signal, quiet: true }),
  });

/** POST (new) or PUT (with the version read) → the draft as saved. */
export const saveDraft = (id: number | null, body: StructureDraftInput & { version?: number }) =>
  api<StructureDraftDetail>(id ? `${BASE}/${id}` : BASE, {
    method: id ? 'PUT' : 'POST',
    body,
    quiet: true,
  });

/** POST …/discard with the version read. */
export const discardDraft = (id: number, version: number) =>
  api<StructureDraftDetail>(`${BASE}/${id}/discard`, { method: 'POST', body: { version }, quiet: true });

/** POST …/apply with the version read: the holdings change in one transaction. */
export const applyDraft = (id: number, version: number) =>
  api<StructureApplyAnswer>(`${BASE}/${id}/apply`, { method: 'POST', body: { version }, quiet: true });

/** A person picked in an operation: `id` unique across both kinds (the picker's key), `key` the node key. */
export interface NodePick {
  id: number;
  key: string;
  name: string;
  national_id: string | null;
}

/** A node key as a pick's id: legal id·2, true id·2 + 1 (unique across both kinds). */
export const pickId = (key: string) => Number(key.slice(1)) * 2 + (key[0] === 'T' ? 1 : 0);

/** GET /api/person/all-persons?q=&type= (picker rows), 20 at most. */
export async function searchNodes(q: string, type: 'legal' | null, signal: AbortSignal): Promise<NodePick[]> {
  const page = await api<ListPage<PersonPickerRow>>('/api/person/all-persons', {
    query: { q: q || undefined, type: type ?? undefined, per_page: 20 },
    signal,
    quiet: true,
  });
  return page.data.map((r) => {
    const key = `${r.type === 'legal' ? 'L' : 'T'}${r.id}`;
    return { id: pickId(key), key, name: r.name, national_id: r.national_id };
  });
}
