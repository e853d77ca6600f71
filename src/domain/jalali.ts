import { format, isValid, parse } from 'date-fns-jalali';
import { toAsciiDigits } from './persian-text.ts';

/**
 * Jalali (Solar Hijri) calendar dates as people type them, and the ISO dates (`YYYY-MM-DD`,
 * Gregorian) the API stores. Conversions go through date-fns-jalali; no arithmetic of our own.
 */

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** ISO date (`YYYY-MM-DD`) of a Date's local calendar day. */
export function isoOfDate(d: Date): string {
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The ISO date of a Jalali date written `1365/04/21` (also `1365-4-21`, Persian or Arabic
 * digits), or null when it is not a real day of the Jalali calendar (1402/12/30 is not: 1402
 * is not a leap year).
 */
export function parseJalaliDate(input: string): string | null {
  const m = /^\s*(\d{4})\s*[/\-.]\s*(\d{1,2})\s*[/\-.]\s*(\d{1,2})\s*$/.exec(toAsciiDigits(input));
  if (!m) return null;
  // Jalali years of living people and records: 1200–1499 (2019-08-03 is not a Jalali date).
  if (Number(m[1]) < 1200 || Number(m[1]) > 1499) return null;
  // date-fns-jalali's parse refuses a day its month does not have (1402/12/30, 1365/07/31)
  const d = parse(`${m[1]}/${pad(Number(m[2]))}/${pad(Number(m[3]))}`, 'yyyy/MM/dd', new Date(2000, 0, 1));
  return isValid(d) ? isoOfDate(d) : null;
}

/** A Jalali date `1365/04/21` (ASCII digits) of an ISO date; '' for null or a bad value. */
export function jalaliOfIso(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso ?? '');
  if (!m) return '';
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  // a day the Gregorian month does not have (2025-02-30) would roll over into the next month
  return isoOfDate(d) === m[0] ? format(d, 'yyyy/MM/dd') : '';
}

/** Today's ISO date by the local clock (or of `now`). */
export const todayIso = (now: Date = new Date()) => isoOfDate(now);

/** Whole years from ISO date `from` to ISO date `to` (age on `to`). */
export function yearsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
}

const TEHRAN_OFFSET_MS = 3.5 * 60 * 60 * 1000;

/**
 * An ISO 8601 timestamp of `now` in Tehran's time, `2026-11-27T18:30:00.000+03:30` (Iran keeps
 * +03:30 all year since daylight saving was abolished in 2022): its first ten characters are the
 * day in Iran, as the issues' status statechart reads it.
 */
export function tehranTimestamp(now: Date): string {
  return new Date(now.getTime() + TEHRAN_OFFSET_MS).toISOString().replace('Z', '+03:30');
}
