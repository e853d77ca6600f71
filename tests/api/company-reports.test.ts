import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodalRow, MinutesRow, MonthlyReport } from '../../src/contract/company-reports.ts';
import type { ListPage } from '../../src/contract/list.ts';
import { auditLog, codalInfos, legalPersons, meetingMinutes } from '../../src/server/db/schema/index.ts';
import { queryRows } from '../../src/server/http/list.ts';
import type { ApiClient } from '../support/api-client.ts';
import { startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, type TestApp } from '../support/auth.ts';

/**
 * Company reports against the real app: for each per-company resource (product reports,
 * capacities, monthly reports) create → list → update → stale update (409) → duplicate key (422)
 * → bad input (422 per field, Persian) → delete, with audit rows on the company, 403 for a role
 * without edit, 404 for a deleted company; Codal and minutes lists with their filters, the
 * duplicate tracing number, and minutes CRUD.
 */

let t: TestApp;
let analyst: ApiClient;
let auditor: ApiClient;
let companyId: number;
let deletedId: number;

beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.41.0.1');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.41.0.2');
  // A company with no demo reports, and another soft-deleted one.
  const rows = await queryRows<{ id: number }>(
    t.db,
    sql`SELECT id FROM legal_persons WHERE kind = 'company' AND deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM product_reports p WHERE p.legal_person_id = legal_persons.id)
        ORDER BY id DESC LIMIT 2`,
  );
  companyId = rows[0]!.id;
  deletedId = rows[1]!.id;
  await t.db.update(legalPersons).set({ deletedAt: new Date() }).where(eq(legalPersons.id, deletedId));
});
afterAll(() => t.dispose());

const put = (c: ApiClient, path: string, init: { json: unknown }) => c.request('PUT', path, init);
const del = (c: ApiClient, path: string) => c.request('DELETE', path);

/** Audit rows on the company of `action` about a row of kind `record` (before/after `record`). */
const auditRows = (record: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'legal_person'),
        eq(auditLog.entityId, String(companyId)),
        eq(auditLog.action, action),
        sql`COALESCE(${auditLog.after}, ${auditLog.before})->>'record' = ${record}`,
      ),
    );

interface Case {
  segment: string;
  record: string;
  body: Record<string, unknown>;
  change: Record<string, unknown>;
  /** The computed field and its value for `body` after `change`. */
  computed?: [string, string];
  bad: [Record<string, unknown>, string][];
}

const CASES: Case[] = [
  {
    segment: 'product-reports',
    record: 'product_report',
    body: {
      product: 'كاتد مس',
      unit: 'تن',
      fiscal_year: '۱۴۰۳',
      period: 'annual',
      planned: '۱۲٬۰۰۰',
      produced: '9000',
      sold: '8500.5',
      sales_value: '1,250,000,000',
    },
    change: { produced: '10500' },
    computed: ['achievement', '0.8750'],
    bad: [
      [{ fiscal_year: 1299 }, 'fiscal_year'],
      [{ planned: '-5' }, 'planned'],
      [{ sales_value: '12.5' }, 'sales_value'],
      [{ period: 'weekly' }, 'period'],
      [{ product: '' }, 'product'],
    ],
  },
  {
    segment: 'production-capacities',
    record: 'production_capacity',
    body: {
      product: 'ورق فولادی',
      unit: 'تن',
      fiscal_year: 1403,
      nominal_capacity: '800',
      actual_production: '600',
    },
    change: { actual_production: '680' },
    computed: ['utilisation', '0.8500'],
    bad: [
      [{ fiscal_year: 1501 }, 'fiscal_year'],
      [{ nominal_capacity: '0' }, 'nominal_capacity'],
      [{ nominal_capacity: '' }, 'nominal_capacity'],
      [{ actual_production: 'abc' }, 'actual_production'],
    ],
  },
  {
    segment: 'monthly-performance-reports',
    record: 'monthly_performance_report',
    body: {
      year: 1404,
      month: 3,
      product: 'سیمان',
      unit: 'تن',
      production: '1000',
      sales_quantity: '900',
      sales_value: '450000000',
    },
    change: { sales_value: '500000000' },
    bad: [
      [{ month: 13 }, 'month'],
      [{ month: 0 }, 'month'],
      [{ year: 1200 }, 'year'],
      [{ sales_quantity: '-1' }, 'sales_quantity'],
    ],
  },
];

describe.each(CASES)('$segment', (c) => {
  const base = () => `/api/person/legal-persons/${companyId}/${c.segment}`;

  it('creates, lists, updates with the lock, refuses a duplicate key and deletes; audited on the company', async () => {
    const created = await analyst.post(base(), { json: c.body });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id, version } = created.body.data as { id: number; version: number };
    expect(version).toBe(1);

    const list = await auditor.get(base());
    expect(list.status).toBe(200);
    const row = (list.body.data.rows as Record<string, unknown>[]).find((r) => r.id === id)!;
    expect(row.product).toBe(String(c.body.product).replace('ك', 'ک'));
    expect(list.body.data.company.id).toBe(companyId);

    const updated = await put(analyst, `${base()}/${id}`, { json: { ...c.body, ...c.change, version } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.version).toBe(2);
    if (c.computed) {
      const again = await analyst.get(base());
      const r = (again.body.data.rows as Record<string, unknown>[]).find((x) => x.id === id)!;
      expect(r[c.computed[0]]).toBe(c.computed[1]);
    }

    const stale = await put(analyst, `${base()}/${id}`, { json: { ...c.body, version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.current_version).toBe(2);

    const dup = await analyst.post(base(), { json: c.body });
    expect(dup.status).toBe(422);
    expect(isPersian(dup.body.errors.product[0])).toBe(true);

    expect(await auditRows(c.record, 'create')).toHaveLength(1);
    const [upd] = await auditRows(c.record, 'update');
    expect(upd!.before).toMatchObject({ record: c.record, record_id: id });
    expect(upd!.after).toMatchObject({ record: c.record, record_id: id, version: 2 });

    // The company's history tab reads them.
    const history = await analyst.get(`/api/logs/view-entity/${companyId}/legal_person`);
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body.data)).toContain(c.record);

    const staleDelete = await del(analyst, `${base()}/${id}?version=1`);
    expect(staleDelete.status).toBe(409);
    const removed = await del(analyst, `${base()}/${id}?version=2`);
    expect(removed.status).toBe(200);
    expect(await auditRows(c.record, 'delete')).toHaveLength(1);
    const gone = await analyst.get(base());
    expect((gone.body.data.rows as { id: number }[]).some((r) => r.id === id)).toBe(false);
    expect((await del(analyst, `${base()}/${id}?version=2`)).status).toBe(404);
  });

  it.each(c.bad)('refuses %j with 422 on the field', async (patch, field) => {
    const res = await analyst.post(base(), { json: { ...c.body, ...patch } });
    expect(res.status).toBe(422);
    expect(isPersian(res.body.errors[field]?.[0])).toBe(true);
  });

  it('403 for a role without edit, 404 for a deleted or missing company', async () => {
    expect((await auditor.post(base(), { json: c.body })).status).toBe(403);
    const deleted = `/api/person/legal-persons/${deletedId}/${c.segment}`;
    expect((await analyst.get(deleted)).status).toBe(404);
    expect((await analyst.post(deleted, { json: c.body })).status).toBe(404);
    expect((await analyst.get(`/api/person/legal-persons/99999999/${c.segment}`)).status).toBe(404);
  });
});

describe('monthly report totals and year filter', () => {
  it('sums sales value per year and filters by year', async () => {
    const base = `/api/person/legal-persons/${companyId}/monthly-performance-reports`;
    for (const [year, month, value] of [
      [1403, 1, '100'],
      [1403, 2, '250'],
      [1404, 1, '7'],
    ] as const) {
      const res = await analyst.post(base, {
        json: {
          year,
          month,
          product: 'محصول آزمون',
          unit: 'تن',
          production: '10',
          sales_quantity: '4',
          sales_value: value,
        },
      });
      expect(res.status).toBe(200);
    }
    const all = (await analyst.get(base)).body.data as MonthlyReport;
    expect(all.years).toEqual([1404, 1403]);
    expect(all.totals.find((x) => x.year === 1403)!.sales_value).toBe('350');
    expect(all.totals.find((x) => x.year === 1403)!.products[0]).toMatchObject({
      production: '20',
      sales_quantity: '8',
    });
    const one = (await analyst.get(`${base}?year=1404`)).body.data as MonthlyReport;
    expect(one.rows.map((r) => r.year)).toEqual([1404]);
    expect((await analyst.get(`${base}?year=99`)).status).toBe(422);
  });
});

describe('codal disclosures', () => {
  it('lists the demo disclosures newest first and filters by company, kind and date range', async () => {
    const res = await auditor.get('/api/person/codal-infos?per_page=500');
    expect(res.status).toBe(200);
    const page = res.body.data as ListPage<CodalRow>;
    expect(page.total).toBeGreaterThan(20);
    const times = page.data.map((r) => r.published_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.data.every((r) => r.url === null && r.title.includes('نمایشی'))).toBe(true);

    const first = page.data[0]!;
    const byCompany = (
      await auditor.get(`/api/person/codal-infos?legal_person_id=${first.legal_person_id}&per_page=500`)
    ).body.data as ListPage<CodalRow>;
    expect(byCompany.total).toBe(page.data.filter((r) => r.legal_person_id === first.legal_person_id).length);

    const kind = 'تصمیمات مجمع';
    const byKind = (
      await auditor.get(`/api/person/codal-infos?kind=${encodeURIComponent(kind)}&per_page=500`)
    ).body.data as ListPage<CodalRow>;
    expect(byKind.total).toBe(page.data.filter((r) => r.kind === kind).length);

    const af = JSON.stringify([
      { field: 'published_date', op: 'gte', value: '2026-06-22' },
      { field: 'published_date', op: 'lte', value: '2026-07-22' },
    ]);
    const ranged = (
      await auditor.get(`/api/person/codal-infos?per_page=500&advanceFilter=${encodeURIComponent(af)}`)
    ).body.data as ListPage<CodalRow>;
    expect(ranged.total).toBeGreaterThan(0);
    expect(ranged.total).toBeLessThan(page.total);
    expect(ranged.data.every((r) => r.published_at >= '2026-06-21' && r.published_at <= '2026-07-23')).toBe(
      true,
    );

    const companies = (await auditor.get('/api/person/codal-infos/companies')).body.data as { id: number }[];
    expect(companies.some((c) => c.id === first.legal_person_id)).toBe(true);
    expect((await auditor.get('/api/person/codal-infos?sortBy=nope')).status).toBe(422);
  });

  it('adds a disclosure by hand; a taken tracing number is a 422 on its field; 403 without edit', async () => {
    const body = {
      legal_person_id: companyId,
      kind: 'افشای اطلاعات بااهمیت',
      title: 'افشای اطلاعات آزمون',
      tracing_number: '۱۲۳۴۵۶۷',
      published_date: '۱۴۰۵/۰۸/۰۱',
      published_time: '10:30',
      url: '',
    };
    expect((await auditor.post('/api/person/codal-infos', { json: body })).status).toBe(403);
    const ok = await analyst.post('/api/person/codal-infos', { json: body });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [row] = await t.db.select().from(codalInfos).where(eq(codalInfos.id, ok.body.data.id));
    expect(row!.tracingNumber).toBe('1234567');
    expect(row!.publishedAt.toISOString()).toBe('2026-10-23T07:00:00.000Z');
    const dup = await analyst.post('/api/person/codal-infos', { json: body });
    expect(dup.status).toBe(422);
    expect(isPersian(dup.body.errors.tracing_number[0])).toBe(true);
    const bad = await analyst.post('/api/person/codal-infos', {
      json: {
        ...body,
        tracing_number: 'x',
        kind: 'نامعلوم',
        url: 'http://codal.ir',
        legal_person_id: deletedId,
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['kind', 'tracing_number', 'url']);
    const gone = await analyst.post('/api/person/codal-infos', {
      json: { ...body, tracing_number: '7654321', legal_person_id: deletedId },
    });
    expect(gone.status).toBe(422);
    expect(gone.body.errors.legal_person_id).toBeDefined();
    expect(await auditRows('codal_info', 'create')).toHaveLength(1);
  });
});

describe('minutes of meetings', () => {
  it('creates, filters, updates with the lock and deletes', async () => {
    const body = {
      legal_person_id: companyId,
      meeting_date: '۱۴۰۵/۰۷/۱۵',
      kind: 'supervision',
      title: 'بازدید نظارتی آزمون',
      attendees: 'کارشناس ناظر',
      decisions: 'گزارش تا پایان ماه ارسال شود',
      follow_up_date: '1405/08/01',
    };
    expect((await auditor.post('/api/person/meeting-minutes', { json: body })).status).toBe(403);
    const created = await analyst.post('/api/person/meeting-minutes', { json: body });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as number;
    const [row] = await t.db.select().from(meetingMinutes).where(eq(meetingMinutes.id, id));
    expect(row!.meetingDate).toBe('2026-10-07');

    const list = (q: string) =>
      auditor
        .get(`/api/person/meeting-minutes?per_page=500&${q}`)
        .then((r) => r.body.data as ListPage<MinutesRow>);
    expect((await list(`legal_person_id=${companyId}`)).data.map((r) => r.id)).toEqual([id]);
    const sup = await list('kind=supervision');
    expect(sup.data.every((r) => r.kind === 'supervision')).toBe(true);
    expect(sup.data.some((r) => r.id === id)).toBe(true);
    const af = JSON.stringify([{ field: 'meeting_date', op: 'gte', value: '2026-10-07' }]);
    const later = await list(`advanceFilter=${encodeURIComponent(af)}`);
    expect(later.data.every((r) => r.meeting_date >= '2026-10-07')).toBe(true);
    const all = await list('');
    expect(all.total).toBeGreaterThan(later.total);

    const bad = await analyst.post('/api/person/meeting-minutes', {
      json: { ...body, meeting_date: '1405/13/01', kind: 'party', title: '', follow_up_date: 'x' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['follow_up_date', 'kind', 'meeting_date', 'title']);

    const upd = await put(analyst, `/api/person/meeting-minutes/${id}`, {
      // The form sends what the shared schema parsed: ISO dates are taken as they are.
      json: { ...body, meeting_date: '2026-10-07', title: 'بازدید نظارتی آزمون (اصلاح)', version: 1 },
    });
    expect(upd.status).toBe(200);
    expect(
      (await put(analyst, `/api/person/meeting-minutes/${id}`, { json: { ...body, version: 1 } })).status,
    ).toBe(409);
    expect((await del(analyst, `/api/person/meeting-minutes/${id}?version=1`)).status).toBe(409);
    expect((await del(analyst, `/api/person/meeting-minutes/${id}?version=2`)).status).toBe(200);
    expect((await del(analyst, `/api/person/meeting-minutes/${id}?version=2`)).status).toBe(404);
    const actions = (
      await t.db
        .select()
        .from(auditLog)
        .where(sql`COALESCE(${auditLog.after}, ${auditLog.before})->>'record' = 'meeting_minutes'`)
    ).map((a) => a.action);
    expect(actions.sort()).toEqual(['create', 'delete', 'update']);
  });
});
