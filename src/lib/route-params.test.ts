import { expect, it } from 'vitest';
import { parseId } from './route-params.ts';

it('reads record ids from paths, in ASCII or Persian digits', () => {
  expect(parseId('42')).toBe(42);
  expect(parseId('۴۲')).toBe(42);
  expect(parseId('0')).toBeNull();
  expect(parseId('-1')).toBeNull();
  expect(parseId('1e3')).toBeNull();
  expect(parseId('abc')).toBeNull();
  expect(parseId('99999999999')).toBeNull();
});
