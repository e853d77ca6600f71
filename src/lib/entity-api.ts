import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import type { ListPage } from '~/contract/list.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { ListParams } from '~/ui/data-table/types.ts';
import { api } from './http.ts';

/** An item path with its id: `/api/management/cities/:id{[0-9]+}` and 7 → `/api/management/cities/7`. */
export const itemPath = (pattern: string, id: number) => pattern.replace(/:\w+(\{[^}]*\})?/, String(id));

/**
 * The calls of an entity, from its description's literal paths: one page of its list (quiet: the
 * list shows a failed load in place) and the update of one row (quiet: the form shows refusals).
 */
export function entityApi<F extends Record<string, EntityField>, Row>(entity: EntityDescription<F>) {
  return {
    keys: { all: [entity.name] as const, list: [entity.name, 'list'] as const },
    list: (params: ListParams, signal: AbortSignal) =>
      api<ListPage<Row>>(entity.paths.list, { query: toRequestQuery(params), signal, quiet: true }),
    update: (id: number, body: Record<string, unknown>) =>
      api<Row>(itemPath(entity.paths.item!, id), { method: 'PUT', body, quiet: true }),
  };
}
