import { sql } from 'drizzle-orm';
import { statementVerdicts } from '../../../domain/finance/evaluation.ts';
import { applyMove, type EntryState } from '../../../domain/finance/statement-entry.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';

/**
 * Saving statements' figures as drafts, one way for the entry form (one statement) and the import
 * (many): the entry statechart's SAVE_DRAFT move (domain/finance/statement-entry.ts), the domain's
 * verdicts written beside the items (article 141, loss: so that lists filter on them), and each
 * move on the record. Runs inside the caller's transaction.
 */

/** A statement's new figures: items in million IRR by chart code, whether its checks passed. */
export interface DraftFigures {
  items: Record<string, number>;
  audited: boolean;
  auditorOpinion: string | null;
  passed: boolean;
}

/** The row columns a draft writes (the verdicts computed from the items), by the table's names. */
export function draftColumns(f: DraftFigures) {
  const v = statementVerdicts(f.items);
  return {
    items: JSON.stringify(f.items),
    audited: f.audited,
    auditor_opinion: f.audited ? f.auditorOpinion : null,
    checks_passed: f.passed,
    article_141: v.article141,
    loss: v.loss,
  };
}

/**
 * The state a SAVE_DRAFT takes a statement to from `state` (draft, or returned staying returned
 * …), or null when the statechart refuses it there (submitted, reviewed: return it first).
 */
export function draftState(
  state: EntryState,
  checksPassedBefore: boolean,
  passed: boolean,
  by: number,
  at: string,
): EntryState | null {
  const next = applyMove(
    { state, checksPassed: checksPassedBefore, history: [] },
    { type: 'SAVE_DRAFT', checksPassed: passed, by, at },
  );
  return next ? next.state : null;
}

/** One existing statement's draft: its id, the state it moves to, and its figures. */
export type DraftUpdate = { id: number; to_state: EntryState } & ReturnType<typeof draftColumns>;

/** Writes `rows` over their statements (version + 1) in one statement; answers each id's new version. */
export async function updateDrafts(db: Db, rows: readonly DraftUpdate[]): Promise<Map<number, number>> {
  if (rows.length === 0) return new Map();
  const col = <K extends keyof DraftUpdate>(k: K) => sql.param(rows.map((r) => r[k]));
  const saved = await queryRows<{ id: number; version: number }>(
    db,
    sql`UPDATE financial_statements fs SET items = u.items, audited = u.audited, auditor_opinion = u.auditor_opinion,
          entry_state = u.to_state, checks_passed = u.checks_passed, article_141 = u.article_141, loss = u.loss,
          version = fs.version + 1, updated_at = now()
        FROM unnest(${col('id')}::int[], ${col('items')}::jsonb[], ${col('audited')}::bool[],
          ${col('auditor_opinion')}::text[], ${col('to_state')}::text[], ${col('checks_passed')}::bool[],
          ${col('article_141')}::bool[], ${col('loss')}::bool[])
          AS u(id, items, audited, auditor_opinion, to_state, checks_passed, article_141, loss)
        WHERE fs.id = u.id
        RETURNING fs.id, fs.version`,
  );
  return new Map(saved.map((s) => [Number(s.id), Number(s.version)]));
}

/** Records the moves (from → to, by, at, note) of `rows` on their statements. */
export async function recordMoves(
  db: Db,
  rows: readonly { id: number; from_state: EntryState; to_state: EntryState }[],
  by: number,
  at: string,
  note: string | null,
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(
    sql`INSERT INTO financial_statement_moves (statement_id, from_state, to_state, by_user_id, at, note)
        SELECT u.id, u.from_state, u.to_state, ${by}, ${at}::timestamptz, ${note}
        FROM unnest(${sql.param(rows.map((r) => r.id))}::int[], ${sql.param(rows.map((r) => r.from_state))}::text[],
          ${sql.param(rows.map((r) => r.to_state))}::text[]) AS u(id, from_state, to_state)`,
  );
}
