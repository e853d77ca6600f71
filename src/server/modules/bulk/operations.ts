import { sql } from 'drizzle-orm';
import { type BulkOperation, UNDO_WINDOW_MS } from '../../../contract/bulk.ts';
import { roleHolds } from '../../auth/permissions.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { isoTimestamp, queryRows } from '../../http/list.ts';
import type { SessionInfo } from '../../http/route.ts';

/**
 * The store of undoable bulk operations (`bulk_operations`), shared by every bulk action (the
 * persons' labels and deletes, the statements' review and return): one row per operation with its
 * author, what undo needs (`undo`, JSON) and the end of its undo window (UNDO_WINDOW_MS).
 */

const OPERATION_COLUMNS = sql`id, action, entity_type, affected, ${isoTimestamp(sql.raw('undo_until'))} AS undo_until,
  CASE WHEN undone_at IS NULL THEN NULL ELSE ${isoTimestamp(sql.raw('undone_at'))} END AS undone_at`;

/** The operation `id` as the API answers it. */
export async function readOperation(tx: Db, id: string): Promise<BulkOperation> {
  const [row] = await queryRows<BulkOperation>(
    tx,
    sql`SELECT ${OPERATION_COLUMNS} FROM bulk_operations WHERE id = ${id}`,
  );
  return { ...row!, affected: Number(row!.affected) };
}

/**
 * Stores operation `id` by the session's user, undoable until `windowMs` after `now` (default
 * UNDO_WINDOW_MS, the lists' 10 s; the issues' triage verbs keep theirs longer).
 */
export async function storeOperation(
  tx: Db,
  op: { id: string; action: string; entityType: string; affected: number; undo: unknown },
  session: SessionInfo | null,
  now: Date,
  windowMs: number = UNDO_WINDOW_MS,
): Promise<void> {
  await tx.execute(sql`INSERT INTO bulk_operations (id, user_id, action, entity_type, affected, undo, created_at, undo_until)
    VALUES (${op.id}, ${session!.user!.id}, ${op.action}, ${op.entityType}, ${op.affected},
      ${JSON.stringify(op.undo)}::jsonb, ${now.toISOString()}::timestamptz,
      ${new Date(now.getTime() + windowMs).toISOString()}::timestamptz)`);
}

/**
 * Locks operation `id` for its undo and gives back its entity type and undo data, after the checks
 * every undo makes: 404 unknown; 403 someone else's, or when the current role no longer holds
 * `permissionOf(entity_type)` (an author who switched to a read-only role cannot undo); 409
 * already undone; 410 past its undo window.
 */
export async function claimOperation<U>(
  tx: Db,
  id: string,
  session: SessionInfo | null,
  now: Date,
  permissionOf: (entityType: string) => string,
): Promise<{ entityType: string; undo: U }> {
  const [op] = await queryRows<{
    user_id: number;
    entity_type: string;
    undo: U | string;
    expired: boolean;
    undone: boolean;
  }>(
    tx,
    sql`SELECT user_id, entity_type, undo, undo_until < ${now.toISOString()}::timestamptz AS expired,
          undone_at IS NOT NULL AS undone
        FROM bulk_operations WHERE id = ${id} FOR UPDATE`,
  );
  if (!op) throw notFound('عملیات گروهی یافت نشد');
  if (op.user_id !== session?.user?.id)
    throw new HttpError(403, 'فقط کسی که این عملیات را انجام داده می‌تواند آن را برگرداند');
  if (!(await roleHolds(tx, session, permissionOf(op.entity_type))))
    throw new HttpError(
      403,
      'نقش کنونی شما اجازه این تغییر را ندارد؛ برای بازگرداندن آن نقشی با دسترسی ویرایش برگزینید',
    );
  if (op.undone) throw new HttpError(409, 'این عملیات پیش‌تر برگردانده شده است');
  if (op.expired)
    throw new HttpError(410, 'مهلت بازگرداندن این عملیات گذشته است؛ تغییرات را جداگانه برگردانید');
  return {
    entityType: op.entity_type,
    undo: typeof op.undo === 'string' ? (JSON.parse(op.undo) as U) : op.undo,
  };
}

/** Marks operation `id` undone at `now`. */
export const markUndone = (tx: Db, id: string, now: Date) =>
  tx.execute(sql`UPDATE bulk_operations SET undone_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`);
