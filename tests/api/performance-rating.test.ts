import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EfficiencyResult, RatingRow, RatingSummary } from '../../src/contract/rating.ts';
import { rate, ratingValues } from '../../src/domain/finance/rating.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { ratedCompanies } from '../../src/server/modules/performance/rating.ts';
import {
  readFormulas,
  readMeasureValues,
  readRatingBands,
  readRatingItems,
} from '../../src/server/modules/performance/store.ts';
import type { ApiClient } from '../support/api-client.ts';
import { startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, type TestApp } from '../support/auth.ts';

/**
 * The portfolio's rating and efficiency (issue 16): GET /api/performance/evaluation/rating-company
 * checked against the domain computed here from the same stored inputs, its sorts, filters and
 * not-computable rows; GET /api/performance/evaluation/efficiency (DEA) on a seeded industry;
 * the Persian 422s and the viewer's 403.
 */

let t: TestApp;
let analyst: ApiClient;
let auditor: ApiClient;
let viewer: ApiClient;
let year: number;
beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.42.0.1');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.42.0.2');
  viewer = await clientAs(t, 'analyst', 'viewer', '10.42.0.3');
  // The latest year most companies have an annual statement of.
  const [y] = await queryRows<{ y: number }>(
    t.db,
    sql`SELECT fiscal_year::int AS y FROM financial_statements WHERE period_months = 12
        GROUP BY fiscal_year ORDER BY count(*) DESC, fiscal_year DESC LIMIT 1`,
  );
  year = y!.y;
});
afterAll(() => t.dispose());

const RATING = '/api/performance/evaluation/rating-company';
const EFFICIENCY = '/api/performance/evaluation/efficiency';
type Page = { data: RatingRow[]; total: number; next_cursor: string | null };

const rating = async (c: ApiClient, query: string): Promise<Page> => {
  const res = await c.get(`${RATING}?fiscal_year=${year}&${query}`);
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
  return res.body.data as Page;
};

describe('rating company', () => {
  it('rates one company as the domain does from the same configuration, statement and measures', async () => {
    const [one] = await queryRows<{ id: number; statement: number; items: Record<string, number> }>(
      t.db,
      sql`SELECT lp.id, fs.id AS statement, fs.items FROM financial_statements fs
          JOIN legal_persons lp ON lp.id = fs.legal_person_id
          WHERE fs.fiscal_year = ${year} AND fs.period_months = 12 AND fs.entry_state = 'reviewed'
            AND lp.deleted_at IS NULL ORDER BY lp.id LIMIT 1`,
    );
    const page = await rating(analyst, `legal_person_id=${one!.id}`);
    expect(page.total).toBe(1);
    const row = page.data[0]!;
    expect(row.statement_id).toBe(one!.statement);

    const items = await readRatingItems(t.db);
    const bands = await readRatingBands(t.db);
    const formulas = new Map(
      (await readFormulas(t.db)).flatMap((f) => (f.parsed ? [[f.code, f.parsed] as const] : [])),
    );
    const measures = (await readMeasureValues(t.db, [year], [one!.id])).get(one!.id)?.get(year) ?? {};
    const numbers = Object.fromEntries(Object.entries(one!.items).map(([k, v]) => [k, Number(v)]));
    const expected = rate(items, ratingValues(items, formulas, { items: numbers, measures }), bands);
    expect(expected.ok).toBe(row.ok);
    if (expected.ok) {
      expect(row.score).toBeCloseTo(expected.score, 9);
      expect(row.grade).toBe(expected.grade);
      expect(row.label_fa).toBe(expected.labelFa);
    }
    if (!expected.ok && expected.reason === 'invalid_config') throw new Error('unexpected');
    expect(row.coverage).toBeCloseTo(expected.coverage, 12);
    expect(row.missing).toEqual(expected.missing);
    for (const d of ['governance', 'transparency', 'economic', 'managers'] as const)
      expect(row.by_dimension[d].score).toEqual(expected.byDimension[d].score);
    // Every item: raw, score, weight, source and what it read.
    expect(row.items.map((i) => i.code)).toEqual(items.map((i) => i.code));
    for (const item of row.items) {
      const e = expected.items.find((x) => x.code === item.code)!;
      expect(item.raw).toEqual(e.raw);
      expect(item.score).toEqual(e.score);
      expect(item.weight).toBe(e.weight);
    }
    const roa = row.items.find((i) => i.code === 'roa')!;
    expect(roa.source).toMatchObject({ kind: 'formula', code: 'roa', text: 'net_profit / total_assets' });
    expect(roa.inputs).toEqual({
      'item.net_profit': numbers.net_profit,
      'item.total_assets': numbers.total_assets,
    });
    expect(roa.raw).toBeCloseTo(numbers.net_profit! / numbers.total_assets!, 12);
    const board = row.items.find((i) => i.code === 'board_independence')!;
    expect(board.source.kind).toBe('measure');
    expect(isPersian(board.source.name_fa)).toBe(true);
    if (board.raw !== null) expect(board.inputs).toEqual({ 'measure.board_independence': board.raw });
  });

  it('sorts the whole portfolio by score, highest first, not computable last; and by a dimension', async () => {
    const started = performance.now();
    const all = await rating(analyst, 'per_page=500');
    const ms = performance.now() - started;
    const again = performance.now();
    await rating(analyst, 'per_page=100&offset=300');
    const t1 = performance.now();
    await ratedCompanies(t.db, year, { page: 1, per_page: 50, descending: undefined });
    const t2 = performance.now();
    console.info(`block of 100: ${(t1 - again).toFixed(0)} ms; computing alone: ${(t2 - t1).toFixed(0)} ms`);
    console.info(`rating of ${all.total} companies of ${year}: ${ms.toFixed(0)} ms (first page of 500)`);
    expect(all.total).toBeGreaterThan(100);
    expect(all.next_cursor).toBe('500');
    const rest = await rating(analyst, `per_page=500&cursor=${all.next_cursor}`);
    const rows = [...all.data, ...rest.data];
    const scores = rows.map((r) => r.score);
    const computed = scores.filter((s): s is number => s !== null);
    expect(computed).toEqual([...computed].sort((a, b) => b - a));
    // nulls only after every score
    expect(scores.slice(computed.length).every((s) => s === null)).toBe(true);

    const asc = await rating(analyst, 'sortBy=score&descending=false&per_page=20');
    const ascScores = asc.data.map((r) => r.score!);
    expect(ascScores).toEqual([...ascScores].sort((a, b) => a - b));
    expect(ascScores[0]).toBeLessThanOrEqual(computed.at(-1)!);

    const byEconomic = await rating(analyst, 'sortBy=-economic&per_page=50');
    const eco = byEconomic.data.map((r) => r.by_dimension.economic.score!);
    expect(eco).toEqual([...eco].sort((a, b) => b - a));
    const byGrade = await rating(analyst, 'sortBy=grade&per_page=500');
    const ranks = byGrade.data.filter((r) => r.grade).map((r) => r.grade!);
    expect(ranks).toEqual([...ranks].sort());
  });

  it('filters by industry and by grade (plain and advanceFilter), and lists not-computable rows', async () => {
    const [ind] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT lp.industry_id AS id FROM legal_persons lp
          JOIN financial_statements fs ON fs.legal_person_id = lp.id AND fs.fiscal_year = ${year} AND fs.period_months = 12
          WHERE lp.industry_id IS NOT NULL GROUP BY lp.industry_id ORDER BY count(*) DESC LIMIT 1`,
    );
    const inIndustry = await rating(analyst, `industry_id=${ind!.id}&per_page=500`);
    const [n] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM legal_persons lp WHERE lp.industry_id = ${ind!.id}
          AND lp.deleted_at IS NULL AND lp.kind IN ('company', 'holding') AND (
            EXISTS (SELECT 1 FROM financial_statements fs WHERE fs.legal_person_id = lp.id AND fs.fiscal_year = ${year} AND fs.period_months = 12)
            OR EXISTS (SELECT 1 FROM performance_measure_values v WHERE v.legal_person_id = lp.id AND v.fiscal_year = ${year}))`,
    );
    expect(inIndustry.total).toBe(n!.n);

    const b = await rating(analyst, 'grade=B&per_page=500');
    expect(b.total).toBeGreaterThan(0);
    expect(b.data.every((r) => r.grade === 'B')).toBe(true);
    const af = encodeURIComponent(JSON.stringify([{ field: 'grade', op: 'in', value: ['A', 'B'] }]));
    const ab = await rating(analyst, `advanceFilter=${af}&per_page=500`);
    expect(ab.data.every((r) => r.grade === 'A' || r.grade === 'B')).toBe(true);
    expect(ab.total).toBeGreaterThanOrEqual(b.total);

    const none = await rating(analyst, 'grade=none&per_page=50');
    expect(none.total).toBeGreaterThan(0);
    for (const r of none.data) {
      expect(r.ok).toBe(false);
      expect(r.score).toBeNull();
      expect(r.grade).toBeNull();
      expect(isPersian(r.message_fa)).toBe(true);
      expect(r.missing.length).toBeGreaterThan(0);
      expect(r.coverage).toBeLessThan(0.6);
    }
  });

  it('summarises the filtered set: years, grade counts and score bins that add up to the list', async () => {
    const res = await analyst.get('/api/performance/evaluation/rating-summary');
    expect(res.status).toBe(200);
    const s = res.body.data as RatingSummary;
    expect(s.years[0]).toBe(s.fiscal_year);
    expect(s.years).toContain(year);
    const mine = (
      await analyst.get(
        `/api/performance/evaluation/rating-summary?fiscal_year=${year}&grade[]=A&grade[]=B&grade[]=none`,
      )
    ).body.data as RatingSummary;
    const page = await rating(analyst, 'grade[]=A&grade[]=B&grade[]=none&per_page=1');
    expect(mine.total).toBe(page.total);
    expect(mine.grades.A + mine.grades.B + mine.grades.none).toBe(mine.total);
    expect(mine.grades.C).toBe(0);
    expect(mine.score.bins.reduce((a, b) => a + b, 0) + mine.score.none).toBe(mine.total);
    expect(mine.score.none).toBe(mine.grades.none);
    expect((await viewer.get('/api/performance/evaluation/rating-summary')).status).toBe(403);
  });

  it('answers Persian 422s for a missing year, a bad sort, filter or grade; the viewer gets 403', async () => {
    for (const q of [
      '',
      'fiscal_year=abc',
      `fiscal_year=${year}&sortBy=items`,
      `fiscal_year=${year}&grade=F`,
      `fiscal_year=${year}&advanceFilter=${encodeURIComponent(JSON.stringify([{ field: 'x', op: 'eq', value: 1 }]))}`,
      `fiscal_year=${year}&advanceFilter=${encodeURIComponent(JSON.stringify([{ or: [{ field: 'grade', op: 'eq', value: 'A' }] }]))}`,
      `fiscal_year=${year}&cursor=abc`,
    ]) {
      const res = await analyst.get(`${RATING}?${q}`);
      expect(res.status, q).toBe(422);
      expect(isPersian(res.body.message), q).toBe(true);
    }
    expect((await auditor.get(`${RATING}?fiscal_year=${year}&per_page=1`)).status).toBe(200);
    expect((await viewer.get(`${RATING}?fiscal_year=${year}`)).status).toBe(403);
  });
});

describe('efficiency (DEA)', () => {
  const biggest = async () => {
    const [ind] = await queryRows<{ id: number; n: number }>(
      t.db,
      sql`SELECT lp.industry_id AS id, count(*)::int AS n FROM legal_persons lp
          JOIN financial_statements fs ON fs.legal_person_id = lp.id AND fs.fiscal_year = ${year} AND fs.period_months = 12
          WHERE lp.industry_id IS NOT NULL AND lp.deleted_at IS NULL GROUP BY lp.industry_id ORDER BY count(*) DESC LIMIT 1`,
    );
    return ind!;
  };

  for (const model of ['ccr', 'bcc'] as const)
    it(`${model}: scores in (0, 1], an efficient unit at 1, peers efficient, exclusions explained`, async () => {
      const ind = await biggest();
      const started = performance.now();
      const res = await analyst.get(`${EFFICIENCY}?industry_id=${ind.id}&fiscal_year=${year}&model=${model}`);
      const ms = performance.now() - started;
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
      const r = res.body.data as EfficiencyResult;
      console.info(
        `DEA ${model} of ${r.units.length} companies (${r.excluded.length} excluded): ${ms.toFixed(0)} ms`,
      );
      expect(r.model).toBe(model);
      expect(r.inputs.map((i) => i.code)).toEqual(['total_assets', 'employees']);
      expect(r.outputs.map((i) => i.code)).toEqual(['revenue', 'operating_profit']);
      expect(r.units.length).toBeGreaterThan(3);
      for (const u of r.units) {
        expect(u.efficiency).toBeGreaterThan(0);
        expect(u.efficiency).toBeLessThanOrEqual(1);
        expect(u.values.inputs.every((v) => v > 0) && u.values.outputs.every((v) => v > 0)).toBe(true);
        expect(u.targets.inputs).toHaveLength(2);
        expect(u.peers.length).toBeGreaterThan(0);
      }
      const efficient = new Set(r.units.filter((u) => u.efficient).map((u) => u.legal_person_id));
      expect(efficient.size).toBeGreaterThan(0);
      expect(r.units.filter((u) => u.efficient).every((u) => u.efficiency === 1)).toBe(true);
      for (const u of r.units)
        for (const p of u.peers) {
          if (!u.efficient) expect(efficient.has(p.legal_person_id)).toBe(true);
          expect(p.lambda).toBeGreaterThan(0);
        }
      // every company of the industry is either analysed or excluded with a Persian reason
      expect(r.units.length + r.excluded.length).toBeGreaterThanOrEqual(ind.n);
      for (const x of r.excluded) expect(isPersian(x.reason_fa)).toBe(true);
    });

  it('BCC scores are at least the CCR scores; a unit with an operating loss is excluded, not dropped', async () => {
    const ind = await biggest();
    const get = async (model: string) =>
      (await analyst.get(`${EFFICIENCY}?industry_id=${ind.id}&fiscal_year=${year}&model=${model}`)).body
        .data as EfficiencyResult;
    const [ccr, bcc] = [await get('ccr'), await get('bcc')];
    const ccrOf = new Map(ccr.units.map((u) => [u.legal_person_id, u.efficiency]));
    for (const u of bcc.units)
      expect(u.efficiency).toBeGreaterThanOrEqual(ccrOf.get(u.legal_person_id)! - 1e-9);
    const [loss] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT lp.id FROM legal_persons lp JOIN financial_statements fs ON fs.legal_person_id = lp.id
          WHERE fs.fiscal_year = ${year} AND fs.period_months = 12 AND (fs.items->>'operating_profit')::numeric <= 0
            AND lp.industry_id IS NOT NULL AND lp.deleted_at IS NULL AND lp.kind IN ('company', 'holding') LIMIT 1`,
    );
    if (loss) {
      const [{ industry_id }] = (await queryRows<{ industry_id: number }>(
        t.db,
        sql`SELECT industry_id FROM legal_persons WHERE id = ${loss.id}`,
      )) as [{ industry_id: number }];
      const r = (await analyst.get(`${EFFICIENCY}?industry_id=${industry_id}&fiscal_year=${year}`)).body
        .data as EfficiencyResult;
      const x = r.excluded.find((e) => e.legal_person_id === loss.id)!;
      expect(x.codes).toContain('operating_profit');
      expect(x.reason_fa).toContain('عملیاتی');
    }
    // another choice of data
    const chosen = (
      await analyst.get(
        `${EFFICIENCY}?industry_id=${ind.id}&fiscal_year=${year}&inputs=wages,total_assets&outputs=revenue`,
      )
    ).body.data as EfficiencyResult;
    expect(chosen.inputs.map((i) => i.code)).toEqual(['wages', 'total_assets']);
    expect(chosen.units[0]!.values.outputs).toHaveLength(1);
  });

  it('answers Persian 422s for a missing or unknown industry, a bad year, model or code; the viewer gets 403', async () => {
    const ind = await biggest();
    for (const q of [
      `fiscal_year=${year}`,
      `industry_id=${ind.id}`,
      `industry_id=999999&fiscal_year=${year}`,
      `industry_id=${ind.id}&fiscal_year=${year}&model=sbm`,
      `industry_id=${ind.id}&fiscal_year=${year}&inputs=cash`,
      `industry_id=abc&fiscal_year=${year}`,
    ]) {
      const res = await analyst.get(`${EFFICIENCY}?${q}`);
      expect(res.status, q).toBe(422);
      expect(isPersian(res.body.message), q).toBe(true);
    }
    expect((await viewer.get(`${EFFICIENCY}?industry_id=${ind.id}&fiscal_year=${year}`)).status).toBe(403);
  });
});
