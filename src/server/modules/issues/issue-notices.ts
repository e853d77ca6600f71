import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';
import { notifyUsers } from '../../jobs/notify.ts';
import type { JobQueue } from '../../jobs/queue.ts';

/**
 * The assignee's notification when issues are assigned to them (issue 18): kind
 * `issue.assigned`, queued through `notifyUsers` in the transaction of the assignment, so an
 * assignment rolled back (a refusal, a failed write) notifies nobody. A user who assigns an issue
 * to themself is notified too (one rule, nothing to special-case).
 */

export const ASSIGNED_KIND = 'issue.assigned';
export const ASSIGNED_TITLE = 'موضوعی به شما ارجاع شد';

/** How many titles a notification of several issues names before «و … موضوع دیگر». */
const TITLES_SHOWN = 3;

/** The app path of one issue. */
export const issueLink = (id: number) => `/issues/view/${id}`;
/** The app path of the issues assigned to `userId` (the issues list filtered by assignee). */
export const assignedLink = (userId: number) => `/issues/legal-person?assignee_id=${userId}`;

/** Notifies `assigneeId` that issue `issue` was assigned to them, in `tx`. */
export function noticeAssigned(
  tx: Db,
  jobs: JobQueue,
  assigneeId: number,
  issue: { id: number; title: string },
): Promise<number> {
  return notifyUsers(tx, jobs, {
    userIds: [assigneeId],
    kind: ASSIGNED_KIND,
    title: ASSIGNED_TITLE,
    body: `«${issue.title}»`,
    link: issueLink(issue.id),
  });
}

/**
 * Notifies the assignee of a bulk `assign` (bulk operation `operationId`, `changed` issues given
 * to `assigneeId`) once, in `tx`: one issue as `noticeAssigned` does; several as «۱۵ موضوع به
 * شما ارجاع شد», naming the first few titles and linking to the issues assigned to them.
 */
export async function noticeBulkAssigned(
  tx: Db,
  jobs: JobQueue,
  assigneeId: number,
  operationId: string,
  changed: number,
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
  if (changed === 1) return noticeAssigned(tx, jobs, assigneeId, { ...shown[0]!, id: Number(shown[0]!.id) });
  const titles = shown.map((s) => `«${s.title}»`).join('، ');
  const rest = changed - shown.length;
  return notifyUsers(tx, jobs, {
    userIds: [assigneeId],
    kind: ASSIGNED_KIND,
    title: `${changed.toLocaleString('fa-IR')} موضوع به شما ارجاع شد`,
    body: rest > 0 ? `${titles} و ${rest.toLocaleString('fa-IR')} موضوع دیگر` : titles,
    link: assignedLink(assigneeId),
  });
}
