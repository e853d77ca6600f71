import { verifyIranianNationalId } from '@persian-tools/persian-tools';
import { describe, expect, it } from 'vitest';
import {
  nationalCodePrefixKnown,
  normalizeMobile,
  parseLegalId,
  parseNationalCode,
  parsePostalCode,
} from './identifiers.ts';
import { toPersianDigits } from './persian-text.ts';

/**
 * The identifier parsers against PUBLISHED test vectors, not values computed by our own check
 * digit code. Sources (GitHub, persian-tools/persian-tools, MIT):
 * - test/verifyIranianNationalId.spec.ts (commit 212ddded582933bd9c5a759766c1486c7bbbd04f)
 * - test/verifyIranianLegalId.spec.ts (commit 11a975900f74132d4ae23ff8163d60338eef4709)
 * - test/phoneNumber.spec.ts (commit 0a881169299346084eac1651469c793383f439c5)
 * - test/iranianPostalCode.spec.ts (commit 83b34dae3e40fa0fcf598f82d15ddee0fd9da857)
 * The repository's data files (data/tse-companies.csv) carry no national ids, so no real
 * company's id is used here.
 * Where our parsers deliberately or knowingly differ from the published expectation, the test
 * says so by name ("differs:"), so a change of behaviour shows up here.
 */

describe('parseNationalCode: persian-tools published vectors', () => {
  // The spec's valid list; 4372052294 and 6029359819 are real codes reported in issue #379.
  const valid = [
    '0499370899',
    '0790419904',
    '1583250689',
    '0684159414',
    '4400276201',
    '2540201288',
    '4372052294',
    '6029359819',
  ];
  it.each(valid)('accepts %s (also in Persian digits and with separators)', (code) => {
    expect(parseNationalCode(code)).toBe(code);
    expect(parseNationalCode(toPersianDigits(code))).toBe(code);
    expect(parseNationalCode(`${code.slice(0, 3)}-${code.slice(3, 9)}-${code[9]}`)).toBe(code);
  });

  const invalid = [
    '',
    '1234567',
    '00000000',
    '0000000000',
    '9999999999',
    '0010000000',
    '1234567890',
    '12345678',
    '3333333333',
    '777777777',
    '000123456',
    '9990419904',
    '7750000000',
    '7781234567',
    '9861234568',
    '9869876543',
    '7751234503',
  ];
  it.each(invalid)('refuses %j', (code) => {
    expect(parseNationalCode(code)).toBeNull();
  });

  it('zero-pads 8- and 9-digit codes as persian-tools does (68415941 is 0068415941)', () => {
    // persian-tools spec item 18: "a valid 8-digit ID that passes zero-padding".
    expect(parseNationalCode('68415941')).toBe('0068415941');
    expect(parseNationalCode('۶۸۴۱۵۹۴۱')).toBe('0068415941');
    expect(parseNationalCode('0068415941')).toBe('0068415941');
    expect(parseNationalCode('790419904')).toBe('0790419904');
  });
});

describe('parseNationalCode: real codes that persian-tools 4.0.4 refuses by its prefix table', () => {
  // persian-tools/persian-tools issue #439 (4.0.4, open): 7400076205 and 7340416501 are real,
  // checksum-valid codes; their prefixes 740 and 734 are missing from validNationalIdPrefixes
  // (the table jumps from 732 to 775). The upstream spec (items 21b, 21c) expects them valid.
  // 7400076205: s = 7·10+4·9+0·8+0·7+0·6+7·5+6·4+2·3+0·2 = 171, r = 6, check 5.
  // 7340416501: s = 197, r = 10, check 1.
  it.each(['7400076205', '7340416501'])('accepts %s, which the library alone refuses', (code) => {
    expect(verifyIranianNationalId(code)).toBe(false);
    expect(parseNationalCode(code)).toBe(code);
    expect(nationalCodePrefixKnown(code)).toBe(false);
  });
});

describe('parseNationalCode: published worked example (computerteacher.ir, national-identification-number)', () => {
  // The page's example, digits 0 9 3 2 8 3 3 8 1 and check 0: s = 220, 220 mod 11 = 0 → check 0.
  it('accepts 0932833810 and refuses it with another check digit', () => {
    expect(parseNationalCode('0932833810')).toBe('0932833810');
    expect(parseNationalCode('932833810')).toBe('0932833810');
    expect(parseNationalCode('0932833811')).toBeNull();
  });
});

describe('parseLegalId: persian-tools published vectors', () => {
  it('accepts 10380284790 in ASCII and Persian digits', () => {
    expect(parseLegalId('10380284790')).toBe('10380284790');
    expect(parseLegalId('۱۰۳۸۰۲۸۴۷۹۰')).toBe('10380284790');
  });
  it.each(['123000000', '11111111111', '1111111111', '10380284792', '10380285692', '09748208301'])(
    'refuses %s',
    (id) => {
      expect(parseLegalId(id)).toBeNull();
    },
  );
});

describe('normalizeMobile: persian-tools published vectors', () => {
  it.each([
    ['09022002580', '09022002580'],
    ['09122002580', '09122002580'],
    ['09322002580', '09322002580'],
    ['09192002580', '09192002580'],
    ['09002002580', '09002002580'],
    ['+989022002580', '09022002580'],
    ['989022002580', '09022002580'],
    ['00989022002580', '09022002580'],
    ['9022002580', '09022002580'],
    ['+989373708555', '09373708555'],
    ['989373708555', '09373708555'],
    ['9322002580', '09322002580'],
    ['۰۹۱۲۲۰۰۲۵۸۰', '09122002580'],
  ])('normalises %s to %s', (input, out) => {
    expect(normalizeMobile(input)).toBe(out);
  });
  it.each(['0', '+98', '99999999999', '   99999999     ', '000989022002580'])('refuses %j', (input) => {
    expect(normalizeMobile(input)).toBeNull();
  });
  it('differs: no operator table, so 09802002580 (no operator in persian-tools) is accepted by shape', () => {
    expect(normalizeMobile('09802002580')).toBe('09802002580');
  });
});

describe('parsePostalCode: persian-tools published vectors', () => {
  it('accepts 1193653471, also typed 11936-53471 in Persian digits', () => {
    expect(parsePostalCode('1193653471')).toBe('1193653471');
    expect(parsePostalCode('۱۱۹۳۶-۵۳۴۷۱')).toBe('1193653471');
  });
  it.each(['142386473', '12', 'test invalid postalCode'])('refuses %j', (code) => {
    expect(parsePostalCode(code)).toBeNull();
  });
  it('differs: only the shape (10 digits) is checked, so 1111111111 and 0423437584 pass', () => {
    // persian-tools iranianPostalCodeValidate refuses both (repeated digits, a 0 at the start).
    expect(parsePostalCode('1111111111')).toBe('1111111111');
    expect(parsePostalCode('0423437584')).toBe('0423437584');
  });
});
