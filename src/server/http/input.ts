import { HttpError } from './errors.ts';

/**
 * Checks every request's input where it enters (path parameters, query string and body, before
 * any schema sees them), so that no route can pass PostgreSQL a value it refuses: a NUL character
 * (U+0000; PostgreSQL's text types cannot hold it) in any string or key is a 400, and so is
 * nesting deeper than MAX_INPUT_DEPTH (no request of this API nests more than a few levels; a
 * deeper one only costs the schemas' recursion).
 */

/** Deepest nesting of objects and arrays a request body may have. */
export const MAX_INPUT_DEPTH = 32;

const nulError = () => new HttpError(400, 'درخواست نویسهٔ نامعتبر (NUL) دارد؛ آن را از متن بردارید');
const depthError = () =>
  new HttpError(400, `ساختار درخواست بیش از ${MAX_INPUT_DEPTH.toLocaleString('fa-IR')} لایه تودرتو است`);

/** Throws 400 when `value` (any JSON-like value, files skipped) holds a NUL or nests too deep. */
export function assertCleanInput(value: unknown): void {
  // Iterative, so a deep value cannot exhaust the call stack.
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) throw nulError();
      continue;
    }
    if (v === null || typeof v !== 'object' || v instanceof Blob) continue;
    if (depth >= MAX_INPUT_DEPTH) throw depthError();
    if (Array.isArray(v)) {
      for (const item of v) stack.push([item, depth + 1]);
      continue;
    }
    for (const [key, item] of Object.entries(v)) {
      if (key.includes('\u0000')) throw nulError();
      stack.push([item, depth + 1]);
    }
  }
}
