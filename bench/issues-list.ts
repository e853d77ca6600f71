import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { listQuerySchema } from '../src/contract/list.ts';
import type { Database, Db } from '../src/server/db/client.ts';
import { listPage, queryRows } from '../src/server/http/list.ts';
import { issueList } from '../src/server/modules/issues/store.ts';
import { type Engine, ISSUES } from './issues-db.ts';
import { ratio, report, timePair } from './measure.ts';

/**
 * `issues_list_types_sorted` (bench/issues.ts): the triage list filtered by three `issue_type[]`
 * and status new, newest first, 100 rows, counted (listPage with store.ts `issueList`, the query
 * parsed by listQuerySchema as the route gets it: mount.ts turns `issue_type[]` into
 * `issue_type`) beside hand-written SQL of the same rows (without the labels) and count. Target
 * on PostgreSQL: p95 < 50 ms and within 1.5×. With `--explain`, both plans are printed (PostgreSQL).
 */

/** The SQL of every statement `fn` sends through `db` (listPage's page and count), in order. */
async function captured(db: Db, fn: (db: Db) => Promise<unknown>): Promise<SQL[]> {
  const seen: SQL[] = [];
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute')
        return (q: SQL) => {
          seen.push(q);
          return target.execute(q);
        };
      return Reflect.get(target, prop, receiver);
    },
  });
  await fn(proxy);
  return seen;
}

/** The plan of `q` run with EXPLAIN ANALYZE on PostgreSQL (a line each). */
async function explain(database: Database, q: SQL): Promise<string[]> {
  const { sql: text, params } = new PgDialect().sqlToQuery(q);
  const res = (await (database.client as pg.Pool).query(
    `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`,
    params as unknown[],
  )) as unknown as { rows: Record<string, string>[] };
  return res.rows.map((r) => Object.values(r)[0]!);
}

/**
 * Prints `issues_list_types_sorted` on `engine` (the list and the raw SQL timed alternately,
 * `runs` each), and with `explainPlans` on PostgreSQL the plans of both.
 */
export async function listFigure(engine: Engine, database: Database, runs: number, explainPlans: boolean) {
  const db = database.db;
  const types = ['1', '3', '5'];
  // as the route gets `?issue_type[]=1&issue_type[]=3&issue_type[]=5&…` (mount.ts queryObject)
  const params = {
    issue_type: types,
    status: 'new',
    sortBy: 'created_at',
    descending: 'true',
    page: '1',
    per_page: '100',
  };
  const query = listQuerySchema.parse(params);
  const ids = sql`${sql.param(types.map(Number))}::int[]`;
  const where = sql`i.issue_type_id = ANY(${ids}) AND i.status = 'new'`;
  const rawPage = sql`SELECT i.id, i.title, i.object_type, i.object_id,
                 COALESCE(lp.name, tp.first_name || ' ' || tp.last_name, '') AS object,
                 i.issue_type_id AS issue_type, t.name AS issue_type_name, i.priority::text AS priority,
                 i.status, i.assignee_id, a.first_name || ' ' || a.last_name AS assignee, i.due_date,
                 c.first_name || ' ' || c.last_name AS created_by, i.created_at
            FROM issues i JOIN issue_types t ON t.id = i.issue_type_id
              LEFT JOIN legal_persons lp ON i.object_type = 'legal_person' AND lp.id = i.object_id
              LEFT JOIN true_persons tp ON i.object_type = 'true_person' AND tp.id = i.object_id
              LEFT JOIN users a ON a.id = i.assignee_id
              LEFT JOIN users c ON c.id = i.created_by
            WHERE ${where} ORDER BY i.created_at DESC, i.id DESC LIMIT 100`;
  const rawCount = sql`SELECT count(*)::int AS n FROM issues i WHERE ${where}`;
  // as listPage does: the count and the page at once (on PostgreSQL, two connections)
  const raw = () => Promise.all([queryRows(db, rawPage), queryRows<{ n: number }>(db, rawCount)]);
  const page = await listPage(db, issueList, query);
  const [rawRows, [counted]] = await raw();
  const sameRows =
    page.data.length === rawRows.length &&
    page.data.every((r, k) => Number((r as { id: number }).id) === Number((rawRows[k] as { id: number }).id));
  const [list, base] = await timePair(() => listPage(db, issueList, query), raw, runs);
  const r = ratio(list.p95_ms, base.p95_ms);
  report({
    figure: 'issues_list_types_sorted',
    engine,
    issues: ISSUES,
    params: { ...params, issue_type: undefined, 'issue_type[]': types },
    total: page.total,
    same_rows_as_raw: sameRows && page.total === Number(counted?.n),
    list,
    raw: base,
    ratio_p50: ratio(list.p50_ms, base.p50_ms),
    ratio_p95: r,
    target: 'postgres: p95 < 50 ms and ratio_p95 <= 1.5',
    ok: engine !== 'postgres' || (list.p95_ms < 50 && r <= 1.5),
  });
  if (explainPlans && engine === 'postgres') {
    const qs = await captured(db, (d) => listPage(d, issueList, query));
    for (const [k, q] of qs.entries())
      report({ figure: 'issues_list_plan', engine, statement: k, plan: await explain(database, q) });
    for (const [k, q] of [rawCount, rawPage].entries())
      report({ figure: 'issues_raw_plan', engine, statement: k, plan: await explain(database, q) });
  }
}
