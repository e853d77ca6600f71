import { industryCompanyEntity, industryEntity } from '~/contract/industries.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { entityFilters, entitySearch } from '~/ui/entity/filters.ts';

/**
 * The industries screens' URL (kept apart from the screens for the route files): each list's
 * view (q, sort, filters) and `year`, the fiscal year of the statement figures (default: the
 * latest with annual statements). A malformed value is dropped, so a stale link still opens.
 */

export type YearSearch = ListSearch & { year?: number };

const yearOf = (input: Record<string, unknown>) => {
  const year = Number(input.year);
  return Number.isInteger(year) && year >= 1300 && year <= 1500 ? { year } : {};
};

export const industryFilters = entityFilters(industryEntity);
const industryListSearch = entitySearch(industryEntity);
export const industriesSearch = (input: Record<string, unknown>): YearSearch => ({
  ...industryListSearch.parse(input),
  ...yearOf(input),
});

export const companyFilters = entityFilters(industryCompanyEntity);
const companyListSearch = entitySearch(industryCompanyEntity);
export const statusSearch = (input: Record<string, unknown>): YearSearch => ({
  ...companyListSearch.parse(input),
  ...yearOf(input),
});
