import { queryOptions } from '@tanstack/react-query';
import type {
  CapacityRow,
  CodalRow,
  CompanyOption,
  CompanyRows,
  MinutesRow,
  MonthlyReport,
  ProductReportRow,
  SavedRow,
} from '~/contract/company-reports.ts';
import type { ListPage } from '~/contract/list.ts';
import { api } from '~/lib/http.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { EnumOption, ListParams } from '~/ui/data-table/types.ts';

/**
 * The company reports calls (shapes in src/contract/company-reports.ts). Reads are `quiet`
 * (the screens show failures in place); writes are quiet too, their forms show the messages.
 */

export const reportKeys = {
  all: ['company-reports'] as const,
  rows: (segment: Segment, id: number) => ['company-reports', segment, id] as const,
  monthly: (id: number, year: number | undefined) =>
    ['company-reports', 'monthly', id, year ?? 'all'] as const,
  codal: ['company-reports', 'codal'] as const,
  codalCompanies: ['company-reports', 'codal', 'companies'] as const,
  minutes: ['company-reports', 'minutes'] as const,
  minutesCompanies: ['company-reports', 'minutes', 'companies'] as const,
};

/** The per-company resources' path segments. */
export type Segment = 'product-reports' | 'production-capacities' | 'monthly-performance-reports';

const companyPath = (segment: Segment, id: number) => `/api/person/legal-persons/${id}/${segment}`;

/** GET …/:id/product-reports: the company and its product reports. */
export const productReportsQuery = (id: number) =>
  queryOptions({
    queryKey: reportKeys.rows('product-reports', id),
    queryFn: ({ signal }) =>
      api<CompanyRows<ProductReportRow>>(companyPath('product-reports', id), { signal, quiet: true }),
  });

/** GET …/:id/production-capacities: the company and its capacities. */
export const capacitiesQuery = (id: number) =>
  queryOptions({
    queryKey: reportKeys.rows('production-capacities', id),
    queryFn: ({ signal }) =>
      api<CompanyRows<CapacityRow>>(companyPath('production-capacities', id), { signal, quiet: true }),
  });

/** GET …/:id/monthly-performance-reports?year=: rows, totals per year, the years present. */
export const monthlyQuery = (id: number, year: number | undefined) =>
  queryOptions({
    queryKey: reportKeys.monthly(id, year),
    queryFn: ({ signal }) =>
      api<MonthlyReport & { company: CompanyRows<never>['company'] }>(
        companyPath('monthly-performance-reports', id),
        { query: { year }, signal, quiet: true },
      ),
  });

/** POST (no `rid`) or PUT `/:rid` of a company's row; `body` carries `version` on PUT. */
export function saveCompanyRow(segment: Segment, id: number, rid: number | null, body: object) {
  return api<SavedRow>(rid ? `${companyPath(segment, id)}/${rid}` : companyPath(segment, id), {
    method: rid ? 'PUT' : 'POST',
    body,
    quiet: true,
  });
}

/** DELETE `/:rid?version=` of a company's row. */
export function deleteCompanyRow(segment: Segment, id: number, rid: number, version: number) {
  return api<{ id: number }>(`${companyPath(segment, id)}/${rid}`, { method: 'DELETE', query: { version } });
}

/** GET /api/person/codal-infos: one page of Codal disclosures. */
export function fetchCodal(params: ListParams, signal: AbortSignal) {
  return api<ListPage<CodalRow>>('/api/person/codal-infos', {
    query: toRequestQuery(params),
    signal,
    quiet: true,
  });
}

/** POST /api/person/codal-infos: a disclosure entered by hand. */
export const createCodal = (body: object) =>
  api<{ id: number }>('/api/person/codal-infos', { method: 'POST', body, quiet: true });

/** GET /api/person/meeting-minutes: one page of minutes. */
export function fetchMinutes(params: ListParams, signal: AbortSignal) {
  return api<ListPage<MinutesRow>>('/api/person/meeting-minutes', {
    query: toRequestQuery(params),
    signal,
    quiet: true,
  });
}

/** POST or PUT /api/person/meeting-minutes[/:id]. */
export const saveMinutes = (id: number | null, body: object) =>
  api<SavedRow>(id ? `/api/person/meeting-minutes/${id}` : '/api/person/meeting-minutes', {
    method: id ? 'PUT' : 'POST',
    body,
    quiet: true,
  });

/** DELETE /api/person/meeting-minutes/:id?version=. */
export const deleteMinutes = (id: number, version: number) =>
  api<{ id: number }>(`/api/person/meeting-minutes/${id}`, { method: 'DELETE', query: { version } });

const asOptions = (rows: CompanyOption[]): EnumOption[] => rows.map((r) => ({ value: r.id, label: r.name }));

/** The company filter's options of the Codal list: companies with disclosures. */
export const codalCompanyOptions = async () =>
  asOptions(await api<CompanyOption[]>('/api/person/codal-infos/companies', { quiet: true }));

/** The company filter's options of the minutes list: companies with minutes. */
export const minutesCompanyOptions = async () =>
  asOptions(await api<CompanyOption[]>('/api/person/meeting-minutes/companies', { quiet: true }));
