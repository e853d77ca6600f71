import { jalaliOfIso } from '../jalali.ts';
import { toAsciiDigits } from '../persian-text.ts';

/**
 * The reference numbers of an issue's official letters (نامه‌های وارده و صادره; issue 18,
 * shared/GLOSSARY.md "Work and records"). The product issues them as a secretariat does: one
 * series per Jalali year and direction, 1, 2, 3 … without gaps or duplicates (the server takes the
 * next number in the letter's own transaction: server/modules/issues/letters.ts), printed
 * `1405/ص/123`: the year, the direction's letter (ص صادره, sent; و وارده, received) and the
 * serial. Stored with ASCII digits and shown with Persian ones.
 */

export const LETTER_DIRECTIONS = ['in', 'out'] as const;
export type LetterDirection = (typeof LETTER_DIRECTIONS)[number];

export const LETTER_DIRECTION_LABELS_FA: Readonly<Record<LetterDirection, string>> = {
  in: 'وارده',
  out: 'صادره',
};

/** The direction's letter in a reference number. */
export const LETTER_DIRECTION_CODES: Readonly<Record<LetterDirection, string>> = { in: 'و', out: 'ص' };

/** The Jalali year (e.g. 1405) of an ISO day; throws on a value that is not a day. */
export function jalaliYearOf(isoDay: string): number {
  const jalali = jalaliOfIso(isoDay);
  if (!jalali) throw new RangeError(`not an ISO day: ${isoDay}`);
  return Number(jalali.slice(0, 4));
}

/** `1405/ص/123`: the reference number of serial `serial` (≥ 1) of `direction` in Jalali `year`. */
export function formatReferenceNumber(year: number, direction: LetterDirection, serial: number): string {
  if (!Number.isSafeInteger(serial) || serial < 1) throw new RangeError(`serial must be ≥ 1: ${serial}`);
  if (!Number.isSafeInteger(year) || year < 1200 || year > 1499)
    throw new RangeError(`not a Jalali year: ${year}`);
  return `${year}/${LETTER_DIRECTION_CODES[direction]}/${serial}`;
}

/**
 * The year, direction and serial of a reference number as printed (`۱۴۰۵/ص/۱۲۳`, Persian or
 * ASCII digits, spaces around the slashes allowed), or null when it is not one.
 */
export function parseReferenceNumber(
  text: string,
): { year: number; direction: LetterDirection; serial: number } | null {
  const m = /^\s*(1[2-4]\d\d)\s*\/\s*([وص])\s*\/\s*([1-9]\d{0,8})\s*$/.exec(toAsciiDigits(text));
  if (!m) return null;
  return { year: Number(m[1]), direction: m[2] === 'ص' ? 'out' : 'in', serial: Number(m[3]) };
}
