import { queryOptions } from '@tanstack/react-query';
import type { EvaluationRow } from '~/contract/evaluation.ts';
import type { ListPage } from '~/contract/list.ts';
import {
  type EfficiencyQuery,
  type EfficiencyResult,
  type RatingRow,
  type RatingSummary,
  ratingCompanyEntity,
} from '~/contract/rating.ts';
import { api } from '~/lib/http.ts';
import { toFilterQuery, toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { ListParams, ListQuery } from '~/ui/data-table/types.ts';

/**
 * The portfolio's rating, its summary, the evaluation list and the efficiency (DEA) calls
 * (server/modules/performance/rating.ts, efficiency.ts, finance/evaluation.ts).
 */

/** The cache keys: every rating read sits under `['company_rating']`. */
export const ratingKeys = {
  all: ['company_rating'] as const,
  list: (year: number) => ['company_rating', 'list', year] as const,
  summary: (year: number | undefined, filters: Record<string, unknown>) =>
    ['company_rating', 'summary', year ?? null, filters] as const,
  shape: (year: number) => ['company_rating', 'shape', year] as const,
  efficiency: (q: EfficiencyQuery) => ['company_rating', 'efficiency', q] as const,
};

/**
 * One block of the rating list for `year` (the DataTable's `fetchPage`); without a sort of the
 * user's, by `defaultSort` highest first (a dimension's screen: its own score), else the server's
 * (the score).
 */
export const fetchRatingPage =
  (year: number, defaultSort?: string) => (params: ListParams, signal: AbortSignal) =>
    api<ListPage<RatingRow>>(ratingCompanyEntity.paths.list, {
      query: {
        ...toRequestQuery(params),
        ...(params.sortBy || !defaultSort ? {} : { sortBy: defaultSort, descending: true }),
        fiscal_year: year,
      },
      signal,
      quiet: true,
    });

/** The years with statements, and for `year` (default the newest) and the list's filters the grade counts and score distributions. */
export const ratingSummaryQuery = (year: number | undefined, query: ListQuery) => {
  const filters = toFilterQuery(query);
  return queryOptions({
    queryKey: ratingKeys.summary(year, filters),
    queryFn: ({ signal }) =>
      api<RatingSummary>('/api/performance/evaluation/rating-summary', {
        query: { ...filters, ...(year ? { fiscal_year: year } : {}) },
        signal,
        quiet: true,
      }),
    placeholderData: (previous) => previous,
  });
};

/** One row of the year's rating: the configured items (codes, names, dimensions) the columns are made of. */
export const ratingShapeQuery = (year: number) =>
  queryOptions({
    queryKey: ratingKeys.shape(year),
    queryFn: ({ signal }) =>
      api<ListPage<RatingRow>>(ratingCompanyEntity.paths.list, {
        query: { fiscal_year: year, per_page: 1 },
        signal,
        quiet: true,
      }),
    staleTime: 60_000,
  });

/** The DEA of one industry and year. */
export const efficiencyQuery = (q: EfficiencyQuery) =>
  queryOptions({
    queryKey: ratingKeys.efficiency(q),
    queryFn: ({ signal }) =>
      api<EfficiencyResult>('/api/performance/evaluation/efficiency', {
        query: q as Record<string, string | number>,
        signal,
        quiet: true,
      }),
  });

/** One block of GET /api/performance/evaluation for the annual statements of `year`. */
export const fetchEvaluationPage = (year: number) => (params: ListParams, signal: AbortSignal) =>
  api<ListPage<EvaluationRow>>('/api/performance/evaluation', {
    query: { ...toRequestQuery(params), fiscal_year: year, period_months: 12 },
    signal,
    quiet: true,
  });
