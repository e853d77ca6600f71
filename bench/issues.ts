import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { listQuerySchema } from '../src/contract/list.ts';
import { tehranTimestamp } from '../src/domain/jalali.ts';
import { loadConfig } from '../src/server/config.ts';
import { type Database, type Db, openDatabase } from '../src/server/db/client.ts';
import { listPage, queryRows } from '../src/server/http/list.ts';
import type { AuditBatch } from '../src/server/http/mutation.ts';
import type { SessionInfo } from '../src/server/http/route.ts';
import { JobQueue, type JobQueueSettings, jobSettings } from '../src/server/jobs/queue.ts';
import { startWorkers } from '../src/server/jobs/workers.ts';
import { undoBulk } from '../src/server/modules/bulk/service.ts';
import { type IssueBulkRequest, runIssueBulk } from '../src/server/modules/issues/bulk.ts';
import { issueList } from '../src/server/modules/issues/store.ts';
import { seedIfEmpty } from '../src/server/seed/index.ts';
import { logSmsProvider } from '../src/server/sms/provider.ts';
import { ratio, report, timePair } from './measure.ts';
import { DEMO_PASSWORD } from './setup.ts';

/**
 * Issue 18's figures, each beside a baseline measured in the same run, on a throwaway database
 * (PGlite in memory; on PostgreSQL the database `nazer_bench_issues`, dropped and created each
 * run), migrated and seeded with the demo, plus 200,000 generated issues (one INSERT … SELECT
 * generate_series: random types among the seeded 7, statuses, priorities, created_at over a year,
 * about legal persons of the demo), then VACUUM ANALYZE:
 * - `issues_list_types_sorted`: the triage list filtered by three `issue_type[]` and status new,
 *   newest first, 100 rows, counted (listPage with store.ts `issueList`, the query parsed by
 *   listQuerySchema as the route gets it: mount.ts turns `issue_type[]` into `issue_type`) beside
 *   hand-written SQL of the same rows (without the labels) and count. Target on PostgreSQL: p95
 *   < 50 ms and within 1.5×. With `--explain`, both plans are printed (PostgreSQL), and where
 *   the bulk verb's and the undo's time goes (each statement's milliseconds).
 * - `issues_bulk_accept_10000` / `issues_bulk_undo_10000`: the `move ACCEPT` verb on 10,000 new
 *   issues (bulk.ts `runIssueBulk`) and its undo (bulk/service.ts `undoBulk`), each in its own
 *   transaction as its request's, with its audit rows written as http/mutation.ts writes them
 *   (its `writeBatch` is not exported: the same INSERT … SELECT unnest, copied here), and without
 *   them; beside a plain `UPDATE issues SET status = 'accepted' WHERE id = ANY($1)`. Target < 1 s each.
 * - `issues_sms_queue`: 10,000 queued `sms.send` jobs drained by the workers (jobs/workers.ts)
 *   through the log provider, beside 10,000 direct `provider.send` calls. With the queue's own
 *   settings (jobSettings: batches of 10, a fetch every 2 s) the worker sleeps out the polling
 *   interval after every batch, full or not, so that rate is measured over a window
 *   (`--sms-window`, seconds, default 10) and the full drain is timed with batches of 500 (the
 *   worker's loop then never sleeps: the handler's own rate).
 */

const ISSUES = 200_000;
const BULK = 10_000;
const SMS = 10_000;
const DB_NAME = 'nazer_bench_issues';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const EXPLAIN = args.includes('--explain');
const SMS_WINDOW_S = Number(arg('--sms-window') ?? 10);

type Engine = 'pglite' | 'postgres';
const round = (v: number) => Math.round(v * 100) / 100;
const p50 = (xs: number[]) => round([...xs].sort((a, b) => a - b)[Math.ceil(xs.length / 2) - 1]!);

function withDb(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin(url: string, text: string) {
  const c = new pg.Client({ connectionString: withDb(url, 'postgres') });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

/** The throwaway database of this bench on `engine`, migrated and seeded with the demo; null when PostgreSQL is unreachable. */
export async function issuesDatabase(engine: Engine, serverUrl: string): Promise<Database | null> {
  let database: Database;
  if (engine === 'pglite') database = await openDatabase({});
  else {
    try {
      await admin(serverUrl, 'SELECT 1');
    } catch {
      return null;
    }
    await admin(serverUrl, `DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`);
    await admin(serverUrl, `CREATE DATABASE "${DB_NAME}"`);
    database = await openDatabase({ databaseUrl: withDb(serverUrl, DB_NAME) });
  }
  await database.migrate();
  await seedIfEmpty(database.db, { SEED: 'demo', DEMO_PASSWORD });
  return database;
}

/** Drops the PostgreSQL bench database after the run. */
export async function dropIssuesDatabase(serverUrl: string) {
  await admin(serverUrl, `DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`);
}

const STATUSES = `ARRAY['new','new','new','accepted','in_progress','in_progress','resolved','closed']`;

/** `n` generated issues (status `status` when given, else random) → the time it took. */
async function generateIssues(db: Db, n: number, status?: string): Promise<number> {
  const t0 = performance.now();
  await db.execute(sql`
    INSERT INTO issues (object_type, object_id, issue_type_id, title, priority, status, assignee_id,
                        created_by, created_at, updated_at)
    SELECT 'legal_person', lp.ids[1 + floor(random() * array_length(lp.ids, 1))::int],
           ty.ids[1 + floor(random() * array_length(ty.ids, 1))::int],
           'موضوع آزمایشی ' || g, 1 + floor(random() * 4)::int,
           ${status ? sql`${status}::text` : sql.raw(`(${STATUSES})[1 + floor(random() * 8)::int]`)},
           CASE WHEN random() < 0.5 THEN us.ids[1 + floor(random() * array_length(us.ids, 1))::int] END,
           us.ids[1], c.at, c.at
    FROM generate_series(1, ${n}::int) AS g,
         (SELECT array_agg(id) AS ids FROM legal_persons) AS lp,
         (SELECT array_agg(id ORDER BY id) AS ids FROM issue_types) AS ty,
         (SELECT array_agg(id ORDER BY id) AS ids FROM users) AS us,
         LATERAL (SELECT now() - random() * interval '365 days' + (g * 0)::int * interval '1 s' AS at) AS c`);
  return Math.round(performance.now() - t0);
}

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

/** `db` with every `execute` timed into `log` (the statement's start and its milliseconds). */
function timed(db: Db, log: { sql: string; ms: number }[]): Db {
  const dialect = new PgDialect();
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'execute')
        return async (q: SQL) => {
          const t0 = performance.now();
          const out = await target.execute(q);
          const text = dialect.sqlToQuery(q).sql.replace(/\s+/g, ' ').trim();
          log.push({ sql: text.slice(0, 90), ms: round(performance.now() - t0) });
          return out;
        };
      return Reflect.get(target, prop, receiver);
    },
  });
}

async function explain(database: Database, q: SQL): Promise<string[]> {
  const { sql: text, params } = new PgDialect().sqlToQuery(q);
  const res = (await (database.client as pg.Pool).query(
    `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`,
    params as unknown[],
  )) as unknown as { rows: Record<string, string>[] };
  return res.rows.map((r) => Object.values(r)[0]!);
}

/** A staff session of the demo's auditor in the auditor role (holds `issues`). */
async function auditorSession(db: Db): Promise<SessionInfo> {
  const [row] = await queryRows<{
    user_id: number;
    username: string;
    first_name: string;
    last_name: string;
    role_id: number;
    name: string;
    title: string;
    type: string;
  }>(
    db,
    sql`SELECT u.id AS user_id, u.username, u.first_name, u.last_name, r.id AS role_id, r.name, r.title, r.type
        FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
        WHERE u.username = 'auditor' AND r.name = 'auditor'`,
  );
  if (!row) throw new Error('no auditor user in the auditor role in the bench database');
  return {
    id: 'bench',
    kind: 'staff',
    user: {
      id: Number(row.user_id),
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      mobile: null,
      email: null,
      status: 'active',
      hasChangePass: false,
    },
    role: { id: Number(row.role_id), name: row.name, title: row.title, type: row.type },
    guestId: null,
    expiresAt: new Date(Date.now() + 3_600_000),
  };
}

/** http/mutation.ts `writeBatch` (not exported), copied: one audit row per id, in one statement. */
async function writeBatch(tx: Db, session: SessionInfo, b: AuditBatch): Promise<void> {
  if (b.entityIds.length === 0) return;
  await tx.execute(sql`INSERT INTO audit_log (user_id, role_id, action, entity, entity_id, before, after, rid, oid, page_path, ip)
    SELECT ${session.user?.id ?? null}::int, ${session.role?.id ?? null}::int, ${b.action}, ${b.entity}, x.id::text,
      ${JSON.stringify(b.before ?? null)}::jsonb, ${JSON.stringify(b.after ?? null)}::jsonb,
      ${null}::text, ${null}::text, ${'/issues'}::text, ${'127.0.0.1'}::text
    FROM unnest(${sql.param(b.entityIds)}::int[]) AS x(id)`);
}

const inTx = <T>(db: Db, fn: (tx: Db) => Promise<T>) =>
  db.transaction(async (t) => fn(t as unknown as Db)) as Promise<T>;

async function listFigure(engine: Engine, database: Database, runs: number) {
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
  if (EXPLAIN && engine === 'postgres') {
    const qs = await captured(db, (d) => listPage(d, issueList, query));
    for (const [k, q] of qs.entries())
      report({ figure: 'issues_list_plan', engine, statement: k, plan: await explain(database, q) });
    for (const [k, q] of [rawCount, rawPage].entries())
      report({ figure: 'issues_raw_plan', engine, statement: k, plan: await explain(database, q) });
  }
}

async function bulkFigure(engine: Engine, database: Database, runs: number) {
  const db = database.db;
  const session = await auditorSession(db);
  const before = await queryRows<{ m: number }>(db, sql`SELECT coalesce(max(id), 0)::int AS m FROM issues`);
  await generateIssues(db, BULK, 'new');
  const ids = (
    await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM issues WHERE id > ${before[0]!.m} ORDER BY id LIMIT ${BULK}`,
    )
  ).map((r) => Number(r.id));
  await db.execute(sql`ANALYZE issues`);
  const req: IssueBulkRequest = { verb: 'move', move: { type: 'ACCEPT' }, ids };
  const idsParam = sql`${sql.param(ids)}::int[]`;
  const reset = () =>
    db.execute(
      sql`UPDATE issues SET status = 'new', snoozed_from = NULL, snoozed_until = NULL WHERE id = ANY(${idsParam})`,
    );

  const samples = { verb: [] as number[], undo: [] as number[], verbAudited: [] as number[] };
  const more = { undoAudited: [] as number[], baseline: [] as number[], baselineBack: [] as number[] };
  let changed = 0;
  let auditRows = 0;
  for (let k = 0; k < runs + 1; k++) {
    // odd rounds write the audit rows as the mutation wrapper does; round 0 is a warm-up
    const audited = k % 2 === 1;
    const now = new Date();
    let t0 = performance.now();
    const out = await inTx(db, async (tx) => {
      const res = await runIssueBulk(tx, req, session, now, tehranTimestamp(now));
      if (audited) for (const b of res.audits) if ('entityIds' in b) await writeBatch(tx, session, b);
      return res;
    });
    const verbMs = performance.now() - t0;
    changed = out.result.changed;
    if (audited) auditRows = out.audits.reduce((n, b) => n + ('entityIds' in b ? b.entityIds.length : 1), 0);
    const opId = out.result.operation.id;
    t0 = performance.now();
    await inTx(db, async (tx) => {
      const res = await undoBulk(tx, opId, session, new Date());
      if (audited) for (const b of res.audits) if ('entityIds' in b) await writeBatch(tx, session, b);
    });
    const undoMs = performance.now() - t0;
    t0 = performance.now();
    await inTx(db, (tx) =>
      tx.execute(sql`UPDATE issues SET status = 'accepted' WHERE id = ANY(${idsParam})`),
    );
    const baseMs = performance.now() - t0;
    t0 = performance.now();
    await inTx(db, (tx) => tx.execute(sql`UPDATE issues SET status = 'new' WHERE id = ANY(${idsParam})`));
    const backMs = performance.now() - t0;
    await reset();
    if (k === 0) continue;
    (audited ? samples.verbAudited : samples.verb).push(verbMs);
    (audited ? more.undoAudited : samples.undo).push(undoMs);
    more.baseline.push(baseMs);
    more.baselineBack.push(backMs);
  }
  if (EXPLAIN) {
    // where a verb's and an undo's time goes: each statement's milliseconds, the rest is JavaScript
    for (const what of ['verb', 'undo'] as const) {
      const log: { sql: string; ms: number }[] = [];
      const now = new Date();
      let opId = '';
      if (what === 'undo')
        opId = (await inTx(db, (tx) => runIssueBulk(tx, req, session, now, tehranTimestamp(now)))).result
          .operation.id;
      const t0 = performance.now();
      await inTx(db, async (t) => {
        const tx = timed(t, log);
        const res =
          what === 'verb'
            ? await runIssueBulk(tx, req, session, now, tehranTimestamp(now))
            : await undoBulk(tx, opId, session, new Date());
        for (const b of res.audits) if ('entityIds' in b) await writeBatch(tx, session, b);
      });
      const total = performance.now() - t0;
      const inSql = log.reduce((n, l) => n + l.ms, 0);
      report({
        figure: 'issues_bulk_profile',
        engine,
        what,
        total_ms: round(total),
        sql_ms: round(inSql),
        js_and_commit_ms: round(total - inSql),
        statements: log,
      });
      await reset();
    }
  }
  const baseline = p50(more.baseline);
  const common = { engine, issues: ISSUES + BULK, ids: BULK, changed, runs_each: runs / 2 };
  report({
    figure: 'issues_bulk_accept_10000',
    ...common,
    with_audits_p50_ms: p50(samples.verbAudited),
    audit_rows: auditRows,
    without_audits_p50_ms: p50(samples.verb),
    baseline_update_p50_ms: baseline,
    ratio_p50: ratio(p50(samples.verbAudited), baseline),
    target: '< 1000 ms',
    ok: p50(samples.verbAudited) < 1000,
  });
  report({
    figure: 'issues_bulk_undo_10000',
    ...common,
    with_audits_p50_ms: p50(more.undoAudited),
    without_audits_p50_ms: p50(samples.undo),
    baseline_update_back_p50_ms: p50(more.baselineBack),
    ratio_p50: ratio(p50(more.undoAudited), p50(more.baselineBack)),
    target: '< 1000 ms',
    ok: p50(more.undoAudited) < 1000,
  });
}

const smsCount = async (db: Db, state: string) =>
  Number(
    (
      await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'sms.send' AND state = ${state}`,
      )
    )[0]?.n ?? 0,
  );

const smsJobs = (n: number) =>
  Array.from({ length: n }, (_, k) => ({
    name: 'sms.send' as const,
    data: {
      mobile: `0912${String(k).padStart(7, '0')}`,
      body: `پیام آزمایشی ${k}`,
      purpose: 'notification',
    },
  }));

/** Queues `n` sms.send jobs, starts the workers with `settings`, waits until all are completed or `windowMs` passes. */
async function drain(database: Database, settings: JobQueueSettings, n: number, windowMs: number) {
  const db = database.db;
  const queue = new JobQueue(database, settings);
  await queue.start();
  await db.execute(sql`DELETE FROM pgboss.job WHERE name = 'sms.send'`);
  for (let k = 0; k < n; k += 1000) await queue.enqueueMany(smsJobs(n).slice(k, k + 1000));
  const t0 = performance.now();
  await startWorkers(queue, { database, sms: logSmsProvider(() => {}) });
  let done = 0;
  while (performance.now() - t0 < windowMs) {
    await new Promise((r) => setTimeout(r, 100));
    done = await smsCount(db, 'completed');
    if (done >= n) break;
  }
  const ms = performance.now() - t0;
  const failed = await smsCount(db, 'failed');
  await queue.stop();
  // pg-boss's stop does not wait for a fetch under way: its batch still runs after stop returns
  const t1 = performance.now();
  await new Promise((r) => setTimeout(r, 2000));
  while (performance.now() - t1 < 20_000 && (await smsCount(db, 'active')) > 0)
    await new Promise((r) => setTimeout(r, 250));
  return { done, failed, ms };
}

async function smsFigure(engine: Engine, database: Database) {
  const db = database.db;
  const config = loadConfig({} as NodeJS.ProcessEnv);
  const own = jobSettings(config);
  const provider = logSmsProvider(() => {});
  // baseline: 10,000 direct sends (the gateway call and the sms_log row each)
  const t0 = performance.now();
  for (const j of smsJobs(SMS)) await provider.send(db, j.data);
  const directMs = performance.now() - t0;
  const directRate = Math.round(SMS / (directMs / 1000));

  const fast = await drain(database, { ...own, batchSize: 500, pollingIntervalSeconds: 0.5 }, SMS, 600_000);
  const fastRate = Math.round(fast.done / (fast.ms / 1000));
  const slow = await drain(database, own, SMS, SMS_WINDOW_S * 1000);
  const slowRate = round(slow.done / (slow.ms / 1000));
  report({
    figure: 'issues_sms_queue_drain_10000',
    engine,
    jobs: SMS,
    settings: { batchSize: 500, pollingIntervalSeconds: 0.5 },
    completed: fast.done,
    failed: fast.failed,
    drain_s: round(fast.ms / 1000),
    jobs_per_s: fastRate,
    direct_send_s: round(directMs / 1000),
    direct_sends_per_s: directRate,
    ratio_direct_over_queue: ratio(directRate, fastRate),
  });
  report({
    figure: 'issues_sms_queue_own_settings',
    engine,
    settings: { batchSize: own.batchSize, pollingIntervalSeconds: own.pollingIntervalSeconds },
    window_s: round(slow.ms / 1000),
    completed: slow.done,
    failed: slow.failed,
    jobs_per_s: slowRate,
    projected_drain_10000_s: slowRate > 0 ? Math.round(SMS / slowRate) : null,
    ratio_direct_over_queue: slowRate > 0 ? ratio(directRate, slowRate) : null,
    note: 'the worker waits out pollingIntervalSeconds after every batch, full or not: at most batchSize / interval jobs/s',
  });
}

/** Every figure of issue 18 on one engine. */
export async function issuesBench(engine: Engine, serverUrl: string, runs: number) {
  let t0 = performance.now();
  const database = await issuesDatabase(engine, serverUrl);
  if (!database) {
    report({ figure: 'issues_postgres', skipped: `no PostgreSQL server at ${serverUrl}` });
    return;
  }
  const seededMs = Math.round(performance.now() - t0);
  const genMs = await generateIssues(database.db, ISSUES);
  t0 = performance.now();
  // as the other bench databases are left (setup.ts), and as autovacuum leaves a loaded table
  await database.db.execute(sql`VACUUM ANALYZE`);
  report({
    figure: 'issues_build_db',
    engine,
    migrate_and_demo_ms: seededMs,
    generate_200000_ms: genMs,
    vacuum_analyze_ms: Math.round(performance.now() - t0),
  });
  try {
    await listFigure(engine, database, runs);
    await bulkFigure(engine, database, 6);
    await smsFigure(engine, database);
  } finally {
    await database.close();
    if (engine === 'postgres') await dropIssuesDatabase(serverUrl);
  }
}
