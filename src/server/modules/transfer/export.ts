import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { ListQuery } from '../../../contract/list.ts';
import { TRANSFER_MEDIA_TYPES, type TransferFormat } from '../../../contract/person-transfer.ts';
import { jalaliOfIso, todayIso } from '../../../domain/jalali.ts';
import type { Db } from '../../db/client.ts';
import { type ListSpec, listPage } from '../../http/list.ts';
import type { ExportColumn, ExportSpec } from '../persons/lists.ts';

/**
 * Streamed Excel/CSV files of a list (contract/person-transfer.ts). Rows are read from the
 * database in keyset batches (`listPage` with its cursor, EXPORT_BATCH rows at a time, in the
 * list's own sort) and written to the response as they come, waiting whenever the client reads
 * slower than we write, so a 100,000-row export holds about one batch in memory.
 */

/** Rows per database read. */
export const EXPORT_BATCH = 2000;

type Row = Record<string, unknown>;
type Cell = string | number | null;

/** A column of a written sheet: a list's export column, or one a screen's rows are written with. */
export type SheetColumn = Pick<ExportColumn, 'key' | 'header' | 'labels' | 'width'> & {
  /** As ExportColumn's, or `decimal`: a fraction or ratio written as a number with 4 decimals. */
  kind: ExportColumn['kind'] | 'decimal';
};

/** What a sheet file is written from: its title (sheet name and file name stem) and columns. */
export interface SheetSpec {
  title: string;
  columns: readonly SheetColumn[];
}

/** The export's SELECT: every column's expression under its key, over the list's FROM and filters. */
function exportList(spec: ExportSpec, ids?: number[]): ListSpec {
  const select = sql.join(
    spec.columns.map((c) => sql`${c.expr} AS ${sql.identifier(c.key)}`),
    sql`, `,
  );
  const only = ids ? sql`${spec.list.id} = ANY(${sql.param(ids)}::int[])` : undefined;
  const where = only && spec.list.where ? sql`(${spec.list.where}) AND ${only}` : (only ?? spec.list.where);
  return { ...spec.list, select, from: spec.from, where };
}

/**
 * The rows of `spec` matching `query` (and `ids` when given), batch by batch. The first batch is
 * read before this returns, so a bad sort or filter throws its 422 here, before any byte is sent.
 */
export async function exportBatches(
  db: Db,
  spec: ExportSpec,
  query: ListQuery,
  ids?: number[],
): Promise<AsyncGenerator<Row[]>> {
  const list = exportList(spec, ids);
  const read = (cursor?: string) =>
    listPage<Row>(db, list, { ...query, page: 1, per_page: EXPORT_BATCH, cursor });
  const first = await read();
  async function* rest(): AsyncGenerator<Row[]> {
    let page = first;
    yield page.data;
    while (page.next_cursor) {
      page = await read(page.next_cursor);
      yield page.data;
    }
  }
  return rest();
}

/** No rows: the import template. */
export async function* noRows(): AsyncGenerator<Row[]> {}

/** Largest integer written as an Excel number; longer amounts stay text (Excel keeps 15 digits). */
const MAX_EXACT = 999_999_999_999_999;

/** One cell as written: Persian labels for codes, Jalali text for dates, numbers for amounts. */
export function cellOf(col: SheetColumn, v: unknown, format: TransferFormat): Cell {
  if (v === null || v === undefined || v === '') return null;
  switch (col.kind) {
    case 'code':
      return col.labels?.[String(v)] ?? String(v);
    case 'bool':
      return v === true || v === 't' ? 'بله' : 'خیر';
    case 'date':
      return jalaliOfIso(String(v)) || null;
    case 'amount': {
      const s = String(v);
      return format === 'xlsx' && s.length <= 15 && Number(s) <= MAX_EXACT ? Number(s) : s;
    }
    case 'int':
      return Number(v);
    case 'decimal':
      return typeof v === 'number' && Number.isFinite(v) ? Math.round(v * 10_000) / 10_000 : String(v);
    default:
      return String(v);
  }
}

/** Most bytes left waiting between the sheet and the zip output before the export waits. */
const MAX_BACKLOG = 4 * 1024 * 1024;

type Piped = Writable & { _readableState?: { pipes?: Piped[] }; readableLength?: number };

/**
 * Bytes buffered in the streams the worksheet's XML goes through on its way to the zip output
 * (ExcelJS pipes it into the zip entry's pass-through, which pipes into the deflater). ExcelJS
 * writes into them without heeding back-pressure, so the export measures the backlog itself.
 */
function pending(ws: ExcelJS.Worksheet, out: Writable): number {
  let s = (ws as unknown as { stream?: { pipes?: Piped[] } }).stream?.pipes?.[0];
  let bytes = 0;
  for (let hops = 0; s && s !== out && hops < 8; hops++) {
    bytes += s.writableLength + (s.readableLength ?? 0);
    s = s._readableState?.pipes?.[0];
  }
  return bytes;
}

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * After a batch: yields to the event loop (the deflater's callbacks and the response run there —
 * PGlite's queries alone never yield to it), then waits while more than MAX_BACKLOG bytes are
 * still on their way to the zip, and while the client reads slower than we write.
 */
async function catchUp(ws: ExcelJS.Worksheet, out: Writable): Promise<void> {
  await tick();
  while (!out.destroyed && pending(ws, out) > MAX_BACKLOG) await tick(5);
  await writable(out);
}

/** Waits until `out` wants more data (or is gone: the client went away). */
async function writable(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return;
  await Promise.race([once(out, 'drain'), once(out, 'close')]);
}

/** Writes the batches as one right-to-left sheet into `out` (a stream the response reads). */
async function writeXlsx(spec: SheetSpec, batches: AsyncIterable<Row[]>, out: PassThrough) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'ناظر';
  const ws = wb.addWorksheet(spec.title, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, rightToLeft: true }],
  });
  ws.columns = spec.columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: c.width,
    style:
      c.kind === 'amount' || c.kind === 'int'
        ? { numFmt: '#,##0' }
        : c.kind === 'decimal'
          ? { numFmt: '0.0000' }
          : c.kind === 'date'
            ? { alignment: { horizontal: 'center' } }
            : {},
  }));
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.alignment = { horizontal: 'center', vertical: 'middle' };
  header.commit();
  for await (const batch of batches) {
    if (out.destroyed) return;
    for (const r of batch) ws.addRow(spec.columns.map((c) => cellOf(c, r[c.key], 'xlsx'))).commit();
    await catchUp(ws, out);
  }
  ws.commit();
  await wb.commit();
}

/**
 * Writes the batches as UTF-8 CSV with a BOM (so Excel reads Persian) into `out`. A cell that
 * starts with `=`, `+`, `-`, `@`, tab or carriage return (or their full-width forms) is written
 * with a leading `'`, so a spreadsheet shows it as text instead of running it as a formula
 * (OWASP, CSV Injection; csv-stringify's `escape_formulas`). Numbers are written as they are.
 * The XLSX export needs no such prefix: ExcelJS writes a string as a text cell, never a formula.
 */
async function writeCsv(spec: SheetSpec, batches: AsyncIterable<Row[]>, out: PassThrough) {
  const csv = stringify({
    bom: true,
    escape_formulas: true,
    header: true,
    columns: spec.columns.map((c) => ({ key: c.key, header: c.header })),
  });
  csv.pipe(out);
  for await (const batch of batches) {
    if (out.destroyed) return;
    for (const r of batch) {
      const record: Record<string, Cell> = {};
      for (const c of spec.columns) record[c.key] = cellOf(c, r[c.key], 'csv');
      if (!csv.write(record)) await writable(csv);
    }
    await writable(out);
  }
  csv.end();
}

const MIME: Record<TransferFormat, string> = {
  xlsx: TRANSFER_MEDIA_TYPES.xlsx,
  csv: `${TRANSFER_MEDIA_TYPES.csv}; charset=utf-8`,
};

/**
 * `attachment` with an ASCII fallback name and the Persian name (RFC 6266 / RFC 5987
 * `filename*=UTF-8''…`).
 */
export function attachment(persianName: string, asciiName: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(persianName)}`;
}

/**
 * The streamed file response for `batches`: `<title> <Jalali date>.<format>` (e.g. «اشخاص حقوقی
 * 1405-09-02.xlsx»); `asciiStem` names the ASCII fallback (`legal-persons`). A failure mid-way
 * ends the stream with an error (the download then fails rather than ending short silently).
 */
export function fileResponse(
  spec: SheetSpec,
  batches: AsyncIterable<Row[]>,
  format: TransferFormat,
  asciiStem: string,
  now: Date,
): Response {
  const out = new PassThrough();
  const write = format === 'xlsx' ? writeXlsx : writeCsv;
  write(spec, batches, out).catch((err) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  const date = jalaliOfIso(todayIso(now)).replaceAll('/', '-');
  return new Response(Readable.toWeb(out) as ReadableStream, {
    headers: {
      'content-type': MIME[format],
      'content-disposition': attachment(`${spec.title} ${date}.${format}`, `${asciiStem}-${date}.${format}`),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
