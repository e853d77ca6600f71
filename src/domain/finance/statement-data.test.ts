import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isManufacturingIndustry } from './altman.ts';
import { BUILTIN_CHART, type ChartItem, chartTotalChecks } from './chart.ts';
import { checkStatement } from './checks.ts';
import { type CodalStatementRecord, codalPeriod, codalStatementItems } from './codal.ts';
import { CALCULATION_KEYS, calculate, statementVerdicts } from './evaluation.ts';
import { filingDueDate, isLate } from './filing.ts';
import { LINE_ITEM_KEYS } from './line-items.ts';

/**
 * The chart of items, the reading of Codal records into it, the filing calendar and the
 * calculation catalogue, on the real statements of data/codal/statements.json (SOURCES.md there).
 */

const records: CodalStatementRecord[] = JSON.parse(
  readFileSync(new URL('../../../data/codal/statements.json', import.meta.url), 'utf8'),
);

describe('the chart of items', () => {
  it('holds every glossary item once, parents before use, positions increasing', () => {
    const codes = BUILTIN_CHART.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const k of LINE_ITEM_KEYS) expect(codes).toContain(k);
    for (const c of BUILTIN_CHART) if (c.parent) expect(codes).toContain(c.parent);
    const positions = BUILTIN_CHART.map((c) => c.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(BUILTIN_CHART.find((c) => c.code === 'employees')!.unit).toBe('count');
  });

  it('checks a total against its children, each with its sign; skips what it cannot check', () => {
    const chart: ChartItem[] = [
      ...BUILTIN_CHART,
      {
        ...BUILTIN_CHART[0]!,
        code: 'x_total',
        parent: null,
        isTotal: true,
        builtin: false,
        nameFa: 'جمع آزمون',
      },
      { ...BUILTIN_CHART[0]!, code: 'x_a', parent: 'x_total', isTotal: false, builtin: false, nameFa: 'الف' },
      {
        ...BUILTIN_CHART[0]!,
        code: 'x_b',
        parent: 'x_total',
        isTotal: false,
        builtin: false,
        sign: -1,
        nameFa: 'ب',
      },
    ];
    const byId = (items: Record<string, number>) =>
      Object.fromEntries(chartTotalChecks(chart, items).map((c) => [c.id, c.status]));
    expect(byId({ x_total: 7, x_a: 10, x_b: 3 })['total.x_total']).toBe('passed');
    const failed = chartTotalChecks(chart, { x_total: 8, x_a: 10, x_b: 3 }).find(
      (c) => c.id === 'total.x_total',
    )!;
    expect(failed).toMatchObject({ status: 'failed', difference: 1 });
    expect(failed.messageFa).toBe(
      '«جمع آزمون» (۸) با جمع اجزای آن (۷) برابر نیست؛ اختلاف ۱ میلیون ریال است.',
    );
    const skipped = chartTotalChecks(chart, { x_total: 7, x_a: 10 }).find((c) => c.id === 'total.x_total')!;
    expect(skipped).toMatchObject({ status: 'skipped', missing: ['x_b'] });
    // an inactive child is not part of the sum
    const without = chart.map((c) => (c.code === 'x_b' ? { ...c, active: false } : c));
    expect(
      chartTotalChecks(without, { x_total: 10, x_a: 10 }).find((c) => c.id === 'total.x_total')!.status,
    ).toBe('passed');
  });
});

describe('Codal records read into the chart', () => {
  it('every one of the 23 passes every error check and every total of the chart', () => {
    for (const r of records) {
      const items = codalStatementItems(r);
      const failed = checkStatement(items, { otherOperating: items.other_operating ?? null })
        .filter((c) => c.status === 'failed')
        .map((c) => c.id);
      expect(failed, r.id).toEqual([]);
      for (const t of chartTotalChecks(BUILTIN_CHART, items))
        expect(t.status, `${r.id} ${t.id}`).not.toBe('failed');
    }
  });

  it('picks the extra items from the filed rows', () => {
    const kaveh1393 = codalStatementItems(records.find((r) => r.id === 'کاوه_13931229_12m')!);
    // the older layout's «جمع هزینه‌ها» subtotal is skipped: only «خالص سایر درآمدها (هزینه‌ها)ی عملیاتی»
    expect(kaveh1393.other_operating).toBe(37999);
    expect(kaveh1393.dividends).toBe(680000);
    const shranol = codalStatementItems(records.find((r) => r.id === 'شرانل_14031230_12m')!);
    // «… قبل از فعالیت‌های تامین مالی» is not the financing total
    expect(shranol).toMatchObject({
      cf_operating: 21503848,
      cf_investing: -2644741,
      cf_financing: -22239519,
      cf_net_change: -3380412,
      non_current_assets: 11364892,
    });
  });

  it('reads the period: an opening balance sheet is the previous year’s close', () => {
    expect(codalPeriod(records.find((r) => r.id === 'شرانل_14030101_openm')!)).toEqual({
      fiscalYear: 1402,
      periodMonths: 12,
      periodEndJalali: '1402/12/29',
    });
    expect(codalPeriod(records.find((r) => r.id === 'کاوه_14040631_6m')!)).toEqual({
      fiscalYear: 1404,
      periodMonths: 6,
      periodEndJalali: '1404/06/31',
    });
  });
});

describe('the filing calendar', () => {
  it('annual four months on, six-month 60 days, others 30 days', () => {
    expect(filingDueDate('2024-03-19', 12)).toBe('2024-07-19'); // 1402/12/29 → 1403/04/29
    expect(filingDueDate('2024-09-21', 6)).toBe('2024-11-20'); // 1403/06/31 + 60 days
    expect(filingDueDate('2024-12-20', 9)).toBe('2025-01-19');
    expect(() => filingDueDate('2024-12-20', 5)).toThrow(RangeError);
  });

  it('is late only after the due date, filed or not', () => {
    expect(isLate('2024-07-19', '2024-07-19', '2025-01-01')).toBe(false);
    expect(isLate('2024-07-19', '2024-07-20', '2025-01-01')).toBe(true);
    expect(isLate('2024-07-19', null, '2024-07-19')).toBe(false);
    expect(isLate('2024-07-19', null, '2024-07-20')).toBe(true);
  });
});

describe('the calculation catalogue', () => {
  const items = codalStatementItems(records.find((r) => r.id === 'کاوه_14021229_12m')!);
  it('answers every call, choosing the Z model by listing and industry', () => {
    expect(CALCULATION_KEYS).toHaveLength(7);
    const steel = { listed: true, manufacturing: isManufacturingIndustry('27') };
    expect(calculate('z-altman', items, steel)).toEqual({
      ok: false,
      missing: ['market_value_of_equity'],
      reason: 'missing',
    });
    const variant = (r: ReturnType<typeof calculate>) =>
      r.ok ? (r.value as { variant?: string }).variant : null;
    expect(variant(calculate('z-altman', items, { listed: false, manufacturing: true }))).toBe('z_prime');
    const bank = calculate('z-altman', items, { listed: true, manufacturing: isManufacturingIndustry('57') });
    expect(variant(bank)).toBe('z_double_prime');
    const margin = calculate('marginal-profit', items, steel);
    expect(margin).toEqual({ ok: true, value: 65167514 / 333941576 });
    expect(statementVerdicts(items)).toEqual({ article141: false, loss: false });
    expect(statementVerdicts({ retained_earnings: -50, capital: 100, net_profit: -1 })).toEqual({
      article141: true,
      loss: true,
    });
    expect(statementVerdicts({})).toEqual({ article141: null, loss: null });
  });
});
