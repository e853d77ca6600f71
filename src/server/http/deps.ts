import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { BlobStore } from '../files/store.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { SmsProvider } from '../sms/provider.ts';

/** What every request handler can reach; built once in main.ts (or per test). */
export interface AppDeps {
  config: Config;
  database: Database;
  sms: SmsProvider;
  /**
   * The durable job queue (jobs/queue.ts), started: handlers queue jobs in their transaction
   * (`jobs.enqueue(name, data, { db: tx })`, jobs/notify.ts `notifyUsers`). Its workers run only
   * where they were started (main.ts; a test that wants its jobs run starts them).
   */
  jobs: JobQueue;
  /** Where uploaded files' bytes live (files/store.ts; main.ts builds it from FILE_STORE). */
  files: BlobStore;
  /** The clock; tests move it to check expiry. */
  now(): Date;
  /**
   * Checks every answer against its route's declared `response` schema (http/mount.ts) and turns
   * a mismatch into a 500 naming the route and the differences. Tests switch it on; off in
   * production, where it would only cost time.
   */
  checkResponses?: boolean;
}
