import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  INDUSTRY_PATHS,
  type IndustryCompanyRow,
  type IndustryDetail,
  type IndustryGraph,
  type IndustryProvinces,
  type IndustryRow,
  type IndustrySummary,
} from '~/contract/industries.ts';
import type { ListPage } from '~/contract/list.ts';
import { api } from '~/lib/http.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { ListParams } from '~/ui/data-table/types.ts';
import provincesUrl from '../../../data/iran-provinces.geojson?url';
import { forD3, type ProvinceCollection } from './geo.ts';

/** The industries screens' calls (server/modules/industries/routes.ts); every read under `['industries']`. */

const path = (template: string, id: number) => template.replace(':id{[0-9]+}', String(id));
const yearQuery = (year: number | undefined) => (year === undefined ? {} : { fiscal_year: year });

export const industryKeys = {
  all: ['industries'] as const,
  list: (year: number | undefined) => ['industries', 'list', year ?? null] as const,
  summary: (year: number | undefined) => ['industries', 'summary', year ?? null] as const,
  detail: (id: number, year: number | undefined) => ['industries', id, 'detail', year ?? null] as const,
  companies: (id: number, year: number | undefined) => ['industries', id, 'companies', year ?? null] as const,
  provinces: (id: number) => ['industries', id, 'provinces'] as const,
  graph: (id: number) => ['industries', id, 'graph'] as const,
};

/** One block of the groups' list for `year` (the DataTable's `fetchPage`). */
export const fetchIndustryPage = (year: number | undefined) => (params: ListParams, signal: AbortSignal) =>
  api<ListPage<IndustryRow>>(INDUSTRY_PATHS.list, {
    query: { ...toRequestQuery(params), ...yearQuery(year) },
    signal,
    quiet: true,
  });

/** One block of a group's companies for `year`. */
export const fetchCompanyPage =
  (id: number, year: number | undefined) => (params: ListParams, signal: AbortSignal) =>
    api<ListPage<IndustryCompanyRow>>(path(INDUSTRY_PATHS.companies, id), {
      query: { ...toRequestQuery(params), ...yearQuery(year) },
      signal,
      quiet: true,
    });

/** The figures over every group, the year used and the years offered. */
export const summaryQuery = (year: number | undefined) =>
  queryOptions({
    queryKey: industryKeys.summary(year),
    queryFn: ({ signal }) =>
      api<IndustrySummary>(INDUSTRY_PATHS.summary, { query: yearQuery(year), signal, quiet: true }),
    placeholderData: keepPreviousData,
  });

/** One group's figures for `year`. */
export const detailQuery = (id: number, year: number | undefined) =>
  queryOptions({
    queryKey: industryKeys.detail(id, year),
    queryFn: ({ signal }) =>
      api<IndustryDetail>(path(INDUSTRY_PATHS.item, id), { query: yearQuery(year), signal, quiet: true }),
    placeholderData: keepPreviousData,
  });

/** A group's companies per province. */
export const provincesQuery = (id: number) =>
  queryOptions({
    queryKey: industryKeys.provinces(id),
    queryFn: ({ signal }) =>
      api<IndustryProvinces>(path(INDUSTRY_PATHS.provinces, id), { signal, quiet: true }),
  });

/** The ownership network inside a group. */
export const graphQuery = (id: number) =>
  queryOptions({
    queryKey: industryKeys.graph(id),
    queryFn: ({ signal }) => api<IndustryGraph>(path(INDUSTRY_PATHS.graph, id), { signal, quiet: true }),
  });

/**
 * The provinces' boundaries: a hashed static asset of the client build (data/iran-provinces.geojson,
 * immutable), fetched once when a map is first drawn and kept for the session.
 */
export const provinceShapesQuery = queryOptions({
  queryKey: ['geo', 'iran-provinces'],
  queryFn: async ({ signal }) => {
    const res = await fetch(provincesUrl, { signal });
    if (!res.ok) throw new Error(`iran-provinces.geojson: ${res.status}`);
    return forD3((await res.json()) as ProvinceCollection);
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});
