import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { BULK_CAP, type BulkAction, type BulkOperation } from '../../../contract/bulk.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import type { Db } from '../../db/client.ts';
import { HttpError, invalid, notFound } from '../../http/errors.ts';
import { isoTimestamp, type ListSpec, listPage, queryRows } from '../../http/list.ts';
import type { AuditBatch, MutationRows } from '../../http/mutation.ts';
import type { SessionInfo } from '../../http/route.ts';
import { revertStatementMoves, STATEMENT_BULK_PERMISSION, type StatementMovesUndo } from '../finance/bulk.ts';
import type { IssueBulkUndo } from '../issues/bulk-fields.ts';
import { ISSUE_BULK_PERMISSION, revertIssueBulk } from '../issues/bulk-undo.ts';
import { legalPersonsList, truePersonsList } from '../persons/lists.ts';
import { claimOperation, markUndone, readOperation, storeOperation } from './operations.ts';

/**
 * Bulk actions on persons (label, unlabel, soft delete) and their undo, as plain functions over
 * one transaction `tx` (the route's defineMutation), giving back the audit rows for the wrapper to
 * write. Each affected record gets its own audit row (entity `legal_person` / `true_person`,
 * entity_id the record), so the record's history tab shows it:
 * - `bulk_label`:   before `{ label: null }`, after `{ label: name }`;
 * - `bulk_unlabel`: before `{ label: name }`, after `{ label: null }`;
 * - `bulk_delete`:  before `{ deleted_at: null }`, after `{ deleted_at: ISO }`;
 * and their reverts `undo_label`, `undo_unlabel`, `undo_delete` with before/after swapped. Both
 * sides also carry `bulk_operation` (the operation's id). The rows are one `AuditBatch`
 * (http/mutation.ts: one INSERT … SELECT unnest(ids)), so 100,000 records cost one statement.
 */

export type BulkEntity = 'legal_person' | 'true_person';

interface Target {
  table: string;
  list: ListSpec;
  /** The list's id column in its FROM clause. */
  idExpr: string;
}

/** The permission a bulk action on each entity needs, and so its undo too. */
export const BULK_PERMISSION: Record<BulkEntity, string> = {
  legal_person: 'person.legal.edit',
  true_person: 'person.true.edit',
};

const TARGETS: Record<BulkEntity, Target> = {
  legal_person: { table: 'legal_persons', list: legalPersonsList, idExpr: 'lp.id' },
  true_person: { table: 'true_persons', list: truePersonsList, idExpr: 'tp.id' },
};

/** What undo needs, stored in bulk_operations.undo. */
type UndoData =
  | StatementMovesUndo
  | IssueBulkUndo
  | { action: 'label'; labelId: number; labelName: string; ids: number[] }
  | { action: 'unlabel'; labelId: number; labelName: string; ids: number[]; at: string[] }
  | { action: 'delete'; ids: number[]; deletedAt: string };

export interface BulkRequest {
  entity: BulkEntity;
  action: BulkAction;
  labelId?: number;
  ids?: number[];
  /** The list query (q, advanceFilter, plain filters) whose every matching row is the selection. */
  all?: Record<string, unknown>;
}

const ints = (ids: number[]) => sql`${sql.param(ids)}::int[]`;

/** The live (not deleted) records among `ids`. */
async function liveIds(tx: Db, t: Target, ids: number[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM ${sql.raw(t.table)} WHERE id = ANY(${ints([...new Set(ids)])}) AND deleted_at IS NULL ORDER BY id`,
  );
  return rows.map((r) => Number(r.id));
}

/** Every record the list query `all` matches (the list's own filters); 422 past BULK_CAP. */
async function matchingIds(tx: Db, t: Target, all: Record<string, unknown>): Promise<number[]> {
  const parsed = listQuerySchema.safeParse({ ...all, page: 1, per_page: 1 });
  if (!parsed.success) throw invalid({ all: ['پرس‌وجوی فهرست معتبر نیست'] });
  const spec: ListSpec = { ...t.list, select: sql.raw(`${t.idExpr} AS id`) };
  const page = await listPage<{ id: number }>(tx, spec, {
    ...parsed.data,
    cursor: undefined,
    sortBy: undefined,
    descending: undefined,
    page: 1,
    per_page: BULK_CAP + 1,
  });
  if (page.total > BULK_CAP) {
    throw invalid(
      {
        all: [
          `این فیلتر ${page.total.toLocaleString('fa-IR')} ردیف دارد؛ حداکثر ${BULK_CAP.toLocaleString('fa-IR')} ردیف در یک عملیات`,
        ],
      },
      'تعداد ردیف‌ها بیش از حد مجاز است',
    );
  }
  return page.data.map((r) => Number(r.id));
}

/** The label `labelId` (422 on `labelId` when unknown; when `entity` is given, it must apply to it). */
async function labelFor(tx: Db, labelId: number, entity?: BulkEntity) {
  const [label] = await queryRows<{ id: number; name: string; object_types: string[] }>(
    tx,
    sql`SELECT id, name, object_types FROM labels WHERE id = ${labelId}`,
  );
  if (!label) throw invalid({ labelId: ['برچسب یافت نشد'] });
  if (entity && !label.object_types.includes(entity)) {
    const what = entity === 'legal_person' ? 'اشخاص حقوقی' : 'اشخاص حقیقی';
    throw invalid({ labelId: [`برچسب «${label.name}» برای ${what} تعریف نشده است`] });
  }
  return label;
}

/** One audit row per id, `action` on `entity`, the same before/after for each. */
const auditEach = (
  entity: BulkEntity,
  action: string,
  entityIds: number[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditBatch => ({ action, entity, entityIds, before, after });

/**
 * Runs one bulk action in `tx` and stores it for undo → `{ operation }` and the audit batch of the
 * records it changed. Throws 422 (unknown label, label not for this record type, `all` past
 * BULK_CAP or not a valid list query) or 404 (none of `ids` is a live record) before writing
 * anything.
 */
export async function runBulk(
  tx: Db,
  req: BulkRequest,
  session: SessionInfo | null,
  now: Date,
): Promise<MutationRows<{ operation: BulkOperation }>> {
  const t = TARGETS[req.entity];
  const ids = req.all ? await matchingIds(tx, t, req.all) : await liveIds(tx, t, req.ids ?? []);
  if (!req.all && ids.length === 0) throw notFound('هیچ‌یک از ردیف‌های انتخاب‌شده یافت نشد');
  const opId = randomUUID();
  const tag = { bulk_operation: opId };
  let undo: UndoData;
  let audit: AuditBatch;
  if (req.action === 'delete') {
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE ${sql.raw(t.table)} SET deleted_at = ${now.toISOString()}::timestamptz
          WHERE id = ANY(${ints(ids)}) AND deleted_at IS NULL RETURNING id`,
    );
    const done = rows.map((r) => Number(r.id));
    undo = { action: 'delete', ids: done, deletedAt: now.toISOString() };
    audit = auditEach(
      req.entity,
      'bulk_delete',
      done,
      { ...tag, deleted_at: null },
      { ...tag, deleted_at: now.toISOString() },
    );
  } else {
    const label = await labelFor(tx, req.labelId!, req.action === 'label' ? req.entity : undefined);
    if (req.action === 'label') {
      const rows = await queryRows<{ entity_id: number }>(
        tx,
        sql`INSERT INTO entity_labels (label_id, entity_type, entity_id, created_at)
            SELECT ${label.id}::int, ${req.entity}, x.id, ${now.toISOString()}::timestamptz FROM unnest(${ints(ids)}) AS x(id)
            ON CONFLICT DO NOTHING RETURNING entity_id`,
      );
      const done = rows.map((r) => Number(r.entity_id));
      undo = { action: 'label', labelId: label.id, labelName: label.name, ids: done };
      audit = auditEach(
        req.entity,
        'bulk_label',
        done,
        { ...tag, label: null },
        { ...tag, label: label.name },
      );
    } else {
      const rows = await queryRows<{ entity_id: number; at: string }>(
        tx,
        sql`DELETE FROM entity_labels WHERE label_id = ${label.id} AND entity_type = ${req.entity}
              AND entity_id = ANY(${ints(ids)})
            RETURNING entity_id, ${isoTimestamp(sql.raw('created_at'))} AS at`,
      );
      const done = rows.map((r) => Number(r.entity_id));
      undo = {
        action: 'unlabel',
        labelId: label.id,
        labelName: label.name,
        ids: done,
        at: rows.map((r) => r.at),
      };
      audit = auditEach(
        req.entity,
        'bulk_unlabel',
        done,
        { ...tag, label: label.name },
        { ...tag, label: null },
      );
    }
  }
  await storeOperation(
    tx,
    { id: opId, action: req.action, entityType: req.entity, affected: undo.ids.length, undo },
    session,
    now,
  );
  return { audits: [audit], result: { operation: await readOperation(tx, opId) } };
}

/**
 * Reverts the bulk operation `id` in `tx` → `{ operation }` and the audit batch: labels it set
 * are removed, labels it removed are set again (with their first date), records it deleted are
 * restored (those still deleted by it).
 * 404 unknown; 403 someone else's, or when the current role no longer holds the permission the
 * action needed (BULK_PERMISSION: an author who switched to a read-only role cannot undo); 409
 * already undone or its label deleted since; 410 past undo_until.
 */
export async function undoBulk(
  tx: Db,
  id: string,
  session: SessionInfo | null,
  now: Date,
): Promise<MutationRows<{ operation: BulkOperation }>> {
  const claimed = await claimOperation<UndoData>(tx, id, session, now, (e) => {
    const permission =
      BULK_PERMISSION[e as BulkEntity] ?? STATEMENT_BULK_PERMISSION[e] ?? ISSUE_BULK_PERMISSION[e];
    if (!permission) throw new HttpError(409, 'این عملیات برگرداندنی نیست');
    return permission;
  });
  const u = claimed.undo;
  const tag = { bulk_operation: id };
  if (u.action === 'statement_move' || u.action === 'issue_bulk') {
    const audits =
      u.action === 'statement_move'
        ? await revertStatementMoves(tx, u, tag)
        : await revertIssueBulk(tx, u, tag, now);
    await markUndone(tx, id, now);
    return { audits, result: { operation: await readOperation(tx, id) } };
  }
  const op = { entity_type: claimed.entityType as BulkEntity };
  const t = TARGETS[op.entity_type];
  const run = async (q: SQL) => (await queryRows<{ id: number }>(tx, q)).map((r) => Number(r.id));
  let audit: AuditBatch;
  if (u.action === 'delete') {
    const ids = await run(sql`UPDATE ${sql.raw(t.table)} SET deleted_at = NULL
      WHERE id = ANY(${ints(u.ids)}) AND deleted_at = ${u.deletedAt}::timestamptz RETURNING id`);
    audit = auditEach(
      op.entity_type,
      'undo_delete',
      ids,
      { ...tag, deleted_at: u.deletedAt },
      { ...tag, deleted_at: null },
    );
  } else if (u.action === 'label') {
    const ids =
      await run(sql`DELETE FROM entity_labels WHERE label_id = ${u.labelId} AND entity_type = ${op.entity_type}
      AND entity_id = ANY(${ints(u.ids)}) RETURNING entity_id AS id`);
    audit = auditEach(
      op.entity_type,
      'undo_label',
      ids,
      { ...tag, label: u.labelName },
      { ...tag, label: null },
    );
  } else {
    const [label] = await queryRows<{ id: number }>(tx, sql`SELECT id FROM labels WHERE id = ${u.labelId}`);
    if (!label)
      throw new HttpError(409, 'برچسب این عملیات در این فاصله حذف شده است و نمی‌توان آن را برگرداند');
    const ids = await run(sql`INSERT INTO entity_labels (label_id, entity_type, entity_id, created_at)
      SELECT ${u.labelId}::int, ${op.entity_type}, x.id, x.at::timestamptz
      FROM unnest(${ints(u.ids)}, ${sql.param(u.at)}::text[]) AS x(id, at)
      ON CONFLICT DO NOTHING RETURNING entity_id AS id`);
    audit = auditEach(
      op.entity_type,
      'undo_unlabel',
      ids,
      { ...tag, label: null },
      { ...tag, label: u.labelName },
    );
  }
  await markUndone(tx, id, now);
  return { audits: [audit], result: { operation: await readOperation(tx, id) } };
}
