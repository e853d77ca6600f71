import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { deletedAnswer } from '../../contract/ids.ts';
import {
  OWNERS,
  type OwnedEntity,
  type OwnerType,
  ownedRowParams,
  ownedUnder,
  ownerIdParams,
  ownerTypesOf,
} from '../../contract/owners.ts';
import type { Db } from '../db/client.ts';
import { entityWrite, type WriteAction } from './entity-writes.ts';
import { type HttpError, notFound } from './errors.ts';
import { queryRows } from './list.ts';
import { defineMutation, type MutationOutcome } from './mutation.ts';
import { type AnyRoute, defineRoute, type RouteContext } from './route.ts';

/**
 * The routes of a sub-record of an owner (a legal or a true person: contract/owners.ts), from its
 * description's `owner`: for each owner kind, its list, one row, create, update and delete, as the
 * sub-record offers them. Every call first checks that the owner exists and is not deleted
 * (404 with the owner's Persian message); reads need the owner's view permission, writes its edit
 * permission. Writes are `defineMutation`s (one transaction, one audit row of the entity's name)
 * that lock the owner's row first, so writes to one owner's sub-records run one after another and
 * a delete of the owner waits for them.
 */

const TABLES: Record<OwnerType, string> = { legal: 'legal_persons', true: 'true_persons' };

/** The owner a call serves. */
export interface Owner {
  type: OwnerType;
  id: number;
}

/**
 * Throws 404 (Persian) unless `owner` exists and is not soft-deleted. With `lock` (inside a
 * transaction) the owner's row is locked until the transaction ends.
 */
export async function assertOwner(db: Db, owner: Owner, lock = false): Promise<void> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM ${sql.raw(TABLES[owner.type])} WHERE id = ${owner.id} AND deleted_at IS NULL ${sql.raw(lock ? 'FOR UPDATE' : '')}`,
  );
  if (!row) throw notFound(OWNERS[owner.type].notFound);
}

/** What a write is given: the request, `db` the transaction, the owner (checked and locked). */
export type OwnedWrite<B> = RouteContext<unknown, unknown, B> & { db: Db; owner: Owner };

export interface OwnedRoutesDef<CB extends z.ZodType, UB extends z.ZodType> {
  /**
   * The paths under each owner kind (contract/owners.ts `ownedUnder`) written again as literals in
   * the module, where a search for a path finds its declaration (tests/api/route-table.test.ts); a
   * difference throws at start.
   */
  paths: Partial<Record<OwnerType, { list: string; item: string }>>;
  tags: string[];
  /** The 404 of a row the owner does not have (`راه ارتباطی یافت نشد`). */
  notFound: string;
  /** One row as the API answers it. */
  row: z.ZodType;
  /** GET list: the owner's rows, in their order. */
  list?(db: Db, owner: Owner): Promise<unknown[]>;
  /** GET item: one row of the owner, or null. */
  read?(db: Db, owner: Owner, rowId: number): Promise<unknown | null>;
  /** POST list: `body` (multipart with `form`); `write` inserts and answers the new row. */
  create?: {
    body: CB;
    form?: boolean;
    write(ctx: OwnedWrite<z.output<CB>>): Promise<MutationOutcome<unknown>>;
  };
  /** PUT item: `write` changes row `rowId` and answers it, or null when the owner has no such row. */
  update?: {
    body: UB;
    write(ctx: OwnedWrite<z.output<UB>> & { rowId: number }): Promise<MutationOutcome<unknown> | null>;
  };
  /** DELETE item: deletes row `rowId` and gives what the audit row keeps of it, or null when there is none. */
  remove?(db: Db, owner: Owner, rowId: number): Promise<{ before: unknown } | null>;
  /** A write naming a record deleted meanwhile (a foreign key): the 422 (see defineMutation). */
  onForeignKey?(): HttpError;
}

/** The routes of sub-record `entity` under each of its owner kinds (see the file's comment). */
export function ownedRoutes<CB extends z.ZodType, UB extends z.ZodType>(
  entity: OwnedEntity,
  def: OwnedRoutesDef<CB, UB>,
): AnyRoute[] {
  const param = entity.owner!.param;
  const rowParams = ownedRowParams(param);
  const rowIdOf = (params: object) => (params as Record<string, number>)[param]!;
  const common = { tags: def.tags, onForeignKey: def.onForeignKey };
  return ownerTypesOf(entity).flatMap((type): AnyRoute[] => {
    const access = ownedUnder(entity, type);
    const { permissions, paths } = access;
    const declared = (action: WriteAction) => entityWrite({ name: entity.name, ...access }, action);
    const written = def.paths[type];
    if (written?.list !== paths.list || written.item !== paths.item)
      throw new Error(`${entity.name}: the paths under ${type} differ from its description`);
    const of = `${entity.name} of a ${type} person`;
    const owner = (params: object): Owner => ({ type, id: (params as { id: number }).id });
    const routes: AnyRoute[] = [];
    if (def.list) {
      const list = def.list;
      routes.push(
        defineRoute({
          method: 'get',
          path: paths.list,
          permission: permissions.list,
          summary: `The ${of}: every row`,
          tags: def.tags,
          params: ownerIdParams,
          response: z.array(def.row),
          async handler({ db, params }) {
            await assertOwner(db, owner(params));
            return list(db, owner(params));
          },
        }),
      );
    }
    if (def.read) {
      const read = def.read;
      routes.push(
        defineRoute({
          method: 'get',
          path: paths.item,
          permission: permissions.view,
          summary: `One ${of}`,
          tags: def.tags,
          params: rowParams,
          response: def.row,
          async handler({ db, params }) {
            await assertOwner(db, owner(params));
            const row = await read(db, owner(params), rowIdOf(params));
            if (!row) throw notFound(def.notFound);
            return row;
          },
        }),
      );
    }
    if (def.create) {
      const { body, form, write } = def.create;
      routes.push(
        defineMutation({
          ...common,
          ...declared('create'),
          summary: `Add a ${of}`,
          params: ownerIdParams,
          bodyType: form ? 'form' : undefined,
          body,
          response: def.row,
          async handler(ctx) {
            await assertOwner(ctx.db, owner(ctx.params), true);
            return write({ ...ctx, owner: owner(ctx.params) } as OwnedWrite<z.output<CB>>);
          },
        }),
      );
    }
    if (def.update) {
      const { body, write } = def.update;
      routes.push(
        defineMutation({
          ...common,
          ...declared('update'),
          summary: `Change a ${of}`,
          params: rowParams,
          body,
          response: def.row,
          async handler(ctx) {
            await assertOwner(ctx.db, owner(ctx.params), true);
            const mine = { ...ctx, owner: owner(ctx.params), rowId: rowIdOf(ctx.params) };
            const out = await write(mine as OwnedWrite<z.output<UB>> & { rowId: number });
            if (!out) throw notFound(def.notFound);
            return out;
          },
        }),
      );
    }
    if (def.remove) {
      const remove = def.remove;
      routes.push(
        defineMutation({
          ...declared('delete'),
          summary: `Delete a ${of}`,
          tags: def.tags,
          params: rowParams,
          response: deletedAnswer,
          async handler({ db, params }) {
            await assertOwner(db, owner(params), true);
            const gone = await remove(db, owner(params), rowIdOf(params));
            if (!gone) throw notFound(def.notFound);
            return { id: rowIdOf(params), before: gone.before, result: { deleted: true as const } };
          },
        }),
      );
    }
    return routes;
  });
}
