import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentType } from '../../src/contract/document-types.ts';
import type { DocumentItem } from '../../src/contract/documents.ts';
import type { HistoryEntry } from '../../src/contract/person-forms.ts';
import {
  auditLog,
  documents,
  documentTypes,
  legalPersons,
  truePersons,
} from '../../src/server/db/schema/index.ts';
import type { ApiClient } from '../support/api-client.ts';
import { startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, rowCounts, type TestApp } from '../support/auth.ts';

const PDF = () => new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(300).fill(3)]);

let t: TestApp;
let analyst: ApiClient;
let auditor: ApiClient;
let admin: ApiClient;
let companyId: number;
let personId: number;
const typeIds: Record<string, number> = {};
const typeId = (name: string) => typeIds[name]!;

beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.30.0.1');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.30.0.2');
  admin = await clientAs(t, 'admin', 'super_admin', '10.30.0.3');
  const [c] = await t.db
    .select({ id: legalPersons.id })
    .from(legalPersons)
    .where(isNull(legalPersons.deletedAt))
    .limit(1);
  const [p] = await t.db
    .select({ id: truePersons.id })
    .from(truePersons)
    .where(isNull(truePersons.deletedAt))
    .limit(1);
  companyId = c!.id;
  personId = p!.id;
  for (const row of await t.db.select().from(documentTypes)) typeIds[row.name] = row.id;
});
afterAll(() => t.dispose());

/** Multipart upload of `bytes` named `name` to an owner's documents. */
async function upload(
  c: ApiClient,
  owner: string,
  fields: { document_type_id?: number | string; title?: string },
  bytes: Uint8Array,
  name = 'file.pdf',
) {
  const form = new FormData();
  if (fields.document_type_id !== undefined) form.set('document_type_id', String(fields.document_type_id));
  if (fields.title !== undefined) form.set('title', fields.title);
  form.set('file', new File([bytes as BlobPart], name, { type: 'application/pdf' }));
  const req = new Request('http://local/', { method: 'POST', body: form });
  return c.post(`/api/person/${owner}/documents`, {
    raw: await req.arrayBuffer(),
    contentType: req.headers.get('content-type')!,
  });
}

/** GET with the client's cookies, answering the raw bytes. */
async function download(c: ApiClient, id: number) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await t.app.request(`/api/documents/${id}/file`, { headers: { cookie } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('document types', () => {
  it('seeds the reference list with owner types, limits and MIME types', async () => {
    const res = await analyst.get('/api/document-types?owner_type=legal');
    expect(res.status).toBe(200);
    const names = (res.body.data as DocumentType[]).map((d) => d.name);
    expect(names).toContain('اساسنامه');
    expect(names).toContain('سایر');
    expect(names).not.toContain('کارت ملی');
    const bad = await analyst.get('/api/document-types?owner_type=robot');
    expect(bad.status).toBe(422);
  });

  it('is managed with management.system: create, 422, refuse delete in use with 409', async () => {
    const body = {
      name: 'پروانه بهره‌برداری',
      owner_types: ['legal'],
      max_bytes: 2048,
      mime_types: ['application/pdf'],
    };
    expect((await analyst.request('POST', '/api/document-types', { json: body })).status).toBe(403);
    const made = await admin.request('POST', '/api/document-types', { json: body });
    expect(made.status).toBe(200);
    const id = made.body.data.id as number;
    const dup = await admin.request('POST', '/api/document-types', { json: body });
    expect(dup.status).toBe(422);
    expect(isPersian(dup.body.errors.name[0])).toBe(true);
    const empty = await admin.request('POST', '/api/document-types', {
      json: { name: '', owner_types: [], max_bytes: 5, mime_types: ['text/html'] },
    });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['max_bytes', 'mime_types', 'name', 'owner_types']);
    const edited = await admin.request('PUT', `/api/document-types/${id}`, {
      json: { ...body, max_bytes: 4096 },
    });
    expect(edited.body.data.max_bytes).toBe(4096);
    const up = await upload(
      analyst,
      `legal-persons/${companyId}`,
      { document_type_id: id, title: 'پروانه' },
      PDF(),
    );
    expect(up.status).toBe(200);
    const refused = await admin.request('DELETE', `/api/document-types/${id}`);
    expect(refused.status).toBe(409);
    expect(isPersian(refused.body.message)).toBe(true);
    await analyst.request('DELETE', `/api/person/legal-persons/${companyId}/documents/${up.body.data.id}`);
    expect((await admin.request('DELETE', `/api/document-types/${id}`)).status).toBe(200);
    expect(await t.db.select().from(documentTypes).where(eq(documentTypes.id, id))).toEqual([]);
  });
});

describe('documents of an owner', () => {
  it('uploads, lists, downloads the same bytes, deletes, and audits on the owner', async () => {
    const bytes = PDF();
    const res = await upload(
      analyst,
      `legal-persons/${companyId}`,
      { document_type_id: typeId('اساسنامه'), title: 'اساسنامه مصوب ۱۴۰۲' },
      bytes,
      'اساسنامه شرکت.pdf',
    );
    expect(res.status).toBe(200);
    const doc = res.body.data as DocumentItem;
    expect(doc).toMatchObject({
      owner_type: 'legal',
      owner_id: companyId,
      title: 'اساسنامه مصوب 1402', // digits stored ASCII, shown Persian
      file_name: 'اساسنامه شرکت.pdf',
      mime: 'application/pdf',
      size: bytes.byteLength,
      document_type: { id: typeId('اساسنامه'), name: 'اساسنامه' },
    });
    expect(doc.uploaded_by?.name).toBeTruthy();

    const list = await auditor.get(`/api/person/legal-persons/${companyId}/documents`);
    expect(list.status).toBe(200);
    expect((list.body.data as DocumentItem[]).map((d) => d.id)).toContain(doc.id);

    const got = await download(auditor, doc.id);
    expect(got.res.status).toBe(200);
    expect(got.res.headers.get('content-type')).toBe('application/pdf');
    expect(got.res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('اساسنامه شرکت.pdf')}`,
    );
    expect([...got.bytes]).toEqual([...bytes]);

    const history = await auditor.get(`/api/logs/view-entity/${companyId}/legal_person`);
    const added = (history.body.data as HistoryEntry[]).find(
      (h) => h.entity === 'document' && h.entity_id === String(doc.id) && h.action === 'create',
    );
    expect(added?.changes.find((c) => c.field === 'title')?.after).toBe('اساسنامه مصوب 1402');

    const del = await analyst.request('DELETE', `/api/person/legal-persons/${companyId}/documents/${doc.id}`);
    expect(del.status).toBe(200);
    expect(await t.db.select().from(documents).where(eq(documents.id, doc.id))).toEqual([]);
    const [removed] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'document'),
          eq(auditLog.entityId, String(doc.id)),
          eq(auditLog.action, 'delete'),
        ),
      );
    expect(removed?.before).toMatchObject({
      owner_type: 'legal',
      owner_id: companyId,
      title: 'اساسنامه مصوب 1402',
    });
    expect((await download(auditor, doc.id)).res.status).toBe(404);
    const again = await analyst.request(
      'DELETE',
      `/api/person/legal-persons/${companyId}/documents/${doc.id}`,
    );
    expect(again.status).toBe(404);
  });

  it('refuses a file over the type limit, bytes of another type, and a type not for the owner (422)', async () => {
    const before = await rowCounts(t.db, { documents, audit: auditLog });
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set(PNG());
    const tooLarge = await upload(
      analyst,
      `true-persons/${personId}`,
      { document_type_id: typeId('کارت ملی'), title: 'کارت ملی' },
      big,
      'card.png',
    );
    expect(tooLarge.status).toBe(422);
    expect(isPersian(tooLarge.body.errors.file[0])).toBe(true);

    const disguised = await upload(
      analyst,
      `legal-persons/${companyId}`,
      { document_type_id: typeId('اساسنامه'), title: 'اساسنامه' },
      PNG(),
      'statute.pdf',
    );
    expect(disguised.status).toBe(422);
    expect(disguised.body.errors.file[0]).toContain('PDF');

    const wrongOwner = await upload(
      analyst,
      `legal-persons/${companyId}`,
      { document_type_id: typeId('کارت ملی'), title: 'کارت' },
      PNG(),
      'card.png',
    );
    expect(wrongOwner.status).toBe(422);
    expect(isPersian(wrongOwner.body.errors.document_type_id[0])).toBe(true);

    const missing = await upload(analyst, `legal-persons/${companyId}`, {}, PDF());
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['document_type_id', 'title']);
    expect(await rowCounts(t.db, { documents, audit: auditLog })).toEqual(before);
  });

  it('needs the edit permission to upload and delete (403), the view permission to read', async () => {
    const refused = await upload(
      auditor,
      `true-persons/${personId}`,
      { document_type_id: typeId('شناسنامه'), title: 'شناسنامه' },
      PNG(),
      'id.png',
    );
    expect(refused.status).toBe(403);
    const ok = await upload(
      analyst,
      `true-persons/${personId}`,
      { document_type_id: typeId('شناسنامه'), title: 'شناسنامه' },
      PNG(),
      'id.png',
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.file_name).toBe('id.png');
    const del = await auditor.request(
      'DELETE',
      `/api/person/true-persons/${personId}/documents/${ok.body.data.id}`,
    );
    expect(del.status).toBe(403);
    const anon = t.client({ ip: '10.30.0.9' });
    expect((await anon.get(`/api/person/true-persons/${personId}/documents`)).status).toBe(401);
    expect((await download(anon, ok.body.data.id)).res.status).toBe(401);
  });

  it('answers 404 for a missing or deleted owner', async () => {
    expect((await analyst.get('/api/person/legal-persons/99999999/documents')).status).toBe(404);
    const [victim] = await t.db
      .select({ id: legalPersons.id })
      .from(legalPersons)
      .where(isNull(legalPersons.deletedAt))
      .offset(5)
      .limit(1);
    await t.db.update(legalPersons).set({ deletedAt: new Date() }).where(eq(legalPersons.id, victim!.id));
    const list = await analyst.get(`/api/person/legal-persons/${victim!.id}/documents`);
    expect(list.status).toBe(404);
    expect(list.body.message).toBe('شخص حقوقی یافت نشد');
    const up = await upload(
      analyst,
      `legal-persons/${victim!.id}`,
      { document_type_id: typeId('سایر'), title: 'سایر' },
      PDF(),
    );
    expect(up.status).toBe(404);
  });
});
