import { sql } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/http/list.ts';

/**
 * Tables a refused request may legitimately write, left out of the "a refused call changes
 * nothing" check (decided by reading the code):
 */
export const WRITTEN_BY_REFUSALS: Record<string, string> = {
  // auth/sessions.ts settleSession pushes last_seen_at/expires_at on any request with a live
  // session, whatever the answer; expired sessions are deleted; housekeeping purges them.
  sessions: 'idle push and expiry on every request that carries a session',
  // auth/throttle.ts and resume/verification.ts count failed sign-ins and code checks (422/429).
  throttles: 'failed sign-ins and code checks are counted',
  // auth/throttle.ts blocks an address after too many failures (the 403 that blocks it).
  blocked_ips: 'too many failures block the address',
  // modules/auth/sign-in.ts logAttempt records every sign-in attempt, refused ones included.
  login_log: 'every sign-in attempt is logged, refused ones included',
  // auth/otp.ts verifyCode counts a wrong code (422) on the code's row and uses it up.
  otp_codes: 'a wrong code counts an attempt on its row',
};
// Kept in the check: audit_log (written only inside the mutation's transaction, mount.ts
// writeAudit, so a refusal rolls it back), sms_log (a refused request must not send an SMS),
// and every other table.

/**
 * Installs, in the test's own copy of the database, a row trigger on every table of the public
 * schema (from information_schema) but `WRITTEN_BY_REFUSALS`, that appends one row per written
 * row to `fuzz_write_log` — inside the writing transaction, so a rolled-back write leaves
 * nothing. `mark()` is one indexed read; a refused call must not move it.
 */
export async function installWriteLog(db: Db, opts: { alsoWatch?: string[] } = {}) {
  const tables = (
    await queryRows<{ t: string }>(
      db,
      sql`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
    )
  )
    .map((r) => r.t)
    .filter((t) => !(t in WRITTEN_BY_REFUSALS) && t !== 'fuzz_write_log');
  await db.execute(
    sql.raw(
      'CREATE TABLE IF NOT EXISTS fuzz_write_log (id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL)',
    ),
  );
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION fuzz_log_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO fuzz_write_log (tbl, op) VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$`),
  );
  for (const t of tables) {
    await db.execute(
      sql.raw(
        `CREATE TRIGGER fuzz_write_log AFTER INSERT OR UPDATE OR DELETE ON "${t}" FOR EACH ROW EXECUTE FUNCTION fuzz_log_write()`,
      ),
    );
  }
  // A second, separate log of the tables in `alsoWatch` (excluded ones included): what the test
  // must look at again when they change (its own sessions, users and roles).
  await db.execute(
    sql.raw('CREATE TABLE IF NOT EXISTS fuzz_watch_log (id bigserial PRIMARY KEY, tbl text NOT NULL)'),
  );
  await db.execute(
    sql.raw(`CREATE OR REPLACE FUNCTION fuzz_log_watch() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO fuzz_watch_log (tbl) VALUES (TG_TABLE_NAME); RETURN NULL; END $$`),
  );
  for (const t of opts.alsoWatch ?? []) {
    await db.execute(
      sql.raw(
        `CREATE TRIGGER fuzz_watch_log AFTER INSERT OR UPDATE OR DELETE ON "${t}" FOR EACH ROW EXECUTE FUNCTION fuzz_log_watch()`,
      ),
    );
  }
  return {
    tables,
    /** The last write's number, and the last write's to a table of `alsoWatch`, in one read. */
    async marks(): Promise<{ writes: number; watched: number }> {
      const [row] = await queryRows<{ w: string | null; a: string | null }>(
        db,
        sql`SELECT (SELECT max(id) FROM fuzz_write_log)::text AS w, (SELECT max(id) FROM fuzz_watch_log)::text AS a`,
      );
      return { writes: Number(row?.w ?? 0), watched: Number(row?.a ?? 0) };
    },
    /** The writes after `mark`, as `table op×n`. */
    async since(mark: number): Promise<string[]> {
      const rows = await queryRows<{ tbl: string; op: string; n: number }>(
        db,
        sql`SELECT tbl, op, count(*)::int AS n FROM fuzz_write_log WHERE id > ${mark} GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      return rows.map((r) => `${r.tbl} ${r.op}×${r.n}`);
    },
  };
}

export type WriteLog = Awaited<ReturnType<typeof installWriteLog>>;
