import { describe, expect, it } from 'vitest';
import { BUILTIN_CHART } from './chart.ts';
import { checksPass, type StatementCheck, statementChecks } from './statement-checks.ts';

// A statement that ties (million IRR, signed as filed): assets 600 + 400 = 1000 = liabilities 300 +
// equity 700; gross 1000 − 600 = 400; operating 400 − 150 + 50 (other operating) = 300; retained
// earnings 200 − 50 (previous) = 150 = net profit 250 − dividends 100; cash flows 300 − 100 − 50 = 150.
const items = {
  total_assets: 1000,
  non_current_assets: 600,
  fixed_assets: 500,
  current_assets: 400,
  inventory: 100,
  receivables: 100,
  cash: 100,
  total_equity: 700,
  capital: 500,
  retained_earnings: 200,
  total_liabilities: 300,
  non_current_liabilities: 100,
  current_liabilities: 200,
  revenue: 1000,
  cost_of_revenue: -600,
  gross_profit: 400,
  operating_expenses: -150,
  other_operating: 50,
  operating_profit: 300,
  finance_costs: -20,
  net_profit: 250,
  dividends: 100,
  cf_operating: 300,
  cf_investing: -100,
  cf_financing: -50,
  cf_net_change: 150,
  employees: 10,
  wages: 40,
};
const previous = { retained_earnings: 50 };

const byId = (checks: StatementCheck[], id: string) => {
  const c = checks.find((x) => x.id === id);
  if (!c) throw new Error(`no check ${id}`);
  return c;
};

describe('statementChecks', () => {
  it("the domain's checks, then the chart's totals, all passing on a statement that ties", () => {
    const checks = statementChecks(BUILTIN_CHART, items, previous);
    expect(checks.map((c) => c.id).slice(0, 7)).toEqual([
      'balance',
      'assets_within_total',
      'current_assets_components',
      'liabilities_split',
      'gross_profit',
      'operating_profit',
      'retained_earnings_movement',
    ]);
    expect(checks.map((c) => c.id).slice(-2)).toEqual(['total.total_assets', 'total.cf_net_change']);
    expect(checks.filter((c) => c.status !== 'passed')).toEqual([]);
    expect(checksPass(checks)).toBe(true);
    expect(byId(checks, 'balance')).toEqual({
      id: 'balance',
      severity: 'error',
      status: 'passed',
      items: ['total_assets', 'total_liabilities', 'total_equity'],
      missing: [],
      difference: 0,
      messageFa: expect.stringContaining('برابر است'),
    });
    // the movement of retained earnings is a warning
    expect(byId(checks, 'retained_earnings_movement').severity).toBe('warning');
  });

  it('reads the other operating lines and the dividends from the items, the opening retained earnings from previous', () => {
    const { other_operating: _o, dividends: _d, ...rest } = items;
    const checks = statementChecks(BUILTIN_CHART, rest, null);
    expect(byId(checks, 'operating_profit')).toMatchObject({
      status: 'skipped',
      missing: ['other_operating'],
    });
    expect(byId(checks, 'retained_earnings_movement')).toMatchObject({
      status: 'skipped',
      missing: ['previous.retained_earnings', 'dividends'],
    });
    // a different opening balance: the movement no longer ties
    const moved = byId(
      statementChecks(BUILTIN_CHART, items, { retained_earnings: 40 }),
      'retained_earnings_movement',
    );
    expect(moved).toMatchObject({ status: 'failed', severity: 'warning', difference: 10 });
  });

  it("a chart total that does not tie is an error on the total's cell", () => {
    const checks = statementChecks(BUILTIN_CHART, { ...items, non_current_assets: 500 }, previous);
    const total = byId(checks, 'total.total_assets');
    expect(total).toEqual({
      id: 'total.total_assets',
      severity: 'error',
      status: 'failed',
      items: ['total_assets'],
      missing: [],
      difference: 100,
      messageFa: expect.stringContaining('برابر نیست'),
    });
    expect(checks.filter((c) => c.status === 'failed').map((c) => c.id)).toEqual(['total.total_assets']);
    expect(checksPass(checks)).toBe(false);
    const skipped = byId(
      statementChecks(BUILTIN_CHART, { ...items, cf_investing: null }, previous),
      'total.cf_net_change',
    );
    expect(skipped).toMatchObject({ status: 'skipped', items: ['cf_net_change'], missing: ['cf_investing'] });
  });
});

describe('checksPass', () => {
  it('only a failed error blocks: warnings and skipped checks do not', () => {
    expect(checksPass([])).toBe(true);
    expect(checksPass([{ severity: 'error', status: 'failed' }])).toBe(false);
    expect(
      checksPass([
        { severity: 'error', status: 'passed' },
        { severity: 'error', status: 'failed' },
      ]),
    ).toBe(false);
    expect(checksPass([{ severity: 'warning', status: 'failed' }])).toBe(true);
    expect(checksPass([{ severity: 'error', status: 'skipped' }])).toBe(true);
    expect(
      checksPass([
        { severity: 'error', status: 'passed' },
        { severity: 'warning', status: 'passed' },
      ]),
    ).toBe(true);
  });
});
