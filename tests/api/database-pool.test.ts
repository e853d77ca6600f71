import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp } from '../support/api-client.ts';
import type { TestApp } from '../support/auth.ts';

/**
 * PostgreSQL may end a connection the pool holds idle (a restart, a failover, an administrator
 * terminating backends). The pool reports it as an 'error' event, which crashes the process when
 * nobody listens; the server logs it and goes on answering on new connections.
 */
describe.skipIf(!process.env.DATABASE_URL)('the PostgreSQL connection pool', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.dispose());

  it('outlives an idle connection ended by the server and answers on a new one', async () => {
    const pid = async () => {
      const res = (await t.db.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as {
        rows: { pid: number }[];
      };
      return Number(res.rows[0]!.pid);
    };
    const idle = await pid();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        const ended = await admin.query('SELECT pg_terminate_backend($1) AS ok', [idle]);
        expect(ended.rows[0].ok).toBe(true);
      } finally {
        await admin.end();
      }
      await vi.waitFor(() => expect(logged).toHaveBeenCalledWith(expect.stringContaining('57P01')), {
        timeout: 5_000,
      });
    } finally {
      logged.mockRestore();
    }
    // The pool dropped the ended connection: the next query runs on a new backend.
    const next = await pid();
    expect(next).not.toBe(idle);
    const res = await t.client().get('/api/health');
    expect(res.status).toBe(200);
  });

  it('outlives a connection lost in the middle of a transaction, which commits nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await t.db.execute(sql`CREATE TABLE IF NOT EXISTS pool_probe (n int)`);
      const lost = t.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO pool_probe VALUES (1)`);
        const res = (await tx.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as {
          rows: { pid: number }[];
        };
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        try {
          await admin.query('SELECT pg_terminate_backend($1)', [Number(res.rows[0]!.pid)]);
        } finally {
          await admin.end();
        }
        await tx.execute(sql`SELECT pg_sleep(0.2)`);
      });
      await expect(lost).rejects.toThrow();
      await vi.waitFor(
        () => expect(logged).toHaveBeenCalledWith(expect.stringContaining('in use was lost')),
        {
          timeout: 5_000,
        },
      );
    } finally {
      logged.mockRestore();
    }
    const rows = (await t.db.execute(sql`SELECT count(*)::int AS n FROM pool_probe`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]!.n).toBe(0);
    expect((await t.client().get('/api/health')).status).toBe(200);
  });
});
