import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { dbBlobStore } from '../files/db-store.ts';
import type { BlobStore } from '../files/store.ts';
import type { SmsProvider } from '../sms/provider.ts';

/** What every request handler can reach; built once in main.ts (or per test). */
export interface AppDeps {
  config: Config;
  database: Database;
  sms: SmsProvider;
  /**
   * Where uploaded files' bytes live (files/store.ts; main.ts builds it from FILE_STORE).
   * Absent: the database store, the default.
   */
  files?: BlobStore;
  /** The clock; tests move it to check expiry. */
  now(): Date;
}

/** The file store of `deps`: its `files`, else the database store. */
export const filesOf = (deps: Pick<AppDeps, 'files'>): BlobStore => deps.files ?? dbBlobStore;
