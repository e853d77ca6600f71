import { Worker } from 'node:worker_threads';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import type { SheetAnswer, SheetJob } from './sheet-worker.ts';

/**
 * The host side of the sheet worker: spreadsheet parsing runs in one worker thread
 * (sheet-worker.ts, started through sheet-worker-boot.mjs), off the thread that answers requests,
 * with a bounded heap and time. The worker starts on first use, stops when idle, and is replaced
 * after a limit stops it or it refuses a workbook it had begun to stream.
 */

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

/**
 * Parses `job` in the sheet worker, one job at a time (later reads wait for the one in
 * progress): `{ ok: true, sheet }`, `{ ok: false, refusal }` (a Persian message: a file too slow
 * or too large to read, or one parse-sheet.ts refuses) or `{ ok: false, error }` (a fault).
 */
export function parseInWorker(job: SheetJob): Promise<SheetAnswer> {
  const next = queue.then(() => run(job));
  queue = next.catch(() => {});
  return next;
}
