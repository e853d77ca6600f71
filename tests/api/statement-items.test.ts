import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, type TestApp } from '../support/auth.ts';

/**
 * The chart of line items as staff manage it (issue 16: "a managed chart of items … that staff can
 * extend"): builtin items keep their structure, new items are offered by the statements at once,
 * codes never change, and an item in use is deactivated, not deleted.
 */

let t: TestApp;
let analyst: ApiClient;
let auditor: ApiClient;
let viewer: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.42.0.1');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.42.0.2');
  viewer = await clientAs(t, 'analyst', 'viewer', '10.42.0.3');
});
afterAll(() => t.dispose());

const BASE = '/api/performance/statement-items';
type Item = {
  id: number;
  code: string;
  name_fa: string;
  statement_kind: string;
  parent_id: number | null;
  sign: string;
  builtin: boolean;
  active: boolean;
  is_total: boolean;
  unit: string;
  position: number;
};
const chart = async (c: ApiClient) => {
  const res = await c.get(BASE);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Item[];
};
const body = (i: Item, change: Partial<Item> = {}) => {
  const { id: _id, builtin: _b, ...rest } = { ...i, ...change } as Item & { parent?: unknown };
  delete (rest as { parent?: unknown }).parent;
  return rest;
};

describe('the chart of line items', () => {
  it('is read whole by whoever sees statements, builtin items first in layout order', async () => {
    const items = await chart(auditor);
    const revenue = items.find((i) => i.code === 'revenue')!;
    expect(revenue).toMatchObject({ builtin: true, statement_kind: 'income_statement', active: true });
    expect(items.find((i) => i.code === 'total_assets')!.is_total).toBe(true);
    expect((await viewer.get(BASE)).status).toBe(403);
  });

  it('staff add an item under a total; the statements offer it at once; codes and builtin structure do not change', async () => {
    const items = await chart(analyst);
    const current = items.find((i) => i.code === 'current_assets')!;
    const revenue = items.find((i) => i.code === 'revenue')!;
    const fresh = {
      code: 'prepaid_taxes',
      name_fa: 'پیش‌پرداخت مالیات',
      statement_kind: 'balance_sheet',
      parent_id: current.id,
      sign: '1',
      unit: 'million_irr',
      is_total: false,
      active: true,
      position: current.position + 1,
    };
    // a write needs performance.manage: the auditor only reads
    expect((await auditor.post(BASE, { json: fresh })).status).toBe(403);
    const made = await analyst.post(BASE, { json: fresh });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const item = made.body.data as Item & { parent: string };
    expect(item).toMatchObject({
      code: 'prepaid_taxes',
      builtin: false,
      parent_id: current.id,
      parent: current.name_fa,
    });
    // the statement view's chart (entry form, checks) has it
    const list = await analyst.get('/api/performance/financial-statements?per_page=1');
    const detail = await analyst.get(`/api/performance/financial-statements/${list.body.data.data[0].id}`);
    expect(detail.body.data.chart.some((c: { code: string }) => c.code === 'prepaid_taxes')).toBe(true);

    // bad input: 422, nothing written
    const dup = await analyst.post(BASE, { json: { ...fresh, name_fa: 'دیگر' } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.code[0]).toContain('prepaid_taxes');
    const latin = await analyst.post(BASE, { json: { ...fresh, code: 'Prepaid-Taxes' } });
    expect(latin.status).toBe(422);
    expect(latin.body.errors.code).toBeDefined();
    const otherKind = await analyst.post(BASE, {
      json: { ...fresh, code: 'x_other', parent_id: revenue.id },
    });
    expect(otherKind.status).toBe(422);
    expect(otherKind.body.errors.parent_id[0]).toContain('همان صورت');
    expect((await chart(analyst)).filter((i) => i.code === 'x_other' || i.code === 'prepaid_taxes2')).toEqual(
      [],
    );

    // a code never changes; a builtin keeps its sign and parent but may be renamed
    const renamedCode = await analyst.request('PUT', `${BASE}/${item.id}`, {
      json: { ...fresh, code: 'prepaid_tax' },
    });
    expect(renamedCode.status).toBe(422);
    const sign = await analyst.request('PUT', `${BASE}/${revenue.id}`, {
      json: body(revenue, { sign: '-1' }),
    });
    expect(sign.status).toBe(422);
    expect(sign.body.errors.sign[0]).toContain('اقلام پایه');
    const renamed = await analyst.request('PUT', `${BASE}/${revenue.id}`, {
      json: body(revenue, { name_fa: 'درآمدهای عملیاتی (فروش)' }),
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.name_fa).toBe('درآمدهای عملیاتی (فروش)');
    // an item under itself is a cycle
    const cycle = await analyst.request('PUT', `${BASE}/${current.id}`, {
      json: body(current, { parent_id: item.id }),
    });
    expect(cycle.status).toBe(422);

    // delete: builtin and in-use items are refused (409), a new unused one goes
    const builtinDelete = await analyst.request('DELETE', `${BASE}/${revenue.id}`);
    expect(builtinDelete.status).toBe(409);
    const gone = await analyst.request('DELETE', `${BASE}/${item.id}`);
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect((await chart(analyst)).some((i) => i.code === 'prepaid_taxes')).toBe(false);
  });
});
