import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config.ts';
import type { Database, Db } from '../src/server/db/client.ts';
import { queryRows } from '../src/server/http/list.ts';
import { JobQueue, type JobQueueSettings, jobSettings } from '../src/server/jobs/queue.ts';
import { startWorkers } from '../src/server/jobs/workers.ts';
import { logSmsProvider } from '../src/server/sms/provider.ts';
import { type Engine, round } from './issues-db.ts';
import { ratio, report } from './measure.ts';

/**
 * `issues_sms_queue_*` (bench/issues.ts): 10,000 queued `sms.send` jobs drained by the workers
 * (jobs/workers.ts) through the log provider, beside 10,000 direct `provider.send` calls. With the
 * queue's own settings (jobSettings: batches of 10, a fetch every 2 s) the worker sleeps out the
 * polling interval after every batch, full or not, so that rate is measured over a window
 * (`windowS`, seconds) and the full drain is timed with batches of 500 (the worker's loop then
 * never sleeps: the handler's own rate).
 */

const SMS = 10_000;

const smsCount = async (db: Db, state: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'sms.send' AND state = ${state}`,
      )
    )[0]?.n ?? 0,
  );

const smsJobs = (n: number) =>
  Array.from({ length: n }, (_, k) => ({
    name: 'sms.send' as const,
    data: {
      mobile: `0912${String(k).padStart(7, '0')}`,
      body: `پیام آزمایشی ${k}`,
      purpose: 'notification',
    },
  }));

/** Queues `n` sms.send jobs, starts the workers with `settings`, waits until all are completed or `windowMs` passes. */
async function drain(database: Database, settings: JobQueueSettings, n: number, windowMs: number) {
  const db = database.db;
  const queue = new JobQueue(database, settings);
  await queue.start();
  await db.execute(sql`DELETE FROM pgboss.job WHERE name = 'sms.send'`);
  for (let k = 0; k < n; k += 1000) await queue.enqueueMany(smsJobs(n).slice(k, k + 1000));
  const t0 = performance.now();
  await startWorkers(queue, { database, sms: logSmsProvider(() => {}) });
  let done = 0;
  while (performance.now() - t0 < windowMs) {
    await new Promise((r) => setTimeout(r, 100));
    done = await smsCount(db, 'completed');
    if (done >= n) break;
  }
  const ms = performance.now() - t0;
  const failed = await smsCount(db, 'failed');
  await queue.stop();
  // pg-boss's stop does not wait for a fetch under way: its batch still runs after stop returns
  const t1 = performance.now();
  await new Promise((r) => setTimeout(r, 2000));
  while (performance.now() - t1 < 20_000 && (await smsCount(db, 'active')) > 0)
    await new Promise((r) => setTimeout(r, 250));
  return { done, failed, ms };
}

/**
 * Prints `issues_sms_queue_drain_10000` (batches of 500) and `issues_sms_queue_own_settings`
 * (the queue's own settings, over `windowS` seconds) on `engine`, each beside 10,000 direct sends.
 */
export async function smsFigure(engine: Engine, database: Database, windowS: number) {
  const db = database.db;
  const config = loadConfig({} as NodeJS.ProcessEnv);
  const own = jobSettings(config);
  const provider = logSmsProvider(() => {});
  // baseline: 10,000 direct sends (the gateway call and the sms_log row each)
  const t0 = performance.now();
  for (const j of smsJobs(SMS)) await provider.send(db, j.data);
  const directMs = performance.now() - t0;
  const directRate = Math.round(SMS / (directMs / 1000));

  const fast = await drain(database, { ...own, batchSize: 500, pollingIntervalSeconds: 0.5 }, SMS, 600_000);
  const fastRate = Math.round(fast.done / (fast.ms / 1000));
  const slow = await drain(database, own, SMS, windowS * 1000);
  const slowRate = round(slow.done / (slow.ms / 1000));
  report({
    figure: 'issues_sms_queue_drain_10000',
    engine,
    jobs: SMS,
    settings: { batchSize: 500, pollingIntervalSeconds: 0.5 },
    completed: fast.done,
    failed: fast.failed,
    drain_s: round(fast.ms / 1000),
    jobs_per_s: fastRate,
    direct_send_s: round(directMs / 1000),
    direct_sends_per_s: directRate,
    ratio_direct_over_queue: ratio(directRate, fastRate),
  });
  report({
    figure: 'issues_sms_queue_own_settings',
    engine,
    settings: { batchSize: own.batchSize, pollingIntervalSeconds: own.pollingIntervalSeconds },
    window_s: round(slow.ms / 1000),
    completed: slow.done,
    failed: slow.failed,
    jobs_per_s: slowRate,
    projected_drain_10000_s: slowRate > 0 ? Math.round(SMS / slowRate) : null,
    ratio_direct_over_queue: slowRate > 0 ? ratio(directRate, slowRate) : null,
    note: 'the worker waits out pollingIntervalSeconds after every batch, full or not: at most batchSize / interval jobs/s',
  });
}
