import { sql } from 'drizzle-orm';
import type { REPORT_PERIODS } from '../../../contract/company-reports.ts';
import {
  type CapacityCompany,
  type CapacityRowOf,
  type CapacityTotal,
  PORTFOLIO_PATHS,
  type PortfolioCapacity,
  type PortfolioProducts,
  type PortfolioQuery,
  type ProductCompany,
  type ProductRow,
  type ProductTotal,
  portfolioCapacity,
  portfolioProducts,
  portfolioQuery,
  productReportsQuery,
} from '../../../contract/performance-portfolio.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { companyWhere, num } from './portfolio-sql.ts';

/**
 * Production across companies (SPEC §2 /performance/product-reports and production-capacity),
 * read from the reports each company keeps (schema/company-reports.ts: product_reports,
 * production_capacities): plain sums per product and unit and per company, in SQL. Quantities
 * are summed only within one product and unit (never across units); achievement = Σ produced ÷
 * Σ planned and utilisation = Σ actual ÷ Σ nominal, each over the rows that report both.
 */

/** Fractions from numeric text (pg answers numeric as text). */
const fractionsOf = <T extends Record<string, unknown>>(rows: T[], keys: (keyof T)[]): T[] =>
  rows.map((r) => {
    const out: Record<string, unknown> = { ...r };
    for (const k of keys) out[k as string] = num(r[k]);
    return out as T;
  });

/** The product reports of `year` and `period` across the selected companies (contract `portfolioProducts`). */
export async function productReportsAcross(
  db: Db,
  q: PortfolioQuery & { period: (typeof REPORT_PERIODS)[number] },
): Promise<PortfolioProducts> {
  const scope = sql`product_reports x JOIN legal_persons lp ON lp.id = x.legal_person_id`;
  const yearRows = await queryRows<{ y: number }>(
    db,
    sql`SELECT DISTINCT x.fiscal_year::int AS y FROM ${scope}
        WHERE x.period = ${q.period} AND ${companyWhere(q)} ORDER BY 1 DESC`,
  );
  const years = yearRows.map((r) => r.y);
  const year = q.fiscal_year ?? years[0] ?? null;
  if (year === null)
    return { fiscal_year: null, years, period: q.period, products: [], companies: [], rows: [] };
  const where = sql`x.fiscal_year = ${year} AND x.period = ${q.period} AND ${companyWhere(q)}`;
  const both = sql.raw('x.planned > 0 AND x.produced IS NOT NULL');
  const [products, companies, rows] = await Promise.all([
    queryRows<ProductTotal>(
      db,
      sql`SELECT x.product, x.unit, count(DISTINCT x.legal_person_id)::int AS companies,
            sum(x.planned)::text AS planned, sum(x.produced)::text AS produced, sum(x.sold)::text AS sold,
            sum(x.sales_value)::text AS sales_value,
            round(sum(x.produced) FILTER (WHERE ${both}) / NULLIF(sum(x.planned) FILTER (WHERE ${both}), 0), 4)
              AS achievement
          FROM ${scope} WHERE ${where} GROUP BY x.product, x.unit ORDER BY x.product, x.unit`,
    ),
    queryRows<ProductCompany>(
      db,
      sql`SELECT x.legal_person_id, lp.name AS company, lp.ticker, count(*)::int AS products,
            sum(x.sales_value)::text AS sales_value,
            count(*) FILTER (WHERE ${both} AND x.produced >= x.planned)::int AS on_plan,
            count(*) FILTER (WHERE ${both})::int AS planned_products
          FROM ${scope} WHERE ${where} GROUP BY x.legal_person_id, lp.name, lp.ticker
          ORDER BY sum(x.sales_value) DESC NULLS LAST, lp.name`,
    ),
    queryRows<ProductRow>(
      db,
      sql`SELECT x.id, x.legal_person_id, lp.name AS company, x.product, x.unit, x.planned::text AS planned,
            x.produced::text AS produced, x.sold::text AS sold, x.sales_value::text AS sales_value,
            CASE WHEN ${both} THEN round(x.produced / x.planned, 4) END AS achievement
          FROM ${scope} WHERE ${where} ORDER BY lp.name, x.product`,
    ),
  ]);
  return {
    fiscal_year: year,
    years,
    period: q.period,
    products: fractionsOf(products, ['achievement']),
    companies,
    rows: fractionsOf(rows, ['achievement']),
  };
}

/** The production capacities of `year` across the selected companies (contract `portfolioCapacity`). */
export async function capacityAcross(db: Db, q: PortfolioQuery): Promise<PortfolioCapacity> {
  const scope = sql`production_capacities x JOIN legal_persons lp ON lp.id = x.legal_person_id`;
  const yearRows = await queryRows<{ y: number }>(
    db,
    sql`SELECT DISTINCT x.fiscal_year::int AS y FROM ${scope} WHERE ${companyWhere(q)} ORDER BY 1 DESC`,
  );
  const years = yearRows.map((r) => r.y);
  const year = q.fiscal_year ?? years[0] ?? null;
  if (year === null) return { fiscal_year: null, years, products: [], companies: [], rows: [] };
  const where = sql`x.fiscal_year = ${year} AND ${companyWhere(q)}`;
  const reported = sql.raw('x.actual_production IS NOT NULL');
  const [products, companies, rows] = await Promise.all([
    queryRows<CapacityTotal>(
      db,
      sql`SELECT x.product, x.unit, count(DISTINCT x.legal_person_id)::int AS companies,
            sum(x.nominal_capacity)::text AS nominal_capacity, sum(x.actual_production)::text AS actual_production,
            round(sum(x.actual_production) / NULLIF(sum(x.nominal_capacity) FILTER (WHERE ${reported}), 0), 4)
              AS utilisation
          FROM ${scope} WHERE ${where} GROUP BY x.product, x.unit ORDER BY x.product, x.unit`,
    ),
    queryRows<CapacityCompany>(
      db,
      sql`SELECT x.legal_person_id, lp.name AS company, lp.ticker, count(*)::int AS products,
            round(avg(x.actual_production / x.nominal_capacity), 4) AS mean_utilisation
          FROM ${scope} WHERE ${where} GROUP BY x.legal_person_id, lp.name, lp.ticker
          ORDER BY avg(x.actual_production / x.nominal_capacity) DESC NULLS LAST, lp.name`,
    ),
    queryRows<CapacityRowOf>(
      db,
      sql`SELECT x.id, x.legal_person_id, lp.name AS company, x.product, x.unit,
            x.nominal_capacity::text AS nominal_capacity, x.actual_production::text AS actual_production,
            round(x.actual_production / x.nominal_capacity, 4) AS utilisation
          FROM ${scope} WHERE ${where} ORDER BY lp.name, x.product`,
    ),
  ]);
  return {
    fiscal_year: year,
    years,
    products: fractionsOf(products, ['utilisation']),
    companies: fractionsOf(companies, ['mean_utilisation']),
    rows: fractionsOf(rows, ['utilisation']),
  };
}

export const portfolioProductionRoutes: AnyRoute[] = [
  /**
   * GET /api/performance/product-reports (performance) — `PortfolioProducts` for `fiscal_year`
   * (Jalali; default the latest with reports of the period) and `period` (annual, the default;
   * 3m, 6m, 9m) across the live companies the filters select: `products` (per product and unit:
   * companies, Σ planned / produced / sold in that unit, Σ sales value IRR, achievement = Σ
   * produced ÷ Σ planned over rows reporting both, a fraction), `companies` (per company: products,
   * Σ sales value IRR, products on plan of those planned; largest sales first) and the `rows`.
   * Quantities and IRR as decimal strings. 422 (Persian) on a bad year, period or filter.
   */
  defineRoute({
    method: 'get',
    path: PORTFOLIO_PATHS.products,
    permission: 'performance',
    summary: 'Product reports across companies: totals per product and unit and per company',
    tags: ['performance'],
    query: productReportsQuery,
    response: portfolioProducts,
    handler: ({ db, query }) => productReportsAcross(db, query),
  }),
  /**
   * GET /api/performance/production-capacity (performance) — `PortfolioCapacity` for
   * `fiscal_year` (default the latest with capacities) across the selected companies: `products`
   * (per product and unit: companies, Σ nominal capacity, Σ actual production in that unit,
   * utilisation = Σ actual ÷ Σ nominal over rows reporting actual, a fraction; above 1 when
   * production exceeded the capacity), `companies` (products, mean of their utilisations; highest
   * first) and the `rows`. 422 (Persian) on a bad year or filter.
   */
  defineRoute({
    method: 'get',
    path: PORTFOLIO_PATHS.capacity,
    permission: 'performance',
    summary: 'Production capacity across companies: nominal, actual and utilisation per product and company',
    tags: ['performance'],
    query: portfolioQuery,
    response: portfolioCapacity,
    handler: ({ db, query }) => capacityAcross(db, query),
  }),
];
