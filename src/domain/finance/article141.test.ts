import { describe, expect, it } from 'vitest';
import { article141, article141History } from './article141.ts';

describe('article 141: one statement', () => {
  it('a loss of exactly half the capital reaches it', () => {
    // retained earnings −500, capital 1,000 → loss 500, ratio 500/1,000 = 0.5 ≥ 0.5
    expect(article141({ retained_earnings: -500, capital: 1000 })).toEqual({
      ok: true,
      value: { reached: true, accumulatedLoss: 500, capital: 1000, ratio: 0.5 },
    });
  });

  it('just under half does not', () => {
    // −499.999 / 1,000 = 0.499999 < 0.5
    const r = article141({ retained_earnings: -499.999, capital: 1000 });
    expect(r.ok && r.value.reached).toBe(false);
    expect(r.ok && r.value.ratio).toBeCloseTo(0.499999, 12);
  });

  it('losses beyond the capital reach it, with a ratio above 1', () => {
    expect(article141({ retained_earnings: -1500, capital: 1000 })).toMatchObject({
      ok: true,
      value: { reached: true, ratio: 1.5 },
    });
  });

  it('positive or zero retained earnings are no accumulated loss', () => {
    expect(article141({ retained_earnings: 38596903, capital: 61000000 })).toEqual({
      ok: true,
      value: { reached: false, accumulatedLoss: 0, capital: 61000000, ratio: 0 },
    });
    expect(article141({ retained_earnings: 0, capital: 10 })).toMatchObject({
      value: { accumulatedLoss: 0 },
    });
  });

  it('names missing items and a zero capital', () => {
    expect(article141({ capital: 1000 })).toEqual({
      ok: false,
      missing: ['retained_earnings'],
      reason: 'missing',
    });
    expect(article141({})).toEqual({
      ok: false,
      missing: ['retained_earnings', 'capital'],
      reason: 'missing',
    });
    expect(article141({ retained_earnings: -1, capital: 0 })).toEqual({
      ok: false,
      missing: ['capital'],
      reason: 'zero_denominator',
    });
  });
});

describe('article 141: history', () => {
  const year = (fiscalYear: number, retained_earnings: number, capital = 1000) => ({
    fiscalYear,
    items: { retained_earnings, capital },
  });

  it('no statements: an empty history, never reached', () => {
    expect(article141History([])).toEqual({ years: [], firstReached: null });
  });

  it('firstReached is the start of the run that reaches the latest year', () => {
    const h = article141History([year(1400, -600), year(1401, 100), year(1402, -500), year(1403, -700)]);
    expect(h.years.map((y) => y.fiscalYear)).toEqual([1400, 1401, 1402, 1403]);
    expect(h.firstReached).toBe(1402);
  });

  it('sorts the years it is given', () => {
    const h = article141History([year(1403, -700), year(1401, -600), year(1402, -900)]);
    expect(h.years.map((y) => y.fiscalYear)).toEqual([1401, 1402, 1403]);
    expect(h.firstReached).toBe(1401);
  });

  it('null when the latest year is not reached, even after years that were', () => {
    expect(article141History([year(1401, -900), year(1402, -900), year(1403, -100)]).firstReached).toBeNull();
  });

  it('each year is judged on its own year-end capital (a capital increase can end the run)', () => {
    // 1402: loss 600 of capital 1,000 (0.6, reached); 1403: the same loss of a raised capital
    // 2,000 (0.3, not reached).
    const h = article141History([year(1402, -600, 1000), year(1403, -600, 2000)]);
    expect(h.years.map((y) => y.result.ok && y.result.value.ratio)).toEqual([0.6, 0.3]);
    expect(h.firstReached).toBeNull();
  });

  it('a year not computable, or a missing year, ends the run', () => {
    const h = article141History([
      year(1400, -900),
      { fiscalYear: 1401, items: { capital: 1000 } },
      year(1402, -900),
      year(1403, -900),
    ]);
    expect(h.years[1]!.result).toEqual({ ok: false, missing: ['retained_earnings'], reason: 'missing' });
    expect(h.firstReached).toBe(1402);
    expect(article141History([year(1399, -900), year(1401, -900), year(1402, -900)]).firstReached).toBe(1401);
    expect(article141History([year(1403, -900), { fiscalYear: 1404, items: {} }]).firstReached).toBeNull();
  });

  it('refuses a fiscal year given twice', () => {
    expect(() => article141History([year(1402, -1), year(1402, -2)])).toThrow(/twice/);
  });
});
