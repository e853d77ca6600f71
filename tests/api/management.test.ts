import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, smsLog, userRoles } from '../../src/server/db/schema/index.ts';
import { DEMO_PASSWORD, startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, lastCode, rowCounts, signIn, type TestApp, userIdOf } from '../support/auth.ts';

let t: TestApp;
let admin: ReturnType<TestApp['client']>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await clientAs(t, 'admin', undefined, '10.20.0.1');
});
afterAll(() => t.dispose());

const idOf = (username: string) => userIdOf(t, username);
const roleId = async (name: string) =>
  (await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)))[0]!.id;
const audits = (action: string, entityId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));

async function signUp(username: string, mobile: string) {
  const res = await t.client({ ip: '10.20.9.9' }).post('/api/signup?crf_pid=3', {
    form: {
      username,
      password: 'avalin-ramz-1',
      first_name: 'کاربر',
      last_name: 'تازه',
      mobile,
      national_code: '0499370899',
    },
  });
  expect(res.status).toBe(200);
  return idOf(username);
}

describe('users list', () => {
  it('pages, filters and sorts, with each user’s roles', async () => {
    const page = await admin.get('/api/management/users?per_page=2&page=1&sortBy=username');
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ page: 1, per_page: 2, total: 4 });
    expect(page.body.data.data.map((u: { username: string }) => u.username)).toEqual(['admin', 'analyst']);
    const analyst = page.body.data.data[1];
    expect(analyst.roles.map((r: { title: string }) => r.title).sort()).toEqual(
      ['تحلیلگر', 'مشاهده‌گر'].sort(),
    );
    expect(analyst).not.toHaveProperty('passwordHash');
    expect(analyst).not.toHaveProperty('password_hash');
    const desc = await admin.get('/api/management/users?sortBy=username&descending=true&per_page=1');
    expect(desc.body.data.data[0].username).toBe('nomination');
    const q = await admin.get(`/api/management/users?q=${encodeURIComponent('محمدی')}`);
    expect(q.body.data.data.map((u: { username: string }) => u.username)).toEqual(['analyst']);
    expect(page.body.data.next_cursor).toBeTruthy();
    const waiting = await admin.get('/api/management/users?status=waiting');
    expect(waiting.body.data.total).toBe(0);
    for (const [query, field] of [
      ['sortBy=password_hash', 'sortBy'],
      ['per_page=5000', 'per_page'],
      ['advanceFilter=[{"field":"password_hash","op":"eq","value":"x"}]', 'advanceFilter'],
    ]) {
      const bad = await admin.get(`/api/management/users?${query}`);
      expect([query, bad.status]).toEqual([query, 422]);
      expect(isPersian(bad.body.errors[field!][0])).toBe(true);
    }
  });
});

describe('account approval and status', () => {
  it('approves a waiting sign-up so it can sign in, once', async () => {
    const id = await signUp('waiting.user', '09125550001');
    const waiting = await admin.get('/api/management/users?status=waiting');
    expect(waiting.body.data.data.map((u: { id: number }) => u.id)).toEqual([id]);
    const res = await admin.post(`/api/management/users/${id}/approve`);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('active');
    expect(await audits('user.approve', id)).toHaveLength(1);
    const again = await admin.post(`/api/management/users/${id}/approve`);
    expect(again.status).toBe(409);
    expect(isPersian(again.body.message)).toBe(true);
    await signIn(t.client({ ip: '10.20.0.2' }), 'waiting.user', 'avalin-ramz-1');
  });

  it('deactivates an account, ending its sessions at once, and activates it again', async () => {
    const c = await clientAs(t, 'nomination', undefined, '10.20.0.3');
    const id = await idOf('nomination');
    const res = await admin.post(`/api/management/users/${id}/deactivate`);
    expect(res.status).toBe(200);
    expect((await c.get('/api/user')).status).toBe(401);
    const refused = await t.client({ ip: '10.20.0.4' }).post('/api/login', {
      form: { username: 'nomination', password: DEMO_PASSWORD },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.status).toBe('deactivated');
    expect((await admin.post(`/api/management/users/${id}/deactivate`)).status).toBe(409);
    expect((await admin.post(`/api/management/users/${id}/activate`)).status).toBe(200);
    await signIn(t.client({ ip: '10.20.0.4' }), 'nomination');
    expect(await audits('user.deactivate', id)).toHaveLength(1);
    expect(await audits('user.activate', id)).toHaveLength(1);
  });

  it('refuses to deactivate one’s own account, and answers 404 for unknown users', async () => {
    const self = await admin.post(`/api/management/users/${await idOf('admin')}/deactivate`);
    expect(self.status).toBe(409);
    expect((await admin.post('/api/management/users/99999/approve')).status).toBe(404);
  });
});

describe('user roles', () => {
  it('shows and replaces a user’s roles, audited', async () => {
    const id = await idOf('auditor');
    const got = await admin.get(`/api/management/users/${id}/roles`);
    expect(got.status).toBe(200);
    expect(got.body.data.role_ids).toEqual([await roleId('auditor')]);
    expect(got.body.data.roles.length).toBeGreaterThanOrEqual(5);
    const wanted = [await roleId('auditor'), await roleId('viewer')].sort((a, b) => a - b);
    const set = await admin.post(`/api/management/users/${id}/roles`, { json: { role_ids: wanted } });
    expect(set.status).toBe(200);
    const c = await clientAs(t, 'auditor', undefined, '10.20.1.1');
    expect((await c.get('/api/user/role/my-roles/')).body.data).toHaveLength(2);
    const [row] = await audits('user.roles', id);
    expect(row!.before).toEqual({ role_ids: [await roleId('auditor')] });
    expect(row!.after).toEqual({ role_ids: wanted });
  });

  it('refuses unknown roles (422) and a change to one’s own roles (403: the last super admin cannot leave), changing nothing', async () => {
    const before = await rowCounts(t.db, { userRoles, auditLog });
    const unknown = await admin.post(`/api/management/users/${await idOf('auditor')}/roles`, {
      json: { role_ids: [99999] },
    });
    expect(unknown.status).toBe(422);
    expect(isPersian(unknown.body.errors.role_ids[0])).toBe(true);
    const last = await admin.post(`/api/management/users/${await idOf('admin')}/roles`, {
      json: { role_ids: [await roleId('viewer')] },
    });
    expect(last.status).toBe(403);
    expect(isPersian(last.body.message)).toBe(true);
    expect(await rowCounts(t.db, { userRoles, auditLog })).toEqual(before);
    const held = await t.db
      .select()
      .from(userRoles)
      .where(eq(userRoles.userId, await idOf('admin')));
    expect(held.map((h) => h.roleId)).toEqual([await roleId('super_admin')]);
  });
});

describe('temporary password', () => {
  it('answers a text file with a working temporary password that must be changed', async () => {
    const c = await clientAs(t, 'analyst', undefined, '10.20.2.1');
    const id = await idOf('analyst');
    const res = await admin.post(`/api/user/reset-password/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('content-disposition')).toContain('attachment; filename="reset-analyst.txt"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const password = /گذرواژه موقت: (\S+)/.exec(res.body as string)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9]{12}$/);
    expect((await c.get('/api/user')).status).toBe(401);
    const fresh = t.client({ ip: '10.20.2.2' });
    expect((await signIn(fresh, 'analyst', password)).has_change_pass).toBe(true);
    expect((await fresh.get('/api/user/role/my-roles/')).body.has_change_pass).toBe(true);
    const [audit] = await audits('user.reset-password', id);
    expect(JSON.stringify(audit)).not.toContain(password!);
    expect((await admin.post('/api/user/reset-password/99999')).status).toBe(404);
  });
});

describe('roles and permissions', () => {
  it('lists roles with counts and permissions with their routes', async () => {
    const list = await admin.get('/api/management/roles');
    expect(list.status).toBe(200);
    const names = list.body.data.map((r: { name: string }) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(['super_admin', 'analyst', 'auditor', 'nomination', 'viewer']),
    );
    const perms = await admin.get('/api/management/permissions');
    const legal = perms.body.data.find((p: { ident: string }) => p.ident === 'person.legal.list');
    expect(legal.routes).toContain('/person/legal-persons');
    expect(isPersian(legal.title)).toBe(true);
  });

  it('creates a role (unique name, type staff) and sets its permissions', async () => {
    const created = await admin.post('/api/management/roles', {
      json: { name: 'board_clerk', title: 'دبیر هیئت' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'board_clerk', type: 'staff' });
    const dup = await admin.post('/api/management/roles', { json: { name: 'board_clerk', title: 'دیگر' } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.name).toBeTruthy();
    const id = created.body.data.id;
    const perms = await admin.get(`/api/management/roles/${id}/permissions`);
    expect(perms.body.data.permission_ids).toEqual([]);
    const pick = perms.body.data.permissions.slice(0, 3).map((p: { id: number }) => p.id);
    const put = await admin.request('PUT', `/api/management/roles/${id}/permissions`, {
      json: { permission_ids: pick },
    });
    expect(put.status).toBe(200);
    expect((await admin.get(`/api/management/roles/${id}/permissions`)).body.data.permission_ids).toEqual(
      pick,
    );
    expect(await audits('role.permissions', id)).toHaveLength(1);
    const unknown = await admin.request('PUT', `/api/management/roles/${id}/permissions`, {
      json: { permission_ids: [99999] },
    });
    expect(unknown.status).toBe(422);
  });

  it('keeps super_admin’s permissions whole', async () => {
    const id = await roleId('super_admin');
    const res = await admin.request('PUT', `/api/management/roles/${id}/permissions`, {
      json: { permission_ids: [] },
    });
    expect(res.status).toBe(409);
    const got = await admin.get(`/api/management/roles/${id}/permissions`);
    expect(got.body.data.permission_ids).toHaveLength(got.body.data.permissions.length);
  });
});

describe('logs', () => {
  it('lists sign-in attempts, filtered by username and success, newest first', async () => {
    await t
      .client({ ip: '10.20.3.1' })
      .post('/api/login', { form: { username: 'auditor', password: 'wrong-1' } });
    const res = await admin.get('/api/logs/users?username=auditor&success=false');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBeGreaterThanOrEqual(1);
    expect(res.body.data.data[0]).toMatchObject({ username: 'auditor', success: false, ip: '10.20.3.1' });
    const ok = await admin.get('/api/logs/users?success=true&per_page=100');
    expect(ok.body.data.data.every((r: { success: boolean }) => r.success)).toBe(true);
    const asc = await admin.get('/api/logs/users?sortBy=at&descending=false&per_page=1');
    expect(asc.body.data.data[0].id).toBeLessThan(res.body.data.data[0].id);
  });

  it('lists every SMS with its one-time code masked, in the log and in the API, whatever the provider', async () => {
    await t.client({ ip: '10.20.3.2' }).post('/api/login/send-otp', { form: { mobile: '09120000003' } });
    const code = await lastCode(t, '09120000003');
    const res = await admin.get('/api/logs/sms?mobile=09120000003');
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.data[0].purpose).toBe('login-otp');
    expect(res.body.data.data[0].body).not.toContain(code);
    expect(res.body.data.data[0].body).toContain('••••••');
    // the row itself never held the code
    const [stored] = await t.db.select().from(smsLog).where(eq(smsLog.mobile, '09120000003'));
    expect(stored!.body).not.toContain(code);
    // a row an earlier version kept in clear is masked on the way out
    await t.db.insert(smsLog).values({
      mobile: '09120000099',
      body: `کد ورود شما: 123456`,
      purpose: 'login-otp',
      provider: 'log',
    });
    const masked = await admin.get('/api/logs/sms?mobile=09120000099');
    expect(masked.body.data.data[0].body).not.toContain('123456');
    expect(masked.body.data.data[0].body).toContain('••••••');
  });
});
