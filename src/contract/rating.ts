import { z } from 'zod';
import { RATING_DIMENSION_LABELS_FA, RATING_DIMENSIONS } from '../domain/finance/rating.ts';
import { defineEntity, optionsOf, rowSchema } from './entity.ts';
import { COMPANY_FILTERS, companyColumns } from './financial-statements.ts';
import { companyArticle141, companyStateClass, OWNERSHIP_TYPES } from './legal-person.ts';
import { CODE_FILTER_OPS, type FilterOp, listQuerySchema } from './list.ts';

/**
 * The portfolio's rating and efficiency (issue 16; server/modules/performance/rating.ts and
 * efficiency.ts): the answers' schemas and the queries, shared by server and client.
 *
 * Units: scores 0–100; weights relative (as configured); coverage and efficiency fractions 0–1;
 * an item's raw value in its own unit (a fraction for ratios, 0–100 for score measures; see the
 * measure's `unit_fa`); statement items in million IRR (`employees` a head count); fiscal years
 * Jalali (the year the fiscal year ends in).
 */

const CHOICE_OPS: readonly FilterOp[] = ['eq', 'in'];

/** Grades (domain `RatingGrade`) and `none`, a company whose rating is not computable: the grade filter. */
export const RATING_GRADE_FILTER = ['A', 'B', 'C', 'D', 'E', 'none'] as const;
export type RatingGradeFilter = (typeof RATING_GRADE_FILTER)[number];
export const RATING_GRADE_FILTER_LABELS_FA: Record<RatingGradeFilter, string> = {
  A: 'A',
  B: 'B',
  C: 'C',
  D: 'D',
  E: 'E',
  none: 'محاسبه‌نشدنی',
};

/** The rating call's sort keys: the score (default, highest first), grade, company, coverage and each dimension's score. */
export const RATING_SORTS = ['score', 'grade', 'company', 'coverage', ...RATING_DIMENSIONS] as const;
export type RatingSort = (typeof RATING_SORTS)[number];

/**
 * The companies the rating lists and how they are filtered (the statements list's company
 * filters: industry, supervising body, ownership type; a company by id; `q` on name, ticker and
 * national id) and the grade filter (`grade`: eq/in of the grades and `none`, applied to the
 * computed ratings, at the top level of `advanceFilter` or as a plain parameter).
 */
export const ratingCompanyEntity = defineEntity({
  name: 'company_rating',
  title: 'رتبه شرکت',
  plural: 'رتبه‌بندی شرکت‌ها',
  id: 'legal_person_id',
  display: 'company',
  defaultSort: 'company',
  search: 'نام شرکت یا نماد',
  permissions: { list: 'performance' },
  paths: { list: '/api/performance/evaluation/rating-company' },
  intro: 'امتیاز و ردهٔ هر شرکت در سال مالی، از شاخص‌های پیکربندی‌شده، سنجه‌ها و صورت مالی سالانه',
  emptyText: 'شرکتی با این شرایط در این سال صورت مالی یا سنجه‌ای ندارد',
  fields: {
    legal_person_id: {
      type: 'ref',
      label: 'شرکت',
      picker: 'legal_person',
      shownAs: 'company',
      filter: CODE_FILTER_OPS,
      apiOnly: true,
    },
    ...companyColumns({ company: 200, ticker: 70, industry: 120, grow: true }),
    ownership_type: {
      type: 'text',
      label: 'نوع مالکیت',
      nullable: true,
      options: OWNERSHIP_TYPES,
      filter: CODE_FILTER_OPS,
      filterAs: { url: 'ownership' },
    },
    supervising_body_id: COMPANY_FILTERS.supervising_body_id,
    // here the verdict of the rated year's annual statement
    article_141: companyArticle141,
    state_class: companyStateClass({ width: 96, order: 3 }),
    grade: {
      ...optionsOf(RATING_GRADE_FILTER, RATING_GRADE_FILTER_LABELS_FA),
      label: 'رده',
      notInRow: true,
      filter: CHOICE_OPS,
    },
  },
});

const fiscalYear = z.coerce
  .number({ error: (i) => (i.input === undefined ? 'سال مالی را تعیین کنید' : 'سال مالی نامعتبر است') })
  .int('سال مالی نامعتبر است')
  .min(1300, 'سال مالی نامعتبر است')
  .max(1500, 'سال مالی نامعتبر است');

/** The rating call's query: the list's parameters (page, per_page ≤ 500, sortBy, q, filters) and the fiscal year. */
export const ratingQuery = listQuerySchema.extend({ fiscal_year: fiscalYear });

const nullableScore = z.number().nullable();

/** One item of a company's rating: how its raw value, score and weight were made. */
export const ratedItem = z.object({
  code: z.string(),
  name_fa: z.string(),
  dimension: z.enum(RATING_DIMENSIONS),
  /** Relative weight, as configured. */
  weight: z.number(),
  /** The formula's result or the measure's value, in its own unit; null when not computable. */
  raw: nullableScore,
  /** 0–100 on the item's scale; null when not computable. */
  score: nullableScore,
  /** The scale that turned raw into score (min/max in the raw value's unit). */
  scale: z.object({ min: z.number(), max: z.number(), higher_is_better: z.boolean() }),
  /** A formula (its text) or a measure (its name and unit). */
  source: z.object({
    kind: z.enum(['formula', 'measure']),
    code: z.string(),
    name_fa: z.string().nullable(),
    /** The formula's text; null for a measure. */
    text: z.string().nullable(),
    /** The measure's unit in Persian; null for a formula. */
    unit_fa: z.string().nullable(),
  }),
  /**
   * The inputs the formula read (`item.<code>`: million IRR or a head count; `measure.<code>`: in
   * its unit), those the company has; a measure item: its own value.
   */
  inputs: z.record(z.string(), z.number()),
  /** Why there is no raw value: the references missing (`item.x`, `measure.y`, `formula.z`) or the zero denominator. */
  not_computable: z
    .object({ reason: z.enum(['missing', 'zero_denominator']), missing: z.array(z.string()) })
    .nullable(),
});
export type RatedItemRow = z.infer<typeof ratedItem>;

/** A dimension's score (domain `DimensionRating`). */
export const dimensionScore = z.object({
  score: nullableScore,
  weight: z.number(),
  weight_covered: z.number(),
});

/** One row of GET /api/performance/evaluation/rating-company: a company's rating for the year. */
export const ratingRow = rowSchema(ratingCompanyEntity).extend({
  fiscal_year: z.number().int(),
  /** Its annual statement of the year, when it has one (else its formula items are missing). */
  statement_id: z.number().int().nullable(),
  ok: z.boolean(),
  /** 0–100, null when not computable. */
  score: nullableScore,
  grade: z.enum(['A', 'B', 'C', 'D', 'E']).nullable(),
  label_fa: z.string().nullable(),
  /** Why there is no score (Persian), null when there is one. */
  message_fa: z.string().nullable(),
  /** Codes of the items without a value. */
  missing: z.array(z.string()),
  /** Fraction (0–1) of the total weight that was computable. */
  coverage: z.number(),
  by_dimension: z.object(
    Object.fromEntries(RATING_DIMENSIONS.map((d) => [d, dimensionScore])) as Record<
      (typeof RATING_DIMENSIONS)[number],
      typeof dimensionScore
    >,
  ),
  items: z.array(ratedItem),
});
export type RatingRow = z.infer<typeof ratingRow>;

export { RATING_DIMENSION_LABELS_FA, RATING_DIMENSIONS };

// ---------------------------------------------------------------------------------------------
// Efficiency (DEA).

/** The DEA models offered (domain/finance/dea.ts): CCR (constant returns) and BCC (variable returns), input-oriented. */
export const DEA_MODELS = ['ccr', 'bcc'] as const;
export const DEA_MODEL_LABELS_FA: Record<(typeof DEA_MODELS)[number], string> = {
  ccr: 'CCR (بازده ثابت به مقیاس)',
  bcc: 'BCC (بازده متغیر به مقیاس)',
};

/**
 * The chart codes a DEA input may be (all positive by the chart's sign convention: assets, equity,
 * head count, wages, intermediate consumption) and an output may be (revenue and the profits,
 * which are positive for a profitable company only).
 */
export const DEA_INPUT_CODES = [
  'total_assets',
  'fixed_assets',
  'current_assets',
  'total_equity',
  'employees',
  'wages',
  'intermediate_consumption',
] as const;
export const DEA_OUTPUT_CODES = ['revenue', 'gross_profit', 'operating_profit', 'net_profit'] as const;

/** The defaults: capital and labour in, sales and operating profit out (see efficiency.ts). */
export const DEFAULT_DEA_INPUTS = ['total_assets', 'employees'] as const;
export const DEFAULT_DEA_OUTPUTS = ['revenue', 'operating_profit'] as const;

const codeList = (allowed: readonly string[], field: string) =>
  z
    .string()
    .max(300)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v.trim() === '') return undefined;
      const codes = v.split(',').map((s) => s.trim());
      const bad = codes.filter((c) => !allowed.includes(c));
      if (bad.length > 0 || codes.length > 4 || new Set(codes).size !== codes.length) {
        ctx.addIssue({
          code: 'custom',
          message: `${field} باید یک تا چهار قلم متفاوت از این فهرست باشد: ${allowed.join('، ')}`,
        });
        return z.NEVER;
      }
      return codes;
    });

/** The efficiency call's query. */
export const efficiencyQuery = z.object({
  industry_id: z.coerce
    .number({ error: (i) => (i.input === undefined ? 'صنعت را تعیین کنید' : 'شناسه صنعت نامعتبر است') })
    .int('شناسه صنعت نامعتبر است')
    .positive('شناسه صنعت نامعتبر است')
    .max(2_147_483_647, 'شناسه صنعت نامعتبر است'),
  fiscal_year: fiscalYear,
  model: z.enum(DEA_MODELS, { error: 'مدل باید ccr یا bcc باشد' }).default('ccr'),
  /** Comma-separated input codes (DEA_INPUT_CODES); default DEFAULT_DEA_INPUTS. */
  inputs: codeList(DEA_INPUT_CODES, 'ورودی‌ها'),
  /** Comma-separated output codes (DEA_OUTPUT_CODES); default DEFAULT_DEA_OUTPUTS. */
  outputs: codeList(DEA_OUTPUT_CODES, 'خروجی‌ها'),
});
export type EfficiencyQuery = z.input<typeof efficiencyQuery>;

const measureOf = z.object({ code: z.string(), name_fa: z.string(), unit_fa: z.string() });

/** One company in the DEA (a decision-making unit). */
export const efficiencyUnit = z.object({
  legal_person_id: z.number().int(),
  company: z.string(),
  ticker: z.string().nullable(),
  statement_id: z.number().int(),
  /** Its inputs and outputs, in the order of the answer's `inputs` and `outputs`. */
  values: z.object({ inputs: z.array(z.number()), outputs: z.array(z.number()) }),
  /** θ*, 0 < θ* ≤ 1 (a fraction). */
  efficiency: z.number(),
  /** θ* = 1 and no slack (Pareto–Koopmans efficient). */
  efficient: z.boolean(),
  /** Its reference set: the efficient companies it is measured against, with λ. */
  peers: z.array(z.object({ legal_person_id: z.number().int(), company: z.string(), lambda: z.number() })),
  /** Its projection on the frontier, per input and output (same units as `values`). */
  targets: z.object({ inputs: z.array(z.number()), outputs: z.array(z.number()) }),
  slacks: z.object({ inputs: z.array(z.number()), outputs: z.array(z.number()) }),
});
export type EfficiencyUnit = z.infer<typeof efficiencyUnit>;

/** A company of the industry left out of the DEA, and why (Persian). */
export const efficiencyExcluded = z.object({
  legal_person_id: z.number().int(),
  company: z.string(),
  ticker: z.string().nullable(),
  statement_id: z.number().int().nullable(),
  reason_fa: z.string(),
  /** The input or output codes missing or not positive. */
  codes: z.array(z.string()),
});

/** GET /api/performance/evaluation/efficiency. */
export const efficiencyResult = z.object({
  industry_id: z.number().int(),
  industry: z.string(),
  fiscal_year: z.number().int(),
  model: z.enum(DEA_MODELS),
  inputs: z.array(measureOf),
  outputs: z.array(measureOf),
  units: z.array(efficiencyUnit),
  excluded: z.array(efficiencyExcluded),
});
export type EfficiencyResult = z.infer<typeof efficiencyResult>;

/** The rating summary's query: the fiscal year (default: the latest with annual statements) and the company filters. */
export const ratingSummaryQuery = listQuerySchema.extend({ fiscal_year: fiscalYear.optional() });

/** Ten bins of a score: [0, 10), [10, 20) … [90, 100]; `none`: not computable. */
const bins = z.object({ bins: z.array(z.number().int()).length(10), none: z.number().int() });

/**
 * GET /api/performance/evaluation/rating-summary: the fiscal years with annual statements (newest
 * first), the year summarised, and over the filtered companies of that year the count per grade
 * (`none`: not computable) and the distribution of the score and of each dimension's score.
 */
export const ratingSummary = z.object({
  years: z.array(z.number().int()),
  fiscal_year: z.number().int().nullable(),
  total: z.number().int(),
  grades: z.object(
    Object.fromEntries(RATING_GRADE_FILTER.map((g) => [g, z.number().int()])) as Record<
      RatingGradeFilter,
      z.ZodNumber
    >,
  ),
  /** The grade bands (highest first): grade, Persian label, lowest score. */
  bands: z.array(z.object({ grade: z.string(), label_fa: z.string(), min_score: z.number() })),
  score: bins,
  by_dimension: z.object(
    Object.fromEntries(RATING_DIMENSIONS.map((d) => [d, bins])) as Record<
      (typeof RATING_DIMENSIONS)[number],
      typeof bins
    >,
  ),
});
export type RatingSummary = z.infer<typeof ratingSummary>;
