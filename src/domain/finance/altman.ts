import {
  type Computed,
  isPresent,
  type LineItemKey,
  type LineItems,
  requireItems,
  zeroDenominator,
} from './line-items.ts';

/**
 * Altman's Z-score models of financial distress (امتیاز Z آلتمن), on the line items of one
 * statement (million IRR; every X is a plain fraction, so the unit cancels, but a market value
 * of equity passed in must be in the same unit, million IRR).
 *
 * Components (all over closing balances of the statement):
 *   X1 = working capital / total assets, working capital = current_assets − current_liabilities
 *   X2 = retained_earnings / total_assets (accumulated profit or loss, سود/زیان انباشته)
 *   X3 = EBIT / total_assets, with operating_profit as the EBIT proxy (glossary, line items)
 *   X4 = equity / total_liabilities: MARKET value of equity for Z, BOOK value (total_equity)
 *        for Z′ and Z″
 *   X5 = sales (revenue) / total_assets; not used by Z″
 *
 * Models and zones (a score exactly at a cut-off is grey: safe is strictly above the upper
 * cut-off, distress strictly below the lower one, as Altman states the zones "Z > 2.99" and
 * "Z < 1.81" with the band between, cut-offs included, the zone of ignorance):
 *   Z  = 1.2·X1 + 1.4·X2 + 3.3·X3 + 0.6·X4 + 1.0·X5; safe > 2.99, distress < 1.81.
 *        Altman, E. I. (1968), "Financial Ratios, Discriminant Analysis and the Prediction of
 *        Corporate Bankruptcy", Journal of Finance 23(4): 589–609. The paper writes
 *        0.012·X1 + 0.014·X2 + 0.033·X3 + 0.006·X4 + 0.999·X5 with X1–X4 in per cent; the form
 *        above (fractions, 0.999 rounded to 1.0) is the one used since.
 *   Z′ = 0.717·X1 + 0.847·X2 + 3.107·X3 + 0.420·X4 + 0.998·X5; safe > 2.9, distress < 1.23.
 *        Private firms: re-estimated with book equity. Altman (1983), Corporate Financial
 *        Distress; Altman & Hotchkiss (2006), Corporate Financial Distress and Bankruptcy.
 *   Z″ = 6.56·X1 + 3.26·X2 + 6.72·X3 + 1.05·X4; safe > 2.6, distress < 1.1.
 *        Non-manufacturers and emerging markets: X5 dropped to reduce the industry effect of
 *        asset turnover. Altman, Hartzell & Peck (1995), "Emerging Markets Corporate Bonds: A
 *        Scoring System"; Altman & Hotchkiss (2006). The "EM score" of the same authors adds a
 *        constant 3.25 to Z″ to map it to bond ratings; it is NOT added here, and the zones
 *        above are those of Z″ without it.
 * The coefficients and zones are also the glossary's ("Finance and performance", Altman Z).
 */

export type ZVariant = 'z' | 'z_prime' | 'z_double_prime';
export type ZZone = 'safe' | 'grey' | 'distress';

/** The X components; `x5` is null for Z″, which does not use it. */
export interface ZComponents {
  x1: number;
  x2: number;
  x3: number;
  x4: number;
  x5: number | null;
}

export interface ZScore {
  variant: ZVariant;
  /** The score (dimensionless). */
  value: number;
  zone: ZZone;
  components: ZComponents;
}

interface VariantSpec {
  /** Weights of X1…X5; X5's is null when the model does not use it. */
  weights: readonly [number, number, number, number, number | null];
  safeAbove: number;
  distressBelow: number;
  /** Which equity X4 divides by total liabilities. */
  equity: 'market' | 'book';
}

/** Coefficients and cut-offs of each model (sources above). */
export const Z_VARIANTS: Record<ZVariant, VariantSpec> = {
  z: { weights: [1.2, 1.4, 3.3, 0.6, 1.0], safeAbove: 2.99, distressBelow: 1.81, equity: 'market' },
  z_prime: {
    weights: [0.717, 0.847, 3.107, 0.42, 0.998],
    safeAbove: 2.9,
    distressBelow: 1.23,
    equity: 'book',
  },
  z_double_prime: {
    weights: [6.56, 3.26, 6.72, 1.05, null],
    safeAbove: 2.6,
    distressBelow: 1.1,
    equity: 'book',
  },
};

/** Persian names of the models and zones, for screens. */
export const Z_VARIANT_LABELS_FA: Record<ZVariant, string> = {
  z: 'امتیاز Z آلتمن (شرکت‌های تولیدی بورسی)',
  z_prime: 'امتیاز ′Z آلتمن (شرکت‌های تولیدی غیربورسی)',
  z_double_prime: 'امتیاز ″Z آلتمن (شرکت‌های غیرتولیدی و بازارهای نوظهور)',
};
export const Z_ZONE_LABELS_FA: Record<ZZone, string> = {
  safe: 'ناحیه امن',
  grey: 'ناحیه خاکستری',
  distress: 'ناحیه درماندگی مالی',
};

/**
 * The zone of a score `value` of model `variant`: 'safe' when value > the upper cut-off,
 * 'distress' when value < the lower one, else 'grey' (both cut-offs themselves are grey).
 * NaN is never passed here by `altmanZ`; for NaN this answers 'grey'.
 */
export function zoneOf(variant: ZVariant, value: number): ZZone {
  const spec = Z_VARIANTS[variant];
  if (value > spec.safeAbove) return 'safe';
  if (value < spec.distressBelow) return 'distress';
  return 'grey';
}

/**
 * Which model fits a company, after Altman & Hotchkiss (2006) and Altman (2000, "Predicting
 * Financial Distress of Companies: Revisiting the Z-Score and ZETA Models"): the original Z
 * was estimated on publicly traded manufacturers and needs a market value of equity; Z′ is its
 * re-estimation for manufacturers without a share price; Z″ is meant for non-manufacturers
 * (listed or not) and emerging-market companies. So: listed manufacturer → 'z'; unlisted
 * manufacturer → 'z_prime'; non-manufacturer → 'z_double_prime'.
 */
export function chooseZVariant(company: { listed: boolean; manufacturing: boolean }): ZVariant {
  if (!company.manufacturing) return 'z_double_prime';
  return company.listed ? 'z' : 'z_prime';
}

/**
 * The TSETMC industry groups (data/tse-sectors.csv codes) that are manufacturing: section C of
 * ISIC Rev. 4 ("Manufacturing", divisions 10–33), to which TSETMC's groups map by their names
 * (food, textiles, leather, wood, paper, printing, oil products, chemicals, pharmaceuticals,
 * rubber and plastics, electronics, basic metals, metal products, machinery, electrical
 * equipment, communication devices, instruments, vehicles, other transport, furniture, sugar,
 * tiles, cement, other non-metallic minerals, and the multi-industry manufacturing group 39).
 * Mining (10–14), utilities, construction, trade, transport, finance and services are not.
 */
export const MANUFACTURING_INDUSTRY_CODES: ReadonlySet<string> = new Set([
  '17',
  '19',
  '20',
  '21',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
  '31',
  '32',
  '33',
  '34',
  '35',
  '36',
  '38',
  '39',
  '42',
  '43',
  '44',
  '49',
  '53',
  '54',
]);

/** Whether a company of this TSETMC industry group (code, or null when unknown) is a manufacturer. */
export const isManufacturingIndustry = (code: string | null | undefined): boolean =>
  code != null && MANUFACTURING_INDUSTRY_CODES.has(code);

const BASE_ITEMS = [
  'current_assets',
  'current_liabilities',
  'total_assets',
  'retained_earnings',
  'operating_profit',
  'total_liabilities',
] as const satisfies readonly LineItemKey[];

/**
 * Altman's score of model `variant` for one statement's `items`.
 *
 * Inputs: current_assets, current_liabilities, total_assets, retained_earnings,
 * operating_profit, total_liabilities; plus revenue (Z, Z′), total_equity (Z′, Z″) and
 * `marketValueOfEquity` (Z only: shares × price at the statement date, million IRR; the
 * statements do not carry it, so it is a separate argument, ignored by Z′ and Z″).
 *
 * Output: the score, its zone (`zoneOf`) and X1…X5 (X5 null for Z″).
 * Not computable: `missing` naming every absent input (line item keys in the order above, then
 * `market_value_of_equity`); else `zero_denominator` naming total_assets and/or
 * total_liabilities when zero. Negative inputs (a deficit in retained earnings, an operating
 * loss, negative equity) are used as they are. Never throws.
 */
export function altmanZ(
  variant: ZVariant,
  items: LineItems,
  marketValueOfEquity?: number | null,
): Computed<ZScore> {
  const spec = Z_VARIANTS[variant];
  const keys: LineItemKey[] = [...BASE_ITEMS];
  if (spec.weights[4] !== null) keys.push('revenue');
  if (spec.equity === 'book') keys.push('total_equity');
  const got = requireItems(items, keys);
  const missing = got.ok ? [] : [...got.missing];
  if (spec.equity === 'market' && !isPresent(marketValueOfEquity)) missing.push('market_value_of_equity');
  if (!got.ok || missing.length > 0) return { ok: false, missing, reason: 'missing' };

  const v = got.value as Record<LineItemKey, number>;
  const zero = (['total_assets', 'total_liabilities'] as const).filter((k) => v[k] === 0);
  if (zero.length > 0) return zeroDenominator(...zero);

  const ta = v.total_assets;
  const equity = spec.equity === 'market' ? (marketValueOfEquity as number) : v.total_equity;
  const components: ZComponents = {
    x1: (v.current_assets - v.current_liabilities) / ta,
    x2: v.retained_earnings / ta,
    x3: v.operating_profit / ta,
    x4: equity / v.total_liabilities,
    x5: spec.weights[4] === null ? null : v.revenue / ta,
  };
  const [w1, w2, w3, w4, w5] = spec.weights;
  let value = w1 * components.x1 + w2 * components.x2 + w3 * components.x3 + w4 * components.x4;
  if (w5 !== null && components.x5 !== null) value += w5 * components.x5;
  return { ok: true, value: { variant, value, zone: zoneOf(variant, value), components } };
}

/** Altman's original Z (listed manufacturers); see `altmanZ`. */
export const altmanZScore = (items: LineItems, marketValueOfEquity: number | null | undefined) =>
  altmanZ('z', items, marketValueOfEquity);

/** Altman's Z′ (private manufacturers, book equity); see `altmanZ`. */
export const altmanZPrime = (items: LineItems) => altmanZ('z_prime', items);

/** Altman's Z″ (non-manufacturers and emerging markets, four ratios); see `altmanZ`. */
export const altmanZDoublePrime = (items: LineItems) => altmanZ('z_double_prime', items);
