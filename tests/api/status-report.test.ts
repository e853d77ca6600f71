import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusReport } from '../../src/contract/status-report.ts';
import { auditLog, legalPersonStatusSections, legalPersons } from '../../src/server/db/schema/index.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { SECTION_STALE_MESSAGE } from '../../src/server/modules/status-report/store.ts';
import type { ApiClient } from '../support/api-client.ts';
import { startTestApp } from '../support/api-client.ts';
import { clientAs, grantEmptyRole, isPersian, type TestApp } from '../support/auth.ts';

/**
 * The company status report against the real app: drafts prefilled from the registry, saving a
 * section and reading it back, the optimistic lock (409, nothing changed), 422 per field
 * (nothing changed), the audit row in the company's history, 404 and 403.
 */

let t: TestApp;
let analyst: ApiClient;
let auditor: ApiClient;
/** A company with shareholders, holdings and a board with seats in the seed. */
let companyId: number;

const base = (id: number) => `/api/person/legal-persons/status/${id}`;
const put = (c: ApiClient, id: number, n: number, json: unknown) =>
  c.request('PUT', `${base(id)}/section/${n}`, { json });
const sectionRows = () =>
  t.db.select().from(legalPersonStatusSections).where(eq(legalPersonStatusSections.legalPersonId, companyId));
const auditCount = async () => (await t.db.select().from(auditLog)).length;

beforeAll(async () => {
  t = await startTestApp();
  analyst = await clientAs(t, 'analyst', 'analyst', '10.30.0.1');
  auditor = await clientAs(t, 'auditor', 'auditor', '10.30.0.2');
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`SELECT lp.id FROM legal_persons lp
        WHERE lp.deleted_at IS NULL
          AND EXISTS (SELECT 1 FROM shareholdings s WHERE s.company_id = lp.id)
          AND EXISTS (SELECT 1 FROM shareholdings s WHERE s.holder_legal_id = lp.id)
          AND EXISTS (SELECT 1 FROM boards b JOIN board_seats bs ON bs.board_id = b.id WHERE b.company_id = lp.id)
        ORDER BY lp.id LIMIT 1`,
  );
  companyId = row!.id;
});
afterAll(() => t.dispose());

describe('reading the status report', () => {
  it('answers eleven unsaved drafts prefilled from the registry', async () => {
    const res = await analyst.get(base(companyId));
    expect(res.status).toBe(200);
    const report = res.body.data as StatusReport;
    const [lp] = await t.db.select().from(legalPersons).where(eq(legalPersons.id, companyId));
    expect(report.company).toEqual({ id: companyId, name: lp!.name, national_id: lp!.nationalId });
    expect(report.sections.map((s) => s.n)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(report.sections.every((s) => !s.saved && s.version === 0 && isPersian(s.title))).toBe(true);
    expect(report.sections[0]!.data.name).toBe(lp!.name);
    expect(report.sections[2]!.data.registered_capital).toBe(lp!.registeredCapital);

    const holders = await queryRows<{ share_count: string; percentage: string }>(
      t.db,
      sql`SELECT share_count::text, percentage::text FROM shareholdings WHERE company_id = ${companyId}
          ORDER BY percentage DESC, id`,
    );
    const rows = report.sections[3]!.data.rows as { share_count: string; fraction: string }[];
    expect(rows.map((r) => [r.share_count, r.fraction])).toEqual(
      holders.map((h) => [h.share_count, h.percentage]),
    );

    const seats = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM board_seats WHERE board_id =
            (SELECT id FROM boards WHERE company_id = ${companyId} ORDER BY term_start DESC NULLS LAST, id DESC LIMIT 1)`,
    );
    expect((report.sections[4]!.data.rows as unknown[]).length).toBe(seats[0]!.n);

    const held = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM shareholdings WHERE holder_legal_id = ${companyId}`,
    );
    expect((report.sections[8]!.data.rows as unknown[]).length).toBe(held[0]!.n);
    expect((report.sections[7]!.data.rows as { fiscal_year: number }[]).length).toBe(3);
  });

  it('answers 404 for a company that does not exist or is deleted, 422 for a bad id', async () => {
    expect((await analyst.get(base(99_999_999))).status).toBe(404);
    const [other] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM legal_persons WHERE id <> ${companyId} AND deleted_at IS NULL ORDER BY id DESC LIMIT 1`,
    );
    await t.db.update(legalPersons).set({ deletedAt: new Date() }).where(eq(legalPersons.id, other!.id));
    const gone = await analyst.get(base(other!.id));
    expect(gone.status).toBe(404);
    expect(isPersian(gone.body.message)).toBe(true);
    expect((await put(analyst, other!.id, 2, { version: 0, data: {} })).status).toBe(404);
    expect((await analyst.get(base(0).replace('/0', '/abc'))).status).toBe(422);
  });
});

describe('saving a section', () => {
  const capital = {
    registered_capital: '۱٬۰۰۰٬۰۰۰٬۰۰۰',
    share_count: '1000000',
    nominal_share_value: '۱۰۰۰',
    paid_in_capital: '800,000,000',
    last_capital_change_date: '۱۴۰۱/۰۳/۱۵',
    notes: 'افزايش سرمايه از محل مطالبات',
  };

  it('saves a section, reads it back saved, and audits it on the company', async () => {
    const before = await auditCount();
    const res = await put(analyst, companyId, 2, { version: 0, data: capital });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ n: 2, version: 1 });
    const [row] = await sectionRows();
    expect(row!.data).toEqual({
      registered_capital: '1000000000',
      share_count: '1000000',
      nominal_share_value: '1000',
      paid_in_capital: '800000000',
      last_capital_change_date: '2022-06-05',
      notes: 'افزایش سرمایه از محل مطالبات',
    });

    const read = (await analyst.get(base(companyId))).body.data as StatusReport;
    expect(read.sections[2]).toMatchObject({ saved: true, version: 1, data: row!.data });
    expect(read.sections[2]!.updated_by?.name).toContain('محمدی');
    expect(read.sections[3]!.saved).toBe(false);

    expect(await auditCount()).toBe(before + 1);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'legal_person'), eq(auditLog.entityId, String(companyId))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.action).toBe('update');
    expect((audit!.after as Record<string, unknown>)['سرمایه و سهام › سرمایه ثبتی (ریال)']).toBe(
      '1000000000',
    );
    expect(audit!.before).toEqual({});
    const history = await analyst.get(`/api/logs/view-entity/${companyId}/legal_person`);
    const change = (history.body.data as { changes: { field: string; after: unknown }[] }[])[0]!.changes.find(
      (c) => c.field === 'سرمایه و سهام › سرمایه پرداخت‌شده (ریال)',
    );
    expect(change?.after).toBe('800000000');

    // A second save with the version read: version 2, before holds the first save.
    const again = await put(analyst, companyId, 2, {
      version: 1,
      data: { ...capital, paid_in_capital: '900000000' },
    });
    expect(again.body.data.version).toBe(2);
    const [last] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect((last!.before as Record<string, unknown>)['سرمایه و سهام › سرمایه پرداخت‌شده (ریال)']).toBe(
      '800000000',
    );
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const [was] = await sectionRows();
    const audits = await auditCount();
    for (const version of [0, 1]) {
      const res = await put(analyst, companyId, 2, { version, data: { ...capital, notes: 'دیرهنگام' } });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(SECTION_STALE_MESSAGE);
      expect(res.body.stale).toBe(true);
      expect(res.body.current_version).toBe(2);
    }
    // A section never saved, sent with a version it never had.
    expect((await put(analyst, companyId, 9, { version: 3, data: {} })).status).toBe(409);
    expect(await sectionRows()).toEqual([was]);
    expect(await auditCount()).toBe(audits);
  });

  it('refuses bad input with 422 per field (table cells by row) and changes nothing', async () => {
    const [was] = await sectionRows();
    const audits = await auditCount();
    const bad = await put(analyst, companyId, 3, {
      version: 0,
      data: {
        rows: [
          { holder: 'سازمان الف', holder_type: 'حقوقی', share_count: '100', fraction: '40' },
          { holder: 'سازمان ب', holder_type: 'حقوقی', share_count: '200', fraction: '30' },
          { holder: '', holder_type: 'مریخی', share_count: 'ده', fraction: '140' },
        ],
      },
    });
    expect(bad.status).toBe(422);
    const fields = bad.body.errors as Record<string, string[]>;
    expect(Object.keys(fields).sort()).toEqual([
      'rows.2.fraction',
      'rows.2.holder',
      'rows.2.holder_type',
      'rows.2.share_count',
    ]);
    expect(Object.values(fields).flat().every(isPersian)).toBe(true);

    const mismatch = await put(analyst, companyId, 2, {
      version: 2,
      data: { ...capital, registered_capital: '5', paid_in_capital: '9' },
    });
    expect(mismatch.status).toBe(422);
    expect(Object.keys(mismatch.body.errors).sort()).toEqual(['paid_in_capital', 'registered_capital']);
    const date = await put(analyst, companyId, 4, { version: 0, data: { term_start: '1402/12/30' } });
    expect(Object.keys(date.body.errors)).toEqual(['term_start']);

    expect(await sectionRows()).toEqual([was]);
    expect(await auditCount()).toBe(audits);
  });

  it('answers 403 to a role without the permission, 422 to a section out of range', async () => {
    expect((await put(auditor, companyId, 2, { version: 2, data: capital })).status).toBe(403);
    expect((await auditor.get(base(companyId))).status).toBe(200);
    const role = await grantEmptyRole(t, 'auditor');
    const none = await clientAs(t, 'auditor', role, '10.30.0.3');
    expect((await none.get(base(companyId))).status).toBe(403);
    expect((await put(analyst, companyId, 11, { version: 0, data: {} })).status).toBe(422);
    const [row] = await sectionRows();
    expect(row!.version).toBe(2);
  });
});
