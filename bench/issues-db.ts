import { sql } from 'drizzle-orm';
import { type Database, type Db, openDatabase } from '../src/server/db/client.ts';
import { seedIfEmpty } from '../src/server/seed/index.ts';
import { admin, DEMO_PASSWORD, withDb } from './setup.ts';

/**
 * The throwaway database of issue 18's figures (bench/issues.ts) and what its three sections
 * share: PGlite in memory, or on PostgreSQL the database `nazer_bench_issues` (dropped and created
 * each run), migrated and seeded with the demo; issues generated in one statement.
 */

/** Issues generated before the figures. */
export const ISSUES = 200_000;
const DB_NAME = 'nazer_bench_issues';

export type Engine = 'pglite' | 'postgres';
/** `v` to two decimals. */
export const round = (v: number) => Math.round(v * 100) / 100;
/** The median of `xs` (the lower one of an even count), to two decimals. */
export const p50 = (xs: number[]) => round([...xs].sort((a, b) => a - b)[Math.ceil(xs.length / 2) - 1]!);

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
export async function generateIssues(db: Db, n: number, status?: string): Promise<number> {
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
