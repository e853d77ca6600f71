import { describe, expect, it } from 'vitest';
import { jalaliOfIso, parseJalaliDate, tehranTimestamp, yearsBetween } from './jalali.ts';

describe('Jalali dates', () => {
  it('reads typed Jalali dates into ISO dates', () => {
    expect(parseJalaliDate('1365/04/21')).toBe('1986-07-12');
    expect(parseJalaliDate('۱۳۶۵/۴/۲۱')).toBe('1986-07-12');
    expect(parseJalaliDate('1403-12-30')).toBe('2025-03-20');
  });
  it('refuses days the Jalali calendar does not have', () => {
    expect(parseJalaliDate('1402/12/30')).toBeNull();
    expect(parseJalaliDate('1365/13/01')).toBeNull();
    expect(parseJalaliDate('1365/07/31')).toBeNull();
    expect(parseJalaliDate('21/04/1365')).toBeNull();
    expect(parseJalaliDate('')).toBeNull();
    expect(parseJalaliDate('2019-08-03')).toBeNull();
  });
  it('writes ISO dates back as Jalali', () => {
    expect(jalaliOfIso('1986-07-12')).toBe('1365/04/21');
    expect(jalaliOfIso(null)).toBe('');
  });
  it('counts whole years', () => {
    expect(yearsBetween('1986-07-12', '2026-07-11')).toBe(39);
    expect(yearsBetween('1986-07-12', '2026-07-12')).toBe(40);
    // the month decides before the day
    expect(yearsBetween('1986-07-12', '2026-06-30')).toBe(39);
    expect(yearsBetween('1986-07-12', '2026-08-01')).toBe(40);
    expect(yearsBetween('1986-07-12', '2026-06-20')).toBe(39);
  });
  it('takes the whole text, with spaces around the parts, and years 1200–1499 only', () => {
    expect(parseJalaliDate(' 1365 / 4 / 21 ')).toBe('1986-07-12');
    expect(parseJalaliDate('1365.04.21')).toBe('1986-07-12');
    for (const text of ['x1365/04/21', '1365/04/21x', '1365x/04/21', '1365/04x/21', '1365/04/21 x'])
      expect(parseJalaliDate(text), text).toBeNull();
    expect(parseJalaliDate('1200/01/01')).toBe('1821-03-21');
    expect(parseJalaliDate('1499/01/01')).not.toBeNull();
    expect(parseJalaliDate('1199/12/29')).toBeNull();
    expect(parseJalaliDate('1500/01/01')).toBeNull();
    expect(parseJalaliDate('1600/01/01')).toBeNull();
  });
  it('writes back only real ISO days, from the start of the text', () => {
    expect(jalaliOfIso('2025-03-20T10:00:00Z')).toBe('1403/12/30');
    expect(jalaliOfIso(undefined)).toBe('');
    expect(jalaliOfIso('x2025-03-20')).toBe('');
    expect(jalaliOfIso('2025-02-30')).toBe('');
    expect(jalaliOfIso('2025-13-01')).toBe('');
  });
});

describe('tehranTimestamp', () => {
  it("is the instant in Iran's +03:30, whose day is Iran's day", () => {
    expect(tehranTimestamp(new Date('2026-11-27T20:29:59.000Z'))).toBe('2026-11-27T23:59:59.000+03:30');
    expect(tehranTimestamp(new Date('2026-11-27T20:30:00.000Z'))).toBe('2026-11-28T00:00:00.000+03:30');
    expect(Date.parse(tehranTimestamp(new Date('2026-03-20T12:00:00.000Z')))).toBe(
      Date.parse('2026-03-20T12:00:00.000Z'),
    );
  });
});
