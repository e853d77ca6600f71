/**
 * The fields every move of a statechart carries (who, when, a note), checked the same way for
 * every record the product moves through states (a statement's entry: finance/statement-entry.ts;
 * an issue's status: issues/issue-status.ts).
 */

// Zero-width and direction marks (U+200B–U+200F, U+202A–U+202E, U+2060, U+2066–U+2069, U+FEFF):
// a note made of them and spaces shows nothing.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/** A note or reason as stored: trimmed, `null` when absent or when nothing visible is left. */
export function normalizeNote(note: unknown): string | null {
  if (typeof note !== 'string') return null;
  const trimmed = note.trim();
  return trimmed.replace(INVISIBLE, '').trim() === '' ? null : trimmed;
}

/**
 * Whether year-month-day is a real day of the Gregorian calendar (by the platform's own calendar):
 * a day past its month's end rolls over and changes the day (2025-02-30 is 2025-03-02), a month
 * past 12 or a month 00 changes the year, and so does a year under 100 (Date.UTC reads 50 as 1950).
 */
function isCalendarDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCDate() === day;
}

const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

/** An ISO 8601 timestamp with seconds and a zone, naming a real calendar day. */
export function isTimestamp(at: unknown): at is string {
  if (typeof at !== 'string') return false;
  const m = ISO_TIMESTAMP.exec(at);
  return (
    m !== null && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3])) && !Number.isNaN(Date.parse(at))
  );
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An ISO day, `YYYY-MM-DD`, naming a real calendar day. */
export function isIsoDay(day: unknown): day is string {
  if (typeof day !== 'string') return false;
  const m = ISO_DAY.exec(day);
  return m !== null && isCalendarDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** A user id: a positive safe integer. */
export const isUserId = (by: unknown): by is number => Number.isSafeInteger(by) && (by as number) > 0;
