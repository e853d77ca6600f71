import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  IndustryCompanyRow,
  IndustryDetail,
  IndustryGraph,
  IndustryProvinces,
  IndustryRow,
  IndustrySummary,
} from '../../src/contract/industries.ts';
import type { ListPage } from '../../src/contract/list.ts';
import type { PortfolioOverview } from '../../src/contract/performance-portfolio.ts';
import { legalSearchText } from '../../src/domain/persian-text.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { refreshStateClassesIfStale } from '../../src/server/modules/ownership/classes.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, type TestApp } from '../support/auth.ts';

/**
 * The industries calls (issue 17) on the demo database, checked against SQL counted here, and on
 * an industry group of this test's own whose figures are known by hand:
 *   S (a state entity, no group) —80%→ A —60%→ B;  A —10%, 5% (two rows)→ C;  B —?→ C;
 *   C —70%→ D ended 2020-03-19;  D —20%→ D (its own shares);  A —30%→ E (another group);
 *   A —40%→ F (deleted);  A —25%→ D declared indirect.
 * A and B registered in Tehran, C in Isfahan, D nowhere; statements of 1404: A (revenue 1000,
 * net −50, assets 5000, loss, article 141), B (revenue 200, net 20), C only a 6-month one.
 */

let t: TestApp;
let analyst: ApiClient;
const YEAR = 1404;
type Name = 'S' | 'A' | 'B' | 'C' | 'D' | 'E' | 'F';
const id = {} as Record<Name, number>;
let mine = 0;
let tehran = 0;
let isfahan = 0;

beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.18.0.1');
  const [ind] = await queryRows<{ id: number }>(
    t.db,
    sql`INSERT INTO industries (code, name) VALUES ('Z9', 'صنعت آزمون') RETURNING id`,
  );
  mine = ind!.id;
  const [other] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM industries WHERE code = '44'`);
  const city = async (iso: string, n: number) =>
    (
      await queryRows<{ id: number; province_id: number }>(
        t.db,
        sql`SELECT c.id, c.province_id FROM cities c JOIN provinces p ON p.id = c.province_id
            WHERE p.iso = ${iso} ORDER BY c.id LIMIT 1 OFFSET ${n}`,
      )
    )[0]!;
  const t1 = await city('IR-23', 0);
  const t2 = await city('IR-23', 1);
  const isf = await city('IR-10', 0);
  tehran = t1.province_id;
  isfahan = isf.province_id;
  const company = async (
    name: Name,
    industry: number | null,
    cityId: number | null,
    capital: number | null,
  ) => {
    const full = `صنعت آزمون ${name}`;
    const [row] = await queryRows<{ id: number }>(
      t.db,
      sql`INSERT INTO legal_persons (name, kind, is_state_entity, industry_id, registration_city_id, registered_capital, search_text)
          VALUES (${full}, ${name === 'S' ? 'ministry' : 'company'}, ${name === 'S'}, ${industry}, ${cityId},
            ${capital}, ${legalSearchText(full, null, null)})
          RETURNING id`,
    );
    id[name] = row!.id;
  };
  await company('S', null, null, null);
  await company('A', mine, t1.id, 1000);
  await company('B', mine, t2.id, 3000);
  await company('C', mine, isf.id, 500);
  await company('D', mine, null, 500);
  await company('E', other!.id, t1.id, 100);
  await company('F', mine, t1.id, 100);
  await t.db.execute(sql`UPDATE legal_persons SET deleted_at = now() WHERE id = ${id.F}`);
  const hold = (
    holder: Name,
    company: Name,
    pct: number | null,
    to: string | null = null,
    directness = 'direct',
  ) => sql`(${id[company]}, 'legal', ${id[holder]}, ${pct}, ${to}::date, ${directness})`;
  await t.db.execute(sql`INSERT INTO shareholdings (company_id, holder_type, holder_legal_id, percentage, valid_to, directness)
    VALUES ${sql.join(
      [
        hold('S', 'A', 0.8),
        hold('A', 'B', 0.6),
        hold('A', 'C', 0.1),
        hold('A', 'C', 0.05),
        hold('B', 'C', null),
        hold('C', 'D', 0.7, '2020-03-19'),
        hold('D', 'D', 0.2),
        hold('A', 'E', 0.3),
        hold('A', 'F', 0.4),
        hold('A', 'D', 0.25, null, 'indirect'),
      ],
      sql`, `,
    )}`);
  const statement = (name: Name, year: number, months: number, items: object, loss: boolean, a141: boolean) =>
    sql`(${id[name]}, ${year}, ${months}, '2025-03-20', '2025-07-22', ${JSON.stringify(items)}::jsonb, ${loss}, ${a141})`;
  await t.db.execute(sql`INSERT INTO financial_statements (legal_person_id, fiscal_year, period_months, period_end, due_date, items, loss, article_141)
    VALUES ${sql.join(
      [
        statement('A', YEAR, 12, { revenue: 1000, net_profit: -50, total_assets: 5000 }, true, true),
        statement('B', YEAR, 12, { revenue: 200, net_profit: 20 }, false, false),
        statement('C', YEAR, 6, { revenue: 90 }, false, false),
        statement('D', YEAR - 1, 12, { revenue: 70 }, false, false),
      ],
      sql`, `,
    )}`);
  await refreshStateClassesIfStale(t.db);
});
afterAll(() => t.dispose());

const listAll = async (path: string) => {
  const res = await analyst.get(path);
  expect(res.status).toBe(200);
  return res.body.data as ListPage<IndustryRow>;
};

describe('GET /api/industries/indicators', () => {
  it('counts each group’s companies and classes as SQL counts them', async () => {
    const page = await listAll(`/api/industries/indicators?per_page=500&fiscal_year=${YEAR}`);
    const groups = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM industries`);
    expect(page.total).toBe(groups[0]!.n);
    const counted = await queryRows<{ industry_id: number; n: number; owned: number; private: number }>(
      t.db,
      sql`SELECT lp.industry_id, count(*)::int AS n,
            count(*) FILTER (WHERE c.state_class = 'state-owned')::int AS owned,
            count(*) FILTER (WHERE c.state_class IS NULL OR c.state_class = 'private')::int AS private
          FROM legal_persons lp LEFT JOIN company_state_class c ON c.company_id = lp.id
          WHERE lp.deleted_at IS NULL AND lp.kind IN ('company', 'holding') AND lp.industry_id IS NOT NULL
          GROUP BY 1`,
    );
    const byId = new Map(page.data.map((r) => [r.id, r]));
    for (const c of counted) {
      const row = byId.get(c.industry_id)!;
      expect(row.companies).toBe(c.n);
      expect(row.state_owned).toBe(c.owned);
      expect(row.private).toBe(c.private);
      expect(row.state_entities + row.state_owned + row.state_affiliated + row.private + row.unknown).toBe(
        row.companies,
      );
    }
    const empty = page.data.filter((r) => !counted.some((c) => c.industry_id === r.id));
    expect(empty.every((r) => r.companies === 0 && r.statements === 0 && r.revenue === null)).toBe(true);
    // most companies first by default
    const n = page.data.map((r) => r.companies);
    expect(n).toEqual([...n].sort((a, b) => b - a));
  });

  it('figures the test group by hand: classes, mean and capital-weighted state share, the year’s statements', async () => {
    const page = await listAll(`/api/industries/indicators?fiscal_year=${YEAR}&q=Z9`);
    expect(page.data.map((r) => r.id)).toEqual([mine]);
    const row = page.data[0]!;
    expect(row).toMatchObject({
      code: 'Z9',
      companies: 4,
      state_entities: 0,
      state_owned: 1,
      state_affiliated: 1,
      private: 1,
      unknown: 1,
      share_n: 3,
      registered_capital: '5000',
      statements: 2,
      loss: 1,
      article_141: 1,
    });
    // A 0.8, B 0.8 × 0.6, D 0 (C not computable: B's share of it is unknown)
    expect(Number(row.state_share_avg)).toBeCloseTo((0.8 + 0.48 + 0) / 3, 8);
    expect(Number(row.state_share_weighted)).toBeCloseTo((0.8 * 1000 + 0.48 * 3000) / 4500, 8);
    expect([row.revenue, row.net_profit, row.total_assets].map(Number)).toEqual([1200, -30, 5000]);
  });

  it('sums a seeded group’s statements as SQL does and as the portfolio overview does', async () => {
    const [big] = await queryRows<{ industry_id: number; revenue: string; n: number; loss: number }>(
      t.db,
      sql`SELECT lp.industry_id, sum((fs.items->>'revenue')::numeric)::text AS revenue, count(*)::int AS n,
            count(*) FILTER (WHERE fs.loss)::int AS loss
          FROM financial_statements fs JOIN legal_persons lp ON lp.id = fs.legal_person_id
          WHERE fs.fiscal_year = 1402 AND fs.period_months = 12 AND lp.deleted_at IS NULL
            AND lp.kind IN ('company', 'holding') AND lp.industry_id IS NOT NULL
          GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    const detail = (await analyst.get(`/api/industries/${big!.industry_id}?fiscal_year=1402`)).body
      .data as IndustryDetail;
    expect(detail.fiscal_year).toBe(1402);
    expect(detail.industry.statements).toBe(big!.n);
    expect(detail.industry.loss).toBe(big!.loss);
    expect(Number(detail.industry.revenue)).toBe(Number(big!.revenue));
    const overview = (
      await analyst.get(`/api/performance/portfolio?industry_id=${big!.industry_id}&fiscal_year=1402`)
    ).body.data as PortfolioOverview;
    expect(Number(detail.industry.revenue)).toBe(overview.totals.revenue);
    expect(Number(detail.industry.total_assets)).toBe(overview.totals.total_assets);
    expect(detail.industry.companies).toBe(overview.companies);
    expect(detail.industry.article_141).toBe(overview.counts.article_141);
  });

  it('defaults to the latest year with annual statements, sorts by a figure and refuses a bad year in Persian', async () => {
    const [latest] = await queryRows<{ y: number }>(
      t.db,
      sql`SELECT max(fiscal_year)::int AS y FROM financial_statements fs JOIN legal_persons lp ON lp.id = fs.legal_person_id
          WHERE fs.period_months = 12 AND lp.industry_id IS NOT NULL AND lp.deleted_at IS NULL`,
    );
    const summary = (await analyst.get('/api/industries/indicators/summary')).body.data as IndustrySummary;
    expect(summary.fiscal_year).toBe(latest!.y);
    expect(summary.years[0]).toBe(latest!.y);
    const page = await listAll('/api/industries/indicators?per_page=500&sortBy=revenue&descending=true');
    expect(page.data.reduce((s, r) => s + r.companies, 0)).toBe(summary.all.companies);
    expect(page.data.reduce((s, r) => s + r.statements, 0)).toBe(summary.all.statements);
    const revenues = page.data.filter((r) => r.revenue !== null).map((r) => Number(r.revenue));
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
    const bad = await analyst.get('/api/industries/indicators?fiscal_year=99');
    expect(bad.status).toBe(422);
    expect(isPersian(bad.body.message)).toBe(true);
    const badSort = await analyst.get('/api/industries/indicators?sortBy=nothing');
    expect(badSort.status).toBe(422);
  });
});

describe('GET /api/industries/:id/companies', () => {
  it('lists the group’s live companies with class, share, province and the year’s figures', async () => {
    const res = await analyst.get(`/api/industries/${mine}/companies?fiscal_year=${YEAR}&per_page=50`);
    expect(res.status).toBe(200);
    const page = res.body.data as ListPage<IndustryCompanyRow>;
    expect(page.total).toBe(4);
    const by = new Map(page.data.map((r) => [r.legal_person_id, r]));
    expect(by.has(id.F)).toBe(false);
    expect(by.get(id.A)).toMatchObject({
      state_class: 'state-owned',
      revenue: '1000',
      loss: true,
      article_141: true,
    });
    expect(Number(by.get(id.B)!.state_share)).toBeCloseTo(0.48, 8);
    expect(by.get(id.B)!.total_assets).toBeNull();
    expect(by.get(id.C)).toMatchObject({ state_class: 'unknown', state_share: null, revenue: null });
    expect(by.get(id.D)).toMatchObject({ state_class: 'private', province: null });
    expect(Number(by.get(id.D)!.state_share)).toBe(0);
    const filtered = await analyst.get(`/api/industries/${mine}/companies?province_id=${tehran}`);
    expect(
      (filtered.body.data as ListPage<IndustryCompanyRow>).data.map((r) => r.legal_person_id).sort(),
    ).toEqual([id.A, id.B].sort());
  });
});

describe('GET /api/industries/:id/provinces', () => {
  it('counts the test group per province', async () => {
    const d = (await analyst.get(`/api/industries/${mine}/provinces`)).body.data as IndustryProvinces;
    expect(d.provinces).toHaveLength(31);
    expect(d.companies).toBe(4);
    expect(d.without_province).toBe(1);
    expect(d.provinces[0]).toMatchObject({ id: tehran, iso: 'IR-23', companies: 2 });
    expect(d.provinces.find((p) => p.id === isfahan)!.companies).toBe(1);
  });

  it('adds up to the companies with a known province, for every seeded group', async () => {
    const page = await listAll('/api/industries/indicators?per_page=500');
    for (const row of page.data.filter((r) => r.companies > 0)) {
      const d = (await analyst.get(`/api/industries/${row.id}/provinces`)).body.data as IndustryProvinces;
      const [known] = await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM legal_persons lp JOIN cities c ON c.id = lp.registration_city_id
            WHERE lp.industry_id = ${row.id} AND lp.deleted_at IS NULL AND lp.kind IN ('company', 'holding')`,
      );
      expect(d.provinces.reduce((s, p) => s + p.companies, 0)).toBe(known!.n);
      expect(known!.n + d.without_province).toBe(row.companies);
    }
  });
});

describe('GET /api/industries/:id/graph', () => {
  it('draws the direct holdings valid today between two live companies of the group', async () => {
    const d = (await analyst.get(`/api/industries/${mine}/graph`)).body.data as IndustryGraph;
    const edges = d.edges.map((e) => [e.holder, e.company, e.share]);
    expect(edges).toEqual([
      [`L${id.A}`, `L${id.B}`, 0.6],
      [`L${id.A}`, `L${id.C}`, expect.closeTo(0.15, 9)],
      [`L${id.B}`, `L${id.C}`, null],
    ]);
    expect(d).toMatchObject({ companies: 4, linked: 3, unlinked: 1, edges_total: 3, truncated: false });
    const a = d.nodes.find((n) => n.id === id.A)!;
    expect(a).toMatchObject({ state_class: 'state-owned', links_total: 2, links_shown: 2 });
    expect(d.nodes.map((n) => n.id).sort()).toEqual([id.A, id.B, id.C].sort());
  });

  it('joins only companies of the same group, for every seeded group', async () => {
    const page = await listAll('/api/industries/indicators?per_page=500');
    let seen = 0;
    for (const row of page.data.filter((r) => r.companies > 1)) {
      const d = (await analyst.get(`/api/industries/${row.id}/graph`)).body.data as IndustryGraph;
      const ids = [...new Set(d.edges.flatMap((e) => [e.holder, e.company]))].map((k) => Number(k.slice(1)));
      seen += d.edges.length;
      expect(d.nodes.map((n) => n.id).sort()).toEqual([...ids].sort());
      if (ids.length === 0) continue;
      const wrong = await queryRows<{ n: number }>(
        t.db,
        sql`SELECT count(*)::int AS n FROM legal_persons
            WHERE id = ANY(${sql.param(ids)}::int[]) AND (industry_id IS DISTINCT FROM ${row.id} OR deleted_at IS NOT NULL)`,
      );
      expect(wrong[0]!.n).toBe(0);
      expect(d.linked + d.unlinked).toBe(row.companies);
    }
    expect(seen).toBeGreaterThan(0);
  });
});

describe('refusals', () => {
  it('answers 404 in Persian for an unknown group', async () => {
    for (const path of ['', '/companies', '/provinces', '/graph']) {
      const res = await analyst.get(`/api/industries/999999${path}`);
      expect(res.status, path).toBe(404);
      expect(isPersian(res.body.message)).toBe(true);
    }
  });

  it('refuses roles without the industries permission (auditor, viewer)', async () => {
    const auditor = await clientAs(t, 'auditor', 'auditor', '10.18.0.2');
    const viewer = await clientAs(t, 'analyst', 'viewer', '10.18.0.3');
    for (const c of [auditor, viewer])
      for (const path of [
        '/api/industries/indicators',
        '/api/industries/indicators/summary',
        `/api/industries/${mine}`,
        `/api/industries/${mine}/companies`,
        `/api/industries/${mine}/provinces`,
        `/api/industries/${mine}/graph`,
      ])
        expect((await c.get(path)).status, path).toBe(403);
  });
});
