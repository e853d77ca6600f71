import type ExcelJS from 'exceljs';
import {
  AUDITOR_OPINION_LABELS_FA,
  AUDITOR_OPINIONS,
  PERIOD_MONTHS,
} from '../../../contract/financial-statements.ts';
import { IMPORT_MAX_ROWS } from '../../../contract/person-transfer.ts';
import type { ChartItem } from '../../../domain/finance/chart.ts';
import { formatNumber, toPersianDigits } from '../../../domain/persian-text.ts';

/**
 * The Excel template for importing financial statements, and its layout, which the import
 * (import-sheet.ts) reads back: the sheet «صورت‌های مالی», its row 1 of Persian headers (free to
 * rename), its row 2 of machine codes (how the import finds each column), then one statement a
 * row from row 3; and the sheet «راهنما» with the instructions. Amounts in million IRR, signed as
 * filed (costs negative); `employees` a head count.
 */

/** The name of the statements sheet (the first sheet of the template). */
export const STATEMENT_SHEET = 'صورت‌های مالی';
/** The name of the instructions sheet. */
export const GUIDE_SHEET = 'راهنما';
/** The row of Persian headers, the row of machine codes, and the first data row (Excel numbers). */
export const HEADER_ROW = 1;
export const CODE_ROW = 2;
export const FIRST_DATA_ROW = 3;

/** A column before the chart's items: its code (row 2), Persian header (row 1) and width. */
export interface FixedColumn {
  code: FixedCode;
  header: string;
  width: number;
}

export const FIXED_CODES = [
  'national_id',
  'company',
  'fiscal_year',
  'period_months',
  'period_end',
  'audited',
  'auditor_opinion',
] as const;
export type FixedCode = (typeof FIXED_CODES)[number];

/** The columns before the items, in the template's order. */
export const FIXED_COLUMNS: readonly FixedColumn[] = [
  { code: 'national_id', header: 'شناسه ملی شرکت', width: 16 },
  { code: 'company', header: 'نام شرکت', width: 28 },
  { code: 'fiscal_year', header: 'سال مالی', width: 10 },
  { code: 'period_months', header: 'دوره (ماه)', width: 10 },
  { code: 'period_end', header: 'پایان دوره', width: 13 },
  { code: 'audited', header: 'حسابرسی‌شده', width: 12 },
  { code: 'auditor_opinion', header: 'اظهارنظر حسابرس', width: 16 },
];

/** The columns the import cannot do without. */
export const REQUIRED_CODES: readonly FixedCode[] = ['national_id', 'fiscal_year', 'period_months'];

/** «بله» / «خیر», as the template's `audited` list offers them. */
export const YES_FA = 'بله';
export const NO_FA = 'خیر';

/** The chart's active items in chart order (by `position`): the template's item columns. */
export const templateItems = (chart: readonly ChartItem[]): ChartItem[] =>
  chart.filter((c) => c.active).sort((a, b) => a.position - b.position);

/** A company to prefill a row for: its 11-digit national id, name, fiscal year, period and period end (Jalali text). */
export interface TemplateCompany {
  nationalId: string;
  name: string;
  fiscalYear: number;
  periodMonths: number;
  periodEnd?: string;
}

/** Rows given a data validation list (beyond the prefilled ones). */
const VALIDATED_ROWS = 1000;

const UNIT_NOTE = 'مبلغ به میلیون ریال، عدد صحیح؛ با همان علامت صورت مالی (هزینه‌ها و زیان‌ها منفی)';
const COUNT_NOTE = 'تعداد (نفر)، عدد صحیح نامنفی';

/** The instructions of the «راهنما» sheet, one paragraph a row. */
export function guideLines(): string[] {
  const fa = toPersianDigits;
  const opinions = AUDITOR_OPINIONS.map((o) => `«${AUDITOR_OPINION_LABELS_FA[o]}»`).join('، ');
  return [
    'راهنمای قالب ورود صورت‌های مالی',
    `هر ردیف برگهٔ «${STATEMENT_SHEET}» یک صورت مالی است: یک شرکت، یک سال مالی و یک دوره. برای هر دوره ردیف جداگانه بنویسید؛ هر صورت فقط یک بار.`,
    'شرکت با «شناسه ملی شرکت» (۱۱ رقم) شناخته می‌شود؛ «نام شرکت» فقط برای راهنمایی شماست و خوانده نمی‌شود.',
    `سال مالی: سال شمسی‌ای که سال مالی شرکت در آن پایان می‌یابد (مانند ۱۴۰۳). دوره: ${PERIOD_MONTHS.map(fa).join('، ')} ماه.`,
    'پایان دوره: تاریخ شمسی مانند ۱۴۰۳/۱۲/۳۰. برای دورهٔ ۱۲ماهه اگر خالی بماند، آخرین روز اسفند سال مالی گذاشته می‌شود؛ برای دوره‌های دیگر لازم است.',
    `حسابرسی‌شده: «${YES_FA}» یا «${NO_FA}» (خالی یعنی ${NO_FA}). اظهارنظر حسابرس: ${opinions}، یا خالی.`,
    'واحد مبالغ میلیون ریال است و مبلغ باید عدد صحیح باشد (بدون اعشار). تعداد کارکنان به نفر است.',
    'علامت مبالغ همان است که در صورت مالی منتشرشده آمده است: هزینه‌ها و زیان‌ها منفی، مانند ‎-۱۲۰٬۰۰۰ یا (۱۲۰٬۰۰۰).',
    'ارقام فارسی و جداکنندهٔ هزارگان پذیرفته است. خانهٔ خالی یعنی رقم در دست نیست (صفر نیست)؛ اگر رقم صفر است، ۰ بنویسید.',
    'فرمول ننویسید؛ فقط مقدار وارد کنید. خانه‌ای که فرمول دارد پذیرفته نمی‌شود؛ برای رونوشت از جای دیگر «Paste Values» را به کار ببرید.',
    `سطر ${fa(CODE_ROW)} (کد ستون‌ها) را تغییر ندهید و پاک نکنید: ستون‌ها با همین کدها شناخته می‌شوند. نام فارسی ستون‌ها و ترتیب آن‌ها را می‌توان تغییر داد و ستون سرفصلی را که ندارید می‌توان حذف کرد.`,
    `برگهٔ «${STATEMENT_SHEET}» باید نخستین برگهٔ پرونده بماند. ردیفی که هیچ مبلغی ندارد (مانند ردیف پیش‌پرشده‌ای که پر نکرده‌اید) نادیده گرفته می‌شود.`,
    `هر پرونده حداکثر ${formatNumber(IMPORT_MAX_ROWS)} سطر زیر سرستون‌ها (با سطر کدها) دارد. پرونده را با قالب xlsx ذخیره کنید.`,
  ];
}

/** Column letters of a 1-based column number: 1 → A, 28 → AB. */
export function columnLetters(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** ExcelJS's worksheet-wide data validations (a range at once), which its typings leave out. */
type WithValidations = { dataValidations: { add(range: string, validation: ExcelJS.DataValidation): void } };

const listOf = (values: readonly string[]): ExcelJS.DataValidation => ({
  type: 'list',
  allowBlank: true,
  formulae: [`"${values.join(',')}"`],
  showErrorMessage: true,
  errorStyle: 'stop',
  errorTitle: 'مقدار نامعتبر',
  error: `یکی از این‌ها را برگزینید: ${values.map(toPersianDigits).join('، ')}`,
});

/**
 * The statements import template as an .xlsx: the sheet «صورت‌های مالی» (right to left; rows 1–2
 * and the first two columns frozen) with row 1 the Persian headers, row 2 the machine codes
 * (`national_id`, `company`, `fiscal_year`, `period_months`, `period_end`, `audited`,
 * `auditor_opinion`, then the code of every ACTIVE item of `chart` in chart order, headed by its
 * Persian name), amount columns formatted `#,##0` (million IRR; `employees` a count; each header
 * carries a note saying which), drop-down lists for the period (3, 6, 9, 12), audited (بله/خیر)
 * and the auditor's opinion (its Persian labels); then `rows`, if given, prefilled from row 3
 * (national id, name, fiscal year, period, period end as given, Jalali). Then the sheet
 * «راهنما» with the instructions. Throws only what ExcelJS throws.
 */
export async function buildStatementTemplate(
  chart: readonly ChartItem[],
  rows: readonly TemplateCompany[] = [],
): Promise<Buffer> {
  // Loaded here, so that the import (which reads through the sheet worker) does not load ExcelJS.
  const { default: Excel } = await import('exceljs');
  const items = templateItems(chart);
  const wb = new Excel.Workbook();
  wb.creator = 'سامانه';
  const ws = wb.addWorksheet(STATEMENT_SHEET, {
    views: [{ state: 'frozen', xSplit: 2, ySplit: CODE_ROW, rightToLeft: true }],
  });

  const columns = [
    ...FIXED_COLUMNS.map((c) => ({ code: c.code as string, header: c.header, width: c.width, item: null })),
    ...items.map((item) => ({
      code: item.code,
      header: item.nameFa,
      width: Math.max(14, Math.min(24, item.nameFa.length * 0.8)),
      item,
    })),
  ];
  columns.forEach((c, i) => {
    const column = ws.getColumn(i + 1);
    column.width = c.width;
    if (c.item) column.numFmt = '#,##0';
    else if (c.code === 'national_id' || c.code === 'period_end') column.numFmt = '@';
  });

  const header = ws.getRow(HEADER_ROW);
  const codes = ws.getRow(CODE_ROW);
  columns.forEach((c, i) => {
    const h = header.getCell(i + 1);
    h.value = c.header;
    h.font = { bold: true };
    h.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center', readingOrder: 'rtl' };
    h.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: c.item ? 'FFE8F0FA' : 'FFFFF4D6' } };
    h.border = { bottom: { style: 'thin', color: { argb: 'FFB0B0B0' } } };
    if (c.item) h.note = c.item.unit === 'count' ? COUNT_NOTE : UNIT_NOTE;
    const k = codes.getCell(i + 1);
    k.value = c.code;
    k.numFmt = '@';
    k.font = { size: 8, color: { argb: 'FF9A9A9A' } };
    k.alignment = { horizontal: 'center' };
    k.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF3F3F3' } };
  });
  header.height = 48;

  rows.forEach((r, i) => {
    const row = ws.getRow(FIRST_DATA_ROW + i);
    row.getCell(1).value = r.nationalId;
    row.getCell(2).value = r.name;
    row.getCell(3).value = r.fiscalYear;
    row.getCell(4).value = r.periodMonths;
    if (r.periodEnd) row.getCell(5).value = r.periodEnd;
  });

  const last = FIRST_DATA_ROW + rows.length + VALIDATED_ROWS - 1;
  const range = (code: string) => {
    const letters = columnLetters(columns.findIndex((c) => c.code === code) + 1);
    return `${letters}${FIRST_DATA_ROW}:${letters}${last}`;
  };
  const validations = (ws as unknown as WithValidations).dataValidations;
  validations.add(range('period_months'), listOf(PERIOD_MONTHS.map(String)));
  validations.add(range('audited'), listOf([YES_FA, NO_FA]));
  validations.add(
    range('auditor_opinion'),
    listOf(AUDITOR_OPINIONS.map((o) => AUDITOR_OPINION_LABELS_FA[o])),
  );

  const guide = wb.addWorksheet(GUIDE_SHEET, { views: [{ rightToLeft: true }] });
  guide.getColumn(1).width = 110;
  guideLines().forEach((text, i) => {
    const cell = guide.getCell(i + 1, 1);
    cell.value = text;
    cell.alignment = { wrapText: true, vertical: 'top', readingOrder: 'rtl' };
    if (i === 0) cell.font = { bold: true, size: 13 };
  });

  return Buffer.from(await wb.xlsx.writeBuffer());
}
