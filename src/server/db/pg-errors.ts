import { and, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type HttpError, invalid } from '../http/errors.ts';
import type { Db } from './client.ts';

/**
 * The PostgreSQL error code and constraint of `e` (drizzle wraps the driver's error in `cause`):
 * `23505` a unique violation, `23503` a foreign-key violation. `{}` for an error from elsewhere.
 */
export function pgError(e: unknown): { code?: string; constraint?: string } {
  const err = e as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if (err?.cause?.code) return err.cause;
  return err ?? {};
}

/**
 * Runs `write`; a unique violation (a concurrent save won the race between the check and the
 * write) becomes `onUnique`'s 422, never a 500. The transaction has rolled back by then.
 */
export async function uniqueGuard<T>(write: () => Promise<T>, onUnique: () => HttpError): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (pgError(e).code === '23505') throw onUnique();
    throw e;
  }
}

/**
 * Throws a 422 with `message` on `name` when a row of `table` other than `selfId` (null: none,
 * for a new row) has `name`, compared without case (the table's unique constraint on the name itself
 * is the last guard, against a concurrent save: see uniqueGuard).
 */
export async function checkNameFree(
  db: Db,
  table: PgTable & { id: AnyPgColumn; name: AnyPgColumn },
  name: string,
  selfId: number | null,
  message: string,
): Promise<void> {
  const [row] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(sql`lower(${table.name}) = lower(${name})`, ne(table.id, selfId ?? 0)))
    .limit(1);
  if (row) throw invalid({ name: [message] });
}
