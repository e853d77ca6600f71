import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { listQuerySchema } from '../../../contract/list.ts';
import {
  audienceRole,
  audienceUser,
  audienceUserQuery,
  type MessageAudience,
  messageCreateInput,
  messageInput,
  messagePage,
  messagePreview,
  messagePreviewInput,
  messageRow as messageRowSchema,
} from '../../../contract/notification-messages.ts';
import { idParams } from '../../../contract/persons.ts';
import { renderTemplate, smsParts } from '../../../domain/notifications/template.ts';
import { searchKey } from '../../../domain/persian-text.ts';
import { roleHolds } from '../../auth/permissions.ts';
import type { Db } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { escapeLike, listPage, queryRows } from '../../http/list.ts';
import { defineMutation } from '../../http/mutation.ts';
import { defineRoute, type SessionInfo } from '../../http/route.ts';
import type { JobQueue, NotifyJob, SmsJob } from '../../jobs/queue.ts';
import {
  allRecipients,
  countRecipients,
  firstRecipients,
  type Recipient,
  recipientValues,
} from './message-recipients.ts';
import { messageList, messageRow, withAudienceText } from './message-rows.ts';

/**
 * Staff-sent messages at /notifications/sms (contract/notification-messages.ts has the shapes):
 * every route needs the permission `notifications`. A message is written as a draft (edited and
 * deleted while a draft) and sent once: sending fixes its recipients and queues their SMS (and,
 * for users with `in_app`, their in-app notifications) in the transaction that marks it sent, so
 * a refused or failed send queues nothing. Errors: 404 unknown message; 409 editing, deleting or
 * sending one already sent; 422 (Persian, per field) a bad body, a template with an unknown
 * placeholder, an empty audience, more than 20,000 recipients or none with a mobile (on send);
 * 403 a persons audience for a role without `person.true.list`. Persons' mobiles in the preview
 * are shown with the middle hidden, as the true persons list shows them.
 */

const PERMISSION = 'notifications';
const TAGS = ['notifications'];
/** Jobs queued per statement: bounded, so 20,000 recipients never make one huge INSERT. */
const CHUNK = 1000;

/** The message `id` as answered (with `audience_text`); 404 when there is none. */
async function answerRow(db: Db, id: number) {
  const row = await messageRow(db, id);
  if (!row) throw notFound('پیام یافت نشد');
  const [out] = await withAudienceText(db, [row]);
  return out!;
}

/** The message `id`, locked for the transaction; 404 unknown, 409 when sent (`doing` is refused). */
async function lockDraft(db: Db, id: number, doing: string) {
  const [row] = await queryRows<{ id: number; status: string; title: string }>(
    db,
    sql`SELECT id, status, title FROM notification_messages WHERE id = ${id} FOR UPDATE`,
  );
  if (!row) throw notFound('پیام یافت نشد');
  if (row.status !== 'draft') throw conflict(`این پیام فرستاده شده است و ${doing} آن ممکن نیست`);
  return row;
}

interface Sendable {
  id: number;
  title: string;
  audience: MessageAudience;
  template: string;
  in_app: boolean;
}

/**
 * Sends draft `m` inside transaction `db`: resolves its recipients (422 past the cap or with no
 * mobile), queues one `sms.send` per recipient with a mobile (purpose `message`, its id) and, for
 * users when `in_app`, one `notify` each (kind `message`, in-app only: their SMS is the one above),
 * and marks it sent. → what the audit row records.
 */
async function sendMessage(db: Db, jobs: JobQueue, m: Sendable, by: number | null, now: Date) {
  const recipients = await allRecipients(db, m.audience);
  const bodies = recipients.map((r) => ({ r, body: renderTemplate(m.template, recipientValues(r)) }));
  const sms = bodies
    .filter((b): b is { r: Recipient & { mobile: string }; body: string } => b.r.mobile !== null)
    .map(({ r, body }) => ({
      name: 'sms.send' as const,
      data: { mobile: r.mobile, body, purpose: 'message', messageId: m.id } satisfies SmsJob,
    }));
  for (let i = 0; i < sms.length; i += CHUNK) await jobs.enqueueMany(sms.slice(i, i + CHUNK), { db });
  const inApp =
    m.in_app && m.audience.kind !== 'persons'
      ? bodies.map(({ r, body }) => ({
          name: 'notify' as const,
          data: {
            userId: r.id,
            kind: 'message',
            title: m.title,
            body,
            link: null,
            inApp: true,
            sms: false,
          } satisfies NotifyJob,
        }))
      : [];
  for (let i = 0; i < inApp.length; i += CHUNK) await jobs.enqueueMany(inApp.slice(i, i + CHUNK), { db });
  await db.execute(sql`UPDATE notification_messages SET status = 'sent', recipient_count = ${recipients.length},
    sent_by = ${by}, sent_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
    WHERE id = ${m.id}`);
  return { recipient_count: recipients.length, sms: sms.length, in_app: inApp.length };
}

const AUDIT = 'notification_message';

/**
 * A persons audience reads true persons (names, mobiles): the role must also hold
 * `person.true.list`, as the list it comes from does; 403 otherwise.
 */
async function mayReach(db: Db, session: SessionInfo | null, audience: MessageAudience) {
  if (audience.kind === 'persons' && !(await roleHolds(db, session, 'person.true.list')))
    throw forbidden('فرستادن پیام به اشخاص حقیقی دسترسی فهرست اشخاص حقیقی را می‌خواهد');
}

/** A person's mobile as the true persons list shows it: the middle hidden (0912***4567). */
const masked = (mobile: string) =>
  mobile.length > 8 ? `${mobile.slice(0, 4)}***${mobile.slice(-4)}` : mobile;

/** The stored fields of a message, as its audit rows show them. */
const stored = (m: { title: string; audience: unknown; template: string; in_app: boolean }) => ({
  title: m.title,
  audience: m.audience,
  template: m.template,
  in_app: m.in_app,
});

export const messageRoutes = [
  /**
   * GET /api/notification-messages — `ListPage<MessageRow>`, newest first (sortBy created_at |
   * sent_at | title), filter `status` (draft | sent), `q` on the title. Each row: the audience in
   * words, the recipients fixed at sending, and its SMS sent, failed and pending (message-rows.ts).
   */
  defineRoute({
    method: 'get',
    path: '/api/notification-messages',
    permission: PERMISSION,
    summary: 'Staff-sent messages, newest first, paged, with their SMS counts',
    tags: TAGS,
    query: listQuerySchema,
    response: messagePage,
    async handler({ db, query }) {
      const page = await listPage<Omit<z.infer<typeof messageRowSchema>, 'audience_text'>>(
        db,
        messageList,
        query,
      );
      return { ...page, data: await withAudienceText(db, page.data) };
    },
  }),
  /** GET /api/notification-messages/:id — one message as the list shows it; 404 unknown. */
  defineRoute({
    method: 'get',
    path: '/api/notification-messages/:id{[0-9]+}',
    permission: PERMISSION,
    summary: 'One staff-sent message',
    tags: TAGS,
    params: idParams,
    response: messageRowSchema,
    handler: ({ db, params }) => answerRow(db, params.id),
  }),
  /**
   * POST /api/notification-messages/preview — `{ audience, template, in_app }` → `MessagePreview`:
   * how many the audience reaches now and how many have a mobile, the first three recipients by
   * name with their own text, and the SMS parts of the longest of them. Writes nothing. 422 on a
   * bad template or an empty audience, or a persons filter the list does not offer.
   */
  defineRoute({
    method: 'post',
    path: '/api/notification-messages/preview',
    permission: PERMISSION,
    summary: 'Preview a message: recipients, those with a mobile, three rendered samples',
    tags: TAGS,
    body: messagePreviewInput,
    response: messagePreview,
    async handler({ db, body, session }) {
      await mayReach(db, session, body.audience);
      const counts = await countRecipients(db, body.audience);
      const first = await firstRecipients(db, body.audience, 3);
      const samples = first.map((r) => ({
        name: recipientValues(r).name,
        mobile: r.mobile && body.audience.kind === 'persons' ? masked(r.mobile) : r.mobile,
        body: renderTemplate(body.template, recipientValues(r)),
      }));
      const longest = samples.reduce((a, s) => (s.body.length > a.length ? s.body : a), '');
      return { ...counts, samples, parts: smsParts(longest) };
    },
  }),
  /**
   * GET /api/notification-messages/roles — every role with its active holders, to pick an audience.
   */
  defineRoute({
    method: 'get',
    path: '/api/notification-messages/roles',
    permission: PERMISSION,
    summary: 'Roles to send a message to, with their active users',
    tags: TAGS,
    response: z.array(audienceRole),
    handler: ({ db }) =>
      queryRows(
        db,
        sql`SELECT r.id, r.name, r.title, (SELECT count(*)::int FROM user_roles ur JOIN users u ON u.id = ur.user_id
          WHERE ur.role_id = r.id AND u.status = 'active') AS users FROM roles r ORDER BY r.title, r.id`,
      ),
  }),
  /**
   * GET /api/notification-messages/users?q=&ids= — up to 20 active users whose name or username
   * holds `q`, or the users `ids` (a draft's chosen ones), to pick an audience.
   */
  defineRoute({
    method: 'get',
    path: '/api/notification-messages/users',
    permission: PERMISSION,
    summary: 'Active users to send a message to, by name or username',
    tags: TAGS,
    query: audienceUserQuery,
    response: z.array(audienceUser),
    handler({ db, query }) {
      const ids = query.ids ?? null;
      const key = searchKey(query.q ?? '');
      const cond = ids
        ? sql`u.id = ANY(${sql.param(ids)}::int[])`
        : sql`u.status = 'active' AND lower(replace(replace(concat_ws('', u.first_name, u.last_name, u.username), ' ', ''), chr(8204), ''))
            LIKE ${`%${escapeLike(key)}%`}`;
      return queryRows(
        db,
        sql`SELECT u.id, concat_ws(' ', u.first_name, u.last_name) AS name, u.username,
          (NULLIF(btrim(u.mobile), '') IS NOT NULL) AS has_mobile
          FROM users u WHERE ${cond} ORDER BY u.last_name, u.first_name, u.id LIMIT ${ids ? 1000 : 20}`,
      );
    },
  }),
  /**
   * POST /api/notification-messages — `messageCreateInput` → `MessageRow`: a draft, or with
   * `send: true` created and sent in one transaction (refused whole, nothing written, when the
   * send is). Audited `notification_message` `create` (and `send`).
   */
  defineMutation({
    method: 'post',
    path: '/api/notification-messages',
    permission: PERMISSION,
    summary: 'Write a message as a draft, or write and send it',
    tags: TAGS,
    body: messageCreateInput,
    response: messageRowSchema,
    async handler({ db, body, session, deps }) {
      const { send, ...m } = body;
      await mayReach(db, session, m.audience);
      const by = session?.user?.id ?? null;
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO notification_messages (title, audience, template, in_app, created_by)
          VALUES (${m.title}, ${JSON.stringify(m.audience)}::jsonb, ${m.template}, ${m.in_app}, ${by}) RETURNING id`,
      );
      const id = Number(row!.id);
      const audits = [{ action: 'create', entity: AUDIT, entityId: id, after: stored(m) }];
      if (send) {
        const after = await sendMessage(db, deps.jobs, { id, ...m }, by, deps.now());
        audits.push({ action: 'send', entity: AUDIT, entityId: id, after: after as never });
      }
      return { audits, result: await answerRow(db, id) };
    },
  }),
  /**
   * PATCH /api/notification-messages/:id — `messageInput` → `MessageRow`: rewrites a draft. 404
   * unknown, 409 sent. Audited `notification_message` `update` with before and after (none when
   * nothing changed).
   */
  defineMutation({
    method: 'patch',
    path: '/api/notification-messages/:id{[0-9]+}',
    permission: PERMISSION,
    summary: 'Rewrite a draft message',
    tags: TAGS,
    params: idParams,
    body: messageInput,
    response: messageRowSchema,
    async handler({ db, params, body, session, deps }) {
      await mayReach(db, session, body.audience);
      await lockDraft(db, params.id, 'ویرایش');
      const before = stored(await answerRow(db, params.id));
      const after = stored(body);
      if (JSON.stringify(before) === JSON.stringify(after))
        return { audits: [], result: await answerRow(db, params.id) };
      await db.execute(sql`UPDATE notification_messages SET title = ${body.title},
        audience = ${JSON.stringify(body.audience)}::jsonb, template = ${body.template}, in_app = ${body.in_app},
        updated_at = ${deps.now().toISOString()}::timestamptz WHERE id = ${params.id}`);
      return {
        audits: [{ action: 'update', entity: AUDIT, entityId: params.id, before, after }],
        result: await answerRow(db, params.id),
      };
    },
  }),
  /**
   * DELETE /api/notification-messages/:id — removes a draft → `{ id }`. 404 unknown, 409 sent (a
   * sent message stays, with its SMS log). Audited `notification_message` `delete` with before.
   */
  defineMutation({
    method: 'delete',
    path: '/api/notification-messages/:id{[0-9]+}',
    permission: PERMISSION,
    summary: 'Delete a draft message',
    tags: TAGS,
    params: idParams,
    response: z.object({ id: z.number().int() }),
    async handler({ db, params }) {
      await lockDraft(db, params.id, 'حذف');
      const before = stored(await answerRow(db, params.id));
      await db.execute(sql`DELETE FROM notification_messages WHERE id = ${params.id}`);
      return {
        audits: [{ action: 'delete', entity: AUDIT, entityId: params.id, before }],
        result: { id: params.id },
      };
    },
  }),
  /**
   * POST /api/notification-messages/:id/send — sends a draft as saved → `MessageRow` (status
   * `sent`, `recipient_count`). 404 unknown, 409 sent already, 422 on `audience` past 20,000
   * recipients or with none having a mobile (the draft stays as it was). Audited
   * `notification_message` `send` with the recipients, SMS and in-app notifications queued.
   */
  defineMutation({
    method: 'post',
    path: '/api/notification-messages/:id{[0-9]+}/send',
    permission: PERMISSION,
    summary: 'Send a draft message to its recipients',
    tags: TAGS,
    params: idParams,
    response: messageRowSchema,
    async handler({ db, params, session, deps }) {
      await lockDraft(db, params.id, 'ارسال دوباره');
      const m = await answerRow(db, params.id);
      await mayReach(db, session, m.audience);
      const after = await sendMessage(db, deps.jobs, m, session?.user?.id ?? null, deps.now());
      return {
        audits: [{ action: 'send', entity: AUDIT, entityId: params.id, after }],
        result: await answerRow(db, params.id),
      };
    },
  }),
];
