import { z } from 'zod';
import { REPORT_PERIODS } from '~/contract/company-reports.ts';
import { OWNERSHIP_TYPES } from '~/contract/legal-person.ts';
import { AUDIT_CATEGORIES, STATISTICS_GROUPS } from '~/contract/performance-portfolio.ts';

/**
 * The portfolio screens' URL: `year` (Jalali fiscal year), and the company filters under the
 * statements list's names (`industry`, `body`, `ownership`), so a link carries them on unchanged;
 * the statistics' `group`, the audit report's `opinion`, the product reports' `period`. A
 * malformed value is dropped, so a stale URL still opens the screen.
 */
const id = z.coerce.number().int().positive().optional().catch(undefined);
export const portfolioSearch = z.object({
  year: z.coerce.number().int().min(1300).max(1500).optional().catch(undefined),
  industry: id,
  body: id,
  ownership: z.enum(OWNERSHIP_TYPES).optional().catch(undefined),
});
export type PortfolioSearch = z.infer<typeof portfolioSearch>;

export const statisticsSearch = portfolioSearch.extend({
  group: z.enum(STATISTICS_GROUPS).optional().catch(undefined),
});
export type StatisticsSearch = z.infer<typeof statisticsSearch>;

export const auditSearch = portfolioSearch.extend({
  opinion: z.enum(AUDIT_CATEGORIES).optional().catch(undefined),
});
export type AuditSearch = z.infer<typeof auditSearch>;

export const productsSearch = portfolioSearch.extend({
  period: z.enum(REPORT_PERIODS).optional().catch(undefined),
});
export type ProductsSearch = z.infer<typeof productsSearch>;

/** The API's query of a screen's URL. */
export const apiQuery = (s: PortfolioSearch) => ({
  fiscal_year: s.year,
  industry_id: s.industry,
  supervising_body_id: s.body,
  ownership_type: s.ownership,
});

/** The company filters as the statements list's URL names them (to open it filtered the same way). */
export const listFilters = (s: PortfolioSearch) => ({
  ...(s.industry !== undefined ? { industry: s.industry } : {}),
  ...(s.body !== undefined ? { body: s.body } : {}),
  ...(s.ownership !== undefined ? { ownership: s.ownership } : {}),
});
