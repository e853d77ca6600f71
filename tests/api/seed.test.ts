import { verifyIranianLegalId, verifyIranianNationalId } from '@persian-tools/persian-tools';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchKey } from '../../src/domain/persian-text.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { seedIfEmpty } from '../../src/server/seed/index.ts';
import { startTestApp } from '../support/api-client.ts';

let t: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.dispose());

async function rows<T>(text: string): Promise<T[]> {
  return ((await t.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}
const num = async (text: string) => Number((await rows<{ n: number | string }>(text))[0]!.n);

describe('demo seed', () => {
  it('has the reference data of data/', async () => {
    expect(await num('SELECT count(*) AS n FROM provinces')).toBe(31);
    expect(await num('SELECT count(*) AS n FROM cities')).toBe(1354);
    expect(await num('SELECT count(*) AS n FROM industries')).toBe(69);
    const tehran = await rows<{ code: string; iso: string }>(
      "SELECT code, iso FROM provinces WHERE name = 'تهران'",
    );
    expect(tehran[0]).toEqual({ code: '23', iso: 'IR-23' });
    expect(await num("SELECT count(*) AS n FROM cities WHERE code NOT LIKE '____%'")).toBe(0);
  });

  it('has the listed companies and the generated portfolio', async () => {
    expect(await num('SELECT count(*) AS n FROM legal_persons')).toBeGreaterThanOrEqual(1000);
    expect(await num('SELECT count(*) AS n FROM legal_persons WHERE is_listed')).toBe(849);
    expect(await num('SELECT count(*) AS n FROM legal_persons WHERE is_listed AND is_demo')).toBe(0);
    expect(await num("SELECT count(*) AS n FROM legal_persons WHERE kind = 'ministry'")).toBe(10);
    expect(await num("SELECT count(*) AS n FROM legal_persons WHERE kind = 'fund'")).toBe(8);
    expect(await num("SELECT count(*) AS n FROM legal_persons WHERE kind = 'holding'")).toBeGreaterThan(10);
    expect(await num('SELECT count(*) AS n FROM true_persons')).toBe(3000);
    expect(await num('SELECT count(*) AS n FROM boards')).toBeGreaterThan(1000);
    expect(await num('SELECT count(*) AS n FROM branches')).toBeGreaterThan(0);
    expect(await num('SELECT count(*) AS n FROM contacts')).toBeGreaterThan(0);
    expect(await num('SELECT count(*) AS n FROM contact_messages')).toBeGreaterThan(0);
  });

  it('gives every legal person a valid national id and every person a valid national code', async () => {
    const ids = await rows<{ national_id: string | null }>('SELECT national_id FROM legal_persons');
    expect(ids.every((r) => r.national_id && verifyIranianLegalId(r.national_id) === true)).toBe(true);
    const codes = await rows<{ national_code: string | null }>('SELECT national_code FROM true_persons');
    expect(codes.every((r) => r.national_code && verifyIranianNationalId(r.national_code))).toBe(true);
  });

  it('fills search_text from the normalised name, ticker and identifier', async () => {
    const lp = await rows<{ name: string; ticker: string | null; national_id: string; search_text: string }>(
      'SELECT name, ticker, national_id, search_text FROM legal_persons',
    );
    for (const r of lp) {
      expect(r.search_text.startsWith(searchKey(r.name))).toBe(true);
      expect(r.search_text.endsWith(r.national_id)).toBe(true);
      if (r.ticker) expect(r.search_text).toContain(` ${searchKey(r.ticker)} `);
    }
    const tp = await rows<{
      first_name: string;
      last_name: string;
      search_text: string;
      national_code: string;
    }>('SELECT first_name, last_name, national_code, search_text FROM true_persons');
    for (const r of tp)
      expect(r.search_text).toBe(`${searchKey(`${r.first_name} ${r.last_name}`)} ${r.national_code}`);
  });

  it('keeps every company at or below 100% and share counts consistent', async () => {
    expect(
      await num(
        'SELECT count(*) AS n FROM (SELECT company_id FROM shareholdings GROUP BY 1 HAVING sum(percentage) > 1) x',
      ),
    ).toBe(0);
    expect(
      await num(`SELECT count(*) AS n FROM (SELECT sh.company_id FROM shareholdings sh
        JOIN legal_persons c ON c.id = sh.company_id GROUP BY sh.company_id, c.share_count
        HAVING sum(sh.share_count) > c.share_count) x`),
    ).toBe(0);
    expect(
      await num(`SELECT count(*) AS n FROM shareholdings sh JOIN legal_persons c ON c.id = sh.company_id
        WHERE sh.percentage <> trunc(sh.share_count / c.share_count, 6)`),
    ).toBe(0);
    expect(await num('SELECT count(*) AS n FROM shareholdings WHERE holder_legal_id = company_id')).toBe(0);
  });

  it('has ownership chains five levels deep below a ministry, and cross-holdings', async () => {
    const depth = await num(`WITH RECURSIVE chain(id, depth, path) AS (
        SELECT id, 0, ARRAY[id] FROM legal_persons WHERE kind = 'ministry'
        UNION ALL
        SELECT sh.company_id, chain.depth + 1, chain.path || sh.company_id
        FROM chain JOIN shareholdings sh ON sh.holder_legal_id = chain.id AND sh.percentage > 0.5
        WHERE chain.depth < 6 AND NOT sh.company_id = ANY(chain.path))
      SELECT max(depth) AS n FROM chain`);
    expect(depth).toBeGreaterThanOrEqual(5);
    expect(
      await num(`SELECT count(*) AS n FROM shareholdings a JOIN shareholdings b
        ON a.holder_legal_id = b.company_id AND b.holder_legal_id = a.company_id`),
    ).toBeGreaterThan(0);
    expect(
      await num(
        "SELECT count(DISTINCT company_id) AS n FROM shareholdings sh JOIN legal_persons h ON h.id = sh.holder_legal_id JOIN legal_persons c ON c.id = sh.company_id WHERE c.is_listed AND h.kind IN ('ministry', 'holding', 'fund')",
      ),
    ).toBeGreaterThan(300);
  });

  it('staffs boards with 3–7 main seats, a chairman, representatives of legal holders and a CEO', async () => {
    const bad =
      await num(`SELECT count(*) AS n FROM (SELECT board_id, count(*) FILTER (WHERE position <> 'alternate') AS main,
        count(*) FILTER (WHERE position = 'chairman') AS chairs FROM board_seats GROUP BY board_id) x
        WHERE main < 3 OR main > 7 OR chairs <> 1`);
    expect(bad).toBe(0);
    expect(
      await num(
        "SELECT count(*) AS n FROM board_seats WHERE holder_type = 'legal' AND representative_id IS NULL",
      ),
    ).toBe(0);
    expect(await num("SELECT count(*) AS n FROM board_seats WHERE holder_type = 'legal'")).toBeGreaterThan(
      100,
    );
    expect(await num('SELECT count(*) AS n FROM boards WHERE ceo_id IS NULL')).toBe(0);
  });

  it('seeds only reference data with SEED=none', async () => {
    const fresh = await openDatabase({ dataDir: 'memory://' });
    await fresh.migrate();
    expect(await seedIfEmpty(fresh.db, { SEED: 'none', DEMO_PASSWORD: 'nazer-demo' })).toBe('admin-only');
    const q = async (text: string) =>
      Number(((await fresh.db.execute(sql.raw(text))) as unknown as { rows: { n: number }[] }).rows[0]!.n);
    expect(await q('SELECT count(*) AS n FROM cities')).toBe(1354);
    expect(await q('SELECT count(*) AS n FROM industries')).toBe(69);
    expect(await q('SELECT count(*) AS n FROM legal_persons')).toBe(0);
    expect(await q('SELECT count(*) AS n FROM true_persons')).toBe(0);
    await fresh.close();
  }, 120_000); // a new PGlite database: ~5 s idle, much longer on a busy machine
});

describe('a database seeded by an earlier version', () => {
  it('gains the permissions a newer version declares at start, with their routes, held by no role', async () => {
    const pattern =
      "SELECT count(*) AS n FROM route_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE p.ident = 'logs.view'";
    const routes = await num(pattern);
    expect(routes).toBeGreaterThan(0);
    await t.db.execute(sql`DELETE FROM permissions WHERE ident IN ('logs.unblock', 'logs.view')`);
    expect(await seedIfEmpty(t.db, { SEED: 'demo', DEMO_PASSWORD: 'nazer-demo' })).toBe('existing-demo');
    expect(
      await num("SELECT count(*) AS n FROM permissions WHERE ident IN ('logs.unblock', 'logs.view')"),
    ).toBe(2);
    expect(await num(pattern)).toBe(routes);
    expect(
      await num(
        "SELECT count(*) AS n FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id WHERE p.ident = 'logs.unblock'",
      ),
    ).toBe(0);
    // a second start adds nothing
    await seedIfEmpty(t.db, { SEED: 'demo', DEMO_PASSWORD: 'nazer-demo' });
    expect(await num("SELECT count(*) AS n FROM permissions WHERE ident = 'logs.view'")).toBe(1);
  });
});
