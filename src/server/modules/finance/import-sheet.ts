import {
  AUDITOR_OPINION_LABELS_FA,
  AUDITOR_OPINIONS,
  MAX_ITEM_AMOUNT,
  PERIOD_MONTHS,
} from '../../../contract/financial-statements.ts';
import { IMPORT_MAX_ROWS } from '../../../contract/person-transfer.ts';
import type { ChartItem } from '../../../domain/finance/chart.ts';
import {
  type CodalStatementRecord,
  codalPeriod,
  codalStatementItems,
} from '../../../domain/finance/codal.ts';
import { periodEndOf } from '../../../domain/finance/filing.ts';
import { parseJalaliDate } from '../../../domain/jalali.ts';
import {
  formatNumber,
  normalizePersian,
  searchKey,
  stripBidiControls,
  toAsciiDigits,
  toPersianDigits,
} from '../../../domain/persian-text.ts';
import { invalid } from '../../http/errors.ts';
import { type CellValue, readSheet, type SheetRow } from '../transfer/read-sheet.ts';
import {
  CODE_ROW,
  columnLetters,
  FIXED_CODES,
  FIXED_COLUMNS,
  type FixedCode,
  NO_FA,
  REQUIRED_CODES,
  STATEMENT_SHEET,
  YES_FA,
} from './template.ts';

/**
 * Checking an uploaded statements sheet (the template of template.ts, filled in) and a Codal JSON
 * export, cell by cell, before anything is stored: what parses becomes an `ImportedStatement`,
 * what does not a `CellProblem` naming its sheet, cell (A1) and column code with a Persian
 * message (digits in Persian). Whether a company with the national id exists, and storing, are
 * the caller's business. Amounts in million IRR (whole numbers, signed as filed); `employees` a
 * head count.
 */

export type PeriodMonths = (typeof PERIOD_MONTHS)[number];
export type AuditorOpinion = (typeof AUDITOR_OPINIONS)[number];

/** One statement read from a row: `row` its Excel row number; `periodEnd` ISO; `items` chart code → million IRR (or count). */
export interface ImportedStatement {
  row: number;
  nationalId: string;
  fiscalYear: number;
  periodMonths: PeriodMonths;
  periodEnd: string;
  audited: boolean;
  auditorOpinion: AuditorOpinion | null;
  items: Record<string, number>;
}

/** A problem of one cell: its sheet, A1 reference (`H12`), column code and Persian message. */
export interface CellProblem {
  sheet: string;
  cell: string;
  column: string;
  messageFa: string;
}

/** The statements that parsed (rows without a problem) and the problems, in sheet order. */
export interface SheetCheck {
  statements: ImportedStatement[];
  problems: CellProblem[];
}

/** A statement of a Codal JSON export: by its ticker (`symbol`), `row` its index in the array. */
export type CodalImportedStatement = Omit<ImportedStatement, 'nationalId' | 'row'> & {
  symbol: string;
  row: number;
};

/** Largest amount accepted, either sign: the contract's MAX_ITEM_AMOUNT (the entry form's limit too). */
export const MAX_AMOUNT = MAX_ITEM_AMOUNT;
/** Fiscal years accepted (Jalali). */
export const MIN_FISCAL_YEAR = 1300;
export const MAX_FISCAL_YEAR = 1500;
/** Most records a Codal JSON upload may hold. */
export const MAX_CODAL_RECORDS = IMPORT_MAX_ROWS;

export const FORMULA_FA = 'فرمول پذیرفته نیست؛ مقدار را وارد کنید';
export const OUT_OF_RANGE_FA = 'مبلغ خارج از بازه مجاز است';
export const NOT_WHOLE_FA = 'مبلغ باید عدد صحیح (میلیون ریال) باشد';
export const BAD_COUNT_FA = 'تعداد باید عدد صحیح نامنفی باشد';

const fa = (n: number) => toPersianDigits(n);
const refuse = (message: string) => invalid({ file: [message] }, message);

/** A cell's text as the user wrote it, for a message: trimmed, at most 40 characters, digits in Persian. */
function shown(v: CellValue): string {
  const text = String(v).trim();
  return toPersianDigits(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

const isEmpty = (v: CellValue | undefined): v is null | undefined => v == null || String(v).trim() === '';

/** A column code as written in the code row: trimmed, without bidi or direction marks, lower case. */
const codeOf = (v: CellValue | undefined) =>
  isEmpty(v)
    ? ''
    : stripBidiControls(String(v))
        .replace(/[\u200B-\u200F\u00A0\uFEFF]/g, '')
        .trim()
        .toLowerCase();

/**
 * A number typed as text: Persian or Arabic digits, thousands separators (`,` `٬` `،`, in groups of
 * three), a decimal point (`.` or `٫`), a leading minus (`-` or `−`, after a direction mark or
 * not) or plus, or parentheses for a negative. Null when it is not one.
 */
export function parseNumberText(input: string): number | null {
  let t = stripBidiControls(toAsciiDigits(input)).replace(/[\s\u00A0\u200B-\u200F\uFEFF]/g, '');
  let negative = false;
  const paren = /^\((.*)\)$/.exec(t);
  if (paren) {
    negative = true;
    t = paren[1]!;
  }
  const sign = /^([-+\u2212])(.*)$/.exec(t);
  if (sign) {
    if (paren) return null;
    negative = sign[1] !== '+';
    t = sign[2]!;
  }
  const m = /^(\d{1,3}(?:[,\u066C\u060C]\d{3})+|\d+)(?:[.\u066B](\d+))?$/.exec(t);
  if (!m) return null;
  const value = Number(`${m[1]!.replace(/[,\u066C\u060C]/g, '')}${m[2] ? `.${m[2]}` : ''}`);
  return negative && value !== 0 ? -value : value;
}

/** A cell as a number (a number cell, or text parseNumberText reads); null when it is neither. */
function numberOf(v: CellValue): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') return parseNumberText(v);
  return null;
}

/** An amount (million IRR) or count, or the message of why not. */
function checkAmount(value: number | null, unit: ChartItem['unit'], v: CellValue): number | string {
  if (value === null) return `«${shown(v)}» عدد نیست`;
  if (Math.abs(value) > MAX_AMOUNT) return OUT_OF_RANGE_FA;
  if (unit === 'count') return Number.isInteger(value) && value >= 0 ? value : BAD_COUNT_FA;
  return Number.isInteger(value) ? value : NOT_WHOLE_FA;
}

const OPINION_BY_KEY = new Map<string, AuditorOpinion>(
  AUDITOR_OPINIONS.flatMap((o) => [
    [searchKey(AUDITOR_OPINION_LABELS_FA[o]), o],
    [o, o],
  ]),
);
const OPINION_LIST_FA = AUDITOR_OPINIONS.map((o) => AUDITOR_OPINION_LABELS_FA[o]).join('، ');

const YES = new Set([YES_FA, 'true', '1']);
const NO = new Set([NO_FA, 'false', '0']);

const FIXED_HEADER = Object.fromEntries(FIXED_COLUMNS.map((c) => [c.code, c.header])) as Record<
  FixedCode,
  string
>;

/** Where the code row is: the first data row when it is row 2 and holds a known code, else the header row. */
function findCodeRow(
  headers: string[],
  rows: SheetRow[],
  known: (code: string) => boolean,
  headerRow: number,
): { row: number; codes: string[]; data: SheetRow[] } | null {
  const first = rows[0];
  if (first && first.row === CODE_ROW && first.cells.some((c) => known(codeOf(c)))) {
    return { row: first.row, codes: first.cells.map(codeOf), data: rows.slice(1) };
  }
  if (headers.some((h) => known(codeOf(h))))
    return { row: headerRow, codes: headers.map(codeOf), data: rows };
  return null;
}

/**
 * Checks the statements sheet in `bytes` against `chart`, cell by cell.
 *
 * The file is sniffed by its bytes (read-sheet.ts): an .xlsx, whose first sheet is read (the
 * template's «صورت‌های مالی»; it must stay first), or a UTF-8 CSV. Columns are found by their
 * machine code, in row 2 (the template) or, failing that, in the header row (a CSV, or a sheet
 * whose Persian header row was removed); Persian headers are not read. Data rows follow the code
 * row; blank rows, and rows without any item value (an unfilled prefilled row), are skipped.
 *
 * Gives the statements of the rows without a problem and every problem, in sheet order:
 * - the code row: an unknown or repeated code (on its cell), an inactive item's column holding a
 *   value, a missing required column (`national_id`, `fiscal_year`, `period_months`; then no row is
 *   read);
 * - any cell that holds a formula (an .xlsx; in a CSV, text starting with `=`): FORMULA_FA;
 * - items (million IRR, signed as filed): a number, or text parseNumberText reads; a whole number
 *   within ±MAX_AMOUNT; `employees`-like count items a non-negative whole number;
 * - national id 11 digits (Persian digits accepted); fiscal year MIN_FISCAL_YEAR..MAX_FISCAL_YEAR;
 *   period 3, 6, 9 or 12; period end a real Jalali date (parseJalaliDate), or empty
 *   (then the last day of Esfand of the fiscal year); audited بله/خیر/true/false/1/0 (empty: no);
 *   auditor's opinion a Persian label or code, or empty;
 * - a second row for the same national id, fiscal year and period (on its national id cell).
 *
 * A problem's `sheet` is «صورت‌های مالی» for an .xlsx and `CSV` for a CSV; `cell` is A1 (column
 * letters, Excel row number), `column` the column's code.
 *
 * Throws a 422 on `file` (Persian) when the file is not an .xlsx or CSV, unreadable, has more than
 * IMPORT_MAX_ROWS rows below its header row (the code row counts), has no code row, or has no row
 * to read; see readSheet for the rest.
 */
export async function checkStatementSheet(
  bytes: Uint8Array,
  chart: readonly ChartItem[],
): Promise<SheetCheck> {
  const sheet = await readSheet(bytes, { formulas: true });
  const sheetName = sheet.format === 'csv' ? 'CSV' : STATEMENT_SHEET;
  const byCode = new Map(chart.map((c) => [c.code, c]));
  const fixed = new Set<string>(FIXED_CODES);
  const known = (code: string) => fixed.has(code) || byCode.has(code);
  // A CSV's header is its line 1; a sheet's header row is the row above its first data row.
  const headerRow = sheet.format === 'csv' ? 1 : Math.max(1, (sheet.rows[0]?.row ?? 2) - 1);
  const found = findCodeRow(sheet.headers, sheet.rows, known, headerRow);
  if (!found) {
    throw refuse(
      `سطر کد ستون‌ها یافت نشد؛ قالب را از سامانه بگیرید و سطر ${fa(CODE_ROW)} آن را تغییر ندهید. برگهٔ «${STATEMENT_SHEET}» باید نخستین برگهٔ پرونده باشد`,
    );
  }

  const problems: CellProblem[] = [];
  const at = (col: number, row: number) => `${columnLetters(col + 1)}${row}`;
  const problem = (col: number, row: number, column: string, messageFa: string) =>
    problems.push({ sheet: sheetName, cell: at(col, row), column, messageFa });

  // Columns by code.
  const fixedAt = new Map<FixedCode, number>();
  const itemCols: { col: number; item: ChartItem }[] = [];
  const inactiveCols: { col: number; item: ChartItem }[] = [];
  const seen = new Map<string, number>();
  found.codes.forEach((code, col) => {
    if (!code) return;
    const before = seen.get(code);
    if (before !== undefined) {
      problem(col, found.row, code, `کد ستون «${code}» دو بار آمده است؛ یکی را پاک کنید`);
      return;
    }
    seen.set(code, col);
    if (fixed.has(code)) fixedAt.set(code as FixedCode, col);
    else {
      const item = byCode.get(code);
      if (!item) problem(col, found.row, code, `کد ستون «${code}» شناخته نیست`);
      else (item.active ? itemCols : inactiveCols).push({ col, item });
    }
  });
  for (const { col, item } of inactiveCols) {
    if (found.data.some((r) => !isEmpty(r.cells[col]))) {
      problem(col, found.row, item.code, `سرفصل «${item.nameFa}» غیرفعال است؛ ستون آن را خالی بگذارید`);
    }
  }
  const missing = REQUIRED_CODES.filter((c) => !fixedAt.has(c));
  for (const code of missing) {
    problem(0, found.row, code, `ستون «${FIXED_HEADER[code]}» (${code}) در سطر کد ستون‌ها نیست`);
  }
  if (missing.length > 0) return { statements: [], problems };

  const statements: ImportedStatement[] = [];
  const firstRowOf = new Map<string, number>();
  let rowsRead = 0;
  for (const r of found.data) {
    if (itemCols.every(({ col }) => isEmpty(r.cells[col]))) continue;
    rowsRead++;
    const before = problems.length;
    const formulas = new Set(r.formulas ?? []);
    /** The value of `code`'s cell, or undefined (with a problem) when it held a formula. */
    const cellOf = (col: number, code: string): CellValue | undefined => {
      const v = r.cells[col] ?? null;
      const formula =
        formulas.has(col) || (sheet.format === 'csv' && typeof v === 'string' && v.startsWith('='));
      if (!formula) return v;
      problem(col, r.row, code, FORMULA_FA);
      return undefined;
    };
    const field = (code: FixedCode) => {
      const col = fixedAt.get(code);
      return col === undefined ? { col: -1, v: null } : { col, v: cellOf(col, code) };
    };

    // National id.
    const nid = field('national_id');
    let nationalId: string | null = null;
    if (nid.v !== undefined) {
      const digits = isEmpty(nid.v)
        ? ''
        : toAsciiDigits(String(nid.v)).replace(/[\s\u200B-\u200F\u00A0-]/g, '');
      if (isEmpty(nid.v)) problem(nid.col, r.row, 'national_id', 'شناسه ملی شرکت وارد نشده است');
      else if (!/^\d{11}$/.test(digits))
        problem(nid.col, r.row, 'national_id', `«${shown(nid.v)}» شناسه ملی نیست؛ شناسه ملی ۱۱ رقم است`);
      else nationalId = digits;
    }

    // Fiscal year.
    const fy = field('fiscal_year');
    let fiscalYear: number | null = null;
    if (fy.v !== undefined) {
      const n = isEmpty(fy.v) ? null : numberOf(fy.v);
      if (isEmpty(fy.v)) problem(fy.col, r.row, 'fiscal_year', 'سال مالی وارد نشده است');
      else if (n === null || !Number.isInteger(n) || n < MIN_FISCAL_YEAR || n > MAX_FISCAL_YEAR)
        problem(
          fy.col,
          r.row,
          'fiscal_year',
          `«${shown(fy.v)}» سال مالی نیست؛ سالی از ${fa(MIN_FISCAL_YEAR)} تا ${fa(MAX_FISCAL_YEAR)} بنویسید`,
        );
      else fiscalYear = n;
    }

    // Period.
    const pm = field('period_months');
    let periodMonths: PeriodMonths | null = null;
    if (pm.v !== undefined) {
      const n = isEmpty(pm.v) ? null : numberOf(pm.v);
      if (isEmpty(pm.v)) problem(pm.col, r.row, 'period_months', 'دوره وارد نشده است');
      else if (!PERIOD_MONTHS.includes(n as PeriodMonths))
        problem(
          pm.col,
          r.row,
          'period_months',
          `«${shown(pm.v)}» دوره نیست؛ ${PERIOD_MONTHS.map(fa).join('، ')} ماه بنویسید`,
        );
      else periodMonths = n as PeriodMonths;
    }

    // Period end.
    const pe = field('period_end');
    let periodEnd: string | null = null;
    if (pe.v !== undefined) {
      if (isEmpty(pe.v)) {
        // Empty: the period's end in the fiscal year's calendar (domain/finance/filing.ts).
        if (periodMonths !== null && fiscalYear !== null) periodEnd = periodEndOf(fiscalYear, periodMonths);
      } else {
        periodEnd = parseJalaliDate(String(pe.v));
        if (!periodEnd)
          problem(
            pe.col,
            r.row,
            'period_end',
            `«${shown(pe.v)}» تاریخ شمسی درستی نیست؛ مانند ۱۴۰۳/۱۲/۲۹ بنویسید`,
          );
      }
    }

    // Audited and the auditor's opinion.
    const au = field('audited');
    let audited = false;
    if (au.v !== undefined && !isEmpty(au.v)) {
      const k = typeof au.v === 'boolean' ? String(au.v) : normalizePersian(String(au.v)).toLowerCase();
      if (YES.has(k)) audited = true;
      else if (!NO.has(k))
        problem(au.col, r.row, 'audited', `«${shown(au.v)}» پذیرفته نیست؛ «${YES_FA}» یا «${NO_FA}» بنویسید`);
    }
    const op = field('auditor_opinion');
    let auditorOpinion: AuditorOpinion | null = null;
    if (op.v !== undefined && !isEmpty(op.v)) {
      auditorOpinion = OPINION_BY_KEY.get(searchKey(String(op.v))) ?? null;
      if (!auditorOpinion)
        problem(
          op.col,
          r.row,
          'auditor_opinion',
          `«${shown(op.v)}» پذیرفته نیست؛ یکی از ${OPINION_LIST_FA} را بنویسید`,
        );
    }

    // Items.
    const items: Record<string, number> = {};
    for (const { col, item } of itemCols) {
      const v = cellOf(col, item.code);
      if (v === undefined || isEmpty(v)) continue;
      const checked = checkAmount(numberOf(v), item.unit, v);
      if (typeof checked === 'string') problem(col, r.row, item.code, checked);
      else items[item.code] = checked;
    }

    // The same statement twice.
    if (nationalId !== null && fiscalYear !== null && periodMonths !== null) {
      const key = `${nationalId}|${fiscalYear}|${periodMonths}`;
      const first = firstRowOf.get(key);
      if (first === undefined) firstRowOf.set(key, r.row);
      else
        problem(
          nid.col,
          r.row,
          'national_id',
          `صورت مالی همین شرکت، سال مالی و دوره در ردیف ${fa(first)} هم آمده است`,
        );
    }

    if (
      problems.length === before &&
      nationalId !== null &&
      fiscalYear !== null &&
      periodMonths !== null &&
      periodEnd
    )
      statements.push({
        row: r.row,
        nationalId,
        fiscalYear,
        periodMonths,
        periodEnd,
        audited,
        auditorOpinion,
        items,
      });
  }
  if (rowsRead === 0 && problems.length === 0) {
    throw refuse('هیچ ردیفی با مبلغ در پرونده نیست؛ هر صورت مالی را در یک ردیف، زیر سطر کد ستون‌ها بنویسید');
  }
  return { statements, problems };
}

/** A problem of a Codal JSON upload: `cell` is `[index]` of the record, or '' for the whole text. */
const jsonProblem = (index: number | null, column: string, messageFa: string): CellProblem => ({
  sheet: 'JSON',
  cell: index === null ? '' : `[${index}]`,
  column,
  messageFa,
});

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads a Codal JSON export: one CodalStatementRecord or an array of them (the shape of
 * data/codal/statements.json). Each record gives a statement by its ticker (`symbol`), `row` its
 * index (0 for a lone record): fiscal year, period and period end by `codalPeriod` (an opening
 * balance sheet, `period_months` null, is the close of the previous year), `audited` true only
 * when the record says so, no auditor's opinion (Codal's records carry none), `items` by
 * `codalStatementItems` (chart codes → million IRR, signed as filed).
 *
 * Problems (`sheet: 'JSON'`, `cell: '[index]'`, `column` the field): text that is not JSON or
 * neither an object nor an array (cell ''), a record that is not an object, a missing or malformed
 * `symbol`, `period_end_jalali` (a real Jalali date), `period_months` (3, 6, 9, 12 or null),
 * `fiscal_year_end_jalali`, `audited` or `normalised`; a fiscal year outside
 * MIN_FISCAL_YEAR..MAX_FISCAL_YEAR; an item that is not a whole number within ±MAX_AMOUNT; a
 * second record of the same symbol, fiscal year and period. A record with a problem gives no
 * statement. Throws a 422 on `file` for more than MAX_CODAL_RECORDS records.
 */
export function parseCodalJson(text: string): {
  statements: CodalImportedStatement[];
  problems: CellProblem[];
} {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return { statements: [], problems: [jsonProblem(null, '', 'متن JSON خوانا نیست')] };
  }
  if (!Array.isArray(parsed) && !isRecord(parsed)) {
    return {
      statements: [],
      problems: [jsonProblem(null, '', 'JSON باید یک صورت مالی کدال یا فهرستی از آن‌ها باشد')],
    };
  }
  const records: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  if (records.length > MAX_CODAL_RECORDS) {
    throw refuse(`پرونده JSON بیش از ${formatNumber(MAX_CODAL_RECORDS)} صورت مالی دارد`);
  }

  const statements: CodalImportedStatement[] = [];
  const problems: CellProblem[] = [];
  const firstOf = new Map<string, number>();
  records.forEach((rec, i) => {
    const before = problems.length;
    const add = (column: string, messageFa: string) => problems.push(jsonProblem(i, column, messageFa));
    if (!isRecord(rec)) {
      add('', 'هر صورت مالی باید یک شیء JSON باشد');
      return;
    }
    if (typeof rec.symbol !== 'string' || rec.symbol.trim() === '')
      add('symbol', 'نماد (symbol) وارد نشده است');
    const end = rec.period_end_jalali;
    if (typeof end !== 'string' || parseJalaliDate(end) === null)
      add('period_end_jalali', 'پایان دوره (period_end_jalali) تاریخ شمسی درستی نیست');
    const months = rec.period_months;
    if (months !== null && !PERIOD_MONTHS.includes(months as PeriodMonths))
      add('period_months', `دوره (period_months) باید ${PERIOD_MONTHS.map(fa).join('، ')} یا null باشد`);
    const fyEnd = rec.fiscal_year_end_jalali;
    if (fyEnd != null && (typeof fyEnd !== 'string' || !/^\s*\d{4}\s*[/\-.]/.test(fyEnd)))
      add('fiscal_year_end_jalali', 'پایان سال مالی (fiscal_year_end_jalali) تاریخ شمسی نیست');
    if (rec.audited != null && typeof rec.audited !== 'boolean')
      add('audited', 'حسابرسی‌شده (audited) باید true، false یا null باشد');
    if (!isRecord(rec.normalised)) add('normalised', 'اقلام (normalised) وارد نشده است');
    if (problems.length > before) return;

    const record = rec as unknown as CodalStatementRecord;
    const period = codalPeriod(record);
    const periodEnd = parseJalaliDate(period.periodEndJalali);
    if (
      !Number.isInteger(period.fiscalYear) ||
      period.fiscalYear < MIN_FISCAL_YEAR ||
      period.fiscalYear > MAX_FISCAL_YEAR ||
      !periodEnd
    ) {
      add(
        'fiscal_year_end_jalali',
        `سال مالی باید از ${fa(MIN_FISCAL_YEAR)} تا ${fa(MAX_FISCAL_YEAR)} باشد و پایان دوره تاریخ شمسی درست`,
      );
      return;
    }
    const items = codalStatementItems(record);
    for (const [code, value] of Object.entries(items)) {
      if (Math.abs(value) > MAX_AMOUNT) add(code, OUT_OF_RANGE_FA);
      else if (!Number.isInteger(value)) add(code, NOT_WHOLE_FA);
    }
    const symbol = record.symbol.trim();
    const key = `${symbol}|${period.fiscalYear}|${period.periodMonths}`;
    const first = firstOf.get(key);
    if (first !== undefined)
      add('symbol', `صورت مالی همین نماد، سال مالی و دوره در [${fa(first)}] هم آمده است`);
    else firstOf.set(key, i);
    if (problems.length > before) return;
    statements.push({
      row: i,
      symbol,
      fiscalYear: period.fiscalYear,
      periodMonths: period.periodMonths as PeriodMonths,
      periodEnd,
      audited: record.audited === true,
      auditorOpinion: null,
      items,
    });
  });
  return { statements, problems };
}
