import { type Computed, type LineItems, requireItems, zeroDenominator } from './line-items.ts';

/**
 * Article 141 of the amended Commercial Code (ماده ۱۴۱ لایحه قانونی اصلاح قسمتی از قانون
 * تجارت, ۱۳۴۷): when at least half of a joint-stock company's capital has been lost through
 * losses, the board must call an extraordinary general assembly to decide on dissolution or on
 * continuing (with a capital reduction to the remaining capital); glossary, "Finance and
 * performance", article 141.
 *
 * The test used here, from the statement's line items (million IRR):
 *   accumulated loss = −retained_earnings when retained_earnings < 0, else 0
 *   ratio            = accumulated loss / capital (fraction)
 *   reached          = ratio ≥ 0.5 (a loss of exactly half the capital reaches it: "at least half")
 * `capital` is the registered capital on the statement's balance sheet, i.e. the CLOSING capital
 * of that statement: when capital changed during the year (an increase registered, or a
 * reduction), the year is judged against its year-end capital, not an average or the opening one.
 * Only retained earnings count as losses; reserves and other equity items are not netted against
 * them (the article speaks of losses against capital).
 */

export interface Article141 {
  /** Whether accumulated losses are at least half of capital. */
  reached: boolean;
  /** Accumulated loss, million IRR, ≥ 0 (0 when retained earnings are zero or positive). */
  accumulatedLoss: number;
  /** Capital as given, million IRR. */
  capital: number;
  /** accumulatedLoss / capital, fraction (0.5 = half). */
  ratio: number;
}

/** Persian label of the outcome, for screens. */
export const ARTICLE_141_LABELS_FA = {
  reached: 'مشمول ماده ۱۴۱ (زیان انباشته دست‌کم نصف سرمایه)',
  notReached: 'مشمول ماده ۱۴۱ نیست',
} as const;

/** The threshold: losses of at least this fraction of capital. */
export const ARTICLE_141_THRESHOLD = 0.5;

/**
 * Article 141 on one statement's `items` (uses retained_earnings and capital, million IRR).
 * Not computable: `missing` naming retained_earnings and/or capital; `zero_denominator` naming
 * capital when it is 0. A negative capital is not expected; it is used as given. Never throws.
 */
export function article141(items: LineItems): Computed<Article141> {
  const got = requireItems(items, ['retained_earnings', 'capital']);
  if (!got.ok) return got;
  const { retained_earnings: re, capital } = got.value;
  if (capital === 0) return zeroDenominator('capital');
  const accumulatedLoss = re < 0 ? -re : 0;
  const ratio = accumulatedLoss / capital;
  return { ok: true, value: { reached: ratio >= ARTICLE_141_THRESHOLD, accumulatedLoss, capital, ratio } };
}

export interface Article141Year {
  fiscalYear: number;
  result: Computed<Article141>;
}

export interface Article141History {
  /** One entry per input year, in ascending fiscal year. */
  years: Article141Year[];
  /**
   * The first fiscal year of the current run: the latest year reached the threshold and so did
   * every year back to this one, consecutively. null when the latest year did not reach it, was
   * not computable, or there are no years.
   */
  firstReached: number | null;
}

/**
 * Article 141 over a company's annual statements: `years` are `{ fiscalYear, items }` (Jalali
 * fiscal year, e.g. 1403; each year's items are its own closing balances, so each year uses its
 * year-end capital). The result lists every year in ascending order, and `firstReached`.
 *
 * The run is unbroken only over consecutive fiscal years that were all computable and reached:
 * a year that did not reach it, a year not computable, or a gap (a fiscal year absent from the
 * input) ends the run, because nothing is assumed about a year we cannot judge.
 * Empty input → `{ years: [], firstReached: null }`.
 * Errors: throws when two entries have the same fiscal year (a caller's error: one annual
 * statement per year), or a fiscal year is not an integer.
 */
export function article141History(
  years: readonly { fiscalYear: number; items: LineItems }[],
): Article141History {
  const sorted = [...years].sort((a, b) => a.fiscalYear - b.fiscalYear);
  for (let i = 0; i < sorted.length; i++) {
    const y = sorted[i]!.fiscalYear;
    if (!Number.isInteger(y)) throw new Error(`fiscal year must be an integer: ${y}`);
    if (i > 0 && sorted[i - 1]!.fiscalYear === y) throw new Error(`fiscal year ${y} given twice`);
  }
  const out: Article141Year[] = sorted.map((y) => ({
    fiscalYear: y.fiscalYear,
    result: article141(y.items),
  }));

  let firstReached: number | null = null;
  for (let i = out.length - 1; i >= 0; i--) {
    const y = out[i]!;
    if (!(y.result.ok && y.result.value.reached)) break;
    if (firstReached !== null && firstReached !== y.fiscalYear + 1) break;
    firstReached = y.fiscalYear;
  }
  return { years: out, firstReached };
}
