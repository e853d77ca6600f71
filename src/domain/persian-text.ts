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
    .replace(/[\u200C\s]+/g, '');
}

/** `search_text` of a legal person: searchKey(name), ticker key and national id. */
export const legalSearchText = (name: string, ticker: string | null, nationalId: string | null) =>
  [searchKey(name), ticker ? searchKey(ticker) : '', nationalId ?? ''].filter(Boolean).join(' ');

/** `search_text` of a true person: searchKey(first + last) and national code. */
export const trueSearchText = (first: string, last: string, code: string | null) =>
  [searchKey(`${first} ${last}`), code ?? ''].filter(Boolean).join(' ');
