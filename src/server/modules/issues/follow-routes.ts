import { and, eq, sql } from 'drizzle-orm';
import { type IssueFollowers, issueFollowers, issueParams } from '../../../contract/issues.ts';
import type { Db } from '../../db/client.ts';
import { issueFollowers as followersTable, issues } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { defineMutation } from '../../http/mutation.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';

/**
 * Following an issue (issue 18): its followers are told of its new letters and of its due date
 * passing (issue-notices.ts). Its creator and its assignee always follow it; anyone else with
 * `issues` follows it by choice (table issue_followers), and may stop. Every call needs `issues`;
 * following and unfollowing are audited (entity `issue_follower`).
 */

const NOT_FOUND = 'موضوع یافت نشد';

/** The followers of issue `id` as I (`me`) see them, or 404. */
async function readFollowers(db: Db, id: number, me: number): Promise<IssueFollowers> {
  const [issue] = await db.select({ id: issues.id }).from(issues).where(eq(issues.id, id));
  if (!issue) throw notFound(NOT_FOUND);
  const rows = await queryRows<{
    id: number;
    name: string;
    reasons: IssueFollowers['followers'][0]['reasons'];
  }>(
    db,
    sql`SELECT u.id, u.first_name || ' ' || u.last_name AS name, array_agg(f.reason ORDER BY f.reason) AS reasons
        FROM (SELECT user_id, 'follows' AS reason FROM issue_followers WHERE issue_id = ${id}
              UNION ALL SELECT created_by, 'creator' FROM issues WHERE id = ${id} AND created_by IS NOT NULL
              UNION ALL SELECT assignee_id, 'assignee' FROM issues WHERE id = ${id} AND assignee_id IS NOT NULL) f
        JOIN users u ON u.id = f.user_id AND u.status = 'active'
        GROUP BY u.id, u.first_name, u.last_name ORDER BY u.last_name, u.first_name, u.id`,
  );
  const followers = rows.map((r) => ({ ...r, id: Number(r.id) }));
  const mine = followers.find((f) => f.id === me);
  return { followers, following: !!mine, following_by_choice: !!mine?.reasons.includes('follows') };
}

export const issueFollowRoutes: AnyRoute[] = [
  /** GET /api/issues/:id/followers (`issues`) — `IssueFollowers`; 404 no such issue. */
  defineRoute({
    method: 'get',
    path: '/api/issues/:id{[0-9]+}/followers',
    permission: 'issues',
    summary: "An issue's followers, and whether I follow it",
    tags: ['issues'],
    params: issueParams,
    response: issueFollowers,
    handler: ({ db, params, session }) => readFollowers(db, params.id, session!.user!.id),
  }),
  /**
   * PUT /api/issues/:id/follow (`issues`) — I follow the issue by choice → `IssueFollowers`
   * (following again changes nothing, and writes no audit row). 404 no such issue.
   */
  defineMutation({
    method: 'put',
    path: '/api/issues/:id{[0-9]+}/follow',
    permission: 'issues',
    summary: 'Follow an issue',
    tags: ['issues'],
    params: issueParams,
    response: issueFollowers,
    async handler({ db, params, session }) {
      const me = session!.user!.id;
      await readFollowers(db, params.id, me);
      const added = await db
        .insert(followersTable)
        .values({ issueId: params.id, userId: me })
        .onConflictDoNothing()
        .returning({ id: followersTable.issueId });
      const result = await readFollowers(db, params.id, me);
      return {
        audits: added.length
          ? [{ action: 'follow', entity: 'issue_follower', entityId: params.id, after: { user_id: me } }]
          : [],
        result,
      };
    },
  }),
  /**
   * DELETE /api/issues/:id/follow (`issues`) — I stop following the issue by choice →
   * `IssueFollowers` (as its creator or assignee I still follow it). 404 no such issue.
   */
  defineMutation({
    method: 'delete',
    path: '/api/issues/:id{[0-9]+}/follow',
    permission: 'issues',
    summary: 'Stop following an issue',
    tags: ['issues'],
    params: issueParams,
    response: issueFollowers,
    async handler({ db, params, session }) {
      const me = session!.user!.id;
      await readFollowers(db, params.id, me);
      const removed = await db
        .delete(followersTable)
        .where(and(eq(followersTable.issueId, params.id), eq(followersTable.userId, me)))
        .returning({ id: followersTable.issueId });
      const result = await readFollowers(db, params.id, me);
      return {
        audits: removed.length
          ? [{ action: 'unfollow', entity: 'issue_follower', entityId: params.id, before: { user_id: me } }]
          : [],
        result,
      };
    },
  }),
];
