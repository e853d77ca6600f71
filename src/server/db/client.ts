import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

/** The Drizzle database, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /**
   * The engine's own client under `db` (the PGlite instance, or the node-postgres pool), for
   * what Drizzle does not carry: pg-boss's multi-statement SQL (server/jobs/boss-db.ts).
   */
  client: PGlite | pg.Pool;
  /** Applies the generated migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the database: PostgreSQL when `databaseUrl` is given, else PGlite in `dataDir`
 * (`memory://` for an in-memory one). `loadDataDir` restores a PGlite dump (tests).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  loadDataDir?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // JIT compilation off for this application's short queries: PostgreSQL's default (on above a
    // plan cost of 100,000) spends hundreds of milliseconds compiling a count over a large table.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10, options: '-c jit=off' });
    // An idle connection the server ended (a PostgreSQL restart, a terminated backend) is an
    // 'error' event on the pool, which throws when nobody listens: the process would crash. The
    // pool has already dropped that connection and opens a new one when asked; a query running
    // on a lost connection fails on its own and answers its request with an error.
    pool.on('error', (err) => {
      console.error(
        `database: an idle connection was closed (${(err as { code?: string }).code ?? err.message})`,
      );
    });
    // A connection lost while a request holds it (the database killed or restarted mid-query)
    // raises 'error' on that client, and the pool listens only while the client is idle: left
    // unheard it crashes the process. The query on it fails on its own (its request answers an
    // error, its transaction never committed); the process goes on.
    pool.on('connect', (client) => {
      client.on('error', (err) => {
        console.error(
          `database: a connection in use was lost (${(err as { code?: string }).code ?? err.message})`,
        );
      });
    });
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      engine: 'postgres',
      client: pool,
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const client = await PGlite.create({
    dataDir: opts.dataDir ?? 'memory://',
    extensions: { pg_trgm },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
