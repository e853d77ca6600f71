import { sql } from 'drizzle-orm';
import { quantileSeq } from 'mathjs/number';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, type TestApp } from '../support/auth.ts';

/**
 * The portfolio's screens' calls (issue 16): the overview, the statistics by group, the auditors'
 * opinions and production across companies, each checked against counts made here by a direct
 * query of the seeded database, with a filter, a bad query (422 in Persian) and the viewer (403).
 */

let t: TestApp;
let analyst: ApiClient;
let auditor: ApiClient;
let viewer: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.46.0.1');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.46.0.2');
  viewer = await clientAs(t, 'analyst', 'viewer', '10.46.0.3');
});
afterAll(() => t.dispose());

const rows = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) =>
  ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
const one = async (q: ReturnType<typeof sql>) => Number(Object.values((await rows(q))[0]!)[0]);

const get = async (c: ApiClient, path: string) => {
  const res = await c.get(path);
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
  return res.body.data;
};

const ANNUAL = sql`financial_statements fs JOIN legal_persons lp ON lp.id = fs.legal_person_id
  WHERE fs.period_months = 12 AND lp.deleted_at IS NULL`;

describe('portfolio overview', () => {
  it('defaults to the latest year with annual statements and counts what the database holds', async () => {
    const latest = await one(sql`SELECT max(fs.fiscal_year) FROM ${ANNUAL}`);
    const o = await get(analyst, '/api/performance/portfolio');
    expect(o.fiscal_year).toBe(latest);
    const y = sql`${ANNUAL} AND fs.fiscal_year = ${latest}`;
    expect(o.statements).toBe(await one(sql`SELECT count(*) FROM ${y}`));
    expect(o.counts.filed).toBe(
      await one(sql`SELECT count(*) FROM ${y} AND fs.entry_state IN ('submitted', 'reviewed')`),
    );
    expect(o.counts.filed + o.counts.not_filed).toBe(o.statements);
    expect(o.counts.article_141).toBe(await one(sql`SELECT count(*) FROM ${y} AND fs.article_141`));
    expect(o.counts.loss).toBe(await one(sql`SELECT count(*) FROM ${y} AND fs.loss`));
    expect(o.counts.failing_checks).toBe(await one(sql`SELECT count(*) FROM ${y} AND NOT fs.checks_passed`));
    expect(o.counts.missing).toBe(
      await one(sql`SELECT count(*) FROM legal_persons lp WHERE lp.deleted_at IS NULL
        AND lp.kind IN ('company', 'holding') AND NOT EXISTS (SELECT 1 FROM financial_statements fs
        WHERE fs.legal_person_id = lp.id AND fs.fiscal_year = ${latest} AND fs.period_months = 12)`),
    );
    expect(o.counts.article_141).toBeGreaterThan(0);
    expect(o.totals.revenue).toBeCloseTo(
      await one(sql`SELECT sum((fs.items->>'revenue')::numeric) FROM ${y}`),
      -2,
    );
    const z = o.altman;
    expect(z.safe + z.grey + z.distress + z.not_computable).toBe(o.statements);
    expect(z.distress_companies).toHaveLength(z.distress);
    expect(z.distress).toBeGreaterThan(0);
    // The trend runs oldest first and its latest year is the year's totals.
    expect(o.trend.map((r: { fiscal_year: number }) => r.fiscal_year)).toEqual([...o.years].reverse());
    expect(o.trend.at(-1).revenue).toBe(o.totals.revenue);
  });

  it('narrows to an industry and a chosen year; the auditor may read it too', async () => {
    const [ind] = await rows<{ id: number; n: number }>(
      sql`SELECT lp.industry_id AS id, count(*)::int AS n FROM ${ANNUAL} AND fs.fiscal_year = 1403
          AND lp.industry_id IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    const o = await get(auditor, `/api/performance/portfolio?fiscal_year=1403&industry_id=${ind!.id}`);
    expect(o.fiscal_year).toBe(1403);
    expect(o.statements).toBe(ind!.n);
    expect(o.companies).toBe(
      await one(sql`SELECT count(*) FROM legal_persons lp WHERE lp.deleted_at IS NULL
        AND lp.kind IN ('company', 'holding') AND lp.industry_id = ${ind!.id}`),
    );
    // Persian digits are read as the year.
    const fa = await get(analyst, `/api/performance/portfolio?fiscal_year=${encodeURIComponent('۱۴۰۳')}`);
    expect(fa.fiscal_year).toBe(1403);
  });

  it('refuses a bad year or filter in Persian, and the viewer', async () => {
    for (const q of ['fiscal_year=abc', 'fiscal_year=1250', 'industry_id=-3', 'ownership_type=x']) {
      const res = await analyst.get(`/api/performance/portfolio?${q}`);
      expect(res.status, q).toBe(422);
      expect(JSON.stringify(res.body), q).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await viewer.get('/api/performance/portfolio')).status).toBe(403);
  });
});

describe('portfolio statistics', () => {
  it('groups by industry with quartiles of the ratios the domain computes', async () => {
    const s = await get(analyst, '/api/performance/statistics?fiscal_year=1403');
    expect(s.group_by).toBe('industry');
    const statements = await one(sql`SELECT count(*) FROM ${ANNUAL} AND fs.fiscal_year = 1403`);
    expect(s.all.statements).toBe(statements);
    expect(s.groups.reduce((a: number, g: { statements: number }) => a + g.statements, 0)).toBe(statements);
    // The whole selection's median net margin, from the items directly.
    const margins = (
      await rows<{ m: string }>(
        sql`SELECT (fs.items->>'net_profit')::float8 / (fs.items->>'revenue')::float8 AS m FROM ${ANNUAL}
            AND fs.fiscal_year = 1403 AND fs.items ? 'net_profit' AND (fs.items->>'revenue')::numeric <> 0`,
      )
    ).map((r) => Number(r.m));
    expect(s.all.ratios.net_margin.n).toBe(margins.length);
    const [q1, median, q3] = quantileSeq(margins, [0.25, 0.5, 0.75]) as number[];
    expect(s.all.ratios.net_margin.median).toBeCloseTo(median!, 10);
    expect(s.all.ratios.net_margin.q1).toBeCloseTo(q1!, 10);
    expect(s.all.ratios.net_margin.q3).toBeCloseTo(q3!, 10);
    const g = s.groups.find((x: { key: unknown }) => x.key !== null);
    expect(g.companies).toBe(
      await one(sql`SELECT count(*) FROM legal_persons lp WHERE lp.deleted_at IS NULL
        AND lp.kind IN ('company', 'holding') AND lp.industry_id = ${g.key}`),
    );
  });

  it('switches to ownership type and refuses an unknown grouping', async () => {
    const s = await get(analyst, '/api/performance/statistics?group_by=ownership');
    const counts = await rows<{ k: string | null; n: number }>(
      sql`SELECT lp.ownership_type AS k, count(*)::int AS n FROM legal_persons lp
          WHERE lp.deleted_at IS NULL AND lp.kind IN ('company', 'holding') GROUP BY 1`,
    );
    for (const c of counts)
      expect(s.groups.find((g: { key: unknown }) => g.key === c.k)?.companies, String(c.k)).toBe(c.n);
    const bad = await analyst.get('/api/performance/statistics?group_by=city');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.group_by[0]).toMatch(/گروه‌بندی/);
    expect((await viewer.get('/api/performance/statistics')).status).toBe(403);
  });
});

describe('audit report', () => {
  it('counts opinions per year and lists the non-clean companies of the year', async () => {
    const a = await get(analyst, '/api/performance/audit-report?fiscal_year=1402');
    const y = a.years.find((r: { fiscal_year: number }) => r.fiscal_year === 1402);
    const y1402 = sql`${ANNUAL} AND fs.fiscal_year = 1402`;
    expect(y.total).toBe(await one(sql`SELECT count(*) FROM ${y1402}`));
    expect(y.qualified).toBe(
      await one(sql`SELECT count(*) FROM ${y1402} AND fs.audited AND fs.auditor_opinion = 'qualified'`),
    );
    expect(y.not_audited).toBe(await one(sql`SELECT count(*) FROM ${y1402} AND NOT fs.audited`));
    expect(a.companies).toHaveLength(y.qualified + y.adverse + y.disclaimer);
    expect(
      a.companies.every((c: { category: string }) =>
        ['qualified', 'adverse', 'disclaimer'].includes(c.category),
      ),
    ).toBe(true);
    const adverse = await get(analyst, '/api/performance/audit-report?fiscal_year=1402&opinion=adverse');
    expect(adverse.companies).toHaveLength(y.adverse);
    const bad = await analyst.get('/api/performance/audit-report?opinion=great');
    expect(bad.status).toBe(422);
    expect((await viewer.get('/api/performance/audit-report')).status).toBe(403);
  });
});

describe('production across companies', () => {
  it('sums product reports per product and company as the per-company reports hold them', async () => {
    const p = await get(analyst, '/api/performance/product-reports');
    const latest = await one(sql`SELECT max(fiscal_year) FROM product_reports WHERE period = 'annual'`);
    expect(p.fiscal_year).toBe(latest);
    expect(p.rows).toHaveLength(
      await one(
        sql`SELECT count(*) FROM product_reports WHERE fiscal_year = ${latest} AND period = 'annual'`,
      ),
    );
    const total = await one(
      sql`SELECT sum(sales_value) FROM product_reports WHERE fiscal_year = ${latest} AND period = 'annual'`,
    );
    const byCompany = p.companies.reduce(
      (a: number, c: { sales_value: string | null }) => a + Number(c.sales_value),
      0,
    );
    expect(byCompany).toBe(total);
    const first = p.products[0];
    const [direct] = await rows<{ planned: string; produced: string }>(
      sql`SELECT sum(planned)::text AS planned, sum(produced)::text AS produced FROM product_reports
          WHERE fiscal_year = ${latest} AND period = 'annual' AND product = ${first.product} AND unit = ${first.unit}`,
    );
    expect(first.planned).toBe(direct!.planned);
    expect(first.achievement).toBeCloseTo(Number(direct!.produced) / Number(direct!.planned), 4);
    const none = await get(analyst, '/api/performance/product-reports?period=3m');
    expect(none.rows).toEqual([]);
    expect((await analyst.get('/api/performance/product-reports?period=monthly')).status).toBe(422);
    expect((await viewer.get('/api/performance/product-reports')).status).toBe(403);
  });

  it('computes capacity utilisation per product and row, filtered by company ownership', async () => {
    const c = await get(analyst, '/api/performance/production-capacity?fiscal_year=1403');
    expect(c.rows).toHaveLength(
      await one(sql`SELECT count(*) FROM production_capacities WHERE fiscal_year = 1403`),
    );
    for (const r of c.rows) {
      if (r.actual_production !== null)
        expect(r.utilisation).toBeCloseTo(Number(r.actual_production) / Number(r.nominal_capacity), 4);
    }
    const [own] = await rows<{ o: string; n: number }>(
      sql`SELECT lp.ownership_type AS o, count(*)::int AS n FROM production_capacities x
          JOIN legal_persons lp ON lp.id = x.legal_person_id WHERE x.fiscal_year = 1403
          AND lp.ownership_type IS NOT NULL GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
    );
    if (own) {
      const f = await get(
        analyst,
        `/api/performance/production-capacity?fiscal_year=1403&ownership_type=${encodeURIComponent(own.o)}`,
      );
      expect(f.rows).toHaveLength(own.n);
    }
    expect((await analyst.get('/api/performance/production-capacity?fiscal_year=99999')).status).toBe(422);
    expect((await viewer.get('/api/performance/production-capacity')).status).toBe(403);
  });
});
