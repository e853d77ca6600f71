import { type SQL, sql } from 'drizzle-orm';
import { quantileSeq } from 'mathjs/number';
import {
  AUDIT_CATEGORIES,
  type AuditCategory,
  type AuditCompany,
  type AuditYear,
  auditQuery,
  auditReport,
  NON_CLEAN_OPINIONS,
  OVERVIEW_COUNTS,
  type OverviewCount,
  PORTFOLIO_PATHS,
  type PortfolioOverview,
  type PortfolioQuery,
  type PortfolioStatistics,
  portfolioOverview,
  portfolioQuery,
  portfolioStatistics,
  type Quartiles,
  STATISTICS_RATIOS,
  type StatementTotals,
  type StatisticsGroup,
  type StatisticsGroupRow,
  type StatisticsRatio,
  statisticsQuery,
  type TrendYear,
} from '../../../contract/performance-portfolio.ts';
import { altmanZ, chooseZVariant, isManufacturingIndustry } from '../../../domain/finance/altman.ts';
import type { Computed, LineItems } from '../../../domain/finance/line-items.ts';
import {
  financialLeverage,
  netProfitMargin,
  returnOnAssets,
  returnOnEquity,
} from '../../../domain/finance/ratios.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { lateSql } from '../finance/statements.ts';
import { companyWhere, PORTFOLIO_KINDS } from './portfolio-sql.ts';

/**
 * The portfolio's overview, statistics and auditors' opinions (SPEC §2 /performance, issue 16):
 * plain counts and sums in SQL over the annual statements (`period_months = 12`) of the live
 * companies the filters select; Altman's zones and the ratios from the domain
 * (domain/finance/altman.ts, ratios.ts) on each statement's items; quartiles with mathjs'
 * `quantileSeq` (linear interpolation between order statistics, as PostgreSQL's percentile_cont).
 */

const STATEMENTS = sql`financial_statements fs JOIN legal_persons lp ON lp.id = fs.legal_person_id`;
const FILED = sql.raw(`fs.entry_state IN ('submitted', 'reviewed')`);

/** Every fiscal year with annual statements of the selection, newest first. */
async function statementYears(db: Db, q: PortfolioQuery): Promise<number[]> {
  const rows = await queryRows<{ y: number }>(
    db,
    sql`SELECT DISTINCT fs.fiscal_year::int AS y FROM ${STATEMENTS}
        WHERE fs.period_months = 12 AND ${companyWhere(q)} ORDER BY 1 DESC`,
  );
  return rows.map((r) => r.y);
}

/** `Σ items.<code>` of `fs` as float8 (million IRR, 0 when none) and how many reported it (`<code>_n`). */
export const sumOf = (code: string) =>
  sql.raw(`COALESCE(sum((fs.items->>'${code}')::numeric), 0)::float8 AS ${code},
    count(fs.items->>'${code}')::int AS ${code}_n`);

/** Per fiscal year: statements, filed, loss-making, article 141 and the sums (million IRR). */
async function trendOf(db: Db, q: PortfolioQuery): Promise<TrendYear[]> {
  return queryRows<TrendYear>(
    db,
    sql`SELECT fs.fiscal_year::int AS fiscal_year, count(*)::int AS statements,
          count(*) FILTER (WHERE ${FILED})::int AS filed,
          count(*) FILTER (WHERE fs.loss)::int AS loss,
          count(*) FILTER (WHERE fs.article_141)::int AS article_141,
          ${sumOf('revenue')}, ${sumOf('net_profit')}, ${sumOf('total_assets')}
        FROM ${STATEMENTS} WHERE fs.period_months = 12 AND ${companyWhere(q)}
        GROUP BY 1 ORDER BY 1`,
  );
}

const NO_TOTALS: StatementTotals = {
  revenue: 0,
  net_profit: 0,
  total_assets: 0,
  revenue_n: 0,
  net_profit_n: 0,
  total_assets_n: 0,
};

interface ItemsRow {
  statement_id: number;
  legal_person_id: number;
  company: string;
  ticker: string | null;
  listed: boolean;
  industry_code: string | null;
  items: LineItems;
}

/**
 * Altman's zone of each annual statement of `year`: the model fitting the company (listing and
 * industry, `chooseZVariant`), or Z″ when that one is not computable (a listed manufacturer's Z
 * needs a market value of equity the statements lack), as the company's evaluation screen draws it.
 */
async function altmanOf(db: Db, q: PortfolioQuery, year: number) {
  const rows = await queryRows<ItemsRow>(
    db,
    sql`SELECT fs.id AS statement_id, fs.legal_person_id, lp.name AS company, lp.ticker, lp.is_listed AS listed,
          i.code AS industry_code, fs.items
        FROM ${STATEMENTS} LEFT JOIN industries i ON i.id = lp.industry_id
        WHERE fs.fiscal_year = ${year} AND fs.period_months = 12 AND ${companyWhere(q)}
        ORDER BY lp.name, fs.id`,
  );
  const out: PortfolioOverview['altman'] = {
    safe: 0,
    grey: 0,
    distress: 0,
    not_computable: 0,
    distress_companies: [],
  };
  for (const r of rows) {
    const fitting = chooseZVariant({
      listed: r.listed,
      manufacturing: isManufacturingIndustry(r.industry_code),
    });
    let z = altmanZ(fitting, r.items);
    if (!z.ok) z = altmanZ('z_double_prime', r.items);
    if (!z.ok) {
      out.not_computable++;
      continue;
    }
    out[z.value.zone]++;
    if (z.value.zone === 'distress')
      out.distress_companies.push({
        statement_id: r.statement_id,
        legal_person_id: r.legal_person_id,
        company: r.company,
        ticker: r.ticker,
        variant: z.value.variant,
        value: z.value.value,
      });
  }
  return out;
}

/** The overview (contract `portfolioOverview`). */
export async function overview(db: Db, q: PortfolioQuery): Promise<PortfolioOverview> {
  const [trend, [companies]] = await Promise.all([
    trendOf(db, q),
    queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM legal_persons lp WHERE ${PORTFOLIO_KINDS} AND ${companyWhere(q)}`,
    ),
  ]);
  const years = trend.map((t) => t.fiscal_year).reverse();
  const year = q.fiscal_year ?? years[0] ?? null;
  const counts = Object.fromEntries(OVERVIEW_COUNTS.map((k) => [k, 0])) as Record<OverviewCount, number>;
  const base = { fiscal_year: year, years, companies: companies?.n ?? 0, trend };
  if (year === null)
    return {
      ...base,
      statements: 0,
      counts,
      altman: { safe: 0, grey: 0, distress: 0, not_computable: 0, distress_companies: [] },
      totals: NO_TOTALS,
    };
  const [[c], [missing], altman] = await Promise.all([
    queryRows<Record<OverviewCount | 'statements', number>>(
      db,
      sql`SELECT count(*)::int AS statements,
            count(*) FILTER (WHERE ${FILED})::int AS filed,
            count(*) FILTER (WHERE NOT ${FILED})::int AS not_filed,
            count(*) FILTER (WHERE ${lateSql})::int AS late,
            count(*) FILTER (WHERE NOT fs.checks_passed)::int AS failing_checks,
            count(*) FILTER (WHERE fs.loss)::int AS loss,
            count(*) FILTER (WHERE fs.article_141)::int AS article_141
          FROM ${STATEMENTS} WHERE fs.fiscal_year = ${year} AND fs.period_months = 12 AND ${companyWhere(q)}`,
    ),
    queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM legal_persons lp WHERE ${PORTFOLIO_KINDS} AND ${companyWhere(q)}
          AND NOT EXISTS (SELECT 1 FROM financial_statements fs
            WHERE fs.legal_person_id = lp.id AND fs.fiscal_year = ${year} AND fs.period_months = 12)`,
    ),
    altmanOf(db, q, year),
  ]);
  const { statements, ...rest } = c!;
  const ofYear = trend.find((t) => t.fiscal_year === year);
  const totals: StatementTotals = ofYear
    ? {
        revenue: ofYear.revenue,
        net_profit: ofYear.net_profit,
        total_assets: ofYear.total_assets,
        revenue_n: ofYear.revenue_n,
        net_profit_n: ofYear.net_profit_n,
        total_assets_n: ofYear.total_assets_n,
      }
    : NO_TOTALS;
  return {
    ...base,
    statements,
    counts: { ...rest, missing: missing!.n },
    altman,
    totals,
  };
}

// ---------------------------------------------------------------- statistics

/** The group's key and name in SQL, over `lp`, `i` (its industry) and `sb` (its supervising body). */
const GROUP_SQL: Record<StatisticsGroup, { key: SQL; name: SQL }> = {
  industry: { key: sql.raw('lp.industry_id'), name: sql.raw('i.name') },
  ownership: { key: sql.raw('lp.ownership_type'), name: sql.raw('lp.ownership_type') },
  supervising_body: { key: sql.raw('lp.supervising_body_id'), name: sql.raw('sb.name') },
};
const GROUP_FROM = sql.raw(
  'legal_persons lp LEFT JOIN industries i ON i.id = lp.industry_id LEFT JOIN legal_persons sb ON sb.id = lp.supervising_body_id',
);

const RATIO_OF: Record<StatisticsRatio, (items: LineItems) => Computed<number>> = {
  net_margin: netProfitMargin,
  roa: returnOnAssets,
  roe: returnOnEquity,
  leverage: financialLeverage,
};

/** Quartiles of `values` (mathjs quantileSeq, linear interpolation); nulls for none. */
export function quartilesOf(values: number[]): Quartiles {
  if (values.length === 0) return { n: 0, q1: null, median: null, q3: null };
  const [q1, median, q3] = quantileSeq(values, [0.25, 0.5, 0.75]) as number[];
  return { n: values.length, q1: q1!, median: median!, q3: q3! };
}

interface GroupAcc {
  key: number | string | null;
  name: string;
  companies: number;
  statements: number;
  filed: number;
  revenue: number;
  net_profit: number;
  values: Record<StatisticsRatio, number[]>;
}

const newAcc = (key: number | string | null, name: string): GroupAcc => ({
  key,
  name,
  companies: 0,
  statements: 0,
  filed: 0,
  revenue: 0,
  net_profit: 0,
  values: { net_margin: [], roa: [], roe: [], leverage: [] },
});

const finish = (a: GroupAcc): StatisticsGroupRow => ({
  key: a.key,
  name: a.name,
  companies: a.companies,
  statements: a.statements,
  filed: a.filed,
  revenue: a.revenue,
  net_profit: a.net_profit,
  ratios: Object.fromEntries(STATISTICS_RATIOS.map((k) => [k, quartilesOf(a.values[k])])) as Record<
    StatisticsRatio,
    Quartiles
  >,
});

/** The statistics by group (contract `portfolioStatistics`). */
export async function statistics(
  db: Db,
  q: PortfolioQuery & { group_by: StatisticsGroup },
): Promise<PortfolioStatistics> {
  const years = await statementYears(db, q);
  const year = q.fiscal_year ?? years[0] ?? null;
  const g = GROUP_SQL[q.group_by];
  const [companies, statements] = await Promise.all([
    queryRows<{ key: number | string | null; name: string | null; n: number }>(
      db,
      sql`SELECT ${g.key} AS key, ${g.name} AS name, count(*)::int AS n FROM ${GROUP_FROM}
          WHERE ${PORTFOLIO_KINDS} AND ${companyWhere(q)} GROUP BY 1, 2`,
    ),
    year === null
      ? Promise.resolve([])
      : queryRows<{ key: number | string | null; name: string | null; filed: boolean; items: LineItems }>(
          db,
          sql`SELECT ${g.key} AS key, ${g.name} AS name, ${FILED} AS filed,
                jsonb_build_object('net_profit', fs.items->'net_profit', 'revenue', fs.items->'revenue',
                  'total_assets', fs.items->'total_assets', 'total_equity', fs.items->'total_equity') AS items
              FROM financial_statements fs JOIN ${GROUP_FROM} ON lp.id = fs.legal_person_id
              WHERE fs.fiscal_year = ${year} AND fs.period_months = 12 AND ${companyWhere(q)}`,
        ),
  ]);
  const groups = new Map<string, GroupAcc>();
  const all = newAcc(null, 'همه');
  const accOf = (key: number | string | null, name: string | null) => {
    const id = String(key);
    let a = groups.get(id);
    if (!a) {
      a = newAcc(key, name ?? 'نامشخص');
      groups.set(id, a);
    }
    return a;
  };
  for (const c of companies) {
    accOf(c.key, c.name).companies += c.n;
    all.companies += c.n;
  }
  for (const s of statements) {
    // jsonb_build_object keeps JSON nulls for absent items: the domain reads them as missing.
    const items = Object.fromEntries(
      Object.entries(s.items).filter(([, v]) => typeof v === 'number'),
    ) as LineItems;
    for (const a of [accOf(s.key, s.name), all]) {
      a.statements++;
      if (s.filed) a.filed++;
      a.revenue += items.revenue ?? 0;
      a.net_profit += items.net_profit ?? 0;
      for (const k of STATISTICS_RATIOS) {
        const r = RATIO_OF[k](items);
        if (r.ok) a.values[k].push(r.value);
      }
    }
  }
  const rows = [...groups.values()]
    .map(finish)
    .sort((a, b) => b.revenue - a.revenue || b.companies - a.companies);
  return { fiscal_year: year, years, group_by: q.group_by, groups: rows, all: finish(all) };
}

// ---------------------------------------------------------------- audit report

const CATEGORY = sql.raw(`CASE WHEN NOT fs.audited THEN 'not_audited'
  WHEN fs.auditor_opinion IS NULL THEN 'no_opinion' ELSE fs.auditor_opinion END`);

/** Auditors' opinions by year and the companies of one opinion (contract `auditReport`). */
export async function auditOpinions(
  db: Db,
  q: PortfolioQuery & { opinion?: AuditCategory },
): Promise<ReturnType<typeof auditReport.parse>> {
  const counts = await queryRows<{ y: number; category: AuditCategory; n: number }>(
    db,
    sql`SELECT fs.fiscal_year::int AS y, ${CATEGORY} AS category, count(*)::int AS n
        FROM ${STATEMENTS} WHERE fs.period_months = 12 AND ${companyWhere(q)} GROUP BY 1, 2 ORDER BY 1`,
  );
  const byYear = new Map<number, AuditYear>();
  for (const c of counts) {
    let y = byYear.get(c.y);
    if (!y) {
      y = {
        fiscal_year: c.y,
        total: 0,
        ...(Object.fromEntries(AUDIT_CATEGORIES.map((k) => [k, 0])) as Record<AuditCategory, number>),
      };
      byYear.set(c.y, y);
    }
    y[c.category] += c.n;
    y.total += c.n;
  }
  const years = [...byYear.values()];
  const year = q.fiscal_year ?? years.at(-1)?.fiscal_year ?? null;
  const wanted: readonly AuditCategory[] = q.opinion ? [q.opinion] : NON_CLEAN_OPINIONS;
  const companies =
    year === null
      ? []
      : await queryRows<AuditCompany>(
          db,
          sql`SELECT fs.id AS statement_id, fs.legal_person_id, lp.name AS company, lp.ticker, i.name AS industry,
                ${CATEGORY} AS category
              FROM ${STATEMENTS} LEFT JOIN industries i ON i.id = lp.industry_id
              WHERE fs.fiscal_year = ${year} AND fs.period_months = 12 AND ${companyWhere(q)}
                AND ${CATEGORY} IN (${sql.join(
                  wanted.map((w) => sql`${w}`),
                  sql`, `,
                )})
              ORDER BY lp.name, fs.id`,
        );
  return { fiscal_year: year, years, opinion: q.opinion ?? null, companies };
}

export const portfolioRoutes: AnyRoute[] = [
  /**
   * GET /api/performance/portfolio (performance) — `PortfolioOverview` for `fiscal_year` (Jalali;
   * default the latest year with annual statements) over the live companies the filters select
   * (`industry_id`, `supervising_body_id`, `ownership_type`): `companies` (live companies and
   * holdings), `statements` (annual statements of the year, any entry state, as the statements
   * list counts them), `counts` of statements filed (submitted or reviewed) / not filed / late /
   * failing checks / loss-making / under article 141 and of companies `missing` a statement,
   * Altman's zones (domain altman.ts: the company's fitting model, else Z″; the distress zone's
   * statements listed), `totals` of revenue, net profit and total assets (million IRR, with how
   * many statements reported each) and the `trend` of the same per year, oldest first.
   * 422 (Persian) on a bad year or filter.
   */
  defineRoute({
    method: 'get',
    path: PORTFOLIO_PATHS.overview,
    permission: 'performance',
    summary: 'Portfolio overview for a fiscal year: counts, Altman zones, totals and trend',
    tags: ['performance'],
    query: portfolioQuery,
    response: portfolioOverview,
    handler: ({ db, query }) => overview(db, query),
  }),
  /**
   * GET /api/performance/statistics (performance) — `PortfolioStatistics`: per group of `group_by`
   * (industry, the default; ownership; supervising_body) for `fiscal_year` (default the latest with
   * annual statements): live companies and holdings, annual statements and those filed, total
   * revenue and net profit (million IRR), and the quartiles (q1, median, q3, fractions; `n` the
   * statements where computable) of net margin, ROA, ROE and financial leverage, each computed per
   * statement by the domain (ratios.ts). `all` is the same over the whole selection. Groups by
   * revenue, largest first; a company with no group falls in «نامشخص» (key null). 422 (Persian).
   */
  defineRoute({
    method: 'get',
    path: PORTFOLIO_PATHS.statistics,
    permission: 'performance',
    summary:
      'Portfolio statistics by industry, ownership or supervising body: counts, totals, ratio quartiles',
    tags: ['performance'],
    query: statisticsQuery,
    response: portfolioStatistics,
    handler: ({ db, query }) => statistics(db, query),
  }),
  /**
   * GET /api/performance/audit-report (performance) — `AuditReport`: per fiscal year (oldest first)
   * the annual statements by auditor's opinion (unqualified, qualified, adverse, disclaimer) or its
   * absence (`not_audited`: not audited; `no_opinion`: audited, no opinion recorded), and for
   * `fiscal_year` (default the latest) the companies whose statement is in `opinion` (default the
   * non-clean opinions: qualified, adverse, disclaimer), by name, each with its statement's id.
   * Company filters as every portfolio call. 422 (Persian) on a bad year, filter or opinion.
   */
  defineRoute({
    method: 'get',
    path: PORTFOLIO_PATHS.audit,
    permission: 'performance',
    summary: 'Auditor opinions across the portfolio by year, and the companies of one opinion',
    tags: ['performance'],
    query: auditQuery,
    response: auditReport,
    handler: ({ db, query }) => auditOpinions(db, query),
  }),
];
