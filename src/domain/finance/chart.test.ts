import { describe, expect, it } from 'vitest';
import { BUILTIN_CHART, type ChartItem, chartTotalChecks } from './chart.ts';

const item = (code: string, parent: string | null, extra: Partial<ChartItem> = {}): ChartItem => ({
  code,
  nameFa: `قلم ${code}`,
  statementKind: 'balance_sheet',
  parent,
  sign: 1,
  isTotal: false,
  unit: 'million_irr',
  position: 0,
  builtin: false,
  active: true,
  ...extra,
});

describe('BUILTIN_CHART', () => {
  it('the totals of the builtin chart: total assets and the net change in cash', () => {
    expect(BUILTIN_CHART.filter((c) => c.isTotal).map((c) => c.code)).toEqual([
      'total_assets',
      'cf_net_change',
    ]);
    expect(BUILTIN_CHART.filter((c) => c.parent === 'cf_net_change').map((c) => c.code)).toEqual([
      'cf_operating',
      'cf_investing',
      'cf_financing',
    ]);
    expect(BUILTIN_CHART.find((c) => c.code === 'employees')?.unit).toBe('count');
    expect(BUILTIN_CHART.map((c) => c.position).slice(0, 3)).toEqual([10, 20, 30]);
  });
});

describe('chartTotalChecks', () => {
  const chart = [
    item('t', null, { isTotal: true, nameFa: 'جمع' }),
    item('a', 't', { nameFa: 'الف' }),
    item('b', 't', { sign: -1, nameFa: 'ب' }),
  ];

  it('a total equals the sum of its children, each times its sign', () => {
    expect(chartTotalChecks(chart, { t: 70, a: 100, b: 30 })).toEqual([
      {
        id: 'total.t',
        code: 't',
        status: 'passed',
        missing: [],
        actual: 70,
        expected: 70,
        difference: 0,
        messageFa: '«جمع» با جمع اجزای آن برابر است.',
      },
    ]);
    expect(chartTotalChecks(chart, { t: 130, a: 100, b: 30 })).toEqual([
      {
        id: 'total.t',
        code: 't',
        status: 'failed',
        missing: [],
        actual: 130,
        expected: 70,
        difference: 60,
        messageFa: '«جمع» (۱۳۰) با جمع اجزای آن (۷۰) برابر نیست؛ اختلاف ۶۰ میلیون ریال است.',
      },
    ]);
  });

  it('skipped, naming every absent cell (total first), or when the total has no children', () => {
    expect(chartTotalChecks(chart, { a: 1, b: null })).toEqual([
      {
        id: 'total.t',
        code: 't',
        status: 'skipped',
        missing: ['t', 'b'],
        messageFa: 'بررسی نشد؛ مبلغ «جمع»، «ب» در دست نیست.',
      },
    ]);
    expect(chartTotalChecks([item('t', null, { isTotal: true, nameFa: 'جمع' })], { t: 5 })).toEqual([
      { id: 'total.t', code: 't', status: 'skipped', missing: [], messageFa: '«جمع» جزئی ندارد.' },
    ]);
  });

  it('inactive items are left out: an inactive total is not checked, an inactive child not summed', () => {
    const withInactive = [...chart, item('c', 't', { active: false })];
    expect(chartTotalChecks(withInactive, { t: 70, a: 100, b: 30 })[0]?.status).toBe('passed');
    expect(
      chartTotalChecks(
        chart.map((c) => ({ ...c, active: c.code !== 't' })),
        { t: 1 },
      ),
    ).toEqual([]);
  });

  it('within the tolerance passes, beyond it fails (million IRR)', () => {
    expect(chartTotalChecks(chart, { t: 72, a: 100, b: 30 }, 2)[0]?.status).toBe('passed');
    expect(chartTotalChecks(chart, { t: 72.5, a: 100, b: 30 }, 2)[0]?.status).toBe('failed');
    expect(chartTotalChecks(chart, { t: 67.5, a: 100, b: 30 }, 2)[0]?.status).toBe('failed');
    // "within" includes the bound: a difference of exactly the tolerance plus the slack (1e-9 of
    // at least 1) passes
    const bound = 0.5 + 1e-9;
    const one = [item('t', null, { isTotal: true }), item('a', 't')];
    expect(chartTotalChecks(one, { t: 0, a: -bound }, 0.5)[0]).toMatchObject({
      status: 'passed',
      difference: bound,
    });
  });

  it('binary rounding alone does not fail a large total: the slack is 1e-9 of the total', () => {
    // 999,999,999.7 + 0.1 + 0.2 sums to 1,000,000,000.0000001 in binary floating point
    const parts = [item('t', null, { isTotal: true }), item('a', 't'), item('b', 't'), item('c', 't')];
    const r = chartTotalChecks(parts, { t: 1_000_000_000, a: 999_999_999.7, b: 0.1, c: 0.2 })[0];
    expect(r?.difference).not.toBe(0);
    expect(r?.status).toBe('passed');
    // beyond the slack it fails
    expect(chartTotalChecks(parts, { t: 1_000_000_002, a: 999_999_999.7, b: 0.1, c: 0.2 })[0]?.status).toBe(
      'failed',
    );
  });
});
