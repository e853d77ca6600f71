import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BULK_CAP, bulkAllQuery, bulkOperation } from '../../../contract/bulk.ts';
import { MAX_ID } from '../../../contract/ids.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import { entryMatrixEntity, matrixYears } from '../../../contract/statement-matrix.ts';
import type { EntryState } from '../../../domain/finance/statement-entry.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { entityListSpec } from '../../http/entity-list.ts';
import { invalid } from '../../http/errors.ts';
import { listPage, queryRows } from '../../http/list.ts';
import { type AuditBatch, defineMutation } from '../../http/mutation.ts';
import { readOperation, storeOperation } from '../bulk/operations.ts';
import { matrixSource } from './matrix.ts';
import { moveNote, moveStatements, type ReviewMove, userOf } from './moves.ts';
import { REVIEW_PERMISSION } from './statements.ts';

/**
 * Bulk review and return of annual statements from the entry-state matrix, undoable for
 * UNDO_WINDOW_MS like the lists' bulk actions (the operation is stored in `bulk_operations`; its
 * undo runs through POST /api/bulk-operations/:id/undo).
 */

/** The permission undoing a statements' bulk operation needs (its entity type → permission). */
export const STATEMENT_BULK_PERMISSION: Readonly<Record<string, string>> = {
  financial_statement: REVIEW_PERMISSION,
};

/** What undo needs: the statements moved, the state each left, and each move's row. */
export interface StatementMovesUndo {
  action: 'statement_move';
  move: ReviewMove;
  ids: number[];
  before: EntryState[];
  after: EntryState;
  moveIds: number[];
}

/**
 * Reverts a bulk move (`u`) in `tx`: each statement still in the state the move left it in, whose
 * latest move is still that move, goes back to the state it had and the move's row is deleted
 * (the undo's own audit rows keep the record). Statements moved again since are left as they are.
 * Gives the audit rows (`undo_review` / `undo_return`), one batch per state restored.
 */
export async function revertStatementMoves(
  tx: Db,
  u: StatementMovesUndo,
  tag: Record<string, unknown>,
): Promise<AuditBatch[]> {
  const reverted = await queryRows<{ id: number; before: EntryState }>(
    tx,
    sql`WITH m AS (
          SELECT * FROM unnest(${sql.param(u.ids)}::int[], ${sql.param(u.moveIds)}::int[], ${sql.param(u.before)}::text[])
            AS m(id, move_id, before)),
        ok AS (
          SELECT m.* FROM m JOIN financial_statements fs ON fs.id = m.id AND fs.entry_state = ${u.after}
          WHERE m.move_id = (SELECT max(id) FROM financial_statement_moves WHERE statement_id = m.id)
          FOR UPDATE OF fs),
        gone AS (DELETE FROM financial_statement_moves WHERE id IN (SELECT move_id FROM ok))
        UPDATE financial_statements fs SET entry_state = ok.before, version = fs.version + 1, updated_at = now()
        FROM ok WHERE fs.id = ok.id RETURNING fs.id, ok.before`,
  );
  const byState = new Map<EntryState, number[]>();
  for (const r of reverted) byState.set(r.before, [...(byState.get(r.before) ?? []), Number(r.id)]);
  return [...byState].map(([before, ids]) => ({
    action: `undo_${u.move.toLowerCase()}`,
    entity: 'financial_statement',
    entityIds: ids,
    before: { ...tag, entry_state: u.after },
    after: { ...tag, entry_state: before },
  }));
}

const bulkMoveInput = (move: ReviewMove) =>
  z
    .object({
      ids: z
        .array(z.number().int().positive().max(MAX_ID), { error: 'فهرست شرکت‌ها نامعتبر است' })
        .min(1, 'دست‌کم یک شرکت را انتخاب کنید')
        .max(BULK_CAP)
        .optional(),
      all: bulkAllQuery.optional(),
      /** Statements chosen cell by cell in the matrix (any years); `fiscal_year` is then not asked. */
      statement_ids: z
        .array(z.number().int().positive().max(MAX_ID), { error: 'فهرست صورت‌های مالی نامعتبر است' })
        .min(1, 'دست‌کم یک صورت مالی را انتخاب کنید')
        .max(BULK_CAP)
        .optional(),
      fiscal_year: matrixYears.shape.from_year.optional(),
      ...(move === 'RETURN' ? { note: moveNote } : {}),
    })
    .superRefine((v, ctx) => {
      const targets = [v.ids, v.all, v.statement_ids].filter((t) => t !== undefined).length;
      if (targets !== 1)
        ctx.addIssue({
          code: 'custom',
          path: ['ids'],
          message: 'شرکت‌ها یا خانه‌های جدول را انتخاب کنید، یا «همه موارد» را بفرستید',
        });
      if (v.statement_ids === undefined && v.fiscal_year === undefined)
        ctx.addIssue({ code: 'custom', path: ['fiscal_year'], message: 'سال مالی را انتخاب کنید' });
    });

/** The live companies among `ids`, or every company the matrix query `all` matches (422 past BULK_CAP). */
async function companiesOf(
  tx: Db,
  body: { ids?: number[]; all?: Record<string, unknown> },
): Promise<number[]> {
  if (body.ids)
    return (
      await queryRows<{ id: number }>(
        tx,
        sql`SELECT id FROM legal_persons WHERE id = ANY(${sql.param(body.ids)}::int[]) AND deleted_at IS NULL`,
      )
    ).map((r) => Number(r.id));
  const parsed = listQuerySchema.extend(matrixYears.shape).safeParse({ ...body.all, page: 1, per_page: 1 });
  if (!parsed.success) throw invalid({ all: ['پرس‌وجوی فهرست معتبر نیست'] });
  const { from_year, to_year } = parsed.data;
  const spec = {
    ...entityListSpec(entryMatrixEntity, matrixSource(from_year, to_year)),
    select: sql.raw('lp.id AS id'),
  };
  const page = await listPage<{ id: number }>(tx, spec, {
    ...parsed.data,
    cursor: undefined,
    page: 1,
    per_page: BULK_CAP + 1,
  });
  if (page.total > BULK_CAP) throw invalid({ all: ['تعداد شرکت‌ها بیش از حد مجاز است'] });
  return page.data.map((r) => Number(r.id));
}

/** The states a bulk move takes statements from, and its words. */
const MOVES = {
  REVIEW: { from: ['submitted'], fa: 'ارسال‌شده', done: 'بررسی‌شده ثبت شد' },
  RETURN: { from: ['submitted', 'reviewed'], fa: 'ارسال‌شده یا بررسی‌شده', done: 'برای اصلاح برگشت داده شد' },
} as const;

const bulkAnswer = z.object({ operation: bulkOperation, moved: z.number().int(), skipped: z.number().int() });

const bulkMove = (move: 'REVIEW' | 'RETURN', path: string, summary: string) =>
  defineMutation({
    method: 'post',
    path,
    permission: REVIEW_PERMISSION,
    summary,
    tags: ['performance'],
    body: bulkMoveInput(move),
    response: bulkAnswer,
    async handler({ db, body, session, deps }) {
      const now = deps.now();
      const from = sql.param([...MOVES[move].from]);
      const companies = body.statement_ids ? null : await companiesOf(db, body);
      const eligible = body.statement_ids
        ? await queryRows<{ id: number }>(
            db,
            sql`SELECT fs.id FROM financial_statements fs JOIN legal_persons lp ON lp.id = fs.legal_person_id
                WHERE fs.id = ANY(${sql.param(body.statement_ids)}::int[]) AND fs.period_months = 12
                  AND lp.deleted_at IS NULL AND fs.entry_state = ANY(${from}::text[])
                ORDER BY fs.id`,
          )
        : await queryRows<{ id: number }>(
            db,
            sql`SELECT fs.id FROM financial_statements fs
                WHERE fs.legal_person_id = ANY(${sql.param(companies!)}::int[])
                  AND fs.period_months = 12 AND fs.fiscal_year = ${body.fiscal_year!}
                  AND fs.entry_state = ANY(${from}::text[])
                ORDER BY fs.id`,
          );
      if (eligible.length === 0)
        throw invalid({
          ids: [
            body.statement_ids
              ? `هیچ‌یک از صورت‌های مالی انتخاب‌شده ${MOVES[move].fa} نیست`
              : `هیچ‌یک از صورت‌های مالی سال ${toPersianDigits(body.fiscal_year!)} شرکت‌های انتخاب‌شده ${MOVES[move].fa} نیست`,
          ],
        });
      const note = (body as { note?: string }).note ?? null;
      const moved = await moveStatements(
        db,
        eligible.map((r) => Number(r.id)),
        move,
        userOf(session),
        note,
        now.toISOString(),
      );
      const opId = randomUUID();
      const undo: StatementMovesUndo = {
        action: 'statement_move',
        move,
        ids: moved.map((m) => m.id),
        before: moved.map((m) => m.before),
        after: moved[0]!.after,
        moveIds: moved.map((m) => m.moveId),
      };
      await storeOperation(
        db,
        {
          id: opId,
          action: move.toLowerCase(),
          entityType: 'financial_statement',
          affected: moved.length,
          undo,
        },
        session,
        now,
      );
      const tag = { bulk_operation: opId };
      const audits: AuditBatch[] = [...new Set(undo.before)].map((before) => ({
        action: `bulk_${move.toLowerCase()}`,
        entity: 'financial_statement',
        entityIds: moved.filter((m) => m.before === before).map((m) => m.id),
        before: { ...tag, entry_state: before },
        after: { ...tag, entry_state: undo.after, note },
      }));
      return {
        audits,
        result: {
          operation: await readOperation(db, opId),
          moved: moved.length,
          // chosen companies (or cells) without a statement in a state this move takes
          skipped: (companies ?? body.statement_ids!).length - moved.length,
        },
      };
    },
  });

export const bulkMoveRoutes = [
  /**
   * POST /api/performance/financial-statements/bulk/review (financial.statements.review) —
   * `{ ids | all, fiscal_year }`: the annual statements of `fiscal_year` of the companies chosen
   * (company ids, or every company the matrix query `all` matches, with its `from_year`/`to_year`),
   * or `{ statement_ids }`: the statements chosen cell by cell (any years), that are submitted →
   * reviewed, in one transaction, each audited (`bulk_review`) →
   * `{ operation, moved, skipped }` (skipped: chosen companies without a submitted statement that
   * year). Undo within 10 s: POST /api/bulk-operations/:id/undo. 422 (Persian) when none is
   * submitted, on a bad body, or past BULK_CAP companies.
   */
  bulkMove(
    'REVIEW',
    '/api/performance/financial-statements/bulk/review',
    'Mark statements reviewed in bulk (undoable for 10 s)',
  ),
  /**
   * POST /api/performance/financial-statements/bulk/return (financial.statements.review) —
   * `{ ids | all, fiscal_year, note }` or `{ statement_ids, note }` (the note required): submitted or reviewed annual
   * statements of that year → returned for correction, as bulk/review (audited `bulk_return`).
   */
  bulkMove(
    'RETURN',
    '/api/performance/financial-statements/bulk/return',
    'Return statements for correction in bulk, with a note (undoable for 10 s)',
  ),
];
