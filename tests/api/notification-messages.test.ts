import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trueSearchText } from '../../src/domain/persian-text.ts';
import {
  auditLog,
  notificationMessages,
  roles,
  smsLog,
  truePersons,
  userRoles,
  users,
} from '../../src/server/db/schema/index.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { startWorkers } from '../../src/server/jobs/workers.ts';
import { smsProvider } from '../../src/server/sms/provider.ts';
import type { ApiClient } from '../support/api-client.ts';
import { startTestApp } from '../support/api-client.ts';
import { clientAs, grantRole, isPersian, rowCounts, type TestApp } from '../support/auth.ts';

/**
 * Issue 18: staff-sent messages (/api/notification-messages): the preview, drafts, sending to a
 * role (through the real queue and workers, into the SMS log) and to a filtered list of true
 * persons, and the refusals, on the engine the suite runs on.
 */

let t: TestApp;
let admin: ApiClient;
let roleId: number;
let bareRoleId: number;
const delivered: { mobile: string; body: string }[] = [];
const gateway = smsProvider('test-gateway', async (msg) => {
  delivered.push({ mobile: msg.mobile, body: msg.body });
});
const SURNAME = 'پیامکیان';

beforeAll(async () => {
  t = await startTestApp();
  admin = await clientAs(t, 'admin', 'super_admin');
  const [role] = await t.db
    .insert(roles)
    .values({ name: 'msg_group', title: 'گروه پیام آزمون', type: 'staff' })
    .returning({ id: roles.id });
  const [bare] = await t.db
    .insert(roles)
    .values({ name: 'msg_bare', title: 'گروه بی‌همراه', type: 'staff' })
    .returning({ id: roles.id });
  roleId = role!.id;
  bareRoleId = bare!.id;
  const people = [
    { username: 'msg_a', firstName: 'آرش', lastName: 'الف', mobile: '09121230001', status: 'active' },
    { username: 'msg_b', firstName: 'بیژن', lastName: 'ب', mobile: '09121230002', status: 'active' },
    { username: 'msg_c', firstName: 'پری', lastName: 'پ', mobile: null, status: 'active' },
    { username: 'msg_d', firstName: 'تینا', lastName: 'ت', mobile: '09121230004', status: 'deactivated' },
  ];
  const made = await t.db
    .insert(users)
    .values(people.map((p) => ({ ...p, passwordHash: 'x' })))
    .returning({ id: users.id, username: users.username });
  await t.db.insert(userRoles).values(made.map((u) => ({ userId: u.id, roleId: roleId })));
  await t.db
    .insert(userRoles)
    .values({ userId: made.find((u) => u.username === 'msg_c')!.id, roleId: bareRoleId });
  await t.db.insert(truePersons).values(
    [
      ['مینا', '09351110001'],
      ['نادر', '09351110002'],
      ['یاسر', null],
    ].map(([first, mobile]) => ({
      firstName: first!,
      lastName: SURNAME,
      mobile,
      searchText: trueSearchText(first!, SURNAME, null),
    })),
  );
  await startWorkers(t.deps.jobs, { database: t.deps.database, sms: gateway });
});
afterAll(() => t.dispose());

async function until<T>(check: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const toRole = (id = roleId) => ({ kind: 'roles', role_ids: [id] });
const surnameQuery = { advanceFilter: JSON.stringify([{ field: 'last_name', op: 'eq', value: SURNAME }]) };
const counts = () => rowCounts(t.db, { messages: notificationMessages, audit: auditLog, sms: smsLog });
const smsJobs = async (messageId: number) => {
  const [row] = await queryRows<{ n: number }>(
    t.db,
    sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'sms.send' AND (data->>'messageId')::int = ${messageId}`,
  );
  return Number(row!.n);
};

describe('preview', () => {
  it('counts a role’s active users and those with a mobile, and renders three samples by name', async () => {
    const res = await admin.post('/api/notification-messages/preview', {
      json: { audience: toRole(), template: 'سلام {{first_name}} {{last_name}}', in_app: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      recipients: 3,
      with_mobile: 2,
      samples: [
        { name: 'آرش الف', mobile: '09121230001', body: 'سلام آرش الف' },
        { name: 'بیژن ب', mobile: '09121230002', body: 'سلام بیژن ب' },
        { name: 'پری پ', mobile: null, body: 'سلام پری پ' },
      ],
      parts: { parts: 1, encoding: 'UCS-2', characters: 12 },
    });
  });

  it('finds the true persons the list’s filter finds, with their own names', async () => {
    const res = await admin.post('/api/notification-messages/preview', {
      json: { audience: { kind: 'persons', query: surnameQuery }, template: '{{name}} عزیز' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ recipients: 3, with_mobile: 2 });
    expect(res.body.data.samples.map((s: { body: string }) => s.body)).toEqual([
      `مینا ${SURNAME} عزیز`,
      `نادر ${SURNAME} عزیز`,
      `یاسر ${SURNAME} عزیز`,
    ]);
    // persons' mobiles as the true persons list shows them, the middle hidden
    expect(res.body.data.samples[0].mobile).toBe('0935***0001');
  });
});

describe('drafts', () => {
  let id: number;
  it('creates, lists, updates and deletes a draft, each audited', async () => {
    const created = await admin.post('/api/notification-messages', {
      json: { title: 'پیش‌نویس آزمون', audience: toRole(), template: 'سلام {{name}}', in_app: false },
    });
    expect(created.status).toBe(200);
    id = created.body.data.id;
    expect(created.body.data).toMatchObject({
      status: 'draft',
      recipient_count: null,
      audience_text: 'نقش‌ها: گروه پیام آزمون',
      sent: 0,
    });
    const updated = await admin.request('PATCH', `/api/notification-messages/${id}`, {
      json: { title: 'پیش‌نویس ویرایش‌شده', audience: toRole(), template: 'درود {{name}}', in_app: true },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({
      title: 'پیش‌نویس ویرایش‌شده',
      template: 'درود {{name}}',
      in_app: true,
    });
    const list = await admin.get('/api/notification-messages?status=draft');
    expect(list.body.data.data.map((r: { id: number }) => r.id)).toContain(id);
    const del = await admin.request('DELETE', `/api/notification-messages/${id}`);
    expect(del.status).toBe(200);
    expect((await admin.get(`/api/notification-messages/${id}`)).status).toBe(404);
    const audits = await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM audit_log WHERE entity = 'notification_message' AND entity_id = ${String(id)} ORDER BY id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses a bad template, an empty audience and an audience with no mobile (422), changing nothing', async () => {
    const before = await counts();
    const unknown = await admin.post('/api/notification-messages', {
      json: { title: 'الف', audience: toRole(), template: 'سلام {{national_code}}' },
    });
    expect(unknown.status).toBe(422);
    expect(isPersian(unknown.body.errors.template[0])).toBe(true);
    const empty = await admin.post('/api/notification-messages/preview', {
      json: { audience: { kind: 'roles', role_ids: [] }, template: 'سلام' },
    });
    expect(empty.status).toBe(422);
    expect(isPersian(empty.body.errors['audience.role_ids'][0])).toBe(true);
    const noMobile = await admin.post('/api/notification-messages', {
      json: { title: 'بی‌همراه', audience: toRole(bareRoleId), template: 'سلام', send: true },
    });
    expect(noMobile.status).toBe(422);
    expect(noMobile.body.errors.audience[0]).toContain('شماره همراه');
    const badFilter = await admin.post('/api/notification-messages/preview', {
      json: {
        audience: { kind: 'persons', query: { advanceFilter: '[{"field":"salary","op":"eq","value":1}]' } },
        template: 'سلام',
      },
    });
    expect(badFilter.status).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it('refuses every route to a role without notifications (403)', async () => {
    const analyst = await clientAs(t, 'analyst', 'analyst');
    expect((await analyst.get('/api/notification-messages')).status).toBe(403);
    expect((await analyst.get('/api/notification-messages/roles')).status).toBe(403);
    const preview = await analyst.post('/api/notification-messages/preview', {
      json: { audience: toRole(), template: 'سلام' },
    });
    expect(preview.status).toBe(403);
    const create = await analyst.post('/api/notification-messages', {
      json: { title: 'الف', audience: toRole(), template: 'سلام', send: true },
    });
    expect(create.status).toBe(403);
    // `notifications` alone reaches users and roles, not true persons (their list's permission)
    const sender = await clientAs(
      t,
      'nomination',
      await grantRole(t, 'nomination', 'msg_sender', ['notifications']),
    );
    const toRoles = await sender.post('/api/notification-messages/preview', {
      json: { audience: toRole(), template: 'سلام' },
    });
    expect(toRoles.status).toBe(200);
    const toPersons = await sender.post('/api/notification-messages/preview', {
      json: { audience: { kind: 'persons', query: surnameQuery }, template: 'سلام' },
    });
    expect(toPersons.status).toBe(403);
    expect(isPersian(toPersons.body.message)).toBe(true);
  });
});

describe('sending', () => {
  it('sends to a role: one SMS job per active user with a mobile, in-app for each, counted once sent', async () => {
    const draft = await admin.post('/api/notification-messages', {
      json: {
        title: 'جلسه فردا',
        audience: toRole(),
        template: '{{name}} گرامی، جلسه فردا ساعت ۹ است',
        in_app: true,
      },
    });
    const id = draft.body.data.id as number;
    const sent = await admin.post(`/api/notification-messages/${id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ status: 'sent', recipient_count: 3, sent_by: expect.any(String) });
    expect(await smsJobs(id)).toBe(2);
    const rows = await until(async () => {
      const r = await queryRows<{ mobile: string; body: string; purpose: string }>(
        t.db,
        sql`SELECT mobile, body, purpose FROM sms_log WHERE message_id = ${id} AND status = 'sent' ORDER BY mobile`,
      );
      return r.length === 2 ? r : undefined;
    });
    expect(rows).toEqual([
      { mobile: '09121230001', body: 'آرش الف گرامی، جلسه فردا ساعت ۹ است', purpose: 'message' },
      { mobile: '09121230002', body: 'بیژن ب گرامی، جلسه فردا ساعت ۹ است', purpose: 'message' },
    ]);
    // in-app notifications for all three active holders, none SMS twice
    const notes = await until(async () => {
      const r = await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM notifications WHERE kind = 'message' AND title = 'جلسه فردا'`,
      );
      return Number(r[0]!.n) === 3 ? 3 : undefined;
    });
    expect(notes).toBe(3);
    expect(delivered.filter((d) => d.body.includes('جلسه فردا'))).toHaveLength(2);
    const list = await admin.get('/api/notification-messages');
    expect(list.status).toBe(200);
    expect(list.body.data.data[0]).toMatchObject({ id, sent: 2, failed: 0, pending: 0, recipient_count: 3 });
    // a sent message is not edited, deleted or sent again
    const edit = await admin.request('PATCH', `/api/notification-messages/${id}`, {
      json: { title: 'دیگر', audience: toRole(), template: 'سلام' },
    });
    expect(edit.status).toBe(409);
    expect(isPersian(edit.body.message)).toBe(true);
    expect((await admin.request('DELETE', `/api/notification-messages/${id}`)).status).toBe(409);
    expect((await admin.post(`/api/notification-messages/${id}/send`)).status).toBe(409);
    const [audit] = await queryRows<{ after: Record<string, number> }>(
      t.db,
      sql`SELECT after FROM audit_log WHERE entity = 'notification_message' AND action = 'send' AND entity_id = ${String(id)}`,
    );
    expect(audit!.after).toEqual({ recipient_count: 3, sms: 2, in_app: 3 });
  });

  it('creates and sends to the persons a filter matches, and to them alone', async () => {
    const res = await admin.post('/api/notification-messages', {
      json: {
        title: 'اشخاص',
        audience: { kind: 'persons', query: surnameQuery },
        template: 'سلام {{first_name}}',
        in_app: true,
        send: true,
      },
    });
    expect(res.status).toBe(200);
    const id = res.body.data.id as number;
    expect(res.body.data).toMatchObject({ status: 'sent', recipient_count: 3, in_app: false });
    expect(res.body.data.audience_text).toContain('نام خانوادگی');
    const rows = await until(async () => {
      const r = await t.db
        .select({ mobile: smsLog.mobile, body: smsLog.body })
        .from(smsLog)
        .where(eq(smsLog.messageId, id));
      return r.length === 2 ? r : undefined;
    });
    expect(rows.map((r) => r.body).sort()).toEqual(['سلام مینا', 'سلام نادر']);
  });
});
