import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../src/contract/person-transfer.ts';
import { legalIdCheckDigit, nationalCodeCheckDigit } from '../../src/domain/identifiers.ts';
import { auditLog, cities, legalPersons, provinces, truePersons } from '../../src/server/db/schema/index.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, rowCounts, type TestApp } from '../support/auth.ts';

let t: TestApp;
let analyst: ApiClient;
let auditor: ApiClient;
let city: { name: string; province: string };
const MARK = 'ترابری آزمونی';

beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.30.0.1');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.30.0.2');
  // A city whose name no other city has, so the import finds it by name alone.
  const [c] = await t.db
    .select({ name: cities.name, province: provinces.name })
    .from(cities)
    .innerJoin(provinces, eq(provinces.id, cities.provinceId))
    .where(sql`(SELECT count(*) FROM cities c2 WHERE c2.name = ${cities.name}) = 1`)
    .limit(1);
  city = c!;
  // Three legal persons the filter below finds, one it does not.
  for (const [i, capital] of [
    [1, '1200000000'],
    [2, '35000'],
    [3, null],
  ] as const) {
    const res = await analyst.post('/api/person/legal-persons', {
      json: {
        name: `${MARK} ${i}`,
        kind: 'company',
        national_id: legalId(900 + i),
        registration_date: `1385/01/0${i}`,
        registered_capital: capital,
        is_listed: i === 1,
        status: 'active',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
});
afterAll(() => t.dispose());

const tables = { legal: legalPersons, true: truePersons, audit: auditLog };
const counts = async () => (await rowCounts(t.db, tables)) as Record<keyof typeof tables, number>;

function legalId(n: number) {
  const first10 = `17${String(n).padStart(8, '0')}`;
  return first10 + legalIdCheckDigit(first10);
}
function nationalCode(n: number) {
  const first9 = `002${String(n).padStart(6, '0')}`;
  return first9 + nationalCodeCheckDigit(first9);
}

/** A GET whose body is a file: status, headers and bytes. */
async function download(c: ApiClient, path: string) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await t.app.request(path, { headers: { cookie, 'x-forwarded-for': '10.30.0.9' } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function sheetOf(bytes: Uint8Array) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as never);
  return wb.worksheets[0]!;
}

const rowValues = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);

/** POST …/import with `file` (bytes, name) and dry_run. */
async function upload(
  c: ApiClient,
  list: 'legal' | 'true',
  bytes: Uint8Array,
  name: string,
  dryRun: boolean,
) {
  const form = new FormData();
  form.set('file', new File([bytes as BlobPart], name));
  form.set('dry_run', dryRun ? '1' : '0');
  const req = new Request('http://local/', { method: 'POST', body: form });
  return c.post(`/api/person/${list}-persons/import`, {
    raw: await req.arrayBuffer(),
    contentType: req.headers.get('content-type')!,
  });
}

/** An xlsx with the template's headers (read from the template route) and `rows` by header. */
async function workbook(list: 'legal' | 'true', rows: Record<string, string | number | null>[]) {
  const tpl = await download(analyst, `/api/person/${list}-persons/import-template?format=xlsx`);
  expect(tpl.status).toBe(200);
  const headers = rowValues(await sheetOf(tpl.bytes), 1) as string[];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('ورود');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(headers.map((h) => r[h] ?? null));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('GET /api/person/legal-persons/export', () => {
  it('streams the filtered, sorted rows as a right-to-left xlsx with Persian headers and Jalali dates', async () => {
    const q = new URLSearchParams({ format: 'xlsx', q: MARK, sortBy: 'name', descending: 'true' });
    const res = await download(analyst, `/api/person/legal-persons/export?${q}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const disposition = res.headers.get('content-disposition')!;
    expect(disposition).toMatch(
      /^attachment; filename="legal-persons-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''/,
    );
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(
      /^اشخاص حقوقی \d{4}-\d{2}-\d{2}\.xlsx$/,
    );

    const ws = await sheetOf(res.bytes);
    expect(ws.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    const headers = rowValues(ws, 1);
    expect(headers.slice(0, 5)).toEqual(['نام', 'نوع', 'شناسه ملی', 'شماره ثبت', 'تاریخ ثبت']);
    expect(headers).toContain('سرمایه ثبتی (ریال)');
    expect(ws.getColumn(1).width).toBeGreaterThan(20);
    expect(ws.actualRowCount).toBe(4);
    const nameCol = headers.indexOf('نام') + 1;
    expect([2, 3, 4].map((n) => ws.getRow(n).getCell(nameCol).value)).toEqual([
      `${MARK} 3`,
      `${MARK} 2`,
      `${MARK} 1`,
    ]);
    const first = ws.getRow(4);
    expect(first.getCell(headers.indexOf('تاریخ ثبت') + 1).value).toBe('1385/01/01');
    const capital = first.getCell(headers.indexOf('سرمایه ثبتی (ریال)') + 1);
    expect(capital.value).toBe(1_200_000_000);
    expect(capital.numFmt).toBe('#,##0');
    expect(first.getCell(headers.indexOf('نوع') + 1).value).toBe('شرکت');
    expect(first.getCell(headers.indexOf('وضعیت') + 1).value).toBe('فعال');
    expect(first.getCell(headers.indexOf('بورسی') + 1).value).toBe('بله');
    expect(first.getCell(headers.indexOf('شناسه ملی') + 1).value).toBe(legalId(901));
  });

  it('writes CSV as UTF-8 with a BOM, the same columns and only the filtered rows', async () => {
    const q = new URLSearchParams({ format: 'csv', q: MARK, sortBy: 'name' });
    const res = await download(analyst, `/api/person/legal-persons/export?${q}`);
    expect(res.status).toBe(200);
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(res.bytes.slice(3)).trim().split('\n');
    expect(lines[0]!.startsWith('نام,نوع,شناسه ملی,شماره ثبت,تاریخ ثبت,')).toBe(true);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`${MARK} 1,شرکت,${legalId(901)},,1385/01/01,`);
    expect(lines[1]).toContain(',1200000000,');
  });

  it('exports only the selected ids', async () => {
    const rows = await t.db
      .select({ id: legalPersons.id, name: legalPersons.name })
      .from(legalPersons)
      .orderBy(legalPersons.id)
      .limit(3);
    const ids = rows.map((r) => r.id);
    const res = await download(analyst, `/api/person/legal-persons/export?format=csv&ids=${ids.join(',')}`);
    const lines = new TextDecoder().decode(res.bytes.slice(3)).trim().split('\n');
    expect(lines).toHaveLength(4);
    for (const r of rows)
      expect(lines.some((l) => l.startsWith(r.name) || l.startsWith(`"${r.name}`))).toBe(true);
    const repeated = await download(analyst, `/api/person/legal-persons/export?format=csv&ids[]=${ids[0]}`);
    expect(new TextDecoder().decode(repeated.bytes).trim().split('\n')).toHaveLength(2);
  });

  it('refuses a bad sort or format with a JSON 422, and a role without the list permission', async () => {
    const bad = await analyst.get('/api/person/legal-persons/export?sortBy=nope');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.sortBy[0]).toMatch(/[\u0600-\u06FF]/);
    expect((await analyst.get('/api/person/legal-persons/export?format=pdf')).status).toBe(422);
    const none = t.client({ ip: '10.30.0.5' });
    expect((await none.get('/api/person/legal-persons/export')).status).toBe(401);
  });

  it('exports true persons with the birth date in Jalali', async () => {
    const res = await download(analyst, '/api/person/true-persons/export?format=xlsx&per_page=5');
    expect(res.status).toBe(200);
    const ws = await sheetOf(res.bytes);
    const headers = rowValues(ws, 1);
    expect(headers.slice(0, 4)).toEqual(['نام', 'نام خانوادگی', 'نام پدر', 'کد ملی']);
    const counted = (await t.db.execute(
      sql`SELECT count(*)::int AS n FROM true_persons WHERE deleted_at IS NULL`,
    )) as unknown as { rows: { n: number }[] };
    const n = counted.rows[0]!.n;
    expect(ws.actualRowCount).toBe(n + 1);
    const dates = [2, 3, 4, 5].map((r) => ws.getRow(r).getCell(headers.indexOf('تاریخ تولد') + 1).value);
    expect(dates.filter((d) => d !== null).every((d) => /^1[34]\d\d\/\d\d\/\d\d$/.test(String(d)))).toBe(
      true,
    );
  });
});

describe('POST /api/person/legal-persons/import', () => {
  const good = (n: number, name = `شرکت واردشده ${n}`) => ({
    نام: name,
    نوع: 'شرکت',
    'شناسه ملی': legalId(500 + n),
    'تاریخ ثبت': '1390/02/03',
    'شهر محل ثبت': city.name,
    استان: city.province,
    'سرمایه ثبتی (ریال)': 5_000_000,
    بورسی: 'خیر',
    وضعیت: 'فعال',
  });

  it('dry run reports each bad row by Excel row, column and Persian reason, and writes nothing', async () => {
    const before = await counts();
    const badDigit = legalId(777).slice(0, 10) + ((Number(legalId(777)[10]) + 1) % 10);
    const bytes = await workbook('legal', [
      good(1),
      { ...good(2), 'شناسه ملی': badDigit },
      { ...good(3), 'شناسه ملی': legalId(901) },
      { ...good(4), 'شناسه ملی': legalId(501) },
      { ...good(5), نام: null },
      { ...good(6), 'شهر محل ثبت': 'شهری که نیست' },
    ]);
    const res = await upload(analyst, 'legal', bytes, 'companies.xlsx', true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = res.body.data as ImportReport;
    expect(report.rows).toBe(6);
    expect(report.valid).toBe(1);
    const by = (row: number) => report.errors.filter((e) => e.row === row);
    expect(by(2)).toEqual([]);
    expect(by(3)).toEqual([expect.objectContaining({ column: 'شناسه ملی', field: 'national_id' })]);
    expect(by(3)[0]!.message).toContain('رقم کنترل');
    expect(by(4)[0]).toMatchObject({ column: 'شناسه ملی', field: 'national_id' });
    expect(by(4)[0]!.message).toContain(`${MARK} 1`);
    expect(by(5)[0]).toMatchObject({ column: 'شناسه ملی', field: 'national_id' });
    expect(by(5)[0]!.message).toContain('ردیف ۲ همین پرونده');
    expect(by(6)).toEqual([{ row: 6, column: 'نام', field: 'name', message: 'نام را وارد کنید' }]);
    expect(by(7)[0]).toMatchObject({ column: 'شهر محل ثبت', field: 'registration_city_id' });
    expect(await counts()).toEqual(before);
  });

  it('a real import with a bad row answers 422 with the report and writes no row', async () => {
    const before = await counts();
    const bytes = await workbook('legal', [good(11), { ...good(12), نام: '' }]);
    const res = await upload(analyst, 'legal', bytes, 'companies.xlsx', false);
    expect(res.status).toBe(422);
    expect(res.body.report).toMatchObject({ rows: 2, valid: 1, errors: [{ row: 3, column: 'نام' }] });
    expect(await counts()).toEqual(before);
    const [row] = await t.db
      .select()
      .from(legalPersons)
      .where(eq(legalPersons.nationalId, legalId(511)));
    expect(row).toBeUndefined();
  });

  it('a good file is written whole, in one go, with one audit row per record', async () => {
    const before = await counts();
    const bytes = await workbook('legal', [good(21), good(22), { ...good(23), نوع: 'هلدینگ', بورسی: 'بله' }]);
    const dry = await upload(analyst, 'legal', bytes, 'companies.xlsx', true);
    expect(dry.body.data).toEqual({ rows: 3, valid: 3, errors: [] });
    const res = await upload(analyst, 'legal', bytes, 'companies.xlsx', false);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ rows: 3, valid: 3, created: 3 });
    expect(await counts()).toEqual({ ...before, legal: before.legal + 3, audit: before.audit + 3 });
    const [holding] = await t.db
      .select()
      .from(legalPersons)
      .where(eq(legalPersons.nationalId, legalId(523)));
    expect(holding).toMatchObject({
      name: 'شرکت واردشده 23',
      kind: 'holding',
      isListed: true,
      registrationDate: '2011-04-23',
      registeredCapital: '5000000',
      isDemo: false,
      version: 1,
    });
    const [c] = await t.db
      .select({ name: cities.name })
      .from(cities)
      .where(eq(cities.id, holding!.registrationCityId!));
    expect(c!.name).toBe(city.name);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'legal_person'), eq(auditLog.entityId, String(holding!.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      action: 'create',
      after: expect.objectContaining({ kind: 'holding' }),
    });
  });

  it('refuses a file that is not xlsx or csv by its bytes (whatever its name), and a role without edit', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n%âãÏÓ\n1 0 obj\n');
    const res = await upload(analyst, 'legal', pdf, 'companies.xlsx', true);
    expect(res.status).toBe(422);
    expect(res.body.errors.file[0]).toContain('xlsx');
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]);
    expect((await upload(analyst, 'legal', zip, 'companies.xlsx', true)).status).toBe(422);
    const noHeader = new TextEncoder().encode('a,b\n1,2\n');
    const wrong = await upload(analyst, 'legal', noHeader, 'companies.csv', true);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.file[0]).toContain('الگو');
    const bytes = await workbook('legal', [good(31)]);
    expect((await upload(auditor, 'legal', bytes, 'companies.xlsx', true)).status).toBe(403);
  });
});

describe('POST /api/person/true-persons/import', () => {
  it('imports a CSV of true persons (BOM, Persian labels, city by name) all or nothing', async () => {
    const header = 'نام,نام خانوادگی,نام پدر,کد ملی,تاریخ تولد,شهر محل تولد,جنسیت,تلفن همراه';
    const line = (n: number, code: string) =>
      `علی,واردشده ${n},محمد,${code},1365/04/21,${city.name},مرد,09121234567`;
    const bad = `\uFEFF${header}\n${line(1, nationalCode(1))}\n${line(2, '1234567890')}\n`;
    const before = await counts();
    const refused = await upload(analyst, 'true', new TextEncoder().encode(bad), 'people.csv', false);
    expect(refused.status).toBe(422);
    expect(refused.body.report.errors).toEqual([
      expect.objectContaining({ row: 3, column: 'کد ملی', field: 'national_code' }),
    ]);
    expect(await counts()).toEqual(before);

    const okText = `\uFEFF${header}\n${line(1, nationalCode(1))}\n${line(2, nationalCode(2))}\n`;
    const res = await upload(analyst, 'true', new TextEncoder().encode(okText), 'people.csv', false);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ rows: 2, valid: 2, created: 2 });
    const [p] = await t.db
      .select()
      .from(truePersons)
      .where(eq(truePersons.nationalCode, nationalCode(2)));
    expect(p).toMatchObject({
      lastName: 'واردشده 2',
      gender: 'male',
      birthDate: '1986-07-12',
      mobile: '09121234567',
    });
    expect(await counts()).toEqual({ ...before, true: before.true + 2, audit: before.audit + 2 });
  });
});
