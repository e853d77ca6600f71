import { verifyIranianLegalId, verifyIranianNationalId } from '@persian-tools/persian-tools';
import { describe, expect, it } from 'vitest';
import {
  digitsOnly,
  generateLegalId,
  generateMobile,
  generateNationalCode,
  generatePostalCode,
  isValidLegalId,
  isValidMobile,
  isValidNationalCode,
  isValidPostalCode,
  legalIdCheckDigit,
  nationalCodeCheckDigit,
  normalizeMobile,
  parseLegalId,
  parseNationalCode,
} from './identifiers.ts';
import { createRng } from './random.ts';

describe('national code (کد ملی)', () => {
  it('computes the check digit of the worked example 049937089 → 9', () => {
    // s = 0·10+4·9+9·8+9·7+3·6+7·5+0·4+8·3+9·2 = 266; 266 mod 11 = 2; 11 − 2 = 9
    expect(nationalCodeCheckDigit('049937089')).toBe(9);
  });

  it('accepts the published examples and rejects wrong ones (persian-tools README)', () => {
    expect(isValidNationalCode('0499370899')).toBe(true);
    expect(isValidNationalCode('0084575948')).toBe(true);
    expect(isValidNationalCode('1234567890')).toBe(false);
    expect(isValidNationalCode('0499370898')).toBe(false);
  });

  it('accepts Persian and Arabic digits and separators, answering ASCII digits', () => {
    expect(parseNationalCode('۰۴۹۹۳۷۰۸۹۹')).toBe('0499370899');
    expect(parseNationalCode('٠٤٩٩٣٧٠٨٩٩')).toBe('0499370899');
    expect(parseNationalCode('049-937089-9')).toBe('0499370899');
  });

  it('rejects repeated digits, wrong lengths and empty input', () => {
    expect(isValidNationalCode('1111111111')).toBe(false);
    expect(isValidNationalCode('0000000000')).toBe(false);
    expect(isValidNationalCode('499370899')).toBe(false);
    expect(isValidNationalCode('')).toBe(false);
  });

  it('generates valid codes deterministically', () => {
    const a = createRng(7);
    const b = createRng(7);
    for (let i = 0; i < 2000; i++) {
      const code = generateNationalCode(a);
      expect(code).toBe(generateNationalCode(b));
      expect(code).toMatch(/^\d{10}$/);
      expect(verifyIranianNationalId(code)).toBe(true);
    }
  });
});

describe('legal national id (شناسه ملی)', () => {
  it('computes the check digit of the worked example 1038028479 → 0', () => {
    // d = 9 + 2 = 11; Σ (dᵢ + 11)·wᵢ = 3,432 = 312·11 → 0
    expect(legalIdCheckDigit('1038028479')).toBe(0);
    expect(isValidLegalId('10380284790')).toBe(true);
    expect(isValidLegalId('10380284791')).toBe(false);
  });

  it('agrees with persian-tools on digit changes and rejects bad shapes', () => {
    expect(parseLegalId('۱۰۳۸۰۲۸۴۷۹۰')).toBe('10380284790');
    expect(isValidLegalId('1038028479')).toBe(false);
    expect(isValidLegalId('10100000000')).toBe(false);
    expect(isValidLegalId('00000000000')).toBe(false);
  });

  it('generates valid ids deterministically', () => {
    const rng = createRng(11);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const id = generateLegalId(rng);
      expect(id).toMatch(/^\d{11}$/);
      expect(verifyIranianLegalId(id)).toBe(true);
      seen.add(id);
    }
    expect(seen.size).toBeGreaterThan(1990);
  });
});

describe('mobile and postal code', () => {
  it('normalises the usual ways of writing a mobile number', () => {
    expect(normalizeMobile('09121234567')).toBe('09121234567');
    expect(normalizeMobile('۰۹۱۲ ۱۲۳ ۴۵۶۷')).toBe('09121234567');
    expect(normalizeMobile('+98 912 123 4567')).toBe('09121234567');
    expect(normalizeMobile('00989121234567')).toBe('09121234567');
    expect(normalizeMobile('9121234567')).toBe('09121234567');
    expect(normalizeMobile('02112345678')).toBeNull();
    expect(isValidMobile('0912123456')).toBe(false);
  });

  it('checks postal codes as ten digits', () => {
    expect(isValidPostalCode('1193653471')).toBe(true);
    expect(isValidPostalCode('۱۱۹۳۶-۵۳۴۷۱')).toBe(true);
    expect(isValidPostalCode('119365347')).toBe(false);
  });

  it('generates well-formed mobiles and postal codes', () => {
    const rng = createRng(3);
    for (let i = 0; i < 500; i++) {
      expect(isValidMobile(generateMobile(rng))).toBe(true);
      expect(generatePostalCode(rng)).toMatch(/^(?!(\d)\1{3})[13-9]{4}[1346-9][013-9]{5}$/);
    }
  });

  it('strips separators and converts digits', () => {
    expect(digitsOnly('۱۲-۳ ٤')).toBe('1234');
  });
});
