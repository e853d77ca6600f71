import { toAsciiDigits } from '~/domain/persian-text.ts';

/** A record id from a path segment: a positive integer written in ASCII or Persian digits, else null. */
export function parseId(raw: string): number | null {
  const ascii = toAsciiDigits(raw);
  if (!/^[1-9]\d{0,9}$/.test(ascii)) return null;
  const n = Number(ascii);
  return n <= 2_147_483_647 ? n : null;
}
