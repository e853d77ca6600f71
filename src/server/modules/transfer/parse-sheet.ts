import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Entry } from 'yauzl';
import type { TransferFormat } from '../../../contract/person-transfer.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import { openZip, type StoredPart, storedZip, type ZipArchive, ZipRefused } from './xlsx-zip.ts';

/**
 * The heavy half of reading an uploaded sheet: parsing it into rows. It runs in the sheet
 * worker (sheet-worker.ts), off the thread that answers requests; read-sheet.ts sniffs the
 * format, hands the bytes over, turns dates into Jalali text and a `SheetRefusal` into a 422.
 * (This module loads only what the worker needs: the limit comes with the job, and dates go
 * back as Date values, so neither the contract's zod schemas nor date-fns-jalali load here.)
 *
 * An .xlsx is read as a stream (ExcelJS's WorkbookReader) and reading stops at the first data
 * row past `maxRows`, so a workbook of a million rows costs no more than one of 20,001.
 * Before that, the parts read (workbook, relationships, styles, shared strings, the first
 * worksheet) are bounded by their declared inflated size (XLSX_MAX_INFLATED_BYTES in all), and
 * inflating fails as soon as an entry gives more than it declared (yauzl, through xlsx-zip.ts).
 * A CSV stops at the same row.
 */

/** A cell as read: text, number, boolean, empty, or a date (a Date at UTC midnight of its day). */
export type RawCell = string | number | boolean | null | Date;

/**
 * A data row: its Excel row number and cells by position. `formulas`, only when the read asked
 * for them (`ParseOptions.formulas`) and the row has one: the positions (0-based, as in `cells`)
 * of the cells that held a formula, whose value in `cells` is the formula's cached result.
 */
export interface RawRow {
  row: number;
  cells: RawCell[];
  formulas?: number[];
}

/** The first row with any value, and the later rows that are not blank, by Excel row number. */
export interface RawSheet {
  header: RawCell[];
  rows: RawRow[];
}

/** How to read: `formulas`, to learn which cells of the data rows held a formula (xlsx; a CSV has none). */
export interface ParseOptions {
  formulas?: boolean;
}

/** A refusal of the file, with the Persian message the user sees (a 422 on `file`). */
export class SheetRefusal extends Error {}

/** Most bytes the parts of an .xlsx that are read may inflate to, in all: 128 MiB. */
export const XLSX_MAX_INFLATED_BYTES = 128 * 1024 * 1024;

export const UNREADABLE_XLSX = 'پرونده Excel خوانا نیست؛ آن را با قالب xlsx دوباره ذخیره کنید';

/** The Persian refusal of a file with more than `maxRows` data rows. */
export const tooManyRows = (maxRows: number) =>
  `پرونده بیش از ${toPersianDigits(maxRows.toLocaleString('en-US'))} ردیف دارد`;

const isBlank = (cells: RawCell[]) => cells.every((c) => c === null || String(c).trim() === '');

/** A cell of ExcelJS as a plain value: rich text joined, formulas by result, dates as they are. */
function plain(v: ExcelJS.CellValue): RawCell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return v;
  if (v instanceof Date) return v;
  if ('richText' in v) return v.richText.map((t) => t.text).join('');
  if ('result' in v) return plain(v.result as ExcelJS.CellValue);
  if ('text' in v) return typeof v.text === 'string' ? v.text : plain(v.text as ExcelJS.CellValue);
  if ('error' in v) return null;
  return String(v);
}

/** Whether an ExcelJS cell value is a formula (a shared formula's later cells come as `{ formula: '' }`). */
const isFormula = (v: ExcelJS.CellValue) =>
  v !== null && typeof v === 'object' && !(v instanceof Date) && ('formula' in v || 'sharedFormula' in v);

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const EMPTY_RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>';
const EMPTY_STRINGS =
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>';

/**
 * The parts of the workbook to read, in the order ExcelJS's streaming reader needs them to
 * stream the worksheet instead of spilling it to a temporary file: relationships, workbook,
 * styles (date formats), shared strings, then the first worksheet (the lowest-numbered
 * `xl/worksheets/sheetN.xml`; Excel numbers them in tab order). Missing relationships or
 * shared strings are supplied empty. 422 when there is no workbook part or worksheet, or the
 * parts declare (in the central directory, before anything is inflated) more than
 * XLSX_MAX_INFLATED_BYTES.
 */
function partsToRead(entries: Entry[]): StoredPart[] {
  const byName = new Map(entries.map((e) => [e.fileName, e]));
  const workbook = byName.get('xl/workbook.xml');
  if (!workbook) throw new SheetRefusal(UNREADABLE_XLSX);
  const sheets = entries
    .filter((e) => WORKSHEET.test(e.fileName))
    .sort((a, b) => Number(WORKSHEET.exec(a.fileName)![1]) - Number(WORKSHEET.exec(b.fileName)![1]));
  const sheet = sheets[0];
  if (!sheet) throw new SheetRefusal('پرونده Excel هیچ برگه‌ای ندارد');
  const rels = byName.get('xl/_rels/workbook.xml.rels');
  const styles = byName.get('xl/styles.xml');
  const strings = byName.get('xl/sharedStrings.xml');
  const chosen = [rels, workbook, styles, strings, sheet].filter((e) => e !== undefined);
  const inflated = chosen.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (inflated > XLSX_MAX_INFLATED_BYTES) {
    const mb = toPersianDigits(XLSX_MAX_INFLATED_BYTES / 1024 / 1024);
    throw new SheetRefusal(
      `پرونده Excel پس از گشودن بیش از ${mb} مگابایت می‌شود؛ برگه‌ها، ستون‌ها و قالب‌بندی‌های اضافی را پاک کنید`,
    );
  }
  return [
    rels ? { entry: rels } : { name: 'xl/_rels/workbook.xml.rels', content: EMPTY_RELS },
    { entry: workbook },
    ...(styles ? [{ entry: styles }] : []),
    strings ? { entry: strings } : { name: 'xl/sharedStrings.xml', content: EMPTY_STRINGS },
    { entry: sheet },
  ];
}

async function readXlsx(bytes: Uint8Array, maxRows: number, options: ParseOptions): Promise<RawSheet> {
  let archive: ZipArchive;
  try {
    archive = await openZip(bytes);
  } catch (e) {
    if (e instanceof ZipRefused) throw new SheetRefusal(UNREADABLE_XLSX);
    throw e;
  }
  const input = storedZip(archive, partsToRead(archive.entries));
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let header: RawCell[] | null = null;
  const rows: RawSheet['rows'] = [];
  let width = 0;
  let counted = 0;
  const readRows = async () => {
    for await (const ws of reader) {
      for await (const row of ws) {
        if (!row.hasValues) continue;
        // The header row and the data rows with any value, as ExcelJS's actualRowCount counts.
        if (++counted > maxRows + 1) throw new SheetRefusal(tooManyRows(maxRows));
        const cells: RawCell[] = [];
        const formulas: number[] = [];
        for (let i = 1; i <= row.cellCount; i++) {
          const v = row.getCell(i).value;
          cells.push(plain(v));
          if (options.formulas && isFormula(v)) formulas.push(i - 1);
        }
        width = Math.max(width, cells.length);
        if (!header) header = cells;
        else if (!isBlank(cells))
          rows.push({ row: row.number, cells, ...(formulas.length ? { formulas } : {}) });
      }
      break; // the first worksheet only
    }
  };
  // ExcelJS pipes the input into its unzipper, and a pipe does not pass errors on: an input that
  // fails (an entry larger than declared) would leave the reader waiting. So either ends the read.
  const inputFailed = new Promise<never>((_, reject) => input.once('error', reject));
  try {
    await Promise.race([readRows(), inputFailed]);
  } catch (e) {
    if (e instanceof SheetRefusal) throw e;
    if (e instanceof ZipRefused && e.reason === 'larger-than-declared') {
      throw new SheetRefusal('پرونده Excel دست‌کاری شده است: محتوای آن از اندازهٔ اعلام‌شده بزرگ‌تر است');
    }
    throw new SheetRefusal(UNREADABLE_XLSX);
  } finally {
    input.destroy();
  }
  // Every row as wide as the widest, as the whole-workbook reader gave them.
  const pad = <T>(xs: T[], fill: T) =>
    xs.length < width ? [...xs, ...Array(width - xs.length).fill(fill)] : xs;
  return {
    header: pad<RawCell>(header ?? [], null),
    rows: rows.map((r) => ({ ...r, cells: pad<RawCell>(r.cells, null) })),
  };
}

/**
 * A cell the CSV export wrote with a leading `'` so that a spreadsheet would not run it
 * (csv-stringify's `escape_formulas`: before `=`, `+`, `-`, `@`, tab, return or their full-width
 * forms): read back as it was stored, so an export imports unchanged.
 */
const ESCAPED_FORMULA = /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

function readCsv(bytes: Uint8Array, maxRows: number): RawSheet {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SheetRefusal('پرونده CSV باید با کدگذاری UTF-8 ذخیره شده باشد');
  }
  let records: string[][];
  try {
    // `to`: stop after one record past the limit (header + maxRows + 1).
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
      to: maxRows + 2,
      cast: (v) => (ESCAPED_FORMULA.test(v) ? v.slice(1) : v),
    });
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    throw new SheetRefusal(`پرونده CSV خوانا نیست${line ? ` (سطر ${toPersianDigits(line)})` : ''}`);
  }
  if (records.length > maxRows + 1) throw new SheetRefusal(tooManyRows(maxRows));
  const [head, ...body] = records;
  const rows: RawSheet['rows'] = [];
  body.forEach((cells, i) => {
    if (!isBlank(cells)) rows.push({ row: i + 2, cells });
  });
  return { header: head ?? [], rows };
}

/**
 * The header row and the non-blank data rows of `bytes` in `format` (already sniffed); rows by
 * their number as Excel shows them (header = 1), cells by column position, every row as wide as
 * the widest. Throws `SheetRefusal` (a Persian message) for more than `maxRows` data rows, an
 * unreadable file, or an .xlsx that inflates past XLSX_MAX_INFLATED_BYTES or past what it declares.
 * With `options.formulas`, the rows of an .xlsx name the cells that held a formula (`RawRow`).
 */
export async function parseSheet(
  format: TransferFormat,
  bytes: Uint8Array,
  maxRows: number,
  options: ParseOptions = {},
): Promise<RawSheet> {
  return format === 'xlsx' ? readXlsx(bytes, maxRows, options) : readCsv(bytes, maxRows);
}
