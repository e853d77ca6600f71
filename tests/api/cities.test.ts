import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cities } from '../../src/server/db/schema/index.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, type TestApp } from '../support/auth.ts';

/**
 * The cities (contract/cities.ts, an entity described once): the list's filters, sorts and search
 * come from the description, the rename runs through the mutation wrapper (one transaction, one
 * audit row), and what the description does not offer is refused.
 */

let t: TestApp;
let admin: ApiClient;
let viewer: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await clientAs(t, 'admin', 'super_admin', '10.31.0.1');
  viewer = await clientAs(t, 'analyst', 'viewer', '10.31.0.2');
});
afterAll(() => t.dispose());

const list = (c: ApiClient, query: string) => c.get(`/api/management/cities?${query}`);

describe('cities', () => {
  it('lists the 1,354 cities by name, 50 a page, with their county, province and code', async () => {
    const res = await list(admin, 'per_page=50');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1354);
    expect(res.body.data.data).toHaveLength(50);
    // the default order is the name's (as the database collates it)
    const names = res.body.data.data.map((r: { name: string }) => r.name);
    const byName = (await list(admin, 'sortBy=name&per_page=50')).body.data.data.map(
      (r: { name: string }) => r.name,
    );
    expect(names).toEqual(byName);
    const desc = (await list(admin, 'sortBy=name&descending=true&per_page=1')).body.data.data[0].name;
    expect(desc).not.toBe(names[0]);
    expect(res.body.data.data[0]).toEqual({
      id: expect.any(Number),
      name: expect.any(String),
      county: expect.any(String),
      province_id: expect.any(Number),
      province: expect.any(String),
      code: expect.stringMatching(/^\d+$/),
    });
  });

  it('filters by province (one or several), searches, and sorts by the declared keys only', async () => {
    const provinces = (await admin.get('/api/provinces')).body.data as { id: number; name: string }[];
    expect(provinces).toHaveLength(31);
    const tehran = provinces.find((p) => p.name === 'تهران')!;
    const inTehran = await list(admin, `province_id=${tehran.id}&per_page=200`);
    expect(inTehran.status).toBe(200);
    expect(inTehran.body.data.total).toBeGreaterThan(10);
    expect(new Set(inTehran.body.data.data.map((r: { province: string }) => r.province))).toEqual(
      new Set(['تهران']),
    );
    const two = provinces.slice(0, 2).map((p) => p.id);
    const af = JSON.stringify([{ field: 'province_id', op: 'in', value: two }]);
    const both = await list(admin, `advanceFilter=${encodeURIComponent(af)}&per_page=500`);
    expect(new Set(both.body.data.data.map((r: { province_id: number }) => r.province_id))).toEqual(
      new Set(two),
    );
    const q = await list(admin, `q=${encodeURIComponent('كهريزك')}`);
    expect(q.body.data.data.map((r: { name: string }) => r.name)).toEqual(['کهریزک']);
    const byCodeQ = await list(admin, 'q=2303032488');
    expect(byCodeQ.body.data.data.map((r: { code: string }) => r.code)).toEqual(['2303032488']);
    const byCode = await list(admin, 'sortBy=code&descending=true&per_page=5');
    const codes = byCode.body.data.data.map((r: { code: string }) => r.code);
    expect(codes).toEqual([...codes].sort().reverse());
    // not a sort key, not a filter, not an operator the description offers: 422, in Persian
    expect((await list(admin, 'sortBy=lat')).status).toBe(422);
    const gte = JSON.stringify([{ field: 'county', op: 'gte', value: 'a' }]);
    const refused = await list(admin, `advanceFilter=${encodeURIComponent(gte)}`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/[\u0600-\u06FF]/);
  });

  it('renames a city in one transaction with its audit row, and refuses a bad name without writing', async () => {
    const [city] = await t.db.select().from(cities).where(eq(cities.name, 'ورامین'));
    expect(city).toBeDefined();
    const renamed = await admin.request('PUT', `/api/management/cities/${city!.id}`, {
      json: { name: ' ورامين ' },
      headers: { 'x-page-path': '/management/cities' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: city!.id, name: 'ورامین', county: city!.county });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'city'), eq(auditLog.entityId, String(city!.id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'update',
      before: { name: 'ورامین' },
      after: { name: 'ورامین' },
    });

    const empty = await admin.request('PUT', `/api/management/cities/${city!.id}`, { json: { name: '  ' } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.name[0]).toMatch(/نام شهر/);
    const long = await admin.request('PUT', `/api/management/cities/${city!.id}`, {
      json: { name: 'ا'.repeat(61) },
    });
    expect(long.status).toBe(422);
    expect(
      (await admin.request('PUT', '/api/management/cities/999999', { json: { name: 'x' } })).status,
    ).toBe(404);
    const after = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'city'));
    expect(after).toHaveLength(1);
  });

  it('is the management.system permission’s: a viewer may neither list nor rename', async () => {
    expect((await list(viewer, '')).status).toBe(403);
    expect((await viewer.request('PUT', '/api/management/cities/1', { json: { name: 'x' } })).status).toBe(
      403,
    );
    expect((await viewer.get('/api/provinces')).status).toBe(200);
  });
});
