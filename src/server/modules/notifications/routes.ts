import { and, eq, isNull, sql } from 'drizzle-orm';
import { seenAnswer } from '../../../contract/auth.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import { notificationPage } from '../../../contract/notifications.ts';
import { notifications } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { isoTimestamp, type ListSpec, listPage } from '../../http/list.ts';
import { defineMutation } from '../../http/mutation.ts';
import { defineRoute } from '../../http/route.ts';
import { idParams } from '../management/users.ts';

/**
 * The signed-in user's in-app notifications (written by the `notify` job, jobs/notify.ts): the
 * list and marking them seen. Any staff user with a role reads and marks only their own.
 */

const mine = (userId: number): ListSpec => ({
  select: sql`n.id, n.kind, n.title, n.body, n.link, ${isoTimestamp(sql`n.created_at`)} AS created_at,
    ${isoTimestamp(sql`n.seen_at`)} AS seen_at`,
  from: sql`notifications n`,
  id: sql`n.id`,
  where: sql`n.user_id = ${userId}`,
  sorts: { created_at: { expr: sql`n.created_at`, type: 'timestamp' } },
  defaultSort: 'created_at',
  defaultDescending: true,
  filters: {
    kind: { expr: sql`n.kind`, type: 'text' },
    seen: { expr: sql`(n.seen_at IS NOT NULL)`, type: 'bool' },
  },
});

/**
 * GET /api/notifications — my notifications, newest first, with the shared list query (filters
 * `kind`, `seen` (false: unseen only), as `advanceFilter` or plain parameters) →
 * `ListPage<{ id, kind, title, body, link, created_at, seen_at }>`.
 */
const listMine = defineRoute({
  method: 'get',
  path: '/api/notifications',
  permission: 'role',
  summary: 'My notifications, newest first, paged',
  tags: ['notifications'],
  query: listQuerySchema,
  response: notificationPage,
  handler: ({ db, query, session }) => listPage(db, mine(session!.user!.id), query),
});

/**
 * POST /api/notifications/:id/seen — marks one of my notifications seen → `{ seen: 1 | 0 }` (0:
 * seen already, nothing written). 404 when it is not mine or does not exist. Audited as
 * `notification` `notification.seen`.
 */
const markSeen = defineMutation({
  method: 'post',
  path: '/api/notifications/:id{[0-9]+}/seen',
  permission: 'role',
  summary: 'Mark one of my notifications as seen',
  tags: ['notifications'],
  params: idParams,
  response: seenAnswer,
  async handler({ db, params, session, deps }) {
    const userId = session!.user!.id;
    const [row] = await db
      .select({ seenAt: notifications.seenAt })
      .from(notifications)
      .where(and(eq(notifications.id, params.id), eq(notifications.userId, userId)));
    if (!row) throw notFound('این اعلان یافت نشد');
    if (row.seenAt) return { audits: [], result: { seen: 0 } };
    await db.update(notifications).set({ seenAt: deps.now() }).where(eq(notifications.id, params.id));
    return {
      audits: [{ action: 'notification.seen', entity: 'notification', entityId: params.id }],
      result: { seen: 1 },
    };
  },
});

/**
 * POST /api/notifications/seen-all — marks every unseen notification of mine seen → `{ seen: n }`.
 * Audited as `notification` `notification.seen-all` with `after: { count }` (no row when none
 * was unseen).
 */
const markAllSeen = defineMutation({
  method: 'post',
  path: '/api/notifications/seen-all',
  permission: 'role',
  summary: 'Mark all my notifications as seen',
  tags: ['notifications'],
  response: seenAnswer,
  async handler({ db, session, deps }) {
    const userId = session!.user!.id;
    const marked = await db
      .update(notifications)
      .set({ seenAt: deps.now() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.seenAt)))
      .returning({ id: notifications.id });
    if (marked.length === 0) return { audits: [], result: { seen: 0 } };
    return {
      audits: [{ action: 'notification.seen-all', entity: 'notification', after: { count: marked.length } }],
      result: { seen: marked.length },
    };
  },
});

export const notificationRoutes = [listMine, markSeen, markAllSeen];
