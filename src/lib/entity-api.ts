import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import type { ListPage } from '~/contract/list.ts';
import { searchKey } from '~/domain/persian-text.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { ListParams } from '~/ui/data-table/types.ts';
import { api } from './http.ts';
import { wholePage } from './list-page.ts';

/** An item path with its id: `/api/management/cities/:id{[0-9]+}` and 7 → `/api/management/cities/7`. */
export const itemPath = (pattern: string, id: number) => pattern.replace(/:\w+(\{[^}]*\})?/, String(id));

/**
 * The calls of an entity, from its description's literal paths: one page of its list (quiet: the
 * list shows a failed load in place; a `wholeList` is read whole and matched to `q` here), and
 * the create and update of one row (quiet: the form shows refusals) and its delete (not quiet: a
 * refusal, such as a 409 for a row in use, is the error catalogue's to toast). Cache keys under
 * `cacheKey` (default `[name]`).
 */
export function entityApi<F extends Record<string, EntityField>, Row>(entity: EntityDescription<F>) {
  const all = entity.cacheKey ?? [entity.name];
  const whole = entity.wholeList;
  return {
    keys: { all, list: [...all, 'list'] as const },
    list: async (params: ListParams, signal: AbortSignal): Promise<ListPage<Row>> => {
      if (!whole)
        return api<ListPage<Row>>(entity.paths.list, { query: toRequestQuery(params), signal, quiet: true });
      const rows = await api<Row[]>(entity.paths.list, { signal, quiet: true });
      const key = params.q ? searchKey(params.q) : '';
      const text = (r: Row) =>
        whole.search.map((f) => String((r as Record<string, unknown>)[f] ?? '')).join(' ');
      return wholePage(key ? rows.filter((r) => searchKey(text(r)).includes(key)) : rows);
    },
    create: (body: Record<string, unknown>) =>
      api<Row>(entity.paths.list, { method: 'POST', body, quiet: true }),
    update: (id: number, body: Record<string, unknown>) =>
      api<Row>(itemPath(entity.paths.item!, id), { method: 'PUT', body, quiet: true }),
    remove: (id: number) =>
      api<Record<string, unknown>>(itemPath(entity.paths.item!, id), { method: 'DELETE' }),
  };
}
