/**
 * The theme colours from settings, applied at run time as CSS variables (panda.config.ts reads
 * them with the specification's defaults), with variants derived so that text meets WCAG AA
 * (4.5:1) and focus rings and borders meet 3:1 on a white surface, whatever colours an
 * administrator chooses.
 */

export const DEFAULT_COLORS = { first: '#5d4037', second: '#424242', fourth: '#ffaa2f' } as const;

type Rgb = [number, number, number];

/** `#abc` or `#aabbcc` to [r, g, b]; null when it is not a hex colour. */
export function parseHex(input: string | null | undefined): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec((input ?? '').trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG 2 relative luminance. */
export function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two colours, 1..21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [31, 31, 31];

/** Mixes `c` towards black in small steps until it reaches `ratio` against `bg`. */
export function darkenTo(c: Rgb, ratio: number, bg: Rgb = WHITE): Rgb {
  let out = c;
  for (let i = 0; i < 100 && contrast(out, bg) < ratio; i++) {
    out = out.map((v) => v * 0.97) as Rgb;
  }
  return out.map(Math.round) as Rgb;
}

/** White or near-black text, whichever reads better on `bg`. */
export function textOn(bg: Rgb): string {
  return contrast(WHITE, bg) >= contrast(INK, bg) ? '#ffffff' : '#1f1f1f';
}

/** Mixes `c` with white: `amount` 0 keeps `c`, 1 gives white. */
export function tint(c: Rgb, amount: number): Rgb {
  return c.map((v) => v + (255 - v) * amount) as Rgb;
}

export interface ThemeColors {
  first_color?: string | null;
  second_color?: string | null;
  fourth_color?: string | null;
}

/** The CSS variables for a set of theme colours (invalid colours fall back to the defaults). */
export function themeVariables(colors: ThemeColors): Record<string, string> {
  const first = parseHex(colors.first_color) ?? parseHex(DEFAULT_COLORS.first)!;
  const second = parseHex(colors.second_color) ?? parseHex(DEFAULT_COLORS.second)!;
  const fourth = parseHex(colors.fourth_color) ?? parseHex(DEFAULT_COLORS.fourth)!;
  return {
    '--color-first': toHex(first),
    '--color-first-text': toHex(darkenTo(first, 4.5)),
    '--color-first-on': textOn(first),
    '--color-first-soft': toHex(tint(first, 0.88)),
    '--color-second': toHex(second),
    '--color-second-on': textOn(second),
    '--color-fourth': toHex(fourth),
    '--color-fourth-strong': toHex(darkenTo(fourth, 3)),
    '--color-fourth-on': textOn(fourth),
  };
}

/** Sets the theme variables on the document root. */
export function applyTheme(colors: ThemeColors, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeVariables(colors))) root.style.setProperty(name, value);
}
