import { z } from 'zod';

/**
 * The evaluation calls' answers (issue 16; server/modules/finance/evaluation.ts): each figure of a
 * statement as the domain computes it (domain/finance `Computed<T>`), or why it could not be.
 * Amounts in million IRR; ratios plain fractions.
 */

/** Why a figure is not computable: the items missing, or the denominator that is zero. */
const notComputable = z.object({
  ok: z.literal(false),
  missing: z.array(z.string()),
  reason: z.enum(['missing', 'zero_denominator']),
});

/** A figure the evaluation computed, or why not (domain `Computed<number>`). */
export const computedNumber = z.union([z.object({ ok: z.literal(true), value: z.number() }), notComputable]);

/** Altman's score (domain altman.ts `ZScore`), or why not. */
export const computedZ = z.union([
  z.object({
    ok: z.literal(true),
    value: z.object({
      variant: z.enum(['z', 'z_prime', 'z_double_prime']),
      value: z.number(),
      zone: z.enum(['safe', 'grey', 'distress']),
      components: z.object({
        x1: z.number(),
        x2: z.number(),
        x3: z.number(),
        x4: z.number(),
        x5: z.number().nullable(),
      }),
    }),
  }),
  notComputable,
]);

/** Article 141 (domain article141.ts `Article141`), or why not. */
export const computedArticle141 = z.union([
  z.object({
    ok: z.literal(true),
    value: z.object({
      reached: z.boolean(),
      accumulatedLoss: z.number(),
      capital: z.number(),
      ratio: z.number(),
    }),
  }),
  notComputable,
]);

/** The statement a calculation is of. */
const evaluatedStatement = {
  statement_id: z.number().int(),
  legal_person_id: z.number().int(),
  company: z.string(),
  ticker: z.string().nullable(),
  fiscal_year: z.number().int(),
  period_months: z.number().int(),
  /** The line items the calculation read, million IRR (those the statement has). */
  inputs: z.record(z.string(), z.number()),
};

/** A row of a calculation call (GET /api/performance/evaluation/<key>): the statement and the result. */
export const calculationRow = z.object({
  ...evaluatedStatement,
  result: z.union([computedNumber, computedZ, computedArticle141]),
});
export type CalculationRow = z.infer<typeof calculationRow>;

/** A row of GET /api/performance/evaluation: every calculation of one statement. */
export const evaluationRow = z.object({
  ...evaluatedStatement,
  z_variant: z.enum(['z', 'z_prime', 'z_double_prime']),
  marginal_profit: computedNumber,
  return_on_asset: computedNumber,
  assets_turnover: computedNumber,
  financial_leverage: computedNumber,
  return_on_equity: computedNumber,
  z_altman: computedZ,
  /** The two book-equity models beside the chosen one (a listed company's Z needs its market value). */
  z_prime: computedZ,
  z_double_prime: computedZ,
  article_141: computedArticle141,
});
export type EvaluationRow = z.infer<typeof evaluationRow>;
