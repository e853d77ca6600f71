import { describe, expect, it } from 'vitest';
import {
  CALCULATION_KEYS,
  CALCULATIONS,
  calculate,
  evaluateStatement,
  statementVerdicts,
} from './evaluation.ts';
import type { LineItems } from './line-items.ts';

// One statement, million IRR: margin 250/1250 = 0.2, ROA 250/1000 = 0.25, turnover 1250/1000 = 1.25,
// leverage 1000/625 = 1.6, ROE 250/625 = 0.4 = 0.2 × 1.25 × 1.6 (DuPont).
const items: LineItems = {
  total_assets: 1000,
  current_assets: 400,
  current_liabilities: 200,
  total_liabilities: 375,
  total_equity: 625,
  capital: 500,
  retained_earnings: 200,
  revenue: 1250,
  operating_profit: 300,
  net_profit: 250,
};
// Altman's ratios of `items`: X1 = (400 − 200) / 1000, X2 = 200 / 1000, X3 = 300 / 1000, X5 = 1250 / 1000;
// X4 = book equity / total liabilities = 625 / 375, or market value / total liabilities.
const [x1, x2, x3, x4Book, x5] = [0.2, 0.2, 0.3, 625 / 375, 1.25];
const zDoublePrime = 6.56 * x1 + 3.26 * x2 + 6.72 * x3 + 1.05 * x4Book;
const zPrime = 0.717 * x1 + 0.847 * x2 + 3.107 * x3 + 0.42 * x4Book + 0.998 * x5;
const zOriginal = (marketValue: number) =>
  1.2 * x1 + 1.4 * x2 + 3.3 * x3 + 0.6 * (marketValue / 375) + 1.0 * x5;

const value = (r: { ok: boolean; value?: unknown }) => {
  if (!r.ok) throw new Error(`not computable: ${JSON.stringify(r)}`);
  return r.value;
};

describe('evaluateStatement', () => {
  it('the five ratios, the model that fits the company and article 141 of one statement', () => {
    const e = evaluateStatement(items, { listed: false, manufacturing: false });
    expect(e.ratios).toEqual({
      netProfitMargin: { ok: true, value: 0.2 },
      returnOnAssets: { ok: true, value: 0.25 },
      assetTurnover: { ok: true, value: 1.25 },
      financialLeverage: { ok: true, value: 1.6 },
      returnOnEquity: { ok: true, value: 0.4 },
    });
    expect(e.zVariant).toBe('z_double_prime');
    expect((value(e.z) as { value: number }).value).toBeCloseTo(zDoublePrime, 12);
    expect(e.article141).toEqual({
      ok: true,
      value: { reached: false, accumulatedLoss: 0, capital: 500, ratio: 0 },
    });
  });

  it('a listed manufacturer gets the original Z, with its market value of equity', () => {
    const e = evaluateStatement(items, { listed: true, manufacturing: true, marketValueOfEquity: 750 });
    expect(e.zVariant).toBe('z');
    expect((value(e.z) as { value: number }).value).toBeCloseTo(zOriginal(750), 12);
    // without a market value the original Z is not computable
    expect(evaluateStatement(items, { listed: true, manufacturing: true }).z).toEqual({
      ok: false,
      reason: 'missing',
      missing: ['market_value_of_equity'],
    });
  });

  it('an unlisted manufacturer gets Z′', () => {
    const e = evaluateStatement(items, { listed: false, manufacturing: true });
    expect(e.zVariant).toBe('z_prime');
    expect((value(e.z) as { value: number }).value).toBeCloseTo(zPrime, 12);
  });
});

describe('statementVerdicts', () => {
  it('article 141 from a loss of at least half the capital; a loss when net profit is below zero', () => {
    expect(statementVerdicts({ retained_earnings: -250, capital: 500, net_profit: -1 })).toEqual({
      article141: true,
      loss: true,
    });
    expect(statementVerdicts({ retained_earnings: -249, capital: 500, net_profit: 0 })).toEqual({
      article141: false,
      loss: false,
    });
  });

  it('null when not computable', () => {
    expect(statementVerdicts({ retained_earnings: -250, net_profit: null })).toEqual({
      article141: null,
      loss: null,
    });
    expect(statementVerdicts({ retained_earnings: -250, capital: 0 })).toEqual({
      article141: null,
      loss: null,
    });
  });
});

describe('calculate', () => {
  it('each calculation of the specification', () => {
    const company = { listed: false, manufacturing: true };
    expect(calculate('marginal-profit', items, company)).toEqual({ ok: true, value: 0.2 });
    expect(calculate('return-on-asset', items, company)).toEqual({ ok: true, value: 0.25 });
    expect(calculate('assets-turnover', items, company)).toEqual({ ok: true, value: 1.25 });
    expect(calculate('financial-leverage', items, company)).toEqual({ ok: true, value: 1.6 });
    expect(calculate('return-on-equity', items, company)).toEqual({ ok: true, value: 0.4 });
    const z = value(calculate('z-altman', items, company)) as { variant: string; value: number };
    expect(z.variant).toBe('z_prime');
    expect(z.value).toBeCloseTo(zPrime, 12);
    expect(
      calculate('z-altman', items, { listed: true, manufacturing: true, marketValueOfEquity: 300 }),
    ).toMatchObject({ ok: true, value: { variant: 'z' } });
    expect(calculate('article-141', { retained_earnings: -300, capital: 500 }, company)).toEqual({
      ok: true,
      value: { reached: true, accumulatedLoss: 300, capital: 500, ratio: 0.6 },
    });
  });

  it('each reads exactly the line items CALCULATIONS lists (for Z: of one of its models)', () => {
    const companies = [
      { listed: true, manufacturing: true, marketValueOfEquity: 750 },
      { listed: false, manufacturing: true },
      { listed: false, manufacturing: false },
    ];
    for (const key of CALCULATION_KEYS) {
      const listed = CALCULATIONS[key].items;
      for (const company of companies) expect(calculate(key, items, company).ok, key).toBe(true);
      for (const code of listed) {
        const without = { ...items, [code]: null };
        const missing = companies.flatMap((company) => {
          const r = calculate(key, without, company);
          return r.ok ? [] : r.missing;
        });
        expect(missing, `${key} without ${code}`).toContain(code);
      }
      // an item not listed is not read
      for (const code of Object.keys(items).filter((c) => !listed.includes(c)))
        for (const company of companies)
          expect(calculate(key, { ...items, [code]: null }, company).ok, `${key} without ${code}`).toBe(true);
    }
  });
});
