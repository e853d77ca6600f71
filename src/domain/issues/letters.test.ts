import { describe, expect, it } from 'vitest';
import { formatReferenceNumber, jalaliYearOf, parseReferenceNumber } from './letters.ts';

describe('letter reference numbers', () => {
  it('prints year, direction and serial, and reads them back (Persian digits too)', () => {
    expect(formatReferenceNumber(1405, 'out', 123)).toBe('1405/ص/123');
    expect(formatReferenceNumber(1405, 'in', 1)).toBe('1405/و/1');
    expect(parseReferenceNumber('۱۴۰۵/ص/۱۲۳')).toEqual({ year: 1405, direction: 'out', serial: 123 });
    expect(parseReferenceNumber(' 1405 / و / 7 ')).toEqual({ year: 1405, direction: 'in', serial: 7 });
  });

  it('refuses serial 0, a year outside 1200–1499, and text that is not a number', () => {
    expect(() => formatReferenceNumber(1405, 'out', 0)).toThrow(RangeError);
    expect(() => formatReferenceNumber(1405, 'out', 1.5)).toThrow(RangeError);
    expect(() => formatReferenceNumber(1199, 'out', 1)).toThrow(RangeError);
    expect(() => formatReferenceNumber(1500, 'out', 1)).toThrow(RangeError);
    expect(formatReferenceNumber(1200, 'in', 1)).toBe('1200/و/1');
    expect(formatReferenceNumber(1499, 'in', 1)).toBe('1499/و/1');
    for (const bad of ['1405/ص/0', '1405/x/3', '1405/ص/', '1405/ص/012', '1105/ص/3', '1405-ص-3'])
      expect(parseReferenceNumber(bad), bad).toBeNull();
  });

  it('takes the Jalali year of the day: Nowruz starts the next series', () => {
    expect(jalaliYearOf('2026-03-20')).toBe(1404);
    expect(jalaliYearOf('2026-03-21')).toBe(1405);
    expect(() => jalaliYearOf('not a day')).toThrow(RangeError);
  });
});

describe('the reference number’s limits, exactly', () => {
  it('the errors name what was wrong', () => {
    expect(() => jalaliYearOf('1405/01/01')).toThrow('not an ISO day: 1405/01/01');
    expect(() => formatReferenceNumber(1405, 'out', 0)).toThrow('serial must be ≥ 1: 0');
    expect(() => formatReferenceNumber(1100, 'out', 1)).toThrow('not a Jalali year: 1100');
  });
  it('is read from the whole text only', () => {
    expect(parseReferenceNumber('x1405/ص/12')).toBeNull();
    expect(parseReferenceNumber('1405/ص/12x')).toBeNull();
    expect(parseReferenceNumber(' ۱۴۰۵ / ص / ۱۲ ')).toEqual({ year: 1405, direction: 'out', serial: 12 });
  });
});
