import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/http/list.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, type TestApp } from '../support/auth.ts';

/**
 * The evaluation's configuration (issue 16): measures, formulas, performance items and grade
 * bands — CRUD with the server's own checks (a formula that does not parse, a source that does not
 * exist, a band set that breaks the rules, a measure or formula in use), the formula preview on
 * کاوه's real statements, a measure's values read and saved all or nothing, and who may do what
 * (analyst manages, auditor reads, viewer neither).
 */

let t: TestApp;
let analyst: ApiClient;
let auditor: ApiClient;
let viewer: ApiClient;
let kaveh: number;
beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.42.0.1');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.42.0.2');
  viewer = await clientAs(t, 'analyst', 'viewer', '10.42.0.3');
  const res = await analyst.get(
    `/api/performance/financial-statements?q=${encodeURIComponent('کاوه')}&origin=codal&fiscal_year=1402&period_months=12`,
  );
  kaveh = res.body.data.data[0].legal_person_id;
});
afterAll(() => t.dispose());

const M = '/api/performance/measures';
const F = '/api/performance/formulas';
const I = '/api/performance/items';
const B = '/api/performance/rating-bands';
const put = (c: ApiClient, path: string, json: unknown) => c.request('PUT', path, { json });
const del = (c: ApiClient, path: string) => c.request('DELETE', path);
const audits = (entity: string, id: number) =>
  queryRows<{ action: string }>(
    t.db,
    sql`SELECT action FROM audit_log WHERE entity = ${entity} AND entity_id = ${String(id)} ORDER BY id`,
  );

describe('measures', () => {
  it('lists the seeded measures with their uses and values; creates, edits and deletes one, audited', async () => {
    const list = await analyst.get(M);
    expect(list.status).toBe(200);
    const board = list.body.data.find((m: { code: string }) => m.code === 'board_independence');
    expect(board.uses).toBeGreaterThanOrEqual(1);
    expect(board.value_count).toBeGreaterThan(0);

    const made = await analyst.post(M, {
      json: {
        code: 'staff_training',
        name_fa: 'آموزش کارکنان',
        unit_fa: 'ساعت به ازای هر نفر',
        description: null,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id as number;
    expect(made.body.data).toMatchObject({ code: 'staff_training', uses: 0, value_count: 0 });

    const dup = await analyst.post(M, { json: { code: 'staff_training', name_fa: 'دیگر' } });
    expect(dup.status).toBe(422);
    expect(isPersian(dup.body.errors.code[0])).toBe(true);
    const bad = await analyst.post(M, { json: { code: 'Staff-Training', name_fa: 'آموزش' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.code[0]).toContain('لاتین');

    const edited = await put(analyst, `${M}/${id}`, {
      code: 'staff_training_hours',
      name_fa: 'ساعت آموزش کارکنان',
      unit_fa: 'ساعت',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.code).toBe('staff_training_hours');
    expect((await del(analyst, `${M}/${id}`)).status).toBe(200);
    expect((await audits('performance_measure', id)).map((a) => a.action)).toEqual([
      'create',
      'update',
      'delete',
    ]);
  });

  it('refuses to delete or rename a measure formulas and items read (409 / 422 naming them)', async () => {
    const list = (await analyst.get(M)).body.data as { id: number; code: string }[];
    const board = list.find((m) => m.code === 'board_independence')!;
    const refused = await del(analyst, `${M}/${board.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('استقلال هیئت‌مدیره');
    expect(refused.body.message).toContain('شاخص‌های');
    const renamed = await put(analyst, `${M}/${board.id}`, { code: 'board_indep', name_fa: 'استقلال' });
    expect(renamed.status).toBe(422);
    expect(renamed.body.errors.code[0]).toContain('board_independence');
  });

  it('reads a measure’s values for a year and saves them all or nothing', async () => {
    const list = (await analyst.get(M)).body.data as { id: number; code: string }[];
    const board = list.find((m) => m.code === 'board_independence')!;
    const page = await analyst.get(
      `${M}/${board.id}/values?fiscal_year=1402&q=${encodeURIComponent('کاوه')}`,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const row = page.body.data.data.find((r: { legal_person_id: number }) => r.legal_person_id === kaveh);
    expect(row).toMatchObject({ fiscal_year: 1402, has_statement: true });

    const bad = await put(analyst, `${M}/${board.id}/values`, {
      values: [
        { legal_person_id: kaveh, fiscal_year: 1402, value: 0.4 },
        { legal_person_id: kaveh, fiscal_year: 1401, value: 'بسیار' },
      ],
    });
    expect(bad.status).toBe(422);
    expect(Object.values(bad.body.errors).flat().join(' ')).toContain('عدد نیست');
    const unchanged = await analyst.get(
      `${M}/${board.id}/values?fiscal_year=1402&q=${encodeURIComponent('کاوه')}`,
    );
    expect(
      unchanged.body.data.data.find((r: { legal_person_id: number }) => r.legal_person_id === kaveh).value,
    ).toBe(row.value);

    const ok = await put(analyst, `${M}/${board.id}/values`, {
      values: [
        { legal_person_id: kaveh, fiscal_year: 1402, value: '۰٫۴۵' },
        { legal_person_id: kaveh, fiscal_year: 1390, value: null },
      ],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.saved).toBe(1);
    const after = await analyst.get(
      `${M}/${board.id}/values?fiscal_year=1402&q=${encodeURIComponent('کاوه')}`,
    );
    const saved = after.body.data.data.find((r: { legal_person_id: number }) => r.legal_person_id === kaveh);
    expect(saved).toMatchObject({ value: 0.45, origin: 'entered' });
    expect((await audits('performance_measure_values', board.id)).length).toBe(1);

    expect((await put(auditor, `${M}/${board.id}/values`, { values: [] })).status).toBe(403);
  });
});

describe('formulas', () => {
  it('creates a formula that parses; refuses one that does not with the Persian errors under text', async () => {
    const refused = await analyst.post(F, {
      json: { code: 'cash_ratio', name_fa: 'نسبت وجه نقد', text: 'cash / current_liabilitys' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.text[0]).toContain('current_liabilitys');
    const before = (await analyst.get(F)).body.data.length;

    const made = await analyst.post(F, {
      json: { code: 'cash_ratio', name_fa: 'نسبت وجه نقد', text: 'cash / current_liabilities' },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({ valid: true, errors: '', uses: 0 });
    expect((await analyst.get(F)).body.data.length).toBe(before + 1);
    expect((await del(analyst, `${F}/${made.body.data.id}`)).status).toBe(200);
  });

  it('refuses to delete a formula an item reads (409 naming the item)', async () => {
    const roa = ((await analyst.get(F)).body.data as { id: number; code: string }[]).find(
      (f) => f.code === 'roa',
    )!;
    const refused = await del(analyst, `${F}/${roa.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('بازده دارایی‌ها');
  });

  it('previews a formula on کاوه’s 1402 annual statement, with its inputs', async () => {
    const res = await analyst.post(`${F}/preview`, {
      json: { text: 'net_profit / total_assets * 100', legal_person_id: kaveh, fiscal_year: 1402 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body.data;
    expect(p.ok).toBe(true);
    const byCode = Object.fromEntries(p.references.map((r: { code: string; value: number }) => [r.code, r]));
    expect(byCode.net_profit.name_fa).toBeTruthy();
    expect(byCode.total_assets.unit).toBe('million_irr');
    expect(p.result.ok).toBe(true);
    expect(p.result.value).toBeCloseTo((byCode.net_profit.value / byCode.total_assets.value) * 100, 9);
    expect(p.statement_id).toBeGreaterThan(0);

    const withMeasure = await analyst.post(`${F}/preview`, {
      json: { text: 'measure.board_independence * 2', legal_person_id: kaveh, fiscal_year: 1402 },
    });
    expect(withMeasure.body.data.references[0]).toMatchObject({
      kind: 'measure',
      name_fa: 'استقلال هیئت‌مدیره',
    });

    // a year without a statement: not computable naming the items, not an error
    const none = await analyst.post(`${F}/preview`, {
      json: { text: 'net_profit / total_assets', legal_person_id: kaveh, fiscal_year: 1320 },
    });
    expect(none.status).toBe(200);
    expect(none.body.data.result).toEqual({
      ok: false,
      reason: 'missing',
      missing: ['item.net_profit', 'item.total_assets'],
    });
    expect(none.body.data.statement_id).toBeNull();

    // the text alone: parsed, no value
    const bare = await auditor.post(`${F}/preview`, { json: { text: 'revenue' } });
    expect(bare.body.data).toMatchObject({ ok: true, result: null });
  });

  it('a preview of a text that does not parse is 200 with the Persian errors; an unknown company 404', async () => {
    const res = await analyst.post(`${F}/preview`, {
      json: { text: 'net_profit / foo', legal_person_id: kaveh, fiscal_year: 1402 },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.ok).toBe(false);
    expect(res.body.data.errors[0].messageFa).toContain('foo');
    const syntax = await analyst.post(`${F}/preview`, { json: { text: '(revenue' } });
    expect(syntax.body.data.errors[0].messageFa).toContain('پرانتز');
    const gone = await analyst.post(`${F}/preview`, {
      json: { text: 'revenue', legal_person_id: 99_999_999, fiscal_year: 1402 },
    });
    expect(gone.status).toBe(404);
    expect(isPersian(gone.body.message)).toBe(true);
  });
});

describe('performance items', () => {
  it('creates an item over an existing source; refuses an unknown source and an empty scale', async () => {
    const body = {
      code: 'cash_item',
      name_fa: 'شاخص نقدینگی',
      dimension: 'economic',
      weight: '۲٫۵',
      source_kind: 'formula',
      source_code: 'no_such_formula',
      scale_min: '1',
      scale_max: '0',
      higher_is_better: true,
      position: 500,
    };
    const refused = await analyst.post(I, { json: body });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.source_code[0]).toContain('no_such_formula');
    expect(refused.body.errors.scale_max[0]).toBeTruthy();
    const zero = await analyst.post(I, { json: { ...body, weight: 0, source_code: 'roa', scale_max: 2 } });
    expect(zero.status).toBe(422);
    expect(zero.body.errors.weight[0]).toBeTruthy();

    const made = await analyst.post(I, {
      json: { ...body, source_code: 'roa', scale_min: 0, scale_max: 0.2 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({ weight: '2.5', scale_max: '0.2', dimension: 'economic' });
    expect((await del(analyst, `${I}/${made.body.data.id}`)).status).toBe(200);
  });
});

describe('grade bands', () => {
  it('keeps the set valid: a floor out of order, a lowest band above 0 or a duplicate grade is a 422', async () => {
    const bands = (await analyst.get(B)).body.data as {
      id: number;
      grade: string;
      label_fa: string;
      min_score: string;
    }[];
    expect(bands.map((b) => b.grade)).toEqual(['A', 'B', 'C', 'D', 'E']);
    const b = bands.find((x) => x.grade === 'B')!;
    const e = bands.find((x) => x.grade === 'E')!;
    const above = await put(analyst, `${B}/${b.id}`, { grade: 'B', label_fa: b.label_fa, min_score: 90 });
    expect(above.status).toBe(422);
    expect(isPersian(above.body.errors.min_score[0])).toBe(true);
    const lowest = await put(analyst, `${B}/${e.id}`, { grade: 'E', label_fa: e.label_fa, min_score: 5 });
    expect(lowest.status).toBe(422);
    expect(lowest.body.errors.min_score.join(' ')).toContain('صفر');
    expect((await del(analyst, `${B}/${e.id}`)).status).toBe(422);
    const dup = await analyst.post(B, { json: { grade: 'A', label_fa: 'دوباره', min_score: 95 } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.grade[0]).toBeTruthy();
    // nothing was written
    expect(((await analyst.get(B)).body.data as unknown[]).length).toBe(5);
    const ok = await put(analyst, `${B}/${b.id}`, { grade: 'B', label_fa: 'خوب', min_score: '۷۲' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.min_score).toBe('72');
  });
});

describe('who may', () => {
  it('the viewer reads none of it; the auditor reads but does not write', async () => {
    for (const path of [M, F, I, B]) {
      expect((await viewer.get(path)).status, path).toBe(403);
      expect((await auditor.get(path)).status, path).toBe(200);
    }
    expect((await viewer.post(`${F}/preview`, { json: { text: 'revenue' } })).status).toBe(403);
    const write = await auditor.post(M, { json: { code: 'auditor_measure', name_fa: 'سنجه حسابرس' } });
    expect(write.status).toBe(403);
    const bands = (await auditor.get(B)).body.data as { id: number }[];
    expect((await del(auditor, `${B}/${bands[0]!.id}`)).status).toBe(403);
  });
});
