import { sql } from 'drizzle-orm';
import { LETTER_DIRECTION_LABELS_FA, type LetterDirection } from '../../../domain/issues/letters.ts';
import { jalaliOfIso } from '../../../domain/jalali.ts';
import { formatNumber, toPersianDigits } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { notifyEvent } from '../notifications/dispatch.ts';

/**
 * What issues tell people (issue 18): each event goes through its notification schemas
 * (`notifyEvent`, modules/notifications/dispatch.ts), queued in the transaction of the change,
 * so a change rolled back (a refusal, a failed write) notifies nobody. The subjects of an event:
 * - `issue.assigned`: the new assignee (assigning an issue to oneself included: one rule);
 * - `issue.letter_added`: the issue's followers (issue_followers, plus its creator and assignee,
 *   who always follow it), less the letter's author;
 * - `issue.due_passed`, `issue.woken`: the assignee and the followers (jobs: issue-sweep.ts).
 */

/** How many titles a notification of several issues names before «و … موضوع دیگر». */
const TITLES_SHOWN = 3;

/** The app path of one issue. */
export const issueLink = (id: number) => `/issues/view/${id}`;
/** The app path of the issues assigned to `userId` (the issues list filtered by assignee). */
export const assignedLink = (userId: number) => `/issues/legal-person?assignee_id=${userId}`;

/** A user's full name, or '' (no user, or gone). */
async function userName(tx: Db, userId: number | null): Promise<string> {
  if (userId == null) return '';
  const [u] = await queryRows<{ name: string }>(
    tx,
    sql`SELECT first_name || ' ' || last_name AS name FROM users WHERE id = ${userId}`,
  );
  return u?.name ?? '';
}

/** Tells `assigneeId` that issue `issue` was assigned to them by `actorId`, in `tx`. */
export async function noticeAssigned(
  tx: Db,
  jobs: JobQueue,
  assigneeId: number,
  issue: { id: number; title: string },
  actorId: number | null,
): Promise<number> {
  return notifyEvent(tx, jobs, {
    event: 'issue.assigned',
    subjects: [assigneeId],
    values: { count: formatNumber(1), issues: `«${issue.title}»`, assigned_by: await userName(tx, actorId) },
    link: issueLink(issue.id),
  });
}

/**
 * Tells the assignee of a bulk `assign` (bulk operation `operationId`, `changed` issues given to
 * `assigneeId` by `actorId`) once, in `tx`: one issue as `noticeAssigned` does; several with
 * `count` «۱۵» and `issues` naming the first few titles «و … موضوع دیگر», linking to the issues
 * assigned to them.
 */
export async function noticeBulkAssigned(
  tx: Db,
  jobs: JobQueue,
  assigneeId: number,
  operationId: string,
  changed: number,
  actorId: number | null,
): Promise<number> {
  const shown = await queryRows<{ id: number; title: string }>(
    tx,
    sql`SELECT i.id, i.title FROM bulk_operations o
          CROSS JOIN LATERAL jsonb_array_elements(o.undo->'groups') AS g(grp)
          CROSS JOIN LATERAL jsonb_array_elements_text(g.grp->'ids') AS x(id)
          JOIN issues i ON i.id = x.id::int
        WHERE o.id = ${operationId} ORDER BY i.id LIMIT ${TITLES_SHOWN}`,
  );
  if (shown.length === 0) return 0;
  if (changed === 1)
    return noticeAssigned(tx, jobs, assigneeId, { ...shown[0]!, id: Number(shown[0]!.id) }, actorId);
  const titles = shown.map((s) => `«${s.title}»`).join('، ');
  const rest = changed - shown.length;
  return notifyEvent(tx, jobs, {
    event: 'issue.assigned',
    subjects: [assigneeId],
    values: {
      count: formatNumber(changed),
      issues: rest > 0 ? `${titles} و ${formatNumber(rest)} موضوع دیگر` : titles,
      assigned_by: await userName(tx, actorId),
    },
    link: assignedLink(assigneeId),
  });
}

/**
 * The SQL of an issue's followers' user ids (`issueId` a column or a value): those following it
 * (issue_followers), its creator and its assignee; users no longer active left out.
 */
export const followersOf = (issueId: ReturnType<typeof sql>) =>
  sql`SELECT f.user_id FROM issue_followers f WHERE f.issue_id = ${issueId}
      UNION SELECT i.created_by FROM issues i WHERE i.id = ${issueId} AND i.created_by IS NOT NULL
      UNION SELECT i.assignee_id FROM issues i WHERE i.id = ${issueId} AND i.assignee_id IS NOT NULL`;

/** An issue's title, object name, and followers (user ids, active users only). */
async function issueForNotice(tx: Db, issueId: number) {
  const [row] = await queryRows<{ title: string; object_name: string; followers: number[] }>(
    tx,
    sql`SELECT i.title, COALESCE(lp.name, tp.first_name || ' ' || tp.last_name, '') AS object_name,
          array(SELECT u.id FROM users u WHERE u.status = 'active' AND u.id IN (${followersOf(sql`${issueId}::int`)})
                ORDER BY u.id) AS followers
        FROM issues i
        LEFT JOIN legal_persons lp ON i.object_type = 'legal_person' AND lp.id = i.object_id
        LEFT JOIN true_persons tp ON i.object_type = 'true_person' AND tp.id = i.object_id
        WHERE i.id = ${issueId}`,
  );
  return row ? { ...row, followers: row.followers.map(Number) } : null;
}

/** The placeholders every issue event has (events.ts): title, number, the record's name. */
const issueValues = (issueId: number, issue: { title: string; object_name: string }) => ({
  issue_title: issue.title,
  issue_number: toPersianDigits(String(issueId)),
  object_name: issue.object_name,
});

/**
 * Tells the followers of issue `issueId` (less the author `actorId`) of its new letter, in `tx`
 * (`issue.letter_added`).
 */
export async function noticeLetterAdded(
  tx: Db,
  jobs: JobQueue,
  issueId: number,
  letter: { referenceNumber: string; subject: string; direction: LetterDirection },
  actorId: number | null,
): Promise<number> {
  const issue = await issueForNotice(tx, issueId);
  if (!issue) return 0;
  return notifyEvent(tx, jobs, {
    event: 'issue.letter_added',
    subjects: issue.followers,
    except: actorId == null ? [] : [actorId],
    values: {
      ...issueValues(issueId, issue),
      letter_number: toPersianDigits(letter.referenceNumber),
      letter_subject: letter.subject,
      direction: LETTER_DIRECTION_LABELS_FA[letter.direction],
      author: await userName(tx, actorId),
    },
    link: issueLink(issueId),
  });
}

/**
 * Tells the assignee and followers of issue `issueId` that its due date `dueDate` (ISO day) has
 * passed (`issue.due_passed`), or that its snooze until `dueDate` is over (`issue.woken`), in `tx`.
 */
export async function noticeIssueDay(
  tx: Db,
  jobs: JobQueue,
  event: 'issue.due_passed' | 'issue.woken',
  issueId: number,
  day: string,
): Promise<number> {
  const issue = await issueForNotice(tx, issueId);
  if (!issue) return 0;
  const jalali = toPersianDigits(jalaliOfIso(day));
  return notifyEvent(tx, jobs, {
    event,
    subjects: issue.followers,
    values: {
      ...issueValues(issueId, issue),
      ...(event === 'issue.due_passed' ? { due_date: jalali } : { snoozed_until: jalali }),
    },
    link: issueLink(issueId),
  });
}
