import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Branch } from '../../src/contract/branches.ts';
import type { Contact } from '../../src/contract/contacts.ts';
import type { HistoryEntry } from '../../src/contract/person-forms.ts';
import {
  auditLog,
  branches,
  cities,
  contacts,
  legalPersons,
  truePersons,
} from '../../src/server/db/schema/index.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, rowCounts, type TestApp } from '../support/auth.ts';

let t: TestApp;
let analyst: ApiClient;
let auditor: ApiClient;
let companyId: number;
let personId: number;
let cityId: number;

beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.31.0.1');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.31.0.2');
  const [c] = await t.db
    .select({ id: legalPersons.id })
    .from(legalPersons)
    .where(isNull(legalPersons.deletedAt))
    .limit(1);
  const [p] = await t.db
    .select({ id: truePersons.id })
    .from(truePersons)
    .where(isNull(truePersons.deletedAt))
    .limit(1);
  const [city] = await t.db.select({ id: cities.id }).from(cities).limit(1);
  companyId = c!.id;
  personId = p!.id;
  cityId = city!.id;
});
afterAll(() => t.dispose());

const contactsPath = (type: 'legal' | 'true', id: number) =>
  `/api/person/${type === 'legal' ? 'legal-persons' : 'true-persons'}/${id}/contacts`;

describe('contacts', () => {
  it('validates the value by kind and stores it normalised (Persian digits made ASCII)', async () => {
    const cases: [string, string, string][] = [
      ['mobile', '۰۹۱۲ ۳۴۵ ۶۷۸۹', '09123456789'],
      ['phone', '۰۲۱-۸۸۸۸ ۷۷۷۷', '02188887777'],
      ['fax', '(021) 66554433', '02166554433'],
      ['email', 'Info@Example.IR', 'info@example.ir'],
      ['website', 'example.ir', 'https://example.ir'],
      ['address', 'تهران، خيابان ولي‌عصر', 'تهران، خیابان ولی‌عصر'],
    ];
    for (const [kind, value, stored] of cases) {
      const res = await analyst.request('POST', contactsPath('true', personId), { json: { kind, value } });
      expect(res.status, kind).toBe(200);
      expect(res.body.data.value, kind).toBe(stored);
    }
    const bad: [string, string][] = [
      ['mobile', '0812345678'],
      ['phone', '12ab'],
      ['email', 'not-an-email'],
      ['website', 'javascript:alert(1)'],
      ['address', '  '],
    ];
    const before = await rowCounts(t.db, { contacts, audit: auditLog });
    for (const [kind, value] of bad) {
      const res = await analyst.request('POST', contactsPath('true', personId), { json: { kind, value } });
      expect(res.status, kind).toBe(422);
      expect(isPersian(res.body.errors.value[0]), kind).toBe(true);
    }
    const noKind = await analyst.request('POST', contactsPath('true', personId), {
      json: { kind: 'pager', value: '1' },
    });
    expect(noKind.status).toBe(422);
    expect(noKind.body.errors.kind).toBeDefined();
    expect(await rowCounts(t.db, { contacts, audit: auditLog })).toEqual(before);
  });

  it('keeps one primary per kind: setting one clears the others, audited on the owner', async () => {
    const path = contactsPath('legal', companyId);
    const a = await analyst.request('POST', path, {
      json: { kind: 'phone', value: '02111111111', is_primary: true },
    });
    const b = await analyst.request('POST', path, {
      json: { kind: 'phone', value: '02122222222', is_primary: true },
    });
    const m = await analyst.request('POST', path, {
      json: { kind: 'mobile', value: '09121111111', is_primary: true },
    });
    expect([a.status, b.status, m.status]).toEqual([200, 200, 200]);
    const list = (await auditor.get(path)).body.data as Contact[];
    const primaries = list.filter((c) => c.is_primary);
    expect(primaries.filter((c) => c.kind === 'phone').map((c) => c.id)).toEqual([b.body.data.id]);
    expect(primaries.filter((c) => c.kind === 'mobile').map((c) => c.id)).toEqual([m.body.data.id]);

    const back = await analyst.request('PUT', `${path}/${a.body.data.id}`, {
      json: { kind: 'phone', value: '021-1111 1111', is_primary: true },
    });
    expect(back.status).toBe(200);
    const rows = await t.db
      .select()
      .from(contacts)
      .where(
        and(
          eq(contacts.ownerType, 'legal'),
          eq(contacts.ownerId, companyId),
          eq(contacts.kind, 'phone'),
          eq(contacts.isPrimary, true),
        ),
      );
    expect(rows.map((r) => r.id)).toEqual([a.body.data.id]);

    const history = (await auditor.get(`/api/logs/view-entity/${companyId}/legal_person`)).body
      .data as HistoryEntry[];
    const cleared = history.find(
      (h) => h.entity === 'contact' && h.entity_id === String(b.body.data.id) && h.action === 'update',
    );
    expect(cleared?.changes).toEqual([{ field: 'is_primary', before: true, after: false }]);
    const del = await analyst.request('DELETE', `${path}/${m.body.data.id}`);
    expect(del.status).toBe(200);
    expect(history.length).toBeLessThan(
      ((await auditor.get(`/api/logs/view-entity/${companyId}/legal_person`)).body.data as HistoryEntry[])
        .length,
    );
  });

  it('needs the edit permission to change (403) and a live owner (404)', async () => {
    const path = contactsPath('legal', companyId);
    expect((await auditor.request('POST', path, { json: { kind: 'email', value: 'a@b.ir' } })).status).toBe(
      403,
    );
    expect((await auditor.get(path)).status).toBe(200);
    expect(
      (await analyst.request('PUT', `${path}/99999999`, { json: { kind: 'email', value: 'a@b.ir' } })).status,
    ).toBe(404);
    expect((await analyst.get(contactsPath('true', 99999999))).status).toBe(404);
  });
});

describe('branches', () => {
  const path = () => `/api/person/legal-persons/${companyId}/branches`;

  it('creates and updates a branch with an audit row on the company, 422 per field', async () => {
    const made = await analyst.request('POST', path(), {
      json: {
        name: 'شعبه اصفهان',
        city_id: cityId,
        address: 'خیابان چهارباغ',
        phone: '۰۳۱-۳۲۲۲۲۲۲۲',
        manager: 'علی رضایی',
      },
    });
    expect(made.status).toBe(200);
    const branch = made.body.data as Branch;
    expect(branch).toMatchObject({ legal_person_id: companyId, name: 'شعبه اصفهان', phone: '03132222222' });
    expect(branch.city?.id).toBe(cityId);

    const edited = await analyst.request('PUT', `${path()}/${branch.id}`, {
      json: { name: 'شعبه مرکزی اصفهان', city_id: null, address: '', phone: '', manager: 'علی رضایی' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({
      name: 'شعبه مرکزی اصفهان',
      city: null,
      address: null,
      phone: null,
    });
    const got = await auditor.get(`${path()}/${branch.id}`);
    expect(got.body.data.name).toBe('شعبه مرکزی اصفهان');

    const history = (await auditor.get(`/api/logs/view-entity/${companyId}/legal_person`)).body
      .data as HistoryEntry[];
    const update = history.find(
      (h) => h.entity === 'branch' && h.entity_id === String(branch.id) && h.action === 'update',
    );
    expect(update?.changes.map((c) => c.field).sort()).toEqual(['address', 'city_id', 'name', 'phone']);
    const detail = await auditor.get(`/api/person/legal-persons/${companyId}`);
    expect(detail.body.data.branches.map((b: { id: number }) => b.id)).toContain(branch.id);

    const before = await rowCounts(t.db, { branches, audit: auditLog });
    const bad = await analyst.request('POST', path(), {
      json: { name: ' ', city_id: 99999999, phone: 'abc' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name', 'phone']);
    const noCity = await analyst.request('POST', path(), { json: { name: 'شعبه', city_id: 99999999 } });
    expect(noCity.status).toBe(422);
    expect(isPersian(noCity.body.errors.city_id[0])).toBe(true);
    expect(await rowCounts(t.db, { branches, audit: auditLog })).toEqual(before);

    expect((await auditor.request('PUT', `${path()}/${branch.id}`, { json: { name: 'x' } })).status).toBe(
      403,
    );
    const del = await analyst.request('DELETE', `${path()}/${branch.id}`);
    expect(del.status).toBe(200);
    expect((await auditor.get(`${path()}/${branch.id}`)).status).toBe(404);
  });
});
