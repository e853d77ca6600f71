import { type SQL, sql } from 'drizzle-orm';
import type { CompanyFilter } from '../../../contract/performance-portfolio.ts';

/**
 * SQL shared by the portfolio's calls (portfolio.ts, portfolio-production.ts): the company filters
 * over `legal_persons lp`, and the scope of "the portfolio's companies".
 */

/** `lp` is live and matches the query's industry, supervising body and ownership type. */
export function companyWhere(q: CompanyFilter): SQL {
  const parts: SQL[] = [sql`lp.deleted_at IS NULL`];
  if (q.industry_id !== undefined) parts.push(sql`lp.industry_id = ${q.industry_id}`);
  if (q.supervising_body_id !== undefined) parts.push(sql`lp.supervising_body_id = ${q.supervising_body_id}`);
  if (q.ownership_type !== undefined) parts.push(sql`lp.ownership_type = ${q.ownership_type}`);
  return sql.join(parts, sql` AND `);
}

/** The portfolio's companies: live companies and holdings (as the entry-state matrix lists them). */
export const PORTFOLIO_KINDS = sql.raw(`lp.kind IN ('company', 'holding')`);

/** A numeric SQL value as a JS number (pg answers numeric as text), or null. */
export const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
