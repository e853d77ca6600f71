import { type Computed, itemRatio, type LineItems } from './line-items.ts';

/**
 * The five profitability and structure ratios of the glossary ("Finance and performance",
 * ratios), each a plain fraction (0.12 = 12 %) of two line items of the SAME statement. The
 * inputs are in million IRR; the unit cancels. Flows (revenue, net profit) are those of the
 * statement's period and stocks (assets, equity) its closing balances: a 6-month statement gives
 * 6-month margins and returns, which are not annualised here.
 *
 * They are tied by the DuPont identity (three-factor form), which holds by algebra because
 * revenue and total assets cancel:
 *   ROE = net_profit / total_equity
 *       = (net_profit / revenue) × (revenue / total_assets) × (total_assets / total_equity)
 *       = net profit margin × asset turnover × financial leverage.
 * It holds whenever all three factors are computable (revenue, total assets and total equity
 * non-zero); with zero revenue the margin and the turnover are not, ROE still is.
 *
 * Errors: none thrown. A missing item gives `{ ok: false, reason: 'missing' }` naming it; a zero
 * denominator `{ ok: false, reason: 'zero_denominator' }` naming the denominator. Negative
 * values are computed as they are (a loss gives a negative margin; negative equity gives a
 * negative leverage and an ROE of inverted sign, which the reader must interpret).
 */

/** Net profit margin = net_profit / revenue (fraction). Source: glossary, ratios. */
export const netProfitMargin = (items: LineItems): Computed<number> =>
  itemRatio(items, 'net_profit', 'revenue');

/** Return on assets (ROA) = net_profit / total_assets (fraction). Source: glossary, ratios. */
export const returnOnAssets = (items: LineItems): Computed<number> =>
  itemRatio(items, 'net_profit', 'total_assets');

/**
 * Asset turnover = revenue / total_assets (fraction: times a period; 1.2 = revenue was 1.2 times
 * the assets). Source: glossary, ratios.
 */
export const assetTurnover = (items: LineItems): Computed<number> =>
  itemRatio(items, 'revenue', 'total_assets');

/**
 * Financial leverage (equity multiplier) = total_assets / total_equity (fraction, ≥ 1 when
 * equity and liabilities are positive). Source: glossary, ratios.
 */
export const financialLeverage = (items: LineItems): Computed<number> =>
  itemRatio(items, 'total_assets', 'total_equity');

/**
 * Return on equity (ROE) = net_profit / total_equity (fraction) = margin × turnover × leverage
 * (DuPont identity, see above). Source: glossary, ratios.
 */
export const returnOnEquity = (items: LineItems): Computed<number> =>
  itemRatio(items, 'net_profit', 'total_equity');

/** The five ratios of one statement. */
export interface Ratios {
  netProfitMargin: Computed<number>;
  returnOnAssets: Computed<number>;
  assetTurnover: Computed<number>;
  financialLeverage: Computed<number>;
  returnOnEquity: Computed<number>;
}

/** All five ratios of one statement's `items`, each computable or naming why not. */
export function ratios(items: LineItems): Ratios {
  return {
    netProfitMargin: netProfitMargin(items),
    returnOnAssets: returnOnAssets(items),
    assetTurnover: assetTurnover(items),
    financialLeverage: financialLeverage(items),
    returnOnEquity: returnOnEquity(items),
  };
}
