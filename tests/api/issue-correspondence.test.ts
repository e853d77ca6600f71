import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipFile } from 'yazl';
import type { LetterAttachment, LetterPrint } from '../../src/contract/issue-correspondence.ts';
import type { IssueDetail, IssueLetter } from '../../src/contract/issues.ts';
import { auditLog, fileBlobs, issueLetterAttachments } from '../../src/server/db/schema/index.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, rowCounts, type TestApp } from '../support/auth.ts';

/**
 * Issue 18, an issue's correspondence beyond the letter: files attached to a letter (stored as
 * documents are, the type judged by the bytes: a wrong one is a Persian 422 and writes nothing),
 * downloaded as uploaded and removed, each write audited; one letter as its print reads it; and
 * the issues list exported as xlsx with the list's own filters.
 */

const PDF = () => new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const HTML = () => new TextEncoder().encode('<!doctype html><script>alert(1)</script>');

/** A minimal Word document's bytes: a ZIP holding `[Content_Types].xml` and `word/document.xml`. */
function docx(): Promise<Uint8Array> {
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from('<Types/>'), '[Content_Types].xml');
  zip.addBuffer(Buffer.from('<w:document/>'), 'word/document.xml');
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    zip.outputStream.on('error', reject);
  });
}

let t: TestApp;
let auditor: ApiClient;
let company: number;
let types: { id: number; name: string }[];
const tag = `پیوست${Date.now().toString(36).slice(-4)}`;

beforeAll(async () => {
  t = await startTestApp();
  auditor = await clientAs(t, 'auditor', 'auditor', '10.18.1.1');
  [{ id: company }] = (await queryRows<{ id: number }>(
    t.db,
    sql`SELECT min(id) AS id FROM legal_persons WHERE deleted_at IS NULL`,
  )) as [{ id: number }];
  types = (await auditor.get('/api/issue-types')).body.data;
});
afterAll(() => t.dispose());

const cookie = (c: ApiClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

async function raise(title: string, over: Record<string, unknown> = {}): Promise<IssueDetail> {
  const res = await auditor.request('POST', '/api/issues', {
    json: { title, object_id: company, issue_type: types[0]!.id, priority: '3', ...over },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function letterOn(issueId: number): Promise<IssueLetter> {
  const res = await auditor.request('POST', `/api/issues/${issueId}/letters`, {
    json: {
      direction: 'out',
      letter_date: '2026-05-01',
      sender: 'سازمان',
      recipient: 'مدیرعامل',
      subject: 'درخواست صورت‌های مالی',
      body: 'با سلام',
    },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** Multipart upload of `bytes` named `name` (claimed as a PDF, whatever it is). */
async function attach(path: string, bytes: Uint8Array | null, name = 'نامه.pdf') {
  const form = new FormData();
  if (bytes) form.set('file', new File([bytes as BlobPart], name, { type: 'application/pdf' }));
  else form.set('file', 'not a file');
  const req = new Request('http://local/', { method: 'POST', body: form });
  return auditor.post(path, { raw: await req.arrayBuffer(), contentType: req.headers.get('content-type')! });
}

async function download(path: string) {
  const res = await t.app.request(path, { headers: { cookie: cookie(auditor) } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('letter attachments', () => {
  it('uploads, lists, prints, downloads the same bytes, deletes, and audits each write', async () => {
    const issue = await raise(`پیگیری ${tag}`);
    const letter = await letterOn(issue.id);
    const base = `/api/issues/${issue.id}/letters/${letter.id}/attachments`;
    const bytes = PDF();
    const up = await attach(base, bytes, '../پاسخ شرکت.PDF');
    expect(up.status).toBe(200);
    const item = up.body.data as LetterAttachment;
    expect(item).toMatchObject({
      letter_id: letter.id,
      file_name: 'پاسخ شرکت.pdf',
      mime: 'application/pdf',
      size: bytes.byteLength,
    });
    expect(item.uploaded_by?.name).toBeTruthy();
    const word = await attach(base, await docx(), 'پیش‌نویس');
    expect(word.status).toBe(200);
    expect(word.body.data).toMatchObject({
      file_name: 'پیش‌نویس.docx',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });

    const list = await auditor.get(`/api/issues/${issue.id}/attachments`);
    expect(list.status).toBe(200);
    expect((list.body.data as LetterAttachment[]).map((a) => a.id)).toEqual([item.id, word.body.data.id]);

    const print = await auditor.get(`/api/issues/letters/${letter.id}`);
    expect(print.status).toBe(200);
    const p = print.body.data as LetterPrint;
    expect(p).toMatchObject({
      id: letter.id,
      reference_number: letter.reference_number,
      letter_date: '2026-05-01',
      subject: 'درخواست صورت‌های مالی',
      issue: { id: issue.id, title: `پیگیری ${tag}`, object_type: 'legal_person', object_id: company },
    });
    expect(p.issue.object).toBe(issue.object);
    expect(p.created_by).toBeTruthy();
    expect(p.attachments.map((a) => a.file_name)).toEqual(['پاسخ شرکت.pdf', 'پیش‌نویس.docx']);

    const got = await download(`${base}/${item.id}`);
    expect(got.res.status).toBe(200);
    expect(got.res.headers.get('content-type')).toBe('application/pdf');
    expect(got.res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent('پاسخ شرکت.pdf')}`,
    );
    expect([...got.bytes]).toEqual([...bytes]);

    // the store's sweep keeps bytes a letter names
    expect(await t.deps.files.sweep(t.db, { graceMs: 0 })).toBeGreaterThanOrEqual(0);
    expect((await download(`${base}/${item.id}`)).res.status).toBe(200);

    const [created] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'issue_letter_attachment'), eq(auditLog.entityId, String(item.id))));
    expect(created).toMatchObject({ action: 'create' });
    expect(created!.after).toMatchObject({
      issue_id: issue.id,
      letter_id: letter.id,
      reference_number: letter.reference_number,
      file_name: 'پاسخ شرکت.pdf',
    });

    const del = await auditor.request('DELETE', `${base}/${item.id}`);
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ deleted: true });
    expect(
      await t.db.select().from(issueLetterAttachments).where(eq(issueLetterAttachments.id, item.id)),
    ).toEqual([]);
    const [removed] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'issue_letter_attachment'),
          eq(auditLog.entityId, String(item.id)),
          eq(auditLog.action, 'delete'),
        ),
      );
    expect(removed?.before).toMatchObject({ letter_id: letter.id, file_name: 'پاسخ شرکت.pdf' });
    expect((await download(`${base}/${item.id}`)).res.status).toBe(404);
    expect((await auditor.request('DELETE', `${base}/${item.id}`)).status).toBe(404);
  });

  it('refuses bytes of another type, an empty file and no file with a Persian 422, writing nothing', async () => {
    const issue = await raise(`نوع پرونده ${tag}`);
    const letter = await letterOn(issue.id);
    const base = `/api/issues/${issue.id}/letters/${letter.id}/attachments`;
    const before = await rowCounts(t.db, { rows: issueLetterAttachments, blobs: fileBlobs, audit: auditLog });
    for (const [bytes, name] of [
      [HTML(), 'نامه.pdf'],
      [new Uint8Array(0), 'خالی.pdf'],
      [null, ''],
    ] as const) {
      const res = await attach(base, bytes, name);
      expect(res.status, name).toBe(422);
      expect(isPersian(res.body.errors.file[0]), name).toBe(true);
    }
    const wrong = await attach(base, HTML());
    expect(wrong.body.errors.file[0]).toContain('PDF');
    expect(
      await rowCounts(t.db, { rows: issueLetterAttachments, blobs: fileBlobs, audit: auditLog }),
    ).toEqual(before);
  });

  it('answers 404 for a letter of another issue, a missing issue and a missing letter', async () => {
    const one = await raise(`یکم ${tag}`);
    const two = await raise(`دوم ${tag}`);
    const letter = await letterOn(one.id);
    const elsewhere = await attach(`/api/issues/${two.id}/letters/${letter.id}/attachments`, PDF());
    expect(elsewhere.status).toBe(404);
    expect(isPersian(elsewhere.body.message)).toBe(true);
    expect((await attach(`/api/issues/999999/letters/${letter.id}/attachments`, PDF())).status).toBe(404);
    expect((await auditor.get('/api/issues/letters/999999')).status).toBe(404);
    expect((await auditor.get('/api/issues/999999/attachments')).status).toBe(404);
    const up = await attach(`/api/issues/${one.id}/letters/${letter.id}/attachments`, PDF());
    const cross = await download(`/api/issues/${two.id}/letters/${letter.id}/attachments/${up.body.data.id}`);
    expect(cross.res.status).toBe(404);
    // deleting the issue takes its letters and their attachments with it
    expect((await auditor.request('DELETE', `/api/issues/${one.id}`)).status).toBe(200);
    expect(
      await t.db.select().from(issueLetterAttachments).where(eq(issueLetterAttachments.letterId, letter.id)),
    ).toEqual([]);
  });
});

describe('issues export', () => {
  it('exports the filtered list as xlsx: Persian headers, labels, Jalali dates, the rows it shows', async () => {
    const word = `برون‌بری${Date.now().toString(36).slice(-4)}`;
    await raise(`نخست ${word}`, { priority: '1', due_date: '2026-11-22' });
    await raise(`دوم ${word}`, { issue_type: types[1]!.id });
    await raise(`سوم ${word}`, { issue_type: types[2]!.id });
    const q = encodeURIComponent(word);
    const res = await t.app.request(`/api/issues/export?q=${q}&sortBy=title&descending=false`, {
      headers: { cookie: cookie(auditor) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('موضوعات'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0]!;
    const rows: string[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    const header = rows[0]!;
    expect(header).toEqual(
      expect.arrayContaining(['شناسه', 'عنوان', 'نوع موضوع', 'اولویت', 'وضعیت', 'مهلت']),
    );
    const col = (name: string) => header.indexOf(name);
    const body = rows.slice(1);
    expect(body.map((r) => r[col('عنوان')])).toEqual([`دوم ${word}`, `سوم ${word}`, `نخست ${word}`]);
    const first = body.find((r) => r[col('عنوان')] === `نخست ${word}`)!;
    expect(first[col('اولویت')]).toBe('فوری');
    expect(first[col('وضعیت')]).toBe('جدید');
    expect(first[col('مهلت')]).toBe('1405/09/01');
    expect(first[col('نوع شخص')]).toBe('شخص حقوقی');
    expect(first[col('تاریخ ثبت')]).toMatch(/^14\d\d\/\d\d\/\d\d$/);

    // the list's filters: several issue types (issue_type[])
    const some = await t.app.request(
      `/api/issues/export?q=${q}&issue_type[]=${types[1]!.id}&issue_type[]=${types[2]!.id}`,
      { headers: { cookie: cookie(auditor) } },
    );
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load((await some.arrayBuffer()) as never);
    expect(wb2.worksheets[0]!.rowCount).toBe(3);

    const bad = await auditor.get('/api/issues/export?sortBy=nonsense');
    expect(bad.status).toBe(422);
    expect(isPersian(bad.body.message)).toBe(true);
  });
});
