import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry, LegalPersonInput, TruePersonInput } from '../../src/contract/person-forms.ts';
import type { LegalPersonDetail, TruePersonDetail } from '../../src/contract/persons.ts';
import { legalIdCheckDigit, nationalCodeCheckDigit } from '../../src/domain/identifiers.ts';
import { toPersianDigits } from '../../src/domain/persian-text.ts';
import { auditLog, cities, industries, legalPersons, truePersons } from '../../src/server/db/schema/index.ts';
import { STALE_MESSAGE } from '../../src/server/modules/persons/edit-checks.ts';
import { legalSearchText, trueSearchText } from '../../src/server/seed/generate.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import { clientAs, grantEmptyRole, isPersian, rowCounts, type TestApp } from '../support/auth.ts';

let t: TestApp;
let analyst: ApiClient;
let auditor: ApiClient;
let cityId: number;
let industryId: number;
beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.20.0.1');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.20.0.2');
  const [c] = await t.db.select({ id: cities.id }).from(cities).limit(1);
  const [i] = await t.db.select({ id: industries.id }).from(industries).limit(1);
  cityId = c!.id;
  industryId = i!.id;
});
afterAll(() => t.dispose());

const tables = { legal: legalPersons, true: truePersons, audit: auditLog };
const counts = async () => (await rowCounts(t.db, tables)) as Record<keyof typeof tables, number>;

/** A valid legal national id (check digit computed) that no record has yet. */
async function freshLegalId(seed: number): Promise<string> {
  for (let n = seed; ; n++) {
    const first10 = `14${String(n).padStart(8, '0')}`;
    const id = first10 + legalIdCheckDigit(first10);
    const [row] = await t.db
      .select({ id: legalPersons.id })
      .from(legalPersons)
      .where(eq(legalPersons.nationalId, id));
    if (!row) return id;
  }
}

/** A valid national code (prefix 001, Tehran) that no record has yet. */
async function freshNationalCode(seed: number): Promise<string> {
  for (let n = seed; ; n++) {
    const first9 = `001${String(n).padStart(6, '0')}`;
    const code = first9 + nationalCodeCheckDigit(first9);
    const [row] = await t.db
      .select({ id: truePersons.id })
      .from(truePersons)
      .where(eq(truePersons.nationalCode, code));
    if (!row) return code;
  }
}

function legalBody(nationalId: string, extra: Partial<LegalPersonInput> = {}): LegalPersonInput {
  return {
    name: 'شركت آزمايشي ويرايش ثبت',
    kind: 'company',
    national_id: toPersianDigits(nationalId),
    registration_number: '۱۲۳۴۵',
    registration_date: '۱۳۸۵/۰۱/۰۱',
    registration_city_id: cityId,
    legal_form: 'سهامی خاص',
    economic_code: '۴۱۱۱۱۱۱۱۱۱۱۱',
    ownership_type: 'دولتی',
    registered_capital: '۱٬۲۰۰٬۰۰۰٬۰۰۰',
    share_count: '1,200,000',
    nominal_share_value: '۱۰۰۰',
    industry_id: String(industryId),
    supervising_body_id: null,
    is_listed: false,
    ticker: '',
    status: 'active',
    address: 'تهران، خیابان آزادی',
    postal_code: '۱۱۹۳۶-۵۳۴۷۱',
    phone: '021-88888888',
    website: '',
    employees: '۲۵۰',
    ...extra,
  };
}

function trueBody(code: string, extra: Partial<TruePersonInput> = {}): TruePersonInput {
  return {
    first_name: 'علي',
    last_name: 'آزمونی',
    father_name: 'محمد',
    national_code: toPersianDigits(code),
    birth_certificate_number: '۱۲۳',
    birth_date: '۱۳۶۵/۰۴/۲۱',
    birth_city_id: cityId,
    gender: 'male',
    mobile: '۰۹۱۲ ۳۴۵ ۶۷۸۹',
    email: 'Ali@Example.com',
    education_level: 'کارشناسی ارشد',
    field_of_study: 'حسابداری',
    ...extra,
  };
}

const put = (c: ApiClient, path: string, json: unknown) => c.request('PUT', path, { json });

describe('POST /api/person/legal-persons', () => {
  it('creates a legal person with canonical values, version 1, search text and one audit row', async () => {
    const nid = await freshLegalId(100);
    const before = await counts();
    const res = await analyst.post('/api/person/legal-persons', { json: legalBody(nid) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { id, version } = res.body.data as { id: number; version: number };
    expect(version).toBe(1);
    expect(await counts()).toEqual({ ...before, legal: before.legal + 1, audit: before.audit + 1 });

    const detail = (await analyst.get(`/api/person/legal-persons/${id}`)).body.data as LegalPersonDetail;
    expect(detail).toMatchObject({
      name: 'شرکت آزمایشی ویرایش ثبت',
      national_id: nid,
      registration_number: '12345',
      registration_date: '2006-03-21',
      economic_code: '411111111111',
      registered_capital: '1200000000',
      share_count: '1200000',
      nominal_share_value: '1000',
      postal_code: '1193653471',
      employees: 250,
      ticker: null,
      website: null,
      is_demo: false,
      version: 1,
    });
    expect(detail.registration_city?.id).toBe(cityId);
    expect(detail.industry?.id).toBe(industryId);

    const [row] = await t.db.select().from(legalPersons).where(eq(legalPersons.id, id));
    expect(row!.searchText).toBe(legalSearchText(detail.name, null, nid));
    const found = await analyst.get(`/api/search?q=${encodeURIComponent('آزمایشی ویرایش')}`);
    expect(found.body.data.legalPersons.map((r: { id: number }) => r.id)).toContain(id);

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'legal_person' AND ${auditLog.entityId} = ${String(id)}`);
    expect(audit).toMatchObject({ action: 'create', before: null });
    expect(audit!.after).toMatchObject({
      name: detail.name,
      national_id: nid,
      registered_capital: '1200000000',
    });
    expect(audit!.after).not.toHaveProperty('nationalId');
  });

  it('answers 422 on the field for a bad check digit, postal code, Jalali date or unknown id, writing nothing', async () => {
    const nid = await freshLegalId(200);
    const wrongCheck = nid.slice(0, 10) + ((Number(nid[10]) + 1) % 10);
    const cases: [Partial<LegalPersonInput>, string][] = [
      [{ national_id: wrongCheck }, 'national_id'],
      [{ postal_code: '۱۲۳۴۵' }, 'postal_code'],
      [{ registration_date: '۱۴۰۰/۱۲/۳۰' }, 'registration_date'],
      [{ registration_date: '1385/13/01' }, 'registration_date'],
      [{ registration_city_id: 99_999_999 }, 'registration_city_id'],
      [{ industry_id: 99_999_999 }, 'industry_id'],
      [{ supervising_body_id: 99_999_999 }, 'supervising_body_id'],
      [{ registered_capital: '۱۲a' }, 'registered_capital'],
      [{ economic_code: '123' }, 'economic_code'],
    ];
    const before = await counts();
    for (const [change, field] of cases) {
      const res = await analyst.post('/api/person/legal-persons', { json: legalBody(nid, change) });
      expect([field, res.status]).toEqual([field, 422]);
      expect(Object.keys(res.body.errors)).toEqual([field]);
      expect(isPersian(res.body.errors[field][0])).toBe(true);
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 422 with the existing record when the national id is taken, also for two saves at once', async () => {
    const [seeded] = await t.db
      .select({ id: legalPersons.id, name: legalPersons.name, nid: legalPersons.nationalId })
      .from(legalPersons)
      .where(sql`${legalPersons.nationalId} IS NOT NULL`)
      .limit(1);
    const before = await counts();
    const res = await analyst.post('/api/person/legal-persons', { json: legalBody(seeded!.nid!) });
    expect(res.status).toBe(422);
    expect(res.body.errors.national_id[0]).toContain(seeded!.name);
    expect(res.body.duplicate).toEqual({
      id: seeded!.id,
      name: seeded!.name,
      path: `/person/legal-persons/view/${seeded!.id}`,
    });
    expect(await counts()).toEqual(before);

    // Two saves of one new national id at once: one wins, the other gets the same 422 (on
    // PostgreSQL the loser may pass the check and hit the unique index: still 422, never 500).
    const nid = await freshLegalId(300);
    const both = await Promise.all([
      analyst.post('/api/person/legal-persons', { json: legalBody(nid, { name: 'همزمان یک' }) }),
      analyst.post('/api/person/legal-persons', { json: legalBody(nid, { name: 'همزمان دو' }) }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 422]);
    const loser = both.find((r) => r.status === 422)!;
    const winner = both.find((r) => r.status === 200)!;
    expect(loser.body.errors.national_id).toBeDefined();
    expect(loser.body.duplicate?.id).toBe(winner.body.data.id);
    expect(await counts()).toEqual({ ...before, legal: before.legal + 1, audit: before.audit + 1 });
  });

  it('refuses malformed bodies with 400/422, never 500', async () => {
    const nid = await freshLegalId(400);
    const before = await counts();
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      {},
      { ...legalBody(nid), name: 123 },
      { ...legalBody(nid), is_listed: 'yes' },
      { ...legalBody(nid), registration_city_id: { id: 1 } },
      { ...legalBody(nid), employees: -5 },
      { ...legalBody(nid), employees: 1.5 },
      { ...legalBody(nid), kind: 'bank' },
      { ...legalBody(nid), national_id: ['1'] },
      { ...legalBody(nid), name: 'ا'.repeat(1_000_000) },
      { ...legalBody(nid), address: 'x'.repeat(1_000_000) },
      { ...legalBody(nid), registered_capital: '9'.repeat(30) },
    ];
    for (const json of bodies) {
      const res = await analyst.post('/api/person/legal-persons', { json });
      expect([JSON.stringify(json).slice(0, 60), res.status]).toEqual([
        JSON.stringify(json).slice(0, 60),
        422,
      ]);
      expect(isPersian(res.body.message)).toBe(true);
    }
    const broken = await analyst.request('POST', '/api/person/legal-persons', { raw: '{"name": ' });
    expect(broken.status).toBe(400);
    const update = await analyst.request('PUT', '/api/person/legal-persons/1', {
      json: { ...legalBody(nid), version: 'x'.repeat(1_000_000) },
    });
    expect(update.status).toBe(422);
    expect(await counts()).toEqual(before);
  });

  it('answers 403 to a role without person.legal.edit / person.true.edit', async () => {
    const before = await counts();
    const nid = await freshLegalId(500);
    expect((await auditor.post('/api/person/legal-persons', { json: legalBody(nid) })).status).toBe(403);
    expect(
      (await put(auditor, '/api/person/legal-persons/1', { ...legalBody(nid), version: 1 })).status,
    ).toBe(403);
    const code = await freshNationalCode(500);
    expect((await auditor.post('/api/person/true-persons', { json: trueBody(code) })).status).toBe(403);
    expect((await put(auditor, '/api/person/true-persons/1', { ...trueBody(code), version: 1 })).status).toBe(
      403,
    );
    expect(await counts()).toEqual(before);
  });
});

describe('PUT /api/person/legal-persons/:id', () => {
  it('saves with the current version (version + 1), refuses an old one with 409 and overwrites nothing', async () => {
    const nid = await freshLegalId(600);
    const created = await analyst.post('/api/person/legal-persons', { json: legalBody(nid) });
    const id = created.body.data.id as number;

    const before = await counts();
    const res = await put(analyst, `/api/person/legal-persons/${id}`, {
      ...legalBody(nid, { name: 'شرکت ویرایش‌شده', registered_capital: '2,000,000,000', ticker: 'ویرا' }),
      version: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ id, version: 2 });
    expect(await counts()).toEqual({ ...before, audit: before.audit + 1 });
    const detail = (await analyst.get(`/api/person/legal-persons/${id}`)).body.data as LegalPersonDetail;
    expect(detail).toMatchObject({
      name: 'شرکت ویرایش‌شده',
      registered_capital: '2000000000',
      ticker: 'ویرا',
      version: 2,
    });
    const [row] = await t.db.select().from(legalPersons).where(eq(legalPersons.id, id));
    expect(row!.searchText).toBe(legalSearchText('شرکت ویرایش‌شده', 'ویرا', nid));
    expect(row!.updatedAt.getTime()).toBeGreaterThan(row!.createdAt.getTime() - 1);

    // The form opened at version 1 saves again: 409, nothing changes.
    const stale = await put(analyst, `/api/person/legal-persons/${id}`, {
      ...legalBody(nid, { name: 'نسخه کهنه' }),
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ stale: true, current_version: 2, message: STALE_MESSAGE });
    const after = (await analyst.get(`/api/person/legal-persons/${id}`)).body.data as LegalPersonDetail;
    expect(after).toEqual(detail);
    expect(await counts()).toEqual({ ...before, audit: before.audit + 1 });

    // Saving unchanged values writes nothing and keeps the version.
    const same = await put(analyst, `/api/person/legal-persons/${id}`, {
      ...legalBody(nid, { name: 'شرکت ویرایش‌شده', registered_capital: '2000000000', ticker: 'ویرا' }),
      version: 2,
    });
    expect(same.body.data).toEqual({ id, version: 2 });
    expect(await counts()).toEqual({ ...before, audit: before.audit + 1 });
  });

  it('answers 404 for an unknown id, 422 for a duplicate national id and for itself as supervising body', async () => {
    const nid = await freshLegalId(700);
    const missing = await put(analyst, '/api/person/legal-persons/99999999', {
      ...legalBody(nid),
      version: 1,
    });
    expect(missing.status).toBe(404);
    expect(isPersian(missing.body.message)).toBe(true);

    const a = (
      await analyst.post('/api/person/legal-persons', { json: legalBody(nid, { name: 'شرکت الف' }) })
    ).body.data;
    const nid2 = await freshLegalId(800);
    const b = (await analyst.post('/api/person/legal-persons', { json: legalBody(nid2, { name: 'شرکت ب' }) }))
      .body.data;
    const dup = await put(analyst, `/api/person/legal-persons/${b.id}`, {
      ...legalBody(nid, { name: 'شرکت ب' }),
      version: 1,
    });
    expect(dup.status).toBe(422);
    expect(dup.body.duplicate).toEqual({
      id: a.id,
      name: 'شرکت الف',
      path: `/person/legal-persons/view/${a.id}`,
    });
    const self = await put(analyst, `/api/person/legal-persons/${b.id}`, {
      ...legalBody(nid2, { name: 'شرکت ب', supervising_body_id: b.id }),
      version: 1,
    });
    expect(self.status).toBe(422);
    expect(Object.keys(self.body.errors)).toEqual(['supervising_body_id']);
    const missingVersion = await put(analyst, `/api/person/legal-persons/${b.id}`, legalBody(nid2));
    expect(missingVersion.status).toBe(422);
    expect(missingVersion.body.errors.version).toBeDefined();
  });
});

describe('true persons', () => {
  it('creates, updates with the version, refuses stale and bad values', async () => {
    const code = await freshNationalCode(100);
    const before = await counts();
    const res = await analyst.post('/api/person/true-persons', { json: trueBody(code) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id as number;
    expect(res.body.data.version).toBe(1);
    expect(await counts()).toEqual({ ...before, true: before.true + 1, audit: before.audit + 1 });
    const detail = (await analyst.get(`/api/person/true-persons/${id}`)).body.data as TruePersonDetail;
    expect(detail).toMatchObject({
      first_name: 'علی',
      last_name: 'آزمونی',
      national_code: code,
      birth_certificate_number: '123',
      birth_date: '1986-07-12',
      mobile: '09123456789',
      email: 'ali@example.com',
      is_demo: false,
      version: 1,
    });
    const [row] = await t.db.select().from(truePersons).where(eq(truePersons.id, id));
    expect(row!.searchText).toBe(trueSearchText('علی', 'آزمونی', code));

    const bad: [Partial<TruePersonInput>, string][] = [
      [{ national_code: code.slice(0, 9) + ((Number(code[9]) + 1) % 10) }, 'national_code'],
      [{ birth_date: '۱۳۶۵/۱۳/۰۱' }, 'birth_date'],
      [{ birth_city_id: 99_999_999 }, 'birth_city_id'],
      [{ mobile: '12345' }, 'mobile'],
      [{ gender: 'x' as never }, 'gender'],
    ];
    const mid = await counts();
    for (const [change, field] of bad) {
      const other = await freshNationalCode(200);
      const r = await analyst.post('/api/person/true-persons', { json: trueBody(other, change) });
      expect([field, r.status]).toEqual([field, 422]);
      expect(Object.keys(r.body.errors)).toEqual([field]);
    }
    const [seeded] = await t.db
      .select({
        id: truePersons.id,
        first: truePersons.firstName,
        last: truePersons.lastName,
        code: truePersons.nationalCode,
      })
      .from(truePersons)
      .where(sql`${truePersons.nationalCode} IS NOT NULL AND ${truePersons.id} <> ${id}`)
      .limit(1);
    const dup = await analyst.post('/api/person/true-persons', { json: trueBody(seeded!.code!) });
    expect(dup.status).toBe(422);
    expect(dup.body.duplicate).toEqual({
      id: seeded!.id,
      name: `${seeded!.first} ${seeded!.last}`,
      path: `/person/true-persons/view/${seeded!.id}`,
    });
    expect(await counts()).toEqual(mid);

    const upd = await put(analyst, `/api/person/true-persons/${id}`, {
      ...trueBody(code, { last_name: 'ویرایشی', mobile: '+98 912 000 1111' }),
      version: 1,
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.data).toEqual({ id, version: 2 });
    const d2 = (await analyst.get(`/api/person/true-persons/${id}`)).body.data as TruePersonDetail;
    expect(d2).toMatchObject({ last_name: 'ویرایشی', mobile: '09120001111', version: 2 });

    const stale = await put(analyst, `/api/person/true-persons/${id}`, {
      ...trueBody(code, { last_name: 'کهنه' }),
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ stale: true, current_version: 2, message: STALE_MESSAGE });
    expect(
      ((await analyst.get(`/api/person/true-persons/${id}`)).body.data as TruePersonDetail).last_name,
    ).toBe('ویرایشی');
    expect(
      (await put(analyst, '/api/person/true-persons/99999999', { ...trueBody(code), version: 1 })).status,
    ).toBe(404);

    const history = await auditor.get(`/api/logs/view-entity/${id}/true_person`);
    expect(history.status).toBe(200);
    const entries = history.body.data as HistoryEntry[];
    expect(entries.map((e) => e.action)).toEqual(['update', 'create']);
    expect(entries[0]!.changes).toEqual([
      { field: 'last_name', before: 'آزمونی', after: 'ویرایشی' },
      { field: 'mobile', before: '09123456789', after: '09120001111' },
    ]);
  });
});

describe('GET /api/logs/view-entity/:id/:type', () => {
  it('lists the create and update of a legal person newest first, with user, role and changed fields', async () => {
    const nid = await freshLegalId(900);
    const id = (await analyst.post('/api/person/legal-persons', { json: legalBody(nid) })).body.data
      .id as number;
    await put(analyst, `/api/person/legal-persons/${id}`, {
      ...legalBody(nid, { name: 'نام تازه', employees: 300 }),
      version: 1,
    });
    // A related row (a shareholding of this company), as its future editor will audit it.
    await t.db.insert(auditLog).values({
      action: 'create',
      entity: 'shareholding',
      entityId: '777',
      after: { company_id: id, holder_true_id: 1, share_count: '10', percentage: '0.100000' },
    });
    const res = await auditor.get(`/api/logs/view-entity/${id}/legal_person`);
    expect(res.status).toBe(200);
    const entries = res.body.data as HistoryEntry[];
    expect(entries.map((e) => [e.entity, e.action])).toEqual([
      ['shareholding', 'create'],
      ['legal_person', 'update'],
      ['legal_person', 'create'],
    ]);
    const [, update, create] = entries;
    expect(update!.entity_id).toBe(String(id));
    expect(update!.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(update!.user).toEqual({ id: expect.any(Number), name: expect.stringMatching(/[\u0600-\u06FF]/) });
    expect(update!.role).toBe('تحلیلگر');
    expect(update!.changes).toEqual([
      { field: 'name', before: 'شرکت آزمایشی ویرایش ثبت', after: 'نام تازه' },
      { field: 'employees', before: 250, after: 300 },
    ]);
    expect(create!.changes.find((c) => c.field === 'national_id')).toEqual({
      field: 'national_id',
      before: null,
      after: nid,
    });
    expect(create!.changes).toHaveLength(22);

    expect((await auditor.get('/api/logs/view-entity/99999999/legal_person')).body.data).toEqual([]);
    expect((await auditor.get(`/api/logs/view-entity/${id}/bank`)).status).toBe(404);
    expect((await auditor.get('/api/logs/view-entity/abc/legal_person')).status).toBe(422);
    await grantEmptyRole(t, 'auditor', 'history_none');
    const none = await clientAs(t, 'auditor', 'history_none', '10.20.0.3');
    expect((await none.get(`/api/logs/view-entity/${id}/legal_person`)).status).toBe(403);
    expect((await none.get(`/api/logs/view-entity/${id}/true_person`)).status).toBe(403);
  });
});

it('creates true persons whose real national codes persian-tools 4.0.4 refuses: prefix 740, 8 digits', async () => {
  // 7400076205: a real code (persian-tools issue #439) on prefix 740, missing from the library's
  // table. 98765434: eight digits as typed without the leading zeros of 0098765434 (prefix 009,
  // also missing; s = 238, r = 7, check 4).
  const before = await counts();
  const real = await analyst.post('/api/person/true-persons', { json: trueBody('7400076205') });
  expect(real.status, JSON.stringify(real.body)).toBe(200);
  const realId = real.body.data.id as number;
  const d1 = (await analyst.get(`/api/person/true-persons/${realId}`)).body.data as TruePersonDetail;
  expect(d1.national_code).toBe('7400076205');

  const short = await analyst.post('/api/person/true-persons', {
    json: trueBody('98765434', { first_name: 'زهرا', last_name: 'هشت‌رقمی', gender: 'female' }),
  });
  expect(short.status, JSON.stringify(short.body)).toBe(200);
  const shortId = short.body.data.id as number;
  const d2 = (await analyst.get(`/api/person/true-persons/${shortId}`)).body.data as TruePersonDetail;
  expect(d2.national_code).toBe('0098765434');
  expect(await counts()).toEqual({ ...before, true: before.true + 2, audit: before.audit + 2 });

  // The padded and the typed forms are one code: the second person is found as a duplicate.
  const again = await analyst.post('/api/person/true-persons', { json: trueBody('0098765434') });
  expect(again.status).toBe(422);
  expect(again.body.duplicate).toMatchObject({ id: shortId });
  // A wrong check digit on the same prefix is still refused, with a Persian message.
  const wrong = await analyst.post('/api/person/true-persons', { json: trueBody('7400076204') });
  expect(wrong.status).toBe(422);
  expect(Object.keys(wrong.body.errors)).toEqual(['national_code']);
  expect(isPersian(wrong.body.errors.national_code[0])).toBe(true);
  expect(await counts()).toEqual({ ...before, true: before.true + 2, audit: before.audit + 2 });
});
