import { searchKey } from '../persian-text.ts';
import { isPresent, LINE_ITEM_KEYS } from './line-items.ts';

/**
 * A published statement in the shape of data/codal/statements.json (see data/codal/SOURCES.md):
 * the rows of each statement as filed on Codal, by their Persian row label and in the filed order,
 * amounts in million IRR signed as filed, and the glossary's items already picked out
 * (`normalised`). Both the seed (the real statements of کاوه and شرانل) and the import (a Codal
 * statement uploaded as JSON) read it through `codalStatementItems`.
 */
export interface CodalStatementRecord {
  id?: string;
  symbol: string;
  company_name_fa?: string;
  isin?: string | null;
  period_end_jalali: string;
  period_months: number | null;
  fiscal_year_end_jalali?: string | null;
  audited?: boolean | null;
  normalised: Record<string, number | null>;
  items?: {
    balance_sheet?: Record<string, number | null>;
    income_statement?: Record<string, number | null>;
    cash_flow?: Record<string, number | null>;
  };
}

const key = (label: string) => searchKey(label).replace(/[()\-–]/g, '');

/** The value of the first row whose label's key satisfies `match`, in filed order. */
function row(
  rows: Record<string, number | null> | undefined,
  match: (k: string) => boolean,
): number | undefined {
  if (!rows) return undefined;
  for (const [label, value] of Object.entries(rows)) if (isPresent(value) && match(key(label))) return value;
  return undefined;
}

/**
 * The chart items of a Codal record (chart codes of domain/finance/chart.ts → million IRR):
 * - the glossary's items from `normalised` (only LINE_ITEM_KEYS; other keys are ignored);
 * - `non_current_assets` from the balance sheet's «جمع دارایی‌های غیرجاری» row;
 * - `other_operating`: the sum of the income statement's rows filed between «هزینه‌های فروش،
 *   اداری و عمومی» and «سود (زیان) عملیاتی» (other operating income and expenses, impairment of
 *   receivables; a «جمع …» subtotal among them is skipped), when both rows are there;
 * - `dividends` (positive) from a «سود سهام مصوب» row, when filed;
 * - the cash-flow totals from the rows «جریان خالص ورود (خروج) نقد حاصل از فعالیت‌های عملیاتی /
 *   سرمایه‌گذاری / تامین مالی» and «خالص افزایش (کاهش) در موجودی نقد».
 * Labels are matched by their search key (spaces, zero-width non-joiners, Arabic letter forms
 * and brackets ignored), since filings differ in those. Nothing is derived to fill a gap: an item
 * the record lacks is absent.
 */
export function codalStatementItems(record: CodalStatementRecord): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of LINE_ITEM_KEYS) {
    const v = record.normalised[k]; // the import refuses a record without normalised
    if (isPresent(v)) out[k] = v;
  }
  const bs = record.items?.balance_sheet;
  const is = record.items?.income_statement;
  const cf = record.items?.cash_flow;
  const put = (code: string, v: number | undefined) => {
    if (v !== undefined) out[code] = v;
  };
  put(
    'non_current_assets',
    row(bs, (k) => k === key('جمع دارایی‌های غیرجاری')),
  );
  if (is) {
    const labels = Object.keys(is);
    const from = labels.findIndex((l) => key(l).startsWith(key('هزینه‌های فروش')));
    const to = labels.findIndex((l) => key(l) === key('سود (زیان) عملیاتی'));
    if (from >= 0 && to > from) {
      let sum = 0;
      // Subtotal rows (جمع هزینه‌ها, in the older layout) already hold the rows above them.
      for (const l of labels.slice(from + 1, to)) {
        if (key(l).startsWith(key('جمع'))) continue;
        const v = is[l];
        if (isPresent(v)) sum += v;
      }
      out.other_operating = sum;
    }
    const dividends = row(is, (k) => k.startsWith(key('سود سهام مصوب')));
    if (dividends !== undefined) out.dividends = Math.abs(dividends);
  }
  const flow = (activity: string) => (k: string) =>
    k.startsWith(key('جریان خالص')) && k.endsWith(key(`حاصل از فعالیت‌های ${activity}`));
  put('cf_operating', row(cf, flow('عملیاتی')));
  put('cf_investing', row(cf, flow('سرمایه‌گذاری')));
  put('cf_financing', row(cf, flow('تامین مالی')));
  put(
    'cf_net_change',
    row(cf, (k) => k.startsWith(key('خالص افزایش'))),
  );
  return out;
}

/**
 * The fiscal year, period and period end of a Codal record: `fiscalYear` is the Jalali year the
 * company's fiscal year ends in (from `fiscal_year_end_jalali` when given, else the period end's
 * year: every company here closes its year at the end of Esfand); `periodMonths` 3, 6, 9 or 12;
 * a record without a period (an opening balance sheet, `period_months` null) is the balance at the
 * close of the previous year: fiscal year − 1, 12 months. `periodEndJalali` is as filed (YYYY/MM/DD).
 */
export function codalPeriod(record: CodalStatementRecord): {
  fiscalYear: number;
  periodMonths: number;
  periodEndJalali: string;
} {
  const endYear = Number(record.period_end_jalali.slice(0, 4));
  const fyEnd = record.fiscal_year_end_jalali ? Number(record.fiscal_year_end_jalali.slice(0, 4)) : endYear;
  if (record.period_months === null) {
    return { fiscalYear: endYear - 1, periodMonths: 12, periodEndJalali: `${endYear - 1}/12/29` };
  }
  return { fiscalYear: fyEnd, periodMonths: record.period_months, periodEndJalali: record.period_end_jalali };
}
