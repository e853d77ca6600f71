import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { CompanyOption, CompanyRows, MonthlyReport, SavedRow } from '~/contract/company-reports.ts';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { api } from '~/lib/http.ts';
import { parseId } from '~/lib/route-params.ts';
import type { EnumOption } from '~/ui/data-table/types.ts';

/**
 * The company reports calls (shapes in src/contract/company-reports.ts), at the paths each
 * report's description names. Reads are `quiet` (the screens show failures in place); writes are
 * quiet too, their forms show the messages.
 */

type Fields = Record<string, EntityField>;
type Row = Record<string, unknown>;

export const reportKeys = {
  all: ['company-reports'] as const,
  rows: (entity: { name: string }, id: number) => ['company-reports', entity.name, id] as const,
  monthly: (id: number, year: number | undefined) =>
    ['company-reports', 'monthly', id, year ?? 'all'] as const,
};

/** A literal path with its parameters filled in order: `…/:id{[0-9]+}/x/:rid{[0-9]+}` and 7, 9 → `…/7/x/9`. */
function fill(pattern: string, ...values: number[]) {
  let i = 0;
  return pattern.replace(/:\w+(\{[^}]*\})?/g, () => String(values[i++]));
}

/** GET of a company's own rows (`entity.paths.list` at company `id`): the company and its rows. */
export const companyRowsQuery = <F extends Fields>(entity: EntityDescription<F>, id: number) =>
  queryOptions({
    queryKey: reportKeys.rows(entity, id),
    queryFn: ({ signal }) => api<CompanyRows<Row>>(fill(entity.paths.list, id), { signal, quiet: true }),
  });

/**
 * A route loader's start on a company's rows: the company id of the URL (`param`; not a valid id
 * → the router's not-found page) and the rows read ahead while the screen's code loads.
 */
export function prefetchCompanyRows<F extends Fields>(
  client: QueryClient,
  entity: EntityDescription<F>,
  param: string,
) {
  const id = parseId(param);
  if (id === null) throw notFound();
  void client.prefetchQuery(companyRowsQuery(entity, id));
}

/** GET …/:id/monthly-performance-reports?year=: rows, totals per year, the years present. */
export const monthlyQuery = <F extends Fields>(
  entity: EntityDescription<F>,
  id: number,
  year: number | undefined,
) =>
  queryOptions({
    queryKey: reportKeys.monthly(id, year),
    queryFn: ({ signal }) =>
      api<MonthlyReport & { company: CompanyRows<never>['company'] }>(fill(entity.paths.list, id), {
        query: { year },
        signal,
        quiet: true,
      }),
  });

/**
 * POST a new row, or PUT `row` with the version it was read at (`body` gains `version`). `scope`:
 * the path's parameters before the row's own (the company's id for a company's rows; none for a
 * list across companies).
 */
export function saveReportRow<F extends Fields>(
  entity: EntityDescription<F>,
  scope: number[],
  row: { id: number; version?: number } | null,
  body: object,
) {
  return api<SavedRow | { id: number }>(
    row ? fill(entity.paths.item!, ...scope, row.id) : fill(entity.paths.list, ...scope),
    { method: row ? 'PUT' : 'POST', body: row ? { ...body, version: row.version } : body, quiet: true },
  );
}

/** DELETE `row` at the version it was read at (`?version=`). */
export function deleteReportRow<F extends Fields>(
  entity: EntityDescription<F>,
  scope: number[],
  row: { id: number; version: number },
) {
  return api<{ id: number }>(fill(entity.paths.item!, ...scope, row.id), {
    method: 'DELETE',
    query: { version: row.version },
  });
}

/** A company filter's options: the companies that have rows in a list across companies (`path`). */
export const companyOptions = (path: string) => async (): Promise<EnumOption[]> =>
  (await api<CompanyOption[]>(path, { quiet: true })).map((r) => ({ value: r.id, label: r.name }));
