import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type TransferFormat } from '../../../contract/person-transfer.ts';
import { isoOfDate, jalaliOfIso } from '../../../domain/jalali.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import { sniffMime } from '../../files/sniff.ts';
import { invalid } from '../../http/errors.ts';
import type { RawCell } from './parse-sheet.ts';
import { parseInWorker } from './sheet-worker-host.ts';

/**
 * Reads an uploaded sheet: its type by its bytes (an .xlsx is a ZIP, `PK 03 04`; a CSV is UTF-8
 * text without NUL bytes and no other known signature), never by its name; then its header row
 * and data rows as plain cell values, parsed in a worker thread (parse-sheet.ts) so that a
 * hostile workbook (a row bomb, a zip bomb) stalls no other request. Every refusal is a 422 on
 * `file` with a Persian message.
 */

/**
 * One data row: its number as Excel shows it (header = 1) and its cells by column position;
 * `formulas`, only when asked for (`readSheet`'s `formulas`) and the row has one: the positions
 * (0-based, as in `cells`) of the cells that held a formula (`cells` holds its cached result).
 */
export interface SheetRow {
  row: number;
  cells: CellValue[];
  formulas?: number[];
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

/** A cell as the import checks read it: dates (Excel keeps them as days; ExcelJS gives UTC midnight) as Jalali text. */
function cellOf(v: RawCell): CellValue {
  if (!(v instanceof Date)) return v;
  return jalaliOfIso(isoOfDate(new Date(v.getUTCFullYear(), v.getUTCMonth(), v.getUTCDate())));
}

/**
 * The sheet in `bytes`: its format, header row and non-blank data rows (cells as text, numbers,
 * booleans, null; dates as Jalali text). Sniffed here; parsed in the sheet worker
 * (sheet-worker-host.ts: bounded heap and time, one file at a time), so a hostile file costs
 * other users nothing but its wait. 422 on `file` (Persian) when the file is
 * not xlsx/csv, larger than IMPORT_MAX_BYTES, has more than IMPORT_MAX_ROWS data rows or none,
 * inflates past its bound, is unreadable, too slow or too large to read; a failure of the worker
 * itself is thrown as is (500). With `options.formulas`, rows name the cells of an .xlsx that held
 * a formula (`SheetRow.formulas`), which are otherwise read as their cached result.
 */
export async function readSheet(bytes: Uint8Array, options: { formulas?: boolean } = {}): Promise<Sheet> {
  const format = sniffSheet(bytes);
  const answer = await parseInWorker({
    format,
    bytes: bytes.slice().buffer,
    maxRows: IMPORT_MAX_ROWS,
    ...(options.formulas ? { formulas: true } : {}),
  });
  if (!answer.ok) {
    if ('refusal' in answer) throw refuse(answer.refusal);
    throw new Error(`sheet worker: ${answer.error}`);
  }
  const { header, rows } = answer.sheet; // at most IMPORT_MAX_ROWS rows: the worker stops past them
  if (rows.length === 0) throw refuse('پرونده هیچ ردیف داده‌ای ندارد؛ ردیف‌ها را زیر سطر سرستون‌ها بنویسید');
  return {
    format,
    headers: header.map((c) => {
      const v = cellOf(c);
      return v === null ? '' : String(v);
    }),
    rows: rows.map((r) => ({ ...r, cells: r.cells.map(cellOf) })),
  };
}
