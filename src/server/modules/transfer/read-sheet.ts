import { Worker } from 'node:worker_threads';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type TransferFormat } from '../../../contract/person-transfer.ts';
import { isoOfDate, jalaliOfIso } from '../../../domain/jalali.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import { sniffMime } from '../../files/sniff.ts';
import { invalid } from '../../http/errors.ts';
import type { RawCell } from './parse-sheet.ts';
import type { SheetAnswer, SheetJob } from './sheet-worker.ts';

/**
 * Reads an uploaded sheet: its type by its bytes (an .xlsx is a ZIP, `PK 03 04`; a CSV is UTF-8
 * text without NUL bytes and no other known signature), never by its name; then its header row
 * and data rows as plain cell values, parsed in a worker thread (parse-sheet.ts) so that a
 * hostile workbook (a row bomb, a zip bomb) stalls no other request. Every refusal is a 422 on
 * `file` with a Persian message.
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

// ---------------------------------------------------------------------------------------------
// The sheet worker: parsing runs in one worker thread, off the thread that answers requests.

/** A read (worker start included) taking longer than this is stopped and refused: 30 s. */
export const SHEET_READ_TIME_LIMIT_MS = 30_000;
/** The worker's old-generation heap (MiB); a file that needs more is refused: 512. */
export const SHEET_WORKER_HEAP_MB = 512;
/** An idle worker is stopped after this long (ms), freeing its memory: 2 minutes. */
const SHEET_WORKER_IDLE_MS = 2 * 60_000;

const TOO_SLOW = `خواندن پرونده بیش از ${toPersianDigits(SHEET_READ_TIME_LIMIT_MS / 1000)} ثانیه طول کشید؛ آن را به چند پرونده کوچک‌تر بخش کنید`;
const TOO_BIG = 'پرونده برای خواندن بیش از اندازه بزرگ است؛ آن را به چند پرونده کوچک‌تر بخش کنید';

let worker: Worker | null = null;
let idle: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();

/** Stops `w` (its memory and whatever it had half read go with it). */
function retire(w: Worker): void {
  if (worker === w) worker = null;
  void w.terminate();
}

/** Stops the worker after SHEET_WORKER_IDLE_MS without a job. */
function idleLater(w: Worker): void {
  clearTimeout(idle);
  idle = setTimeout(() => retire(w), SHEET_WORKER_IDLE_MS).unref();
}

function spawn(): Worker {
  const w = new Worker(new URL('./sheet-worker-boot.mjs', import.meta.url), {
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: SHEET_WORKER_HEAP_MB },
  });
  w.unref(); // an idle worker never keeps the process alive
  w.on('error', () => {}); // reported to the job in progress (below); later ones have no job
  w.once('exit', () => {
    if (worker === w) worker = null;
  });
  worker = w;
  idleLater(w);
  return w;
}

/** Runs `job` on the worker (started on first use), answering within the time limit. */
function run(job: SheetJob): Promise<SheetAnswer> {
  clearTimeout(idle);
  const w = worker ?? spawn();
  return new Promise<SheetAnswer>((resolve, reject) => {
    const settle = (then: () => void) => {
      clearTimeout(timer);
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
      then();
    };
    const onMessage = (answer: SheetAnswer) => settle(() => resolve(answer));
    const onError = (e: Error & { code?: string }) => {
      retire(w);
      settle(() =>
        e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? resolve({ ok: false, refusal: TOO_BIG }) : reject(e),
      );
    };
    const onExit = (code: number) => settle(() => reject(new Error(`sheet worker exited with ${code}`)));
    const timer = setTimeout(() => {
      retire(w);
      settle(() => resolve({ ok: false, refusal: TOO_SLOW }));
    }, SHEET_READ_TIME_LIMIT_MS);
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    w.postMessage(job, [job.bytes]);
  }).then(
    (answer) => {
      // A worker stopped by a limit, or that refused a workbook it had begun to stream, goes
      // (with whatever it had half read), and a fresh one starts now so that the next upload
      // does not wait for its start; that one too stops when left idle.
      const spent = worker !== w;
      if (spent || (!answer.ok && job.format === 'xlsx')) {
        retire(w);
        spawn();
      } else idleLater(w);
      return answer;
    },
    (e) => {
      retire(w);
      throw e;
    },
  );
}

/** `run`, one job at a time: later reads wait for the one in progress. */
function enqueue(job: SheetJob): Promise<SheetAnswer> {
  const next = queue.then(() => run(job));
  queue = next.catch(() => {});
  return next;
}

/** A cell as the import checks read it: dates (Excel keeps them as days; ExcelJS gives UTC midnight) as Jalali text. */
function cellOf(v: RawCell): CellValue {
  if (!(v instanceof Date)) return v;
  return jalaliOfIso(isoOfDate(new Date(v.getUTCFullYear(), v.getUTCMonth(), v.getUTCDate())));
}

/**
 * The sheet in `bytes`: its format, header row and non-blank data rows (cells as text, numbers,
 * booleans, null; dates as Jalali text). Sniffed here; parsed in the sheet worker (parse-sheet.ts)
 * with a heap of SHEET_WORKER_HEAP_MB and SHEET_READ_TIME_LIMIT_MS, one file at a time, so a
 * hostile file costs other users nothing but its wait. 422 on `file` (Persian) when the file is
 * not xlsx/csv, larger than IMPORT_MAX_BYTES, has more than IMPORT_MAX_ROWS data rows or none,
 * inflates past its bound, is unreadable, too slow or too large to read; a failure of the worker
 * itself is thrown as is (500).
 */
export async function readSheet(bytes: Uint8Array): Promise<Sheet> {
  const format = sniffSheet(bytes);
  const answer = await enqueue({ format, bytes: bytes.slice().buffer, maxRows: IMPORT_MAX_ROWS });
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
    rows: rows.map((r) => ({ row: r.row, cells: r.cells.map(cellOf) })),
  };
}
