import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type TransferFormat } from '../../../contract/person-transfer.ts';
import { isoOfDate, jalaliOfIso } from '../../../domain/jalali.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import { sniffMime } from '../../files/sniff.ts';
import { invalid } from '../../http/errors.ts';

/**
 * Reads an uploaded sheet: its type by its bytes (an .xlsx is a ZIP, `PK 03 04`; a CSV is UTF-8
 * text without NUL bytes and no other known signature), never by its name; then its header row
 * and data rows as plain cell values. Every refusal is a 422 on `file` with a Persian message.
 */

/** One data row: its number as Excel shows it (header = 1) and its cells by column position. */
export interface SheetRow {
  row: number;
  cells: CellValue[];
}

export type CellValue = string | number | boolean | null;

export interface Sheet {
  format: TransferFormat;
  headers: string[];
  rows: SheetRow[];
}

const refuse = (message: string) => invalid({ file: [message] }, message);

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, sig: number[]) => sig.every((b, i) => bytes[i] === b);

/** `xlsx`, `csv`, or a 422 naming what the file is not. */
export function sniffSheet(bytes: Uint8Array): TransferFormat {
  if (bytes.length === 0) throw refuse('پرونده خالی است');
  if (bytes.length > IMPORT_MAX_BYTES) {
    throw refuse(`حجم پرونده حداکثر ${toPersianDigits(IMPORT_MAX_BYTES / 1024 / 1024)} مگابایت است`);
  }
  if (startsWith(bytes, ZIP)) return 'xlsx';
  if (startsWith(bytes, OLE)) throw refuse('قالب قدیمی xls پذیرفته نیست؛ پرونده را با قالب xlsx ذخیره کنید');
  if (sniffMime(bytes) || bytes.includes(0)) throw refuse('پرونده Excel (xlsx) یا CSV نیست');
  return 'csv';
}

/** A cell of ExcelJS as a plain value: rich text joined, formulas by result, dates as Jalali text. */
function plain(v: ExcelJS.CellValue): CellValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (typeof v === 'number') return v;
  if (v instanceof Date) {
    // Excel keeps dates as serial days; ExcelJS gives them as UTC midnight.
    const d = new Date(v.getUTCFullYear(), v.getUTCMonth(), v.getUTCDate());
    return jalaliOfIso(isoOfDate(d));
  }
  if ('richText' in v) return v.richText.map((t) => t.text).join('');
  if ('result' in v) return plain(v.result as ExcelJS.CellValue);
  if ('text' in v) return typeof v.text === 'string' ? v.text : plain(v.text as ExcelJS.CellValue);
  if ('error' in v) return null;
  return String(v);
}

const isBlank = (cells: CellValue[]) => cells.every((c) => c === null || String(c).trim() === '');

function tooMany(): never {
  throw refuse(`پرونده بیش از ${toPersianDigits(IMPORT_MAX_ROWS.toLocaleString('en-US'))} ردیف دارد`);
}

async function readXlsx(bytes: Uint8Array): Promise<Omit<Sheet, 'format'>> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    throw refuse('پرونده Excel خوانا نیست؛ آن را با قالب xlsx دوباره ذخیره کنید');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw refuse('پرونده Excel هیچ برگه‌ای ندارد');
  if (ws.actualRowCount > IMPORT_MAX_ROWS + 1) tooMany();
  const width = ws.columnCount;
  let headers: string[] | null = null;
  const rows: SheetRow[] = [];
  ws.eachRow({ includeEmpty: false }, (row, n) => {
    const cells: CellValue[] = [];
    for (let i = 1; i <= width; i++) cells.push(plain(row.getCell(i).value));
    if (!headers) {
      headers = cells.map((c) => (c === null ? '' : String(c)));
      return;
    }
    if (!isBlank(cells)) rows.push({ row: n, cells });
  });
  return { headers: headers ?? [], rows };
}

function readCsv(bytes: Uint8Array): Omit<Sheet, 'format'> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse('پرونده CSV باید با کدگذاری UTF-8 ذخیره شده باشد');
  }
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, trim: true });
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    throw refuse(`پرونده CSV خوانا نیست${line ? ` (سطر ${toPersianDigits(line)})` : ''}`);
  }
  if (records.length > IMPORT_MAX_ROWS + 1) tooMany();
  const [head, ...body] = records;
  const rows: SheetRow[] = [];
  body.forEach((cells, i) => {
    if (!isBlank(cells)) rows.push({ row: i + 2, cells });
  });
  return { headers: head ?? [], rows };
}

/** The sheet in `bytes`: its format, header row and non-blank data rows; 422 when unreadable or empty. */
export async function readSheet(bytes: Uint8Array): Promise<Sheet> {
  const format = sniffSheet(bytes);
  const sheet = format === 'xlsx' ? await readXlsx(bytes) : readCsv(bytes);
  if (sheet.rows.length > IMPORT_MAX_ROWS) tooMany();
  if (sheet.rows.length === 0)
    throw refuse('پرونده هیچ ردیف داده‌ای ندارد؛ ردیف‌ها را زیر سطر سرستون‌ها بنویسید');
  return { format, ...sheet };
}
