import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { pgError, uniqueGuard } from '../db/pg-errors.ts';
import type { HttpError } from './errors.ts';
import { type AnyRoute, type AuditEntry, defineRoute, type RouteContext, type RouteDef } from './route.ts';

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a mutation's handler gives back: the record it changed, its states for the audit row, and the answer. */
export interface MutationOutcome<R> {
  /** The changed record's id (the audit row's entity id). */
  id: number | string;
  /** The record before and after, under the API's field names (null when created or deleted). */
  before?: unknown;
  after?: unknown;
  /** The answer's `data`. */
  result: R;
  /** Nothing changed (a save of the values already stored): no audit row is written. */
  unchanged?: boolean;
}

/**
 * One audit row per id of `entityIds`, all with the same action, entity, before and after (a
 * bulk action on 100,000 records): written with one INSERT … SELECT unnest, not one per row.
 */
export interface AuditBatch extends Omit<AuditEntry, 'entityId'> {
  entityIds: readonly number[];
}

/**
 * What a handler gives back when a call writes another number of audit rows than one: each row
 * names its own entity and action (a board and its seats, one row per imported person), a batch
 * writes one per id, and an empty list means the call changed nothing (saving unchanged data,
 * marking seen what was seen). Rows are written in order, in the mutation's transaction.
 */
export interface MutationRows<R> {
  audits: readonly (AuditEntry | AuditBatch)[];
  /** The answer's `data`. */
  result: R;
}

/** The context of a mutation's parts: the route's, with the value `prepare` gave (undefined without one). */
export type MutationContext<PS, QS, BS, P> = RouteContext<Infer<PS>, Infer<QS>, Infer<BS>> & { prepared: P };

export interface MutationDef<
  PS extends z.ZodType | undefined,
  QS extends z.ZodType | undefined,
  BS extends z.ZodType | undefined,
  P = undefined,
> extends Omit<RouteDef<PS, QS, BS>, 'handler'> {
  /**
   * The audit row every call writes: the entity type (`city`) and the action (`update`). Required
   * when the handler answers a `MutationOutcome`; a handler answering `MutationRows` names each
   * row's entity and action itself, and may leave this out.
   */
  audit?: { entity: string; action: string };
  /**
   * The refusal when the write breaks a unique constraint (a concurrent save won the race between
   * the handler's own check and its write): a 422, never a 500. The transaction has rolled back.
   */
  onUnique?(ctx: MutationContext<PS, QS, BS, P>): HttpError;
  /**
   * The refusal when the write breaks a foreign key (the record it names was deleted between the
   * handler's own check and its write): a 422, never a 500. The transaction has rolled back.
   */
  onForeignKey?(ctx: MutationContext<PS, QS, BS, P>): HttpError;
  /**
   * Wraps the whole write (the transaction and its rollback), for refusals `onUnique` and
   * `onForeignKey` cannot give: checks run again outside the
   * rolled-back transaction to report a lost race as they would. `write` runs the transaction.
   */
  guard?<T>(write: () => Promise<T>, ctx: MutationContext<PS, QS, BS, P>): Promise<T>;
  /**
   * Runs before the transaction, on the request's own connection: checks whose refusal must keep
   * what it wrote (a throttle counter, the login log: a rollback would erase it), and slow work
   * that should not hold the transaction open (hashing a password, reading a spreadsheet). What it
   * returns reaches the other parts as `ctx.prepared`. Nothing it writes is audited.
   */
  prepare?(ctx: RouteContext<Infer<PS>, Infer<QS>, Infer<BS>>): Promise<P>;
  /** Runs inside the transaction: `db` is the transaction. Throwing rolls everything back. */
  handler(
    ctx: MutationContext<PS, QS, BS, P> & { db: Db },
  ): Promise<MutationOutcome<unknown> | MutationRows<unknown>>;
  /**
   * Runs after the commit, with the answer: what must not happen unless the change is in and must
   * use the request's own connection (renewing the session cookie after a password change).
   */
  afterCommit?(ctx: MutationContext<PS, QS, BS, P>, result: unknown): Promise<void>;
}

/** Writes a batch's rows (one per id) in `tx`, with the request's user, role and metadata, as `ctx.audit` does. */
async function writeBatch(
  tx: Db,
  ctx: RouteContext<unknown, unknown, unknown>,
  b: AuditBatch,
): Promise<void> {
  if (b.entityIds.length === 0) return;
  const { session, meta } = ctx;
  await tx.execute(sql`INSERT INTO audit_log (user_id, role_id, action, entity, entity_id, before, after, rid, oid, page_path, ip)
    SELECT ${session?.user?.id ?? null}::int, ${session?.role?.id ?? null}::int, ${b.action}, ${b.entity}, x.id::text,
      ${JSON.stringify(b.before ?? null)}::jsonb, ${JSON.stringify(b.after ?? null)}::jsonb,
      ${meta.rid}::text, ${meta.oid}::text, ${meta.pagePath}::text, ${meta.ip}::text
    FROM unnest(${sql.param(b.entityIds)}::int[]) AS x(id)`);
}

/**
 * Declares a route that changes state: the wrapper opens the transaction, runs the handler in
 * it and writes the audit row (entity, action, id, before/after, and the request's ip, user,
 * rid/oid and page path, as `ctx.audit` does) in the same transaction, so a handler can forget
 * neither and a failure leaves neither the change nor its audit row. A handler may instead give
 * back `MutationRows` (none, several or a batch of audit rows); `prepare` and `afterCommit` hold
 * what must run before the transaction or after its commit.
 */
export function defineMutation<
  PS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
  P = undefined,
>(def: MutationDef<PS, QS, BS, P>): AnyRoute {
  const { audit, handler, onUnique, onForeignKey, guard, prepare, afterCommit, ...route } = def;
  return defineRoute<PS, QS, BS>({
    ...route,
    handler: async (routeCtx) => {
      const prepared = (prepare ? await prepare(routeCtx) : undefined) as P;
      const ctx: MutationContext<PS, QS, BS, P> = { ...routeCtx, prepared };
      const write = () =>
        ctx.db.transaction(async (t) => {
          const tx = t as unknown as Db;
          const out = await handler({ ...ctx, db: tx });
          if ('audits' in out) {
            for (const row of out.audits) {
              if ('entityIds' in row) await writeBatch(tx, ctx, row);
              else await ctx.audit(tx, row);
            }
            return out.result;
          }
          if (out.unchanged) return out.result;
          if (!audit)
            throw new Error(`${route.method} ${route.path}: a MutationOutcome needs the mutation's audit`);
          await ctx.audit(tx, {
            action: audit.action,
            entity: audit.entity,
            entityId: out.id,
            before: out.before ?? null,
            after: out.after ?? null,
          });
          return out.result;
        });
      const unique = onUnique ? () => uniqueGuard(write, () => onUnique(ctx)) : write;
      const keyed = onForeignKey ? () => foreignKeyGuard(unique, () => onForeignKey(ctx)) : unique;
      const result = await (guard ? guard(keyed, ctx) : keyed());
      if (afterCommit) await afterCommit(ctx, result);
      return result;
    },
  });
}

/** Runs `write`; a foreign-key violation becomes `refusal`'s error (see `onForeignKey`). */
async function foreignKeyGuard<T>(write: () => Promise<T>, refusal: () => HttpError): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (pgError(e).code === '23503') throw refusal();
    throw e;
  }
}
