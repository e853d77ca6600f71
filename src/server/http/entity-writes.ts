import type { z } from 'zod';
import type { EntityDescription } from '../../contract/entity.ts';
import type { Db } from '../db/client.ts';
import type { HttpError } from './errors.ts';
import { defineMutation, type MutationOutcome } from './mutation.ts';
import type { AnyRoute, RouteContext } from './route.ts';

type Ctx<P, B> = RouteContext<P, undefined, B> & { db: Db };
type Handler<P, B> = (ctx: Ctx<P, B>) => Promise<MutationOutcome<unknown>>;

/** One write of an entity: its OpenAPI summary and its handler (run in the mutation's transaction). */
interface Write<P, B> {
  summary: string;
  handler: Handler<P, B>;
}

/** What an entity's create, update and delete need beyond its description. */
export interface EntityWrites<PS extends z.ZodType, BS extends z.ZodType> {
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
  const audit = (action: string) => ({ entity: entity.name, action });
  const onUnique = w.onUnique && (({ body }: { body: unknown }) => w.onUnique!(body as z.output<BS>));
  const routes: AnyRoute[] = [];
  if (w.create)
    routes.push(
      defineMutation({
        method: 'post',
        path: entity.paths.list,
        permission: entity.permissions.create!,
        summary: w.create.summary,
        tags: w.tags,
        body: w.body,
        response: w.response,
        audit: audit('create'),
        onUnique,
        handler: w.create.handler as Handler<unknown, unknown>,
      }),
    );
  if (w.update)
    routes.push(
      defineMutation({
        method: 'put',
        path: entity.paths.item!,
        permission: entity.permissions.update!,
        summary: w.update.summary,
        tags: w.tags,
        params: w.params,
        body: w.body,
        response: w.response,
        audit: audit('update'),
        onUnique,
        handler: w.update.handler as Handler<unknown, unknown>,
      }),
    );
  if (w.remove)
    routes.push(
      defineMutation({
        method: 'delete',
        path: entity.paths.item!,
        permission: entity.permissions.delete!,
        summary: w.remove.summary,
        tags: w.tags,
        params: w.params,
        response: w.remove.response,
        audit: audit('delete'),
        handler: w.remove.handler as Handler<unknown, unknown>,
      }),
    );
  return routes;
}
