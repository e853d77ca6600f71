import { sql } from 'drizzle-orm';
import {
  INDUSTRY_GRAPH_EDGE_LIMIT,
  type IndustryGraph,
  type IndustryGraphEdge,
  type IndustryGraphNode,
  type IndustryProvinces,
  type ProvinceCount,
} from '../../../contract/industries.ts';
import type { StateClassCode } from '../../../contract/ownership.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { companyWhere, PORTFOLIO_KINDS } from '../performance/portfolio-sql.ts';
import { CLASS_EXPR, SHARE_EXPR, STATE_JOIN } from './figures.ts';

/**
 * Where an industry group's companies are (their registration city's province) and how they hold
 * one another (the direct holdings between two of them valid on a day).
 */

type IndustryRef = IndustryProvinces['industry'];

/** The group, or 404 «صنعت یافت نشد». */
export async function industryOf(db: Db, id: number): Promise<IndustryRef> {
  const [row] = await queryRows<IndustryRef>(db, sql`SELECT id, code, name FROM industries WHERE id = ${id}`);
  if (!row) throw notFound('گروه صنعت یافت نشد');
  return row;
}

/** The group's live companies and holdings, over `lp`. */
const membersOf = (industryId: number) =>
  sql`${companyWhere({ industry_id: industryId })} AND ${PORTFOLIO_KINDS}`;

/** The group's companies per province (all 31, most first), and those without a registration city. */
export async function provincesOf(db: Db, industry: IndustryRef): Promise<IndustryProvinces> {
  const [provinces, [counts]] = await Promise.all([
    queryRows<ProvinceCount>(
      db,
      sql`SELECT p.id, p.iso, p.name, p.name_en, count(lp.id)::int AS companies
          FROM provinces p
          LEFT JOIN cities ct ON ct.province_id = p.id
          LEFT JOIN legal_persons lp ON lp.registration_city_id = ct.id AND ${membersOf(industry.id)}
          GROUP BY p.id, p.iso, p.name, p.name_en
          ORDER BY companies DESC, p.name, p.id`,
    ),
    queryRows<{ companies: number; without_province: number }>(
      db,
      sql`SELECT count(*)::int AS companies,
            count(*) FILTER (WHERE lp.registration_city_id IS NULL)::int AS without_province
          FROM legal_persons lp WHERE ${membersOf(industry.id)}`,
    ),
  ]);
  return { industry, companies: counts!.companies, without_province: counts!.without_province, provinces };
}

/**
 * The ownership network inside the group on `day` (contract `industryGraph`): every pair of its
 * companies joined by direct holdings valid that day (rows of one pair added up, unknown when any
 * is), largest share first; the first INDUSTRY_GRAPH_EDGE_LIMIT answered, the rest counted.
 */
export async function graphOf(db: Db, industry: IndustryRef, day: string): Promise<IndustryGraph> {
  const [pairs, [counts]] = await Promise.all([
    queryRows<{ holder: number; company: number; share: number | null }>(
      db,
      sql`WITH members AS (SELECT lp.id FROM legal_persons lp WHERE ${membersOf(industry.id)})
          SELECT sh.holder_legal_id AS holder, sh.company_id AS company,
            CASE WHEN bool_or(sh.percentage IS NULL) THEN NULL ELSE sum(sh.percentage)::float8 END AS share
          FROM shareholdings sh
          JOIN members c ON c.id = sh.company_id
          JOIN members h ON h.id = sh.holder_legal_id
          WHERE sh.holder_type = 'legal' AND sh.directness = 'direct' AND sh.holder_legal_id <> sh.company_id
            AND (sh.valid_from IS NULL OR sh.valid_from <= ${day}::date)
            AND (sh.valid_to IS NULL OR sh.valid_to >= ${day}::date)
          GROUP BY 1, 2
          ORDER BY share DESC NULLS LAST, 1, 2`,
    ),
    queryRows<{ companies: number }>(
      db,
      sql`SELECT count(*)::int AS companies FROM legal_persons lp WHERE ${membersOf(industry.id)}`,
    ),
  ]);
  const shown = pairs.slice(0, INDUSTRY_GRAPH_EDGE_LIMIT);
  const linksTotal = new Map<number, number>();
  const linksShown = new Map<number, number>();
  const add = (m: Map<number, number>, id: number) => m.set(id, (m.get(id) ?? 0) + 1);
  for (const p of pairs) {
    add(linksTotal, p.holder);
    add(linksTotal, p.company);
  }
  for (const p of shown) {
    add(linksShown, p.holder);
    add(linksShown, p.company);
  }
  const ids = [...linksShown.keys()];
  const rows = ids.length
    ? await queryRows<{
        id: number;
        name: string;
        ticker: string | null;
        is_state_entity: boolean;
        state_class: StateClassCode;
        state_share: number | null;
      }>(
        db,
        sql`SELECT lp.id, lp.name, lp.ticker, lp.is_state_entity, ${CLASS_EXPR} AS state_class,
              (${SHARE_EXPR})::float8 AS state_share
            FROM legal_persons lp ${STATE_JOIN} WHERE lp.id = ANY(${sql.param(ids)}::int[])`,
      )
    : [];
  const nodes: IndustryGraphNode[] = rows
    .map((n) => ({
      key: `L${n.id}`,
      type: 'legal' as const,
      id: n.id,
      name: n.name,
      ticker: n.ticker,
      state_share: n.state_share === null ? null : Number(n.state_share),
      state_class: n.state_class,
      is_state_entity: n.is_state_entity,
      links_total: linksTotal.get(n.id) ?? 0,
      links_shown: linksShown.get(n.id) ?? 0,
    }))
    .sort((a, b) => b.links_total - a.links_total || a.name.localeCompare(b.name, 'fa') || a.id - b.id);
  const edges: IndustryGraphEdge[] = shown.map((p) => ({
    holder: `L${p.holder}`,
    company: `L${p.company}`,
    share: p.share === null ? null : Number(p.share),
  }));
  const companies = counts!.companies;
  return {
    industry,
    as_of: day,
    companies,
    linked: linksTotal.size,
    unlinked: companies - linksTotal.size,
    edges_total: pairs.length,
    truncated: shown.length < pairs.length,
    nodes,
    edges,
  };
}
