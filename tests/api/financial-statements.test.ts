import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, type TestApp } from '../support/auth.ts';

/**
 * Financial statements (issue 16): the seeded real Codal statements of کاوه and شرانل and the
 * generated ones, the list's filters from the description, one statement's view with its years,
 * checks and moves, and the entry moves (submit, review, return) as each role may make them.
 */

let t: TestApp;
let analyst: ApiClient;
let auditor: ApiClient;
let viewer: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.41.0.1');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.41.0.2');
  viewer = await clientAs(t, 'analyst', 'viewer', '10.41.0.3');
});
afterAll(() => t.dispose());

const LIST = '/api/performance/financial-statements';
type Row = Record<string, unknown> & { id: number };
const rows = async (c: ApiClient, query: string) => {
  const res = await c.get(`${LIST}?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { data: Row[]; total: number };
};

describe('financial statements', () => {
  it('the seed loads کاوه’s and شرانل’s real statements, marked codal, every one passing its checks', async () => {
    const kaveh = await rows(analyst, `q=${encodeURIComponent('کاوه')}&origin=codal&per_page=100`);
    const years = kaveh.data
      .filter((r) => r.ticker === 'کاوه' && r.period_months === 12)
      .map((r) => r.fiscal_year)
      .sort();
    expect(years).toEqual(Array.from({ length: 18 }, (_, i) => 1386 + i));
    const all = await rows(analyst, 'origin=codal&per_page=100');
    expect(all.total).toBe(23);
    expect(all.data.every((r) => r.checks_passed && r.entry_state === 'reviewed')).toBe(true);
    expect(all.data.every((r) => r.article_141 !== true)).toBe(true);
  });

  it('generated statements carry the triage’s work: drafts, returns, late, losses, article 141, failed checks', async () => {
    const demo = await rows(analyst, 'origin=demo&per_page=1');
    expect(demo.total).toBeGreaterThan(2000);
    for (const [query, min] of [
      ['entry_state=returned', 1],
      ['entry_state=draft', 1],
      ['entry_state=submitted', 1],
      ['late=true', 10],
      ['loss=true', 10],
      ['article_141=true', 5],
      ['checks_passed=false', 10],
    ] as const) {
      const got = await rows(analyst, `origin=demo&${query}&per_page=5`);
      expect(got.total, query).toBeGreaterThanOrEqual(min);
    }
    const a141 = await rows(analyst, 'article_141=true&per_page=20');
    expect(a141.data.every((r) => r.article_141 === true)).toBe(true);
    const failed = await rows(analyst, 'checks_passed=false&per_page=50');
    expect(failed.data.every((r) => r.entry_state === 'draft' || r.entry_state === 'not_started')).toBe(true);
  });

  it('sorts by the declared keys and refuses others in Persian', async () => {
    const byRevenue = await rows(analyst, 'sortBy=revenue&descending=true&per_page=5&origin=codal');
    const revenues = byRevenue.data.map((r) => Number(r.revenue));
    expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
    const bad = await analyst.get(`${LIST}?sortBy=items`);
    expect(bad.status).toBe(422);
  });

  it('one statement: its company’s years side by side, the checks, the moves, what the role may do', async () => {
    const [row] = (
      await rows(analyst, `origin=codal&fiscal_year=1402&period_months=12&q=${encodeURIComponent('کاوه')}`)
    ).data;
    const res = await analyst.get(`${LIST}/${row!.id}`);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.company.ticker).toBe('کاوه');
    expect(d.company.manufacturing).toBe(true);
    expect(d.statement.items.net_profit).toBe(65167514);
    expect(d.columns.map((c: { fiscal_year: number }) => c.fiscal_year)).toContain(1386);
    expect(d.checks.filter((c: { status: string }) => c.status === 'failed')).toEqual([]);
    expect(d.moves.map((m: { to: string }) => m.to)).toEqual(['draft', 'submitted', 'reviewed']);
    expect(d.moves[0].by_name).toBe('سارا محمدی');
    // reviewed: the analyst (a preparer) may do nothing more; the auditor may return it
    expect(d.allowed_moves).toEqual([]);
    expect((await auditor.get(`${LIST}/${row!.id}`)).body.data.allowed_moves).toEqual(['RETURN']);
    expect((await analyst.get(`${LIST}/999999`)).status).toBe(404);
  });

  it('submit, review and return follow the statechart and the roles, each move on the record', async () => {
    const [draft] = (await rows(analyst, 'entry_state=draft&checks_passed=true&per_page=1')).data;
    const path = `${LIST}/${draft!.id}`;
    // the reviewer may not submit, the preparer may not review
    expect((await auditor.post(`${path}/submit`, {})).status).toBe(403);
    expect((await analyst.post(`${path}/review`, {})).status).toBe(403);
    // a draft cannot be reviewed before it is submitted (409, Persian, nothing written)
    const early = await auditor.post(`${path}/review`, {});
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('ارسال‌شده');
    expect((await analyst.post(`${path}/submit`, {})).status).toBe(200);
    // a return needs its note
    const noNote = await auditor.post(`${path}/return`, { json: { note: '   ' } });
    expect(noNote.status).toBe(422);
    expect(noNote.body.errors.note[0]).toBe('علت برگشت را بنویسید');
    const back = await auditor.post(`${path}/return`, {
      json: { note: 'سود انباشته با صورت سود و زیان نمی‌خواند' },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const d = (await analyst.get(path)).body.data;
    expect(d.statement.entry_state).toBe('returned');
    expect(d.statement.filed_at).not.toBeNull();
    expect(d.moves.slice(-2).map((m: { to: string; note: string | null }) => [m.to, m.note])).toEqual([
      ['submitted', null],
      ['returned', 'سود انباشته با صورت سود و زیان نمی‌خواند'],
    ]);
    // a returned statement is saved as a draft before it is submitted again
    expect((await analyst.post(`${path}/submit`, {})).status).toBe(409);
    const audits = await t.db.execute(
      sql`SELECT action FROM audit_log WHERE entity = 'financial_statement' AND entity_id = ${String(draft!.id)} ORDER BY id`,
    );
    expect(((audits as { rows: { action: string }[] }).rows ?? []).map((a) => a.action)).toEqual([
      'submit',
      'return',
    ]);
  });

  it('a role without the statements permission sees none of it', async () => {
    expect((await viewer.get(`${LIST}?per_page=1`)).status).toBe(403);
  });

  it('the entry-state matrix: companies × years, filtered by state, industry and range', async () => {
    const M = '/api/performance/financial-statements-entry-state';
    const page = await auditor.get(`${M}?from_year=1400&to_year=1404&per_page=50`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const first = page.body.data.data[0];
    expect(Object.keys(first).sort()).toEqual([
      'cells',
      'company',
      'id',
      'industry',
      'ownership_type',
      'state_class',
      'ticker',
    ]);
    const withCells = page.body.data.data.find((r: { cells: object }) => Object.keys(r.cells).length > 0);
    for (const [year, cell] of Object.entries(
      withCells.cells as Record<string, { state: string; id: number }>,
    )) {
      expect(Number(year)).toBeGreaterThanOrEqual(1400);
      expect(Number(year)).toBeLessThanOrEqual(1404);
      expect(cell.state).toMatch(/^(not_started|draft|submitted|reviewed|returned)$/);
    }
    const returned = await auditor.get(`${M}?from_year=1400&to_year=1404&entry_state=returned&per_page=200`);
    expect(returned.body.data.total).toBeGreaterThan(0);
    for (const r of returned.body.data.data)
      expect(
        Object.values(r.cells as Record<string, { state: string }>).some((c) => c.state === 'returned'),
      ).toBe(true);
    const missing = await auditor.get(`${M}?from_year=1400&to_year=1404&entry_state=missing&per_page=200`);
    for (const r of missing.body.data.data) expect(Object.keys(r.cells).length).toBeLessThan(5);
    expect((await auditor.get(`${M}?from_year=1404&to_year=1400`)).status).toBe(422);
    expect((await auditor.get(`${M}?from_year=1380&to_year=1404`)).status).toBe(422);
    expect((await auditor.get(`${M}?from_year=1400`)).status).toBe(422);
    expect((await viewer.get(`${M}?from_year=1400&to_year=1404`)).status).toBe(403);
  });

  it('bulk return from the matrix moves every chosen company’s statement of the year, audited, and undo restores it', async () => {
    const M = '/api/performance/financial-statements-entry-state';
    const submitted = await auditor.get(`${M}?from_year=1404&to_year=1404&entry_state=submitted&per_page=3`);
    const companies = submitted.body.data.data.map((r: { id: number }) => r.id);
    expect(companies.length).toBe(3);
    const before = submitted.body.data.data.map(
      (r: { cells: Record<string, { id: number }> }) => r.cells['1404']!.id,
    );
    // the preparer may not; a return needs its note
    expect(
      (await analyst.post(`${LIST}/bulk/return`, { json: { ids: companies, fiscal_year: 1404, note: 'x' } }))
        .status,
    ).toBe(403);
    expect(
      (await auditor.post(`${LIST}/bulk/return`, { json: { ids: companies, fiscal_year: 1404 } })).status,
    ).toBe(422);
    const res = await auditor.post(`${LIST}/bulk/return`, {
      json: { ids: companies, fiscal_year: 1404, note: 'یادداشت‌های پیوست ناقص است' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.moved).toBe(3);
    expect(res.body.data.operation.action).toBe('return');
    for (const id of before)
      expect((await auditor.get(`${LIST}/${id}`)).body.data.statement.entry_state).toBe('returned');
    // nothing of that year is submitted any more among them: a second call is refused and writes nothing
    expect(
      (await auditor.post(`${LIST}/bulk/review`, { json: { ids: companies, fiscal_year: 1404 } })).status,
    ).toBe(422);
    const undo = await auditor.post(`/api/bulk-operations/${res.body.data.operation.id}/undo`);
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    for (const id of before) {
      const d = (await auditor.get(`${LIST}/${id}`)).body.data;
      expect(d.statement.entry_state).toBe('submitted');
      expect(d.moves.at(-1).to).toBe('submitted');
    }
    expect((await auditor.post(`/api/bulk-operations/${res.body.data.operation.id}/undo`)).status).toBe(409);
    // "all matching": every company the matrix query matches
    const all = await auditor.post(`${LIST}/bulk/review`, {
      json: {
        all: {
          from_year: 1404,
          to_year: 1404,
          entry_state: 'submitted',
          q: submitted.body.data.data[0].company,
        },
        fiscal_year: 1404,
      },
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data.moved).toBeGreaterThanOrEqual(1);
  });

  it('bulk moves take statements chosen cell by cell, of any years; a chosen cell in another state is skipped', async () => {
    const M = '/api/performance/financial-statements-entry-state';
    const page = await auditor.get(`${M}?from_year=1402&to_year=1404&entry_state=submitted&per_page=50`);
    type Cells = Record<string, { id: number; state: string }>;
    const cells = (page.body.data.data as { cells: Cells }[]).flatMap((r) => Object.values(r.cells));
    const submitted = cells.filter((c) => c.state === 'submitted').slice(0, 2);
    const other = cells.find((c) => c.state !== 'submitted' && c.state !== 'reviewed')!;
    expect(submitted.length).toBe(2);
    const ids = [...submitted.map((c) => c.id), other.id];
    const res = await auditor.post(`${LIST}/bulk/review`, { json: { statement_ids: ids } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ moved: 2, skipped: 1 });
    for (const c of submitted)
      expect((await auditor.get(`${LIST}/${c.id}`)).body.data.statement.entry_state).toBe('reviewed');
    expect((await auditor.post(`/api/bulk-operations/${res.body.data.operation.id}/undo`)).status).toBe(200);
    for (const c of submitted)
      expect((await auditor.get(`${LIST}/${c.id}`)).body.data.statement.entry_state).toBe('submitted');
    // one target only; a company choice still needs its year
    expect(
      (
        await auditor.post(`${LIST}/bulk/review`, {
          json: { statement_ids: ids, ids: [1], fiscal_year: 1404 },
        })
      ).status,
    ).toBe(422);
    const noYear = await auditor.post(`${LIST}/bulk/review`, { json: { ids: [1] } });
    expect(noYear.status).toBe(422);
    expect(noYear.body.errors.fiscal_year).toBeDefined();
  });

  it('the evaluation calls answer per company and year, and for a filtered set, with the items they read', async () => {
    const [kaveh] = (
      await rows(analyst, `origin=codal&fiscal_year=1402&period_months=12&q=${encodeURIComponent('کاوه')}`)
    ).data;
    const one = `legal_person_id=${kaveh!.legal_person_id}&fiscal_year=1402&period_months=12`;
    const margin = await analyst.get(`/api/performance/evaluation/marginal-profit?${one}`);
    expect(margin.status, JSON.stringify(margin.body)).toBe(200);
    expect(margin.body.data.total).toBe(1);
    const row = margin.body.data.data[0];
    expect(row.inputs).toEqual({ net_profit: 65167514, revenue: 333941576 });
    expect(row.result.value).toBeCloseTo(65167514 / 333941576, 12);
    // a listed steel maker: the original Z, which needs the market value the statements lack
    const z = (await analyst.get(`/api/performance/evaluation/z-altman?${one}`)).body.data.data[0];
    expect(z.result).toEqual({ ok: false, missing: ['market_value_of_equity'], reason: 'missing' });
    const all = (await analyst.get(`/api/performance/evaluation?${one}`)).body.data.data[0];
    expect(all.z_variant).toBe('z');
    expect(all.z_double_prime.value.value).toBeCloseTo(3.196, 3);
    expect(all.article_141.value.reached).toBe(false);
    // in bulk: every statement under article 141 is flagged by the calculation too
    const a141 = await analyst.get('/api/performance/evaluation/article-141?article_141=true&per_page=100');
    expect(a141.body.data.total).toBeGreaterThan(0);
    for (const r of a141.body.data.data) expect(r.result.value.reached).toBe(true);
    // a role without «performance» is refused; a filter the list does not offer is a Persian 422
    expect((await viewer.get('/api/performance/evaluation/return-on-equity')).status).toBe(403);
    const bad = await analyst.get(
      '/api/performance/evaluation/return-on-equity?advanceFilter=[{"field":"items","op":"eq","value":1}]',
    );
    expect(bad.status).toBe(422);
  });

  it('the evaluation export writes every statement of the filter with its ratios, Z and article 141', async () => {
    const year = await rows(analyst, 'fiscal_year=1402&per_page=1');
    const res = await analyst.get('/api/performance/evaluation/export?format=csv&fiscal_year=1402');
    expect(res.status).toBe(200);
    expect(String(res.headers.get('content-disposition'))).toContain('evaluation-');
    const lines = parse(String(res.body), { bom: true, columns: true }) as Record<string, string>[];
    expect(lines.length).toBe(year.total);
    // کاوه's 1402 row carries the figures the per-statement call computes
    const kaveh = lines.find((l) => l.نماد === 'کاوه' && l['دوره (ماه)'] === '12')!;
    expect(Number(kaveh['حاشیه سود خالص'])).toBeCloseTo(65167514 / 333941576, 4);
    expect(Number(kaveh['″Z'])).toBeCloseTo(3.196, 3);
    expect(kaveh['امتیاز Z']).toContain('نامعلوم');
    expect(kaveh['مشمول ماده ۱۴۱']).toBe('خیر');
    // the list's filters apply: under article 141 only
    const a141 = await analyst.get('/api/performance/evaluation/export?format=csv&article_141=true');
    const flagged = parse(String(a141.body), { bom: true, columns: true }) as Record<string, string>[];
    expect(flagged.length).toBe((await rows(analyst, 'article_141=true&per_page=1')).total);
    expect(flagged.every((l) => l['مشمول ماده ۱۴۱'] === 'بله')).toBe(true);
    expect((await analyst.get('/api/performance/evaluation/export?format=pdf')).status).toBe(422);
    expect((await viewer.get('/api/performance/evaluation/export')).status).toBe(403);
  });

  it('entry: a new statement, saved as a draft with its checks, submitted once they pass; bad input changes nothing', async () => {
    const company = (await rows(analyst, 'origin=demo&per_page=1')).data[0]!.legal_person_id as number;
    const created = await analyst.post(LIST, {
      json: { legal_person_id: company, fiscal_year: 1405, period_months: 6 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id;
    const again = await analyst.post(LIST, {
      json: { legal_person_id: company, fiscal_year: 1405, period_months: 6 },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.fiscal_year[0]).toContain('پیش‌تر ثبت شده');
    expect(
      (await auditor.post(LIST, { json: { legal_person_id: company, fiscal_year: 1405, period_months: 3 } }))
        .status,
    ).toBe(403);
    const view = (await analyst.get(`${LIST}/${id}`)).body.data;
    expect(view.statement.entry_state).toBe('not_started');
    expect(view.statement.period_end).toBe('2026-09-22'); // 1405/06/31
    expect(view.allowed_moves).toEqual(['SAVE_DRAFT']);
    const put = (body: unknown) => analyst.request('PUT', `${LIST}/${id}/items`, { json: body });
    // a code not in the chart, an amount out of range, a fraction: 422, nothing written
    expect(
      (await put({ version: 1, items: { goodwill_x: 5 } })).body.errors['items.goodwill_x'],
    ).toBeDefined();
    expect((await put({ version: 1, items: { cash: 1e16 } })).status).toBe(422);
    expect((await put({ version: 1, items: { cash: 1.5 } })).status).toBe(422);
    expect((await analyst.get(`${LIST}/${id}`)).body.data.statement.version).toBe(1);
    // assets 100 ≠ liabilities 60 + equity 30: saved as a draft, its checks failed, not submittable
    const unbalanced = {
      total_assets: 100,
      current_assets: 70,
      cash: 20,
      receivables: 30,
      inventory: 10,
      fixed_assets: 30,
      non_current_assets: 30,
      current_liabilities: 40,
      non_current_liabilities: 20,
      total_liabilities: 60,
      capital: 20,
      retained_earnings: 10,
      total_equity: 30,
      revenue: 200,
      cost_of_revenue: -150,
      gross_profit: 50,
      operating_expenses: -20,
      other_operating: 0,
      operating_profit: 30,
    };
    const first = await put({ version: 1, items: unbalanced });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ entry_state: 'draft', checks_passed: false, version: 2 });
    expect(first.body.data.checks.find((c: { id: string }) => c.id === 'balance').status).toBe('failed');
    expect((await analyst.post(`${LIST}/${id}/submit`)).status).toBe(409);
    // a stale version is refused
    expect((await put({ version: 1, items: unbalanced })).status).toBe(409);
    const fixed = await put({
      version: 2,
      items: { ...unbalanced, total_equity: 40, retained_earnings: 20 },
    });
    expect(fixed.body.data).toMatchObject({ entry_state: 'draft', checks_passed: true, version: 3 });
    expect((await analyst.post(`${LIST}/${id}/submit`)).status).toBe(200);
    // submitted figures cannot change
    expect((await put({ version: 4, items: { cash: 21 } })).status).toBe(409);
    const d = (await analyst.get(`${LIST}/${id}`)).body.data;
    expect(d.statement.items.total_equity).toBe(40);
    expect(d.moves.map((m: { to: string }) => m.to)).toEqual(['draft', 'draft', 'submitted']);
  });

  it('article 141 is a filter of the legal persons list: the latest annual statement’s verdict', async () => {
    const listed = await analyst.get('/api/person/legal-persons?article_141=true&per_page=100');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.data.total).toBeGreaterThan(0);
    for (const c of listed.body.data.data.slice(0, 5)) {
      const latest = (
        await rows(
          analyst,
          `legal_person_id=${c.id}&period_months=12&sortBy=fiscal_year&descending=true&per_page=10`,
        )
      ).data.find((r) => r.article_141 !== null);
      expect(latest?.article_141, String(c.id)).toBe(true);
    }
    const not = await analyst.get('/api/person/legal-persons?article_141=false&per_page=1');
    expect(not.body.data.total).toBeGreaterThan(listed.body.data.total);
    // the same companies in the entry-state matrix (the same filter, the same SQL)
    const matrix = await analyst.get(
      '/api/performance/financial-statements-entry-state?from_year=1400&to_year=1404&article_141=true&per_page=500',
    );
    expect(matrix.status, JSON.stringify(matrix.body)).toBe(200);
    // statements are kept for companies and holdings only, so the two lists hold the same companies
    expect(matrix.body.data.total).toBe(listed.body.data.total);
    // the rating: the rated year's own verdict
    const rated = await analyst.get(
      '/api/performance/evaluation/rating-company?fiscal_year=1403&article_141=true',
    );
    expect(rated.status, JSON.stringify(rated.body)).toBe(200);
    expect(rated.body.data.total).toBe(
      (await rows(analyst, 'fiscal_year=1403&period_months=12&article_141=true&per_page=1')).total,
    );
  });
});
