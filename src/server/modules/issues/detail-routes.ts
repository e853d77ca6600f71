import { and, eq, sql } from 'drizzle-orm';
import { deletedAnswer } from '../../../contract/ids.ts';
import {
  issueDetailItem,
  issueDetailParams,
  issueDetailPatch,
  issueParams,
} from '../../../contract/issues.ts';
import type { Db } from '../../db/client.ts';
import { issueDetails, issues } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { defineMutation } from '../../http/mutation.ts';
import type { AnyRoute } from '../../http/route.ts';

/**
 * An issue's details (issue 18): structured sub-items of an issue, each with a status of its own
 * (open or done), in order. GET /api/issues/:id answers them with the issue. Every call needs
 * `issues`; each write is one transaction with its audit row (entity `issue_detail`, `issue_id`
 * in before/after, so the issue's history can name it).
 */

const ISSUE_NOT_FOUND = 'موضوع یافت نشد';
const DETAIL_NOT_FOUND = 'این جزء از موضوع یافت نشد';

/** The detail `detailId` of issue `id`, or 404. */
async function detailOf(db: Db, id: number, detailId: number) {
  const [row] = await db
    .select()
    .from(issueDetails)
    .where(and(eq(issueDetails.id, detailId), eq(issueDetails.issueId, id)));
  if (!row) throw notFound(DETAIL_NOT_FOUND);
  return row;
}

const answer = (r: typeof issueDetails.$inferSelect) => ({ id: r.id, title: r.title, done: r.done });

export const issueDetailRoutes: AnyRoute[] = [
  /**
   * POST /api/issues/:id/details (`issues`) — `{ title }` (1–300 characters) → the new detail
   * `{ id, title, done: false }`, last in order. 404 no such issue; 422 on the title.
   */
  defineMutation({
    method: 'post',
    path: '/api/issues/:id{[0-9]+}/details',
    permission: 'issues',
    summary: 'Add a detail (a sub-item with its own status) to an issue',
    tags: ['issues'],
    params: issueParams,
    body: issueDetailPatch.required({ title: true }).pick({ title: true }),
    response: issueDetailItem,
    audit: { entity: 'issue_detail', action: 'create' },
    async handler({ db, params, body }) {
      const [issue] = await db.select({ id: issues.id }).from(issues).where(eq(issues.id, params.id));
      if (!issue) throw notFound(ISSUE_NOT_FOUND);
      const [row] = await db
        .insert(issueDetails)
        .values({
          issueId: params.id,
          title: body.title,
          sort: sql`(SELECT COALESCE(max(sort), 0) + 10 FROM issue_details WHERE issue_id = ${params.id})`,
        })
        .returning();
      return { id: row!.id, after: { issue_id: params.id, ...answer(row!) }, result: answer(row!) };
    },
  }),
  /**
   * PATCH /api/issues/:id/details/:detailId (`issues`) — `{ title?, done? }` → the detail. 404 no
   * such detail of this issue; 422 on the fields.
   */
  defineMutation({
    method: 'patch',
    path: '/api/issues/:id{[0-9]+}/details/:detailId{[0-9]+}',
    permission: 'issues',
    summary: "Rename an issue's detail or mark it done or open",
    tags: ['issues'],
    params: issueDetailParams,
    body: issueDetailPatch,
    response: issueDetailItem,
    audit: { entity: 'issue_detail', action: 'update' },
    async handler({ db, params, body }) {
      const before = await detailOf(db, params.id, params.detailId);
      const [row] = await db
        .update(issueDetails)
        .set({
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.done !== undefined ? { done: body.done } : {}),
        })
        .where(eq(issueDetails.id, params.detailId))
        .returning();
      return {
        id: params.detailId,
        before: { issue_id: params.id, ...answer(before) },
        after: { issue_id: params.id, ...answer(row!) },
        result: answer(row!),
      };
    },
  }),
  /** DELETE /api/issues/:id/details/:detailId (`issues`) — `{ deleted: true }`; 404. */
  defineMutation({
    method: 'delete',
    path: '/api/issues/:id{[0-9]+}/details/:detailId{[0-9]+}',
    permission: 'issues',
    summary: "Remove an issue's detail",
    tags: ['issues'],
    params: issueDetailParams,
    response: deletedAnswer,
    audit: { entity: 'issue_detail', action: 'delete' },
    async handler({ db, params }) {
      const before = await detailOf(db, params.id, params.detailId);
      await db.delete(issueDetails).where(eq(issueDetails.id, params.detailId));
      return {
        id: params.detailId,
        before: { issue_id: params.id, ...answer(before) },
        result: { deleted: true as const },
      };
    },
  }),
];
