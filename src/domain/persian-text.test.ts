import { describe, expect, it } from 'vitest';
import {
  normalizePersian,
  searchKey,
  toAsciiDigits,
  toPersianDigits,
  toPersianDigitsInText,
} from './persian-text.ts';

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
  it('removes bidirectional overrides and isolates, and keeps the non-joiner and direction marks', () => {
    // "Trojan Source" style: RLO makes «‮exe.pdf» read as «fdp.exe»
    expect(normalizePersian('شرکت\u202Eفولاد\u202C')).toBe('شرکتفولاد');
    for (const c of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ])
      expect(normalizePersian(`الف${c}ب`)).toBe('الفب');
    expect(normalizePersian('می\u200Cشود\u200F')).toBe('می\u200Cشود\u200F');
  });
});

describe('toPersianDigitsInText', () => {
  it('writes the digits of Persian words in Persian, and leaves words in Latin letters alone', () => {
    expect(toPersianDigitsInText('تهران، خیابان آزادی، پلاک 32')).toBe('تهران، خیابان آزادی، پلاک ۳۲');
    expect(toPersianDigitsInText('تلفن 021-8812 www.site2.ir info@x1.com')).toBe(
      'تلفن ۰۲۱-۸۸۱۲ www.site2.ir info@x1.com',
    );
    expect(toPersianDigitsInText('')).toBe('');
  });
});
