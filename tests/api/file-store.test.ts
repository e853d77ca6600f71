import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../src/contract/documents.ts';
import { loadConfig } from '../../src/server/config.ts';
import type { Db } from '../../src/server/db/client.ts';
import { documents, documentTypes, fileBlobs, legalPersons } from '../../src/server/db/schema/index.ts';
import { dbBlobStore } from '../../src/server/files/db-store.ts';
import { importLegacyFiles } from '../../src/server/files/legacy.ts';
import { openBlobStore } from '../../src/server/files/open-store.ts';
import { s3BlobStore } from '../../src/server/files/s3-store.ts';
import { type BlobStore, sha256Hex } from '../../src/server/files/store.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, type TestApp } from '../support/auth.ts';
import { MOTO_SKIP_REASON, type MotoServer, startMoto } from '../support/moto-server.ts';

/**
 * The file stores (src/server/files): the database store (default) on this run's engine (PGlite,
 * or PostgreSQL when DATABASE_URL is set), the S3 store against a real S3-compatible server
 * (moto's server mode, on loopback), the sweep, and the move of files earlier versions kept on
 * the disk. Each store is also driven through the documents API.
 */

const HOUR = 60 * 60 * 1000;
/** A PDF (the documents API judges by content) with `n` random bytes in it: distinct content per call. */
const pdf = (n = 64) =>
  new Uint8Array([
    ...new TextEncoder().encode('%PDF-1.4\n'),
    ...randomBytes(n),
    ...new TextEncoder().encode('\n%%EOF\n'),
  ]);
/** Every byte value, then random bytes: what a text round-trip or an encoding slip would damage. */
function awkwardBytes(n: number) {
  const bytes = new Uint8Array(256 + n);
  for (let i = 0; i < 256; i++) bytes[i] = i;
  bytes.set(randomBytes(n), 256);
  return bytes;
}

let t: TestApp;
let analyst: ApiClient;
let companyId: number;
let pdfTypeId: number;

beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.40.0.1');
  const [c] = await t.db
    .select({ id: legalPersons.id })
    .from(legalPersons)
    .where(isNull(legalPersons.deletedAt))
    .limit(1);
  companyId = c!.id;
  const types = await t.db.select().from(documentTypes);
  pdfTypeId = types.find(
    (ty) => ty.ownerTypes.includes('legal') && ty.mimeTypes.includes('application/pdf'),
  )!.id;
});
afterAll(() => t?.dispose());

/** A `documents` row naming `sha256` (what an upload writes), so the sweep and the import see it named. */
async function nameIt(db: Db, sha256: string, size: number) {
  const [doc] = await db
    .insert(documents)
    .values({
      ownerType: 'legal',
      ownerId: companyId,
      documentTypeId: pdfTypeId,
      title: 'آزمون بایگانی',
      fileName: 'a.pdf',
      mime: 'application/pdf',
      size,
      sha256,
    })
    .returning();
  return doc!;
}

/** Uploads `bytes` as a document of the company through the API (multipart), as `c`. */
async function upload(c: ApiClient, bytes: Uint8Array) {
  const form = new FormData();
  form.set('document_type_id', String(pdfTypeId));
  form.set('title', 'سند آزمون');
  form.set('file', new File([bytes as BlobPart], 'a.pdf', { type: 'application/pdf' }));
  const req = new Request('http://local/', { method: 'POST', body: form });
  return c.post(`/api/person/legal-persons/${companyId}/documents`, {
    raw: await req.arrayBuffer(),
    contentType: req.headers.get('content-type')!,
  });
}

/** Downloads document `id` through `app` with `c`'s cookies; the raw bytes. */
async function download(app: TestApp['app'], c: ApiClient, id: number) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await app.request(`/api/documents/${id}/file`, { headers: { cookie } });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const blobCount = async (db: Db, sha256?: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(fileBlobs)
    .where(sha256 ? eq(fileBlobs.sha256, sha256) : undefined);
  return row!.n;
};

class Rollback extends Error {}

describe('configuration', () => {
  it('picks the database store by default and the S3 store when FILE_STORE=s3', async () => {
    expect((await openBlobStore(loadConfig({} as NodeJS.ProcessEnv))).kind).toBe('db');
    const s3 = await openBlobStore(
      loadConfig({
        FILE_STORE: 's3',
        S3_BUCKET: 'b',
        S3_ENDPOINT: 'http://127.0.0.1:9',
      } as NodeJS.ProcessEnv),
    );
    expect(s3.kind).toBe('s3');
  });

  it('refuses FILE_STORE=s3 without a bucket, and one S3 key without the other', () => {
    expect(() => loadConfig({ FILE_STORE: 's3' } as NodeJS.ProcessEnv)).toThrow(/S3_BUCKET/);
    expect(() =>
      loadConfig({ FILE_STORE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' } as NodeJS.ProcessEnv),
    ).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ FILE_STORE: 'disk' } as NodeJS.ProcessEnv)).toThrow(/FILE_STORE/);
  });
});

describe('the database store', () => {
  it('keeps each content once and gives back exactly the bytes it was given', async () => {
    const bytes = awkwardBytes(100_000);
    const a = await t.db.transaction((tx) => dbBlobStore.put(tx, bytes));
    const b = await t.db.transaction((tx) => dbBlobStore.put(tx, bytes.slice()));
    expect(a).toEqual({ sha256: sha256Hex(bytes), size: bytes.byteLength });
    expect(b).toEqual(a);
    expect(await blobCount(t.db, a.sha256)).toBe(1);
    const back = await dbBlobStore.get(t.db, a.sha256);
    expect(back).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(back!).equals(Buffer.from(bytes))).toBe(true);
    expect(await dbBlobStore.has(t.db, a.sha256)).toBe(true);
    expect(await dbBlobStore.get(t.db, sha256Hex(new Uint8Array([1])))).toBeNull();
    expect(await dbBlobStore.get(t.db, '../../etc/passwd')).toBeNull();
  });

  it(`holds a file of the largest allowed size (${MAX_DOCUMENT_BYTES / 1024 / 1024} MB)`, async () => {
    const bytes = awkwardBytes(MAX_DOCUMENT_BYTES - 256);
    expect(bytes.byteLength).toBe(MAX_DOCUMENT_BYTES);
    const stored = await t.db.transaction((tx) => dbBlobStore.put(tx, bytes));
    const back = await dbBlobStore.get(t.db, stored.sha256);
    expect(back!.byteLength).toBe(MAX_DOCUMENT_BYTES);
    expect(sha256Hex(back!)).toBe(stored.sha256);
  });

  it('leaves neither the bytes nor the row when the transaction rolls back', async () => {
    const bytes = pdf();
    const sha256 = sha256Hex(bytes);
    const before = await t.db.select({ n: count() }).from(documents);
    await expect(
      t.db.transaction(async (tx) => {
        const stored = await dbBlobStore.put(tx, bytes);
        await nameIt(tx, stored.sha256, stored.size);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await dbBlobStore.has(t.db, sha256)).toBe(false);
    expect(await t.db.select({ n: count() }).from(documents)).toEqual(before);
  });

  it('is what the documents API uploads to and downloads from', async () => {
    const bytes = pdf(5000);
    const res = await upload(analyst, bytes);
    expect(res.status).toBe(200);
    expect(await blobCount(t.db, sha256Hex(bytes))).toBe(1);
    const got = await download(t.app, analyst, res.body.data.id);
    expect(got.status).toBe(200);
    expect(Buffer.from(got.bytes).equals(Buffer.from(bytes))).toBe(true);
    // the same content under a second document is still one blob
    expect((await upload(analyst, bytes)).status).toBe(200);
    expect(await blobCount(t.db, sha256Hex(bytes))).toBe(1);
  });
});

describe('the sweep (database store)', () => {
  it('removes content no row names once the grace period has passed, and keeps named content', async () => {
    const named = pdf();
    const unnamed = pdf();
    await t.db.transaction(async (tx) => {
      const s = await dbBlobStore.put(tx, named);
      await nameIt(tx, s.sha256, s.size);
    });
    await t.db.transaction((tx) => dbBlobStore.put(tx, unnamed));
    // within the grace period nothing goes
    await dbBlobStore.sweep(t.db);
    expect(await dbBlobStore.has(t.db, sha256Hex(unnamed))).toBe(true);
    const removed = await dbBlobStore.sweep(t.db, { now: new Date(Date.now() + 2 * HOUR) });
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await dbBlobStore.has(t.db, sha256Hex(unnamed))).toBe(false);
    expect(await dbBlobStore.has(t.db, sha256Hex(named))).toBe(true);
  });

  it('keeps old content that an upload still in its transaction is naming again', async () => {
    const bytes = pdf();
    const sha256 = sha256Hex(bytes);
    await t.db.transaction((tx) => dbBlobStore.put(tx, bytes));
    await t.db.execute(
      sql`UPDATE file_blobs SET created_at = now() - interval '2 days' WHERE sha256 = ${sha256}`,
    );
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let putDone!: () => void;
    const afterPut = new Promise<void>((r) => {
      putDone = r;
    });
    // An upload of the same content: its put is done, its row not yet written.
    const uploadTx = t.db.transaction(async (tx) => {
      const s = await dbBlobStore.put(tx, bytes);
      putDone();
      await held;
      await nameIt(tx, s.sha256, s.size);
    });
    await afterPut;
    let swept: number | null = null;
    const sweep = dbBlobStore.sweep(t.db).then((n) => {
      swept = n;
      return n;
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(swept).toBeNull(); // the sweep waits for the upload's transaction
    release();
    await uploadTx;
    await sweep;
    expect(await dbBlobStore.has(t.db, sha256)).toBe(true);
  });
});

describe('files of earlier versions on the disk', () => {
  it('moves the files a row names into the store, once, and leaves the others', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nazer-legacy-'));
    try {
      const place = (bytes: Uint8Array, name = sha256Hex(bytes)) => {
        mkdirSync(join(dataDir, 'files', name.slice(0, 2)), { recursive: true });
        writeFileSync(join(dataDir, 'files', name.slice(0, 2), name), bytes);
        return name;
      };
      const kept = pdf(3000);
      const keptSha = place(kept);
      const doc = await nameIt(t.db, keptSha, kept.byteLength);
      const stray = place(pdf()); // no row names it
      const lying = pdf();
      const lyingSha = place(lying, sha256Hex(pdf())); // bytes that do not match the name
      await nameIt(t.db, lyingSha, lying.byteLength);
      writeFileSync(join(dataDir, 'files', keptSha.slice(0, 2), `.tmp-${keptSha.slice(0, 8)}-abc`), 'x');

      const first = await importLegacyFiles(t.db, dbBlobStore, dataDir);
      expect(first.imported).toBe(1);
      expect(first.unnamed).toBe(1);
      expect(first.damaged).toEqual([join(dataDir, 'files', lyingSha.slice(0, 2), lyingSha)]);
      expect(readdirSync(join(dataDir, 'files', keptSha.slice(0, 2)))).not.toContain(keptSha);
      expect(readdirSync(join(dataDir, 'files', stray.slice(0, 2)))).toContain(stray);
      expect(await dbBlobStore.has(t.db, lyingSha)).toBe(false);

      const got = await download(t.app, analyst, doc.id);
      expect(got.status).toBe(200);
      expect(Buffer.from(got.bytes).equals(Buffer.from(kept))).toBe(true);

      const second = await importLegacyFiles(t.db, dbBlobStore, dataDir);
      expect(second).toEqual({ imported: 0, unnamed: 1, damaged: first.damaged });
      // no folder at all is no work
      expect(await importLegacyFiles(t.db, dbBlobStore, join(dataDir, 'absent'))).toEqual({
        imported: 0,
        unnamed: 0,
        damaged: [],
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(MOTO_SKIP_REASON !== null)(
  `the S3 store against a real S3-compatible server (moto)${MOTO_SKIP_REASON ? ` — skipped: ${MOTO_SKIP_REASON}` : ''}`,
  () => {
    let moto: MotoServer;
    let s3: BlobStore & { client: S3Client };
    let t3: TestApp;
    let analyst3: ApiClient;
    const BUCKET = 'nazer-files';
    const keys = async (prefix = '') =>
      (
        (await s3.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []
      ).map((o) => o.Key!);

    beforeAll(async () => {
      moto = await startMoto();
      s3 = s3BlobStore({
        endpoint: moto.endpoint,
        bucket: BUCKET,
        region: 'us-east-1',
        accessKeyId: 'test',
        secretAccessKey: 'test',
        forcePathStyle: true,
        prefix: 'nazer/',
      });
      await s3.client.send(new CreateBucketCommand({ Bucket: BUCKET }));
      t3 = await startTestApp({ files: s3 });
      analyst3 = await clientAs(t3, 'analyst', 'analyst', '10.40.0.2');
    });
    afterAll(async () => {
      await t3?.dispose();
      s3?.client.destroy();
      await moto?.stop();
    });

    it('keeps each content once under its hash and gives back exactly the bytes', async () => {
      const bytes = awkwardBytes(200_000);
      const a = await t3.db.transaction((tx) => s3.put(tx, bytes));
      const b = await t3.db.transaction((tx) => s3.put(tx, bytes.slice()));
      expect(b).toEqual(a);
      expect(a).toEqual({ sha256: sha256Hex(bytes), size: bytes.byteLength });
      expect((await keys()).filter((k) => k === `nazer/${a.sha256}`)).toHaveLength(1);
      const back = await s3.get(t3.db, a.sha256);
      expect(Buffer.from(back!).equals(Buffer.from(bytes))).toBe(true);
      expect(await s3.has(t3.db, a.sha256)).toBe(true);
      expect(await s3.get(t3.db, sha256Hex(new Uint8Array([2])))).toBeNull();
      expect(await s3.has(t3.db, sha256Hex(new Uint8Array([2])))).toBe(false);
    });

    it('holds a file of the largest allowed size', async () => {
      const bytes = awkwardBytes(MAX_DOCUMENT_BYTES - 256);
      const stored = await t3.db.transaction((tx) => s3.put(tx, bytes));
      const back = await s3.get(t3.db, stored.sha256);
      expect(back!.byteLength).toBe(MAX_DOCUMENT_BYTES);
      expect(sha256Hex(back!)).toBe(stored.sha256);
    });

    it('refuses to serve an object whose bytes do not match its name', async () => {
      const name = sha256Hex(pdf());
      await s3.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `nazer/${name}`, Body: 'not it' }));
      await expect(s3.get(t3.db, name)).rejects.toThrow(/damaged/);
    });

    it('is what the documents API uploads to and downloads from (no bytes in the database)', async () => {
      const blobsBefore = await blobCount(t3.db);
      const bytes = pdf(8000);
      const res = await upload(analyst3, bytes);
      expect(res.status).toBe(200);
      expect(await keys()).toContain(`nazer/${sha256Hex(bytes)}`);
      const got = await download(t3.app, analyst3, res.body.data.id);
      expect(got.status).toBe(200);
      expect(Buffer.from(got.bytes).equals(Buffer.from(bytes))).toBe(true);
      expect(await blobCount(t3.db)).toBe(blobsBefore);
    });

    it('sweeps objects whose row never committed, after the grace period, and keeps named ones', async () => {
      const orphan = pdf();
      const named = pdf();
      await expect(
        t3.db.transaction(async (tx) => {
          await s3.put(tx, orphan);
          throw new Rollback();
        }),
      ).rejects.toBeInstanceOf(Rollback);
      await t3.db.transaction(async (tx) => {
        const s = await s3.put(tx, named);
        await nameIt(tx, s.sha256, s.size);
      });
      // an object outside the prefix is not the store's
      await s3.client.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: `other/${sha256Hex(orphan)}`, Body: 'x' }),
      );
      expect(await keys('nazer/')).toContain(`nazer/${sha256Hex(orphan)}`);
      expect(await s3.sweep(t3.db)).toBe(0); // all within the grace period
      const removed = await s3.sweep(t3.db, { now: new Date(Date.now() + 2 * HOUR) });
      expect(removed).toBeGreaterThanOrEqual(1);
      const left = await keys();
      expect(left).not.toContain(`nazer/${sha256Hex(orphan)}`);
      expect(left).toContain(`nazer/${sha256Hex(named)}`);
      expect(left).toContain(`other/${sha256Hex(orphan)}`);
    });

    it('takes the files of earlier versions from the disk', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'nazer-legacy-s3-'));
      try {
        const bytes = pdf(1000);
        const sha256 = sha256Hex(bytes);
        mkdirSync(join(dataDir, 'files', sha256.slice(0, 2)), { recursive: true });
        writeFileSync(join(dataDir, 'files', sha256.slice(0, 2), sha256), bytes);
        const doc = await nameIt(t3.db, sha256, bytes.byteLength);
        expect((await importLegacyFiles(t3.db, s3, dataDir)).imported).toBe(1);
        const got = await download(t3.app, analyst3, doc.id);
        expect(Buffer.from(got.bytes).equals(Buffer.from(bytes))).toBe(true);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  },
);
