import { describe, expect, it } from 'vitest';
import { findNodes } from './find.ts';

const nodes = [
  { id: 'a', label: 'شركت ملي نفت' },
  { id: 'b', label: 'بانک ملی' },
  { id: 'c', label: 'سرمایه‌گذاری تأمین اجتماعی ۲' },
];

describe('findNodes', () => {
  it('treats Arabic ي/ك and Persian ی/ک as the same letter, either way', () => {
    expect(findNodes(nodes, 'ملی')).toEqual(['a', 'b']);
    expect(findNodes(nodes, 'شرکت')).toEqual(['a']);
    expect(findNodes(nodes, 'بانك')).toEqual(['b']);
  });

  it('matches across the zero-width non-joiner and digits in either script', () => {
    expect(findNodes(nodes, 'سرمایه گذاری')).toEqual(['c']);
    expect(findNodes(nodes, 'اجتماعی 2')).toEqual(['c']);
  });

  it('finds nothing for an empty query', () => {
    expect(findNodes(nodes, '  ')).toEqual([]);
  });
});
