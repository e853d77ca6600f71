import { queryOptions } from '@tanstack/react-query';
import type { ListPage } from '~/contract/list.ts';
import type {
  FormulaPreview,
  FormulaPreviewBody,
  FormulaVocabulary,
  MeasureValueRow,
  MeasureValuesBody,
} from '~/contract/performance-config.ts';
import { jalaliOfIso, todayIso } from '~/domain/jalali.ts';
import { api } from '~/lib/http.ts';

/** The calls of the evaluation's configuration screens beyond the entities' own (lib/entity-api.ts). */

/** POST /api/performance/formulas/preview: the parse errors, or the references with values and the result. */
export const previewQuery = (body: FormulaPreviewBody) =>
  queryOptions({
    queryKey: ['performance', 'formula-preview', body],
    queryFn: ({ signal }) =>
      api<FormulaPreview>('/api/performance/formulas/preview', {
        method: 'POST',
        body,
        signal,
        quiet: true,
      }),
    staleTime: 30_000,
  });

/** GET /api/performance/formula-vocabulary: the chart items and measures a formula may name. */
export const vocabularyQuery = queryOptions({
  queryKey: ['performance', 'formula-vocabulary'],
  queryFn: ({ signal }) =>
    api<FormulaVocabulary>('/api/performance/formula-vocabulary', { signal, quiet: true }),
  staleTime: 60_000,
});

/** GET /api/performance/measures/:id/values: one page of companies with their value for the year. */
export const measureValuesQuery = (id: number, year: number, q: string, page: number) =>
  queryOptions({
    queryKey: ['performance', 'measures', 'values', id, year, q, page],
    queryFn: ({ signal }) =>
      api<ListPage<MeasureValueRow>>(`/api/performance/measures/${id}/values`, {
        query: { fiscal_year: year, q: q || undefined, page, per_page: PAGE_SIZE },
        signal,
        quiet: true,
      }),
  });

/** Rows per page of a measure's values. */
export const PAGE_SIZE = 25;

/** PUT /api/performance/measures/:id/values (all or nothing; the form shows a 422). */
export const saveMeasureValues = (id: number, body: MeasureValuesBody) =>
  api<{ saved: number; removed: number }>(`/api/performance/measures/${id}/values`, {
    method: 'PUT',
    body,
    quiet: true,
  });

/** The latest ended Jalali year (the year before today's): where the year pickers start. */
export const lastFiscalYear = () => Number(jalaliOfIso(todayIso()).slice(0, 4)) - 1;
