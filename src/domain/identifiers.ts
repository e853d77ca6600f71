import {
  validNationalIdPrefixes,
  verifyIranianLegalId,
  verifyIranianNationalId,
} from '@persian-tools/persian-tools';
import { toAsciiDigits } from './persian-text.ts';
import type { Rng } from './random.ts';

/**
 * Iranian identifiers: the national code of individuals (کد ملی, 10 digits), the national id
 * of legal persons (شناسه ملی, 11 digits), mobile numbers, postal codes. Validation accepts
 * Persian and Arabic digits and the separators people type (spaces, dashes); the canonical
 * form is ASCII digits only. Generators build valid values from a seeded generator (demo data).
 */

/** ASCII digits of `input`: Persian/Arabic digits converted; spaces, dashes, dots and ZWNJ dropped. */
export function digitsOnly(input: string): string {
  return toAsciiDigits(input).replace(/[\s\-._\u200C\u200F\u200E]/g, '');
}

// ---------------------------------------------------------------------------------------------
// National code (کد ملی)

/**
 * Check digit of a national code from its first nine digits: s = Σ dᵢ·(10−i) for i = 0..8,
 * r = s mod 11, check = r when r < 2, else 11 − r.
 * Worked example: 049937089 → s = 0·10+4·9+9·8+9·7+3·6+7·5+0·4+8·3+9·2 = 266, r = 2, check = 9,
 * so 0499370899 is valid.
 */
export function nationalCodeCheckDigit(first9: string): number {
  if (!/^\d{9}$/.test(first9)) throw new Error('nine digits expected');
  let s = 0;
  for (let i = 0; i < 9; i++) s += Number(first9[i]) * (10 - i);
  const r = s % 11;
  return r < 2 ? r : 11 - r;
}

/**
 * The canonical national code (10 ASCII digits) when `input` is a valid one, else null.
 *
 * Input: any string; Persian/Arabic digits are converted and separators dropped (`digitsOnly`).
 * 8 or 9 digits are zero-padded on the left to 10: the card prints the leading zeros of the
 * issuing office's code (001…099) and people drop them. Valid = then 10 digits, not starting
 * with 000 (no office has that code: the same rule as "at least 8 digits"), not one digit
 * repeated (0000000000 … 9999999999), digits 4–9 not all zero, and the check digit (see
 * `nationalCodeCheckDigit`, the published mod-11 rule). The issuing-office prefix is NOT checked:
 * persian-tools' table is incomplete (issue persian-tools/persian-tools#439: real codes on 734
 * and 740 are refused) and the owner of a real code must be registrable; an unknown prefix may
 * only warn (`nationalCodePrefixKnown`). The check itself is persian-tools'
 * `verifyIranianNationalId` with its `checkPrefix: false` option. Never throws.
 */
export function parseNationalCode(input: string): string | null {
  const digits = digitsOnly(input);
  if (!/^\d{8,10}$/.test(digits)) return null;
  const code = digits.padStart(10, '0');
  // persian-tools refuses one digit repeated and digits 4–9 all zero, but takes a code on 000
  if (code.startsWith('000')) return null;
  return verifyIranianNationalId(code, { checkPrefix: false }) ? code : null;
}

export const isValidNationalCode = (input: string): boolean => parseNationalCode(input) !== null;

/**
 * Whether a valid national code's first three digits (its issuing office) are in persian-tools'
 * table `validNationalIdPrefixes` (4.0.4: 626 prefixes, 001 … 986, known to lack real ones
 * such as 734 and 740, issue #439). Informational only — a warning, never a reason to refuse.
 * `input` is read as by `parseNationalCode`; false when it is not a valid national code.
 */
export function nationalCodePrefixKnown(input: string): boolean {
  const code = parseNationalCode(input);
  return code !== null && validNationalIdPrefixes.has(code.slice(0, 3));
}

const NATIONAL_CODE_PREFIXES = [...validNationalIdPrefixes].sort();

/** A valid national code: a known prefix, six random digits (not all zero), the check digit. */
export function generateNationalCode(rng: Rng): string {
  for (;;) {
    const middle = rng.digits(6);
    if (middle === '000000') continue;
    const first9 = rng.pick(NATIONAL_CODE_PREFIXES) + middle;
    const code = first9 + nationalCodeCheckDigit(first9);
    if (/^(\d)\1{9}$/.test(code)) continue;
    return code;
  }
}

// ---------------------------------------------------------------------------------------------
// Legal national id (شناسه ملی اشخاص حقوقی)

const LEGAL_WEIGHTS = [29, 27, 23, 19, 17, 29, 27, 23, 19, 17];

/**
 * Check digit of a legal national id from its first ten digits: d = d₉ + 2,
 * s = Σ (dᵢ + d)·wᵢ with w = 29, 27, 23, 19, 17 repeated; check = s mod 11, and 10 becomes 0.
 * Worked example: 1038028479 → d = 9 + 2 = 11, s = 12·29 + 11·27 + 14·23 + 19·19 + 11·17 +
 * 13·29 + 19·27 + 15·23 + 18·19 + 20·17 = 3,432 = 312·11, check = 0, so 10380284790 is valid.
 */
export function legalIdCheckDigit(first10: string): number {
  if (!/^\d{10}$/.test(first10)) throw new Error('ten digits expected');
  const d = Number(first10[9]) + 2;
  let s = 0;
  for (let i = 0; i < 10; i++) s += (Number(first10[i]) + d) * LEGAL_WEIGHTS[i]!;
  const c = s % 11;
  return c === 10 ? 0 : c;
}

/**
 * The canonical legal national id (11 ASCII digits) when `input` is valid, else null
 * (11 digits, digits 4–9 not all zero, check digit; `verifyIranianLegalId` of persian-tools).
 */
export function parseLegalId(input: string): string | null {
  const id = digitsOnly(input);
  if (!/^\d{11}$/.test(id)) return null;
  return verifyIranianLegalId(id) === true ? id : null;
}

export const isValidLegalId = (input: string): boolean => parseLegalId(input) !== null;

/** A valid legal national id: `10`, eight random digits (4–9 not all zero), the check digit. */
export function generateLegalId(rng: Rng): string {
  for (;;) {
    const first10 = `10${rng.digits(8)}`;
    if (first10.slice(3, 9) === '000000') continue;
    return first10 + legalIdCheckDigit(first10);
  }
}

// ---------------------------------------------------------------------------------------------
// Mobile, postal code

/**
 * The canonical mobile number `09xxxxxxxxx` when `input` is an Iranian mobile, else null.
 * Accepts Persian/Arabic digits, spaces and dashes, and the +98 / 0098 / 98 prefixes or none.
 */
export function normalizeMobile(input: string): string | null {
  // digitsOnly has taken out the spaces and dashes; a leading + is not a digit either
  const digits = digitsOnly(input).replace(/^\+/, '');
  const national = digits.startsWith('0098')
    ? digits.slice(4)
    : digits.startsWith('98') && digits.length === 12
      ? digits.slice(2)
      : digits;
  const mobile = national.startsWith('9') ? `0${national}` : national;
  return /^09\d{9}$/.test(mobile) ? mobile : null;
}

/** The Persian message for a mobile number that is not 09xxxxxxxxx. */
export const MOBILE_FORMAT_MESSAGE = 'شماره همراه باید ۱۱ رقم و با ۰۹ آغاز شود؛ مانند ۰۹۱۲۳۴۵۶۷۸۹';

export const isValidMobile = (input: string): boolean => normalizeMobile(input) !== null;

const MOBILE_PREFIXES = '0912 0913 0915 0917 0919 0935 0936 0937 0938 0939 0901 0902 0903 0921 0990'.split(
  ' ',
);

/** A plausible mobile number on a common operator prefix. */
export function generateMobile(rng: Rng): string {
  return rng.pick(MOBILE_PREFIXES) + rng.digits(7);
}

/** The canonical postal code (10 ASCII digits) when `input` has exactly ten digits, else null. */
export function parsePostalCode(input: string): string | null {
  const code = digitsOnly(input);
  return /^\d{10}$/.test(code) ? code : null;
}

export const isValidPostalCode = (input: string): boolean => parsePostalCode(input) !== null;

/**
 * A postal code shaped like real ones: no 0 or 2 in the first five digits (the fifth not 5 either),
 * no 2 in the last five, and not four equal digits at the start — the pattern commonly used
 * to check Iranian postal codes.
 */
export function generatePostalCode(rng: Rng): string {
  const head = '13456789';
  const fifth = '1346789';
  const tail = '013456789';
  for (;;) {
    let s = '';
    for (let i = 0; i < 4; i++) s += rng.pick([...head]);
    s += rng.pick([...fifth]);
    for (let i = 0; i < 5; i++) s += rng.pick([...tail]);
    if (!/^(\d)\1{3}/.test(s)) return s;
  }
}
