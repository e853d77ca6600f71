import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { type KeepAlive, keepAliveAnswer, seenAnswer } from '../../../contract/auth.ts';
import { contactMessageSeen, contactMessages } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { defineMutation } from '../../http/mutation.ts';
import { defineRoute } from '../../http/route.ts';
import { unseenBy } from '../auth/role-access.ts';

/** How many unseen messages keep-alive lists (the count covers all of them). */
const UNSEEN_LIST_LIMIT = 50;

/**
 * GET /api/user/keep-alive — the header badges, polled by the client; each call also keeps the
 * session alive. `{ unseenContacts: [{ id, name, subject, created_at }] (newest 50),
 * unseenContactsCount, cartables }`. `cartables` is 0 until the workflow (cartable of requests
 * waiting on the role) exists.
 */
const keepAlive = defineRoute({
  method: 'get',
  path: '/api/user/keep-alive',
  permission: 'role',
  summary: 'Header badges: unseen contact messages and cartable count',
  tags: ['account'],
  response: keepAliveAnswer,
  async handler({ db, session }): Promise<KeepAlive> {
    const userId = session!.user!.id;
    const [rows, [total]] = await Promise.all([
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
    ]);
    return {
      unseenContacts: rows.map((r) => ({
        id: r.id,
        name: r.name,
        subject: r.subject,
        created_at: r.createdAt.toISOString(),
      })),
      unseenContactsCount: total?.n ?? 0,
      cartables: 0,
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
