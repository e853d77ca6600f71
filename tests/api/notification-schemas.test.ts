import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationSchemaRow } from '../../src/contract/notification-schemas.ts';
import type { NotificationRow } from '../../src/contract/notifications.ts';
import {
  auditLog,
  notificationSchemaRoles,
  notificationSchemas,
  roles,
} from '../../src/server/db/schema/index.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { startWorkers } from '../../src/server/jobs/workers.ts';
import { smsProvider } from '../../src/server/sms/provider.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, grantRole, isPersian, rowCounts, type TestApp, userIdOf } from '../support/auth.ts';

/**
 * Notification schemas (issue 18) over the API: the four seeded defaults are listed; staff with
 * `notifications` create, edit and delete them, each with its audit row; refusals (a placeholder
 * the event lacks, a section tag, no channel, a duplicate name, an unknown role or event) are
 * Persian 422s that change nothing; a role without `notifications` gets 403; and a schema naming
 * a role reaches that role's users when its event happens (an issue assigned).
 */

let t: TestApp;
let admin: ApiClient;
let analyst: ApiClient;
let watcherRole: number;

const PATH = '/api/notification-schemas';
const tables = { schemas: notificationSchemas, schemaRoles: notificationSchemaRoles, audit: auditLog };

const body = (over: Record<string, unknown> = {}) => ({
  event: 'issue.letter_added',
  name: 'نامه تازه برای ناظران',
  title_template: 'نامه {{letter_number}} در «{{issue_title}}»',
  body_template: '{{letter_subject}} — {{author}}',
  in_app: true,
  sms: false,
  to_subjects: false,
  role_ids: [watcherRole],
  active: true,
  ...over,
});

beforeAll(async () => {
  t = await startTestApp();
  await startWorkers(t.deps.jobs, {
    database: t.deps.database,
    sms: smsProvider('test-gateway', async () => {}),
  });
  admin = await clientAs(t, 'admin', undefined, '10.19.0.1');
  analyst = await clientAs(t, 'analyst', 'analyst', '10.19.0.2');
  await grantRole(t, 'nomination', 'schema_watchers', ['profile']);
  [{ id: watcherRole }] = (await t.db
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.name, 'schema_watchers'))) as [{ id: number }];
});
afterAll(() => t.dispose());

const auditsOf = (id: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'notification_schema'), eq(auditLog.entityId, String(id))))
    .orderBy(auditLog.id);

describe('notification schemas', () => {
  it('lists the four seeded defaults, one per event, by event', async () => {
    const res = await admin.get(PATH);
    expect(res.status).toBe(200);
    const rows = res.body.data as NotificationSchemaRow[];
    const seeded = rows.filter((r) => r.role_ids.length === 0 && r.to_subjects);
    expect(seeded.map((r) => r.event).sort()).toEqual(
      ['issue.assigned', 'issue.due_passed', 'issue.letter_added', 'issue.woken'].sort(),
    );
    expect(rows.find((r) => r.event === 'issue.assigned')).toMatchObject({
      name: 'ارجاع موضوع به مسئول',
      title_template: '{{count}} موضوع به شما ارجاع شد',
      in_app: true,
      sms: true,
      active: true,
      roles: '',
    });
  });

  it('creates, edits and deletes a schema, each in one transaction with its audit row', async () => {
    const made = await admin.request('POST', PATH, { json: body() });
    expect(made.status).toBe(200);
    const row = made.body.data as NotificationSchemaRow;
    expect(row).toMatchObject({
      event: 'issue.letter_added',
      role_ids: [watcherRole],
      roles: 'نقش آزمون schema_watchers',
    });
    const id = row.id;
    const edited = await admin.request('PUT', `${PATH}/${id}`, {
      json: body({ sms: true, role_ids: [], to_subjects: true, title_template: 'نامه {{direction}}' }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      sms: true,
      role_ids: [],
      roles: '',
      title_template: 'نامه {{direction}}',
    });
    expect(
      (await t.db.select().from(notificationSchemaRoles).where(eq(notificationSchemaRoles.schemaId, id)))
        .length,
    ).toBe(0);
    const removed = await admin.request('DELETE', `${PATH}/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ deleted: true });
    expect(await t.db.select().from(notificationSchemas).where(eq(notificationSchemas.id, id))).toEqual([]);
    const audits = await auditsOf(id);
    expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(audits[0]!.after).toMatchObject({ name: 'نامه تازه برای ناظران', role_ids: [watcherRole] });
    expect(audits[1]!.before).toMatchObject({ sms: false, role_ids: [watcherRole] });
    expect(audits[1]!.after).toMatchObject({ sms: true, role_ids: [] });
    expect(audits[2]!.before).toMatchObject({ sms: true });
    expect((await admin.request('PUT', `${PATH}/${id}`, { json: body() })).status).toBe(404);
    expect((await admin.request('DELETE', `${PATH}/${id}`)).status).toBe(404);
  });

  it('refuses bad input with a Persian 422 naming the field, and writes nothing', async () => {
    const [seeded] = (await admin.get(PATH)).body.data as NotificationSchemaRow[];
    const before = await rowCounts(t.db, tables);
    const refuse = async (json: Record<string, unknown>, field: string, text?: RegExp, id?: number) => {
      const res = await admin.request(id ? 'PUT' : 'POST', id ? `${PATH}/${id}` : PATH, { json });
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(Object.keys(res.body.errors), JSON.stringify(res.body)).toContain(field);
      expect(isPersian(res.body.errors[field][0])).toBe(true);
      if (text) expect(res.body.errors[field][0]).toMatch(text);
    };
    // a placeholder of another event, named in the message
    await refuse(body({ title_template: 'مهلت {{due_date}}' }), 'title_template', /«due_date»/);
    await refuse(body({ body_template: 'سلام {{nobody}}' }), 'body_template', /«nobody»/);
    // a section tag, and an unclosed one
    await refuse(body({ body_template: '{{#author}}x{{/author}}' }), 'body_template', /ساده/);
    await refuse(body({ title_template: 'نامه {{author' }), 'title_template');
    await refuse(body({ title_template: 'ا'.repeat(671) }), 'title_template', /۶۷۰/);
    await refuse(body({ in_app: false, sms: false }), 'in_app');
    await refuse(body({ name: seeded!.name }), 'name', /پیش‌تر/);
    await refuse(body({ role_ids: [999_999] }), 'role_ids');
    await refuse(body({ event: 'issue.exploded' }), 'event');
    await refuse(body({ name: '' }), 'name');
    // an edit refused the same way leaves the row as it was
    await refuse(
      body({ name: seeded!.name, title_template: '{{letter_number}} {{count}}' }),
      'title_template',
      /«count»/,
      seeded!.id,
    );
    expect(await rowCounts(t.db, tables)).toEqual(before);
    expect(
      ((await admin.get(PATH)).body.data as NotificationSchemaRow[]).find((r) => r.id === seeded!.id),
    ).toEqual(seeded);
  });

  it('answers 403 to a role without notifications, and lists roles to whoever may manage schemas', async () => {
    const before = await rowCounts(t.db, tables);
    expect((await analyst.get(PATH)).status).toBe(403);
    expect((await analyst.get(`${PATH}/roles`)).status).toBe(403);
    expect((await analyst.request('POST', PATH, { json: body({ name: 'ممنوع' }) })).status).toBe(403);
    const [first] = (await admin.get(PATH)).body.data as NotificationSchemaRow[];
    expect(
      (await analyst.request('PUT', `${PATH}/${first!.id}`, { json: body({ name: 'ممنوع' }) })).status,
    ).toBe(403);
    expect((await analyst.request('DELETE', `${PATH}/${first!.id}`)).status).toBe(403);
    expect(await rowCounts(t.db, tables)).toEqual(before);
    const listed = await admin.get(`${PATH}/roles`);
    expect(listed.status).toBe(200);
    expect(listed.body.data).toContainEqual({ id: watcherRole, title: 'نقش آزمون schema_watchers' });
  });

  it("reaches the users of a schema's role when its event happens", async () => {
    const made = await admin.request('POST', PATH, {
      json: body({
        event: 'issue.assigned',
        name: 'ارجاع برای ناظران',
        title_template: 'ارجاع: {{issues}} به دست {{assigned_by}}',
        body_template: '{{count}} موضوع',
        to_subjects: false,
      }),
    });
    expect(made.status).toBe(200);
    const auditor = await clientAs(t, 'auditor', 'auditor', '10.19.0.3');
    const watcher = await clientAs(t, 'nomination', 'schema_watchers', '10.19.0.4');
    const analystId = await userIdOf(t, 'analyst');
    const [{ id: company }] = (await queryRows<{ id: number }>(
      t.db,
      sql`SELECT min(id) AS id FROM legal_persons WHERE deleted_at IS NULL`,
    )) as [{ id: number }];
    const type = (await auditor.get('/api/issue-types')).body.data[0].id;
    const raised = await auditor.request('POST', '/api/issues', {
      json: {
        title: 'موضوع برای نقش ناظر',
        object_type: 'legal_person',
        object_id: company,
        issue_type: type,
        priority: '3',
        assignee_id: analystId,
      },
    });
    expect(raised.status).toBe(200);
    const auditorName = (
      await queryRows<{ name: string }>(
        t.db,
        sql`SELECT first_name || ' ' || last_name AS name FROM users WHERE username = 'auditor'`,
      )
    )[0]!.name;
    const wanted = `ارجاع: «موضوع برای نقش ناظر» به دست ${auditorName}`;
    const deadline = Date.now() + 20_000;
    let got: NotificationRow | undefined;
    while (!got && Date.now() < deadline) {
      const mine = (await watcher.get('/api/notifications?per_page=100')).body.data.data as NotificationRow[];
      got = mine.find((n) => n.title === wanted);
      if (!got) await new Promise((r) => setTimeout(r, 100));
    }
    expect(got, `no notification «${wanted}» for the role's user`).toBeDefined();
    expect(got).toMatchObject({
      kind: 'issue.assigned',
      body: '۱ موضوع',
      link: `/issues/view/${raised.body.data.id}`,
    });
  });
});
