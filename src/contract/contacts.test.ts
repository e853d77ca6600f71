import { describe, expect, it } from 'vitest';
import { checkContactValue, contactInput, normalizePhone, normalizeWebsite } from './contacts.ts';

describe('contact values by kind', () => {
  it('stores numbers as ASCII digits without separators', () => {
    expect(normalizePhone('۰۲۱-۸۸۸۸ ۷۷۷۷')).toBe('02188887777');
    expect(normalizePhone('+98 (21) 8888-7777')).toBe('+982188887777');
    expect(normalizePhone('12ab')).toBeNull();
    expect(normalizePhone('123')).toBeNull();
    expect(checkContactValue('mobile', '+98 912 345 6789')).toEqual({ value: '09123456789' });
    expect(checkContactValue('mobile', '0812345678')).toHaveProperty('error');
  });

  it('accepts http(s) websites only, adding the scheme when missing', () => {
    expect(normalizeWebsite('example.ir')).toBe('https://example.ir');
    expect(normalizeWebsite('http://www.example.ir/about')).toBe('http://www.example.ir/about');
    expect(normalizeWebsite('javascript:alert(1)')).toBeNull();
    expect(normalizeWebsite('localhost')).toBeNull();
    expect(normalizeWebsite('ftp://example.ir')).toBeNull();
  });

  it('puts the message under `value` and lower-cases emails', () => {
    expect(contactInput.parse({ kind: 'email', value: ' Info@Example.IR ' })).toEqual({
      kind: 'email',
      value: 'info@example.ir',
      is_primary: false,
    });
    const bad = contactInput.safeParse({ kind: 'email', value: 'no-at-sign' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['value']);
  });
});
