import { formatNumber } from '../persian-text.ts';
import { INPUT_LABELS_FA, isPresent, type LineItemKey, type LineItems } from './line-items.ts';

/**
 * Consistency checks of one statement's line items (کنترل‌های سازگاری صورت مالی), run when a
 * statement is saved or imported. Pure: no I/O, no clock.
 *
 * Units: amounts in million IRR, signed as filed (costs and expenses NEGATIVE, see
 * line-items.ts); `employees` is a head count. Filed statements are rounded to the million and
 * tie exactly (data/codal/SOURCES.md: 0 mismatches at zero tolerance on all 23 records), so the
 * default tolerance is 0; an import may widen it (`CheckOptions.tolerance`).
 *
 * The checks, in the order they are returned (identities of the statements' own layout: every
 * `جمع …` row is the sum of its rows, as the Codal forms and the Iranian accounting standards
 * (استاندارد حسابداری ۱، نحوه ارائه صورت‌های مالی) lay them out):
 *   1. `balance`: total_assets = total_liabilities + total_equity.
 *   2. Assets. The glossary's items have no total of non-current assets, so the identity
 *      total_assets = current_assets + non-current assets cannot be written with them. What the
 *      items do allow, as inequalities (a part of a total is never larger than the total, since
 *      every asset row is a non-negative balance; accumulated depreciation is netted inside
 *      fixed_assets, never shown as its own negative asset row):
 *      `assets_within_total`: current_assets + fixed_assets ≤ total_assets (tangible fixed assets
 *        are one of the non-current rows; the others are intangibles, long-term investments and
 *        receivables, other assets);
 *      `current_assets_components`: cash + receivables + inventory ≤ current_assets (the other
 *        current rows are prepayments, short-term investments, assets held for sale).
 *      Both pass on every real record; the slack is the rows the glossary does not carry.
 *   3. `liabilities_split`: total_liabilities = current_liabilities + non_current_liabilities.
 *   4. Income statement.
 *      `gross_profit`: gross_profit = revenue + cost_of_revenue (cost negative as filed).
 *      `operating_profit`: operating_profit = gross_profit + operating_expenses + other operating
 *        lines. The glossary's items lack the other operating lines (سایر درآمدها / سایر
 *        هزینه‌ها, impairment of receivables …) and no inequality stands in for them: on the real
 *        Kaveh statements operating_profit − (gross_profit + operating_expenses) is positive in
 *        some years (other operating income: +13,198,876 in 1403) and negative in others (other
 *        expenses: −4,214,995 in 1400), and 0 only in 1386–1390. So the identity is checked only
 *        when the caller gives the net of those lines (`CheckOptions.otherOperating`); without
 *        it the check is skipped, naming `other_operating`. With it, every real record passes.
 *   5. `retained_earnings_movement` (severity 'warning', the only one): retained_earnings −
 *      previous retained_earnings = net_profit − dividends, when `previous` and `dividends` are
 *      given. APPROXIMATE: retained earnings also move by the transfer to the legal reserve
 *      (1/20 of net profit until the reserve reaches 1/10 of capital, Commercial Code art. 140),
 *      other reserves, prior-year adjustments (تعدیلات سنواتی), capital increases from retained
 *      earnings and treasury-share results. On Kaveh's filed appropriations 1387–1397 it ties
 *      exactly in 1 year of 11 (1390); the others are off by 1 to 300,743 million IRR, each gap
 *      exactly the filed reserve transfer and adjustments, plus a rounding of 1 in two years
 *      (checks.test.ts). So a difference is a warning to be explained, not an error that blocks
 *      a save, and it has its own tolerance (`retainedEarningsTolerance`, defaulting to
 *      `tolerance`).
 *   6. `non_negative.<item>`: one result per item of NON_NEGATIVE_ITEMS, on its own cell: a
 *      balance, a revenue, a head count or a payroll cannot be below zero. No tolerance: a sign
 *      is not a rounding matter.
 * Every check but 5 has severity 'error'.
 *
 * Absent inputs (absent, null, NaN, ±Infinity: `isPresent`) are never guessed: the check is
 * `skipped`, with `missing` naming every absent input, and is not a failure.
 */

/** 'error': the statement contradicts itself; 'warning': a difference the reviewer should explain. */
export type CheckSeverity = 'error' | 'warning';

/** Outcome of one check; 'skipped' when an input is absent (see `CheckResult.missing`). */
export type CheckStatus = 'passed' | 'failed' | 'skipped';

/**
 * The items that cannot be negative, each checked on its own (check 6), in the glossary's order.
 * `wages` is the payroll amount as entered (a positive figure, not an income-statement row
 * signed as filed); `employees` a head count.
 */
export const NON_NEGATIVE_ITEMS = [
  'cash',
  'receivables',
  'inventory',
  'current_assets',
  'fixed_assets',
  'total_assets',
  'current_liabilities',
  'non_current_liabilities',
  'total_liabilities',
  'capital',
  'revenue',
  'employees',
  'wages',
] as const satisfies readonly LineItemKey[];

/** An item of NON_NEGATIVE_ITEMS. */
export type NonNegativeItem = (typeof NON_NEGATIVE_ITEMS)[number];

/** Identifier of a check (see the module comment for each rule). */
export type CheckId =
  | 'balance'
  | 'assets_within_total'
  | 'current_assets_components'
  | 'liabilities_split'
  | 'gross_profit'
  | 'operating_profit'
  | 'retained_earnings_movement'
  | `non_negative.${NonNegativeItem}`;

/**
 * An input a check can lack: a line item of the statement, or one of the inputs that are not
 * among its items: the previous period's retained earnings, the dividends, the other operating
 * lines (see `CheckOptions`).
 */
export type CheckInput = LineItemKey | 'previous.retained_earnings' | 'dividends' | 'other_operating';

/** Persian names of every check input (the line items' from INPUT_LABELS_FA). */
export const CHECK_INPUT_LABELS_FA: Record<CheckInput, string> = {
  ...INPUT_LABELS_FA,
  'previous.retained_earnings': 'سود (زیان) انباشته پایان دوره قبل',
  dividends: 'سود سهام مصوب',
  other_operating: 'سایر درآمدها و هزینه‌های عملیاتی',
};

/**
 * The result of one check.
 * - `items`: the cells the check is about; the first is where a screen shows it (the total or
 *   the item itself).
 * - `ok`: false only when `status` is 'failed' (a skipped check is not a failure).
 * - `missing`: the absent inputs when skipped, in the order of the rule; else empty.
 * - `actual`, `expected`, `difference` (million IRR; a head count for `employees`), present when
 *   the check ran: `actual` is the value of the first cell (for the retained-earnings movement:
 *   this period's minus the previous one's), `expected` what the rule gives from the other cells
 *   (an equality's sum; an inequality's lower bound, the sum of the parts; 0 for a sign check),
 *   `difference` = actual − expected. An equality fails when |difference| > tolerance, an
 *   inequality (parts ≤ total) and a sign check when difference < −tolerance (sign: tolerance 0).
 * - `tolerance`: the one applied, million IRR, when the check ran.
 * - `messageFa`: one Persian sentence for the screen: items named by INPUT_LABELS_FA, amounts in
 *   Persian digits with ٬ thousands separators.
 */
export interface CheckResult {
  id: CheckId;
  severity: CheckSeverity;
  status: CheckStatus;
  ok: boolean;
  items: LineItemKey[];
  missing: CheckInput[];
  expected?: number;
  actual?: number;
  difference?: number;
  tolerance?: number;
  messageFa: string;
}

/**
 * Options of `checkStatement`. Amounts in million IRR.
 * - `previous`: the line items of the previous period's statement of the same company, whose
 *   closing retained earnings are this period's opening (for an annual statement the previous
 *   fiscal year; for an interim one the previous year end). Only its retained_earnings is read.
 * - `dividends`: dividends declared out of retained earnings during the period (سود سهام مصوب),
 *   as a POSITIVE amount (the appropriation section files it negative: pass its negation). Used
 *   as given.
 * - `otherOperating`: the net of the income statement's operating lines between
 *   operating_expenses and operating_profit (other operating income and expenses, impairment of
 *   receivables …), signed as filed (income positive, expenses negative).
 * - `tolerance`: largest |difference| still passing, ≥ 0; default 0 (filed figures tie exactly).
 * - `retainedEarningsTolerance`: the same for check 5 only; default `tolerance`.
 * Checks 5 and the operating-profit check are skipped when their option is absent or null.
 */
export interface CheckOptions {
  previous?: LineItems | null;
  dividends?: number | null;
  otherOperating?: number | null;
  tolerance?: number;
  retainedEarningsTolerance?: number;
}

/** Thousands separator ٬, decimal separator ٫, and LRM + minus sign, as src/ui/format.ts writes them. */
/** An amount in Persian digits with separators, to 6 decimals at most: -1234567 → '‎−۱٬۲۳۴٬۵۶۷'. */
const formatAmountFa = (value: number) => formatNumber(Math.round(value * 1e6) / 1e6);

const label = (k: CheckInput) => `«${CHECK_INPUT_LABELS_FA[k]}»`;
const UNIT_FA = 'میلیون ریال';

function skipped(
  id: CheckId,
  severity: CheckSeverity,
  items: LineItemKey[],
  missing: CheckInput[],
): CheckResult {
  const lead = missing.length === 1 ? 'قلم لازم در دست نیست' : 'اقلام لازم در دست نیست';
  return {
    id,
    severity,
    status: 'skipped',
    ok: true,
    items,
    missing,
    messageFa: `بررسی نشد؛ ${lead}: ${missing.map(label).join('، ')}.`,
  };
}

/** A term of a rule: the input it names and its value (absent when not `isPresent`). */
type Term = readonly [CheckInput, number | null | undefined];

/** The values of `terms`, or the inputs among them that are absent. */
function gather(
  terms: readonly Term[],
): { ok: true; values: number[] } | { ok: false; missing: CheckInput[] } {
  const missing = terms.filter(([, v]) => !isPresent(v)).map(([k]) => k);
  return missing.length > 0
    ? { ok: false, missing }
    : { ok: true, values: terms.map(([, v]) => v as number) };
}

/**
 * Floating-point slack added to the tolerance: 1e-9 of the largest term, so that amounts with
 * decimals (an import converted from rials) do not fail on binary rounding alone.
 */
const slack = (values: readonly number[]) => 1e-9 * Math.max(1, ...values.map(Math.abs));

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

interface RuleSpec {
  id: CheckId;
  severity: CheckSeverity;
  items: LineItemKey[];
  /** 'eq': actual = expected; 'le': expected (the sum of the parts) ≤ actual (the total). */
  kind: 'eq' | 'le';
  /** Terms whose value is `actual` (one, or this − previous for check 5: [+, −]). */
  actual: readonly Term[];
  actualSigns?: readonly number[];
  /** Terms whose signed sum is `expected`. */
  expected: readonly Term[];
  expectedSigns?: readonly number[];
  /** Persian phrases naming the two sides. */
  actualFa: string;
  expectedFa: string;
  /** Added to a failure's message. */
  noteFa?: string;
  tolerance: number;
}

function runRule(spec: RuleSpec): CheckResult {
  const got = gather([...spec.actual, ...spec.expected]);
  if (!got.ok) return skipped(spec.id, spec.severity, spec.items, got.missing);
  const a = got.values.slice(0, spec.actual.length);
  const e = got.values.slice(spec.actual.length);
  const actual = sum(a.map((v, i) => v * (spec.actualSigns?.[i] ?? 1)));
  const expected = sum(e.map((v, i) => v * (spec.expectedSigns?.[i] ?? 1)));
  const difference = actual - expected;
  const eps = slack(got.values);
  const tol = spec.tolerance;
  const failed = spec.kind === 'eq' ? Math.abs(difference) > tol + eps : difference < -(tol + eps);
  const exact = Math.abs(difference) <= eps;
  const aFa = `${spec.actualFa} (${formatAmountFa(actual)})`;
  const eFa = `${spec.expectedFa} (${formatAmountFa(expected)})`;
  const dFa = `${formatAmountFa(Math.abs(difference))} ${UNIT_FA}`;
  let messageFa: string;
  if (spec.kind === 'eq') {
    if (failed) messageFa = `${aFa} با ${eFa} برابر نیست؛ اختلاف ${dFa} است.`;
    else if (exact) messageFa = `${spec.actualFa} با ${spec.expectedFa} برابر است.`;
    else
      messageFa = `${aFa} با ${eFa} در حد رواداری برابر است؛ اختلاف ${dFa}، رواداری ${formatAmountFa(tol)} ${UNIT_FA}.`;
  } else if (failed) messageFa = `${eFa} از ${aFa} بیشتر است؛ اختلاف ${dFa} است.`;
  else messageFa = `${spec.expectedFa} از ${spec.actualFa} بیشتر نیست.`;
  if (failed && spec.noteFa) messageFa += ` ${spec.noteFa}`;
  return {
    id: spec.id,
    severity: spec.severity,
    status: failed ? 'failed' : 'passed',
    ok: !failed,
    items: spec.items,
    missing: [],
    expected,
    actual,
    difference,
    tolerance: tol,
    messageFa,
  };
}

/** The sum of `keys` (two or more: every rule's expected side) as a Persian phrase: جمع «a» و «b» و «c». */
const sumFa = (keys: readonly CheckInput[]) => `جمع ${keys.map(label).join(' و ')}`;

function tolerance(value: number | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`${name} must be a finite number ≥ 0 (million IRR), got ${value}`);
  return value;
}

/**
 * Runs every check (see the module comment) on one statement's `items` (million IRR, signed as
 * filed) and returns one result per check, in a fixed order: balance, assets_within_total,
 * current_assets_components, liabilities_split, gross_profit, operating_profit,
 * retained_earnings_movement, then non_negative.<item> in NON_NEGATIVE_ITEMS order. Passed,
 * failed and skipped checks are all listed; `failedChecks` keeps the failures.
 *
 * Throws a RangeError when a tolerance is negative or not finite (a caller's mistake, not a
 * property of the statement); nothing else throws.
 */
export function checkStatement(items: LineItems, opts: CheckOptions = {}): CheckResult[] {
  const tol = tolerance(opts.tolerance, 'tolerance', 0);
  const reTol = tolerance(opts.retainedEarningsTolerance, 'retainedEarningsTolerance', tol);
  const t = (k: LineItemKey): Term => [k, items[k]];
  const rule = (
    spec: Omit<
      RuleSpec,
      'severity' | 'tolerance' | 'actualFa' | 'expectedFa' | 'actual' | 'expected' | 'items'
    > & {
      actual: LineItemKey;
      expected: readonly LineItemKey[];
      extra?: Term;
    },
  ): CheckResult => {
    const expectedTerms: Term[] = spec.expected.map(t);
    if (spec.extra) expectedTerms.push(spec.extra);
    return runRule({
      ...spec,
      // the cells it is about: the checked total first (where a screen shows it), then its terms
      items: [spec.actual, ...spec.expected],
      severity: 'error',
      tolerance: tol,
      actual: [t(spec.actual)],
      expected: expectedTerms,
      actualFa: label(spec.actual),
      expectedFa: sumFa(expectedTerms.map(([k]) => k)),
    });
  };

  const results: CheckResult[] = [
    rule({
      id: 'balance',
      kind: 'eq',
      actual: 'total_assets',
      expected: ['total_liabilities', 'total_equity'],
    }),
    rule({
      id: 'assets_within_total',
      kind: 'le',
      actual: 'total_assets',
      expected: ['current_assets', 'fixed_assets'],
      noteFa: 'بخشی از جمع دارایی‌ها نمی‌تواند از خود آن بیشتر باشد.',
    }),
    rule({
      id: 'current_assets_components',
      kind: 'le',
      actual: 'current_assets',
      expected: ['cash', 'receivables', 'inventory'],
      noteFa: 'بخشی از جمع دارایی‌های جاری نمی‌تواند از خود آن بیشتر باشد.',
    }),
    rule({
      id: 'liabilities_split',
      kind: 'eq',
      actual: 'total_liabilities',
      expected: ['current_liabilities', 'non_current_liabilities'],
    }),
    rule({
      id: 'gross_profit',
      kind: 'eq',
      actual: 'gross_profit',
      expected: ['revenue', 'cost_of_revenue'],
    }),
    rule({
      id: 'operating_profit',
      kind: 'eq',
      actual: 'operating_profit',
      expected: ['gross_profit', 'operating_expenses'],
      extra: ['other_operating', opts.otherOperating],
    }),
    runRule({
      id: 'retained_earnings_movement',
      severity: 'warning',
      kind: 'eq',
      items: ['retained_earnings', 'net_profit'],
      actual: [t('retained_earnings'), ['previous.retained_earnings', opts.previous?.retained_earnings]],
      actualSigns: [1, -1],
      expected: [t('net_profit'), ['dividends', opts.dividends]],
      expectedSigns: [1, -1],
      actualFa: `تغییر ${label('retained_earnings')} نسبت به پایان دوره قبل`,
      expectedFa: `${label('net_profit')} منهای ${label('dividends')}`,
      noteFa:
        'انتقال به اندوخته قانونی، تعدیلات سنواتی و افزایش سرمایه از محل سود انباشته نیز سود انباشته را تغییر می‌دهند؛ اختلاف را توضیح دهید.',
      tolerance: reTol,
    }),
  ];

  for (const k of NON_NEGATIVE_ITEMS) {
    const id: CheckId = `non_negative.${k}`;
    const v = items[k];
    if (!isPresent(v)) {
      results.push(skipped(id, 'error', [k], [k]));
      continue;
    }
    const failed = v < 0;
    results.push({
      id,
      severity: 'error',
      status: failed ? 'failed' : 'passed',
      ok: !failed,
      items: [k],
      missing: [],
      expected: 0,
      actual: v,
      difference: v,
      tolerance: 0,
      messageFa: failed
        ? `${label(k)} منفی است (${formatAmountFa(v)})؛ این قلم نمی‌تواند منفی باشد.`
        : `${label(k)} منفی نیست.`,
    });
  }
  return results;
}

/**
 * The failed checks of `checkStatement(items, opts)` (errors and warnings; filter on
 * `severity === 'error'` for the ones that should block a save). Skipped checks are not failures.
 */
export const failedChecks = (items: LineItems, opts?: CheckOptions): CheckResult[] =>
  checkStatement(items, opts).filter((r) => r.status === 'failed');
