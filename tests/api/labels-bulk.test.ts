import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkOperation } from '../../src/contract/bulk.ts';
import type { Label, LabelChip } from '../../src/contract/labels.ts';
import type { LegalPersonInput } from '../../src/contract/person-forms.ts';
import {
  auditLog,
  bulkOperations,
  cities,
  entityLabels,
  industries,
  labels,
  legalPersons,
  truePersons,
} from '../../src/server/db/schema/index.ts';
import type { ApiClient } from '../support/api-client.ts';
import { startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, rowCounts, type TestApp } from '../support/auth.ts';

let t: TestApp;
let admin: ApiClient;
let analyst: ApiClient;
let auditor: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await clientAs(t, 'admin', 'super_admin', '10.30.0.1');
  analyst = await clientAs(t, 'analyst', 'analyst', '10.30.0.2');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.30.0.3');
});
afterAll(() => t.dispose());

const tables = { labels, links: entityLabels, audit: auditLog, ops: bulkOperations };
const counts = () => rowCounts(t.db, tables);
const put = (c: ApiClient, path: string, json: unknown) => c.request('PUT', path, { json });
const del = (c: ApiClient, path: string) => c.request('DELETE', path);

async function createLabel(name: string, objectTypes: string[], color = '#2e7d32'): Promise<Label> {
  const res = await admin.post('/api/labels', { json: { name, color, object_types: objectTypes } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Label;
}

/** Ids of live legal persons, by id, from `offset`. */
async function legalIds(n: number, offset = 0): Promise<number[]> {
  const rows = await t.db.execute(
    sql`SELECT id FROM legal_persons WHERE deleted_at IS NULL ORDER BY id LIMIT ${n} OFFSET ${offset}`,
  );
  return (rows as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

async function linkedIds(labelId: number, type = 'legal_person'): Promise<number[]> {
  const rows = await t.db
    .select({ id: entityLabels.entityId })
    .from(entityLabels)
    .where(and(eq(entityLabels.labelId, labelId), eq(entityLabels.entityType, type)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

const auditRows = (action: string, entity = 'legal_person') =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entity, entity)));

describe('labels: items, list, create, update, delete', () => {
  it('keeps the managed list to the labels permission, and items to any role', async () => {
    expect((await analyst.get('/api/labels')).status).toBe(403);
    expect(
      (
        await analyst.post('/api/labels', {
          json: { name: 'x', color: '#000000', object_types: ['legal_person'] },
        })
      ).status,
    ).toBe(403);
    const list = await admin.get('/api/labels?per_page=50');
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBeGreaterThanOrEqual(6);
    const names = (list.body.data.data as Label[]).map((l) => l.name);
    expect(names).toContain('پیگیری ویژه');
    const items = await analyst.get('/api/labels/items?object_type=true_person');
    expect(items.status).toBe(200);
    const types = (items.body.data as Label[]).map((l) => l.object_types);
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((ts) => ts.includes('true_person'))).toBe(true);
    expect((await analyst.get('/api/labels/items?object_type=company')).status).toBe(422);
  });

  it('refuses bad input with a Persian message per field and writes nothing', async () => {
    const before = await counts();
    const res = await admin.post('/api/labels', { json: { name: ' ', color: 'red', object_types: [] } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['color', 'name', 'object_types']);
    for (const msgs of Object.values(res.body.errors as Record<string, string[]>))
      expect(isPersian(msgs[0])).toBe(true);
    const dup = await admin.post('/api/labels', {
      json: { name: 'پيگيري ويژه', color: '#123456', object_types: ['legal_person'] },
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.name[0]).toContain('پیگیری ویژه');
    expect(await counts()).toEqual(before);
  });

  it('creates, changes and deletes a label, each with an audit row', async () => {
    const label = await createLabel('آزمون چرخه', ['legal_person'], '#ABCDEF');
    expect(label).toMatchObject({
      name: 'آزمون چرخه',
      color: '#abcdef',
      object_types: ['legal_person'],
      uses: 0,
    });
    const [row] = await t.db.select().from(labels).where(eq(labels.id, label.id));
    expect(row?.color).toBe('#abcdef');

    const changed = await put(admin, `/api/labels/${label.id}`, {
      name: 'آزمون چرخه دوم',
      color: '#000000',
      object_types: ['legal_person', 'true_person'],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.object_types).toEqual(['legal_person', 'true_person']);
    const taken = await put(admin, `/api/labels/${label.id}`, {
      name: 'نامزد انتصاب',
      color: '#000000',
      object_types: ['true_person'],
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.name).toBeDefined();
    expect(
      (await put(admin, '/api/labels/999999', { name: 'x', color: '#000000', object_types: ['true_person'] }))
        .status,
    ).toBe(404);

    const found = await admin.get(`/api/labels?q=${encodeURIComponent('چرخه')}&object_type=true_person`);
    expect((found.body.data.data as Label[]).map((l) => l.id)).toEqual([label.id]);

    expect((await del(admin, `/api/labels/${label.id}`)).status).toBe(200);
    expect(await t.db.select().from(labels).where(eq(labels.id, label.id))).toEqual([]);
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'label'), eq(auditLog.entityId, String(label.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
  });
});

describe('bulk actions on the persons lists', () => {
  const bulk = (c: ApiClient, body: unknown, kind = 'legal') =>
    c.post(`/api/person/${kind}-persons/bulk`, { json: body });
  const undo = (c: ApiClient, id: string) => c.post(`/api/bulk-operations/${id}/undo`);

  it('labels selected rows by id; the list shows the chips and filters by the label', async () => {
    const label = await createLabel('آزمون شناسه‌ها', ['legal_person']);
    const ids = await legalIds(3);
    expect((await bulk(auditor, { action: 'label', labelId: label.id, ids })).status).toBe(403);
    const res = await bulk(analyst, { action: 'label', labelId: label.id, ids });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const op = res.body.data.operation as BulkOperation;
    expect(op).toMatchObject({ action: 'label', affected: 3, undone_at: null });
    expect(Date.parse(op.undo_until) - Date.now()).toBeGreaterThan(5_000);
    expect(await linkedIds(label.id)).toEqual(ids);

    const list = await analyst.get(`/api/person/legal-persons?label=${label.id}&per_page=10`);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(3);
    for (const row of list.body.data.data as { labels: LabelChip[] }[])
      expect(row.labels).toContainEqual({ id: label.id, name: label.name, color: label.color });
    const viaAdvance = await analyst.get(
      `/api/person/legal-persons?advanceFilter=${encodeURIComponent(JSON.stringify([{ field: 'label', op: 'in', value: [label.id] }]))}`,
    );
    expect(viaAdvance.body.data.total).toBe(3);

    const audits = await auditRows('bulk_label');
    const mine = audits.filter((a) => (a.after as { label?: string }).label === label.name);
    expect(mine.map((a) => Number(a.entityId)).sort((a, b) => a - b)).toEqual(ids);

    // Labelling again counts only the rows that did not have it.
    const more = [...ids, ...(await legalIds(1, 3))];
    const again = await bulk(analyst, { action: 'label', labelId: label.id, ids: more });
    expect(again.body.data.operation.affected).toBe(1);
  });

  it('labels every row matching the list filter ("all matching"), not only a page', async () => {
    const label = await createLabel('آزمون همه موارد', ['legal_person']);
    const query = { kind: 'holding', q: '' };
    const list = await analyst.get('/api/person/legal-persons?kind=holding&per_page=5');
    const total = list.body.data.total as number;
    expect(total).toBeGreaterThan(5);
    const res = await bulk(analyst, { action: 'label', labelId: label.id, all: query });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.operation.affected).toBe(total);
    const [n] = (
      (await t.db.execute(
        sql`SELECT count(*)::int AS n FROM entity_labels el JOIN legal_persons lp ON lp.id = el.entity_id
            WHERE el.label_id = ${label.id} AND lp.kind = 'holding'`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(Number(n!.n)).toBe(total);
    expect((await linkedIds(label.id)).length).toBe(total);
  });

  it('refuses a label not made for the record type, a bad filter or no selection, writing nothing', async () => {
    const legalOnly = await createLabel('آزمون فقط حقوقی', ['legal_person']);
    const before = await counts();
    const [tp] = await t.db.select({ id: truePersons.id }).from(truePersons).limit(1);
    const wrong = await bulk(analyst, { action: 'label', labelId: legalOnly.id, ids: [tp!.id] }, 'true');
    expect(wrong.status).toBe(422);
    expect(isPersian(wrong.body.errors.labelId[0])).toBe(true);
    const badFilter = await bulk(analyst, {
      action: 'delete',
      all: { advanceFilter: JSON.stringify([{ field: 'password', op: 'eq', value: 1 }]) },
    });
    expect(badFilter.status).toBe(422);
    expect((await bulk(analyst, { action: 'label', ids: [1] })).status).toBe(422);
    expect((await bulk(analyst, { action: 'delete' })).status).toBe(422);
    expect((await bulk(analyst, { action: 'label', labelId: 999999, ids: [1] })).status).toBe(422);
    expect((await bulk(analyst, { action: 'delete', ids: [999999] })).status).toBe(404);
    expect(await counts()).toEqual(before);
  });

  it('deletes softly: gone from list, search and view; undo brings them back', async () => {
    const ids = await legalIds(2, 20);
    const [first] = await t.db.select().from(legalPersons).where(eq(legalPersons.id, ids[0]!));
    const totalBefore = (await analyst.get('/api/person/legal-persons?per_page=1')).body.data.total as number;
    const res = await bulk(analyst, { action: 'delete', ids });
    expect(res.status).toBe(200);
    const op = res.body.data.operation as BulkOperation;
    expect(op.affected).toBe(2);

    const rows = await t.db.select().from(legalPersons).where(eq(legalPersons.id, ids[0]!));
    expect(rows[0]?.deletedAt).toBeInstanceOf(Date);
    expect((await analyst.get('/api/person/legal-persons?per_page=1')).body.data.total).toBe(totalBefore - 2);
    expect((await analyst.get(`/api/person/legal-persons/${ids[0]}`)).status).toBe(404);
    const search = await analyst.get(`/api/search?q=${encodeURIComponent(first!.name)}`);
    expect(search.body.data.legalPersons.map((p: { id: number }) => p.id)).not.toContain(ids[0]);
    expect((await auditRows('bulk_delete')).map((a) => Number(a.entityId))).toEqual(
      expect.arrayContaining(ids),
    );

    if (first!.nationalId) {
      const [city] = await t.db.select({ id: cities.id }).from(cities).limit(1);
      const [industry] = await t.db.select({ id: industries.id }).from(industries).limit(1);
      const body: LegalPersonInput = {
        name: 'شرکت آزمون شناسه حذف‌شده',
        kind: 'company',
        national_id: first!.nationalId,
        registration_number: '1',
        registration_date: '۱۳۸۵/۰۱/۰۱',
        registration_city_id: city!.id,
        legal_form: 'سهامی خاص',
        economic_code: '',
        ownership_type: 'دولتی',
        registered_capital: '1000',
        share_count: '10',
        nominal_share_value: '100',
        industry_id: String(industry!.id),
        supervising_body_id: null,
        is_listed: false,
        ticker: '',
        status: 'active',
        address: '',
        postal_code: '',
        phone: '',
        website: '',
        employees: '',
      } as unknown as LegalPersonInput;
      const dup = await analyst.post('/api/person/legal-persons', { json: body });
      expect(dup.status).toBe(422);
      expect(dup.body.errors.national_id[0]).toContain('حذف شده');
      expect(dup.body.duplicate).toBeUndefined();
    }

    const back = await undo(analyst, op.id);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data.operation.undone_at).not.toBeNull();
    expect((await analyst.get(`/api/person/legal-persons/${ids[0]}`)).status).toBe(200);
    expect((await analyst.get('/api/person/legal-persons?per_page=1')).body.data.total).toBe(totalBefore);
    expect((await auditRows('undo_delete')).map((a) => Number(a.entityId))).toEqual(
      expect.arrayContaining(ids),
    );

    const twice = await undo(analyst, op.id);
    expect(twice.status).toBe(409);
    expect(isPersian(twice.body.message)).toBe(true);
  });

  it('removes a label and puts it back on undo', async () => {
    const label = await createLabel('آزمون برداشتن', ['legal_person']);
    const ids = await legalIds(4, 40);
    await bulk(analyst, { action: 'label', labelId: label.id, ids });
    const res = await bulk(analyst, { action: 'unlabel', labelId: label.id, ids: ids.slice(0, 2) });
    expect(res.body.data.operation.affected).toBe(2);
    expect(await linkedIds(label.id)).toEqual(ids.slice(2));
    expect((await undo(analyst, res.body.data.operation.id)).status).toBe(200);
    expect(await linkedIds(label.id)).toEqual(ids);
    // Undoing a label takes away only what it newly set.
    const more = await legalIds(2, 44);
    const set = await bulk(analyst, { action: 'label', labelId: label.id, ids: [...ids, ...more] });
    expect(set.body.data.operation.affected).toBe(2);
    await undo(analyst, set.body.data.operation.id);
    expect(await linkedIds(label.id)).toEqual(ids);
  });

  it("refuses another user's undo, and any undo after 10 seconds", async () => {
    const label = await createLabel('آزمون مهلت', ['true_person', 'legal_person']);
    const [tp] = await t.db.select({ id: truePersons.id }).from(truePersons).limit(1);
    const res = await bulk(analyst, { action: 'label', labelId: label.id, ids: [tp!.id] }, 'true');
    expect(res.status).toBe(200);
    const id = res.body.data.operation.id as string;
    const other = await undo(admin, id);
    expect(other.status).toBe(403);
    t.advance(10_500);
    const late = await undo(analyst, id);
    expect(late.status).toBe(410);
    expect(isPersian(late.body.message)).toBe(true);
    expect(await linkedIds(label.id, 'true_person')).toEqual([tp!.id]);
    expect((await undo(analyst, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
