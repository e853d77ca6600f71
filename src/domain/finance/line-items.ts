/**
 * Line items of a financial statement (اقلام صورت مالی) and the result type of every figure the
 * evaluation computes from them. Pure: no I/O, no clock.
 *
 * Units: every amount is in million IRR, signed as the source shows it (Codal and the normalised
 * records in data/codal/statements.json: costs and expenses are negative). Ratios computed from
 * them are plain fractions (0.12 = 12 %), so the unit cancels; it only has to be the same for
 * every input. `employees` is a head count, not an amount.
 *
 * A result is never a guessed number: an input that is missing is named, a zero denominator is
 * named, and nothing is derived from other items to fill a gap (for example total liabilities
 * is NOT taken as total assets − total equity when the statement lacks it).
 */

/** The glossary's minimum line items ("Finance and performance", line items), in its order. */
export const LINE_ITEM_KEYS = [
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
  'retained_earnings',
  'total_equity',
  'revenue',
  'cost_of_revenue',
  'gross_profit',
  'operating_expenses',
  'operating_profit',
  'finance_costs',
  'net_profit',
  'employees',
  'wages',
  'intermediate_consumption',
] as const;

export type LineItemKey = (typeof LINE_ITEM_KEYS)[number];

/**
 * The line items of one statement (one company, one period): million IRR, `employees` a head
 * count. Any item may be absent; `null` and non-finite numbers (NaN, ±Infinity) count as absent
 * too, so a database row or a parsed JSON record can be passed as it is.
 */
export type LineItems = Partial<Record<LineItemKey, number | null>>;

/** Why a figure could not be computed. */
export type NotComputableReason = 'missing' | 'zero_denominator';

/**
 * A computed figure, or why there is none. When `ok` is false, `missing` names the inputs:
 * for `missing`, every absent input (line item keys, or `market_value_of_equity` for Altman's
 * Z); for `zero_denominator`, the denominator item(s) that were zero.
 */
export type Computed<T> =
  | { ok: true; value: T }
  | { ok: false; missing: string[]; reason: NotComputableReason };

/** Persian label of each reason, for the "not computable" cell of a screen. */
export const NOT_COMPUTABLE_LABELS_FA: Record<NotComputableReason, string> = {
  missing: 'قابل محاسبه نیست: قلم لازم در صورت مالی نیامده است',
  zero_denominator: 'قابل محاسبه نیست: مخرج کسر صفر است',
};

/**
 * Persian names of the items, as the row labels of Iranian statements read (taken from the
 * `normalised_source_labels` of data/codal/statements.json where they appear there), plus the
 * one input that is not a line item.
 */
export const INPUT_LABELS_FA: Record<LineItemKey | 'market_value_of_equity', string> = {
  cash: 'موجودی نقد',
  receivables: 'دریافتنی‌های تجاری و سایر دریافتنی‌ها',
  inventory: 'موجودی مواد و کالا',
  current_assets: 'جمع دارایی‌های جاری',
  fixed_assets: 'دارایی‌های ثابت مشهود',
  total_assets: 'جمع دارایی‌ها',
  current_liabilities: 'جمع بدهی‌های جاری',
  non_current_liabilities: 'جمع بدهی‌های غیرجاری',
  total_liabilities: 'جمع بدهی‌ها',
  capital: 'سرمایه',
  retained_earnings: 'سود (زیان) انباشته',
  total_equity: 'جمع حقوق مالکانه',
  revenue: 'درآمدهای عملیاتی',
  cost_of_revenue: 'بهای تمام‌شده درآمدهای عملیاتی',
  gross_profit: 'سود (زیان) ناخالص',
  operating_expenses: 'هزینه‌های فروش، اداری و عمومی',
  operating_profit: 'سود (زیان) عملیاتی',
  finance_costs: 'هزینه‌های مالی',
  net_profit: 'سود (زیان) خالص',
  employees: 'تعداد کارکنان',
  wages: 'هزینه حقوق و دستمزد',
  intermediate_consumption: 'مصرف واسطه',
  market_value_of_equity: 'ارزش بازار حقوق صاحبان سهام',
};

/** Whether `v` is a usable amount: a finite number (not null, undefined or NaN). */
export const isPresent = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v);

/**
 * The values of `keys` in `items`, or a `missing` result naming every absent key (in the order
 * of `keys`). Only reads; does not check denominators.
 */
export function requireItems<K extends LineItemKey>(
  items: LineItems,
  keys: readonly K[],
): { ok: true; value: Record<K, number> } | { ok: false; missing: string[]; reason: 'missing' } {
  const value = {} as Record<K, number>;
  const missing: string[] = [];
  for (const k of keys) {
    const v = items[k];
    if (isPresent(v)) value[k] = v;
    else missing.push(k);
  }
  return missing.length > 0 ? { ok: false, missing, reason: 'missing' } : { ok: true, value };
}

/** A `zero_denominator` result naming the denominator item(s). */
export const zeroDenominator = (
  ...names: string[]
): { ok: false; missing: string[]; reason: 'zero_denominator' } => ({
  ok: false,
  missing: names,
  reason: 'zero_denominator',
});

/**
 * numerator / denominator of two line items, as a fraction: `missing` naming the absent one(s)
 * (numerator first), `zero_denominator` naming the denominator when it is 0 (or −0).
 */
export function itemRatio(
  items: LineItems,
  numerator: LineItemKey,
  denominator: LineItemKey,
): Computed<number> {
  const got = requireItems(items, [numerator, denominator]);
  if (!got.ok) return got;
  const d = got.value[denominator];
  if (d === 0) return zeroDenominator(denominator);
  return { ok: true, value: got.value[numerator] / d };
}
