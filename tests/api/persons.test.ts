import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LegalPersonRow } from '../../src/contract/legal-person.ts';
import type { ListPage } from '../../src/contract/list.ts';
import type { LegalPersonDetail, TruePersonDetail } from '../../src/contract/persons.ts';
import type { TruePersonRow } from '../../src/contract/true-person.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, grantEmptyRole } from '../support/auth.ts';

let t: Awaited<ReturnType<typeof startTestApp>>;
let admin: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await clientAs(t, 'admin', 'super_admin');
});
afterAll(() => t.dispose());

const persian = /[\u0600-\u06FF]/;

async function list<R = LegalPersonRow>(path: string, params: Record<string, string> = {}) {
  const qs = new URLSearchParams(params).toString();
  const res = await admin.get(`${path}${qs ? `?${qs}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as ListPage<R>;
}

/** Every row of a list, read by cursor pages of `per_page`. */
async function walk(path: string, params: Record<string, string>, perPage: number) {
  const out: LegalPersonRow[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 100; i++) {
    const page: ListPage<LegalPersonRow> = await list(path, {
      ...params,
      per_page: String(perPage),
      ...(cursor ? { cursor } : {}),
    });
    out.push(...page.data);
    cursor = page.next_cursor;
    if (!cursor) break;
  }
  return out;
}

describe('access to the persons lists', () => {
  it('answers 401 without a session and 403 for a role without the permission', async () => {
    expect((await t.client().get('/api/person/legal-persons')).status).toBe(401);
    await grantEmptyRole(t, 'admin', 'persons_none');
    const c = await clientAs(t, 'admin', 'persons_none');
    const res = await c.get('/api/person/legal-persons');
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(persian);
    expect((await c.get('/api/person/true-persons/1')).status).toBe(403);
  });
});

describe('GET /api/person/legal-persons', () => {
  it('pages the register sorted by name with totals and a cursor', async () => {
    const page = await list('/api/person/legal-persons');
    expect(page.total).toBeGreaterThanOrEqual(1000);
    expect(page.per_page).toBe(50);
    expect(page.page).toBe(1);
    expect(page.data).toHaveLength(50);
    expect(page.next_cursor).toBeTruthy();
    const names = page.data.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const row = page.data[0]!;
    for (const k of ['id', 'name', 'kind', 'national_id', 'ticker', 'industry', 'ownership_type', 'status']) {
      expect(row).toHaveProperty(k);
    }
    for (const k of ['registered_capital', 'employees', 'is_listed', 'is_demo', 'province']) {
      expect(row).toHaveProperty(k);
    }
  });

  it('filters by status and kind and sorts by capital, with cursor pages equal to offset pages', async () => {
    const params = { status: 'active', kind: 'company', sortBy: 'registered_capital', descending: 'true' };
    const p1 = await list('/api/person/legal-persons', { ...params, per_page: '100' });
    const p2 = await list('/api/person/legal-persons', { ...params, per_page: '100', page: '2' });
    const c2 = await list('/api/person/legal-persons', {
      ...params,
      per_page: '100',
      cursor: p1.next_cursor!,
    });
    expect(c2.data.map((r) => r.id)).toEqual(p2.data.map((r) => r.id));
    expect(c2.total).toBe(p1.total);
    const caps = [...p1.data, ...p2.data].map((r) => BigInt(r.registered_capital ?? '0'));
    for (let i = 1; i < caps.length; i++) expect(caps[i]! <= caps[i - 1]!).toBe(true);
    for (const r of p1.data) {
      expect(r.status).toBe('active');
      expect(r.kind).toBe('company');
    }
  });

  it('walks the whole list by cursor in both directions of a sort with NULLs, as OFFSET does', async () => {
    for (const [sortBy, descending] of [
      ['registered_capital', 'true'],
      ['registered_capital', 'false'],
      ['ticker', 'true'],
      ['ticker', 'false'],
    ] as const) {
      const params = { sortBy, descending };
      const all = await walk('/api/person/legal-persons', params, 250);
      const total = (await list('/api/person/legal-persons', params)).total;
      expect(all).toHaveLength(total);
      expect(new Set(all.map((r) => r.id)).size).toBe(total);
      const offset = [];
      for (let p = 1; offset.length < total; p++) {
        offset.push(
          ...(await list('/api/person/legal-persons', { ...params, per_page: '500', page: String(p) })).data,
        );
      }
      expect(all.map((r) => r.id)).toEqual(offset.map((r) => r.id));
      expect(all.some((r) => r[sortBy] === null)).toBe(true);
    }
  });

  it('answers a block at any offset, from the near end when the total is sent, as OFFSET pages do (issue 15)', async () => {
    for (const sortBy of ['-registered_capital', 'ticker', 'ticker,-registered_capital']) {
      const params = { sortBy, status: 'active' };
      const first = await list('/api/person/legal-persons', { ...params, per_page: '500' });
      const total = first.total;
      const all: LegalPersonRow[] = [];
      for (let p = 1; all.length < total; p++) {
        all.push(
          ...(await list('/api/person/legal-persons', { ...params, per_page: '500', page: String(p) })).data,
        );
      }
      const ids = all.map((r) => r.id);
      for (const offset of [0, 1, 137, Math.floor(total / 2), total - 100, total - 37, total - 1, total]) {
        const counted = await list('/api/person/legal-persons', {
          ...params,
          per_page: '100',
          offset: String(offset),
        });
        const known = await list('/api/person/legal-persons', {
          ...params,
          per_page: '100',
          offset: String(offset),
          total: String(total),
        });
        const want = ids.slice(offset, offset + 100);
        expect(
          counted.data.map((r) => r.id),
          `${sortBy} @${offset}`,
        ).toEqual(want);
        expect(
          known.data.map((r) => r.id),
          `${sortBy} @${offset} from the end`,
        ).toEqual(want);
        expect(known.total).toBe(total);
        expect(known.next_cursor === null, `${sortBy} @${offset} last`).toBe(offset + 100 >= total);
        expect(known.prev_cursor === null).toBe(offset === 0 || want.length === 0);
        // the keyset neighbours of a block are the blocks before and after it
        if (known.next_cursor) {
          const after = await list('/api/person/legal-persons', {
            ...params,
            per_page: '100',
            cursor: known.next_cursor,
          });
          expect(after.data.map((r) => r.id)).toEqual(ids.slice(offset + 100, offset + 200));
        }
        if (known.prev_cursor) {
          const before = await list('/api/person/legal-persons', {
            ...params,
            per_page: '100',
            before: known.prev_cursor,
          });
          expect(
            before.data.map((r) => r.id),
            `${sortBy} before @${offset}`,
          ).toEqual(ids.slice(Math.max(0, offset - 100), offset));
          expect(before.prev_cursor === null).toBe(offset <= 100);
          expect(before.next_cursor).toBeTruthy();
        }
      }
    }
  });

  it('walks the whole list backwards by `before`, as OFFSET pages read forwards', async () => {
    const params = { sortBy: 'registered_capital', descending: 'false' };
    const forward = await walk('/api/person/legal-persons', params, 500);
    const total = forward.length;
    let page = await list('/api/person/legal-persons', {
      ...params,
      per_page: '250',
      offset: String(total - 250),
      total: String(total),
    });
    const back = [...page.data];
    while (page.prev_cursor) {
      page = await list('/api/person/legal-persons', {
        ...params,
        per_page: '250',
        before: page.prev_cursor,
      });
      back.unshift(...page.data);
    }
    expect(back.map((r) => r.id)).toEqual(forward.map((r) => r.id));
  });

  it('refuses a forged `before` cursor and a negative offset with a Persian 422', async () => {
    const bad = Buffer.from(JSON.stringify({ s: 'name', d: true, v: 'x', id: 1, t: 5 })).toString(
      'base64url',
    );
    const res = await admin.get(`/api/person/legal-persons?before=${bad}`);
    expect(res.status).toBe(422);
    expect(res.body.errors.before[0]).toMatch(persian);
    const neg = await admin.get('/api/person/legal-persons?offset=-1');
    expect(neg.status).toBe(422);
    expect(neg.body.message).toMatch(persian);
    const total = await admin.get('/api/person/legal-persons?total=abc');
    expect(total.status).toBe(422);
  });

  it('sorts by several columns (sortBy=a,-b) and walks them by cursor exactly as OFFSET pages', async () => {
    for (const sortBy of ['ticker,-registered_capital', '-employees,ticker,name', 'employees,-national_id']) {
      const params = { sortBy };
      const all = await walk('/api/person/legal-persons', params, 200);
      const total = (await list('/api/person/legal-persons', params)).total;
      expect(all).toHaveLength(total);
      const offset = [];
      for (let p = 1; offset.length < total; p++) {
        offset.push(
          ...(await list('/api/person/legal-persons', { ...params, per_page: '500', page: String(p) })).data,
        );
      }
      expect(
        all.map((r) => r.id),
        sortBy,
      ).toEqual(offset.map((r) => r.id));
    }
    // the order itself: ticker ascending (NULLs last), then capital descending within a ticker
    const byTicker = await walk('/api/person/legal-persons', { sortBy: 'ticker,-registered_capital' }, 500);
    const rank = (r: LegalPersonRow) => [r.ticker ?? '\uffff', -Number(r.registered_capital ?? -1)] as const;
    for (let i = 1; i < byTicker.length; i++) {
      const [a, b] = [rank(byTicker[i - 1]!), rank(byTicker[i]!)];
      if (a[0] === b[0]) expect(a[1] <= b[1]).toBe(true);
    }
    expect(byTicker.at(-1)!.ticker).toBeNull();
  });

  it('matches q with Arabic or Persian letters and digits alike', async () => {
    const a = await list('/api/person/legal-persons', { q: 'فولاد مبارکه' });
    expect(a.data.some((r) => r.ticker === 'فولاد')).toBe(true);
    const b = await list('/api/person/legal-persons', { q: 'فولاد مباركه' });
    expect(b.data.map((r) => r.id)).toEqual(a.data.map((r) => r.id));
    const nid = a.data.find((r) => r.ticker === 'فولاد')!.national_id!;
    const persianDigits = nid.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
    const c = await list('/api/person/legal-persons', { q: persianDigits });
    expect(c.data.map((r) => r.national_id)).toContain(nid);
  });

  it('applies advanceFilter and plain filter parameters', async () => {
    const listed = await list('/api/person/legal-persons', { is_listed: 'true', per_page: '1' });
    expect(listed.total).toBe(849);
    const adv = JSON.stringify([
      { field: 'kind', op: 'in', value: ['ministry', 'fund'] },
      { field: 'name', op: 'contains', value: 'وزارت' },
    ]);
    const m = await list('/api/person/legal-persons', { advanceFilter: adv, per_page: '100' });
    expect(m.total).toBe(10);
    expect(m.data.every((r) => r.kind === 'ministry')).toBe(true);
    const big = await list('/api/person/legal-persons', {
      advanceFilter: JSON.stringify([{ field: 'registered_capital', op: 'gte', value: '100000000000000' }]),
      per_page: '500',
    });
    expect(big.data.every((r) => BigInt(r.registered_capital!) >= 100_000_000_000_000n)).toBe(true);
    const tehran = await list('/api/person/legal-persons', {
      advanceFilter: JSON.stringify([{ field: 'province_id', op: 'eq', value: 24 }]),
      per_page: '20',
    });
    expect(tehran.total).toBeGreaterThan(100);
    expect(tehran.data.every((r) => r.province === 'تهران')).toBe(true);
  });

  it('applies AND/OR groups of advanceFilter, nested, as the filter builder sends them', async () => {
    const count = async (where: string) =>
      Number(
        (
          (await t.db.execute(
            sql.raw(`SELECT count(*)::int AS n FROM legal_persons WHERE deleted_at IS NULL AND ${where}`),
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    // listed AND (fund OR ministry OR capital >= 10^14)
    const tree = [
      { field: 'is_listed', op: 'eq', value: false },
      {
        or: [
          { field: 'kind', op: 'eq', value: 'fund' },
          { field: 'kind', op: 'eq', value: 'ministry' },
          { field: 'registered_capital', op: 'gte', value: '100000000000000' },
        ],
      },
    ];
    const res = await list('/api/person/legal-persons', {
      advanceFilter: JSON.stringify(tree),
      per_page: '500',
    });
    const expected = await count(
      `NOT is_listed AND (kind = 'fund' OR kind = 'ministry' OR registered_capital >= 100000000000000)`,
    );
    expect(expected).toBeGreaterThan(10);
    expect(res.total).toBe(expected);
    for (const r of res.data) {
      expect(r.is_listed).toBe(false);
      expect(
        r.kind === 'fund' || r.kind === 'ministry' || BigInt(r.registered_capital ?? 0) >= 10n ** 14n,
      ).toBe(true);
    }
    // A group inside a group: (fund AND name contains صندوق) OR ministry
    const nested = [
      {
        or: [
          {
            and: [
              { field: 'kind', op: 'eq', value: 'fund' },
              { field: 'name', op: 'contains', value: 'صندوق' },
            ],
          },
          { field: 'kind', op: 'eq', value: 'ministry' },
        ],
      },
    ];
    const n = await list('/api/person/legal-persons', {
      advanceFilter: JSON.stringify(nested),
      per_page: '1',
    });
    expect(n.total).toBe(await count(`((kind = 'fund' AND name LIKE '%صندوق%') OR kind = 'ministry')`));
  });

  it('refuses unknown sort keys, filter fields and bad values with Persian 422s', async () => {
    const cases: Record<string, string>[] = [
      { sortBy: 'password' },
      { sortBy: 'name,name' },
      { sortBy: 'name,ticker,employees,national_id' },
      { sortBy: 'name,-password' },
      { advanceFilter: JSON.stringify([{ field: 'search_text', op: 'eq', value: 'x' }]) },
      { advanceFilter: JSON.stringify([{ field: 'employees', op: 'gte', value: 'many' }]) },
      { advanceFilter: JSON.stringify([{ field: 'is_listed', op: 'contains', value: 'x' }]) },
      { advanceFilter: '[{' },
      // a bad field inside a group, an empty group, groups four deep
      { advanceFilter: JSON.stringify([{ or: [{ field: 'search_text', op: 'eq', value: 'x' }] }]) },
      { advanceFilter: JSON.stringify([{ or: [] }]) },
      {
        advanceFilter: JSON.stringify([
          { or: [{ and: [{ or: [{ field: 'kind', op: 'eq', value: 'fund' }] }] }] },
        ]),
      },
      { per_page: '501' },
      { descending: 'maybe' },
      { cursor: 'bm90LWEtY3Vyc29y' },
    ];
    for (const params of cases) {
      const res = await admin.get(`/api/person/legal-persons?${new URLSearchParams(params)}`);
      expect(res.status, JSON.stringify(params)).toBe(422);
      expect(res.body.message).toMatch(persian);
    }
  });
});

describe('GET /api/person/legal-persons/:id', () => {
  it('shows a holding with its ministry shareholder, holdings and current board', async () => {
    const h = await list('/api/person/legal-persons', { kind: 'holding', q: 'توانیر' });
    const res = await admin.get(`/api/person/legal-persons/${h.data[0]!.id}`);
    expect(res.status).toBe(200);
    const d = res.body.data as LegalPersonDetail;
    expect(d.kind).toBe('holding');
    expect(d.supervising_body?.name).toBe('وزارت نیرو');
    expect(d.shareholders.some((s) => s.holder_name === 'وزارت نیرو')).toBe(true);
    const sum = d.shareholders.reduce((a, s) => a + Number(s.percentage), 0);
    expect(sum).toBeLessThanOrEqual(1);
    expect(d.holdings.length).toBeGreaterThan(0);
    expect(d.board?.seats[0]?.position).toBe('chairman');
    expect(d.board?.ceo?.name).toBeTruthy();
    expect(d.province?.name).toBe('تهران');
    expect(d.registered_capital).toMatch(/^\d+$/);
    expect(d.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('answers 404 and 422 in Persian', async () => {
    const missing = await admin.get('/api/person/legal-persons/99999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(persian);
    expect((await admin.get('/api/person/legal-persons/abc')).status).toBe(422);
  });
});

describe('true persons', () => {
  it('lists people by last name and searches by national code', async () => {
    const page = await list<TruePersonRow>('/api/person/true-persons', { per_page: '20' });
    expect(page.total).toBe(3000);
    const last = page.data.map((r) => r.last_name);
    expect(last).toEqual([...last].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const code = page.data[0]!.national_code!;
    const found = await list<TruePersonRow>('/api/person/true-persons', { q: code });
    expect(found.data[0]!.national_code).toBe(code);
  });

  it('shows a board member with seats across companies', async () => {
    const h = await list('/api/person/legal-persons', { kind: 'holding', per_page: '1' });
    const board = (
      (await admin.get(`/api/person/legal-persons/${h.data[0]!.id}`)).body.data as LegalPersonDetail
    ).board!;
    const seat = board.seats.find((s) => s.holder_type === 'true' || s.representative)!;
    const personId = seat.representative?.id ?? seat.holder_id;
    const res = await admin.get(`/api/person/true-persons/${personId}`);
    expect(res.status).toBe(200);
    const d = res.body.data as TruePersonDetail;
    expect(d.board_seats.some((s) => s.board_id === board.id)).toBe(true);
    expect(d.national_code).toMatch(/^\d{10}$/);
    expect((await admin.get('/api/person/true-persons/99999999')).status).toBe(404);
  });
});

describe('pickers', () => {
  it('lists legal persons and all persons with q', async () => {
    const legal = await list<{ id: number; name: string; national_id: string }>(
      '/api/person/all-legal-persons',
      { q: 'وزارت نفت' },
    );
    expect(legal.data[0]).toMatchObject({ name: 'وزارت نفت' });
    const all = await list<{ key: number; type: string; name: string }>('/api/person/all-persons', {
      q: 'محمدی',
      per_page: '500',
    });
    expect(all.data.some((r) => r.type === 'true')).toBe(true);
    expect(new Set(all.data.map((r) => r.key)).size).toBe(all.data.length);
    const onlyLegal = await list<{ type: string }>('/api/person/all-persons', {
      type: 'legal',
      per_page: '5',
    });
    expect(onlyLegal.total).toBeGreaterThanOrEqual(1000);
    expect(onlyLegal.data.every((r) => r.type === 'legal')).toBe(true);
  });
});
