const ARABIC_TO_PERSIAN: Record<string, string> = {
  ي: 'ی',
  ى: 'ی',
  ك: 'ک',
  ة: 'ه',
  ۀ: 'ه',
  أ: 'ا',
  إ: 'ا',
  ٱ: 'ا',
};

/**
 * Persian and Arabic-Indic digits to ASCII digits (۰–۹ U+06F0–U+06F9, ٠–٩ U+0660–U+0669).
 * Example: toAsciiDigits('۱۲۳٤') === '1234'.
 */
export function toAsciiDigits(input: string): string {
  return input.replace(/[\u06F0-\u06F9\u0660-\u0669]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/** ASCII digits to Persian digits, for display. */
export function toPersianDigits(input: string | number): string {
  return String(input).replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
}

/**
 * Persian digits in running Persian text (an address's house number, a phone in a sentence),
 * leaving words written in Latin letters as they are (`www.site2.ir`, `info@x1.com`):
 * 'پلاک 32، www.a1.ir' → 'پلاک ۳۲، www.a1.ir'.
 */
export function toPersianDigitsInText(input: string): string {
  return input.replace(/\S+/g, (word) => (/[A-Za-z]/.test(word) ? word : toPersianDigits(word)));
}

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): in a
 * name or an address they can make text read differently from what is stored ("Trojan Source",
 * CVE-2021-42574; Unicode UAX #9). The marks a Persian text needs (U+200C zero-width
 * non-joiner, U+200E/U+200F direction marks) are not among them.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** `input` without bidirectional embedding, override and isolate controls (BIDI_CONTROLS). */
export const stripBidiControls = (input: string) => input.replace(BIDI_CONTROLS, '');

/**
 * The form stored and typed in: Arabic ي/ك to Persian ی/ک, digits to ASCII, bidirectional
 * controls removed, spaces collapsed, ends trimmed; the zero-width non-joiner inside words is kept.
 */
export function normalizePersian(input: string): string {
  return stripBidiControls(toAsciiDigits(input))
    .replace(/[يىكةۀأإٱ]/g, (ch) => ARABIC_TO_PERSIAN[ch] ?? ch)
    .replace(/[\u064B-\u0652\u0640]/g, '')
    .replace(/[ \t\u00A0]+/g, ' ')
    .replace(/^[\s\u200C]+|[\s\u200C]+$/g, '');
}

/**
 * The key used for matching and search: normalised, lower-cased, and with the zero-width
 * non-joiner and spaces treated alike (so "می‌شود", "می شود" and "میشود" all match "میشود").
 */
export function searchKey(input: string): string {
  return normalizePersian(input)
    .toLowerCase()
    .replace(/[\u200C\s]/g, '');
}

/** `search_text` of a legal person: searchKey(name), ticker key and national id. */
export const legalSearchText = (name: string, ticker: string | null, nationalId: string | null) =>
  [searchKey(name), ticker ? searchKey(ticker) : '', nationalId ?? ''].filter(Boolean).join(' ');

/** `search_text` of a true person: searchKey(first + last) and national code. */
export const trueSearchText = (first: string, last: string, code: string | null) =>
  [searchKey(`${first} ${last}`), code ?? ''].filter(Boolean).join(' ');

// ---------------------------------------------------------------------------------------------
// Numbers for display (used by the UI's formatters and by the domain's Persian messages).
// Hand-written rather than Intl so that the output is the same in every browser, in Node and in
// tests. Amounts may travel as strings (they exceed 2^53) and are formatted without a float.

export const THOUSANDS = '\u066C'; // ٬
export const DECIMAL = '\u066B'; // ٫
/** Left-to-right mark + minus sign, as ICU writes negative numbers in Persian. */
export const MINUS = '\u200E\u2212';

export type Numeric = number | bigint | string | null | undefined;

/** Splits a numeric value (a number, bigint or numeric string) into sign, integer digits and fraction digits (ASCII), or null. */
export function numericParts(
  value: Numeric,
  fractionDigits?: number,
): { neg: boolean; int: string; frac: string } | null {
  // null, undefined, '', NaN and ±Infinity are refused by the pattern below ('null', 'NaN' …)
  let s: string;
  if (typeof value === 'number') {
    s = fractionDigits === undefined ? String(value) : value.toFixed(fractionDigits);
    if (/e/i.test(s)) s = value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  } else s = String(value).trim();
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return null;
  // cut to fractionDigits (a number's toFixed already has exactly as many)
  const frac = (m[3] ?? '').slice(0, fractionDigits);
  const int = m[2]!.replace(/^0+(?=\d)/, '');
  const neg = m[1] === '-' && /[1-9]/.test(int + frac);
  return { neg, int, frac };
}

/** ASCII integer digits grouped by thousands with the Persian separator (٬). */
export function group(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, THOUSANDS);
}

/**
 * A number in Persian digits with thousands separators: 12345678 → '۱۲٬۳۴۵٬۶۷۸';
 * '-1500.25' → '‎−۱٬۵۰۰٫۲۵'. Null, undefined and non-numbers give '—'.
 */
export function formatNumber(value: Numeric, opts: { fractionDigits?: number } = {}): string {
  const p = numericParts(value, opts.fractionDigits);
  if (!p) return '—';
  const frac = opts.fractionDigits === undefined ? p.frac.replace(/0+$/, '') : p.frac;
  const text = group(p.int) + (frac ? DECIMAL + frac : '');
  return (p.neg ? MINUS : '') + toPersianDigits(text);
}
