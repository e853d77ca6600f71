import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { tehranTimestamp } from '../src/domain/jalali.ts';
import type { Database, Db } from '../src/server/db/client.ts';
import { queryRows } from '../src/server/http/list.ts';
import type { AuditBatch } from '../src/server/http/mutation.ts';
import type { SessionInfo } from '../src/server/http/route.ts';
import { undoBulk } from '../src/server/modules/bulk/service.ts';
import { runIssueBulk } from '../src/server/modules/issues/bulk.ts';
import type { IssueBulkRequest } from '../src/server/modules/issues/bulk-fields.ts';
import { type Engine, generateIssues, ISSUES, p50, round } from './issues-db.ts';
import { ratio, report } from './measure.ts';

/**
 * `issues_bulk_accept_10000` / `issues_bulk_undo_10000` (bench/issues.ts): the `move ACCEPT` verb
 * on 10,000 new issues (issues/bulk.ts `runIssueBulk`) and its undo (bulk/service.ts `undoBulk`),
 * each in its own transaction as its request's, with its audit rows written as http/mutation.ts
 * writes them (its `writeBatch` is not exported: the same INSERT … SELECT unnest, copied here),
 * and without them; beside a plain `UPDATE issues SET status = 'accepted' WHERE id = ANY($1)`.
 * Target < 1 s each. With `profile`, where the verb's and the undo's time goes (each statement's
 * milliseconds, `issues_bulk_profile`).
 */

const BULK = 10_000;

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

/**
 * Prints `issues_bulk_accept_10000` and `issues_bulk_undo_10000` on `engine` (p50 of `runs` / 2
 * rounds each with and without audit rows, after a warm-up round), and with `profile` one
 * `issues_bulk_profile` each for the verb and the undo. Adds 10,000 new issues to `database`.
 */
export async function bulkFigure(engine: Engine, database: Database, runs: number, profile: boolean) {
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
  if (profile) {
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
