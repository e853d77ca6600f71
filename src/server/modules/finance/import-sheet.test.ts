import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_ROWS } from '../../../contract/person-transfer.ts';
import { BUILTIN_CHART, type ChartItem } from '../../../domain/finance/chart.ts';
import {
  type CodalStatementRecord,
  codalPeriod,
  codalStatementItems,
} from '../../../domain/finance/codal.ts';
import { parseJalaliDate } from '../../../domain/jalali.ts';
import { HttpError } from '../../http/errors.ts';
import { parseSheet, tooManyRows } from '../transfer/parse-sheet.ts';
import {
  BAD_COUNT_FA,
  type CellProblem,
  checkStatementSheet,
  FORMULA_FA,
  NOT_WHOLE_FA,
  OUT_OF_RANGE_FA,
  parseCodalJson,
} from './import-sheet.ts';
import {
  buildStatementTemplate,
  FIXED_CODES,
  GUIDE_SHEET,
  STATEMENT_SHEET,
  type TemplateCompany,
} from './template.ts';

/** The builtin chart's columns: A–G fixed, then H total_assets … U revenue, V cost_of_revenue, AH employees. */
const S = STATEMENT_SHEET;
const p = (cell: string, column: string, messageFa: string): CellProblem => ({
  sheet: S,
  cell,
  column,
  messageFa,
});

async function template(chart: readonly ChartItem[] = BUILTIN_CHART, rows?: TemplateCompany[]) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await buildStatementTemplate(chart, rows)) as unknown as ExcelJS.Buffer);
  return wb;
}

/** The template of `chart`, filled by `fill` (which finds a column by its code), as .xlsx bytes. */
async function filled(
  fill: (ws: ExcelJS.Worksheet, col: (code: string) => number) => void,
  chart: readonly ChartItem[] = BUILTIN_CHART,
): Promise<Uint8Array> {
  const wb = await template(chart);
  const ws = wb.getWorksheet(S)!;
  const codes = ws.getRow(2).values as unknown[];
  const col = (code: string) => {
    const i = codes.indexOf(code);
    if (i < 1) throw new Error(`no column ${code}`);
    return i;
  };
  fill(ws, col);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** Writes `values` (code → value) into row `row`. */
const put =
  (ws: ExcelJS.Worksheet, col: (code: string) => number) =>
  (row: number, values: Record<string, ExcelJS.CellValue>) => {
    for (const [code, v] of Object.entries(values)) ws.getCell(row, col(code)).value = v;
  };

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(HttpError);
  expect((e as HttpError).status).toBe(422);
  expect((e as HttpError).fields?.file?.[0]).toBe((e as HttpError).message);
  return (e as HttpError).message;
};

describe('buildStatementTemplate', () => {
  it('lays out headers, the code row, formats, lists, notes and prefilled rows', async () => {
    const wb = await template(BUILTIN_CHART, [
      {
        nationalId: '10100000001',
        name: 'شرکت الف',
        fiscalYear: 1403,
        periodMonths: 12,
        periodEnd: '۱۴۰۳/۱۲/۳۰',
      },
      { nationalId: '10100000002', name: 'شرکت ب', fiscalYear: 1404, periodMonths: 6 },
    ]);
    expect(wb.worksheets.map((w) => w.name)).toEqual([S, GUIDE_SHEET]);
    const ws = wb.getWorksheet(S)!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 2, rightToLeft: true });
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    const codes = (ws.getRow(2).values as unknown[]).slice(1);
    expect(headers.slice(0, 7)).toEqual([
      'شناسه ملی شرکت',
      'نام شرکت',
      'سال مالی',
      'دوره (ماه)',
      'پایان دوره',
      'حسابرسی‌شده',
      'اظهارنظر حسابرس',
    ]);
    expect(headers.slice(7)).toEqual(BUILTIN_CHART.map((c) => c.nameFa));
    expect(codes).toEqual([...FIXED_CODES, ...BUILTIN_CHART.map((c) => c.code)]);
    expect(ws.getCell('H2').value).toBe('total_assets');
    expect(ws.getCell('U2').value).toBe('revenue');
    expect(ws.getCell('AH2').value).toBe('employees');
    expect(ws.getColumn('H').numFmt).toBe('#,##0');
    expect(String(ws.getCell('H1').note)).toContain('میلیون ریال');
    expect(String(ws.getCell('AH1').note)).toContain('نفر');
    expect(ws.getCell('D3').dataValidation).toMatchObject({ type: 'list', formulae: ['"3,6,9,12"'] });
    expect(ws.getCell('F500').dataValidation).toMatchObject({ type: 'list', formulae: ['"بله,خیر"'] });
    expect(ws.getCell('G3').dataValidation).toMatchObject({
      type: 'list',
      formulae: ['"مقبول,مشروط,مردود,عدم اظهارنظر"'],
    });
    expect((ws.getRow(3).values as unknown[]).slice(1)).toEqual([
      '10100000001',
      'شرکت الف',
      1403,
      12,
      '۱۴۰۳/۱۲/۳۰',
    ]);
    expect((ws.getRow(4).values as unknown[]).slice(1)).toEqual(['10100000002', 'شرکت ب', 1404, 6]);
    const guide = wb.getWorksheet(GUIDE_SHEET)!;
    expect(guide.views[0]).toMatchObject({ rightToLeft: true });
    const text = (guide.getColumn(1).values as unknown[]).join('\n');
    for (const word of ['میلیون ریال', 'منفی', 'فرمول', 'یک صورت مالی']) expect(text).toContain(word);
  });

  it('has a column for active items only', async () => {
    const chart = BUILTIN_CHART.map((c) => (c.code === 'wages' ? { ...c, active: false } : c));
    const codes = ((await template(chart)).getWorksheet(S)!.getRow(2).values as unknown[]).slice(1);
    expect(codes).not.toContain('wages');
    expect(codes).toContain('employees');
  });

  it('reads back empty (no row with an amount): a 422', async () => {
    const bytes = new Uint8Array(
      await buildStatementTemplate(BUILTIN_CHART, [
        { nationalId: '10100000001', name: 'الف', fiscalYear: 1403, periodMonths: 12 },
      ]),
    );
    expect(await refusal(checkStatementSheet(bytes, BUILTIN_CHART))).toContain('هیچ ردیفی با مبلغ');
  });
});

describe('checkStatementSheet', () => {
  it('reads good rows and names every bad cell', async () => {
    const bytes = await filled((ws, col) => {
      const row = put(ws, col);
      row(3, {
        national_id: '10100000001',
        company: 'شرکت الف',
        fiscal_year: 1403,
        period_months: 12,
        period_end: '1403/12/30',
        audited: 'بله',
        auditor_opinion: 'مقبول',
        total_assets: 1000,
        revenue: 500,
        cost_of_revenue: -300,
        employees: 25,
      });
      // text in an amount cell
      row(4, { national_id: '10100000002', fiscal_year: 1403, period_months: 12, revenue: 'حدود ۵۰۰' });
      // a formula
      row(5, {
        national_id: '10100000003',
        fiscal_year: 1403,
        period_months: 12,
        total_assets: 10,
        cash: { formula: 'H5*2', result: 20 },
      });
      // out of range, as a number and as text
      row(6, {
        national_id: '10100000004',
        fiscal_year: 1403,
        period_months: 12,
        total_assets: 1e16,
        total_liabilities: '1,000,000,000,000,000',
        capital: -999_999_999_999_999,
      });
      // not a day of the calendar (1402 is not a leap year)
      row(7, {
        national_id: '10100000005',
        fiscal_year: 1402,
        period_months: 12,
        period_end: '1402/12/30',
        cash: 5,
      });
      // the statement of row 3 again
      row(8, { national_id: '10100000001', fiscal_year: 1403, period_months: 12, cash: 7 });
      // Persian digits, separators, parentheses and minus signs
      row(9, {
        national_id: '۱۰۱۰۰۰۰۰۰۰۶',
        fiscal_year: '۱۴۰۲',
        period_months: '۶',
        period_end: '۱۴۰۲/۰۶/۳۱',
        audited: 'خیر',
        auditor_opinion: 'عدم اظهار نظر',
        total_assets: '۱٬۲۳۴٬۵۶۷',
        revenue: '12,000',
        cost_of_revenue: '(۳۰۰)',
        finance_costs: '-۱۲',
        net_profit: '\u200E\u2212۴۵',
        employees: '۱۲۰',
      });
      // prefilled, never filled in: skipped
      row(10, { national_id: '10100000007', company: 'شرکت ز', fiscal_year: 1403, period_months: 12 });
      // everything else wrong
      row(11, {
        national_id: '123',
        fiscal_year: 1250,
        period_months: 5,
        audited: 'شاید',
        auditor_opinion: 'خوب',
        total_assets: 12.5,
        employees: -3,
      });
      // 12 months without a period end: the last day of Esfand (29 in 1402, 30 in the leap year 1403)
      row(12, { national_id: '10100000008', fiscal_year: 1402, period_months: 12, cash: 1 });
      row(13, { national_id: '10100000009', fiscal_year: 1403, period_months: 12, audited: true, cash: 2 });
      // 9 months without a period end
      row(14, { national_id: '10100000010', fiscal_year: 1403, period_months: 9, cash: 3 });
    });
    const { statements, problems } = await checkStatementSheet(bytes, BUILTIN_CHART);
    expect(problems).toEqual([
      p('U4', 'revenue', '«حدود ۵۰۰» عدد نیست'),
      p('N5', 'cash', FORMULA_FA),
      p('H6', 'total_assets', OUT_OF_RANGE_FA),
      p('R6', 'total_liabilities', OUT_OF_RANGE_FA),
      p('E7', 'period_end', '«۱۴۰۲/۱۲/۳۰» تاریخ شمسی درستی نیست؛ مانند ۱۴۰۳/۱۲/۲۹ بنویسید'),
      p('A8', 'national_id', 'صورت مالی همین شرکت، سال مالی و دوره در ردیف ۳ هم آمده است'),
      p('A11', 'national_id', '«۱۲۳» شناسه ملی نیست؛ شناسه ملی ۱۱ رقم است'),
      p('C11', 'fiscal_year', '«۱۲۵۰» سال مالی نیست؛ سالی از ۱۳۰۰ تا ۱۵۰۰ بنویسید'),
      p('D11', 'period_months', '«۵» دوره نیست؛ ۳، ۶، ۹، ۱۲ ماه بنویسید'),
      p('F11', 'audited', '«شاید» پذیرفته نیست؛ «بله» یا «خیر» بنویسید'),
      p('G11', 'auditor_opinion', '«خوب» پذیرفته نیست؛ یکی از مقبول، مشروط، مردود، عدم اظهارنظر را بنویسید'),
      p('H11', 'total_assets', NOT_WHOLE_FA),
      p('AH11', 'employees', BAD_COUNT_FA),
    ]);
    expect(statements).toEqual([
      {
        row: 3,
        nationalId: '10100000001',
        fiscalYear: 1403,
        periodMonths: 12,
        periodEnd: '2025-03-20',
        audited: true,
        auditorOpinion: 'unqualified',
        items: { total_assets: 1000, revenue: 500, cost_of_revenue: -300, employees: 25 },
      },
      {
        row: 9,
        nationalId: '10100000006',
        fiscalYear: 1402,
        periodMonths: 6,
        periodEnd: '2023-09-22',
        audited: false,
        auditorOpinion: 'disclaimer',
        items: {
          total_assets: 1_234_567,
          revenue: 12_000,
          cost_of_revenue: -300,
          finance_costs: -12,
          net_profit: -45,
          employees: 120,
        },
      },
      {
        row: 12,
        nationalId: '10100000008',
        fiscalYear: 1402,
        periodMonths: 12,
        periodEnd: '2024-03-19',
        audited: false,
        auditorOpinion: null,
        items: { cash: 1 },
      },
      {
        row: 13,
        nationalId: '10100000009',
        fiscalYear: 1403,
        periodMonths: 12,
        periodEnd: '2025-03-20',
        audited: true,
        auditorOpinion: null,
        items: { cash: 2 },
      },
      {
        // a 9-month period without its end: 30 Azar of the fiscal year
        row: 14,
        nationalId: '10100000010',
        fiscalYear: 1403,
        periodMonths: 9,
        periodEnd: '2024-12-20',
        audited: false,
        auditorOpinion: null,
        items: { cash: 3 },
      },
    ]);
    expect(parseJalaliDate('1403/12/30')).toBe('2025-03-20');
  });

  it('finds columns by their code, not their Persian header or place; reports bad code cells', async () => {
    const bytes = await filled((ws, col) => {
      ws.getCell('A1').value = 'کد ملی'; // renamed header: still read
      ws.getCell(2, col('fiscal_year')).value = null; // a required column gone
      ws.getCell('AK2').value = 'no_such_item';
      ws.getCell('AL2').value = 'cash';
      put(ws, col)(3, { national_id: '10100000001', period_months: 12, cash: 1 });
    });
    const { statements, problems } = await checkStatementSheet(bytes, BUILTIN_CHART);
    expect(statements).toEqual([]);
    expect(problems).toEqual([
      p('AK2', 'no_such_item', 'کد ستون «no_such_item» شناخته نیست'),
      p('AL2', 'cash', 'کد ستون «cash» دو بار آمده است؛ یکی را پاک کنید'),
      p('A2', 'fiscal_year', 'ستون «سال مالی» (fiscal_year) در سطر کد ستون‌ها نیست'),
    ]);
  });

  it('reads swapped and removed columns by code; an inactive item holding a value is a problem', async () => {
    const chart = BUILTIN_CHART.map((c) => (c.code === 'wages' ? { ...c, active: false } : c));
    const bytes = await filled((ws, col) => {
      put(ws, col)(3, {
        national_id: '10100000001',
        fiscal_year: 1403,
        period_months: 12,
        cash: 1,
        wages: 9,
      });
      // columns swapped: the column coded `inventory` (N, formerly cash's) holds 1
      ws.getCell(2, col('cash')).value = 'inventory';
      ws.getCell(2, col('inventory')).value = 'cash';
      ws.spliceColumns(col('revenue'), 1); // a column removed: wages moves from AI to AH
    });
    const { statements, problems } = await checkStatementSheet(bytes, chart);
    expect(problems).toEqual([
      p('AH2', 'wages', 'سرفصل «هزینه حقوق و دستمزد» غیرفعال است؛ ستون آن را خالی بگذارید'),
    ]);
    // The inactive column's value is not read; the row itself has no problem.
    expect(statements).toEqual([
      {
        row: 3,
        nationalId: '10100000001',
        fiscalYear: 1403,
        periodMonths: 12,
        periodEnd: '2025-03-20',
        audited: false,
        auditorOpinion: null,
        items: { inventory: 1 },
      },
    ]);
  });

  it('accepts a CSV whose header row holds the codes; text starting with = is a formula', async () => {
    const csv = [
      'national_id,fiscal_year,period_months,period_end,total_assets,cost_of_revenue',
      '10100000001,1403,12,,"1,200",(50)',
      '10100000002,1403,6,1403/06/31,5,=E2*2',
    ].join('\n');
    const { statements, problems } = await checkStatementSheet(new TextEncoder().encode(csv), BUILTIN_CHART);
    expect(problems).toEqual([
      { sheet: 'CSV', cell: 'F3', column: 'cost_of_revenue', messageFa: FORMULA_FA },
    ]);
    expect(statements).toEqual([
      {
        row: 2,
        nationalId: '10100000001',
        fiscalYear: 1403,
        periodMonths: 12,
        periodEnd: '2025-03-20',
        audited: false,
        auditorOpinion: null,
        items: { total_assets: 1200, cost_of_revenue: -50 },
      },
    ]);
  });

  it('refuses what is not a statements sheet with a Persian 422', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4 whatever');
    expect(await refusal(checkStatementSheet(pdf, BUILTIN_CHART))).toMatch(/xlsx/);
    const binary = new Uint8Array([1, 2, 0, 3, 4]);
    expect(await refusal(checkStatementSheet(binary, BUILTIN_CHART))).toMatch(/[\u0600-\u06FF]/);
    const csv = new TextEncoder().encode('نام,مبلغ\nالف,1\n');
    expect(await refusal(checkStatementSheet(csv, BUILTIN_CHART))).toContain('سطر کد ستون‌ها یافت نشد');
    const many = ['national_id,fiscal_year,period_months,cash'];
    for (let i = 0; i < 20_001; i++) many.push(`10100000001,1403,12,${i}`);
    expect(await refusal(checkStatementSheet(new TextEncoder().encode(many.join('\n')), BUILTIN_CHART))).toBe(
      tooManyRows(IMPORT_MAX_ROWS),
    );
    const other = new ExcelJS.Workbook();
    other.addWorksheet('برگه').addRows([['نام'], ['الف']]);
    const xlsx = new Uint8Array(await other.xlsx.writeBuffer());
    expect(await refusal(checkStatementSheet(xlsx, BUILTIN_CHART))).toContain('سطر کد ستون‌ها یافت نشد');
  });
});

describe('the sheet reader with formulas (parse-sheet.ts)', () => {
  it('names the cells that held a formula, shared ones too, only when asked', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('ورود');
    ws.addRow(['الف', 'ب', 'ج']);
    ws.addRows([
      [1, 'x', null],
      [2, 'y', null],
      [3, 'z', 7],
    ]);
    ws.fillFormula('C2:C3', 'A2*2', [2, 4]);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    expect((await parseSheet('xlsx', bytes, 10, { formulas: true })).rows).toEqual([
      { row: 2, cells: [1, 'x', 2], formulas: [2] },
      { row: 3, cells: [2, 'y', 4], formulas: [2] },
      { row: 4, cells: [3, 'z', 7] },
    ]);
    expect((await parseSheet('xlsx', bytes, 10)).rows).toEqual([
      { row: 2, cells: [1, 'x', 2] },
      { row: 3, cells: [2, 'y', 4] },
      { row: 4, cells: [3, 'z', 7] },
    ]);
  });
});

describe('parseCodalJson', () => {
  const text = readFileSync(new URL('../../../../data/codal/statements.json', import.meta.url), 'utf8');
  const records = JSON.parse(text) as CodalStatementRecord[];

  it('reads data/codal/statements.json: 23 statements, items as codalStatementItems gives them', () => {
    const { statements, problems } = parseCodalJson(text);
    expect(problems).toEqual([]);
    expect(statements).toHaveLength(23);
    statements.forEach((s, i) => {
      const r = records[i]!;
      const period = codalPeriod(r);
      expect(s).toEqual({
        row: i,
        symbol: r.symbol,
        fiscalYear: period.fiscalYear,
        periodMonths: period.periodMonths,
        periodEnd: parseJalaliDate(period.periodEndJalali),
        audited: r.audited === true,
        auditorOpinion: null,
        items: codalStatementItems(r),
      });
    });
    // شرانل's opening balance (no period) is the close of 1402
    expect(statements[19]).toMatchObject({
      symbol: 'شرانل',
      fiscalYear: 1402,
      periodMonths: 12,
      periodEnd: '2024-03-19',
    });
  });

  it('reads one record alone', () => {
    const { statements, problems } = parseCodalJson(JSON.stringify(records[0]));
    expect(problems).toEqual([]);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatchObject({ row: 0, symbol: 'کاوه', fiscalYear: 1404, periodMonths: 6 });
  });

  it('gives problems for malformed JSON and records', () => {
    expect(parseCodalJson('{ nope')).toEqual({
      statements: [],
      problems: [{ sheet: 'JSON', cell: '', column: '', messageFa: 'متن JSON خوانا نیست' }],
    });
    const bad = [
      records[1],
      { symbol: '', period_end_jalali: '1403/13/01', period_months: 5, normalised: null },
      42,
      records[1],
      { ...records[2], normalised: { cash: 1.5 } },
    ];
    const { statements, problems } = parseCodalJson(JSON.stringify(bad));
    expect(statements.map((s) => s.row)).toEqual([0]);
    const j = (cell: string, column: string, messageFa: string) => ({
      sheet: 'JSON',
      cell,
      column,
      messageFa,
    });
    expect(problems).toEqual([
      j('[1]', 'symbol', 'نماد (symbol) وارد نشده است'),
      j('[1]', 'period_end_jalali', 'پایان دوره (period_end_jalali) تاریخ شمسی درستی نیست'),
      j('[1]', 'period_months', 'دوره (period_months) باید ۳، ۶، ۹، ۱۲ یا null باشد'),
      j('[1]', 'normalised', 'اقلام (normalised) وارد نشده است'),
      j('[2]', '', 'هر صورت مالی باید یک شیء JSON باشد'),
      j('[3]', 'symbol', 'صورت مالی همین نماد، سال مالی و دوره در [۰] هم آمده است'),
      j('[4]', 'cash', NOT_WHOLE_FA),
    ]);
  });
});
