import { statementEntity } from '~/contract/financial-statements.ts';
import { ratingCompanyEntity } from '~/contract/rating.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { entityFilters, entitySearch } from '~/ui/entity/filters.ts';

/**
 * The rating screens' filters (industry, ownership, supervising body, grade: from the
 * description) and their URL: the list's view and `year`, the fiscal year shown (default: the
 * newest with annual statements). Kept apart from the screens for the route files.
 */
export const ratingFilters = entityFilters(ratingCompanyEntity);
const ratingListSearch = entitySearch(ratingCompanyEntity);

export type YearSearch = ListSearch & { year?: number };

const yearOf = (input: Record<string, unknown>) => {
  const year = Number(input.year);
  return Number.isInteger(year) && year >= 1300 && year <= 1500 ? { year } : {};
};

export const ratingSearch = (input: Record<string, unknown>): YearSearch => ({
  ...ratingListSearch.parse(input),
  ...yearOf(input),
});

/** The evaluation list's filters: the statements list's company filters and its verdicts (loss, article 141). */
const EVALUATION_FILTERS = new Set(['industry', 'ownership', 'body', 'loss', 'a141', 'state', 'opinion']);
export const evaluationFilters = entityFilters(statementEntity).filter(
  (f) => EVALUATION_FILTERS.has(f.key) && !f.builderOnly,
);
const evaluationListSearch = entitySearch(statementEntity);
/** The evaluation screen's URL: the list's view, `year`, and the efficiency section's industry (`dea`) and model. */
export type EvaluationSearch = YearSearch & { dea?: number; model?: 'bcc' };
export const evaluationSearch = (input: Record<string, unknown>): EvaluationSearch => {
  const dea = Number(input.dea);
  return {
    ...evaluationListSearch.parse(input),
    ...yearOf(input),
    ...(Number.isInteger(dea) && dea > 0 ? { dea } : {}),
    ...(input.model === 'bcc' ? { model: 'bcc' as const } : {}),
  };
};
