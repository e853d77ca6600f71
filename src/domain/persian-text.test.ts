import { describe, expect, it } from 'vitest';
import { normalizePersian, searchKey, toAsciiDigits, toPersianDigits } from './persian-text.ts';

describe('persian text', () => {
  it('turns Persian and Arabic digits into ASCII and back', () => {
    expect(toAsciiDigits('۰۹۱۲۳٤٥٦٧٨٩')).toBe('09123456789');
    expect(toPersianDigits(1405)).toBe('۱۴۰۵');
  });
  it('unifies Arabic yeh and kaf with the Persian letters', () => {
    expect(normalizePersian('  كشت و صنعت آبشيرين ')).toBe('کشت و صنعت آبشیرین');
  });
  it('keeps the zero-width non-joiner in stored text but ignores it in search keys', () => {
    expect(normalizePersian('می‌شود')).toBe('می\u200Cشود');
    expect(searchKey('می‌شود')).toBe(searchKey('می شود'));
    expect(searchKey('فولاد  خوزستان')).toBe('فولادخوزستان');
  });
});
