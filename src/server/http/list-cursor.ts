import { MAX_ID } from '../../contract/ids.ts';
import { invalid } from './errors.ts';
import type { SortTerm } from './list-sort.ts';
import { fieldValue } from './list-values.ts';

/**
 * The keyset cursor of a list page (`next_cursor`): the order it belongs to, the last row's sort
 * values and id, and the total counted with the first page, as base64url JSON. A client may send
 * anything back, so decoding checks every value against its column before SQL sees it.
 */

export interface Cursor {
  /** Sort key (or, for several keys, their signature `a,-b`) and direction the cursor belongs to. */
  s: string;
  d: boolean;
  /** Sort value (as text) and id of the last row sent; `vs`: the values of several keys. */
  v: string | null;
  vs?: (string | null)[];
  id: number;
  /** The total counted with the first page. */
  t: number;
}

/** The cursor as the API sends it. */
export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

/**
 * The cursor `raw` if it belongs to this order (`sortKey`, `desc`) and every value in it fits its
 * column: the sort values by their keys' types (`terms`), the id and total as non-negative
 * `integer`s. Anything else (forged, or made for another order) is a 422 on `cursor`.
 */
export function decodeCursor(
  raw: string,
  sortKey: string,
  desc: boolean,
  terms: SortTerm[],
  field: 'cursor' | 'before' = 'cursor',
): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    const fits = (v: unknown, t: SortTerm | undefined) =>
      v === null || (typeof v === 'string' && !!t && fieldValue(t.def.type, v) !== undefined);
    const values = terms.length > 1 ? c.vs : [c.v];
    if (
      c.s === sortKey &&
      c.d === desc &&
      Number.isInteger(c.id) &&
      Math.abs(c.id) <= MAX_ID &&
      Number.isInteger(c.t) &&
      c.t >= 0 &&
      c.t <= MAX_ID &&
      (c.v === null || typeof c.v === 'string') &&
      Array.isArray(values) &&
      values.length === terms.length &&
      values.every((v, i) => fits(v, terms[i]))
    ) {
      return c;
    }
  } catch {}
  const message = 'نشانگر صفحه معتبر نیست یا با مرتب‌سازی فعلی سازگار نیست';
  throw invalid({ [field]: [message] }, message);
}
