import { queryOptions } from '@tanstack/react-query';
import type { EvaluationRow } from '~/contract/evaluation.ts';
import type { ListPage } from '~/contract/list.ts';
import { api } from '~/lib/http.ts';

/**
 * GET /api/performance/evaluation for one company's annual statements, oldest year first: every
 * ratio, Altman's Z (the fitting model, with Z′ and Z″ beside it) and article 141 per year, with
 * the line items each read.
 */
export const companyEvaluationQuery = (companyId: number) =>
  queryOptions({
    queryKey: ['financial_statement', 'evaluation', companyId],
    queryFn: ({ signal }) =>
      api<ListPage<EvaluationRow>>('/api/performance/evaluation', {
        query: { legal_person_id: companyId, period_months: 12, sortBy: 'fiscal_year', per_page: 100 },
        signal,
        quiet: true,
      }),
  });
