import PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { type BossDb, bossDb, bossDbIn } from './boss-db.ts';

/**
 * The durable job queue: pg-boss 10 on the application's database, either engine (boss-db.ts
 * says how it runs on PGlite). Jobs live in the `pgboss` schema, which pg-boss installs and
 * migrates itself at `start`; they survive a restart. A job that throws is retried after a
 * delay that doubles each time (with jitter) until its attempts run out (state `failed`); a job
 * left active by a server that died is run again (`start` on PGlite; after `expireInSeconds` on
 * PostgreSQL, where another server may still be working on it). Workers complete a job in the
 * transaction that writes its effect (`RunningJob.complete`), so a job run again finds its
 * effect either wholly written and itself completed, or not written at all.
 */

/** The schema pg-boss keeps its tables in (its default). */
export const BOSS_SCHEMA = 'pgboss';

/**
 * `sms.send`: one SMS to one mobile. Never a one-time code: those are sent at once (the code
 * would otherwise sit in the job table).
 */
export interface SmsJob {
  mobile: string;
  body: string;
  /** Why it is sent, as the SMS log names it (`notification` …). */
  purpose: string;
  /** The staff-sent message it belongs to (notification_messages.id), kept in the SMS log. */
  messageId?: number;
}

/** `notify`: one in-app notification to one user, and its SMS when the user has a mobile. */
export interface NotifyJob {
  userId: number;
  /** The event (`issue.assigned` …). */
  kind: string;
  title: string;
  body: string;
  /** The app path it opens, or null. */
  link: string | null;
  /** Whether it is written in the app (absent in jobs queued before schemas: yes). */
  inApp?: boolean;
  /** Whether it is sent by SMS to the user's mobile (absent: yes). */
  sms?: boolean;
}

/** `issues.sweep`: due dates passed and snoozes over, told and woken (modules/issues/sweep.ts). */
export type IssueSweepJob = Record<string, never>;

/** Every job kind (a pg-boss queue each) and its data. */
export interface JobKinds {
  'sms.send': SmsJob;
  notify: NotifyJob;
  'issues.sweep': IssueSweepJob;
}
export type JobName = keyof JobKinds;
export const JOB_NAMES: readonly JobName[] = ['sms.send', 'notify', 'issues.sweep'];

/** The time zone of schedules' cron expressions. */
export const SCHEDULE_TZ = 'Asia/Tehran';

export interface JobQueueSettings {
  /** Retries after a failed attempt: `retryLimit + 1` attempts in all. */
  retryLimit: number;
  /** Seconds before the first retry; each next one waits about twice as long. */
  retryDelaySeconds: number;
  /**
   * Seconds a job may stay active: past it, the job is taken for lost (its server died) and is
   * retried; a handler that takes longer fails.
   */
  expireInSeconds: number;
  /** Seconds between two fetches of a worker that found nothing. */
  pollingIntervalSeconds: number;
  /**
   * Jobs a worker takes at once and runs one after the other; the batch as a whole must end
   * within `expireInSeconds` (pg-boss fails the jobs of a batch that does not), so a provider's
   * own timeout should stay under `expireInSeconds / batchSize`.
   */
  batchSize: number;
  /**
   * Jobs queued on a schedule: a cron expression (in SCHEDULE_TZ) per job kind, sent with empty
   * data by pg-boss's cron monitor. A kind left out has no schedule (one left from an earlier
   * start is removed). None: pg-boss's scheduling stays off.
   */
  schedules?: Partial<Record<JobName, string>>;
}

/** The settings from the environment (JOB_RETRY_DELAY_SECONDS, JOB_EXPIRE_SECONDS, ISSUE_SWEEP_CRON). */
export const jobSettings = (config: Config): JobQueueSettings => ({
  retryLimit: 5,
  retryDelaySeconds: config.JOB_RETRY_DELAY_SECONDS,
  expireInSeconds: config.JOB_EXPIRE_SECONDS,
  pollingIntervalSeconds: 2,
  batchSize: 10,
  schedules: config.ISSUE_SWEEP_CRON === 'off' ? {} : { 'issues.sweep': config.ISSUE_SWEEP_CRON },
});

/** One job handed to a worker. */
export interface RunningJob<N extends JobName> {
  id: string;
  name: N;
  data: JobKinds[N];
  /** 1 for the first run, 2 for the first retry … */
  attempt: number;
  /**
   * Marks the job completed inside `tx`, the transaction that writes its effect. Throws
   * `JobSuperseded` (rolling `tx` back) when the job is no longer active: cancelled meanwhile,
   * or taken for lost and completed by another run.
   */
  complete(tx: Db): Promise<void>;
}

export type JobHandler<N extends JobName> = (job: RunningJob<N>) => Promise<void>;

/** The job is no longer this run's to complete (see `RunningJob.complete`). */
export class JobSuperseded extends Error {
  constructor(id: string) {
    super(`job ${id} is no longer active`);
  }
}

/** What pg-boss's complete/fail/cancel/retry/resume answer (its typings say void). */
interface Affected {
  affected: number;
}

const SECONDS_PER_DAY = 24 * 60 * 60;

/** The queue; built once per process (main.ts) or per test app, started before use. */
export class JobQueue {
  readonly #boss: PgBoss;
  readonly #db: BossDb;
  #started = false;

  constructor(
    private readonly database: Database,
    readonly settings: JobQueueSettings,
  ) {
    this.#db = bossDb(database);
    this.#boss = new PgBoss({
      db: this.#db,
      schema: BOSS_SCHEMA,
      // the cron monitor (and its clock-skew check) only when something runs on a schedule
      schedule: Object.keys(settings.schedules ?? {}).length > 0,
      // maintenance: lost jobs retried, finished ones archived (completed after 7 days, failed
      // after 30, so /management/jobs shows them that long), the archive emptied after 7 days
      supervise: true,
      maintenanceIntervalSeconds: Math.min(60, settings.expireInSeconds),
      archiveCompletedAfterSeconds: 7 * SECONDS_PER_DAY,
      archiveFailedAfterSeconds: 30 * SECONDS_PER_DAY,
    });
    this.#boss.on('error', (err: Error) => console.error(`jobs: ${err.message}`));
  }

  /**
   * Installs or migrates pg-boss's schema, creates (or updates) one queue per job kind with the
   * retry settings and its schedule (`settings.schedules`), and runs again the jobs a stopped server left active (see `recover`).
   * Starts no worker (`work`). Idempotent.
   */
  async start(): Promise<void> {
    if (this.#started) return;
    await this.#boss.start();
    const { retryLimit, retryDelaySeconds, expireInSeconds } = this.settings;
    for (const name of JOB_NAMES) {
      const options = {
        name,
        retryLimit,
        retryDelay: retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds,
      };
      await this.#boss.createQueue(name, options);
      await this.#boss.updateQueue(name, options);
      const cron = this.settings.schedules?.[name];
      if (cron) await this.#boss.schedule(name, cron, {}, { tz: SCHEDULE_TZ });
      else await this.#boss.unschedule(name);
    }
    await this.recover();
    this.#started = true;
  }

  /**
   * Jobs a server left active when it stopped without finishing them. On PGlite the data
   * directory is opened by one process only, so every active job belongs to a process that is
   * gone: each is failed at once (retried after the delay while attempts remain). On PostgreSQL
   * other servers may be running theirs: only those active past their expiry are failed (as
   * pg-boss's maintenance does every minute).
   */
  private async recover(): Promise<void> {
    if (this.database.engine === 'postgres') {
      await this.#boss.expire();
      return;
    }
    const { rows } = await this.#db.executeSql(
      `SELECT name, id FROM ${BOSS_SCHEMA}.job WHERE state = 'active'`,
      [],
    );
    const byName = new Map<string, string[]>();
    for (const r of rows as { name: string; id: string }[])
      byName.set(r.name, [...(byName.get(r.name) ?? []), r.id]);
    // pg-boss's typings leave out fail's output for several ids; its code takes it
    const fail = this.#boss.fail.bind(this.#boss) as (
      name: string,
      ids: string[],
      data: object,
    ) => Promise<void>;
    for (const [name, ids] of byName)
      await fail(name, ids, { message: 'کارساز پیش از پایان این کار متوقف شد' });
  }

  /**
   * Stops the workers (waiting up to 10 s for the jobs they hold; those still running are failed,
   * to be retried) and pg-boss's maintenance. The database stays open: close it after this.
   */
  async stop(): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, timeout: 10_000, close: false });
  }

  #assertStarted() {
    if (!this.#started) throw new Error('the job queue is not started (JobQueue.start)');
  }

  /**
   * Queues one job of kind `name` → its id. With `db` (a Drizzle transaction), the job is
   * written in that transaction: it exists (and runs) only if the transaction commits. Without
   * it, the job is queued at once; on PGlite never do that from inside a transaction (the call
   * would wait for the transaction's end: boss-db.ts).
   */
  async enqueue<N extends JobName>(name: N, data: JobKinds[N], opts: { db?: Db } = {}): Promise<string> {
    this.#assertStarted();
    const id = await this.#boss.send(name, data as object, opts.db ? { db: bossDbIn(opts.db) } : {});
    if (!id) throw new Error(`jobs: ${name} was not queued`);
    return id;
  }

  /** Queues several jobs in one statement, as `enqueue` does (in `db`'s transaction when given). */
  async enqueueMany<N extends JobName>(
    jobs: readonly { name: N; data: JobKinds[N] }[],
    opts: { db?: Db } = {},
  ): Promise<void> {
    this.#assertStarted();
    if (jobs.length === 0) return;
    await this.#boss.insert(
      jobs.map((j) => ({ name: j.name, data: j.data as object })),
      opts.db ? { db: bossDbIn(opts.db) } : {},
    );
  }

  /**
   * Starts one worker for `name`. It takes up to `batchSize` jobs at a time and runs `handle` on
   * each in turn. `handle` completes its job itself (`job.complete(tx)`); a job whose handler
   * returns without doing so is completed after the batch. A handler that throws fails its own
   * job alone, with the error's message as the job's output: pg-boss retries it after the backoff
   * while attempts remain, else it stays `failed` (an admin can retry it). `JobSuperseded` fails
   * nothing (the job was cancelled or finished elsewhere).
   */
  async work<N extends JobName>(name: N, handle: JobHandler<N>): Promise<void> {
    this.#assertStarted();
    const { batchSize, pollingIntervalSeconds } = this.settings;
    // pg-boss 10 sleeps the polling interval after every batch, a full one too: a full batch
    // means more are waiting, so the worker is woken to fetch the next at once (a backlog drains
    // at the handler's own pace, not batchSize per interval)
    let workerId: string | undefined;
    workerId = await this.#boss.work<JobKinds[N]>(
      name,
      { batchSize, pollingIntervalSeconds, includeMetadata: true },
      async (jobs) => {
        for (const job of jobs) {
          const running: RunningJob<N> = {
            id: job.id,
            name,
            data: job.data,
            attempt: job.retryCount + 1,
            complete: async (tx) => {
              const res = (await this.#boss.complete(
                name,
                job.id,
                {},
                {
                  db: bossDbIn(tx),
                },
              )) as unknown as Affected;
              if (res.affected !== 1) throw new JobSuperseded(job.id);
            },
          };
          try {
            await handle(running);
          } catch (err) {
            if (err instanceof JobSuperseded) continue;
            const message = err instanceof Error ? err.message : String(err);
            await this.#boss.fail(name, job.id, { message }).catch((e: Error) => {
              console.error(`jobs: ${name} ${job.id} not failed: ${e.message}`);
            });
          }
        }
        if (workerId && jobs.length >= batchSize) this.#boss.notifyWorker(workerId);
      },
    );
  }

  /**
   * Runs failed job `id` of queue `name` again (one more attempt allowed), in `db`'s transaction.
   * → whether it was failed (and so is now waiting to run).
   */
  async retry(db: Db, name: string, id: string): Promise<boolean> {
    return ((await this.#boss.retry(name, id, { db: bossDbIn(db) })) as unknown as Affected).affected === 1;
  }

  /** Puts cancelled job `id` back in the queue, in `db`'s transaction → whether it was cancelled. */
  async resume(db: Db, name: string, id: string): Promise<boolean> {
    return ((await this.#boss.resume(name, id, { db: bossDbIn(db) })) as unknown as Affected).affected === 1;
  }

  /**
   * Cancels job `id` (waiting, waiting to retry, or running: a running one's effect is then not
   * written, its completion failing), in `db`'s transaction → whether it was cancellable.
   */
  async cancel(db: Db, name: string, id: string): Promise<boolean> {
    return ((await this.#boss.cancel(name, id, { db: bossDbIn(db) })) as unknown as Affected).affected === 1;
  }
}
