import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { positiveId } from '../../../contract/ids.ts';
import {
  applyMove,
  ENTRY_STATE_LABELS_FA,
  type EntryState,
  type StatementEntryEvent,
} from '../../../domain/finance/statement-entry.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound, unauthorized } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { defineMutation } from '../../http/mutation.ts';
import type { SessionInfo } from '../../http/route.ts';
import { EDIT_PERMISSION, REVIEW_PERMISSION } from './statements.ts';

/** The moves made from the view and the matrix (a save is the entry form's: see entry.ts). */
export type ReviewMove = 'SUBMIT' | 'REVIEW' | 'RETURN';

/** A RETURN's note: required, trimmed, at most 1,000 characters. */
export const moveNote = z
  .string({ error: 'علت برگشت را بنویسید' })
  .trim()
  .min(1, 'علت برگشت را بنویسید')
  .max(1000, 'یادداشت حداکثر ۱۰۰۰ نویسه است');

interface StoredEntry {
  id: number;
  entry_state: EntryState;
  checks_passed: boolean;
  filed_at: string | null;
}

const REFUSED_FA: Record<ReviewMove, string> = {
  SUBMIT: 'فقط پیش‌نویسی که کنترل‌هایش برقرار است ارسال می‌شود',
  REVIEW: 'فقط صورت مالی ارسال‌شده بررسی می‌شود',
  RETURN: 'فقط صورت مالی ارسال‌شده یا بررسی‌شده برگشت داده می‌شود',
};

/**
 * Applies one move to each statement of `ids` (locked FOR UPDATE, in id order) through the entry
 * statechart (domain/finance/statement-entry.ts `applyMove`): stores the new state, appends the
 * move (who, when, note), sets `filed_at` on a first submission. All or nothing: a statement the
 * machine refuses the move for throws a 409 naming its state, and the caller's transaction rolls
 * back. Returns each statement's state before and after and the id of its move row, for the audit
 * rows and undo.
 */
export async function moveStatements(
  db: Db,
  ids: readonly number[],
  move: ReviewMove,
  by: number,
  note: string | null,
  at = new Date().toISOString(),
): Promise<{ id: number; before: EntryState; after: EntryState; moveId: number }[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<StoredEntry>(
    db,
    sql`SELECT fs.id, fs.entry_state, fs.checks_passed, fs.filed_at::text FROM financial_statements fs
        JOIN legal_persons lp ON lp.id = fs.legal_person_id AND lp.deleted_at IS NULL
        WHERE fs.id = ANY(${`{${ids.join(',')}}`}::int[]) ORDER BY fs.id FOR UPDATE OF fs`,
  );
  if (rows.length !== new Set(ids).size) throw notFound('صورت مالی یافت نشد');
  const out: { id: number; before: EntryState; after: EntryState; moveId: number }[] = [];
  for (const row of rows) {
    const event = { type: move, by, at, note } as StatementEntryEvent;
    const next = applyMove({ state: row.entry_state, checksPassed: row.checks_passed, history: [] }, event);
    if (!next)
      throw conflict(
        `${REFUSED_FA[move]}؛ وضعیت صورت مالی شماره ${row.id} «${ENTRY_STATE_LABELS_FA[row.entry_state]}» است.`,
      );
    out.push({ id: row.id, before: row.entry_state, after: next.state, moveId: 0 });
  }
  const list = `{${out.map((o) => o.id).join(',')}}`;
  const to = out[0]!.after;
  await db.execute(
    sql`UPDATE financial_statements SET entry_state = ${to}, version = version + 1, updated_at = now(),
          filed_at = CASE WHEN ${move === 'SUBMIT'} AND filed_at IS NULL THEN ${at}::timestamptz ELSE filed_at END
        WHERE id = ANY(${list}::int[])`,
  );
  const inserted = await queryRows<{ id: number; statement_id: number }>(
    db,
    sql`INSERT INTO financial_statement_moves (statement_id, from_state, to_state, by_user_id, at, note)
        SELECT s.id, s.from_state, ${to}, ${by}, ${at}::timestamptz, ${note}
        FROM unnest(${list}::int[], ${`{${out.map((o) => o.before).join(',')}}`}::text[]) AS s(id, from_state)
        RETURNING id, statement_id`,
  );
  const moveOf = new Map(inserted.map((m) => [Number(m.statement_id), Number(m.id)]));
  for (const o of out) o.moveId = moveOf.get(o.id)!;
  return out;
}

/** The signed-in user's id (staff routes always have one). */
export const userOf = (session: SessionInfo | null) => {
  const id = session?.user?.id;
  if (!id) throw unauthorized();
  return id;
};

const params = z.object({ id: positiveId });
const answer = z.object({ id: z.number().int(), entry_state: z.string() });

const single = (move: ReviewMove, path: string, permission: string, summary: string, body?: z.ZodType) =>
  defineMutation({
    method: 'post',
    path,
    permission,
    summary,
    tags: ['performance'],
    params,
    body,
    response: answer,
    audit: { entity: 'financial_statement', action: move.toLowerCase() },
    async handler({ db, params, body, session, deps }) {
      const note = (body as { note?: string } | undefined)?.note ?? null;
      const at = deps.now().toISOString();
      const [changed] = await moveStatements(db, [params.id], move, userOf(session), note, at);
      return {
        id: params.id,
        before: { entry_state: changed!.before },
        after: { entry_state: changed!.after, note },
        result: { id: params.id, entry_state: changed!.after },
      };
    },
  });

export const moveRoutes = [
  /**
   * POST /api/performance/financial-statements/:id/submit (financial.statements.edit) — a draft
   * whose last save passed its checks → submitted; `filed_at` set on the first submission.
   * 409 when the state does not allow it (Persian, naming the state); 404 when there is no such
   * statement. Audited `financial_statement` `submit`.
   */
  single(
    'SUBMIT',
    '/api/performance/financial-statements/:id{[0-9]+}/submit',
    EDIT_PERMISSION,
    'Submit a financial statement for review',
  ),
  /**
   * POST /api/performance/financial-statements/:id/review (financial.statements.review) —
   * submitted → reviewed. 409 / 404 as submit. Audited `financial_statement` `review`.
   */
  single(
    'REVIEW',
    '/api/performance/financial-statements/:id{[0-9]+}/review',
    REVIEW_PERMISSION,
    'Mark a financial statement reviewed',
  ),
  /**
   * POST /api/performance/financial-statements/:id/return (financial.statements.review) —
   * `{ note }` (required: what to correct) → returned for correction, from submitted or reviewed.
   * 422 without a note; 409 / 404 as submit. Audited `financial_statement` `return`.
   */
  single(
    'RETURN',
    '/api/performance/financial-statements/:id{[0-9]+}/return',
    REVIEW_PERMISSION,
    'Return a financial statement for correction, with a note',
    z.object({ note: moveNote }),
  ),
];
