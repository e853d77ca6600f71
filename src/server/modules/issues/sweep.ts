import { eq, sql } from 'drizzle-orm';
import { applyIssueMove, type IssueStatusEvent, PRODUCT_MOVER } from '../../../domain/issues/issue-status.ts';
import { tehranTimestamp } from '../../../domain/jalali.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, issues } from '../../db/schema/index.ts';
import { queryRows } from '../../http/list.ts';
import type { JobHandler, JobQueue } from '../../jobs/queue.ts';
import { noticeIssueDay } from './issue-notices.ts';
import { statusContext } from './store.ts';

/**
 * The issues' sweep (issue 18), the `issues.sweep` job that pg-boss queues on a schedule
 * (ISSUE_SWEEP_CRON, every 5 minutes by default):
 * - an open issue (new, accepted, in progress) whose due date is before today (Tehran) is told
 *   once per due date to its assignee and followers (`issue.due_passed`); changing the due date
 *   arms it again;
 * - a snoozed issue whose day has come (today ≥ `snoozed_until`) is woken by the status
 *   statechart's WAKE, back to the state it was put off from, audited as a move by no user
 *   (`by` PRODUCT_MOVER: the product), and its assignee and followers are told (`issue.woken`).
 * Issues are taken in batches of SWEEP_BATCH, each in a transaction of its own that locks its rows
 * (skipping rows another transaction holds), writes the change, its notifications and audit rows
 * together: a sweep cut off midway leaves whole batches done, and the next one does the rest.
 */

/** Issues one transaction of the sweep takes. */
export const SWEEP_BATCH = 500;

/** What one sweep did: issues told their due date passed, issues woken. */
export interface SweepResult {
  duePassed: number;
  woken: number;
}

/** One batch of due dates passed, in `tx` → how many were told. */
async function dueBatch(tx: Db, queue: JobQueue, today: string): Promise<number> {
  const rows = await queryRows<{ id: number; due_date: string }>(
    tx,
    sql`SELECT id, due_date::text AS due_date FROM issues
        WHERE due_date IS NOT NULL AND due_date < ${today}::date
          AND status IN ('new','accepted','in_progress')
          AND due_notified_on IS DISTINCT FROM due_date
        ORDER BY id LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED`,
  );
  for (const r of rows) await noticeIssueDay(tx, queue, 'issue.due_passed', Number(r.id), r.due_date);
  if (rows.length > 0)
    await tx.execute(
      sql`UPDATE issues SET due_notified_on = due_date WHERE id = ANY(${`{${rows.map((r) => Number(r.id)).join(',')}}`}::int[])`,
    );
  return rows.length;
}

/** One batch of snoozes over, woken in `tx` at `at` (Tehran timestamp) → how many were woken. */
async function wakeBatch(tx: Db, queue: JobQueue, today: string, at: string): Promise<number> {
  const rows = await tx
    .select()
    .from(issues)
    .where(sql`${issues.status} = 'snoozed' AND ${issues.snoozedUntil} <= ${today}::date`)
    .orderBy(issues.id)
    .limit(SWEEP_BATCH)
    .for('update', { skipLocked: true });
  let woken = 0;
  for (const row of rows) {
    const before = statusContext(row);
    const moved = applyIssueMove(before, { type: 'WAKE', by: PRODUCT_MOVER, at } as IssueStatusEvent);
    // a snooze whose day has come always wakes; a refusal means a corrupt row: left for a person
    if (!moved.ok) continue;
    const c = moved.context;
    await tx
      .update(issues)
      .set({
        status: c.state,
        snoozedUntil: c.snoozedUntil,
        snoozedFrom: c.snoozedFrom,
        updatedAt: new Date(),
        version: sql`${issues.version} + 1`,
      })
      .where(eq(issues.id, row.id));
    await tx.insert(auditLog).values({
      action: 'move',
      entity: 'issue',
      entityId: String(row.id),
      before,
      after: { ...c, move: moved.move },
    });
    await noticeIssueDay(tx, queue, 'issue.woken', row.id, before.snoozedUntil!);
    woken++;
  }
  return woken;
}

/**
 * Runs the sweep on `db` for the Tehran day of `now` → `SweepResult`. Each batch commits on its
 * own; the sweep goes on until a batch comes back short (a woken batch is short too when the
 * statechart refused one of its rows, which then waits for a person, not for the next loop).
 */
export async function sweepIssues(db: Db, queue: JobQueue, now: Date): Promise<SweepResult> {
  const at = tehranTimestamp(now);
  const today = at.slice(0, 10);
  const result: SweepResult = { duePassed: 0, woken: 0 };
  for (;;) {
    const n = await db.transaction((tx) => dueBatch(tx as unknown as Db, queue, today));
    result.duePassed += n;
    if (n < SWEEP_BATCH) break;
  }
  for (;;) {
    const n = await db.transaction((tx) => wakeBatch(tx as unknown as Db, queue, today, at));
    result.woken += n;
    if (n < SWEEP_BATCH) break;
  }
  return result;
}

/** The `issues.sweep` worker: `sweepIssues` at the time it runs (`now`, the clock by default). */
export function issueSweepJob(
  db: Db,
  queue: JobQueue,
  now: () => Date = () => new Date(),
): JobHandler<'issues.sweep'> {
  return async () => {
    await sweepIssues(db, queue, now());
  };
}
