import { type SQL, sql } from 'drizzle-orm';
import { type IndustryFigures, industryEntity } from '../../../contract/industries.ts';
import type { Db } from '../../db/client.ts';
import { type EntitySource, entityListSpec } from '../../http/entity-list.ts';
import { queryRows } from '../../http/list.ts';
import { sumOf } from '../performance/portfolio.ts';
import { companyWhere, PORTFOLIO_KINDS } from '../performance/portfolio-sql.ts';

/**
 * The figures of the industry groups (contract/industries.ts `industryFigures`), in SQL: the live
 * companies and holdings of each group (the portfolio's companies, performance/portfolio-sql.ts)
 * with their state class and share, and the annual statements of one fiscal year summed as the
 * portfolio sums them (performance/portfolio.ts `sumOf`). The same expressions give the list of
 * groups, one group and the whole set, so the three always agree.
 */

const r = (text: string) => sql.raw(text);

/**
 * A company's state class and share as of today, over `lp` joined to `company_state_class csc`:
 * the join form of ownership/classes.ts STATE_CLASS_SQL and STATE_SHARE_SQL. A company without a
 * row is private, its state share 0; a state entity's share is null (it is the state), as is a
 * share that is not computable (class `unknown`).
 */
export const STATE_JOIN = r('LEFT JOIN company_state_class csc ON csc.company_id = lp.id');
export const CLASS_EXPR = r(`COALESCE(csc.state_class, 'private')`);
export const SHARE_EXPR = r('CASE WHEN csc.company_id IS NULL THEN 0 ELSE csc.state_share END');

/** The companies of the groups: live companies and holdings filed under an industry group. */
export const INDUSTRY_COMPANIES = sql`${companyWhere({})} AND ${PORTFOLIO_KINDS} AND lp.industry_id IS NOT NULL`;

/** Per group (`key` = industry id), or over every group (`key` = 0): companies by class, shares, capital. */
function companyAggregate(perIndustry: boolean): SQL {
  const key = perIndustry ? r('lp.industry_id') : r('0');
  return sql`SELECT ${key} AS key, count(*)::int AS companies,
      count(*) FILTER (WHERE ${CLASS_EXPR} = 'state')::int AS state_entities,
      count(*) FILTER (WHERE ${CLASS_EXPR} = 'state-owned')::int AS state_owned,
      count(*) FILTER (WHERE ${CLASS_EXPR} = 'state-affiliated')::int AS state_affiliated,
      count(*) FILTER (WHERE ${CLASS_EXPR} = 'private')::int AS private,
      count(*) FILTER (WHERE ${CLASS_EXPR} = 'unknown')::int AS unknown,
      count(${SHARE_EXPR})::int AS share_n,
      round(avg(${SHARE_EXPR}), 9) AS state_share_avg,
      round(sum(${SHARE_EXPR} * lp.registered_capital) FILTER (WHERE lp.registered_capital > 0)
        / NULLIF(sum(lp.registered_capital) FILTER (WHERE ${SHARE_EXPR} IS NOT NULL AND lp.registered_capital > 0), 0), 9)
        AS state_share_weighted,
      sum(lp.registered_capital) AS registered_capital
    FROM legal_persons lp ${STATE_JOIN}
    WHERE ${INDUSTRY_COMPANIES}
    GROUP BY 1`;
}

/** Per group or over every group: the annual statements of `year` (any entry state) and their sums. */
function statementAggregate(perIndustry: boolean, year: number | null): SQL {
  const key = perIndustry ? r('lp.industry_id') : r('0');
  return sql`SELECT ${key} AS key, count(*)::int AS statements,
      count(*) FILTER (WHERE fs.loss)::int AS loss,
      count(*) FILTER (WHERE fs.article_141)::int AS article_141,
      ${sumOf('revenue')}, ${sumOf('net_profit')}, ${sumOf('total_assets')}
    FROM financial_statements fs JOIN legal_persons lp ON lp.id = fs.legal_person_id
    WHERE fs.fiscal_year = ${year ?? -1} AND fs.period_months = 12 AND ${INDUSTRY_COMPANIES}
    GROUP BY 1`;
}

/** A sum that no statement reported is null, not 0. */
const total = (code: string) => r(`CASE WHEN f.${code}_n > 0 THEN f.${code}::numeric END`);

/** The select list of the figures over `c` (companies) and `f` (statements), each named as its field. */
const FIGURES = sql`COALESCE(c.companies, 0) AS companies,
  COALESCE(c.state_entities, 0) AS state_entities, COALESCE(c.state_owned, 0) AS state_owned,
  COALESCE(c.state_affiliated, 0) AS state_affiliated, COALESCE(c.private, 0) AS private,
  COALESCE(c.unknown, 0) AS unknown, COALESCE(c.share_n, 0) AS share_n,
  c.state_share_avg, c.state_share_weighted, c.registered_capital,
  COALESCE(f.statements, 0) AS statements, ${total('revenue')} AS revenue,
  ${total('net_profit')} AS net_profit, ${total('total_assets')} AS total_assets,
  COALESCE(f.loss, 0) AS loss, COALESCE(f.article_141, 0) AS article_141`;

/** Every industry group with its figures for `year`, as a table `x` the list engine reads. */
function industriesTable(year: number | null): SQL {
  return sql`(SELECT i.id, i.code, i.name, ${FIGURES}
    FROM industries i
    LEFT JOIN (${companyAggregate(true)}) c ON c.key = i.id
    LEFT JOIN (${statementAggregate(true, year)}) f ON f.key = i.id) x`;
}

type Fields = (typeof industryEntity)['fields'];

/** Where the list of groups reads each field: the column of `x` by the same name. */
function industrySource(year: number | null): EntitySource<Fields> {
  const columns = Object.fromEntries(
    Object.keys(industryEntity.fields).map((name) => [name, r(`x.${name}`)]),
  ) as EntitySource<Fields>['columns'];
  return {
    from: industriesTable(year),
    columns,
    // searchKey in SQL (domain/persian-text): the names are stored normalised; spaces and ZWNJ dropped
    search: r(`lower(replace(replace(x.name || ' ' || x.code, chr(8204), ''), ' ', ''))`),
  };
}

/** The list spec of the groups for `year` (http/list.ts). */
export const industryListSpec = (year: number | null) => entityListSpec(industryEntity, industrySource(year));

/** The fiscal years with annual statements of the groups' companies, newest first. */
export async function industryYears(db: Db): Promise<number[]> {
  const rows = await queryRows<{ y: number }>(
    db,
    sql`SELECT DISTINCT fs.fiscal_year::int AS y
        FROM financial_statements fs JOIN legal_persons lp ON lp.id = fs.legal_person_id
        WHERE fs.period_months = 12 AND ${INDUSTRY_COMPANIES} ORDER BY 1 DESC`,
  );
  return rows.map((row) => row.y);
}

/** The year asked for, else the latest with annual statements (null when there is none). */
export async function yearOf(db: Db, asked: number | undefined) {
  const years = await industryYears(db);
  return { years, fiscal_year: asked ?? years[0] ?? null };
}

/** Numbers and decimal text as the answer carries them (PGlite and pg answer numeric as text). */
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** The figures over every group's companies for `year`. */
export async function allFigures(db: Db, year: number | null): Promise<IndustryFigures> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT ${FIGURES} FROM (SELECT 0 AS key) k
        LEFT JOIN (${companyAggregate(false)}) c ON c.key = k.key
        LEFT JOIN (${statementAggregate(false, year)}) f ON f.key = k.key`,
  );
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(industryEntity.fields)) {
    if (name === 'id' || name === 'name' || name === 'code') continue;
    out[name] = field.type === 'amount' ? text(row![name]) : Number(row![name]);
  }
  return out as IndustryFigures;
}
