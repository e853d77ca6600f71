import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, type TestApp } from '../support/auth.ts';

/**
 * Importing financial statements (issue 16): the template downloaded, filled with ExcelJS (one bad
 * cell, then fixed), a dry run naming the bad cell by sheet and reference and writing nothing, the
 * confirmed import writing every statement or none; Codal's JSON shape read too; a malformed
 * workbook, a formula, text in an amount, an amount out of range and a company the role cannot see
 * each refused in Persian with nothing written.
 */

let t: TestApp;
let analyst: ApiClient;
let auditor: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.42.0.1');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.42.0.2');
});
afterAll(() => t.dispose());

const LIST = '/api/performance/financial-statements';

async function download(c: ApiClient, path: string) {
  const cookie = [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await t.app.request(path, { headers: { cookie, 'x-forwarded-for': '10.42.0.9' } });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

async function upload(c: ApiClient, bytes: Uint8Array, name: string, dryRun: boolean) {
  const form = new FormData();
  form.set('file', new File([bytes as BlobPart], name));
  form.set('dry_run', dryRun ? '1' : '0');
  const req = new Request('http://local/', { method: 'POST', body: form });
  return c.post(`${LIST}/import`, {
    raw: await req.arrayBuffer(),
    contentType: req.headers.get('content-type')!,
  });
}

const balanced = {
  total_assets: 1000,
  non_current_assets: 400,
  fixed_assets: 350,
  current_assets: 600,
  inventory: 100,
  receivables: 200,
  cash: 50,
  total_equity: 500,
  capital: 300,
  retained_earnings: 150,
  total_liabilities: 500,
  non_current_liabilities: 100,
  current_liabilities: 400,
  revenue: 2000,
  cost_of_revenue: -1500,
  gross_profit: 500,
  operating_expenses: -200,
  other_operating: 10,
  operating_profit: 310,
  net_profit: 200,
};

/** The template with `rows` filled in by code (row 2 holds the codes). */
async function filled(rows: Record<string, string | number | { formula: string }>[]) {
  const { bytes } = await download(analyst, `${LIST}/import-template`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(bytes) as never);
  const ws = wb.worksheets[0]!;
  const codes = (ws.getRow(2).values as unknown[]).slice(1).map(String);
  rows.forEach((r, i) => {
    const row = ws.getRow(3 + i);
    for (const [code, v] of Object.entries(r))
      row.getCell(codes.indexOf(code) + 1).value = v as ExcelJS.CellValue;
    row.commit();
  });
  return {
    bytes: new Uint8Array(await wb.xlsx.writeBuffer()),
    column: (code: string) => columnOf(codes.indexOf(code)),
  };
}
const columnOf = (i: number) =>
  i < 26
    ? String.fromCharCode(65 + i)
    : String.fromCharCode(64 + Math.floor(i / 26)) + String.fromCharCode(65 + (i % 26));

async function companies(n: number) {
  const res = await analyst.get('/api/person/legal-persons?per_page=50&kind=company');
  return (res.body.data.data as { id: number; national_id: string | null }[])
    .filter((c) => c.national_id)
    .slice(0, n);
}

describe('statement import', () => {
  it('the template downloads with the chart’s items; a bad cell is named, fixed, then the file imports all or nothing', async () => {
    const got = await download(analyst, `${LIST}/import-template`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-type')).toContain('spreadsheetml');
    expect((await download(auditor, `${LIST}/import-template`)).status).toBe(403);
    const [a, b] = await companies(2);
    const rowA = { national_id: a!.national_id!, fiscal_year: 1405, period_months: 3, ...balanced };
    const rowB = {
      national_id: b!.national_id!,
      fiscal_year: 1405,
      period_months: 3,
      ...balanced,
      cash: 'پنجاه',
    };
    const bad = await filled([rowA, rowB]);
    const dry = await upload(analyst, bad.bytes, 'statements.xlsx', true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data.problems).toEqual([
      expect.objectContaining({ sheet: 'صورت‌های مالی', cell: `${bad.column('cash')}4`, column: 'cash' }),
    ]);
    const before = (await analyst.get(`${LIST}?fiscal_year=1405&period_months=3&per_page=1`)).body.data.total;
    const refused = await upload(analyst, bad.bytes, 'statements.xlsx', false);
    expect(refused.status).toBe(422);
    expect(refused.body.report.problems).toHaveLength(1);
    expect((await analyst.get(`${LIST}?fiscal_year=1405&period_months=3&per_page=1`)).body.data.total).toBe(
      before,
    );
    const good = await filled([rowA, { ...rowB, cash: 50 }]);
    const dry2 = await upload(analyst, good.bytes, 'statements.xlsx', true);
    expect(dry2.body.data).toMatchObject({
      statements: 2,
      created: 2,
      updated: 0,
      problems: [],
      written: false,
    });
    expect(dry2.body.data.rows.every((r: { checks_passed: boolean }) => r.checks_passed)).toBe(true);
    const done = await upload(analyst, good.bytes, 'statements.xlsx', false);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data.written).toBe(true);
    const listed = await analyst.get(`${LIST}?fiscal_year=1405&period_months=3&origin=imported&per_page=10`);
    expect(listed.body.data.total).toBe(2);
    const one = (await analyst.get(`${LIST}/${listed.body.data.data[0].id}`)).body.data;
    expect(one.statement).toMatchObject({ entry_state: 'draft', checks_passed: true });
    expect(one.statement.items.net_profit).toBe(200);
    // the same file again updates the drafts
    const again = await upload(analyst, good.bytes, 'statements.xlsx', true);
    expect(again.body.data).toMatchObject({ created: 0, updated: 2 });
  });

  it('refuses formulas, out-of-range amounts, unknown companies and malformed files, writing nothing', async () => {
    const [a] = await companies(1);
    const row = { national_id: a!.national_id!, fiscal_year: 1405, period_months: 9, ...balanced };
    const sheet = await filled([
      { ...row, cash: { formula: '20+30' } },
      { ...row, fiscal_year: 1404, total_assets: 1e16 },
      { ...row, national_id: '10100000000' },
    ]);
    const dry = await upload(analyst, sheet.bytes, 'statements.xlsx', true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    const cells = dry.body.data.problems.map((p: { cell: string; messageFa: string }) => [
      p.cell,
      p.messageFa,
    ]);
    expect(cells).toEqual(
      expect.arrayContaining([
        [`${sheet.column('cash')}3`, 'فرمول پذیرفته نیست؛ مقدار را وارد کنید'],
        [`${sheet.column('total_assets')}4`, 'مبلغ خارج از بازه مجاز است'],
        ['A5', expect.stringContaining('شرکتی با شناسه ملی')],
      ]),
    );
    expect((await upload(analyst, sheet.bytes, 'statements.xlsx', false)).status).toBe(422);
    const garbage = await upload(analyst, new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]), 'x.xlsx', true);
    expect(garbage.status).toBe(422);
    expect(garbage.body.errors.file[0]).toMatch(/[\u0600-\u06ff]/);
  });

  it('reads Codal’s JSON: a reviewed statement is not overwritten, an open one is', async () => {
    const records = JSON.parse(readFileSync('data/codal/statements.json', 'utf8')) as { id: string }[];
    const kaveh1403 = records.filter((r) => r.id === 'کاوه_14031229_12m');
    const bytes = new TextEncoder().encode(JSON.stringify(kaveh1403));
    const dry = await upload(analyst, bytes, 'kaveh.json', true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data.format).toBe('codal_json');
    expect(dry.body.data.problems[0].messageFa).toContain('بررسی شده است');
  });
});
