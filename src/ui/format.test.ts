import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateLong,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatRelative,
  formatRial,
} from './format.ts';

describe('formatNumber', () => {
  it('writes Persian digits with the Persian thousands separator', () => {
    expect(formatNumber(12345678)).toBe('۱۲٬۳۴۵٬۶۷۸');
    expect(formatNumber(0)).toBe('۰');
    expect(formatNumber(999)).toBe('۹۹۹');
    expect(formatNumber(1000)).toBe('۱٬۰۰۰');
  });
  it('keeps decimals with the Persian decimal separator and drops trailing zeros', () => {
    expect(formatNumber(1500.25)).toBe('۱٬۵۰۰٫۲۵');
    expect(formatNumber('2.500')).toBe('۲٫۵');
    expect(formatNumber(1.23456, { fractionDigits: 2 })).toBe('۱٫۲۳');
  });
  it('marks negatives with a left-to-right minus', () => {
    expect(formatNumber(-1500)).toBe('\u200E\u2212۱٬۵۰۰');
    expect(formatNumber('-0')).toBe('۰');
  });
  it('formats amounts beyond 2^53 exactly when they travel as strings', () => {
    expect(formatNumber('123456789012345678901')).toBe('۱۲۳٬۴۵۶٬۷۸۹٬۰۱۲٬۳۴۵٬۶۷۸٬۹۰۱');
    expect(formatNumber(12345678901234567890n)).toBe('۱۲٬۳۴۵٬۶۷۸٬۹۰۱٬۲۳۴٬۵۶۷٬۸۹۰');
  });
  it('answers a dash for nothing', () => {
    expect(formatNumber(null)).toBe('—');
    expect(formatNumber(undefined)).toBe('—');
    expect(formatNumber('abc')).toBe('—');
    expect(formatNumber(Number.NaN)).toBe('—');
  });
});

describe('formatRial', () => {
  it('writes whole rials, the unit only when asked', () => {
    expect(formatRial('1250000000')).toBe('۱٬۲۵۰٬۰۰۰٬۰۰۰');
    expect(formatRial('1250000000.75')).toBe('۱٬۲۵۰٬۰۰۰٬۰۰۰');
    expect(formatRial(1250, { unit: true })).toBe('۱٬۲۵۰ ریال');
  });
});

describe('formatPercent', () => {
  it('turns fractions into percentages with ٪', () => {
    expect(formatPercent(0.1234)).toBe('۱۲٫۳۴٪');
    expect(formatPercent(0.5)).toBe('۵۰٪');
    expect(formatPercent(1)).toBe('۱۰۰٪');
    expect(formatPercent('0.123456', 4)).toBe('۱۲٫۳۴۵۶٪');
    expect(formatPercent(0.000049)).toBe('۰٪');
    expect(formatPercent(-0.05)).toBe('\u200E\u2212۵٪');
    expect(formatPercent(null)).toBe('—');
  });
});

describe('Jalali dates', () => {
  it('writes dates in the Jalali calendar with Persian digits', () => {
    expect(formatDate('2026-11-22')).toBe('۱۴۰۵/۰۹/۰۱');
    expect(formatDate('2025-03-21')).toBe('۱۴۰۴/۰۱/۰۱');
    expect(formatDate(new Date(2024, 2, 19))).toBe('۱۴۰۲/۱۲/۲۹');
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
  it('writes a date and time, and a date in words', () => {
    expect(formatDateTime(new Date(2026, 10, 22, 14, 5))).toBe('۱۴۰۵/۰۹/۰۱ ۱۴:۰۵');
    expect(formatDateLong('2026-11-22')).toBe('۱ آذر ۱۴۰۵');
  });
});

describe('formatRelative', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  it('says how long ago in Persian', () => {
    expect(formatRelative(ago(10), now)).toBe('همین حالا');
    expect(formatRelative(ago(180), now)).toBe('۳ دقیقه پیش');
    expect(formatRelative(ago(2 * 3600 + 100), now)).toBe('۲ ساعت پیش');
    expect(formatRelative(ago(3 * 86_400), now)).toBe('۳ روز پیش');
    expect(formatRelative(ago(65 * 86_400), now)).toBe('۲ ماه پیش');
    expect(formatRelative(ago(800 * 86_400), now)).toBe('۲ سال پیش');
  });
  it('says how long until a future time', () => {
    expect(formatRelative(ago(-300), now)).toBe('۵ دقیقه دیگر');
  });
});
