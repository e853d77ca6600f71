import { CalendarDate } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import { calendarDateOfJalali, jalaliTextOf, moveFocus, PERSIAN } from './jalali-calendar-keys.ts';

const j = (y: number, m: number, d: number) => new CalendarDate(PERSIAN, y, m, d);
const text = (d: CalendarDate | null) => (d ? jalaliTextOf(d) : null);

describe('the Jalali calendar: text and dates', () => {
  it('reads the field text, Persian or ASCII digits, and writes it back padded in Persian digits', () => {
    expect(text(calendarDateOfJalali('۱۳۶۵/۰۴/۲۱'))).toBe('۱۳۶۵/۰۴/۲۱');
    expect(text(calendarDateOfJalali('1365/4/21'))).toBe('۱۳۶۵/۰۴/۲۱');
    // 1 Farvardin 1403 is 20 March 2024 (Nowruz).
    expect(calendarDateOfJalali('1403/01/01')?.toDate('UTC').toISOString().slice(0, 10)).toBe('2024-03-20');
  });

  it('refuses what is not a real day: half typed, day 30 of Esfand in a common year', () => {
    expect(calendarDateOfJalali('۱۳۶۵/۰۴')).toBeNull();
    expect(calendarDateOfJalali('1402/12/30')).toBeNull();
    expect(text(calendarDateOfJalali('1403/12/30'))).toBe('۱۴۰۳/۱۲/۳۰');
  });
});

describe('the Jalali calendar: keys that move the focused day', () => {
  // 1403/07/10 is a Tuesday (1 October 2024); its week runs Saturday 07/07 to Friday 07/13.
  const day = j(1403, 7, 10);
  const move = (code: string, shiftKey = false, dir: 'rtl' | 'ltr' = 'rtl') =>
    text(moveFocus(day, { code, shiftKey }, dir));

  it('mirrors the horizontal arrows in right to left: ← is the next day, → the previous', () => {
    expect(move('ArrowLeft')).toBe('۱۴۰۳/۰۷/۱۱');
    expect(move('ArrowRight')).toBe('۱۴۰۳/۰۷/۰۹');
    expect(move('ArrowRight', false, 'ltr')).toBe('۱۴۰۳/۰۷/۱۱');
  });

  it('moves a week with ↑/↓, a month with PageUp/PageDown and a year with Shift', () => {
    expect(move('ArrowDown')).toBe('۱۴۰۳/۰۷/۱۷');
    expect(move('ArrowUp')).toBe('۱۴۰۳/۰۷/۰۳');
    expect(move('PageDown')).toBe('۱۴۰۳/۰۸/۱۰');
    expect(move('PageUp')).toBe('۱۴۰۳/۰۶/۱۰');
    expect(move('PageDown', true)).toBe('۱۴۰۴/۰۷/۱۰');
    expect(move('PageUp', true)).toBe('۱۴۰۲/۰۷/۱۰');
  });

  it('goes to the week start (Saturday) and end (Friday) with Home and End', () => {
    expect(move('Home')).toBe('۱۴۰۳/۰۷/۰۷');
    expect(move('End')).toBe('۱۴۰۳/۰۷/۱۳');
    expect(
      moveFocus(j(1403, 7, 7), { code: 'End' })
        ?.toDate('UTC')
        .getUTCDay(),
    ).toBe(5);
  });

  it('keeps to the calendar at month and year ends', () => {
    // Shahrivar has 31 days, Mehr 30: a month on from the 31st is Mehr's last day.
    expect(text(moveFocus(j(1403, 6, 31), { code: 'PageDown' }))).toBe('۱۴۰۳/۰۷/۳۰');
    expect(text(moveFocus(j(1403, 6, 31), { code: 'ArrowLeft' }))).toBe('۱۴۰۳/۰۷/۰۱');
    // Esfand 30 of leap year 1403, a year on: 1404 has 29 days in Esfand.
    expect(text(moveFocus(j(1403, 12, 30), { code: 'PageDown', shiftKey: true }))).toBe('۱۴۰۴/۱۲/۲۹');
    expect(text(moveFocus(j(1403, 12, 30), { code: 'ArrowLeft' }))).toBe('۱۴۰۴/۰۱/۰۱');
  });

  it('ignores keys that are not moves', () => {
    expect(moveFocus(day, { code: 'Enter' })).toBeNull();
    expect(moveFocus(day, { code: 'KeyA' })).toBeNull();
  });
});
