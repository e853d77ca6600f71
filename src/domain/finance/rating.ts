import { formatNumber } from '../persian-text.ts';
import { Z_VARIANTS } from './altman.ts';
import { evaluateFormula, type FormulaInputs, type ParsedFormula } from './formulas.ts';
import { type Computed, isPresent, type NotComputableReason } from './line-items.ts';

/**
 * The composite rating (رتبه‌بندی) of a company for a year: configurable performance items
 * (شاخص‌ها), each a weight and a raw value (a formula's result or a measure's value) normalised to
 * 0–100, grouped in four dimensions, averaged with their weights and mapped to a grade band.
 * Pure: no I/O, no clock.
 *
 * Sources of the structure:
 *   - The four dimensions and "composite score per company and year with grade bands" are the
 *     specification's (glossary, "Finance and performance": performance item, measure, unit,
 *     formula — "corporate governance (راهبری شرکتی), transparency (شفافیت), economic strength
 *     (توان اقتصادی), managers' evaluation"; rating). The Iranian Ministry of Economic Affairs and
 *     Finance's own evaluation framework for state companies is not known to us in detail: the
 *     groups are taken from the specification only, and no weight or threshold here comes from
 *     that framework.
 *   - What the governance and transparency items look at follows the OECD Guidelines on Corporate
 *     Governance of State-Owned Enterprises, 2024 edition (OECD Publishing, Paris): its chapter on
 *     the composition and responsibilities of SOE boards (independent board members, specialised
 *     board committees such as an audit committee, internal control) and its chapter on
 *     disclosure, transparency and accountability (timely disclosure of financial and
 *     non-financial information, annual independent external audit).
 *   - Economic strength uses the glossary's ratios (ratios.ts) and Altman's Z″ (altman.ts:
 *     Altman, Hartzell & Peck 1995; Altman & Hotchkiss 2006), the model for non-manufacturers and
 *     emerging markets, which needs no share price.
 *   - The default weights, the normalisation ranges and the grade bands are PLACEHOLDERS chosen to
 *     be plausible, not taken from any source: they are configuration, to be set by the
 *     overseeing office. The measure codes of the defaults are invented here (see
 *     DEFAULT_RATING_MEASURES) and have to exist as measures for the defaults to be computable.
 *
 * Method:
 *   item score   = 100 × (raw − min) / (max − min), clamped to 0–100, or 100 × (max − raw) / (max − min)
 *                  when lower is better (`normaliseScore`);
 *   rating score = Σ wᵢ·scoreᵢ / Σ wᵢ over the items that are computable (weights renormalised
 *                  over them); a dimension's score is the same over its own items, so the rating
 *                  is also the covered-weight mean of the dimension scores;
 *   coverage     = Σ weights of computable items / Σ all weights; below `minCoverage` (default
 *                  0.6) there is no score: the rating is "not computable" and names the missing
 *                  items, so that a company is not graded on the few items that happen to be known;
 *   grade        = the first band (bands strictly descending by `minScore`, the last at 0) whose
 *                  `minScore` the score reaches.
 */

export const RATING_DIMENSIONS = ['governance', 'transparency', 'economic', 'managers'] as const;
export type RatingDimension = (typeof RATING_DIMENSIONS)[number];

export const RATING_DIMENSION_LABELS_FA: Record<RatingDimension, string> = {
  governance: 'راهبری شرکتی',
  transparency: 'شفافیت',
  economic: 'توان اقتصادی',
  managers: 'ارزیابی مدیران',
};

/**
 * How a raw value becomes a score: `min` and `max` in the raw value's unit (a fraction for ratios,
 * 0–100 for a score-like measure), `max` > `min`; values beyond them are clamped.
 */
export interface RatingScale {
  min: number;
  max: number;
  higherIsBetter: boolean;
}

/** What yields an item's raw value: a formula (by its code) or a measure (by its code). */
export type RatingSource = { kind: 'formula'; code: string } | { kind: 'measure'; code: string };

export interface RatingItem {
  code: string;
  nameFa: string;
  dimension: RatingDimension;
  /** > 0; relative (weights need not add up to 100). */
  weight: number;
  source: RatingSource;
  scale: RatingScale;
}

export type RatingGrade = 'A' | 'B' | 'C' | 'D' | 'E';

export interface RatingBand {
  grade: RatingGrade;
  labelFa: string;
  /** The lowest score (0–100) of the band. */
  minScore: number;
}

export interface RatingOptions {
  /** The least coverage (0–1, fraction of the total weight computable) that gives a score; default 0.6. */
  minCoverage?: number;
}

export const DEFAULT_MIN_COVERAGE = 0.6;

/** A raw value for an item: a number, a computed result (naming why not), or absent. */
export type RatingValue = Computed<number> | number | null | undefined;

/** One item in a rating: its raw value and score, or why it has none. */
export interface RatedItem {
  code: string;
  dimension: RatingDimension;
  weight: number;
  raw: number | null;
  score: number | null;
  /** When not computable: the reason and the inputs named by the formula, if any. */
  notComputable?: { reason: NotComputableReason; missing: string[] };
}

export interface DimensionRating {
  /** Weighted mean score (0–100) of the dimension's computable items; null when none is. */
  score: number | null;
  /** The dimension's configured weight (sum of its items' weights). */
  weight: number;
  /** Fraction (0–1) of the dimension's weight that was computable; 0 for a dimension without items. */
  weightCovered: number;
}

interface RatingParts {
  byDimension: Record<RatingDimension, DimensionRating>;
  /** Codes of the items that were not computable, in configuration order. */
  missing: string[];
  /** Fraction (0–1) of the total weight computable. */
  coverage: number;
  items: RatedItem[];
}

export type Rating =
  | ({ ok: true; score: number; grade: RatingGrade; labelFa: string } & RatingParts)
  | ({ ok: false; reason: 'insufficient_coverage'; messageFa: string } & RatingParts)
  | { ok: false; reason: 'invalid_config'; errors: { messageFa: string }[] };

const fa = (n: number) => formatNumber(n);

/**
 * `value` normalised on `scale` to 0–100 (clamped; reversed when lower is better). The scale is
 * assumed valid (max > min). Example: 0.05 on { min: 0, max: 0.1, higherIsBetter: true } → 50.
 */
export function normaliseScore(value: number, scale: RatingScale): number {
  const t = (value - scale.min) / (scale.max - scale.min);
  const clamped = t <= 0 ? 0 : t >= 1 ? 1 : t;
  return 100 * (scale.higherIsBetter ? clamped : 1 - clamped);
}

/** How far below a band's minimum a score may fall from rounding alone (69.99999999999 is 70). */
export const GRADE_EPSILON = 1e-9;

/**
 * The band of `score`: the first of `bands` (strictly descending) whose minScore it reaches,
 * within GRADE_EPSILON.
 */
export function gradeOf(score: number, bands: readonly RatingBand[]): RatingBand {
  return bands.find((b) => score + GRADE_EPSILON >= b.minScore) ?? bands[bands.length - 1]!;
}

/**
 * Checks a rating configuration; every problem in Persian: no items; an item without a code or
 * with a code used twice, an unknown dimension, a weight that is not a number above 0, a scale
 * whose min is not below its max, a source without a code; no bands; a band's minScore not in
 * 0–100, not strictly below the one before, or a grade used twice; a lowest band not at 0 (some
 * scores would have no grade); a minimum coverage not in 0–1.
 */
export function validateRatingConfig(
  items: readonly RatingItem[],
  bands: readonly RatingBand[],
  options: RatingOptions = {},
): { ok: true } | { ok: false; errors: { messageFa: string }[] } {
  const errors: string[] = [];
  if (items.length === 0) errors.push('هیچ شاخصی برای رتبه‌بندی تعریف نشده است.');
  const seen = new Set<string>();
  for (const item of items) {
    const name = `«${item.nameFa || item.code}»`;
    if (!item.code) errors.push(`شاخص ${name} کد ندارد.`);
    else if (seen.has(item.code)) errors.push(`کد شاخص تکراری است: ${item.code}`);
    seen.add(item.code);
    if (!(RATING_DIMENSIONS as readonly string[]).includes(item.dimension))
      errors.push(`گروه شاخص ${name} نامعتبر است: ${String(item.dimension)}`);
    if (!(Number.isFinite(item.weight) && item.weight > 0))
      errors.push(`وزن شاخص ${name} باید عددی بزرگ‌تر از صفر باشد.`);
    const { min, max } = item.scale;
    if (!(Number.isFinite(min) && Number.isFinite(max) && min < max))
      errors.push(`بازهٔ نرمال‌سازی شاخص ${name} نامعتبر است: کمینه باید عددی کمتر از بیشینه باشد.`);
    if (!item.source.code) errors.push(`منبع شاخص ${name} (فرمول یا سنجه) تعیین نشده است.`);
  }
  if (bands.length === 0) errors.push('هیچ رده‌ای برای رتبه‌بندی تعریف نشده است.');
  const grades = new Set<string>();
  bands.forEach((band, i) => {
    const name = `«${band.labelFa || band.grade}»`;
    if (grades.has(band.grade)) errors.push(`ردهٔ ${band.grade} تکراری است.`);
    grades.add(band.grade);
    if (!(Number.isFinite(band.minScore) && band.minScore >= 0 && band.minScore <= 100))
      errors.push(`کف امتیاز ردهٔ ${name} باید عددی از ${fa(0)} تا ${fa(100)} باشد.`);
    else if (i > 0 && !(band.minScore < bands[i - 1]!.minScore))
      errors.push(
        `کف امتیاز رده‌ها باید نزولی باشد: کف ردهٔ ${name} (${fa(band.minScore)}) از ردهٔ پیش از آن (${fa(bands[i - 1]!.minScore)}) کمتر نیست.`,
      );
  });
  const last = bands[bands.length - 1];
  if (last && last.minScore !== 0)
    errors.push(
      `کف پایین‌ترین رده باید صفر باشد تا هر امتیازی رده‌ای داشته باشد؛ اکنون ${fa(last.minScore)} است.`,
    );
  const minCoverage = options.minCoverage ?? DEFAULT_MIN_COVERAGE;
  if (!(Number.isFinite(minCoverage) && minCoverage >= 0 && minCoverage <= 1))
    errors.push('حداقل پوشش وزن‌ها باید عددی از ۰ تا ۱ باشد.');
  return errors.length > 0 ? { ok: false, errors: errors.map((messageFa) => ({ messageFa })) } : { ok: true };
}

/** Tolerance of the coverage test, so that weights 0.3 + 0.3 reach a minimum of 0.6. */
const COVERAGE_EPSILON = 1e-9;

/**
 * The rating of one company-year from `values` (raw values by ITEM code; see `ratingValues` to
 * get them from formulas and measures). Items absent from `values`, null, non-finite, or a
 * not-computable result are "missing". Never throws: an invalid configuration gives
 * `{ ok: false, reason: 'invalid_config', errors }` (validateRatingConfig).
 */
export function rate(
  items: readonly RatingItem[],
  values: Readonly<Record<string, RatingValue>>,
  bands: readonly RatingBand[],
  options: RatingOptions = {},
): Rating {
  const valid = validateRatingConfig(items, bands, options);
  if (!valid.ok) return { ok: false, reason: 'invalid_config', errors: valid.errors };
  const minCoverage = options.minCoverage ?? DEFAULT_MIN_COVERAGE;

  const acc = Object.fromEntries(
    RATING_DIMENSIONS.map((d) => [d, { weight: 0, covered: 0, weighted: 0 }]),
  ) as Record<RatingDimension, { weight: number; covered: number; weighted: number }>;
  const rated: RatedItem[] = [];
  const missing: string[] = [];
  let total = 0;
  let covered = 0;
  let weighted = 0;
  for (const item of items) {
    const v = Object.hasOwn(values, item.code) ? values[item.code] : undefined;
    const raw = typeof v === 'object' && v !== null ? (v.ok ? v.value : null) : (v ?? null);
    const d = acc[item.dimension];
    d.weight += item.weight;
    total += item.weight;
    if (!isPresent(raw)) {
      missing.push(item.code);
      const notComputable =
        typeof v === 'object' && v !== null && !v.ok
          ? { reason: v.reason, missing: v.missing }
          : { reason: 'missing' as const, missing: [] };
      rated.push({
        code: item.code,
        dimension: item.dimension,
        weight: item.weight,
        raw: null,
        score: null,
        notComputable,
      });
      continue;
    }
    const score = normaliseScore(raw, item.scale);
    rated.push({ code: item.code, dimension: item.dimension, weight: item.weight, raw, score });
    d.covered += item.weight;
    d.weighted += item.weight * score;
    covered += item.weight;
    weighted += item.weight * score;
  }

  const byDimension = Object.fromEntries(
    RATING_DIMENSIONS.map((dim) => {
      const d = acc[dim];
      return [
        dim,
        {
          score: d.covered > 0 ? d.weighted / d.covered : null,
          weight: d.weight,
          weightCovered: d.weight > 0 ? d.covered / d.weight : 0,
        },
      ];
    }),
  ) as Record<RatingDimension, DimensionRating>;
  const coverage = covered / total;
  const parts: RatingParts = { byDimension, missing, coverage, items: rated };

  if (covered === 0 || coverage + COVERAGE_EPSILON < minCoverage) {
    const names = items.filter((i) => missing.includes(i.code)).map((i) => `«${i.nameFa || i.code}»`);
    return {
      ok: false,
      reason: 'insufficient_coverage',
      messageFa: `رتبه قابل محاسبه نیست: تنها ${fa(Math.round(coverage * 1000) / 10)}٪ وزن شاخص‌ها در دست است (حداقل ${fa(Math.round(minCoverage * 1000) / 10)}٪). شاخص‌های بی‌مقدار: ${names.join('، ')}.`,
      ...parts,
    };
  }
  const score = weighted / covered;
  const band = gradeOf(score, bands);
  return { ok: true, score, grade: band.grade, labelFa: band.labelFa, ...parts };
}

/**
 * The raw values of `items` for one company-year: a formula item evaluates its formula (from
 * `formulas`, by code) on `inputs`; a measure item reads `inputs.measures`. An absent measure gives
 * `missing` naming `measure.<code>`; a formula code not in `formulas` gives `missing` naming
 * `formula.<code>`.
 */
export function ratingValues(
  items: readonly RatingItem[],
  formulas: ReadonlyMap<string, ParsedFormula>,
  inputs: FormulaInputs,
): Record<string, Computed<number>> {
  const out: Record<string, Computed<number>> = {};
  for (const item of items) {
    const { kind, code } = item.source;
    if (kind === 'measure') {
      const v = Object.hasOwn(inputs.measures, code) ? inputs.measures[code] : undefined;
      out[item.code] = isPresent(v)
        ? { ok: true, value: v }
        : { ok: false, reason: 'missing', missing: [`measure.${code}`] };
    } else {
      const f = formulas.get(code);
      out[item.code] = f
        ? evaluateFormula(f, inputs)
        : { ok: false, reason: 'missing', missing: [`formula.${code}`] };
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Defaults for a state-owned enterprise (see the module comment for what is sourced and what is a
// placeholder).

/** A formula definition of the defaults: code, Persian name, text (formulas.ts syntax). */
export interface RatingFormulaDefinition {
  code: string;
  nameFa: string;
  text: string;
}

const zpp = Z_VARIANTS.z_double_prime;
const [w1, w2, w3, w4] = zpp.weights;

/**
 * The formulas of the economic-strength items, on chart codes (fractions; million IRR cancels).
 * ROE and leverage guard against non-positive equity, where the plain ratio would mislead (a loss
 * over negative equity is a positive "return"; a negative equity multiplier looks low):
 *   - roe: net_profit / total_equity when equity > 0, else −1 (the worst score);
 *   - leverage: the debt ratio total_liabilities / total_assets, lower is better. It is the
 *     equity multiplier's monotone twin (multiplier = 1 / (1 − debt ratio) when assets = liabilities
 *     + equity) but stays meaningful for negative equity (debt ratio > 1 → the worst score);
 *   - altman_z_double_prime: Z″ = 6.56·X1 + 3.26·X2 + 6.72·X3 + 1.05·X4 (altman.ts, coefficients
 *     from Z_VARIANTS), book equity in X4.
 */
export const DEFAULT_RATING_FORMULAS: readonly RatingFormulaDefinition[] = [
  { code: 'roa', nameFa: 'بازده دارایی‌ها', text: 'net_profit / total_assets' },
  {
    code: 'roe',
    nameFa: 'بازده حقوق مالکانه',
    text: 'total_equity > 0 ? net_profit / total_equity : -1',
  },
  { code: 'net_margin', nameFa: 'حاشیه سود خالص', text: 'net_profit / revenue' },
  { code: 'asset_turnover', nameFa: 'گردش دارایی‌ها', text: 'revenue / total_assets' },
  { code: 'leverage', nameFa: 'اهرم مالی (نسبت بدهی)', text: 'total_liabilities / total_assets' },
  {
    code: 'altman_z_double_prime',
    nameFa: 'امتیاز ″Z آلتمن',
    text:
      `${w1} * (current_assets - current_liabilities) / total_assets + ${w2} * retained_earnings / total_assets` +
      ` + ${w3} * operating_profit / total_assets + ${w4} * total_equity / total_liabilities`,
  },
];

/**
 * The measures the defaults read. INVENTED codes and definitions (no source defines them): each
 * has to be set up as a measure, with its values entered per company and year, before the
 * defaults can rate a company. `unitFa` says what the value is.
 */
export const DEFAULT_RATING_MEASURES: readonly { code: string; nameFa: string; unitFa: string }[] = [
  {
    code: 'board_independence',
    nameFa: 'استقلال هیئت‌مدیره',
    unitFa: 'نسبت اعضای غیرموظف مستقل به کل اعضا (۰ تا ۱)',
  },
  {
    code: 'audit_committee',
    nameFa: 'کمیته حسابرسی',
    unitFa: '۱ اگر کمیته حسابرسی با رئیس مستقل فعال است، وگرنه ۰',
  },
  {
    code: 'internal_control_score',
    nameFa: 'کیفیت کنترل‌های داخلی',
    unitFa: 'امتیاز ۰ تا ۱۰۰ از گزارش حسابرس درباره کنترل‌های داخلی',
  },
  {
    code: 'disclosure_timeliness',
    nameFa: 'به‌موقع بودن افشا',
    unitFa: 'نسبت افشاهای الزامی که در مهلت منتشر شده‌اند (۰ تا ۱)',
  },
  {
    code: 'audit_opinion_score',
    nameFa: 'نوع اظهارنظر حسابرس',
    unitFa: 'مقبول ۱۰۰، مشروط ۵۰، مردود یا عدم اظهارنظر ۰',
  },
  {
    code: 'public_reporting_score',
    nameFa: 'گزارشگری عمومی',
    unitFa: 'امتیاز ۰ تا ۱۰۰ انتشار گزارش سالانه و صورت‌های مالی برای عموم',
  },
  {
    code: 'performance_contract_achievement',
    nameFa: 'تحقق قرارداد عملکرد مدیران',
    unitFa: 'نسبت اهداف قرارداد عملکرد که محقق شده است (۰ تا ۱)',
  },
  {
    code: 'budget_deviation',
    nameFa: 'انحراف از بودجه مصوب',
    unitFa: 'قدر مطلق انحراف سود عملیاتی از بودجه، به نسبت بودجه (۰ یعنی بی‌انحراف)',
  },
  {
    code: 'manager_tenure_score',
    nameFa: 'ثبات مدیریت',
    unitFa: 'امتیاز ۰ تا ۱۰۰ از دوره تصدی مدیرعامل و اعضای هیئت‌مدیره',
  },
];

const formula = (code: string): RatingSource => ({ kind: 'formula', code });
const measure = (code: string): RatingSource => ({ kind: 'measure', code });
const nameOf = (code: string) =>
  DEFAULT_RATING_FORMULAS.find((f) => f.code === code)?.nameFa ??
  DEFAULT_RATING_MEASURES.find((m) => m.code === code)?.nameFa ??
  code;
const up = (min: number, max: number): RatingScale => ({ min, max, higherIsBetter: true });
const down = (min: number, max: number): RatingScale => ({ min, max, higherIsBetter: false });

type Row = [
  code: string,
  dimension: RatingDimension,
  weight: number,
  source: RatingSource,
  scale: RatingScale,
];

// Weights add up to 100: governance 25, transparency 20, economic strength 35, managers 20
// (placeholders). Scales: fractions for ratios and shares, 0–100 for score measures.
const ROWS: Row[] = [
  ['board_independence', 'governance', 10, measure('board_independence'), up(0, 0.5)],
  ['audit_committee', 'governance', 8, measure('audit_committee'), up(0, 1)],
  ['internal_control_score', 'governance', 7, measure('internal_control_score'), up(0, 100)],
  ['disclosure_timeliness', 'transparency', 8, measure('disclosure_timeliness'), up(0, 1)],
  ['audit_opinion_score', 'transparency', 8, measure('audit_opinion_score'), up(0, 100)],
  ['public_reporting_score', 'transparency', 4, measure('public_reporting_score'), up(0, 100)],
  ['roa', 'economic', 7, formula('roa'), up(0, 0.15)],
  ['roe', 'economic', 6, formula('roe'), up(0, 0.25)],
  ['net_margin', 'economic', 6, formula('net_margin'), up(0, 0.2)],
  ['asset_turnover', 'economic', 5, formula('asset_turnover'), up(0, 1.5)],
  ['leverage', 'economic', 5, formula('leverage'), down(0.3, 1)],
  // Z″'s zones: at or below the distress cut-off 0, at or above the safe one 100, linear between.
  [
    'altman_z_double_prime',
    'economic',
    6,
    formula('altman_z_double_prime'),
    up(zpp.distressBelow, zpp.safeAbove),
  ],
  ['performance_contract_achievement', 'managers', 8, measure('performance_contract_achievement'), up(0, 1)],
  ['budget_deviation', 'managers', 6, measure('budget_deviation'), down(0, 0.3)],
  ['manager_tenure_score', 'managers', 6, measure('manager_tenure_score'), up(0, 100)],
];

/** The default items of a state-owned enterprise's rating (placeholders; see the module comment). */
export const DEFAULT_RATING_ITEMS: readonly RatingItem[] = ROWS.map(
  ([code, dimension, weight, source, scale]) => ({
    code,
    nameFa: nameOf(source.code),
    dimension,
    weight,
    source,
    scale,
  }),
);

/** The default grade bands (placeholders): A ≥ 85, B ≥ 70, C ≥ 55, D ≥ 40, E below. */
export const DEFAULT_RATING_BANDS: readonly RatingBand[] = [
  { grade: 'A', labelFa: 'عالی', minScore: 85 },
  { grade: 'B', labelFa: 'خوب', minScore: 70 },
  { grade: 'C', labelFa: 'متوسط', minScore: 55 },
  { grade: 'D', labelFa: 'ضعیف', minScore: 40 },
  { grade: 'E', labelFa: 'بسیار ضعیف', minScore: 0 },
];
