import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LineItems } from './line-items.ts';
import {
  assetTurnover,
  financialLeverage,
  netProfitMargin,
  ratios,
  returnOnAssets,
  returnOnEquity,
} from './ratios.ts';

// A worked example (made up, round figures in million IRR):
// revenue 2,000, net profit 150, total assets 2,500, total equity 1,000.
//   margin    = 150 / 2,000   = 0.075
//   ROA       = 150 / 2,500   = 0.06
//   turnover  = 2,000 / 2,500 = 0.8
//   leverage  = 2,500 / 1,000 = 2.5
//   ROE       = 150 / 1,000   = 0.15 = 0.075 × 0.8 × 2.5 (DuPont)
const example: LineItems = { revenue: 2000, net_profit: 150, total_assets: 2500, total_equity: 1000 };

describe('ratios: worked example', () => {
  it('computes each ratio', () => {
    expect(netProfitMargin(example)).toEqual({ ok: true, value: 0.075 });
    expect(returnOnAssets(example)).toEqual({ ok: true, value: 0.06 });
    expect(assetTurnover(example)).toEqual({ ok: true, value: 0.8 });
    expect(financialLeverage(example)).toEqual({ ok: true, value: 2.5 });
    expect(returnOnEquity(example)).toEqual({ ok: true, value: 0.15 });
  });

  it('ratios() returns all five', () => {
    const r = ratios(example);
    expect(Object.keys(r).sort()).toEqual(
      ['assetTurnover', 'financialLeverage', 'netProfitMargin', 'returnOnAssets', 'returnOnEquity'].sort(),
    );
    expect(r.returnOnEquity).toEqual({ ok: true, value: 0.15 });
  });

  it('keeps the sign of a loss', () => {
    expect(netProfitMargin({ revenue: 1000, net_profit: -250 })).toEqual({ ok: true, value: -0.25 });
  });
});

describe('ratios: not computable', () => {
  it('names the missing item', () => {
    expect(netProfitMargin({ revenue: 1000 })).toEqual({
      ok: false,
      missing: ['net_profit'],
      reason: 'missing',
    });
    expect(returnOnAssets({ net_profit: 10 })).toEqual({
      ok: false,
      missing: ['total_assets'],
      reason: 'missing',
    });
    expect(financialLeverage({})).toEqual({
      ok: false,
      missing: ['total_assets', 'total_equity'],
      reason: 'missing',
    });
  });

  it('treats null and NaN as missing, never as zero', () => {
    expect(returnOnEquity({ net_profit: null, total_equity: 10 })).toEqual({
      ok: false,
      missing: ['net_profit'],
      reason: 'missing',
    });
    expect(assetTurnover({ revenue: Number.NaN, total_assets: 10 })).toEqual({
      ok: false,
      missing: ['revenue'],
      reason: 'missing',
    });
  });

  it('names the zero denominator', () => {
    // Kaveh's first years (1386–1389) had no revenue: the margin is not computable.
    expect(netProfitMargin({ revenue: 0, net_profit: 1804 })).toEqual({
      ok: false,
      missing: ['revenue'],
      reason: 'zero_denominator',
    });
    expect(returnOnEquity({ net_profit: 5, total_equity: 0 })).toEqual({
      ok: false,
      missing: ['total_equity'],
      reason: 'zero_denominator',
    });
    expect(assetTurnover({ revenue: 5, total_assets: -0 })).toMatchObject({
      ok: false,
      reason: 'zero_denominator',
    });
  });

  it('a zero numerator is a value, not a failure', () => {
    expect(netProfitMargin({ revenue: 100, net_profit: 0 })).toEqual({ ok: true, value: 0 });
  });
});

describe('DuPont identity', () => {
  it('margin × turnover × leverage = ROE within 1e-9 relative, for positive inputs', () => {
    const amount = fc.double({ min: 1e-3, max: 1e12, noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(amount, amount, amount, amount, (net_profit, revenue, total_assets, total_equity) => {
        const r = ratios({ net_profit, revenue, total_assets, total_equity });
        if (!(r.netProfitMargin.ok && r.assetTurnover.ok && r.financialLeverage.ok && r.returnOnEquity.ok))
          return false;
        const product = r.netProfitMargin.value * r.assetTurnover.value * r.financialLeverage.value;
        const roe = r.returnOnEquity.value;
        return Math.abs(product - roe) <= 1e-9 * Math.abs(roe);
      }),
      { numRuns: 500 },
    );
  });
});
