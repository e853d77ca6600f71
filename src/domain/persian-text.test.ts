import { describe, expect, it } from 'vitest';
import {
  formatNumber,
  group,
  legalSearchText,
  MINUS,
  normalizePersian,
  numericParts,
  searchKey,
  toAsciiDigits,
  toPersianDigits,
  toPersianDigitsInText,
  trueSearchText,
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

describe('normalizePersian, in detail', () => {
  it('maps every Arabic form the table names, and drops diacritics and the tatweel', () => {
    expect(normalizePersian('يىكةۀأإٱ')).toBe('ییکههااا');
    expect(normalizePersian('مُحَمَّد')).toBe('محمد');
    expect(normalizePersian('فـــولاد')).toBe('فولاد');
  });
  it('collapses runs of spaces, tabs and no-break spaces inside, and trims spaces and non-joiners at the ends only', () => {
    expect(normalizePersian('الف \t\u00A0 ب')).toBe('الف ب');
    expect(normalizePersian('\u200C  الف\u200Cب  \u200C')).toBe('الف\u200Cب');
    expect(normalizePersian('\n الف \n')).toBe('الف');
  });
});

describe('search texts', () => {
  it('a legal person: the name’s key, the ticker’s key and the national id, the missing ones left out', () => {
    expect(legalSearchText('فولاد  مبارکه', 'فولاد', '10260236690')).toBe('فولادمبارکه فولاد 10260236690');
    expect(legalSearchText('فولاد مبارکه', null, null)).toBe('فولادمبارکه');
    expect(legalSearchText('شركت نمونه', '', '123')).toBe('شرکتنمونه 123');
  });
  it('a true person: first and last name as one key, and the national code', () => {
    expect(trueSearchText('مريم', 'احمدی', '0012345679')).toBe('مریماحمدی 0012345679');
    expect(trueSearchText('مریم', 'احمدی', null)).toBe('مریماحمدی');
  });
});

describe('numericParts', () => {
  it('reads numbers, bigints and numeric strings into sign, integer and fraction digits', () => {
    expect(numericParts(1234.5)).toEqual({ neg: false, int: '1234', frac: '5' });
    expect(numericParts(12345678901234567890n)).toEqual({
      neg: false,
      int: '12345678901234567890',
      frac: '',
    });
    expect(numericParts(' -0012.50 ')).toEqual({ neg: true, int: '12', frac: '50' });
    expect(numericParts('+7')).toEqual({ neg: false, int: '7', frac: '' });
    expect(numericParts('000')).toEqual({ neg: false, int: '0', frac: '' });
    expect(numericParts(1e21)).toEqual({ neg: false, int: '1000000000000000000000', frac: '' });
  });
  it('gives no sign to a zero, and one to a negative fraction of one', () => {
    expect(numericParts('-0')?.neg).toBe(false);
    expect(numericParts('-0.000')?.neg).toBe(false);
    expect(numericParts('-0.5')?.neg).toBe(true);
    expect(numericParts(-3)?.neg).toBe(true);
  });
  it('cuts a string’s fraction to fractionDigits, and rounds a number’s', () => {
    expect(numericParts('1.23456', 2)).toEqual({ neg: false, int: '1', frac: '23' });
    expect(numericParts(1.236, 2)).toEqual({ neg: false, int: '1', frac: '24' });
    expect(numericParts(2, 2)).toEqual({ neg: false, int: '2', frac: '00' });
  });
  it('refuses what is not a whole numeric text', () => {
    for (const v of [
      null,
      undefined,
      '',
      ' ',
      '12a',
      'a12',
      '1.2.3',
      '1,000',
      '.5',
      '5.',
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ])
      expect(numericParts(v as never), String(v)).toBeNull();
  });
});

describe('group', () => {
  it('separates thousands with the Persian separator, never at the start', () => {
    expect(group('1')).toBe('1');
    expect(group('123')).toBe('123');
    expect(group('1234')).toBe('1\u066C234');
    expect(group('1234567')).toBe('1\u066C234\u066C567');
  });
});

describe('the display rules the mutants showed unasked', () => {
  it('search keys are lower case', () => {
    expect(searchKey('ABC Steel')).toBe('abcsteel');
  });
  it('a negative number keeps its sign whatever its digits (‎−10.10 is not 10 − 10)', () => {
    expect(formatNumber('-10.10')).toBe(`${MINUS}۱۰٫۱`);
    expect(formatNumber(-10.1)).toBe(`${MINUS}۱۰٫۱`);
  });
  it('with fractionDigits the trailing zeros are kept; without, dropped', () => {
    expect(formatNumber(1.5, { fractionDigits: 2 })).toBe('۱٫۵۰');
    expect(formatNumber('1.50')).toBe('۱٫۵');
    expect(formatNumber(Number.NaN)).toBe('—');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('—');
  });
});
