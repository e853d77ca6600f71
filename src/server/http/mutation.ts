import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { uniqueGuard } from '../db/pg-errors.ts';
import type { HttpError } from './errors.ts';
import { type AnyRoute, defineRoute, type RouteContext, type RouteDef } from './route.ts';

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

export interface MutationDef<
  PS extends z.ZodType | undefined,
  QS extends z.ZodType | undefined,
  BS extends z.ZodType | undefined,
> extends Omit<RouteDef<PS, QS, BS>, 'handler'> {
  /** The audit row every call writes: the entity type (`city`) and the action (`update`). */
  audit: { entity: string; action: string };
  /**
   * The refusal when the write breaks a unique constraint (a concurrent save won the race between
   * the handler's own check and its write): a 422, never a 500. The transaction has rolled back.
   */
  onUnique?(ctx: RouteContext<Infer<PS>, Infer<QS>, Infer<BS>>): HttpError;
  /**
   * Wraps the whole write (transaction and audit row) when a database error needs more than
   * `onUnique`: e.g. a foreign-key violation, or a refusal that must query again after the
   * rollback. It receives the write and the context, and returns or throws as the route answers.
   */
  guard?<T>(write: () => Promise<T>, ctx: RouteContext<Infer<PS>, Infer<QS>, Infer<BS>>): Promise<T>;
  /** Runs inside the transaction: `db` is the transaction. Throwing rolls everything back. */
  handler(ctx: RouteContext<Infer<PS>, Infer<QS>, Infer<BS>> & { db: Db }): Promise<MutationOutcome<unknown>>;
}

/**
 * Declares a route that changes state: the wrapper opens the transaction, runs the handler in
 * it and writes the audit row (entity, action, id, before/after, and the request's ip, user,
 * rid/oid and page path, as `ctx.audit` does) in the same transaction, so a handler can forget
 * neither and a failure leaves neither the change nor its audit row.
 */
export function defineMutation<
  PS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
>(def: MutationDef<PS, QS, BS>): AnyRoute {
  const { audit, handler, onUnique, guard, ...route } = def;
  return defineRoute<PS, QS, BS>({
    ...route,
    handler: (ctx) => {
      const write = () =>
        ctx.db.transaction(async (tx) => {
          const out = await handler({ ...ctx, db: tx as unknown as Db });
          if (out.unchanged) return out.result;
          await ctx.audit(tx as unknown as Db, {
            action: audit.action,
            entity: audit.entity,
            entityId: out.id,
            before: out.before ?? null,
            after: out.after ?? null,
          });
          return out.result;
        });
      const guarded = onUnique ? () => uniqueGuard(write, () => onUnique(ctx)) : write;
      return guard ? guard(guarded, ctx) : guarded();
    },
  });
}
