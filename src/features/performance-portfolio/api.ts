import { queryOptions } from '@tanstack/react-query';
import {
  type AuditReport,
  PORTFOLIO_PATHS,
  type PortfolioCapacity,
  type PortfolioOverview,
  type PortfolioProducts,
  type PortfolioStatistics,
} from '~/contract/performance-portfolio.ts';
import { api } from '~/lib/http.ts';
import {
  type AuditSearch,
  apiQuery,
  type PortfolioSearch,
  type ProductsSearch,
  type StatisticsSearch,
} from './search.ts';

/** The portfolio screens' reads, one GET each (contract/performance-portfolio.ts), keyed by the URL's search. */
const read = <T>(path: string, key: string, search: object, query: Record<string, unknown>) =>
  queryOptions({
    queryKey: ['performance-portfolio', key, search],
    queryFn: ({ signal }) => api<T>(path, { query, signal, quiet: true }),
  });

export const overviewQuery = (s: PortfolioSearch) =>
  read<PortfolioOverview>(PORTFOLIO_PATHS.overview, 'overview', s, apiQuery(s));
export const statisticsQueryOf = (s: StatisticsSearch) =>
  read<PortfolioStatistics>(PORTFOLIO_PATHS.statistics, 'statistics', s, {
    ...apiQuery(s),
    group_by: s.group,
  });
export const auditQueryOf = (s: AuditSearch) =>
  read<AuditReport>(PORTFOLIO_PATHS.audit, 'audit', s, { ...apiQuery(s), opinion: s.opinion });
export const productsQuery = (s: ProductsSearch) =>
  read<PortfolioProducts>(PORTFOLIO_PATHS.products, 'products', s, { ...apiQuery(s), period: s.period });
export const capacityQuery = (s: PortfolioSearch) =>
  read<PortfolioCapacity>(PORTFOLIO_PATHS.capacity, 'capacity', s, apiQuery(s));
