import { and, count, desc, eq, inArray, isNull, not } from 'drizzle-orm';
import { z } from 'zod';
import { type KeepAlive, keepAliveAnswer, seenAnswer } from '../../../contract/auth.ts';
import { contactMessageSeen, contactMessages, issues, notifications } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { defineMutation } from '../../http/mutation.ts';
import { defineRoute } from '../../http/route.ts';
import { unseenBy } from '../auth/role-access.ts';

/** How many unseen messages (and notifications) keep-alive lists (the counts cover all of them). */
const UNSEEN_LIST_LIMIT = 50;

/** The states in which an issue no longer waits on its assignee (not counted in the cartable). */
const FINISHED_STATES = ['closed', 'declined', 'duplicate'];

/**
 * GET /api/user/keep-alive — the header badges, polled by the client; each call also keeps the
 * session alive. `{ unseenContacts: [{ id, name, subject, created_at }] (newest 50),
 * unseenContactsCount, cartables, unseenNotifications: [{ id, kind, title, body, link,
 * created_at }] (newest 50), unseenNotificationsCount }`. `cartables`: the issues assigned to the
 * caller that they have not opened since (`assignee_seen_at` null; POST /api/issues/:id/seen),
 * leaving out the closed, declined and duplicate ones.
 */
const keepAlive = defineRoute({
  method: 'get',
  path: '/api/user/keep-alive',
  permission: 'role',
  summary: 'Header badges: unseen contact messages, cartable count and unseen notifications',
  tags: ['account'],
  response: keepAliveAnswer,
  async handler({ db, session }): Promise<KeepAlive> {
    const userId = session!.user!.id;
    const unseenNotes = and(eq(notifications.userId, userId), isNull(notifications.seenAt));
    const [rows, [total], [cartable], notes, [notesTotal]] = await Promise.all([
      db
        .select({
          id: contactMessages.id,
          name: contactMessages.name,
          subject: contactMessages.subject,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(unseenBy(db, userId))
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(UNSEEN_LIST_LIMIT),
      db.select({ n: count() }).from(contactMessages).where(unseenBy(db, userId)),
      db
        .select({ n: count() })
        .from(issues)
        .where(
          and(
            eq(issues.assigneeId, userId),
            isNull(issues.assigneeSeenAt),
            not(inArray(issues.status, FINISHED_STATES)),
          ),
        ),
      db
        .select({
          id: notifications.id,
          kind: notifications.kind,
          title: notifications.title,
          body: notifications.body,
          link: notifications.link,
          createdAt: notifications.createdAt,
        })
        .from(notifications)
        .where(unseenNotes)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(UNSEEN_LIST_LIMIT),
      db.select({ n: count() }).from(notifications).where(unseenNotes),
    ]);
    return {
      unseenContacts: rows.map((r) => ({
        id: r.id,
        name: r.name,
        subject: r.subject,
        created_at: r.createdAt.toISOString(),
      })),
      unseenContactsCount: total?.n ?? 0,
      cartables: cartable?.n ?? 0,
      unseenNotifications: notes.map(({ createdAt, ...n }) => ({
        ...n,
        created_at: createdAt.toISOString(),
      })),
      unseenNotificationsCount: notesTotal?.n ?? 0,
    };
  },
});

/**
 * POST /api/user/contacts/:id/seen — marks one message seen by the user → `{ seen: 1 | 0 }` (0:
 * seen already, nothing written); 404 unknown id. Audited as `contact_message` `contact.seen`.
 */
const markSeen = defineMutation({
  method: 'post',
  path: '/api/user/contacts/:id{[0-9]+}/seen',
  permission: 'role',
  summary: 'Mark one contact message as seen',
  tags: ['account'],
  params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: seenAnswer,
  async handler({ db, params, session, deps }) {
    const userId = session!.user!.id;
    const [msg] = await db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(eq(contactMessages.id, params.id));
    if (!msg) throw notFound('این پیام یافت نشد');
    const [already] = await db
      .select({ id: contactMessageSeen.messageId })
      .from(contactMessageSeen)
      .where(and(eq(contactMessageSeen.messageId, params.id), eq(contactMessageSeen.userId, userId)));
    if (already) return { audits: [], result: { seen: 0 } };
    await db.insert(contactMessageSeen).values({ messageId: params.id, userId, seenAt: deps.now() });
    return {
      audits: [{ action: 'contact.seen', entity: 'contact_message', entityId: params.id }],
      result: { seen: 1 },
    };
  },
});

/**
 * POST /api/user/contacts/seen-all — marks every unseen message seen → `{ seen: n }`. Audited as
 * `contact_message` `contact.seen-all` with `after: { count }` (no row when none was unseen).
 */
const markAllSeen = defineMutation({
  method: 'post',
  path: '/api/user/contacts/seen-all',
  permission: 'role',
  summary: 'Mark every contact message as seen',
  tags: ['account'],
  response: seenAnswer,
  async handler({ db, session, deps }) {
    const userId = session!.user!.id;
    const unseen = await db
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(unseenBy(db, userId));
    if (unseen.length === 0) return { audits: [], result: { seen: 0 } };
    await db
      .insert(contactMessageSeen)
      .values(unseen.map((m) => ({ messageId: m.id, userId, seenAt: deps.now() })));
    return {
      audits: [{ action: 'contact.seen-all', entity: 'contact_message', after: { count: unseen.length } }],
      result: { seen: unseen.length },
    };
  },
});

export const keepAliveRoutes = [keepAlive, markSeen, markAllSeen];
