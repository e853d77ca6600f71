import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type CheckResult, checkStatement, failedChecks, NON_NEGATIVE_ITEMS } from './checks.ts';
import type { LineItemKey, LineItems } from './line-items.ts';

// A small statement built by hand, million IRR, signed as filed, that passes every check:
//   current assets 70 = cash 10 + receivables 20 + inventory 30 + 10 other current rows
//   total assets 200 = current 70 + fixed 100 + 30 other non-current rows
//   total liabilities 80 = current 50 + non-current 30; total assets 200 = 80 + equity 120
//   gross profit 100 = revenue 500 + cost −400; operating profit 75 = 100 − 30 + other 5
//   retained earnings 20 → 50 with net profit 60 and dividends 30 (50 − 20 = 60 − 30)
const base: LineItems = {
  cash: 10,
  receivables: 20,
  inventory: 30,
  current_assets: 70,
  fixed_assets: 100,
  total_assets: 200,
  current_liabilities: 50,
  non_current_liabilities: 30,
  total_liabilities: 80,
  capital: 70,
  retained_earnings: 50,
  total_equity: 120,
  revenue: 500,
  cost_of_revenue: -400,
  gross_profit: 100,
  operating_expenses: -30,
  operating_profit: 75,
  finance_costs: -5,
  net_profit: 60,
  employees: 12,
  wages: 40,
  intermediate_consumption: 300,
};
const full = { previous: { retained_earnings: 20 }, dividends: 30, otherOperating: 5 };

const byId = (results: CheckResult[], id: string) => {
  const r = results.find((x) => x.id === id);
  if (!r) throw new Error(`no check ${id}`);
  return r;
};
const run = (items: LineItems, opts: Parameters<typeof checkStatement>[1] = full) =>
  checkStatement(items, opts);
const P = (digits: string) => digits.replace(/[0-9]/g, (d) => String.fromCharCode(0x06f0 + Number(d)));

describe('checkStatement: a consistent statement', () => {
  it('passes every check, none skipped, in the fixed order', () => {
    const results = run(base);
    expect(results.map((r) => r.id)).toEqual([
      'balance',
      'assets_within_total',
      'current_assets_components',
      'liabilities_split',
      'gross_profit',
      'operating_profit',
      'retained_earnings_movement',
      ...NON_NEGATIVE_ITEMS.map((k) => `non_negative.${k}`),
    ]);
    for (const r of results) expect(r, r.id).toMatchObject({ status: 'passed', ok: true, missing: [] });
    expect(failedChecks(base, full)).toEqual([]);
  });

  it('severity is error everywhere but the retained-earnings movement', () => {
    for (const r of run(base))
      expect(r.severity, r.id).toBe(r.id === 'retained_earnings_movement' ? 'warning' : 'error');
  });

  it('an exact pass says so in Persian, naming the items', () => {
    expect(byId(run(base), 'balance').messageFa).toBe(
      '«جمع دارایی‌ها» با جمع «جمع بدهی‌ها» و «جمع حقوق مالکانه» برابر است.',
    );
  });
});

describe('checkStatement: each check failing names its cell and the difference', () => {
  // [check, change to the consistent statement, first cell, expected, actual, difference]
  const cases: [string, LineItems, LineItemKey, number, number, number][] = [
    ['balance', { total_assets: 210 }, 'total_assets', 200, 210, 10],
    ['balance', { total_equity: 1_234_567 }, 'total_assets', 1_234_647, 200, -1_234_447],
    ['assets_within_total', { fixed_assets: 140 }, 'total_assets', 210, 200, -10],
    ['current_assets_components', { inventory: 45 }, 'current_assets', 75, 70, -5],
    ['liabilities_split', { non_current_liabilities: 33 }, 'total_liabilities', 83, 80, -3],
    ['gross_profit', { cost_of_revenue: 400 }, 'gross_profit', 900, 100, -800],
    ['operating_profit', { operating_expenses: -25 }, 'operating_profit', 80, 75, -5],
    ['retained_earnings_movement', { net_profit: 70 }, 'retained_earnings', 40, 30, -10],
  ];
  it.each(cases)('%s (%o)', (id, change, cell, expected, actual, difference) => {
    const r = byId(run({ ...base, ...change }), id);
    expect(r).toMatchObject({ status: 'failed', ok: false, expected, actual, difference, missing: [] });
    expect(r.items[0]).toBe(cell);
    // the difference, unsigned, in Persian digits with the ٬ separator
    const d = Math.abs(difference).toLocaleString('en-US').replace(/,/g, '\u066C');
    expect(r.messageFa).toContain(`اختلاف ${P(d)} میلیون ریال`);
    expect(failedChecks({ ...base, ...change }, full).map((x) => x.id)).toContain(id);
  });

  it('the balance message in full', () => {
    expect(byId(run({ ...base, total_assets: 1_210 }), 'balance').messageFa).toBe(
      '«جمع دارایی‌ها» (۱٬۲۱۰) با جمع «جمع بدهی‌ها» و «جمع حقوق مالکانه» (۲۰۰) برابر نیست؛ اختلاف ۱٬۰۱۰ میلیون ریال است.',
    );
  });

  it('an inequality passes with slack and fails only past the total', () => {
    // current + fixed = 170 < 200: the other non-current rows
    expect(byId(run(base), 'assets_within_total')).toMatchObject({
      ok: true,
      expected: 170,
      actual: 200,
      difference: 30,
    });
    expect(byId(run({ ...base, fixed_assets: 130 }), 'assets_within_total').ok).toBe(true); // 200 ≤ 200
    const r = byId(run({ ...base, fixed_assets: 131 }), 'assets_within_total');
    expect(r.ok).toBe(false);
    expect(r.messageFa).toBe(
      'جمع «جمع دارایی‌های جاری» و «دارایی‌های ثابت مشهود» (۲۰۱) از «جمع دارایی‌ها» (۲۰۰) بیشتر است؛ اختلاف ۱ میلیون ریال است. بخشی از جمع دارایی‌ها نمی‌تواند از خود آن بیشتر باشد.',
    );
  });

  it('gross profit uses the cost as filed (negative): a cost entered positive fails', () => {
    expect(byId(run({ ...base, cost_of_revenue: 400 }), 'gross_profit').ok).toBe(false);
    expect(byId(run({ ...base, revenue: 450, gross_profit: 50 }), 'gross_profit').ok).toBe(true);
  });

  it('operating profit counts the other operating lines given', () => {
    expect(byId(run(base, { otherOperating: 5 }), 'operating_profit').ok).toBe(true);
    expect(byId(run(base, { otherOperating: -5 }), 'operating_profit')).toMatchObject({
      ok: false,
      expected: 65,
      difference: 10,
    });
    // a statement with no other operating lines: give 0
    expect(byId(run({ ...base, operating_profit: 70 }, { otherOperating: 0 }), 'operating_profit').ok).toBe(
      true,
    );
  });

  it('the retained-earnings failure is a warning, with its explanation', () => {
    const r = byId(run({ ...base, net_profit: 70 }), 'retained_earnings_movement');
    expect(r.severity).toBe('warning');
    expect(r.messageFa).toBe(
      'تغییر «سود (زیان) انباشته» نسبت به پایان دوره قبل (۳۰) با «سود (زیان) خالص» منهای «سود سهام مصوب» (۴۰) برابر نیست؛ اختلاف ۱۰ میلیون ریال است. انتقال به اندوخته قانونی، تعدیلات سنواتی و افزایش سرمایه از محل سود انباشته نیز سود انباشته را تغییر می‌دهند؛ اختلاف را توضیح دهید.',
    );
    // a loss year without dividends: 50 → −10 with a loss of 60
    expect(
      byId(
        run(
          { ...base, retained_earnings: -10, net_profit: -60 },
          { previous: { retained_earnings: 50 }, dividends: 0 },
        ),
        'retained_earnings_movement',
      ).ok,
    ).toBe(true);
  });

  it.each(NON_NEGATIVE_ITEMS)('non_negative.%s fails on its own cell when negative', (k) => {
    const results = run({ ...base, [k]: -1_500 });
    const r = byId(results, `non_negative.${k}`);
    expect(r).toMatchObject({ status: 'failed', severity: 'error', items: [k], expected: 0, actual: -1_500 });
    expect(r.messageFa).toContain('(\u200E\u2212۱٬۵۰۰)');
    expect(r.messageFa).toContain('نمی‌تواند منفی باشد');
    // only this item's sign check fails among the sign checks
    const signFailures = results.filter((x) => x.id.startsWith('non_negative.') && !x.ok).map((x) => x.id);
    expect(signFailures).toEqual([`non_negative.${k}`]);
  });

  it('zero passes a sign check; items that may be negative have none', () => {
    expect(byId(run({ ...base, cash: 0 }), 'non_negative.cash').ok).toBe(true);
    const ids = run(base).map((r) => r.id);
    for (const k of [
      'retained_earnings',
      'total_equity',
      'net_profit',
      'operating_profit',
      'cost_of_revenue',
    ])
      expect(ids).not.toContain(`non_negative.${k}`);
  });
});

describe('checkStatement: absent inputs skip the check, named, never guessed', () => {
  it('the empty statement: every check skipped, none failed', () => {
    const results = checkStatement({});
    for (const r of results) expect(r, r.id).toMatchObject({ status: 'skipped', ok: true });
    expect(results.some((r) => r.expected !== undefined || r.difference !== undefined)).toBe(false);
    expect(failedChecks({})).toEqual([]);
  });

  it('names every absent input of each rule, null and NaN counting as absent', () => {
    const items: LineItems = { ...base, total_equity: null, current_liabilities: Number.NaN };
    delete items.non_current_liabilities;
    const results = checkStatement(items);
    expect(byId(results, 'balance')).toMatchObject({ status: 'skipped', missing: ['total_equity'] });
    expect(byId(results, 'liabilities_split').missing).toEqual([
      'current_liabilities',
      'non_current_liabilities',
    ]);
    expect(byId(results, 'liabilities_split').messageFa).toBe(
      'بررسی نشد؛ اقلام لازم در دست نیست: «جمع بدهی‌های جاری»، «جمع بدهی‌های غیرجاری».',
    );
    expect(byId(results, 'non_negative.current_liabilities')).toMatchObject({
      status: 'skipped',
      missing: ['current_liabilities'],
      items: ['current_liabilities'],
    });
  });

  it('total liabilities is not derived from total assets − equity', () => {
    const items = { ...base };
    delete items.total_liabilities;
    expect(byId(checkStatement(items), 'balance').missing).toEqual(['total_liabilities']);
  });

  it('operating profit without the other operating lines is skipped', () => {
    const r = byId(checkStatement(base), 'operating_profit');
    expect(r).toMatchObject({ status: 'skipped', missing: ['other_operating'] });
    expect(r.messageFa).toBe('بررسی نشد؛ قلم لازم در دست نیست: «سایر درآمدها و هزینه‌های عملیاتی».');
  });

  it('the retained-earnings movement needs the previous statement and the dividends', () => {
    expect(byId(checkStatement(base), 'retained_earnings_movement').missing).toEqual([
      'previous.retained_earnings',
      'dividends',
    ]);
    expect(
      byId(
        checkStatement(base, { previous: { retained_earnings: 20 }, dividends: null }),
        'retained_earnings_movement',
      ).missing,
    ).toEqual(['dividends']);
    expect(
      byId(checkStatement(base, { previous: {}, dividends: 30 }), 'retained_earnings_movement').missing,
    ).toEqual(['previous.retained_earnings']);
  });
});

describe('checkStatement: tolerance', () => {
  const off = { ...base, total_assets: 202, current_assets: 72 }; // 2 over: balance fails by 2
  it('default 0: a difference of 1 fails', () => {
    expect(byId(run({ ...base, total_assets: 201 }), 'balance').ok).toBe(false);
  });
  it('a tolerance of 2 passes a difference of 2, says so, and fails 3', () => {
    const r = byId(run(off, { ...full, tolerance: 2 }), 'balance');
    expect(r).toMatchObject({ ok: true, status: 'passed', difference: 2, tolerance: 2 });
    expect(r.messageFa).toContain('در حد رواداری برابر است؛ اختلاف ۲ میلیون ریال، رواداری ۲ میلیون ریال');
    expect(byId(run({ ...base, total_assets: 203 }, { ...full, tolerance: 2 }), 'balance').ok).toBe(false);
  });
  it('an inequality gets the tolerance too; a sign does not', () => {
    expect(byId(run({ ...base, fixed_assets: 132 }, { tolerance: 2 }), 'assets_within_total').ok).toBe(true);
    expect(byId(run({ ...base, cash: -1 }, { tolerance: 2 }), 'non_negative.cash').ok).toBe(false);
  });
  it('the retained-earnings movement has its own tolerance, defaulting to the general one', () => {
    const items = { ...base, net_profit: 70 }; // off by 10
    expect(byId(run(items, { ...full, tolerance: 10 }), 'retained_earnings_movement').ok).toBe(true);
    expect(
      byId(run(items, { ...full, retainedEarningsTolerance: 10 }), 'retained_earnings_movement').ok,
    ).toBe(true);
    expect(byId(run(items, { ...full, retainedEarningsTolerance: 10 }), 'balance').tolerance).toBe(0);
    expect(
      byId(run(items, { ...full, tolerance: 10, retainedEarningsTolerance: 0 }), 'retained_earnings_movement')
        .ok,
    ).toBe(false);
  });
  it('decimals do not fail on binary rounding alone', () => {
    const items = { total_assets: 0.3, total_liabilities: 0.1, total_equity: 0.2 };
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(byId(checkStatement(items), 'balance').ok).toBe(true);
    expect(byId(checkStatement({ ...items, total_assets: 0.31 }), 'balance').messageFa).toContain(
      'اختلاف ۰٫۰۱ میلیون ریال',
    );
  });
  it('a negative or non-finite tolerance is a RangeError', () => {
    expect(() => checkStatement(base, { tolerance: -1 })).toThrow(RangeError);
    expect(() => checkStatement(base, { retainedEarningsTolerance: Number.NaN })).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------
// Real published statements: data/codal/statements.json (data/codal/SOURCES.md), million IRR.

interface StatementRecord {
  id: string;
  symbol: string;
  period_end_jalali: string;
  period_months: number | null;
  normalised: LineItems;
  normalised_source_labels: Partial<Record<LineItemKey, string>>;
  items: { balance_sheet?: Record<string, number>; income_statement?: Record<string, number> };
}

const records: StatementRecord[] = JSON.parse(
  readFileSync(new URL('../../../data/codal/statements.json', import.meta.url), 'utf8'),
);

/**
 * The other operating lines of a filed income statement: the rows between the SG&A row and the
 * operating profit row, in the order filed, without the old layout's subtotal «جمع هزینه ها»
 * (1391–1394: SG&A + other operating, already in its parts). null without an income statement.
 */
function otherOperating(r: StatementRecord): number | null {
  const is = r.items.income_statement;
  const from = r.normalised_source_labels.operating_expenses;
  const to = r.normalised_source_labels.operating_profit;
  if (!is || !from || !to) return null;
  const rows = Object.keys(is);
  const between = rows.slice(rows.indexOf(from) + 1, rows.indexOf(to));
  expect(rows.indexOf(from)).toBeGreaterThanOrEqual(0);
  expect(rows.indexOf(to)).toBeGreaterThan(rows.indexOf(from));
  return between.filter((k) => k !== 'جمع هزینه ها').reduce((s, k) => s + is[k]!, 0);
}

describe('data/codal/statements.json: every record passes every check its items allow', () => {
  it.each(records.map((r) => [r.id, r] as const))('%s: no failure', (_, r) => {
    const results = checkStatement(r.normalised, { otherOperating: otherOperating(r) });
    expect(results.filter((x) => !x.ok).map((x) => `${x.id}: ${x.messageFa}`)).toEqual([]);
    // skipped exactly when an input is absent, naming those inputs
    for (const x of results)
      if (x.status === 'skipped')
        for (const k of x.missing) if (k in r.normalised) expect.fail(`${x.id} ${k}`);
  });

  it('the checks that ran: all 23 records, 0 failures, the skips only where items are absent', () => {
    const ran: Record<string, number> = {};
    const skippedFor: Record<string, string[]> = {};
    const always = ['non_negative.employees', 'non_negative.wages', 'retained_earnings_movement'];
    for (const r of records)
      for (const x of checkStatement(r.normalised, { otherOperating: otherOperating(r) })) {
        if (x.status === 'passed') ran[x.id] = (ran[x.id] ?? 0) + 1;
        else if (x.status === 'skipped' && !always.includes(x.id))
          skippedFor[r.id] = [...(skippedFor[r.id] ?? []), x.id];
      }
    // 22 balance sheets (all but شرانل's restated 6-month 1403 column), 22 income statements
    // (all but شرانل's opening balance sheet at 1403/01/01); no record has employees or wages,
    // and none is given a previous year and dividends here.
    for (const id of ['balance', 'assets_within_total', 'current_assets_components', 'liabilities_split'])
      expect(ran[id], id).toBe(22);
    for (const id of ['gross_profit', 'operating_profit', 'non_negative.revenue'])
      expect(ran[id], id).toBe(22);
    for (const k of NON_NEGATIVE_ITEMS.filter((k) => k !== 'revenue' && k !== 'employees' && k !== 'wages'))
      expect(ran[`non_negative.${k}`], k).toBe(22);
    expect(ran['non_negative.employees']).toBeUndefined();
    expect(ran['non_negative.wages']).toBeUndefined();
    expect(skippedFor).toEqual({
      شرانل_14030101_openm: ['gross_profit', 'operating_profit', 'non_negative.revenue'],
      شرانل_14030631_6m: [
        'balance',
        'assets_within_total',
        'current_assets_components',
        'liabilities_split',
        ...NON_NEGATIVE_ITEMS.filter((k) => !['revenue', 'employees', 'wages'].includes(k)).map(
          (k) => `non_negative.${k}`,
        ),
      ],
    });
  });

  it('operating_profit = gross_profit + operating_expenses alone does NOT hold: the other lines are needed', () => {
    const gap: Record<string, number> = {};
    for (const r of records) {
      const n = r.normalised;
      if (typeof n.operating_profit !== 'number') continue;
      gap[r.id] = n.operating_profit - n.gross_profit! - n.operating_expenses!;
      expect(gap[r.id]).toBe(otherOperating(r)); // and the filed other lines are the gap
    }
    const kaveh = (y: string) => gap[`کاوه_${y}1229_12m`];
    expect(kaveh('1403')).toBe(13_198_876); // other operating income larger
    expect(kaveh('1400')).toBe(-4_214_995); // other operating expenses larger
    expect(['1386', '1387', '1388', '1389', '1390'].map(kaveh)).toEqual([0, 0, 0, 0, 0]);
    expect(Object.values(gap).filter((g) => g > 0).length).toBeGreaterThan(0);
    expect(Object.values(gap).filter((g) => g < 0).length).toBeGreaterThan(0);
    // so, without the other lines, the check is skipped rather than failing 17 of 22 records
    for (const r of records)
      expect(byId(checkStatement(r.normalised), 'operating_profit').status).toBe('skipped');
  });
});

describe('Kaveh (کاوه): retained earnings across consecutive annual years', () => {
  const annual = records
    .filter((r) => r.symbol === 'کاوه' && r.period_months === 12)
    .sort((a, b) => a.period_end_jalali.localeCompare(b.period_end_jalali));
  const year = (r: StatementRecord) => Number(r.period_end_jalali.slice(0, 4));
  const pairs = annual.slice(1).map((r, i) => ({ year: year(r), r, prev: annual[i]! }));
  /** A row of the appropriation section (تقسیم سود) that the old layout (≤ 1397) files with the income statement. */
  const row = (r: StatementRecord, label: string) => r.items.income_statement?.[label];

  // Dividends declared (سود سهام مصوب) are in the data only for 1386–1397, where Enigma's old
  // template carries the appropriation section; from 1398 they are not (the new layout moves
  // them to the statement of changes in equity, which the capture does not have).
  const withDividends = pairs.filter((p) => row(p.r, 'سود سهام مصوب') !== undefined);
  const withoutDividends = pairs.filter((p) => row(p.r, 'سود سهام مصوب') === undefined);

  it('dividends are filed for 1387–1397, not for 1398–1403', () => {
    expect(withDividends.map((p) => p.year)).toEqual([
      1387, 1388, 1389, 1390, 1391, 1392, 1393, 1394, 1395, 1396, 1397,
    ]);
    expect(withoutDividends.map((p) => p.year)).toEqual([1398, 1399, 1400, 1401, 1402, 1403]);
    for (const p of withoutDividends) {
      const r = byId(
        checkStatement(p.r.normalised, { previous: p.prev.normalised }),
        'retained_earnings_movement',
      );
      expect(r).toMatchObject({ status: 'skipped', missing: ['dividends'] });
    }
  });

  // ΔRE − (net profit − dividends), million IRR, from the check; 1 year of 11 ties exactly.
  const expectedDifference: Record<number, number> = {
    1387: -15, // legal reserve −15
    1388: -1, // opening 1,900 filed against the previous closing 1,901 (rounding)
    1389: 1_850, // prior-year adjustments +1,850
    1390: 0, // a loss year: no dividends, no reserve, no adjustment
    1391: -1_847, // legal reserve
    1392: -36_008, // legal reserve
    1393: -119_437, // adjustments −93,275, legal reserve −26,162
    1394: 36_110, // adjustments +49,060, legal reserve −12,950
    1395: -4_486, // legal reserve
    1396: -79_901, // legal reserve −79,902, opening 113,399 against 113,398
    1397: -300_743, // legal reserve
  };

  it.each(withDividends.map((p) => [p.year, p] as const))(
    '%i: the difference is explained by the filed movements',
    (y, p) => {
      const dividends = -row(p.r, 'سود سهام مصوب')!; // filed negative
      const r = byId(
        checkStatement(p.r.normalised, { previous: p.prev.normalised, dividends }),
        'retained_earnings_movement',
      );
      expect(r.severity).toBe('warning');
      expect(r.difference).toBe(expectedDifference[y]);
      expect(r.ok).toBe(r.difference === 0);
      // difference = legal reserve (filed negative) + prior-year adjustments + capitalisation
      //            + (opening retained earnings as filed − the previous year's closing)
      const opening = row(p.r, 'سود (زیان) انباشته در ابتدای سال (دوره) مالی')!;
      const explained =
        (row(p.r, 'اندوخته قانونی') ?? 0) +
        (row(p.r, 'تعدیلات سنواتی') ?? 0) +
        (row(p.r, 'افزایش سرمایه از محل سود انباشته') ?? 0) +
        (opening - p.prev.normalised.retained_earnings!);
      expect(r.difference).toBe(explained);
    },
  );

  it('ties exactly in 1 year of 11 (1390); the largest gap is 300,743 (1397, legal reserve)', () => {
    const diffs = withDividends.map(
      (p) =>
        byId(
          checkStatement(p.r.normalised, {
            previous: p.prev.normalised,
            dividends: -row(p.r, 'سود سهام مصوب')!,
          }),
          'retained_earnings_movement',
        ).difference!,
    );
    expect(diffs.filter((d) => d === 0)).toHaveLength(1);
    expect(Math.max(...diffs.map(Math.abs))).toBe(300_743);
    // no error-severity failure on any of these years: the gaps are warnings only
    for (const p of withDividends)
      expect(
        failedChecks(p.r.normalised, {
          previous: p.prev.normalised,
          dividends: -row(p.r, 'سود سهام مصوب')!,
        }).filter((x) => x.severity === 'error'),
      ).toEqual([]);
  });
});

describe('checkStatement: the limits and messages of each rule, exactly', () => {
  it('the slack is 1e-9 of the largest term, at least 1e-9: a rounding gap of a trillion-rial total passes', () => {
    const big = { total_assets: 1e12 + 500, total_liabilities: 4e11, total_equity: 6e11 };
    expect(byId(checkStatement(big), 'balance')).toMatchObject({ ok: true, difference: 500 });
    expect(byId(checkStatement({ ...big, total_assets: 1e12 + 2000 }), 'balance').ok).toBe(false);
    // a gap of exactly the slack passes as exact; an inequality short by exactly the slack passes
    const tiny = byId(
      checkStatement({ total_assets: 1e-9, total_liabilities: 0, total_equity: 0 }),
      'balance',
    );
    expect(tiny.ok).toBe(true);
    expect(tiny.messageFa).toBe('«جمع دارایی‌ها» با جمع «جمع بدهی‌ها» و «جمع حقوق مالکانه» برابر است.');
    expect(
      byId(checkStatement({ total_assets: 0, current_assets: 1e-9, fixed_assets: 0 }), 'assets_within_total')
        .ok,
    ).toBe(true);
  });

  it('an inequality that holds says so; one that fails adds its note', () => {
    expect(byId(run(base), 'assets_within_total').messageFa).toBe(
      'جمع «جمع دارایی‌های جاری» و «دارایی‌های ثابت مشهود» از «جمع دارایی‌ها» بیشتر نیست.',
    );
    expect(byId(run({ ...base, inventory: 45 }), 'current_assets_components').messageFa).toMatch(
      /بیشتر است؛ اختلاف ۵ میلیون ریال است\. بخشی از جمع دارایی‌های جاری نمی‌تواند از خود آن بیشتر باشد\.$/,
    );
  });

  it('an equality fails both ways: total liabilities over their parts fails too', () => {
    const r = byId(run({ ...base, total_liabilities: 90, total_equity: 110 }), 'liabilities_split');
    expect(r).toMatchObject({ ok: false, expected: 80, actual: 90, difference: 10 });
  });

  it('the retained-earnings movement is about retained earnings and net profit', () => {
    expect(byId(run(base), 'retained_earnings_movement').items).toEqual(['retained_earnings', 'net_profit']);
  });

  it('a sign check: an error when skipped too, and a plain message when it holds', () => {
    const { cash: _, ...noCash } = base;
    expect(byId(run(noCash), 'non_negative.cash')).toMatchObject({
      status: 'skipped',
      severity: 'error',
      items: ['cash'],
      missing: ['cash'],
    });
    expect(byId(run(base), 'non_negative.cash').messageFa).toBe('«موجودی نقد» منفی نیست.');
  });

  it('a bad tolerance is named in the RangeError', () => {
    expect(() => checkStatement(base, { tolerance: -1 })).toThrow(
      'tolerance must be a finite number ≥ 0 (million IRR), got -1',
    );
    expect(() => checkStatement(base, { retainedEarningsTolerance: Number.POSITIVE_INFINITY })).toThrow(
      'retainedEarningsTolerance must be a finite number ≥ 0 (million IRR), got Infinity',
    );
  });
});
