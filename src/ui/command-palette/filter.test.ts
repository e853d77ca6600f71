import { describe, expect, it } from 'vitest';
import { isContiguousMatch, paletteScore } from './filter.ts';

describe('palette matching', () => {
  it('treats Arabic and Persian yeh and kaf as the same letter', () => {
    expect(paletteScore('کشتیرانی جمهوری اسلامی', 'كشتيراني')).toBeGreaterThan(0.5);
    expect(paletteScore('كشتيراني', 'کشتیرانی')).toBe(1);
  });

  it('treats Persian, Arabic and ASCII digits as the same', () => {
    expect(paletteScore('صندوق ۱۲', '12')).toBeGreaterThan(0);
    expect(paletteScore('صندوق 12', '١٢')).toBeGreaterThan(0);
  });

  it('ignores the zero-width non-joiner and spaces', () => {
    expect(paletteScore('شرکت‌های دولتی', 'شرکتهای')).toBeGreaterThan(0.5);
    expect(paletteScore('شرکتهای دولتی', 'شرکت‌ها')).toBeGreaterThan(0.5);
  });

  it('matches keywords, Latin ones included, and hides what does not match', () => {
    expect(paletteScore('اشخاص حقوقی', 'compan', ['companies'])).toBeGreaterThan(0);
    expect(paletteScore('اشخاص حقوقی', 'xyz', ['companies'])).toBe(0);
  });

  it('scores a prefix above scattered letters', () => {
    const prefix = paletteScore('اشخاص حقوقی', 'اشخ');
    const scattered = paletteScore('اشخاص حقوقی', 'اقی');
    expect(prefix).toBeGreaterThan(scattered);
    expect(scattered).toBeGreaterThan(0);
  });

  it('tells a contiguous match from a scattered one', () => {
    expect(isContiguousMatch('اشخاص حقوقی', 'حقوق')).toBe(true);
    expect(isContiguousMatch('اشخاص حقوقی', 'اقی')).toBe(false);
    expect(isContiguousMatch('کاربران', 'user', ['users'])).toBe(true);
  });
});
