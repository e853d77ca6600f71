import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../http/list.ts';
import {
  type BlobStore,
  holdPutLock,
  holdSweepLock,
  isReferenced,
  isSha256,
  SWEEP_GRACE_MS,
  sha256Hex,
} from './store.ts';

/** Where the S3 store keeps objects (the S3_* settings in config.ts). */
export interface S3StoreOptions {
  /** The service's URL (MinIO, Ceph, Garage, a cloud's S3 endpoint…); absent: AWS by region. */
  endpoint?: string;
  /** The bucket; it must exist. */
  bucket: string;
  region: string;
  /** Credentials; absent: the SDK's default chain (AWS_* variables, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`), which most self-hosted services want. */
  forcePathStyle: boolean;
  /** Put before every key (e.g. `nazer/`); the sweep only looks under it. */
  prefix: string;
}

/** How many objects one sweep step checks against the database (and holds the lock for). */
const SWEEP_BATCH = 500;

const statusOf = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * The S3-compatible file store (FILE_STORE=s3): one object per content, keyed
 * `<prefix><sha256>`. `put` uploads at once (S3 cannot join the row's transaction), inside the
 * row's transaction and under the store's shared lock, so the sweep cannot remove the object
 * before the row commits; re-uploading the same content overwrites the object with the same
 * bytes. `get` checks the bytes against their hash and throws on a mismatch (a damaged object).
 * The sweep lists the objects older than the grace period and removes those no row names.
 */
export function s3BlobStore(opts: S3StoreOptions): BlobStore & { client: S3Client } {
  const client = new S3Client({
    region: opts.region,
    forcePathStyle: opts.forcePathStyle,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
    // Checksums only where the API requires them: many S3-compatible services reject the
    // newer default trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const key = (sha256: string) => `${opts.prefix}${sha256}`;

  return {
    kind: 's3',
    client,

    async put(tx, bytes) {
      const sha256 = sha256Hex(bytes);
      await holdPutLock(tx);
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: key(sha256),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: 'application/octet-stream',
        }),
      );
      return { sha256, size: bytes.byteLength };
    },

    async get(_db, sha256) {
      if (!isSha256(sha256)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key(sha256) }));
        if (!res.Body) return null;
        const bytes = await res.Body.transformToByteArray();
        if (sha256Hex(bytes) !== sha256) throw new Error(`file store: object ${key(sha256)} is damaged`);
        return bytes;
      } catch (err) {
        if (statusOf(err) === 404) return null;
        throw err;
      }
    },

    async has(_db, sha256) {
      if (!isSha256(sha256)) return false;
      try {
        await client.send(new HeadObjectCommand({ Bucket: opts.bucket, Key: key(sha256) }));
        return true;
      } catch (err) {
        if (statusOf(err) === 404) return false;
        throw err;
      }
    },

    async sweep(db, { graceMs = SWEEP_GRACE_MS, now = new Date() } = {}) {
      const cutoff = now.getTime() - graceMs;
      let removed = 0;
      let batch: string[] = [];
      const flush = async () => {
        const shas = batch;
        batch = [];
        if (!shas.length) return;
        // Under the exclusive lock no upload is between its object and its row: what no
        // committed row names now is named by none.
        removed += await db.transaction(async (tx: Db) => {
          await holdSweepLock(tx);
          const unnamed = await queryRows<{ sha256: string }>(
            tx,
            sql`SELECT s.sha256 FROM unnest(${sql.param(shas)}::text[]) AS s(sha256)
                WHERE NOT ${isReferenced(sql`s.sha256`)}`,
          );
          for (const { sha256 } of unnamed) {
            await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: key(sha256) }));
          }
          return unnamed.length;
        });
      };
      const pages = paginateListObjectsV2({ client }, { Bucket: opts.bucket, Prefix: opts.prefix });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          const sha256 = object.Key?.slice(opts.prefix.length) ?? '';
          if (!isSha256(sha256) || !object.LastModified || object.LastModified.getTime() >= cutoff) continue;
          batch.push(sha256);
          if (batch.length >= SWEEP_BATCH) await flush();
        }
      }
      await flush();
      return removed;
    },
  };
}
