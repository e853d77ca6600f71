import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { JobQueue } from '../../src/server/jobs/queue.ts';
import { ApiClient, overHttp, TEST_JOB_SETTINGS } from '../support/api-client.ts';
import { chooseRole, signIn } from '../support/auth.ts';
import { ServerProcess } from '../support/server-process.ts';

/**
 * Issue 18: the job queue survives SIGKILL. Jobs are queued while the server is down (its
 * workers not yet running): FAULT_SMS `sms.send` jobs and FAULT_NOTIFY `notify` jobs (each
 * writing an in-app notification and queueing one more SMS). The server is started with a log
 * provider that takes 100 ms per message (SMS_LOG_DELAY_MS), so its workers hold batches of
 * jobs for a while; it is killed with SIGKILL while jobs are running, KILLS times, each time
 * started again on the same data (PGlite directory, or a PostgreSQL database beside
 * DATABASE_URL's). Then every job must complete exactly once: all completed, one `sent` row in
 * the SMS log per `sms.send` job, one notification and one SMS job per `notify` job; every
 * message reached the provider at least once (a message whose delivery was cut off before its
 * row committed may go twice, as with any gateway). Jobs a killed server left running are run
 * again: at once on PGlite (one process owns its data), after JOB_EXPIRE_SECONDS on PostgreSQL.
 */

const FAULT_SMS = 120;
const FAULT_NOTIFY = 30;
const KILLS = 2;
const EXPIRE_SECONDS = 5;

let server: ServerProcess;
beforeAll(async () => {
  server = await ServerProcess.create('jobs', {
    env: {
      SMS_LOG_DELAY_MS: '100',
      JOB_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
      JOB_RETRY_DELAY_SECONDS: '1',
    },
  });
  // the first start migrates, seeds and installs pg-boss's schema
  await server.start();
  await server.stop();
}, 180_000);
afterAll(async () => {
  await server?.dispose();
}, 60_000);

/** The server's database, opened by the test while the server is down. */
const openData = (): Promise<Database> =>
  openDatabase(
    server.database.url ? { databaseUrl: server.database.url } : { dataDir: server.database.dataDir },
  );

/** Polls `check` every 100 ms until it is true (fails after `ms`, naming `what`). */
async function until(what: string, check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}\n${server.output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** How many jobs of the run are in `state` (a query per state through the API). */
async function count(admin: ApiClient, state: string) {
  const res = await admin.get(`/api/management/jobs?state=${state}&per_page=1`);
  if (res.status !== 200) throw new Error(`jobs list: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.total as number;
}

describe('the job queue under SIGKILL', () => {
  it(`completes ${FAULT_SMS} SMS and ${FAULT_NOTIFY} notification jobs exactly once through ${KILLS} kills`, async () => {
    // Queue the jobs while no server runs.
    const setup = await openData();
    // the server's settings: a job's expiry is fixed when it is queued
    const jobs = new JobQueue(setup, { ...TEST_JOB_SETTINGS, expireInSeconds: EXPIRE_SECONDS });
    await jobs.start();
    const users = await queryRows<{ id: number; texts: boolean }>(
      setup.db,
      sql`SELECT id, (mobile IS NOT NULL AND status = 'active') AS texts FROM users ORDER BY id`,
    );
    const userIds = users.map((u) => u.id);
    /** The SMS jobs the notify jobs queue: one per notification to a user with a mobile. */
    const notifySms = Array.from({ length: FAULT_NOTIFY }, (_, i) => users[i % users.length]!).filter(
      (u) => u.texts,
    ).length;
    await jobs.enqueueMany(
      Array.from({ length: FAULT_SMS }, (_, i) => ({
        name: 'sms.send' as const,
        data: {
          mobile: `0912${String(5_000_000 + i).padStart(7, '0')}`,
          body: `fault-sms-${i}`,
          purpose: 'notification',
        },
      })),
    );
    await jobs.enqueueMany(
      Array.from({ length: FAULT_NOTIFY }, (_, i) => ({
        name: 'notify' as const,
        data: {
          userId: userIds[i % userIds.length]!,
          kind: 'fault',
          title: `fault-notify-${i}`,
          body: '',
          link: null,
        },
      })),
    );
    await jobs.stop();
    await setup.close();

    const orphaned: number[] = [];
    for (let kill = 0; kill < KILLS; kill++) {
      await server.start();
      const admin = new ApiClient(overHttp(server.baseUrl), { ip: '10.80.0.1' });
      await signIn(admin, 'admin');
      await chooseRole(admin, 'super_admin');
      // SIGKILL while the workers hold jobs (a batch with at least three still to go, so the kill,
      // a few milliseconds later, finds some running), once some have completed since this start
      const before = await count(admin, 'completed');
      await until(
        'jobs running',
        async () => (await count(admin, 'active')) >= 3 && (await count(admin, 'completed')) > before,
        60_000,
      );
      await server.stop('SIGKILL');
      // what the kill left running (read with the server down)
      const dead = await openData();
      const [row] = await queryRows<{ n: number }>(
        dead.db,
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'active'`,
      );
      orphaned.push(row!.n);
      await dead.close();
    }
    expect(orphaned.every((n) => n > 0)).toBe(true);

    // Started again: everything completes, nothing fails.
    await server.start();
    const admin = new ApiClient(overHttp(server.baseUrl), { ip: '10.80.0.2' });
    await signIn(admin, 'admin');
    await chooseRole(admin, 'super_admin');
    await until(
      'every job completed',
      async () => {
        const waiting = await Promise.all(['created', 'retry', 'active'].map((s) => count(admin, s)));
        return waiting.every((n) => n === 0);
      },
      150_000,
    );
    expect(await count(admin, 'failed')).toBe(0);
    expect(await count(admin, 'cancelled')).toBe(0);
    await server.stop();
    expect(server.unexpectedExits).toEqual([]);

    // Exactly once, read from the database.
    const data = await openData();
    const states = await queryRows<{ name: string; state: string; n: number }>(
      data.db,
      sql`SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(states).toEqual([
      { name: 'notify', state: 'completed', n: FAULT_NOTIFY },
      { name: 'sms.send', state: 'completed', n: FAULT_SMS + notifySms },
    ]);
    // one sent row per SMS job (failed attempts aside), whatever the kills cut off
    const notOnce = await queryRows<{ id: string; sent: number }>(
      data.db,
      sql`SELECT j.id::text AS id, count(s.id) FILTER (WHERE s.status = 'sent')::int AS sent
          FROM pgboss.job j LEFT JOIN sms_log s ON s.job_id = j.id::text
          WHERE j.name = 'sms.send' GROUP BY j.id HAVING count(s.id) FILTER (WHERE s.status = 'sent') <> 1`,
    );
    expect(notOnce).toEqual([]);
    // one notification, and at most one SMS job, per notify job
    const notes = await queryRows<{ title: string; n: number }>(
      data.db,
      sql`SELECT title, count(*)::int AS n FROM notifications WHERE kind = 'fault' GROUP BY title`,
    );
    expect(notes).toHaveLength(FAULT_NOTIFY);
    expect(notes.every((r) => r.n === 1)).toBe(true);
    const [spawned] = await queryRows<{ jobs: number; bodies: number }>(
      data.db,
      sql`SELECT count(*)::int AS jobs, count(DISTINCT data->>'body')::int AS bodies FROM pgboss.job
          WHERE name = 'sms.send' AND data->>'body' LIKE 'ناظر: fault-notify-%'`,
    );
    expect(spawned).toEqual({ jobs: notifySms, bodies: notifySms });
    await data.close();
    // every message reached the provider at least once (the server's output, across its runs)
    const deliveries = new Map<string, number>();
    for (const m of server.output.matchAll(/^\[sms\] to \d+ \(notification\): (fault-sms-\d+)$/gm))
      deliveries.set(m[1]!, (deliveries.get(m[1]!) ?? 0) + 1);
    expect(deliveries.size).toBe(FAULT_SMS);
    const twice = [...deliveries.values()].filter((n) => n > 1).length;
    console.log(
      `jobs under SIGKILL: ${FAULT_SMS + FAULT_NOTIFY + notifySms} jobs, ${KILLS} kills leaving ${orphaned.join(' and ')} running; ${twice} message(s) delivered twice`,
    );
  });
});
