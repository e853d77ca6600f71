import { describe, expect, it } from 'vitest';
import { contrast, DEFAULT_COLORS, parseHex, textOn, themeVariables } from './theme.ts';

const ratio = (a: string, b: string) => contrast(parseHex(a)!, parseHex(b)!);

describe('theme', () => {
  it('parses short and long hex colours and rejects others', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('5d4037')).toEqual([93, 64, 55]);
    expect(parseHex('red')).toBeNull();
  });

  it('computes WCAG contrast (black on white is 21:1)', () => {
    expect(ratio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(ratio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('derives contrast-safe variants from the default colours', () => {
    const v = themeVariables({});
    expect(v['--color-first']).toBe(DEFAULT_COLORS.first);
    // The default fourth (#ffaa2f) is only 1.9:1 on white: the ring variant is darkened to 3:1.
    expect(ratio(DEFAULT_COLORS.fourth, '#ffffff')).toBeLessThan(3);
    expect(ratio(v['--color-fourth-strong']!, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(v['--color-fourth-on']).toBe('#1f1f1f');
    expect(v['--color-first-on']).toBe('#ffffff');
  });

  it('keeps text variants at 4.5:1 even for a pale first colour', () => {
    const v = themeVariables({ first_color: '#ffe082', second_color: 'nonsense', fourth_color: '#0d47a1' });
    expect(ratio(v['--color-first-text']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(v['--color-first-on']).toBe('#1f1f1f');
    expect(v['--color-second']).toBe(DEFAULT_COLORS.second);
    expect(v['--color-fourth-strong']).toBe('#0d47a1');
    expect(textOn(parseHex('#0d47a1')!)).toBe('#ffffff');
  });
});
