import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../src/contract/persons.ts';
import { trueSearchText } from '../../src/domain/persian-text.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs } from '../support/auth.ts';

let t: Awaited<ReturnType<typeof startTestApp>>;
let admin: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await clientAs(t, 'admin', 'super_admin');
});
afterAll(() => t.dispose());

async function search(q: string, limit?: number) {
  const params = new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) });
  const res = await admin.get(`/api/search?${params}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as SearchResult;
}

const one = async <T>(text: string) => {
  const res = (await t.db.execute(sql.raw(text))) as unknown as { rows: T[] };
  return res.rows[0]!;
};

describe('GET /api/search', () => {
  it('needs a signed-in user with a chosen role', async () => {
    expect((await t.client().get('/api/search?q=x')).status).toBe(401);
    // analyst holds two roles, so signing in leaves the role to be chosen
    const noRole = await clientAs(t, 'analyst');
    expect((await noRole.get('/api/search?q=x')).status).toBe(403);
  });

  it('puts the exact ticker first', async () => {
    const r = await search('فولاد');
    expect(r.legalPersons[0]).toMatchObject({
      ticker: 'فولاد',
      name: 'فولاد مبارکه اصفهان',
      is_listed: true,
    });
    expect(r.legalPersons.length).toBeLessThanOrEqual(8);
  });

  it('finds a company by its legal national id, in Persian digits too', async () => {
    const { national_id, name } = await one<{ national_id: string; name: string }>(
      "SELECT national_id, name FROM legal_persons WHERE ticker = 'شستا'",
    );
    expect((await search(national_id)).legalPersons[0]).toMatchObject({ name, national_id });
    const fa = national_id.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
    expect((await search(fa)).legalPersons[0]?.national_id).toBe(national_id);
  });

  it('finds a person by national code and by partial name', async () => {
    const p = await one<{ national_code: string; first_name: string; last_name: string }>(
      'SELECT national_code, first_name, last_name FROM true_persons ORDER BY id LIMIT 1',
    );
    expect((await search(p.national_code)).truePersons[0]).toMatchObject(p);
    const byName = await search(`${p.first_name} ${p.last_name}`, 50);
    expect(byName.truePersons.some((x) => x.national_code === p.national_code)).toBe(true);
    expect(byName.truePersons.every((x) => `${x.first_name}${x.last_name}`.includes(p.first_name))).toBe(
      true,
    );
  });

  it('treats Arabic ي/ك and the ZWNJ like their Persian forms', async () => {
    const persian = await search('پتروشیمی');
    const arabic = await search('پتروشيمي');
    expect(persian.legalPersons.length).toBeGreaterThan(0);
    expect(arabic.legalPersons.map((r) => r.id)).toEqual(persian.legalPersons.map((r) => r.id));
    const zwnj = await search('سرمایه\u200Cگذاری');
    const spaced = await search('سرمایه گذاری');
    expect(zwnj.legalPersons.map((r) => r.id)).toEqual(spaced.legalPersons.map((r) => r.id));
    expect(zwnj.legalPersons.length).toBeGreaterThan(0);
  });

  it('ranks surnames starting with the text first, and still finds the text inside a name', async () => {
    // nine people whose surname starts with a rare text, one with it inside the surname only
    const rows = [
      ...Array.from({ length: 9 }, (_, i) => [`مریم${i}`, 'کاظمی‌نژادیان']),
      ['علی', 'ناظمیکاظمی‌نژادیانی'],
    ];
    for (const [first, last] of rows)
      await t.db.execute(
        sql`INSERT INTO true_persons (first_name, last_name, search_text)
            VALUES (${first}, ${last}, ${trueSearchText(first!, last!, null)})`,
      );
    const r = await search('کاظمی‌نژادیان', 50);
    // the nine surnames come first; the tenth is not among the first eight (ranked below them)
    expect(r.truePersons.slice(0, 9).every((x) => x.last_name === 'کاظمی‌نژادیان')).toBe(true);
    // with fewer prefix matches than asked for, the name containing the text is found too
    const few = await search('ناظمیکاظمی');
    expect(few.truePersons.map((x) => x.last_name)).toContain('ناظمیکاظمی‌نژادیانی');
    const inside = await search('کاظمینژادیانی');
    expect(inside.truePersons.map((x) => x.first_name)).toEqual(['علی']);
  });

  it('answers empty lists for an empty query and honours limit', async () => {
    expect(await search('')).toEqual({ legalPersons: [], truePersons: [] });
    const r = await search('شرکت', 3);
    expect(r.legalPersons).toHaveLength(3);
    expect((await admin.get('/api/search?q=x&limit=0')).status).toBe(422);
  });
});
