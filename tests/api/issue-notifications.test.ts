import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KeepAlive } from '../../src/contract/auth.ts';
import type { NotificationRow } from '../../src/contract/notifications.ts';
import { jalaliOfIso, tehranTimestamp } from '../../src/domain/jalali.ts';
import { toPersianDigits } from '../../src/domain/persian-text.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { startWorkers } from '../../src/server/jobs/workers.ts';
import { sweepIssues } from '../../src/server/modules/issues/sweep.ts';
import { smsProvider } from '../../src/server/sms/provider.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, type TestApp } from '../support/auth.ts';

/**
 * Issue 18's assignment notifications: giving an issue an assignee (create, update, the bulk
 * verb `assign`) queues one `issue.assigned` notification in the same transaction; the workers
 * write it, and it shows in the assignee's GET /api/notifications and keep-alive. A refused
 * (rolled-back) assignment notifies nobody. The cartable counts the open issues assigned to the
 * user and not opened since; POST /api/issues/:id/seen (the issue view) takes one out of it.
 */

let t: TestApp;
let auditor: ApiClient;
let analyst: ApiClient;
let analystId: number;
let auditorId: number;
let company: number;
let type: number;

beforeAll(async () => {
  t = await startTestApp();
  await startWorkers(t.deps.jobs, {
    database: t.deps.database,
    sms: smsProvider('test-gateway', async () => {}),
  });
  auditor = await clientAs(t, 'auditor', 'auditor', '10.18.0.1');
  analyst = await clientAs(t, 'analyst', 'analyst', '10.18.0.2');
  const people = await queryRows<{ id: number; username: string }>(
    t.db,
    sql`SELECT id, username FROM users WHERE username IN ('analyst', 'auditor')`,
  );
  analystId = Number(people.find((u) => u.username === 'analyst')!.id);
  auditorId = Number(people.find((u) => u.username === 'auditor')!.id);
  [{ id: company }] = (await queryRows<{ id: number }>(
    t.db,
    sql`SELECT min(id) AS id FROM legal_persons WHERE deleted_at IS NULL`,
  )) as [{ id: number }];
  type = (await auditor.get('/api/issue-types')).body.data[0].id;
});
afterAll(() => t.dispose());

/** Polls `check` every 100 ms until it gives a value other than undefined (fails after `ms`). */
async function until<T>(check: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const issueBody = (title: string, assignee_id: number | null = null, due_date: string | null = null) => ({
  title,
  object_type: 'legal_person',
  object_id: company,
  issue_type: type,
  priority: '3',
  assignee_id,
  due_date,
});
async function raise(
  title: string,
  assignee: number | null = null,
  due: string | null = null,
): Promise<number> {
  const res = await auditor.request('POST', '/api/issues', { json: issueBody(title, assignee, due) });
  expect(res.status).toBe(200);
  return res.body.data.id;
}
const keepAlive = async (c: ApiClient) => (await c.get('/api/user/keep-alive')).body.data as KeepAlive;
const notificationsOf = async (c: ApiClient) =>
  (await c.get('/api/notifications?per_page=100')).body.data.data as NotificationRow[];
/** The analyst's notification whose body or title has `text`, once the workers wrote it. */
const arrived = (text: string) =>
  until(async () =>
    (await notificationsOf(analyst)).find((n) => n.body.includes(text) || n.title.includes(text)),
  );
/** The auditor's notification whose title has `text`, once the workers wrote it. */
const arrivedToAuditor = (text: string) =>
  until(async () => (await notificationsOf(auditor)).find((n) => n.title.includes(text)));
/** Notify jobs queued for `userId` (any state). */
const queuedFor = async (userId: number) =>
  Number(
    (
      await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notify' AND (data->>'userId')::int = ${userId}`,
      )
    )[0]!.n,
  );

describe('assignment notifications', () => {
  it('notifies the assignee of a new issue; it shows in their notifications and keep-alive', async () => {
    const before = await keepAlive(analyst);
    const id = await raise('موضوع ارجاع هنگام ثبت', analystId);
    const n = await arrived('موضوع ارجاع هنگام ثبت');
    expect(n).toMatchObject({
      kind: 'issue.assigned',
      title: '۱ موضوع به شما ارجاع شد',
      body: '«موضوع ارجاع هنگام ثبت»',
      link: `/issues/view/${id}`,
      seen_at: null,
    });
    const after = await keepAlive(analyst);
    expect(after.cartables).toBe(before.cartables + 1);
    expect(after.unseenNotificationsCount).toBe(before.unseenNotificationsCount + 1);
    expect(after.unseenNotifications[0]).toMatchObject({ id: n.id, link: `/issues/view/${id}` });
    // the auditor got nothing
    expect((await notificationsOf(auditor)).some((x) => x.link === `/issues/view/${id}`)).toBe(false);
  });

  it('notifies the new assignee when an update changes it, and nobody when it does not', async () => {
    const id = await raise('موضوع ارجاع با ویرایش');
    const put = (assignee: number | null) =>
      auditor.request('PUT', `/api/issues/${id}`, { json: issueBody('موضوع ارجاع با ویرایش', assignee) });
    expect((await put(analystId)).status).toBe(200);
    await arrived('موضوع ارجاع با ویرایش');
    const queued = await queuedFor(analystId);
    expect((await put(analystId)).status).toBe(200); // same assignee: nothing new
    expect(await queuedFor(analystId)).toBe(queued);
    // assigned to oneself: told too
    expect((await put(auditorId)).status).toBe(200);
    await until(async () => (await notificationsOf(auditor)).find((x) => x.link === `/issues/view/${id}`));
  });

  it('notifies once per bulk assign, naming how many issues', async () => {
    const ids = [
      await raise('موضوع گروهی الف'),
      await raise('موضوع گروهی ب'),
      await raise('موضوع گروهی پ'),
      await raise('موضوع گروهی ت'),
    ];
    const before = await keepAlive(analyst);
    const queued = await queuedFor(analystId);
    const res = await auditor.request('POST', '/api/issues/bulk', {
      json: { verb: 'assign', assignee_id: analystId, ids },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.changed).toBe(4);
    const n = await arrived('۴ موضوع به شما ارجاع شد');
    expect(await queuedFor(analystId)).toBe(queued + 1);
    expect(n).toMatchObject({
      kind: 'issue.assigned',
      link: `/issues/legal-person?assignee_id=${analystId}`,
      body: '«موضوع گروهی الف»، «موضوع گروهی ب»، «موضوع گروهی پ» و ۱ موضوع دیگر',
    });
    const after = await keepAlive(analyst);
    expect(after.cartables).toBe(before.cartables + 4);
    // one issue: the single notice, linking to it
    const one = await raise('موضوع گروهی تنها');
    expect(
      (
        await auditor.request('POST', '/api/issues/bulk', {
          json: { verb: 'assign', assignee_id: analystId, ids: [one] },
        })
      ).status,
    ).toBe(200);
    expect(await arrived('«موضوع گروهی تنها»')).toMatchObject({
      title: '۱ موضوع به شما ارجاع شد',
      link: `/issues/view/${one}`,
    });
  });

  it('notifies nobody when the assignment is refused and rolled back', async () => {
    const id = await raise('موضوع ارجاع ردشده', analystId);
    await arrived('موضوع ارجاع ردشده');
    const queued = await queuedFor(analystId);
    // already theirs: the verb changes nothing (422), the transaction rolls back
    const res = await auditor.request('POST', '/api/issues/bulk', {
      json: { verb: 'assign', assignee_id: analystId, ids: [id] },
    });
    expect(res.status).toBe(422);
    expect(isPersian(res.body.message)).toBe(true);
    // a bad assignee on create: 422, nothing queued
    const bad = await auditor.request('POST', '/api/issues', {
      json: issueBody('موضوع با مسئول ناشناخته', 999_999),
    });
    expect(bad.status).toBe(422);
    expect(await queuedFor(analystId)).toBe(queued);
    expect(await queuedFor(999_999)).toBe(0);
  });
});

describe('seen marks', () => {
  it('takes an issue out of its assignee’s cartable when they open it, until it is reassigned', async () => {
    const id = await raise('موضوع دیده‌شدن', analystId);
    const before = (await keepAlive(analyst)).cartables;
    // someone else opening it does not count
    expect((await auditor.post(`/api/issues/${id}/seen`)).body.data).toEqual({ seen: 0 });
    expect((await keepAlive(analyst)).cartables).toBe(before);
    const first = await analyst.post(`/api/issues/${id}/seen`);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ seen: 1 });
    expect((await analyst.post(`/api/issues/${id}/seen`)).body.data).toEqual({ seen: 0 });
    expect((await keepAlive(analyst)).cartables).toBe(before - 1);
    const [audit] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'issue.seen' AND entity_id = ${String(id)}`,
    );
    expect(Number(audit!.n)).toBe(1);
    // given to the auditor and back: unseen again
    const put = (a: number) =>
      auditor.request('PUT', `/api/issues/${id}`, { json: issueBody('موضوع دیده‌شدن', a) });
    expect((await put(auditorId)).status).toBe(200);
    expect((await put(analystId)).status).toBe(200);
    expect((await keepAlive(analyst)).cartables).toBe(before);
    // a declined issue waits on nobody
    expect(
      (
        await auditor.request('POST', `/api/issues/${id}/moves`, {
          json: { type: 'DECLINE', reason: 'تکراری نیست' },
        })
      ).status,
    ).toBe(200);
    expect((await keepAlive(analyst)).cartables).toBe(before - 1);
    expect((await analyst.post('/api/issues/99999999/seen')).status).toBe(404);
  });

  it('marks one notification seen, then all: the list empties and the count is 0', async () => {
    await raise('موضوع برای خواندن', analystId);
    await arrived('موضوع برای خواندن');
    const before = await keepAlive(analyst);
    expect(before.unseenNotificationsCount).toBeGreaterThan(1);
    const first = before.unseenNotifications[0]!;
    expect((await analyst.post(`/api/notifications/${first.id}/seen`)).body.data).toEqual({ seen: 1 });
    const one = await keepAlive(analyst);
    expect(one.unseenNotificationsCount).toBe(before.unseenNotificationsCount - 1);
    expect(one.unseenNotifications.map((n) => n.id)).not.toContain(first.id);
    const all = await analyst.post('/api/notifications/seen-all');
    expect(all.body.data).toEqual({ seen: before.unseenNotificationsCount - 1 });
    expect(await keepAlive(analyst)).toMatchObject({ unseenNotifications: [], unseenNotificationsCount: 0 });
  });
});

describe('followers and new letters', () => {
  const letter = (subject: string) => ({
    direction: 'in',
    letter_date: '2026-11-20',
    sender: 'سازمان حسابرسی',
    recipient: 'دفتر نظارت',
    subject,
    body: 'متن نامه',
  });

  it('tells those who follow an issue of a new letter, but not its author; unfollowing stops it', async () => {
    const id = await raise('موضوع دنبال‌شده');
    // the creator follows it anyway; the analyst chooses to
    const none = (await analyst.get(`/api/issues/${id}/followers`)).body.data;
    expect(none).toMatchObject({ following: false, following_by_choice: false });
    expect(none.followers).toEqual([expect.objectContaining({ id: auditorId, reasons: ['creator'] })]);
    const followed = await analyst.request('PUT', `/api/issues/${id}/follow`);
    expect(followed.status).toBe(200);
    expect(followed.body.data).toMatchObject({ following: true, following_by_choice: true });
    expect(followed.body.data.followers.map((f: { id: number }) => f.id).sort()).toEqual(
      [analystId, auditorId].sort(),
    );
    // following again writes nothing
    expect((await analyst.request('PUT', `/api/issues/${id}/follow`)).status).toBe(200);
    const audits = await queryRows<{ action: string }>(
      t.db,
      sql`SELECT action FROM audit_log WHERE entity = 'issue_follower' AND entity_id = ${String(id)} ORDER BY id`,
    );
    expect(audits.map((a) => a.action)).toEqual(['follow']);

    const posted = await auditor.request('POST', `/api/issues/${id}/letters`, {
      json: letter('پاسخ به استعلام'),
    });
    expect(posted.status).toBe(200);
    const ref = posted.body.data.reference_number as string;
    const n = await arrived('پاسخ به استعلام');
    expect(n).toMatchObject({
      kind: 'issue.letter_added',
      title: `نامه وارده ${ref.replace(/[0-9]/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!)} در موضوع «موضوع دنبال‌شده»`,
      body: 'پاسخ به استعلام',
      link: `/issues/view/${id}`,
    });
    // the author (the auditor, its creator) is not told of their own letter
    const letterNotices = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'notify'
          AND data->>'kind' = 'issue.letter_added' AND data->>'link' = ${`/issues/view/${id}`}`,
    );
    expect(Number(letterNotices[0]!.n)).toBe(1);

    // the analyst stops following: the next letter reaches nobody
    const unfollowed = await analyst.request('DELETE', `/api/issues/${id}/follow`);
    expect(unfollowed.body.data).toMatchObject({ following: false, following_by_choice: false });
    const queued = await queuedFor(analystId);
    expect(
      (await auditor.request('POST', `/api/issues/${id}/letters`, { json: letter('نامه دوم') })).status,
    ).toBe(200);
    expect(await queuedFor(analystId)).toBe(queued);
    // as its assignee one follows it without choosing to, and cannot stop
    expect(
      (await auditor.request('PUT', `/api/issues/${id}`, { json: issueBody('موضوع دنبال‌شده', analystId) }))
        .status,
    ).toBe(200);
    const asAssignee = (await analyst.request('DELETE', `/api/issues/${id}/follow`)).body.data;
    expect(asAssignee).toMatchObject({ following: true, following_by_choice: false });
    expect((await analyst.request('PUT', '/api/issues/99999999/follow')).status).toBe(404);
    expect((await analyst.get('/api/issues/99999999/followers')).status).toBe(404);
  });
});

describe('the sweep: due dates passed, snoozes over', () => {
  const dayOf = (d: Date) => tehranTimestamp(d).slice(0, 10);
  const DAY = 86_400_000;

  it('tells the assignee once per due date passed, and again when the due date moves', async () => {
    const yesterday = dayOf(new Date(Date.now() - DAY));
    const id = await raise('موضوع با مهلت گذشته', analystId, yesterday);
    const first = await sweepIssues(t.db, t.deps.jobs, new Date());
    expect(first.duePassed).toBeGreaterThanOrEqual(1);
    const n = await arrived('مهلت موضوع «موضوع با مهلت گذشته» گذشت');
    expect(n).toMatchObject({ kind: 'issue.due_passed', link: `/issues/view/${id}` });
    expect(n.body).toBe(`مهلت: ${toPersianDigits(jalaliOfIso(yesterday))}`);
    // once only
    expect((await sweepIssues(t.db, t.deps.jobs, new Date())).duePassed).toBe(0);
    // a due date still to come is not told; a new passed one is
    const tomorrow = dayOf(new Date(Date.now() + DAY));
    const put = (due: string) =>
      auditor.request('PUT', `/api/issues/${id}`, { json: issueBody('موضوع با مهلت گذشته', analystId, due) });
    expect((await put(tomorrow)).status).toBe(200);
    expect((await sweepIssues(t.db, t.deps.jobs, new Date())).duePassed).toBe(0);
    expect((await sweepIssues(t.db, t.deps.jobs, new Date(Date.now() + 2 * DAY))).duePassed).toBe(1);
  });

  it('wakes a snoozed issue on its day, audited as a move, and tells its followers', async () => {
    const id = await raise('موضوع به تعویق افتاده');
    const until = dayOf(new Date(Date.now() + DAY));
    const snoozed = await auditor.request('POST', `/api/issues/${id}/moves`, {
      json: { type: 'SNOOZE', until },
    });
    expect(snoozed.status).toBe(200);
    expect((await sweepIssues(t.db, t.deps.jobs, new Date())).woken).toBe(0);
    const woken = await sweepIssues(t.db, t.deps.jobs, new Date(Date.now() + DAY + 60_000));
    expect(woken.woken).toBeGreaterThanOrEqual(1);
    expect((await auditor.get(`/api/issues/${id}`)).body.data.status).toBe('new');
    const [audit] = await queryRows<{ user_id: number | null; after: { state: string } }>(
      t.db,
      sql`SELECT user_id, after FROM audit_log WHERE entity = 'issue' AND action = 'move'
          AND entity_id = ${String(id)} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ user_id: null, after: { state: 'new' } });
    // the creator follows it: told in the app
    expect(await arrivedToAuditor('تعویق موضوع «موضوع به تعویق افتاده» به پایان رسید')).toMatchObject({
      kind: 'issue.woken',
      link: `/issues/view/${id}`,
    });
  });

  it('runs as the issues.sweep job, and pg-boss schedules it when a cron is set', async () => {
    const id = await raise('موضوع برای کار زمان‌بندی‌شده', analystId, dayOf(new Date(Date.now() - 3 * DAY)));
    const jobId = await t.deps.jobs.enqueue('issues.sweep', {});
    await until(async () => {
      const [row] = await queryRows<{ state: string }>(
        t.db,
        sql`SELECT state FROM pgboss.job WHERE id = ${jobId}`,
      );
      return row?.state === 'completed' ? true : undefined;
    });
    await arrived('مهلت موضوع «موضوع برای کار زمان‌بندی‌شده» گذشت');
    const [row] = await queryRows<{ due_notified_on: string | null }>(
      t.db,
      sql`SELECT due_notified_on::text FROM issues WHERE id = ${id}`,
    );
    expect(row!.due_notified_on).not.toBeNull();
    // the test app schedules nothing; one with a cron has the schedule, in Tehran time
    expect(await queryRows(t.db, sql`SELECT name FROM pgboss.schedule`)).toEqual([]);
    const scheduled = await startTestApp({ jobs: { schedules: { 'issues.sweep': '*/5 * * * *' } } });
    try {
      expect(
        await queryRows(scheduled.db, sql`SELECT name, cron, options->>'tz' AS tz FROM pgboss.schedule`),
      ).toEqual([{ name: 'issues.sweep', cron: '*/5 * * * *', tz: 'Asia/Tehran' }]);
    } finally {
      await scheduled.dispose();
    }
  });
});
