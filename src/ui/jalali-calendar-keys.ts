import {
  CalendarDate,
  type CalendarIdentifier,
  endOfWeek,
  GregorianCalendar,
  PersianCalendar,
  startOfWeek,
  toCalendar,
  today,
} from '@internationalized/date';
import { parseJalaliDate } from '~/domain/jalali.ts';
import { toAsciiDigits, toPersianDigits } from '~/domain/persian-text.ts';

/**
 * The Jalali calendar's pure parts: the field's text (`۱۳۶۵/۰۴/۲۱`) to a calendar date and
 * back, and the keys that move the focused day. Dates are `CalendarDate`s of
 * @internationalized/date in its Persian (Solar Hijri) calendar, as Ark UI's DatePicker uses.
 */

export const PERSIAN = new PersianCalendar();
/** The week in Iran: Saturday to Friday. */
export const WEEK_START = 'sat' as const;
/** Locale of the calendar's labels: Persian month and weekday names. */
export const CALENDAR_LOCALE = 'fa-IR';

/** The calendar Ark UI's DatePicker asks for (fa-IR's default is `persian`). */
export function createCalendar(id: CalendarIdentifier) {
  return id === 'persian' ? new PersianCalendar() : new GregorianCalendar();
}

/** The Persian-calendar date of a typed Jalali date (`۱۳۶۵/۰۴/۲۱`, ASCII too), or null when it is not a real day. */
export function calendarDateOfJalali(text: string): CalendarDate | null {
  if (!parseJalaliDate(text)) return null;
  const [y, m, d] = toAsciiDigits(text)
    .split(/[/\-.]/)
    .map((s) => Number(s.trim()));
  return new CalendarDate(PERSIAN, y!, m!, d!);
}

/** A date as the field shows it: `۱۳۶۵/۰۴/۲۱` (Persian digits, zero-padded). */
export function jalaliTextOf(date: CalendarDate): string {
  const p = toCalendar(date, PERSIAN);
  const pad = (n: number) => String(n).padStart(2, '0');
  return toPersianDigits(`${p.year}/${pad(p.month)}/${pad(p.day)}`);
}

/** Today in the Persian calendar, by Iran's clock. */
export function jalaliToday(timeZone = 'Asia/Tehran'): CalendarDate {
  return toCalendar(today(timeZone), PERSIAN);
}

export interface CalendarKey {
  /** `KeyboardEvent.code`. */
  code: string;
  shiftKey?: boolean;
}

/**
 * Where a key moves the focused day, or null when the key is not a move. In right to left the
 * horizontal arrows trade places: ← is the next day (the cell on the left), → the previous.
 * ↑/↓ a week; PageUp/PageDown a month, with Shift a year (the day kept, or the month's last
 * when shorter); Home/End the week's first (Saturday) and last (Friday) day.
 */
export function moveFocus(
  date: CalendarDate,
  key: CalendarKey,
  dir: 'rtl' | 'ltr' = 'rtl',
): CalendarDate | null {
  const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  const back = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
  switch (key.code) {
    case forward:
      return date.add({ days: 1 });
    case back:
      return date.subtract({ days: 1 });
    case 'ArrowDown':
      return date.add({ weeks: 1 });
    case 'ArrowUp':
      return date.subtract({ weeks: 1 });
    case 'PageDown':
      return key.shiftKey ? date.add({ years: 1 }) : date.add({ months: 1 });
    case 'PageUp':
      return key.shiftKey ? date.subtract({ years: 1 }) : date.subtract({ months: 1 });
    case 'Home':
      return startOfWeek(date, CALENDAR_LOCALE, WEEK_START);
    case 'End':
      return endOfWeek(date, CALENDAR_LOCALE, WEEK_START);
    default:
      return null;
  }
}
