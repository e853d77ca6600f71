import { sql } from 'drizzle-orm';
import { ISSUE_PRIORITY_LABELS } from '../../../contract/issues.ts';
import {
  applyIssueMove,
  type IssueStatusContext,
  type IssueStatusEvent,
} from '../../../domain/issues/issue-status.ts';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import type { SessionInfo } from '../../http/route.ts';
import {
  type ChangeGroup,
  fieldSql,
  type IssueBulkRequest,
  type IssueFields,
  ints,
  ownedKeys,
} from './bulk-fields.ts';
import { mayBeAssigned } from './store.ts';

/**
 * How a triage verb (`move`, `assign`, `priority`) decides which issues it changes: the issues are
 * locked and read as their distinct states (the verb's own fields), and each state is decided once
 * — by the issue statechart for a move — for all its issues: 10,000 issues accepted from «new» are
 * one decision, not 10,000.
 */

/** The issues in one state: the verb's own fields, equal for all of them. */
export interface StateGroup {
  /** Ascending. */
  ids: number[];
  state: Partial<IssueFields>;
}

/** What a verb decided: its change groups (in the order of their first issue) and why it skipped the rest. */
export interface Decision {
  groups: ChangeGroup[];
  /** One entry per refused state: its reason (Persian) and how many issues it holds. */
  skipped: { reason: string; count: number }[];
}

/**
 * Locks issues `ids` (in id order, so two verbs at once take their rows in the same order) and
 * reads them as the distinct values of the fields `verb` owns, each with its issues' ids, in the
 * order of their first issue. `apart`: an id read as a group of its own (the original of a
 * MARK_DUPLICATE, which the statechart decides apart: no issue repeats itself). One round trip;
 * a state per row comes back, not an issue.
 */
export async function lockStates(
  tx: Db,
  verb: IssueBulkRequest['verb'],
  ids: readonly number[],
  apart: number | null = null,
): Promise<StateGroup[]> {
  const keys = ownedKeys(verb);
  const cols = sql.join(
    keys.map((k) => fieldSql(k)),
    sql`, `,
  );
  const names = sql.raw(keys.join(', '));
  const rows = await queryRows<Record<string, unknown> & { ids: number[] }>(
    tx,
    sql`SELECT ${names}, array_agg(id ORDER BY id) AS ids
        FROM (SELECT i.id, ${cols}, i.id = ${apart ?? 0}::int AS apart FROM issues i
              WHERE i.id = ANY(${ints(ids)}) ORDER BY i.id FOR UPDATE) AS locked
        GROUP BY ${names}, apart ORDER BY min(id)`,
  );
  return rows.map(({ ids: grouped, ...state }) => {
    const s = state as Partial<IssueFields>;
    if (s.duplicate_of != null) s.duplicate_of = Number(s.duplicate_of);
    if (s.assignee_id != null) s.assignee_id = Number(s.assignee_id);
    if (s.priority != null) s.priority = Number(s.priority);
    return { ids: grouped.map(Number), state: s };
  });
}

/** The statechart's context of an issue `id` in `s`. */
const contextOf = (id: number, s: Partial<IssueFields>): IssueStatusContext => ({
  id,
  state: s.status!,
  duplicateOf: s.duplicate_of ?? null,
  declineReason: s.decline_reason ?? null,
  snoozedUntil: s.snoozed_until ?? null,
  snoozedFrom: s.snoozed_from ?? null,
});

/**
 * Decides `req` (a move, assign or priority) on issues locked as `states` → the changes and the
 * skipped. A move's who and when are the session's user and `at` (Tehran time, ISO with zone).
 * The statechart reads an issue's id only to refuse a MARK_DUPLICATE of itself, which
 * `lockStates` reads apart, so a state's first issue stands for all of its issues. 422 when the
 * duplicate's original is unknown or the assignee has no access to issues.
 */
export async function decide(
  tx: Db,
  req: IssueBulkRequest,
  states: readonly StateGroup[],
  session: SessionInfo | null,
  at: string,
): Promise<Decision> {
  const groups: ChangeGroup[] = [];
  const skipped: Decision['skipped'] = [];
  const each = (to: (s: Partial<IssueFields>, id: number) => Partial<IssueFields> | string) => {
    for (const g of states) {
      const out = to(g.state, g.ids[0]!);
      if (typeof out === 'string') skipped.push({ reason: out, count: g.ids.length });
      else groups.push({ ids: g.ids, before: g.state, after: out });
    }
  };
  if (req.verb === 'move') {
    const move = req.move!;
    if (move.type === 'MARK_DUPLICATE' && move.of !== undefined) {
      const [original] = await queryRows(tx, sql`SELECT 1 FROM issues WHERE id = ${move.of}`);
      if (!original) throw invalid({ 'move.of': ['موضوع اصلی یافت نشد'] });
    }
    const event = { ...move, by: session?.user?.id ?? 0, at } as IssueStatusEvent;
    each((s, id) => {
      const moved = applyIssueMove(contextOf(id, s), event);
      if (!moved.ok) return moved.reason;
      const c = moved.context;
      return {
        status: c.state,
        duplicate_of: c.duplicateOf,
        decline_reason: c.declineReason,
        snoozed_until: c.snoozedUntil,
        snoozed_from: c.snoozedFrom,
      };
    });
  } else if (req.verb === 'assign') {
    const to = req.assignee_id ?? null;
    if (to !== null && !(await mayBeAssigned(tx, to)))
      throw invalid({ assignee_id: ['مسئول باید از کاربرانی باشد که به موضوعات دسترسی دارند'] });
    each((s) =>
      s.assignee_id === to ? (to === null ? 'مسئولی نداشت' : 'همین مسئول را داشت') : { assignee_id: to },
    );
  } else {
    const to = Number(req.priority);
    const same = `اولویتش از پیش «${ISSUE_PRIORITY_LABELS[req.priority!]}» بود`;
    each((s) => (s.priority === to ? same : { priority: to }));
  }
  return { groups, skipped };
}
