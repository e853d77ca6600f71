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
  nationalCodePrefixKnown,
  normalizeMobile,
  parseLegalId,
  parseNationalCode,
  parsePostalCode,
} from './identifiers.ts';
import { createRng, type Rng } from './random.ts';

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
    expect(isValidNationalCode('9370899')).toBe(false); // 7 digits: too short to pad
    expect(isValidNationalCode('04993708990')).toBe(false); // 11 digits
    expect(isValidNationalCode('')).toBe(false);
    expect(isValidNationalCode('049937089x')).toBe(false);
    // 11 digits whose last ten or whose zero-stripped form would pass the mod-11 check (persian-tools
    // itself accepts 00499370899): a national code is ten digits, never eleven
    expect(parseNationalCode('00499370899')).toBeNull();
    expect(parseNationalCode('000499370899')).toBeNull();
  });

  it('computes check digits only from nine (national code) and ten (legal id) digits', () => {
    for (const bad of ['04993708', '0499370899', '04993708x', ' 049937089', '']) {
      expect(() => nationalCodeCheckDigit(bad), bad).toThrow('nine digits expected');
    }
    for (const bad of ['103802847', '10380284790', '103802847x', '']) {
      expect(() => legalIdCheckDigit(bad), bad).toThrow('ten digits expected');
    }
  });

  it('zero-pads 9- and 8-digit input (the leading zeros people drop)', () => {
    expect(parseNationalCode('499370899')).toBe('0499370899');
    expect(parseNationalCode('۴۹۹۳۷۰۸۹۹')).toBe('0499370899');
    expect(parseNationalCode('84575948')).toBe('0084575948');
    expect(parseNationalCode('84575949')).toBeNull(); // wrong check digit after padding
  });

  it('refuses a code starting 000 even when typed with 10 digits (no office 000)', () => {
    // 000500042 → s = 5·7 + 4·3 + 2·2 = 51, r = 7, check 4: the check digit alone would pass.
    expect(nationalCodeCheckDigit('000500042')).toBe(4);
    expect(parseNationalCode('0005000424')).toBeNull();
  });

  // Codes built on prefixes persian-tools 4.0.4's validNationalIdPrefixes lacks (read from the
  // installed table: 733…774, 776, 777, 779…985, 987…999, 009, 099 among others), with the
  // check digit worked out by hand, each also as typed without its leading zeros:
  // 750204831 → s = 192, r = 5, check 6;   800415926 → s = 193, r = 6, check 5;
  // 960271828 → s = 259, r = 6, check 5;   099000123 → s = 169, r = 4, check 7 (typed 990001237);
  // 009876543 → s = 238, r = 7, check 4 (typed 98765434, eight digits).
  it.each([
    ['7502048316', '7502048316'],
    ['8004159265', '8004159265'],
    ['9602718285', '9602718285'],
    ['990001237', '0990001237'],
    ['98765434', '0098765434'],
  ])(
    'accepts %s on a prefix missing from the library table (the library alone refuses it)',
    (typed, code) => {
      expect(verifyIranianNationalId(code)).toBe(false);
      expect(parseNationalCode(typed)).toBe(code);
      expect(nationalCodePrefixKnown(typed)).toBe(false);
      const wrong = code.slice(0, 9) + ((Number(code[9]) + 1) % 10);
      expect(parseNationalCode(wrong)).toBeNull();
    },
  );

  it('checks the check digit on every prefix and only warns about unknown ones', () => {
    // 733 is the first prefix after 732 that persian-tools 4.0.4 lacks; 733123456 → s = 198, r = 0.
    expect(parseNationalCode('7331234560')).toBe('7331234560');
    expect(nationalCodePrefixKnown('7331234560')).toBe(false);
    expect(verifyIranianNationalId('7331234560')).toBe(false);
    expect(parseNationalCode('7331234561')).toBeNull();
    expect(nationalCodePrefixKnown('0499370899')).toBe(true);
    expect(nationalCodePrefixKnown('499370899')).toBe(true);
    expect(nationalCodePrefixKnown('0499370898')).toBe(false); // not a national code at all
  });

  it('refuses every single-digit change of a valid code whose check digit is not 1', () => {
    // A change of δ at weight w ∈ 2…10 moves s by w·δ ≢ 0 (mod 11), so r changes; only r = 1 and
    // r = 10 share a check digit (1), and 0499370899's is 9 (r = 2).
    const code = '0499370899';
    for (let i = 0; i < 10; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === code[i]) continue;
        expect(isValidNationalCode(code.slice(0, i) + d + code.slice(i + 1))).toBe(false);
      }
    }
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
    expect(parseLegalId('103802847900')).toBeNull();
    expect(parseLegalId('0010380284790')).toBeNull();
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

  it('takes the 98 prefix only from a 12-digit number, and refuses one digit too many', () => {
    expect(normalizeMobile('989121234567')).toBe('09121234567');
    // 11 digits starting 98 are not 98 + a mobile
    expect(normalizeMobile('98912123456')).toBeNull();
    expect(normalizeMobile('091212345678')).toBeNull();
    expect(normalizeMobile('9121234567 8')).toBeNull();
    expect(normalizeMobile('0098912123456')).toBeNull();
    expect(normalizeMobile('')).toBeNull();
  });

  it('checks postal codes as ten digits', () => {
    expect(isValidPostalCode('1193653471')).toBe(true);
    expect(isValidPostalCode('۱۱۹۳۶-۵۳۴۷۱')).toBe(true);
    expect(isValidPostalCode('119365347')).toBe(false);
    expect(isValidPostalCode('11936534711')).toBe(false);
    expect(parsePostalCode(' ۱۱۹۳۶۵۳۴۷۱ ')).toBe('1193653471');
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

/** An Rng that answers `digits` and `pick` from scripts, in order (the generators' retries). */
function scripted(digits: string[], picks: unknown[]): Rng {
  const rng = createRng(1);
  return {
    ...rng,
    digits: (n) => {
      const d = digits.shift();
      if (d === undefined || d.length !== n) throw new Error(`no scripted ${n} digits`);
      return d;
    },
    pick: <T>(items: readonly T[]) => {
      const p = picks.shift() as T;
      if (p === undefined || !items.includes(p)) throw new Error(`scripted pick ${String(p)} not offered`);
      return p;
    },
  };
}

describe('the generators draw again what is not a valid identifier', () => {
  it('a national code: a middle of zeros, or one digit repeated ten times (111 111111 and its check 1)', () => {
    expect(generateNationalCode(scripted(['000000', '234567'], ['001']))).toBe(
      `001234567${nationalCodeCheckDigit('001234567')}`,
    );
    expect(nationalCodeCheckDigit('111111111')).toBe(1);
    const code = generateNationalCode(scripted(['111111', '234567'], ['111', '001']));
    expect(code).toBe(`001234567${nationalCodeCheckDigit('001234567')}`);
    expect(isValidNationalCode(code)).toBe(true);
  });
  it('a legal id whose digits 4–9 are zero', () => {
    const id = generateLegalId(scripted(['10000000', '12345678'], []));
    expect(id).toBe(`1012345678${legalIdCheckDigit('1012345678')}`);
    expect(isValidLegalId(id)).toBe(true);
  });
  it('a postal code starting with four equal digits', () => {
    const code = generatePostalCode(
      scripted(
        [],
        ['1', '1', '1', '1', '3', '0', '1', '3', '4', '5', '1', '3', '1', '4', '6', '0', '1', '3', '4', '5'],
      ),
    );
    expect(code).toBe('1314601345');
  });
});

describe('the national code is checked without the prefix table', () => {
  it('a code on a prefix persian-tools does not list (734) is valid, though not known', () => {
    const code = `734123456${nationalCodeCheckDigit('734123456')}`;
    expect(parseNationalCode(code)).toBe(code);
    expect(nationalCodePrefixKnown(code)).toBe(false);
  });
});

describe('mobile prefixes exactly', () => {
  it('a ten-digit 98… is a mobile without its 0; twelve digits on 00 are not 98 + a mobile; nothing before the 09', () => {
    expect(normalizeMobile('9812345678')).toBe('09812345678');
    expect(normalizeMobile('009121234567')).toBeNull();
    expect(normalizeMobile('109121234567')).toBeNull();
  });
});
