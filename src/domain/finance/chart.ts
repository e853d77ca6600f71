import { formatNumber } from '../persian-text.ts';
import { INPUT_LABELS_FA, isPresent, type LineItemKey } from './line-items.ts';

/**
 * The chart of line items (سرفصل اقلام صورت‌های مالی): every item a statement can carry, its
 * statement, its place and how it adds up. Pure data and rules, shared by the server (the chart
 * table is seeded from `BUILTIN_CHART`; staff add items beside them) and the client (the entry
 * grid and the statement view lay the items out from it).
 *
 * The builtin items are the glossary's minimum ("Finance and performance", line items; codes as
 * in line-items.ts) plus the few the checks and the statements' own layout need:
 * `non_current_assets` (the total the glossary lacks, so that total assets can be shown as its two
 * parts), `other_operating` (other operating income and expenses, the term the operating-profit
 * check needs), `dividends` (dividends declared during the period, for the retained-earnings
 * movement), and the four totals of the cash-flow statement (Iranian Accounting Standard 2,
 * صورت جریان‌های نقدی: operating, investing, financing, and the net change they sum to).
 */

/** The statements an item belongs to; `other`: figures beside the statements (head count, payroll). */
export const STATEMENT_KINDS = ['balance_sheet', 'income_statement', 'cash_flows', 'other'] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

export const STATEMENT_KIND_LABELS_FA: Record<StatementKind, string> = {
  balance_sheet: 'صورت وضعیت مالی (ترازنامه)',
  income_statement: 'صورت سود و زیان',
  cash_flows: 'صورت جریان‌های نقدی',
  other: 'اطلاعات تکمیلی',
};

/** An item's unit: an amount in million IRR, or a count (employees). */
export type ItemUnit = 'million_irr' | 'count';

/**
 * One item of the chart. `code`: Latin, stable (the key of a statement's items); `parent`: the item
 * it is shown under (null at the top of its statement); `sign`: +1 or −1, how it enters its
 * parent's sum; `isTotal`: the item equals the sum of its children, each times its sign (checked
 * when the item and every child have a value); `position`: order within the chart.
 */
export interface ChartItem {
  code: string;
  nameFa: string;
  statementKind: StatementKind;
  parent: string | null;
  sign: 1 | -1;
  isTotal: boolean;
  unit: ItemUnit;
  position: number;
  builtin: boolean;
  active: boolean;
}

/** The builtin codes beyond the glossary's minimum (see the module comment). */
export const EXTRA_ITEM_KEYS = [
  'non_current_assets',
  'other_operating',
  'dividends',
  'cf_operating',
  'cf_investing',
  'cf_financing',
  'cf_net_change',
] as const;
export type ExtraItemKey = (typeof EXTRA_ITEM_KEYS)[number];

const EXTRA_LABELS_FA: Record<ExtraItemKey, string> = {
  non_current_assets: 'جمع دارایی‌های غیرجاری',
  other_operating: 'سایر درآمدها و هزینه‌های عملیاتی',
  dividends: 'سود سهام مصوب',
  cf_operating: 'جریان خالص نقد حاصل از فعالیت‌های عملیاتی',
  cf_investing: 'جریان خالص نقد حاصل از فعالیت‌های سرمایه‌گذاری',
  cf_financing: 'جریان خالص نقد حاصل از فعالیت‌های تأمین مالی',
  cf_net_change: 'خالص افزایش (کاهش) در موجودی نقد',
};

type Row = [code: LineItemKey | ExtraItemKey, kind: StatementKind, parent: string | null, isTotal?: boolean];

// In the order of the statements' own layout (Codal's forms).
const ROWS: Row[] = [
  ['total_assets', 'balance_sheet', null, true],
  ['non_current_assets', 'balance_sheet', 'total_assets'],
  ['fixed_assets', 'balance_sheet', 'non_current_assets'],
  ['current_assets', 'balance_sheet', 'total_assets'],
  ['inventory', 'balance_sheet', 'current_assets'],
  ['receivables', 'balance_sheet', 'current_assets'],
  ['cash', 'balance_sheet', 'current_assets'],
  ['total_equity', 'balance_sheet', null],
  ['capital', 'balance_sheet', 'total_equity'],
  ['retained_earnings', 'balance_sheet', 'total_equity'],
  ['total_liabilities', 'balance_sheet', null],
  ['non_current_liabilities', 'balance_sheet', 'total_liabilities'],
  ['current_liabilities', 'balance_sheet', 'total_liabilities'],
  ['revenue', 'income_statement', null],
  ['cost_of_revenue', 'income_statement', null],
  ['gross_profit', 'income_statement', null],
  ['operating_expenses', 'income_statement', null],
  ['other_operating', 'income_statement', null],
  ['operating_profit', 'income_statement', null],
  ['finance_costs', 'income_statement', null],
  ['net_profit', 'income_statement', null],
  ['dividends', 'income_statement', null],
  ['cf_operating', 'cash_flows', 'cf_net_change'],
  ['cf_investing', 'cash_flows', 'cf_net_change'],
  ['cf_financing', 'cash_flows', 'cf_net_change'],
  ['cf_net_change', 'cash_flows', null, true],
  ['employees', 'other', null],
  ['wages', 'other', null],
  ['intermediate_consumption', 'other', null],
];

const labelOf = (code: LineItemKey | ExtraItemKey) =>
  (INPUT_LABELS_FA as Record<string, string>)[code] ?? EXTRA_LABELS_FA[code as ExtraItemKey];

/** The builtin chart, in layout order (positions 10, 20, …: room for items staff add between). */
export const BUILTIN_CHART: readonly ChartItem[] = ROWS.map(([code, statementKind, parent, isTotal], i) => ({
  code,
  nameFa: labelOf(code),
  statementKind,
  parent,
  sign: 1,
  isTotal: isTotal === true,
  unit: code === 'employees' ? 'count' : 'million_irr',
  position: (i + 1) * 10,
  builtin: true,
  active: true,
}));

/** A statement's items as stored: chart code → amount (million IRR) or count. */
export type StatementItems = Readonly<Record<string, number | null | undefined>>;

/** The result of one total of the chart (see `chartTotalChecks`). */
export interface ChartTotalCheck {
  /** `total.<code>` */
  id: string;
  code: string;
  status: 'passed' | 'failed' | 'skipped';
  /** The children (codes) without a value, when skipped. */
  missing: string[];
  actual?: number;
  expected?: number;
  difference?: number;
  messageFa: string;
}

/**
 * Every `isTotal` item of `chart` (active ones) against the sum of its active children, each times
 * its sign: passed when equal within `tolerance` (million IRR, default 0: filed statements tie
 * exactly), failed otherwise, skipped (naming the missing codes) when the total or a child has no
 * value, or the total has no children. An error check: a failure blocks submission as the
 * domain's checks do (checks.ts).
 */
export function chartTotalChecks(
  chart: readonly ChartItem[],
  items: StatementItems,
  tolerance = 0,
): ChartTotalCheck[] {
  const active = chart.filter((c) => c.active);
  const name = (c: ChartItem) => `«${c.nameFa}»`;
  return active
    .filter((c) => c.isTotal)
    .map((total) => {
      const id = `total.${total.code}`;
      const children = active.filter((c) => c.parent === total.code);
      const absent = [total, ...children].filter((c) => !isPresent(items[c.code]));
      if (children.length === 0 || absent.length > 0)
        return {
          id,
          code: total.code,
          status: 'skipped' as const,
          missing: absent.map((c) => c.code),
          messageFa:
            children.length === 0
              ? `${name(total)} جزئی ندارد.`
              : `بررسی نشد؛ مبلغ ${absent.map(name).join('، ')} در دست نیست.`,
        };
      const actual = items[total.code] as number;
      const expected = children.reduce((s, c) => s + c.sign * (items[c.code] as number), 0);
      const difference = actual - expected;
      const failed = Math.abs(difference) > tolerance + 1e-9 * Math.max(1, Math.abs(actual));
      return {
        id,
        code: total.code,
        status: failed ? ('failed' as const) : ('passed' as const),
        missing: [],
        actual,
        expected,
        difference,
        messageFa: failed
          ? `${name(total)} (${formatNumber(actual)}) با جمع اجزای آن (${formatNumber(expected)}) برابر نیست؛ اختلاف ${formatNumber(Math.abs(difference))} میلیون ریال است.`
          : `${name(total)} با جمع اجزای آن برابر است.`,
      };
    });
}
