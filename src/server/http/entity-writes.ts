import type { z } from 'zod';
import type { EntityDescription } from '../../contract/entity.ts';
import type { Db } from '../db/client.ts';
import type { HttpError } from './errors.ts';
import { defineMutation, type MutationOutcome } from './mutation.ts';
import type { AnyRoute, RouteContext } from './route.ts';

type Ctx<P, B> = RouteContext<P, undefined, B> & { db: Db };
type Handler<P, B> = (ctx: Ctx<P, B>) => Promise<MutationOutcome<unknown>>;

/** The audit actions of an entity's writes, and the HTTP method of each. */
export const WRITE_METHODS = { create: 'post', update: 'put', delete: 'delete' } as const;
export type WriteAction = keyof typeof WRITE_METHODS;

/**
 * What a write of an entity declares from its action alone: the method, the path (create: the
 * list's; update and delete: the item's), the description's permission for it, and the audit row's
 * entity (`audit`, default the entity's own name) and action. Every write route built from a
 * description (here, server/http/owned.ts, the company reports) declares itself with it.
 */
export function entityWrite<A extends WriteAction>(
  entity: Pick<EntityDescription, 'name' | 'paths' | 'permissions'>,
  action: A,
  audit = entity.name,
) {
  const path = action === 'create' ? entity.paths.list : entity.paths.item;
  const permission = entity.permissions[action];
  if (!path || !permission) throw new Error(`${entity.name}: no path or permission to ${action}`);
  return { method: WRITE_METHODS[action], path, permission, audit: { entity: audit, action } };
}

/** One write of an entity: its OpenAPI summary and its handler (run in the mutation's transaction). */
interface Write<P, B> {
  summary: string;
  handler: Handler<P, B>;
}

/** What an entity's create, update and delete need beyond its description. */
export interface EntityWrites<PS extends z.ZodType, BS extends z.ZodType> {
  /**
   * The description's paths, written again as literals in the module, where a search for a path
   * finds its routes (tests/api/route-table.test.ts); they must be the description's.
   */
  paths: { list: string; item: string };
  tags: string[];
  /** The item path's parameters (`{ id }`). */
  params: PS;
  /** The body of create and update, and the answer of both. */
  body: BS;
  response: z.ZodType;
  /** The 422 when a concurrent save took the unique name first (the transaction has rolled back). */
  onUnique?(body: z.output<BS>): HttpError;
  /** POST `paths.list`, with the create permission. */
  create?: Write<undefined, z.output<BS>>;
  /** PUT `paths.item`, with the update permission. */
  update?: Write<z.output<PS>, z.output<BS>>;
  /** DELETE `paths.item`, with the delete permission; `response` is its answer. */
  remove?: Write<z.output<PS>, undefined> & { response: z.ZodType };
}

/**
 * The create, update and delete routes of an entity described in src/contract: their paths,
 * permissions and audit type come from the description (`paths`, `permissions`, `name`), each is a
 * `defineMutation` (one transaction, one audit row with the action `create`, `update` or
 * `delete`), and a unique-name race answers `onUnique`'s 422. The handlers say what is the
 * entity's own.
 */
export function entityWriteRoutes<PS extends z.ZodType, BS extends z.ZodType>(
  entity: Pick<EntityDescription, 'name' | 'paths' | 'permissions'>,
  w: EntityWrites<PS, BS>,
): AnyRoute[] {
  const onUnique = w.onUnique && (({ body }: { body: unknown }) => w.onUnique!(body as z.output<BS>));
  const { paths } = entity;
  if (w.paths.list !== paths.list || w.paths.item !== paths.item)
    throw new Error(`entityWriteRoutes(${entity.name}): paths differ from the description's`);
  const writes = [
    ['create', w.create],
    ['update', w.update],
    ['delete', w.remove],
  ] as const;
  return writes.flatMap(([action, write]) => {
    if (!write) return [];
    const remove = action === 'delete';
    return [
      defineMutation({
        ...entityWrite(entity, action),
        summary: write.summary,
        tags: w.tags,
        params: action === 'create' ? undefined : w.params,
        body: remove ? undefined : w.body,
        response: 'response' in write ? write.response : w.response,
        onUnique: remove ? undefined : onUnique,
        handler: write.handler as Handler<unknown, unknown>,
      }),
    ];
  });
}
