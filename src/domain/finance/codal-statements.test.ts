import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { altmanZDoublePrime } from './altman.ts';
import { article141, article141History } from './article141.ts';
import { type CodalStatementRecord, codalPeriod, codalStatementItems } from './codal.ts';
import { LINE_ITEM_KEYS, type LineItemKey, type LineItems } from './line-items.ts';
import { netProfitMargin } from './ratios.ts';

/**
 * The evaluation on real published statements: data/codal/statements.json (see
 * data/codal/SOURCES.md): فولاد کاوه جنوب کیش (کاوه), fiscal years 1386–1403 from Enigma's
 * re-tabulation of its Codal filings, and شرانل from Codal's own JSON. Amounts in million IRR.
 *
 * Kaveh is a listed steel maker, so `chooseZVariant` would pick the original Z; the statements
 * carry no market value of equity, so Z is not computable from them. Z″ (book equity, no X5), the
 * model meant for emerging-market companies, is computed instead.
 */

interface StatementRecord {
  id: string;
  symbol: string;
  period_end_jalali: string;
  period_months: number | null;
  normalised: LineItems;
}

const records: StatementRecord[] = JSON.parse(
  readFileSync(new URL('../../../data/codal/statements.json', import.meta.url), 'utf8'),
);

const kavehAnnual = records
  .filter((r) => r.symbol === 'کاوه' && r.period_months === 12)
  .map((r) => ({ fiscalYear: Number(r.period_end_jalali.slice(0, 4)), items: r.normalised }))
  .sort((a, b) => a.fiscalYear - b.fiscalYear);

const absent = (items: LineItems, keys: readonly LineItemKey[]) =>
  keys.filter((k) => typeof items[k] !== 'number');
const Z2_KEYS = [
  'current_assets',
  'current_liabilities',
  'total_assets',
  'retained_earnings',
  'operating_profit',
  'total_liabilities',
  'total_equity',
] as const;
const A141_KEYS = ['retained_earnings', 'capital'] as const;

describe('data/codal/statements.json', () => {
  it('holds 23 records whose normalised keys are all line item keys', () => {
    expect(records).toHaveLength(23);
    for (const r of records)
      for (const k of Object.keys(r.normalised)) expect(LINE_ITEM_KEYS as readonly string[]).toContain(k);
  });

  it('every record gives Z″ and article 141, or names exactly the items it lacks', () => {
    const notComputable: Record<string, string[]> = {};
    for (const r of records) {
      for (const [name, result, keys] of [
        ['z2', altmanZDoublePrime(r.normalised), Z2_KEYS],
        ['a141', article141(r.normalised), A141_KEYS],
      ] as const) {
        const lacking = absent(r.normalised, keys);
        if (lacking.length === 0) expect(result.ok, `${r.id} ${name}`).toBe(true);
        else {
          expect(result).toEqual({ ok: false, missing: lacking, reason: 'missing' });
          notComputable[`${r.id} ${name}`] = lacking;
        }
      }
    }
    // شرانل's restated 6-month 1403 column has only an income statement and a cash flow, its
    // opening balance sheet at 1403/01/01 no income statement.
    expect(notComputable).toEqual({
      'شرانل_14030101_openm z2': ['operating_profit'],
      'شرانل_14030631_6m z2': [
        'current_assets',
        'current_liabilities',
        'total_assets',
        'retained_earnings',
        'total_liabilities',
        'total_equity',
      ],
      'شرانل_14030631_6m a141': ['retained_earnings', 'capital'],
    });
  });
});

describe('Kaveh (کاوه), annual statements 1386–1403', () => {
  it('has one annual record per fiscal year 1386–1403, each with every input', () => {
    expect(kavehAnnual.map((y) => y.fiscalYear)).toEqual(Array.from({ length: 18 }, (_, i) => 1386 + i));
    for (const y of kavehAnnual) expect(absent(y.items, [...Z2_KEYS, ...A141_KEYS])).toEqual([]);
  });

  // Zones from a separate one-off computation of the same formula (node, outside this module),
  // with Z″ rounded to 2 decimals for the reader: 1386 0.54, 1387 −0.61, 1388 0.58, 1389 −1.57,
  // 1390 −0.07, 1391 0.31, 1392 0.91, 1393 0.16, 1394 −0.33, 1395 −0.64, 1396 0.41, 1397 1.72,
  // 1398 2.02, 1399 4.50, 1400 3.17, 1401 2.18, 1402 3.20, 1403 0.16.
  const zones: Record<number, string> = {
    1397: 'grey',
    1398: 'grey',
    1399: 'safe',
    1400: 'safe',
    1401: 'grey',
    1402: 'safe',
  };
  it.each(kavehAnnual)('$fiscalYear: Z″ is computable, with its zone', ({ fiscalYear, items }) => {
    const r = altmanZDoublePrime(items);
    if (!r.ok) throw new Error(`${fiscalYear}: ${r.reason} ${r.missing.join(', ')}`);
    expect(r.value.zone).toBe(zones[fiscalYear] ?? 'distress');
  });

  it('Z″ by hand, 1390 and 1402', () => {
    // 1390/12/29: current assets 509,194; current liabilities 1,303,249 → WC −794,055;
    // total assets 4,950,606; retained earnings −29,143; operating profit −10,839;
    // total equity 2,433,009; total liabilities 2,517,597.
    //   X1 = −794,055 / 4,950,606 = −0.160396   6.56 · X1 = −1.052195
    //   X2 =  −29,143 / 4,950,606 = −0.005887   3.26 · X2 = −0.019191
    //   X3 =  −10,839 / 4,950,606 = −0.002189   6.72 · X3 = −0.014713
    //   X4 = 2,433,009 / 2,517,597 =  0.966401   1.05 · X4 =  1.014721
    //   Z″ = −1.052195 − 0.019191 − 0.014713 + 1.014721 = −0.071378 ≈ −0.071 → distress
    const y1390 = altmanZDoublePrime(kavehAnnual.find((y) => y.fiscalYear === 1390)!.items);
    if (!y1390.ok) throw new Error('1390 not computable');
    expect(y1390.value.value).toBeCloseTo(-0.071, 3);
    expect(y1390.value.zone).toBe('distress');

    // 1402/12/29: current assets 161,797,421; current liabilities 166,363,326 → WC −4,565,905;
    // total assets 298,988,288; retained earnings 81,466,300; operating profit 77,601,366;
    // total equity 115,767,434; total liabilities 183,220,854.
    //   X1 = −4,565,905 / 298,988,288 = −0.015271   6.56 · X1 = −0.100179
    //   X2 = 81,466,300 / 298,988,288 =  0.272473   3.26 · X2 =  0.888263
    //   X3 = 77,601,366 / 298,988,288 =  0.259547   6.72 · X3 =  1.744153
    //   X4 = 115,767,434 / 183,220,854 = 0.631846   1.05 · X4 =  0.663439
    //   Z″ = −0.100179 + 0.888263 + 1.744153 + 0.663439 = 3.195676 ≈ 3.196 → safe (> 2.6)
    const y1402 = altmanZDoublePrime(kavehAnnual.find((y) => y.fiscalYear === 1402)!.items);
    if (!y1402.ok) throw new Error('1402 not computable');
    expect(y1402.value.value).toBeCloseTo(3.196, 3);
    expect(y1402.value.components.x4).toBeCloseTo(0.632, 3);
    expect(y1402.value.zone).toBe('safe');
  });

  it.each(kavehAnnual)('$fiscalYear: article 141 is computable and not reached', ({ items }) => {
    const r = article141(items);
    expect(r.ok && r.value.reached).toBe(false);
  });

  it('article 141 by hand, 1390 and 1402; the history never reaches it', () => {
    // 1390: retained earnings −29,143 (a deficit), capital 1,400,000 at year end →
    //   accumulated loss 29,143; ratio 29,143 / 1,400,000 = 0.020816 ≈ 0.021 < 0.5 → not reached
    expect(article141(kavehAnnual.find((y) => y.fiscalYear === 1390)!.items)).toMatchObject({
      ok: true,
      value: { reached: false, accumulatedLoss: 29143, capital: 1400000 },
    });
    const r1390 = article141(kavehAnnual.find((y) => y.fiscalYear === 1390)!.items);
    expect(r1390.ok && r1390.value.ratio).toBeCloseTo(0.021, 3);
    // 1402: retained earnings +81,466,300, capital 32,000,000 → accumulated loss 0, ratio 0.000
    expect(article141(kavehAnnual.find((y) => y.fiscalYear === 1402)!.items)).toEqual({
      ok: true,
      value: { reached: false, accumulatedLoss: 0, capital: 32000000, ratio: 0 },
    });

    const h = article141History(kavehAnnual);
    expect(h.firstReached).toBeNull();
    // Only 1389 (−12,669 of 790,000 = 0.016) and 1390 carried a deficit.
    const withLoss = h.years.filter((y) => y.result.ok && y.result.value.accumulatedLoss > 0);
    expect(withLoss.map((y) => y.fiscalYear)).toEqual([1389, 1390]);
  });

  it('the margin of the pre-revenue years 1386–1389 names revenue as a zero denominator', () => {
    const zero = kavehAnnual.filter((y) => {
      const r = netProfitMargin(y.items);
      return !r.ok && r.reason === 'zero_denominator' && r.missing[0] === 'revenue';
    });
    expect(zero.map((y) => y.fiscalYear)).toEqual([1386, 1387, 1388, 1389]);
  });
});

describe('codalStatementItems: the chart items of a Codal record', () => {
  const record = (
    items: CodalStatementRecord['items'],
    normalised: CodalStatementRecord['normalised'] = {},
  ) =>
    ({
      symbol: 'x',
      period_end_jalali: '1402/12/29',
      period_months: 12,
      normalised,
      items,
    }) as CodalStatementRecord;

  it('the glossary items from normalised only, skipping absent values and other keys', () => {
    expect(codalStatementItems(record(undefined, { revenue: 10, net_profit: null, foo: 3 }))).toEqual({
      revenue: 10,
    });
  });

  it('non-current assets from its row, the first filed row with a value, brackets and spaces ignored', () => {
    expect(
      codalStatementItems(
        record({ balance_sheet: { 'جمع دارایی‌های غیرجاری': null, 'جمع دارایی های غیر جاری': 600, x: 1 } }),
      ),
    ).toEqual({ non_current_assets: 600 });
  });

  it('other operating: the rows between selling expenses and operating profit, without a subtotal', () => {
    const is = {
      'درآمدهای عملیاتی': 1000,
      'هزینه‌های فروش، اداری و عمومی': -150,
      'سایر درآمدها': 80,
      'سایر هزینه‌ها': -30,
      'جمع هزینه‌ها': 50,
      خالی: null,
      'سود زیان عملیاتی': 300,
      'هزینه‌های مالی': -20,
    };
    expect(codalStatementItems(record({ income_statement: is }))).toEqual({ other_operating: 50 });
    // selling expenses as the first row
    expect(
      codalStatementItems(
        record({ income_statement: { 'هزینه‌های فروش': -1, سایر: 7, 'سود (زیان) عملیاتی': 6 } }),
      ),
    ).toEqual({ other_operating: 7 });
    // without either row, or with them in the other order, nothing is derived
    expect(codalStatementItems(record({ income_statement: { سایر: 7, 'سود (زیان) عملیاتی': 6 } }))).toEqual(
      {},
    );
    expect(codalStatementItems(record({ income_statement: { 'هزینه‌های فروش': -1, سایر: 7 } }))).toEqual({});
    expect(
      codalStatementItems(
        record({ income_statement: { 'سود (زیان) عملیاتی': 6, سایر: 7, 'هزینه‌های فروش': -1 } }),
      ),
    ).toEqual({});
  });

  it('dividends, positive, from a row that starts «سود سهام مصوب»', () => {
    expect(codalStatementItems(record({ income_statement: { 'سود سهام مصوب طی سال': -120 } }))).toEqual({
      dividends: 120,
    });
  });

  it('the cash-flow totals, each from its own row', () => {
    const cf = {
      // a row of the activity that is not its net flow
      'نقد دریافتی حاصل از فعالیت‌های عملیاتی': 999,
      'جریان خالص ورود (خروج) نقد حاصل از فعالیت‌های عملیاتی': 300,
      'جریان خالص ورود (خروج) نقد حاصل از فعالیت‌های سرمایه‌گذاری': -100,
      'جریان خالص ورود (خروج) نقد حاصل از فعالیت‌های تامین مالی': -50,
      'خالص افزایش (کاهش) در موجودی نقد': 150,
    };
    expect(codalStatementItems(record({ cash_flow: cf }))).toEqual({
      cf_operating: 300,
      cf_investing: -100,
      cf_financing: -50,
      cf_net_change: 150,
    });
  });
});

describe('codalPeriod', () => {
  const base = { symbol: 'x', normalised: {} };
  it('the fiscal year the period ends in, from the fiscal year end when given', () => {
    expect(codalPeriod({ ...base, period_end_jalali: '1402/06/31', period_months: 6 })).toEqual({
      fiscalYear: 1402,
      periodMonths: 6,
      periodEndJalali: '1402/06/31',
    });
    expect(
      codalPeriod({
        ...base,
        period_end_jalali: '1402/06/31',
        period_months: 9,
        fiscal_year_end_jalali: '1403/03/31',
      }),
    ).toEqual({ fiscalYear: 1403, periodMonths: 9, periodEndJalali: '1402/06/31' });
  });

  it('an opening balance sheet is the close of the previous year', () => {
    expect(codalPeriod({ ...base, period_end_jalali: '1390/12/29', period_months: null })).toEqual({
      fiscalYear: 1389,
      periodMonths: 12,
      periodEndJalali: '1389/12/29',
    });
  });
});
