import { describe, expect, it } from 'vitest';
import { arrayLiteral } from './bulk.ts';

describe('arrayLiteral', () => {
  it('quotes strings, escapes quotes and backslashes, leaves numbers, booleans and NULL bare', () => {
    expect(arrayLiteral(['a', 'b c', null, undefined])).toBe('{"a","b c",NULL,NULL}');
    expect(arrayLiteral(['say "hi"', 'C:\\dir', '{x,y}'])).toBe('{"say \\"hi\\"","C:\\\\dir","{x,y}"}');
    expect(arrayLiteral([1, -2, 3.5, true, false])).toBe('{1,-2,3.5,t,f}');
    expect(arrayLiteral(['شرکت فولاد', 'NULL'])).toBe('{"شرکت فولاد","NULL"}');
    expect(arrayLiteral([])).toBe('{}');
  });
});
