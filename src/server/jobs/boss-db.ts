import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client.ts';

/** What pg-boss runs its SQL through (its `db` option): `executeSql(text, values) → { rows }`. */
export type BossDb = PgBoss.Db;

type Rows = { rows: any[] };

/** node-postgres answers a script of several statements with one result each: their rows, in order. */
const flatten = (res: Rows | Rows[]): Rows =>
  Array.isArray(res) ? { rows: res.flatMap((r) => r.rows ?? []) } : res;

/**
 * The connection pg-boss uses for its own work (its schema, its workers' fetches, maintenance),
 * outside any request's transaction, on either engine.
 *
 * PostgreSQL: the application's pool. A call without values goes as a simple query, so the
 * scripts pg-boss sends (its schema and migrations, its maintenance: `BEGIN; SET LOCAL …;
 * SELECT pg_advisory_xact_lock(…); …; COMMIT;`) run whole on one connection.
 *
 * PGlite (one connection in the process): `query` takes one statement with `$n` values, `exec`
 * several without values, so a call with values goes to `query` and one without to `exec`. The
 * script runs inside PGlite's own `transaction()`, which holds PGlite's transaction lock: no
 * other statement of the process can run between a failed statement of the script and its
 * rollback (a failure inside pg-boss's `BEGIN … COMMIT` would otherwise leave the one connection
 * in an aborted transaction that every next query of the application would hit). The script's
 * own BEGIN and COMMIT run inside it (PostgreSQL only warns of the nested BEGIN and of the outer
 * COMMIT finding no transaction). The advisory lock pg-boss takes is granted at once: there is
 * one connection, and PGlite's data directory is opened by one process only. Rows of every
 * statement of a script are returned together, as node-postgres gives them.
 *
 * A statement sent here waits while a Drizzle transaction holds PGlite's connection: code
 * inside a transaction must hand pg-boss that transaction (`bossDbIn(tx)`), never this.
 */
export function bossDb(database: Database): BossDb {
  if (database.engine === 'postgres') {
    const pool = database.client as pg.Pool;
    return {
      executeSql: async (text, values) =>
        flatten((await pool.query(text, values?.length ? values : undefined)) as unknown as Rows | Rows[]),
    };
  }
  const client = database.client as PGlite;
  return {
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values);
      const results = await client.transaction((tx) => tx.exec(text));
      return flatten(results);
    },
  };
}

/**
 * pg-boss's statements run through `db`: a Drizzle transaction (a job sent or completed in it is
 * sent or completed only if the transaction commits) or the root database. pg-boss sends
 * single statements with `$n` values this way (send, insert, complete, fail, cancel, retry,
 * resume); they are handed to Drizzle's session as they are, so a value used twice (`$5` in
 * pg-boss's insert) keeps one type. On PGlite this is the only way to reach the database from
 * inside a transaction (see `bossDb`).
 */
export function bossDbIn(db: Db): BossDb {
  return {
    executeSql: async (text, values) =>
      (await db._.session
        .prepareQuery({ sql: text, params: values ?? [] }, undefined, undefined, false)
        .execute()) as Rows,
  };
}
