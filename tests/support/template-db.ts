import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { seedIfEmpty } from '../../src/server/seed/index.ts';

export const DEMO_PASSWORD = 'nazer-demo';
const tmpDir = resolve('.tmp');
const pgliteTemplate = resolve(tmpDir, 'pglite-template.tar.gz');

/** The database name part of a PostgreSQL URL, and a URL for another database on the same server. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function templateName(url: string) {
  return `${new URL(url).pathname.slice(1)}_tpl`;
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Builds the migrated, demo-seeded template once per test run: a PGlite dump under .tmp, or a
 * PostgreSQL database `<name>_tpl` beside DATABASE_URL's. Each test file then gets a copy.
 */
export async function buildTemplate(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const tpl = templateName(url);
    await adminQuery(url, `DROP DATABASE IF EXISTS "${tpl}" WITH (FORCE)`);
    await adminQuery(url, `CREATE DATABASE "${tpl}"`);
    const db = await openDatabase({ databaseUrl: withDatabase(url, tpl) });
    await db.migrate();
    await seedIfEmpty(db.db, { SEED: 'demo', DEMO_PASSWORD });
    await db.close();
    return;
  }
  mkdirSync(tmpDir, { recursive: true });
  const db = await openDatabase({ dataDir: 'memory://' });
  await db.migrate();
  await seedIfEmpty(db.db, { SEED: 'demo', DEMO_PASSWORD });
  const client = (db.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('gzip');
  writeFileSync(pgliteTemplate, Buffer.from(await dump.arrayBuffer()));
  await db.close();
}

/** Drops the PostgreSQL template (no-op on PGlite). */
export async function dropTemplate(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (url) await adminQuery(url, `DROP DATABASE IF EXISTS "${templateName(url)}" WITH (FORCE)`);
}

/** A fresh copy of the template for one test file; `dispose` drops it. */
export async function copyOfTemplate(): Promise<{ database: Database; dispose(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `${new URL(url).pathname.slice(1)}_t${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `CREATE DATABASE "${name}" TEMPLATE "${templateName(url)}"`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
    return {
      database,
      async dispose() {
        await database.close();
        await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      },
    };
  }
  const blob = new Blob([readFileSync(pgliteTemplate)]);
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: blob });
  return { database, dispose: () => database.close() };
}

/** Writes a marker so a crashed run can be told apart (kept small). */
export function writeTmp(name: string, text: string) {
  mkdirSync(tmpDir, { recursive: true });
  writeFileSync(resolve(tmpDir, name), text);
}
