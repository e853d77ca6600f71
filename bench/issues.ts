import { sql } from 'drizzle-orm';
import { bulkFigure } from './issues-bulk.ts';
import { dropIssuesDatabase, type Engine, generateIssues, ISSUES, issuesDatabase } from './issues-db.ts';
import { listFigure } from './issues-list.ts';
import { smsFigure } from './issues-sms.ts';
import { report } from './measure.ts';

/**
 * Issue 18's figures, each beside a baseline measured in the same run, on a throwaway database
 * (bench/issues-db.ts: PGlite in memory; on PostgreSQL the database `nazer_bench_issues`, dropped
 * and created each run), migrated and seeded with the demo, plus 200,000 generated issues (one
 * INSERT … SELECT generate_series: random types among the seeded 7, statuses, priorities,
 * created_at over a year, about legal persons of the demo), then VACUUM ANALYZE. Three sections,
 * a file each:
 * - bench/issues-list.ts `issues_list_types_sorted`: the triage list's p95 beside raw SQL.
 * - bench/issues-bulk.ts `issues_bulk_accept_10000` / `issues_bulk_undo_10000`: a bulk verb on
 *   10,000 issues and its undo beside a plain UPDATE.
 * - bench/issues-sms.ts `issues_sms_queue_*`: 10,000 queued SMS drained beside direct sends
 *   (`--sms-window`, seconds, default 10: the window of the queue's own settings).
 * With `--explain`, the list's plans (PostgreSQL) and the bulk verb's and undo's statements timed.
 */

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const EXPLAIN = args.includes('--explain');
const SMS_WINDOW_S = Number(arg('--sms-window') ?? 10);

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
    await listFigure(engine, database, runs, EXPLAIN);
    await bulkFigure(engine, database, 6, EXPLAIN);
    await smsFigure(engine, database, SMS_WINDOW_S);
  } finally {
    await database.close();
    if (engine === 'postgres') await dropIssuesDatabase(serverUrl);
  }
}
