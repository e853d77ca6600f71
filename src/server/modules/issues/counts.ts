import { sql } from 'drizzle-orm';
import type { IssueCounts } from '../../../contract/issues.ts';
import { ISSUE_STATE_LABELS_FA, ISSUE_STATES } from '../../../domain/issues/issue-status.ts';
import type { Db } from '../../db/client.ts';
import { listConditions, queryRows } from '../../http/list.ts';
import { issueList } from './store.ts';

/**
 * The issues' counts (GET /api/issues/counts, issue 18): what the home screen and the dashboards
 * read, over the list's own filters so a dashboard counts what a list shows.
 */

/** How many companies `by_company` names before «سایر». */
const TOP_COMPANIES = 20;

/**
 * The counts of the issues matching `query` (the list's filters and q): by status (every state),
 * type, company (top TOP_COMPANIES, then «سایر») and province («نامشخص» without a city of the
 * company's registration or the person's birth) → `IssueCounts`. Every grouping sums to `total`.
 */
export async function countIssues(db: Db, query: Parameters<typeof listConditions>[1]): Promise<IssueCounts> {
  const conds = listConditions(issueList, query);
  const where = conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``;
  const matching = sql`SELECT i.id, i.status, i.issue_type_id, i.object_type, i.object_id FROM ${issueList.from} ${where}`;
  type G = { key: string | null; name: string; count: number };
  const [status, types, companies, provinces] = await Promise.all([
    queryRows<G>(
      db,
      sql`SELECT m.status AS key, '' AS name, count(*)::int AS count FROM (${matching}) m GROUP BY m.status`,
    ),
    queryRows<G>(
      db,
      sql`SELECT t.id::text AS key, t.name, count(*)::int AS count FROM (${matching}) m
          JOIN issue_types t ON t.id = m.issue_type_id GROUP BY t.id, t.name, t.sort ORDER BY count DESC, t.sort, t.name`,
    ),
    queryRows<G>(
      db,
      sql`SELECT lp.id::text AS key, lp.name, count(*)::int AS count FROM (${matching}) m
          JOIN legal_persons lp ON m.object_type = 'legal_person' AND lp.id = m.object_id
          GROUP BY lp.id, lp.name ORDER BY count DESC, lp.name, lp.id`,
    ),
    queryRows<G>(
      db,
      sql`SELECT p.id::text AS key, COALESCE(p.name, 'نامشخص') AS name, count(*)::int AS count FROM (${matching}) m
          LEFT JOIN legal_persons lp ON m.object_type = 'legal_person' AND lp.id = m.object_id
          LEFT JOIN true_persons tp ON m.object_type = 'true_person' AND tp.id = m.object_id
          LEFT JOIN cities c ON c.id = COALESCE(lp.registration_city_id, tp.birth_city_id)
          LEFT JOIN provinces p ON p.id = c.province_id
          GROUP BY p.id, p.name ORDER BY count DESC, p.name NULLS LAST`,
    ),
  ]);
  const byStatus = new Map(status.map((g) => [g.key, Number(g.count)]));
  const top = companies.slice(0, TOP_COMPANIES).map((g) => ({ ...g, count: Number(g.count) }));
  const rest = companies.slice(TOP_COMPANIES).reduce((n, g) => n + Number(g.count), 0);
  return {
    total: status.reduce((n, g) => n + Number(g.count), 0),
    by_status: ISSUE_STATES.map((st) => ({
      key: st,
      name: ISSUE_STATE_LABELS_FA[st],
      count: byStatus.get(st) ?? 0,
    })),
    by_type: types.map((g) => ({ ...g, count: Number(g.count) })),
    by_company: rest ? [...top, { key: null, name: 'سایر', count: rest }] : top,
    by_province: provinces.map((g) => ({ ...g, count: Number(g.count) })),
  };
}
