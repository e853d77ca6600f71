import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  blockedIps,
  bulkOperations,
  entityLabels,
  labels,
  smsLog,
  users,
} from '../../src/server/db/schema/index.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import {
  chooseRole,
  clientAs,
  grantRole,
  isPersian,
  lastCode,
  rowCounts,
  type TestApp,
  userIdOf,
} from '../support/auth.ts';

/**
 * Findings 1–4 of the adversarial review (issue 13): who may see and do what. Each test fails on
 * the code before the fix. Finding 1's role-grant rules are also checked route by route in
 * authz-matrix.test.ts; the rest of the findings are in hardening-input.test.ts and
 * hardening-sessions.test.ts, finding 7 in import-bomb.test.ts, 10 in security.test.ts and 12
 * in src/domain/identifiers*.test.ts.
 */

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await clientAs(t, 'admin', undefined, '10.90.0.1');
});
afterAll(() => t.dispose());

const idOf = (username: string) => userIdOf(t, username);

describe('2. secrets in logs, and the unblock write', () => {
  it('never shows a one-time code to a log reader, so reading logs signs nobody in', async () => {
    const reader = await clientAs(
      t,
      'nomination',
      await grantRole(t, 'nomination', 'log_reader', ['logs.view']),
      '10.90.2.1',
    );
    await t.client({ ip: '10.90.2.2' }).post('/api/login/send-otp', { form: { mobile: '09120000001' } });
    const code = await lastCode(t, '09120000001');
    const res = await reader.get('/api/logs/sms?mobile=09120000001');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(code);
    const [row] = await t.db.select().from(smsLog).where(eq(smsLog.mobile, '09120000001'));
    expect(row!.body).not.toContain(code);
  });

  it('refuses to unblock an address to a role that may only read logs (logs.unblock is a write)', async () => {
    const now = new Date();
    const [block] = await t.db
      .insert(blockedIps)
      .values({
        ip: '10.90.2.9',
        reason: 'آزمون',
        blockedAt: now,
        blockedUntil: new Date(now.getTime() + 3_600_000),
      })
      .returning();
    const reader = await clientAs(t, 'nomination', 'log_reader', '10.90.2.3');
    const refused = await reader.post(`/api/logs/blocked-ips/${block!.id}/unblock`);
    expect(refused.status).toBe(403);
    const [still] = await t.db.select().from(blockedIps).where(eq(blockedIps.id, block!.id));
    expect(still!.unblockedAt).toBeNull();
    const unblocker = await clientAs(
      t,
      'nomination',
      await grantRole(t, 'nomination', 'log_unblocker', ['logs.view', 'logs.unblock']),
      '10.90.2.4',
    );
    expect((await unblocker.post(`/api/logs/blocked-ips/${block!.id}/unblock`)).status).toBe(200);
  });
});

describe('3. answers carry only what the caller may see', () => {
  it('searches no kind of person for a role that may list neither', async () => {
    const [person] = await queryRows<{ national_code: string }>(
      t.db,
      sql`SELECT national_code FROM true_persons WHERE deleted_at IS NULL AND national_code IS NOT NULL LIMIT 1`,
    );
    const [company] = await queryRows<{ national_id: string }>(
      t.db,
      sql`SELECT national_id FROM legal_persons WHERE deleted_at IS NULL AND national_id IS NOT NULL LIMIT 1`,
    );
    const dash = await clientAs(
      t,
      'auditor',
      await grantRole(t, 'auditor', 'dashboard_only', ['dashboard']),
      '10.90.3.1',
    );
    for (const q of [person!.national_code, company!.national_id]) {
      const res = await dash.get(`/api/search?q=${q}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ legalPersons: [], truePersons: [] });
    }
    const both = await clientAs(t, 'analyst', 'analyst', '10.90.3.2');
    const found = await both.get(`/api/search?q=${person!.national_code}`);
    expect(found.body.data.truePersons[0].national_code).toBe(person!.national_code);
  });

  it('lists no true person in the all-persons picker for a role that may not list them', async () => {
    const legalOnly = await clientAs(
      t,
      'auditor',
      await grantRole(t, 'auditor', 'legal_lister', ['person.legal.list', 'person.legal.view']),
      '10.90.3.3',
    );
    const res = await legalOnly.get('/api/person/all-persons?type=true');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(0);
    const all = await legalOnly.get('/api/person/all-persons?per_page=500');
    expect(all.body.data.data.every((r: { type: string }) => r.type === 'legal')).toBe(true);
    const analyst = await clientAs(t, 'analyst', 'analyst', '10.90.3.4');
    expect((await analyst.get('/api/person/all-persons?type=true')).body.data.total).toBeGreaterThan(0);
  });

  it('leaves true persons’ national codes out of a company’s view for a role that may not view them', async () => {
    const [row] = await queryRows<{ company_id: number }>(
      t.db,
      sql`SELECT company_id FROM shareholdings WHERE holder_type = 'true' LIMIT 1`,
    );
    const legalOnly = await clientAs(t, 'auditor', 'legal_lister', '10.90.3.5');
    const view = await legalOnly.get(`/api/person/legal-persons/${row!.company_id}`);
    const trueHolders = view.body.data.shareholders.filter(
      (s: { holder_type: string }) => s.holder_type === 'true',
    );
    expect(trueHolders.length).toBeGreaterThan(0);
    expect(trueHolders.every((s: { holder_national_id: unknown }) => s.holder_national_id === null)).toBe(
      true,
    );
    const page = await legalOnly.get(`/api/person/shareholders/${row!.company_id}`);
    expect(
      page.body.data.shareholders
        .filter((s: { holder_type: string }) => s.holder_type === 'true')
        .every((s: { holder_national_id: unknown }) => s.holder_national_id === null),
    ).toBe(true);
    const analyst = await clientAs(t, 'analyst', 'analyst', '10.90.3.6');
    const full = await analyst.get(`/api/person/legal-persons/${row!.company_id}`);
    expect(
      full.body.data.shareholders.some(
        (s: { holder_type: string; holder_national_id: string | null }) =>
          s.holder_type === 'true' && s.holder_national_id,
      ),
    ).toBe(true);
  });
});

describe('4. undo needs the permission the operation needed', () => {
  it('refuses the undo to its author once they switched to a read-only role, and allows it back in the editing role', async () => {
    const made = await admin.post('/api/labels', {
      json: { name: 'برچسب آزمون بازگشت', color: '#2e7d32', object_types: ['legal_person'] },
    });
    const label = made.body.data as { id: number };
    const ids = (
      await queryRows<{ id: number }>(
        t.db,
        sql`SELECT id FROM legal_persons WHERE deleted_at IS NULL ORDER BY id LIMIT 3`,
      )
    ).map((r) => Number(r.id));
    const c = await clientAs(t, 'analyst', 'analyst', '10.90.4.1');
    const op = await c.post('/api/person/legal-persons/bulk', {
      json: { action: 'label', labelId: label.id, ids },
    });
    expect(op.status, JSON.stringify(op.body)).toBe(200);
    const opId = op.body.data.operation.id as string;
    await chooseRole(c, 'viewer');
    const before = await rowCounts(t.db, { entityLabels, auditLog, bulkOperations });
    const refused = await c.post(`/api/bulk-operations/${opId}/undo`);
    expect(refused.status).toBe(403);
    expect(isPersian(refused.body.message)).toBe(true);
    expect(await rowCounts(t.db, { entityLabels, auditLog, bulkOperations })).toEqual(before);
    await chooseRole(c, 'analyst');
    expect((await c.post(`/api/bulk-operations/${opId}/undo`)).status).toBe(200);
    const left = await t.db.select().from(entityLabels).where(eq(entityLabels.labelId, label.id));
    expect(left).toEqual([]);
    await t.db.delete(labels).where(eq(labels.id, label.id));
  });
});

describe('a user manager cannot reach beyond its own role', () => {
  it('cannot reset the password of, deactivate or change the roles of an account with more power', async () => {
    const manager = await clientAs(
      t,
      'auditor',
      await grantRole(t, 'auditor', 'user_manager', ['management.users']),
      '10.90.12.1',
    );
    const adminId = await idOf('admin');
    const [hash] = await queryRows<{ h: string }>(
      t.db,
      sql`SELECT password_hash AS h FROM users WHERE id = ${adminId}`,
    );
    expect((await manager.post(`/api/user/reset-password/${adminId}`)).status).toBe(403);
    expect((await manager.post(`/api/management/users/${adminId}/deactivate`)).status).toBe(403);
    expect((await manager.post(`/api/management/users/${await idOf('analyst')}/deactivate`)).status).toBe(
      403,
    );
    const [after] = await queryRows<{ h: string }>(
      t.db,
      sql`SELECT password_hash AS h FROM users WHERE id = ${adminId}`,
    );
    expect(after!.h).toBe(hash!.h);
    const [u] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.id, adminId), eq(users.status, 'active')));
    expect(u).toBeDefined();
  });
});
