import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type RequestTarget } from '../support/api-client.ts';
import { chooseRole, signIn } from '../support/auth.ts';
import { MOTO_SKIP_REASON, type MotoServer, startMoto } from '../support/moto-server.ts';
import { ServerPair } from '../support/server-pair.ts';
import type { ServerProcess } from '../support/server-process.ts';

/**
 * Two real server processes on ONE PostgreSQL database, one user's requests alternating between
 * them as a load balancer without sticky sessions would send them: sign-in on A, role on B,
 * upload on A, download on B (the same bytes), upload on B, download on A, a bulk action on B and
 * its undo on A. Each server has a DATA_DIR of its own, so a file reaches the other server only
 * through the file store. Run with the database store (default) and, where moto can run, with the
 * S3 store. PostgreSQL only (DATABASE_URL): PGlite is one process by design, so this skips there.
 */

const PG = Boolean(process.env.DATABASE_URL);

/** A request target whose server can be switched between requests; the client keeps one cookie jar. */
class Alternating implements RequestTarget {
  current: ServerProcess;
  constructor(first: ServerProcess) {
    this.current = first;
  }
  request(path: string, init: RequestInit) {
    return fetch(`${this.current.baseUrl}${path}`, init);
  }
}

const pdf = () =>
  new Uint8Array([
    ...new TextEncoder().encode('%PDF-1.4\n'),
    ...randomBytes(20_000),
    ...new TextEncoder().encode('\n%%EOF\n'),
  ]);

/** Multipart upload of `bytes` as a document of legal person `companyId`. */
async function upload(c: ApiClient, companyId: number, typeId: number, bytes: Uint8Array) {
  const form = new FormData();
  form.set('document_type_id', String(typeId));
  form.set('title', 'سند دو کارساز');
  form.set('file', new File([bytes as BlobPart], 'two.pdf', { type: 'application/pdf' }));
  const req = new Request('http://local/', { method: 'POST', body: form });
  return c.post(`/api/person/legal-persons/${companyId}/documents`, {
    raw: await req.arrayBuffer(),
    contentType: req.headers.get('content-type')!,
  });
}

/** GET of a document's file on `server` with `c`'s cookies: status and raw bytes. */
async function download(server: ServerProcess, c: ApiClient, id: number) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(`${server.baseUrl}/api/documents/${id}/file`, {
    headers: { cookie, 'x-forwarded-for': '10.70.0.1' },
  });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

const stores = [
  { store: 'db', skip: null as string | null },
  { store: 's3', skip: MOTO_SKIP_REASON },
];

for (const { store, skip } of stores) {
  const reason = !PG ? 'needs DATABASE_URL (PostgreSQL)' : skip;
  describe.skipIf(reason !== null)(
    `two servers on one PostgreSQL database, FILE_STORE=${store}${reason ? ` — skipped: ${reason}` : ''}`,
    () => {
      let pair: ServerPair;
      let moto: MotoServer | null = null;

      beforeAll(async () => {
        let env: NodeJS.ProcessEnv = {};
        if (store === 's3') {
          moto = await startMoto();
          env = {
            FILE_STORE: 's3',
            S3_ENDPOINT: moto.endpoint,
            S3_BUCKET: 'nazer-pair',
            S3_REGION: 'us-east-1',
            S3_ACCESS_KEY_ID: 'test',
            S3_SECRET_ACCESS_KEY: 'test',
            S3_FORCE_PATH_STYLE: '1',
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          };
          const s3 = new S3Client({
            endpoint: moto.endpoint,
            region: 'us-east-1',
            forcePathStyle: true,
            credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
          });
          await s3.send(new CreateBucketCommand({ Bucket: 'nazer-pair' }));
          s3.destroy();
        }
        pair = await ServerPair.create(`pair_${store}`, env);
        await pair.start();
      }, 180_000);
      afterAll(async () => {
        await pair?.dispose();
        await moto?.stop();
      }, 60_000);

      it("serves one user's requests alternately: sign-in, role, upload, download, bulk action and undo", async () => {
        const { a, b } = pair;
        const target = new Alternating(a);
        const c = new ApiClient(target, { ip: '10.70.0.1' });
        const on = (server: ServerProcess) => {
          target.current = server;
          return c;
        };
        const fail = (what: string, res: { status: number; body: unknown }) =>
          `${what}: ${res.status} ${JSON.stringify(res.body)}\n--- A ---\n${a.output.slice(-2000)}\n--- B ---\n${b.output.slice(-2000)}`;

        await signIn(on(a), 'analyst');
        await chooseRole(on(b), 'analyst');

        const list = await on(a).get('/api/person/legal-persons?per_page=5');
        expect(list.status, fail('list', list)).toBe(200);
        const companyId: number = list.body.data.data[0].id;
        const types = await on(b).get('/api/document-types?owner_type=legal');
        const typeId: number = types.body.data.find((t: { mime_types: string[] }) =>
          t.mime_types.includes('application/pdf'),
        ).id;

        // a document uploaded through A is read through B, and the other way round
        const first = pdf();
        const up1 = await upload(on(a), companyId, typeId, first);
        expect(up1.status, fail('upload on A', up1)).toBe(200);
        const down1 = await download(b, c, up1.body.data.id);
        expect(down1.status).toBe(200);
        expect(Buffer.from(down1.bytes).equals(Buffer.from(first))).toBe(true);

        const second = pdf();
        const up2 = await upload(on(b), companyId, typeId, second);
        expect(up2.status, fail('upload on B', up2)).toBe(200);
        const down2 = await download(a, c, up2.body.data.id);
        expect(down2.status).toBe(200);
        expect(Buffer.from(down2.bytes).equals(Buffer.from(second))).toBe(true);

        const docs = await on(a).get(`/api/person/legal-persons/${companyId}/documents`);
        expect(docs.body.data.map((d: { id: number }) => d.id)).toEqual(
          expect.arrayContaining([up1.body.data.id, up2.body.data.id]),
        );

        // a bulk action on B (soft delete of the company), seen by A, undone on A, seen by B
        const bulk = await on(b).post('/api/person/legal-persons/bulk', {
          json: { action: 'delete', ids: [companyId] },
        });
        expect(bulk.status, fail('bulk on B', bulk)).toBe(200);
        const operation = bulk.body.data.operation as { id: string; affected: number };
        expect(operation.affected).toBe(1);
        expect((await on(a).get(`/api/person/legal-persons/${companyId}`)).status).toBe(404);
        expect((await download(a, c, up1.body.data.id)).status).toBe(404);

        const undo = await on(a).post(`/api/bulk-operations/${operation.id}/undo`);
        expect(undo.status, fail('undo on A', undo)).toBe(200);
        expect(undo.body.data.operation.undone_at).toBeTruthy();
        expect((await on(b).get(`/api/person/legal-persons/${companyId}`)).status).toBe(200);
        const again = await download(b, c, up1.body.data.id);
        expect(again.status).toBe(200);
        expect(Buffer.from(again.bytes).equals(Buffer.from(first))).toBe(true);
      });
    },
  );
}
