import { parentPort } from 'node:worker_threads';
import type { TransferFormat } from '../../../contract/person-transfer.ts';
import { parseSheet, type RawSheet, SheetRefusal } from './parse-sheet.ts';

/**
 * The sheet worker's body (a worker thread, started by sheet-worker-host.ts through
 * sheet-worker-boot.mjs): one job at a time, `{ format, bytes, maxRows, formulas? }` in, one answer out:
 * `{ ok: true, sheet }` (parse-sheet.ts's RawSheet), `{ ok: false, refusal }` (a Persian message for a 422), or
 * `{ ok: false, error }` (a fault of the server, logged, a 500).
 */

export interface SheetJob {
  format: TransferFormat;
  bytes: ArrayBuffer;
  /** Most data rows accepted (IMPORT_MAX_ROWS). */
  maxRows: number;
  /** Name the cells that held a formula (parse-sheet.ts's `RawRow.formulas`); off by default. */
  formulas?: boolean;
}

export type SheetAnswer =
  | { ok: true; sheet: RawSheet }
  | { ok: false; refusal: string }
  | { ok: false; error: string };

const port = parentPort;
if (!port) throw new Error('sheet-worker.ts runs as a worker thread');

port.on('message', async (job: SheetJob) => {
  let answer: SheetAnswer;
  try {
    const options = { formulas: job.formulas === true };
    answer = {
      ok: true,
      sheet: await parseSheet(job.format, new Uint8Array(job.bytes), job.maxRows, options),
    };
  } catch (e) {
    answer =
      e instanceof SheetRefusal
        ? { ok: false, refusal: e.message }
        : { ok: false, error: e instanceof Error ? (e.stack ?? e.message) : String(e) };
  }
  port.postMessage(answer);
});
