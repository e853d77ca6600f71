import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * The content-addressed file store: every file's bytes are kept once, named by the SHA-256 of
 * their content, where every server process sees them. Owner-agnostic: what a file belongs to (a
 * resume document, a company's document, a letter's attachment…) and its display name and type
 * live in the database rows that name it by `sha256` (`documents`, `resume_documents`,
 * `issue_letter_attachments`); the store only keeps bytes.
 *
 * Two stores stand behind this one interface (FILE_STORE):
 * - `db` (default, db-store.ts): the table `file_blobs`, written inside the transaction of the row
 *   that names the content, so a rollback or a crash leaves neither the row nor the bytes;
 * - `s3` (s3-store.ts): an S3-compatible bucket, objects keyed by `<S3_PREFIX><sha256>`. S3 cannot
 *   join a transaction, so `put` writes the object before the row; an object whose row never
 *   committed is removed later by `sweep`.
 *
 * Content is never removed when a row goes (other rows may share it): `sweep` removes what no row
 * names. `put` and `sweep` exclude each other through a PostgreSQL advisory lock (shared for
 * `put`, held until the row's transaction ends; exclusive for the sweep), so the sweep never
 * removes content that a transaction still in flight is about to name.
 */

export interface StoredFile {
  /** SHA-256 of the content, lower-case hex: its name in the store. */
  sha256: string;
  /** Length in bytes. */
  size: number;
}

export interface SweepOptions {
  /** Content stored less than this many milliseconds before `now` stays (default SWEEP_GRACE_MS). */
  graceMs?: number;
  /** The clock (default: the current time). */
  now?: Date;
}

export interface BlobStore {
  /** Which store this is (the FILE_STORE setting). */
  readonly kind: 'db' | 's3';
  /**
   * Stores `bytes` once per content and answers its hash and size. Call it inside the transaction
   * `tx` that writes the row naming the content: the database store writes there (and so commits
   * or rolls back with the row); the S3 store uploads the object at once (before the row).
   */
  put(tx: Db, bytes: Uint8Array): Promise<StoredFile>;
  /** The bytes stored under `sha256`, or null when the store does not hold them (or the hash is malformed). */
  get(db: Db, sha256: string): Promise<Uint8Array | null>;
  /** True when the store holds the content with hash `sha256`. */
  has(db: Db, sha256: string): Promise<boolean>;
  /**
   * Removes content that no row names and that was stored more than `graceMs` ago; answers how
   * many were removed. Safe to run beside uploads and on several servers at once.
   */
  sweep(db: Db, opts?: SweepOptions): Promise<number>;
}

/** How old unnamed content must be before the sweep removes it: one hour. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

const HEX64 = /^[0-9a-f]{64}$/;

/** True when `value` is a lower-case hex SHA-256. */
export const isSha256 = (value: string) => HEX64.test(value);

/** The SHA-256 (hex) of `bytes`. */
export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The advisory lock key shared by `put` (shared mode) and `sweep` (exclusive): any fixed 64-bit number. */
const SWEEP_LOCK = sql.raw('7318201940127745101');

/** Inside `tx`: holds the store's lock in shared mode until `tx` ends (called by `put`). */
export async function holdPutLock(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(${SWEEP_LOCK})`);
}

/** Inside `tx`: holds the store's lock exclusively until `tx` ends (called by `sweep`). */
export async function holdSweepLock(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SWEEP_LOCK})`);
}

/** SQL: true when some row names the content `sha256` (an SQL expression or parameter). */
export const isReferenced = (sha256: ReturnType<typeof sql>) =>
  sql`(EXISTS (SELECT 1 FROM documents d WHERE d.sha256 = ${sha256})
    OR EXISTS (SELECT 1 FROM resume_documents r WHERE r.sha256 = ${sha256})
    OR EXISTS (SELECT 1 FROM issue_letter_attachments a WHERE a.sha256 = ${sha256}))`;
