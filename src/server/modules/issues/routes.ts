import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { listPageOf } from '../../../contract/api-envelope.ts';
import { seenAnswer } from '../../../contract/auth.ts';
import { deletedAnswer } from '../../../contract/ids.ts';
import {
  assignee,
  issueBulkAnswer,
  issueBulkInput,
  issueCounts,
  issueDetail,
  issueEntity,
  issueInput,
  issueMoveInput,
  issueParams,
  issueRow,
  issueType,
} from '../../../contract/issues.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import { applyIssueMove, type IssueStatusEvent } from '../../../domain/issues/issue-status.ts';
import { tehranTimestamp } from '../../../domain/jalali.ts';
import type { Db } from '../../db/client.ts';
import { issues, issueTypes } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { listPage, queryRows } from '../../http/list.ts';
import { defineMutation } from '../../http/mutation.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { runIssueBulk } from './bulk.ts';
import type { IssueBulkRequest } from './bulk-fields.ts';
import { countIssues } from './counts.ts';
import { noticeAssigned, noticeBulkAssigned } from './issue-notices.ts';
import { assignees, issueList, mayBeAssigned, objectExists, readIssue, statusContext } from './store.ts';

/**
 * Issues (issue 18; contract/issues.ts, the entity described once): the list, one issue with its
 * details and letters, create, update, delete, the status moves of its statechart and its
 * letters with their reference numbers. Every call needs `issues` (the auditor's and the
 * analyst's). Each write is one transaction with its audit row (`issue`, or `issue_letter`).
 */

const NOT_FOUND = 'موضوع یافت نشد';

/** The body as `issueInput` leaves it (its fields' types, which inputSchema does not carry for text and refs). */
type IssueBody = {
  title: string;
  object_type: 'legal_person' | 'true_person';
  object_id: number;
  issue_type: number;
  priority: '1' | '2' | '3' | '4';
  assignee_id?: number | null;
  due_date?: string | null;
  description?: string | null;
};

/** 422 naming the fields whose record does not exist (the person, the type, the assignee). */
async function checkReferences(db: Db, body: IssueBody) {
  const errors: Record<string, string[]> = {};
  if (!(await objectExists(db, body.object_type, body.object_id)))
    errors.object_id = ['شخصی با این شناسه یافت نشد'];
  const [type] = await db.select().from(issueTypes).where(eq(issueTypes.id, body.issue_type));
  if (!type?.active) errors.issue_type = ['نوع موضوع را از فهرست برگزینید'];
  if (body.assignee_id != null && !(await mayBeAssigned(db, body.assignee_id)))
    errors.assignee_id = ['مسئول باید از کاربرانی باشد که به موضوعات دسترسی دارند'];
  if (Object.keys(errors).length) throw invalid(errors);
}

/** The body's values under the table's column names. */
const columnsOf = (body: IssueBody) => ({
  title: body.title,
  objectType: body.object_type,
  objectId: body.object_id,
  issueTypeId: body.issue_type,
  priority: Number(body.priority),
  assigneeId: body.assignee_id ?? null,
  dueDate: body.due_date ?? null,
  description: body.description ?? null,
});

export const issueRoutes: AnyRoute[] = [
  /**
   * GET /api/issues (`issues`) — `ListPage<IssueRow>`: paged, sorted (created_at newest first by
   * default; id, title, object, issue_type_name, priority, status, assignee, due_date), filtered by
   * object_type, object_id, issue_type (one value or several: `issue_type[]`), priority, status,
   * assignee_id, due_date and created_at; `q` matches the title and the person's name.
   */
  defineRoute({
    method: 'get',
    path: '/api/issues',
    permission: issueEntity.permissions.list,
    summary: 'Issues: paged, sorted, filtered list',
    tags: ['issues'],
    query: listQuerySchema,
    response: listPageOf(issueRow),
    handler: ({ db, query }) => listPage(db, issueList, query),
  }),
  /**
   * GET /api/issues/counts (`issues`) — `IssueCounts` of the issues the list's query matches (q,
   * advanceFilter, plain filters as GET /api/issues takes them; none: every issue): by status,
   * type, company and province. 422 as the list on a filter it does not offer.
   */
  defineRoute({
    method: 'get',
    path: '/api/issues/counts',
    permission: issueEntity.permissions.list,
    summary: 'Issues counted by status, type, company and province',
    tags: ['issues'],
    query: listQuerySchema,
    response: issueCounts,
    handler: ({ db, query }) => countIssues(db, query),
  }),
  /**
   * POST /api/issues/bulk (`issues`) — `issueBulkInput` → `IssueBulkAnswer`: one triage verb (a
   * status move, assign, priority, label, unlabel) on `ids` or on every issue `all` matches (at
   * most 10,000), in one transaction, each changed issue audited; undo within 10 minutes through
   * POST /api/bulk-operations/:id/undo. 404 none of `ids`; 422 (Persian, per field) on a bad body,
   * past the cap, an unknown original, assignee or label, or when no issue would change. `assign`
   * to someone notifies them once (`issue.assigned`, how many issues), in the same transaction.
   */
  defineMutation({
    method: 'post',
    path: '/api/issues/bulk',
    permission: issueEntity.permissions.update!,
    summary: 'Triage verbs on a selection of issues (undoable for 10 minutes)',
    tags: ['issues', 'bulk'],
    body: issueBulkInput,
    response: issueBulkAnswer,
    async handler({ db, body, session, deps }) {
      const now = deps.now ? deps.now() : new Date();
      const out = await runIssueBulk(db, body as IssueBulkRequest, session, now, tehranTimestamp(now));
      if (body.verb === 'assign' && body.assignee_id != null)
        await noticeBulkAssigned(
          db,
          deps.jobs,
          body.assignee_id,
          out.result.operation.id,
          out.result.changed,
          session?.user?.id ?? null,
        );
      return out;
    },
  }),
  /** GET /api/issue-types (`issues`) — the active issue types `{ id, name }`, in their order. */
  defineRoute({
    method: 'get',
    path: '/api/issue-types',
    permission: 'issues',
    summary: 'The active issue types',
    tags: ['issues'],
    response: z.array(issueType),
    handler: ({ db }) =>
      queryRows(db, sql`SELECT id, name FROM issue_types WHERE active ORDER BY sort, name, id`),
  }),
  /** GET /api/issues/assignees (`issues`) — the active staff whose roles hold `issues`, `{ id, name }` by name. */
  defineRoute({
    method: 'get',
    path: '/api/issues/assignees',
    permission: 'issues',
    summary: 'The staff an issue may be assigned to',
    tags: ['issues'],
    response: z.array(assignee),
    handler: ({ db }) => assignees(db),
  }),
  /** GET /api/issues/:id (`issues`) — `IssueDetail`; 404 «موضوع یافت نشد». */
  defineRoute({
    method: 'get',
    path: '/api/issues/:id{[0-9]+}',
    permission: issueEntity.permissions.view!,
    summary: 'One issue with its details and letters',
    tags: ['issues'],
    params: issueParams,
    response: issueDetail,
    async handler({ db, params }) {
      const found = await readIssue(db, params.id);
      if (!found) throw notFound(NOT_FOUND);
      return found;
    },
  }),
  /**
   * POST /api/issues/:id/seen (`issues`) — the caller, its assignee, has opened the issue (the
   * issue view calls it): `assignee_seen_at` is set, so it leaves their cartable badge →
   * `{ seen: 1 }`; `{ seen: 0 }` and nothing written when the caller is not its assignee or has
   * seen it since it was assigned. 404 «موضوع یافت نشد». Audited as `issue` `issue.seen`.
   */
  defineMutation({
    method: 'post',
    path: '/api/issues/:id{[0-9]+}/seen',
    permission: issueEntity.permissions.view!,
    summary: 'Mark an issue assigned to me as seen (leaves my cartable)',
    tags: ['issues'],
    params: issueParams,
    response: seenAnswer,
    async handler({ db, params, session, deps }) {
      const [stored] = await db.select({ id: issues.id }).from(issues).where(eq(issues.id, params.id));
      if (!stored) throw notFound(NOT_FOUND);
      const marked = await db
        .update(issues)
        .set({ assigneeSeenAt: deps.now ? deps.now() : new Date() })
        .where(
          and(
            eq(issues.id, params.id),
            eq(issues.assigneeId, session!.user!.id),
            isNull(issues.assigneeSeenAt),
          ),
        )
        .returning({ id: issues.id });
      if (marked.length === 0) return { audits: [], result: { seen: 0 } };
      return {
        audits: [{ action: 'issue.seen', entity: 'issue', entityId: params.id }],
        result: { seen: 1 },
      };
    },
  }),
  /**
   * POST /api/issues (`issues`) — `issueInput` → `IssueDetail`, status `new`, created by the
   * caller. 422 per field: title missing or over 200; no such person (or deleted); a type not in
   * the list; an assignee without access to issues; a bad date. The assignee, when there is one,
   * is notified (`issue.assigned`) in the same transaction.
   */
  defineMutation({
    method: 'post',
    path: '/api/issues',
    permission: issueEntity.permissions.create!,
    summary: 'Raise an issue about a legal or a true person',
    tags: ['issues'],
    body: issueInput,
    response: issueDetail,
    audit: { entity: issueEntity.name, action: 'create' },
    async handler({ db, body: input, session, deps }) {
      const body = input as IssueBody;
      await checkReferences(db, body);
      const [row] = await db
        .insert(issues)
        .values({ ...columnsOf(body), createdBy: session?.user?.id ?? null })
        .returning();
      if (row!.assigneeId != null)
        await noticeAssigned(db, deps.jobs, row!.assigneeId, row!, session?.user?.id ?? null);
      const result = (await readIssue(db, row!.id))!;
      return { id: row!.id, after: body, result };
    },
  }),
  /**
   * PUT /api/issues/:id (`issues`) — `issueInput` → `IssueDetail`; the status is not changed here
   * (POST …/moves). A new assignee is told again (the cartable's unseen mark, and a notification
   * `issue.assigned` in the same transaction). 404, 422 as create.
   */
  defineMutation({
    method: 'put',
    path: '/api/issues/:id{[0-9]+}',
    permission: issueEntity.permissions.update!,
    summary: 'Change an issue',
    tags: ['issues'],
    params: issueParams,
    body: issueInput,
    response: issueDetail,
    audit: { entity: issueEntity.name, action: 'update' },
    async handler({ db, params, body: input, deps, session }) {
      const body = input as IssueBody;
      const before = await readIssue(db, params.id);
      if (!before) throw notFound(NOT_FOUND);
      await checkReferences(db, body);
      const reassigned = (body.assignee_id ?? null) !== before.assignee_id;
      await db
        .update(issues)
        .set({
          ...columnsOf(body),
          ...(reassigned ? { assigneeSeenAt: null } : {}),
          updatedAt: new Date(),
          version: sql`${issues.version} + 1`,
        })
        .where(eq(issues.id, params.id));
      if (reassigned && body.assignee_id != null)
        await noticeAssigned(
          db,
          deps.jobs,
          body.assignee_id,
          { id: params.id, title: body.title },
          session?.user?.id ?? null,
        );
      const result = (await readIssue(db, params.id))!;
      return { id: params.id, before, after: result, result };
    },
  }),
  /** DELETE /api/issues/:id (`issues`) — `{ deleted: true }`, its details and letters with it; 404. */
  defineMutation({
    method: 'delete',
    path: '/api/issues/:id{[0-9]+}',
    permission: issueEntity.permissions.delete!,
    summary: 'Delete an issue',
    tags: ['issues'],
    params: issueParams,
    response: deletedAnswer,
    audit: { entity: issueEntity.name, action: 'delete' },
    async handler({ db, params }) {
      const before = await readIssue(db, params.id);
      if (!before) throw notFound(NOT_FOUND);
      await db.delete(issues).where(eq(issues.id, params.id));
      return { id: params.id, before, result: { deleted: true as const } };
    },
  }),
  /**
   * POST /api/issues/:id/moves (`issues`) — `issueMoveInput` → `IssueDetail`: one move of the
   * status statechart (domain/issues/issue-status.ts) by the caller, now (Tehran time). 404; 422
   * under `type` with the statechart's Persian reason when it refuses (not allowed in this state,
   * a blank reason, a snooze day not after today, the issue as its own duplicate); a duplicate's
   * original must exist. The row is locked for the move, so two moves at once apply in turn.
   */
  defineMutation({
    method: 'post',
    path: '/api/issues/:id{[0-9]+}/moves',
    permission: issueEntity.permissions.update!,
    summary: "Move an issue's status",
    tags: ['issues'],
    params: issueParams,
    body: issueMoveInput,
    response: issueDetail,
    audit: { entity: issueEntity.name, action: 'move' },
    async handler({ db, params, body, session, deps }) {
      const [stored] = await db.select().from(issues).where(eq(issues.id, params.id)).for('update');
      if (!stored) throw notFound(NOT_FOUND);
      if (body.type === 'MARK_DUPLICATE' && body.of !== undefined && body.of !== params.id) {
        const [original] = await db.select({ id: issues.id }).from(issues).where(eq(issues.id, body.of));
        if (!original) throw invalid({ of: ['موضوع اصلی یافت نشد'] });
      }
      const event = {
        ...body,
        by: session?.user?.id ?? 0,
        at: tehranTimestamp(deps.now ? deps.now() : new Date()),
      } as IssueStatusEvent;
      const moved = applyIssueMove(statusContext(stored), event);
      if (!moved.ok) throw invalid({ type: [moved.reason] }, moved.reason);
      const c = moved.context;
      await db
        .update(issues)
        .set({
          status: c.state,
          duplicateOf: c.duplicateOf,
          declineReason: c.declineReason,
          snoozedUntil: c.snoozedUntil,
          snoozedFrom: c.snoozedFrom,
          updatedAt: new Date(),
          version: sql`${issues.version} + 1`,
        })
        .where(eq(issues.id, params.id));
      const result = (await readIssue(db, params.id))!;
      return { id: params.id, before: statusContext(stored), after: { ...c, move: moved.move }, result };
    },
  }),
];
