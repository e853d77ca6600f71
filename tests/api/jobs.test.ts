import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { notifyUsers } from '../../src/server/jobs/notify.ts';
import { startWorkers } from '../../src/server/jobs/workers.ts';
import { smsProvider } from '../../src/server/sms/provider.ts';
import type { ApiClient } from '../support/api-client.ts';
import { startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, type TestApp } from '../support/auth.ts';

/**
 * Issue 18: the durable job queue (pg-boss) on the engine the suite runs on (PGlite, or
 * PostgreSQL with DATABASE_URL). Jobs run through the real queue and workers; the SMS provider
 * is a real provider whose gateway refuses a given number of deliveries per mobile. The queue
 * allows three attempts here (retryLimit 2), retried after 1–2 s and then 2–4 s.
 */

let t: TestApp;
let admin: ApiClient;
/** Deliveries still to refuse, per mobile (Infinity: always). */
const refusals = new Map<string, number>();
/** What the gateway took, in order. */
const delivered: { mobile: string; body: string }[] = [];
const gateway = smsProvider('test-gateway', async (msg) => {
  const left = refusals.get(msg.mobile) ?? 0;
  if (left > 0) {
    refusals.set(msg.mobile, left - 1);
    throw new Error(`درگاه پیامک پاسخ نداد (${msg.mobile})`);
  }
  delivered.push({ mobile: msg.mobile, body: msg.body });
});

beforeAll(async () => {
  t = await startTestApp({ jobs: { retryLimit: 2 } });
  admin = await clientAs(t, 'admin', 'super_admin');
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

/** The job as GET /api/management/jobs lists it. */
async function listed(id: string) {
  const res = await admin.get('/api/management/jobs', { headers: {} });
  expect(res.status).toBe(200);
  return (res.body.data.data as { id: string }[]).find((j) => j.id === id) as Record<string, any> | undefined;
}

const jobState = async (id: string) => (await listed(id))?.state as string | undefined;

const smsAttempts = (db: Db, jobId: string) =>
  queryRows<{ attempt: number; status: string; error: string | null; provider: string }>(
    db,
    sql`SELECT attempt, status, error, provider FROM sms_log WHERE job_id = ${jobId} ORDER BY attempt, id`,
  );

describe('waiting jobs, before any worker runs', () => {
  let id: string;
  beforeAll(async () => {
    id = await t.deps.jobs.enqueue('sms.send', {
      mobile: '09121110001',
      body: 'پیام در صف',
      purpose: 'notification',
    });
  });

  it('lists a queued job with its state, attempts and subject, filtered by state and name', async () => {
    const job = await listed(id);
    expect(job).toMatchObject({
      name: 'sms.send',
      state: 'created',
      attempts: 0,
      max_attempts: 3,
      subject: '09121110001',
      started_at: null,
      error: null,
    });
    const created = await admin.get('/api/management/jobs?state=created&name=sms.send');
    expect(created.body.data.data.map((j: { id: string }) => j.id)).toContain(id);
    const failed = await admin.get('/api/management/jobs?state=failed');
    expect(failed.body.data.data.map((j: { id: string }) => j.id)).not.toContain(id);
    const bad = await admin.get('/api/management/jobs?state=lost');
    expect(bad.status).toBe(422);
    expect(isPersian(bad.body.message)).toBe(true);
    const badSort = await admin.get('/api/management/jobs?sortBy=data');
    expect(badSort.status).toBe(422);
  });

  it('cancels a waiting job and puts it back (retry of a cancelled job), refusing what does not apply', async () => {
    const cancel = await admin.post(`/api/management/jobs/${id}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.data).toEqual({ id, state: 'cancelled' });
    expect(await jobState(id)).toBe('cancelled');
    const again = await admin.post(`/api/management/jobs/${id}/cancel`);
    expect(again.status).toBe(409);
    expect(isPersian(again.body.message)).toBe(true);
    const resume = await admin.post(`/api/management/jobs/${id}/retry`);
    expect(resume.status).toBe(200);
    expect(resume.body.data).toEqual({ id, state: 'created' });
    expect(await jobState(id)).toBe('created');
    const notFailed = await admin.post(`/api/management/jobs/${id}/retry`);
    expect(notFailed.status).toBe(409);
    const unknown = await admin.post('/api/management/jobs/00000000-0000-4000-8000-000000000000/retry');
    expect(unknown.status).toBe(404);
    // both changes are audited, with the states before and after
    const audits = await queryRows<{ action: string; before: { state: string }; after: { state: string } }>(
      t.db,
      sql`SELECT action, before, after FROM audit_log WHERE entity = 'job' AND entity_id = ${id} ORDER BY id`,
    );
    expect(audits.map((a) => [a.action, a.before.state, a.after.state])).toEqual([
      ['job.cancel', 'created', 'cancelled'],
      ['job.retry', 'cancelled', 'created'],
    ]);
  });

  it('refuses the list, retry and cancel to a role without management.system (403)', async () => {
    const analyst = await clientAs(t, 'analyst', 'analyst');
    expect((await analyst.get('/api/management/jobs')).status).toBe(403);
    expect((await analyst.post(`/api/management/jobs/${id}/cancel`)).status).toBe(403);
    expect((await analyst.post(`/api/management/jobs/${id}/retry`)).status).toBe(403);
    expect(await jobState(id)).toBe('created');
  });
});

describe('with the workers running', () => {
  beforeAll(async () => {
    await startWorkers(t.deps.jobs, { database: t.deps.database, sms: gateway });
  });

  it('sends a job whose provider fails twice on the third attempt; the SMS log shows all three', async () => {
    refusals.set('09121110002', 2);
    const id = await t.deps.jobs.enqueue('sms.send', {
      mobile: '09121110002',
      body: 'سه بار آزمون',
      purpose: 'notification',
    });
    await until(async () => ((await jobState(id)) === 'completed' ? true : undefined));
    expect(await smsAttempts(t.db, id)).toEqual([
      {
        attempt: 1,
        status: 'failed',
        error: 'درگاه پیامک پاسخ نداد (09121110002)',
        provider: 'test-gateway',
      },
      {
        attempt: 2,
        status: 'failed',
        error: 'درگاه پیامک پاسخ نداد (09121110002)',
        provider: 'test-gateway',
      },
      { attempt: 3, status: 'sent', error: null, provider: 'test-gateway' },
    ]);
    expect(delivered.filter((d) => d.mobile === '09121110002')).toHaveLength(1);
    expect(await listed(id)).toMatchObject({ state: 'completed', attempts: 3, error: null });
    // the SMS log screen's API shows each attempt with its error
    const log = await admin.get('/api/logs/sms?q=09121110002&sortBy=at&descending=false');
    expect(log.status).toBe(200);
    expect(
      log.body.data.data.map(
        (r: { attempt: number; status: string; error: string | null; job_id: string }) => [
          r.attempt,
          r.status,
          r.error !== null,
          r.job_id,
        ],
      ),
    ).toEqual([
      [1, 'failed', true, id],
      [2, 'failed', true, id],
      [3, 'sent', false, id],
    ]);
  });

  it('leaves a job failed when its attempts run out, and an admin retry runs it again', async () => {
    refusals.set('09121110003', Number.POSITIVE_INFINITY);
    const id = await t.deps.jobs.enqueue('sms.send', {
      mobile: '09121110003',
      body: 'همیشه ناموفق',
      purpose: 'notification',
    });
    const failed = await until(async () => {
      const job = await listed(id);
      return job?.state === 'failed' ? job : undefined;
    });
    expect(failed).toMatchObject({
      attempts: 3,
      max_attempts: 3,
      error: 'درگاه پیامک پاسخ نداد (09121110003)',
    });
    expect((await smsAttempts(t.db, id)).map((a) => a.status)).toEqual(['failed', 'failed', 'failed']);
    expect((await admin.post(`/api/management/jobs/${id}/cancel`)).status).toBe(409);
    // the gateway is back: the admin's retry is the fourth attempt, and it goes
    refusals.delete('09121110003');
    const retry = await admin.post(`/api/management/jobs/${id}/retry`);
    expect(retry.status).toBe(200);
    expect(retry.body.data).toEqual({ id, state: 'retry' });
    await until(async () => ((await jobState(id)) === 'completed' ? true : undefined));
    expect((await smsAttempts(t.db, id)).map((a) => [a.attempt, a.status])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
      [3, 'failed'],
      [4, 'sent'],
    ]);
  });

  it('runs the job waiting since the first tests once the workers start', async () => {
    await until(async () =>
      delivered.some((d) => d.mobile === '09121110001' && d.body === 'پیام در صف') ? true : undefined,
    );
  });
});

describe('notifications', () => {
  let auditor: ApiClient;
  let auditorId: number;
  let ids: number[];

  beforeAll(async () => {
    auditor = await clientAs(t, 'auditor', 'auditor');
    const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'auditor'));
    auditorId = u!.id;
  });

  const notify = (db: Db, title: string) =>
    notifyUsers(db, t.deps.jobs, {
      userIds: [auditorId, auditorId],
      kind: 'issue.assigned',
      title,
      body: 'موضوع «آزمون صف» به شما سپرده شد',
      link: '/issues/view/1',
    });

  it('queues nothing when the write it belongs to rolls back', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        expect(await notify(tx as unknown as Db, 'اعلان برگشت‌خورده')).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const [n] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'title' = 'اعلان برگشت‌خورده'`,
    );
    expect(n!.n).toBe(0);
  });

  it('writes the in-app notification once and sends its SMS to the user’s mobile', async () => {
    await t.db.transaction(async (tx) => {
      await notify(tx as unknown as Db, 'موضوع به شما سپرده شد');
      await notify(tx as unknown as Db, 'موضوع دوم به شما سپرده شد');
    });
    const page = await until(async () => {
      const res = await auditor.get('/api/notifications');
      return res.body.data?.total === 2 ? res.body.data : undefined;
    });
    // newest first (the two jobs run in either order)
    const rows = page.data as { title: string; created_at: string }[];
    expect(rows.map((n) => n.title).sort()).toEqual(['موضوع به شما سپرده شد', 'موضوع دوم به شما سپرده شد']);
    expect(rows[0]!.created_at >= rows[1]!.created_at).toBe(true);
    expect(page.data[0]).toMatchObject({
      kind: 'issue.assigned',
      body: 'موضوع «آزمون صف» به شما سپرده شد',
      link: '/issues/view/1',
      seen_at: null,
    });
    ids = page.data.map((n: { id: number }) => n.id);
    await until(async () =>
      delivered.filter((d) => d.mobile === '09120000003').length === 2 ? true : undefined,
    );
    expect(
      delivered
        .filter((d) => d.mobile === '09120000003')
        .map((d) => d.body)
        .sort(),
    ).toEqual([
      'ناظر: موضوع به شما سپرده شد\nموضوع «آزمون صف» به شما سپرده شد',
      'ناظر: موضوع دوم به شما سپرده شد\nموضوع «آزمون صف» به شما سپرده شد',
    ]);
    // someone else's list does not hold them
    const mine = await admin.get('/api/notifications');
    expect(mine.body.data.data.map((n: { id: number }) => n.id)).not.toContain(ids[0]);
  });

  it('marks one seen, then all, each only once and only the user’s own', async () => {
    expect((await admin.post(`/api/notifications/${ids[0]}/seen`)).status).toBe(404);
    const one = await auditor.post(`/api/notifications/${ids[0]}/seen`);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({ seen: 1 });
    expect((await auditor.post(`/api/notifications/${ids[0]}/seen`)).body.data).toEqual({ seen: 0 });
    const unseen = await auditor.get('/api/notifications?seen=false');
    expect(unseen.body.data.data.map((n: { id: number }) => n.id)).toEqual([ids[1]]);
    expect((await auditor.post('/api/notifications/seen-all')).body.data).toEqual({ seen: 1 });
    expect((await auditor.post('/api/notifications/seen-all')).body.data).toEqual({ seen: 0 });
    const all = await auditor.get('/api/notifications');
    expect(all.body.data.data.every((n: { seen_at: string | null }) => n.seen_at !== null)).toBe(true);
  });
});
