import { sql } from 'drizzle-orm';
import { industryCompanyEntity } from '../../../contract/industries.ts';
import { type EntitySource, entityListSpec } from '../../http/entity-list.ts';
import { companyWhere, PORTFOLIO_KINDS } from '../performance/portfolio-sql.ts';
import { CLASS_EXPR, SHARE_EXPR, STATE_JOIN } from './figures.ts';

/**
 * The companies of one industry group (contract/industries.ts `industryCompanyEntity`): the live
 * companies and holdings filed under it, their state class and share as of today, the province of
 * their registration city, and their annual statement of the fiscal year (one per company, year
 * and period: `financial_statements_unique`), joined rather than read per company.
 */

const r = (text: string) => sql.raw(text);
/** A statement item as a number, million IRR; null when the statement is absent or lacks it. */
const item = (code: string) => r(`(fs.items->>'${code}')::numeric`);

function companySource(
  industryId: number,
  year: number | null,
): EntitySource<(typeof industryCompanyEntity)['fields']> {
  return {
    from: sql`legal_persons lp ${STATE_JOIN}
      LEFT JOIN cities ct ON ct.id = lp.registration_city_id
      LEFT JOIN provinces pr ON pr.id = ct.province_id
      LEFT JOIN financial_statements fs
        ON fs.legal_person_id = lp.id AND fs.fiscal_year = ${year ?? -1} AND fs.period_months = 12`,
    columns: {
      legal_person_id: r('lp.id'),
      company: r('lp.name'),
      ticker: r('lp.ticker'),
      state_class: CLASS_EXPR,
      state_share: SHARE_EXPR,
      province_id: r('pr.id'),
      province: r('pr.name'),
      registered_capital: r('lp.registered_capital'),
      revenue: item('revenue'),
      net_profit: item('net_profit'),
      total_assets: item('total_assets'),
      loss: r('fs.loss'),
      article_141: r('fs.article_141'),
    },
    search: r('lp.search_text'),
    where: sql`${companyWhere({ industry_id: industryId })} AND ${PORTFOLIO_KINDS}`,
  };
}

/** The list spec of one group's companies for `year` (http/list.ts). */
export const companyListSpec = (industryId: number, year: number | null) =>
  entityListSpec(industryCompanyEntity, companySource(industryId, year));
