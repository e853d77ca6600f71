import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { randomToken, sha256 } from '../src/server/auth/tokens.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { seedIfEmpty } from '../src/server/seed/index.ts';
import { seedScale } from '../src/server/seed/scale.ts';

/**
 * The benchmark databases, outside the repository: a PGlite directory under the system temp
 * directory and a PostgreSQL database `nazer_bench`, each seeded with the demo plus
 * `seed --scale N`. They are kept between runs (a marker records N) and rebuilt with `--fresh`.
 */

export const DEMO_PASSWORD = 'nazer-demo';
const MARK_VERSION = 1;

export interface BenchDb {
  database: Database;
  /** Milliseconds the build took, or null when an existing database was reused. */
  builtMs: number | null;
  /** Where it lives, for a server process of its own (bench/scroll.ts): a URL or a DATA_DIR. */
  where: { databaseUrl?: string; dataDir?: string };
}

async function build(database: Database, n: number): Promise<number> {
  const t0 = performance.now();
  await database.migrate();
  await seedIfEmpty(database.db, { SEED: 'demo', DEMO_PASSWORD });
  await seedScale(database.db, n);
  return Math.round(performance.now() - t0);
}

/** A reused bench database with this checkout's migrations, vacuumed and analysed as a fresh one is. */
async function migrated(database: Database): Promise<Database> {
  await database.migrate();
  await database.db.execute(sql`VACUUM ANALYZE`);
  return database;
}

/** The PGlite bench database in `<tmp>/nazer-bench-pglite-<n>`. */
export async function pgliteBench(n: number, fresh: boolean): Promise<BenchDb> {
  const dir = join(tmpdir(), `nazer-bench-pglite-${n}`);
  const marker = join(dir, 'nazer-bench.json');
  const ready = !fresh && existsSync(marker) && JSON.parse(readFileSync(marker, 'utf8')).v === MARK_VERSION;
  if (!ready) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  const database = await openDatabase({ dataDir: join(dir, 'pglite') });
  // A kept database still gets the migrations added since it was built.
  if (ready) return { database: await migrated(database), builtMs: null, where: { dataDir: dir } };
  const builtMs = await build(database, n);
  writeFileSync(marker, JSON.stringify({ v: MARK_VERSION, n }));
  return { database, builtMs, where: { dataDir: dir } };
}

/** `url` naming database `name`. */
export function withDb(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs `text` on the server's `postgres` database (create, drop). */
export async function admin(url: string, text: string) {
  const c = new pg.Client({ connectionString: withDb(url, 'postgres') });
  await c.connect();
  try {
    return await c.query(text);
  } finally {
    await c.end();
  }
}

/** The PostgreSQL bench database `name` (default `nazer_bench`) on the server of `serverUrl`, or null when unreachable. */
export async function postgresBench(
  serverUrl: string,
  n: number,
  fresh: boolean,
  name = 'nazer_bench',
): Promise<BenchDb | null> {
  try {
    await admin(serverUrl, 'SELECT 1');
  } catch {
    return null;
  }
  const exists = (await admin(serverUrl, `SELECT 1 FROM pg_database WHERE datname = '${name}'`)).rowCount;
  let ready = false;
  if (exists && !fresh) {
    const c = new pg.Client({ connectionString: withDb(serverUrl, name) });
    await c.connect();
    try {
      const r = await c.query(`SELECT value FROM settings WHERE key = 'bench_marker'`);
      ready = r.rows[0]?.value === JSON.stringify({ v: MARK_VERSION, n });
    } catch {
      ready = false;
    } finally {
      await c.end();
    }
  }
  if (!ready) {
    await admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin(serverUrl, `CREATE DATABASE "${name}"`);
  }
  const database = await openDatabase({ databaseUrl: withDb(serverUrl, name) });
  const where = { databaseUrl: withDb(serverUrl, name) };
  if (ready) return { database: await migrated(database), builtMs: null, where };
  const builtMs = await build(database, n);
  await database.db.execute(
    sql`INSERT INTO settings (key, value, title) VALUES ('bench_marker', ${JSON.stringify({ v: MARK_VERSION, n })}, 'benchmark data set')`,
  );
  await database.db.execute(sql`VACUUM ANALYZE`);
  return { database, builtMs, where };
}

/**
 * A staff session of the `analyst` user in the analyst role when the seed has them (a role that
 * needs the permission lookup, like most users), else of `admin` as super_admin.
 * Returns the cookie header.
 */
export async function benchSession(database: Database): Promise<{ cookie: string; role: string }> {
  const rows = (await database.db.execute(
    sql`SELECT u.id AS user_id, r.id AS role_id, r.name AS role
        FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
        WHERE (u.username = 'analyst' AND r.name = 'analyst') OR (u.username = 'admin' AND r.name = 'super_admin')
        ORDER BY (r.name = 'analyst') DESC LIMIT 1`,
  )) as unknown as { rows: { user_id: number; role_id: number; role: string }[] };
  const row = rows.rows[0];
  if (!row) throw new Error('no analyst or admin user in the bench database');
  const token = randomToken();
  await database.db.execute(
    sql`INSERT INTO sessions (id, kind, user_id, role_id, expires_at)
        VALUES (${sha256(token)}, 'staff', ${row.user_id}, ${row.role_id}, now() + interval '2 hours')`,
  );
  // A browser also carries the anti-forgery cookie (without it every answer would set a new one).
  return { cookie: `nazer_session=${token}; XSRF-TOKEN=${randomToken(24)}`, role: row.role };
}
