import { describe, expect, it } from 'vitest';
import {
  altmanZ,
  altmanZDoublePrime,
  altmanZPrime,
  altmanZScore,
  chooseZVariant,
  Z_VARIANTS,
  zoneOf,
} from './altman.ts';
import type { LineItems } from './line-items.ts';

// A worked example BUILT FROM THE FORMULAS, not taken from a publication: no published worked
// example with its inputs and score was found that we could verify, so none is cited. The
// arithmetic is by hand, in million IRR:
//   total assets 1,000; current assets 500, current liabilities 300 → WC 200, X1 = 0.2
//   retained earnings 150 → X2 = 0.15; operating profit 100 → X3 = 0.1
//   total liabilities 600, book equity 400 (600 + 400 = 1,000), market value of equity 900
//   revenue 1,200 → X5 = 1.2
// Z  (X4 = 900/600 = 1.5):
//      1.2·0.2 + 1.4·0.15 + 3.3·0.1 + 0.6·1.5 + 1.0·1.2 = 0.24 + 0.21 + 0.33 + 0.9 + 1.2 = 2.88
//      → grey (1.81 ≤ 2.88 ≤ 2.99)
// Z′ (X4 = 400/600 = 0.666…):
//      0.717·0.2 + 0.847·0.15 + 3.107·0.1 + 0.420·0.666… + 0.998·1.2
//      = 0.1434 + 0.12705 + 0.3107 + 0.28 + 1.1976 = 2.05875 → grey (1.23 ≤ 2.05875 ≤ 2.9)
// Z″ (X4 = 0.666…): 6.56·0.2 + 3.26·0.15 + 6.72·0.1 + 1.05·0.666…
//      = 1.312 + 0.489 + 0.672 + 0.7 = 3.173 → safe (> 2.6)
const items: LineItems = {
  total_assets: 1000,
  current_assets: 500,
  current_liabilities: 300,
  retained_earnings: 150,
  operating_profit: 100,
  total_liabilities: 600,
  total_equity: 400,
  revenue: 1200,
};

describe('Altman Z: constructed worked example', () => {
  it('Z = 2.88, grey, with its components', () => {
    const r = altmanZScore(items, 900);
    if (!r.ok) throw new Error('not computable');
    expect(r.value.variant).toBe('z');
    expect(r.value.value).toBeCloseTo(2.88, 12);
    expect(r.value.zone).toBe('grey');
    expect(r.value.components.x1).toBeCloseTo(0.2, 12);
    expect(r.value.components.x2).toBeCloseTo(0.15, 12);
    expect(r.value.components.x3).toBeCloseTo(0.1, 12);
    expect(r.value.components.x4).toBeCloseTo(1.5, 12);
    expect(r.value.components.x5).toBeCloseTo(1.2, 12);
  });

  it('Z′ = 2.05875, grey', () => {
    const r = altmanZPrime(items);
    if (!r.ok) throw new Error('not computable');
    expect(r.value.value).toBeCloseTo(2.05875, 12);
    expect(r.value.zone).toBe('grey');
    expect(r.value.components.x4).toBeCloseTo(2 / 3, 12);
  });

  it('Z″ = 3.173, safe, without X5', () => {
    const r = altmanZDoublePrime(items);
    if (!r.ok) throw new Error('not computable');
    expect(r.value.value).toBeCloseTo(3.173, 12);
    expect(r.value.zone).toBe('safe');
    expect(r.value.components.x5).toBeNull();
  });

  it('Z′ and Z″ ignore a market value passed in', () => {
    const a = altmanZ('z_prime', items, 123456);
    const b = altmanZPrime(items);
    expect(a).toEqual(b);
  });
});

describe('Altman Z: not computable', () => {
  it('Z without the market value of equity names it', () => {
    expect(altmanZScore(items, undefined)).toEqual({
      ok: false,
      missing: ['market_value_of_equity'],
      reason: 'missing',
    });
    expect(altmanZScore(items, null)).toMatchObject({ missing: ['market_value_of_equity'] });
  });

  it('names every missing item of each model', () => {
    const { revenue: _r, total_equity: _e, operating_profit: _o, ...partial } = items;
    expect(altmanZScore(partial, undefined)).toEqual({
      ok: false,
      missing: ['operating_profit', 'revenue', 'market_value_of_equity'],
      reason: 'missing',
    });
    expect(altmanZPrime(partial)).toMatchObject({ missing: ['operating_profit', 'revenue', 'total_equity'] });
    // Z″ does not use revenue
    expect(altmanZDoublePrime(partial)).toMatchObject({ missing: ['operating_profit', 'total_equity'] });
  });

  it('names a zero total assets or total liabilities', () => {
    expect(altmanZDoublePrime({ ...items, total_assets: 0 })).toEqual({
      ok: false,
      missing: ['total_assets'],
      reason: 'zero_denominator',
    });
    expect(altmanZPrime({ ...items, total_liabilities: 0 })).toEqual({
      ok: false,
      missing: ['total_liabilities'],
      reason: 'zero_denominator',
    });
    expect(altmanZScore({ ...items, total_assets: 0, total_liabilities: 0 }, 900)).toMatchObject({
      missing: ['total_assets', 'total_liabilities'],
    });
  });
});

describe('Altman Z: zones at the exact cut-offs (both cut-offs are grey)', () => {
  const cases = [
    ['z', 2.99, 1.81],
    ['z_prime', 2.9, 1.23],
    ['z_double_prime', 2.6, 1.1],
  ] as const;
  it.each(cases)('%s: safe > %d, distress < %d', (variant, safe, distress) => {
    expect(Z_VARIANTS[variant].safeAbove).toBe(safe);
    expect(Z_VARIANTS[variant].distressBelow).toBe(distress);
    expect(zoneOf(variant, safe)).toBe('grey');
    expect(zoneOf(variant, safe + 1e-9)).toBe('safe');
    expect(zoneOf(variant, safe - 1e-9)).toBe('grey');
    expect(zoneOf(variant, distress)).toBe('grey');
    expect(zoneOf(variant, distress - 1e-9)).toBe('distress');
    expect(zoneOf(variant, distress + 1e-9)).toBe('grey');
    expect(zoneOf(variant, 100)).toBe('safe');
    expect(zoneOf(variant, -3)).toBe('distress');
  });

  // Through the whole computation: with X1 = X2 = X3 = X4 = 0, Z = 1.0·X5 = revenue / 100
  // exactly (299/100 and 181/100 are the doubles of the literals 2.99 and 1.81).
  const flat = (revenue: number): LineItems => ({
    total_assets: 100,
    current_assets: 40,
    current_liabilities: 40,
    retained_earnings: 0,
    operating_profit: 0,
    total_liabilities: 60,
    revenue,
  });
  it('Z of exactly 2.99 and exactly 1.81 are grey; just beyond them are not', () => {
    const zone = (revenue: number) => {
      const r = altmanZScore(flat(revenue), 0);
      if (!r.ok) throw new Error('not computable');
      return [r.value.value, r.value.zone];
    };
    expect(zone(299)).toEqual([2.99, 'grey']);
    expect(zone(181)).toEqual([1.81, 'grey']);
    expect(zone(299.0001)[1]).toBe('safe');
    expect(zone(180.9999)[1]).toBe('distress');
  });
});

describe('chooseZVariant', () => {
  it('listed manufacturer → Z, unlisted manufacturer → Z′, non-manufacturer → Z″', () => {
    expect(chooseZVariant({ listed: true, manufacturing: true })).toBe('z');
    expect(chooseZVariant({ listed: false, manufacturing: true })).toBe('z_prime');
    expect(chooseZVariant({ listed: true, manufacturing: false })).toBe('z_double_prime');
    expect(chooseZVariant({ listed: false, manufacturing: false })).toBe('z_double_prime');
  });
});
