import { queryOptions } from '@tanstack/react-query';
import { type OwnedEntity, type OwnerType, ownedUnder } from '~/contract/owners.ts';
import { api } from './http.ts';

/** A literal path with its parameters filled in order: `/api/…/:id{[0-9]+}/contacts/:contactId{[0-9]+}`, 7, 3 → `/api/…/7/contacts/3`. */
const fill = (pattern: string, ...ids: number[]) =>
  pattern.replace(/:\w+(\{[^}]*\})?/g, () => String(ids.shift()));

/**
 * The calls of a sub-record under one owner (contract/owners.ts), from its description's literal
 * paths: the owner's rows and one row (quiet: the section and the page show a failed load in
 * place), create and update (quiet: the form shows refusals under their fields; a FormData body
 * travels as multipart), and delete (failures are toasted).
 */
export function ownedApi<Row>(entity: OwnedEntity, owner: { type: OwnerType; id: number }) {
  const { paths } = ownedUnder(entity, owner.type);
  const list = fill(paths.list, owner.id);
  const item = (rowId: number) => fill(paths.item, owner.id, rowId);
  const keys = { all: [entity.name] as const, owner: [entity.name, owner.type, owner.id] as const };
  return {
    keys,
    rows: queryOptions({
      queryKey: keys.owner,
      queryFn: ({ signal }) => api<Row[]>(list, { signal, quiet: true }),
    }),
    one: (rowId: number) =>
      queryOptions({
        queryKey: [...keys.owner, rowId],
        queryFn: ({ signal }) => api<Row>(item(rowId), { signal, quiet: true }),
      }),
    create: (body: object) => api<Row>(list, { method: 'POST', body, quiet: true }),
    update: (rowId: number, body: object) => api<Row>(item(rowId), { method: 'PUT', body, quiet: true }),
    remove: (rowId: number) => api<{ deleted: true }>(item(rowId), { method: 'DELETE' }),
  };
}
