import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { pgError, uniqueGuard } from '../db/pg-errors.ts';
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
   * The refusal when the write breaks a foreign key (the record it names was deleted between the
   * handler's own check and its write): a 422, never a 500. The transaction has rolled back.
   */
  onForeignKey?(ctx: RouteContext<Infer<PS>, Infer<QS>, Infer<BS>>): HttpError;
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
  const { audit, handler, onUnique, onForeignKey, ...route } = def;
  return defineRoute<PS, QS, BS>({
    ...route,
    handler: (ctx) => {
      const write = () =>
        ctx.db.transaction(async (tx) => {
          const out = await handler({ ...ctx, db: tx as unknown as Db });
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
      return onForeignKey ? foreignKeyGuard(guarded, () => onForeignKey(ctx)) : guarded();
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
