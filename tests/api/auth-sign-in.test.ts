import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { loginLog, roles, users } from '../../src/server/db/schema/index.ts';
import { DEMO_PASSWORD, startTestApp } from '../support/api-client.ts';
import { chooseRole, isPersian, signIn, type TestApp } from '../support/auth.ts';

/** Password sign-in, role selection and session expiry. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.dispose());

const MINUTE = 60_000;

describe('password sign-in', () => {
  it('signs in, sets a HttpOnly Secure SameSite=Lax session cookie and answers the user', async () => {
    const c = t.client({ ip: '10.1.0.1' });
    const res = await c.post('/api/login', { form: { username: 'admin', password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ username: 'admin', status: 'active' });
    expect(res.body.data.has_change_pass).toBe(false);
    const cookie = res.headers.getSetCookie().find((l) => l.startsWith('nazer_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//i);
    // One role: it is set at once.
    const me = await c.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body.data.role).toMatchObject({ name: 'super_admin', type: 'super_admin' });
  });

  it('accepts a JSON body too, and usernames in any case', async () => {
    const c = t.client({ ip: '10.1.0.2' });
    const res = await c.post('/api/login', { json: { username: 'Auditor', password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.data.user.username).toBe('auditor');
  });

  it('answers 422 with a Persian message on password for a wrong password or unknown user, and logs both', async () => {
    const c = t.client({ ip: '10.1.0.3' });
    const wrong = await c.post('/api/login', { form: { username: 'nomination', password: 'not-it-1' } });
    const unknown = await c.post('/api/login', { form: { username: 'nobody-here', password: 'x' } });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(422);
      expect(isPersian(res.body.message)).toBe(true);
      expect(isPersian(res.body.errors.password[0])).toBe(true);
    }
    expect(wrong.body.message).toBe(unknown.body.message);
    const rows = await t.db.select().from(loginLog).where(eq(loginLog.ip, '10.1.0.3'));
    expect(rows.map((r) => [r.username, r.success, r.reason])).toEqual([
      ['nomination', false, 'wrong_password'],
      ['nobody-here', false, 'unknown_user'],
    ]);
  });

  it('renews the session id at sign-in: the earlier cookie stops working', async () => {
    const c = t.client({ ip: '10.1.0.4' });
    await signIn(c, 'auditor');
    const first = c.cookies.get('nazer_session')!;
    await signIn(c, 'auditor');
    const second = c.cookies.get('nazer_session')!;
    expect(second).not.toBe(first);
    const old = t.client();
    old.cookies.set('nazer_session', first);
    expect((await old.get('/api/user')).status).toBe(401);
    expect((await c.get('/api/user')).status).toBe(200);
  });

  it('refuses a waiting and a deactivated account with 403 and a Persian message after a right password', async () => {
    await t.db.insert(users).values([
      {
        username: 'waiting-one',
        passwordHash: await hashPassword('waiting-pass-1'),
        firstName: 'الف',
        lastName: 'ب',
        status: 'waiting',
      },
      {
        username: 'gone-one',
        passwordHash: await hashPassword('gone-pass-1'),
        firstName: 'الف',
        lastName: 'ب',
        status: 'deactivated',
      },
    ]);
    const c = t.client({ ip: '10.1.0.5' });
    const waiting = await c.post('/api/login', {
      form: { username: 'waiting-one', password: 'waiting-pass-1' },
    });
    expect(waiting.status).toBe(403);
    expect(waiting.body.status).toBe('waiting');
    expect(isPersian(waiting.body.message)).toBe(true);
    const gone = await c.post('/api/login', { form: { username: 'gone-one', password: 'gone-pass-1' } });
    expect(gone.status).toBe(403);
    expect(gone.body.status).toBe('deactivated');
    expect(c.cookies.has('nazer_session')).toBe(false);
  });

  it('answers 401 for GET /api/user without a session', async () => {
    const res = await t.client().get('/api/user');
    expect(res.status).toBe(401);
    expect(isPersian(res.body.message)).toBe(true);
  });

  it('signs out: the session ends and its cookie is cleared; sign-out without a session also answers 200', async () => {
    const c = t.client({ ip: '10.1.0.6' });
    await signIn(c, 'auditor');
    const token = c.cookies.get('nazer_session')!;
    const res = await c.get('/api/logout');
    expect(res.status).toBe(200);
    expect(c.cookies.has('nazer_session')).toBe(false);
    const stale = t.client();
    stale.cookies.set('nazer_session', token);
    expect((await stale.get('/api/user')).status).toBe(401);
    // without a session, with the anti-forgery token any page of the app holds
    const visitor = t.client();
    await visitor.get('/api/health');
    expect((await visitor.get('/api/logout')).status).toBe(200);
  });

  it('refuses a sign-out another site asks for (no anti-forgery header): the session stays', async () => {
    const c = t.client({ ip: '10.1.0.7' });
    await signIn(c, 'auditor');
    const res = await c.get('/api/logout', { xsrf: false });
    expect(res.status).toBe(419);
    expect(isPersian(res.body.message)).toBe(true);
    expect((await c.get('/api/user')).status).toBe(200);
  });
});

describe('roles and their selection', () => {
  it('leaves the role open for a user with two roles and lists both', async () => {
    const c = t.client({ ip: '10.2.0.1' });
    await signIn(c, 'analyst');
    expect((await c.get('/api/user')).body.data.role).toBeNull();
    const mine = await c.get('/api/user/role/my-roles/');
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((r: { name: string }) => r.name).sort()).toEqual(['analyst', 'viewer']);
    // Without a role, role-bound calls are refused.
    expect((await c.get('/api/user/menu-list')).status).toBe(403);
  });

  it('sets the role, renews the session id and answers routes, permissions and the user report', async () => {
    const c = t.client({ ip: '10.2.0.2' });
    await signIn(c, 'analyst');
    const before = c.cookies.get('nazer_session')!;
    const data = await chooseRole(c, 'viewer');
    expect(c.cookies.get('nazer_session')).not.toBe(before);
    expect(data.routes).toContain('/person/legal-persons');
    expect(data.routes).not.toContain('/management/users/list');
    expect(data.permissions.map((p) => p.ident)).toContain('person.legal.view');
    expect(data).toHaveProperty('userReport.legal_persons');
    expect(data).toHaveProperty('userReport.unseen_contacts');
    expect((await c.get('/api/user')).body.data.role.name).toBe('viewer');
    const old = t.client();
    old.cookies.set('nazer_session', before);
    expect((await old.get('/api/user')).status).toBe(401);
  });

  it('refuses a role the user does not hold with 403', async () => {
    const c = t.client({ ip: '10.2.0.3' });
    await signIn(c, 'auditor');
    const res = await c.get(`/api/user/permission/my-role-permission/${await roleIdOf('super_admin')}`);
    expect(res.status).toBe(403);
    expect(isPersian(res.body.message)).toBe(true);
    expect((await c.get('/api/user')).body.data.role.name).toBe('auditor');
  });

  it('answers 422 for a role id that is not a number', async () => {
    const c = t.client({ ip: '10.2.0.4' });
    await signIn(c, 'auditor');
    const res = await c.get('/api/user/permission/my-role-permission/abc');
    expect(res.status).toBe(422);
    expect(res.body.errors.role_id).toBeTruthy();
  });
});

describe('session expiry', () => {
  it('ends a session idle for longer than the idle limit (60 minutes)', async () => {
    const c = t.client({ ip: '10.3.0.1' });
    await signIn(c, 'auditor');
    t.advance(30 * MINUTE);
    expect((await c.get('/api/user')).status).toBe(200);
    t.advance(50 * MINUTE); // 50 minutes after the last request: still within 60
    expect((await c.get('/api/user')).status).toBe(200);
    t.advance(61 * MINUTE);
    expect((await c.get('/api/user')).status).toBe(401);
  });

  it('ends a session 12 hours after sign-in however busy it is', async () => {
    const c = t.client({ ip: '10.3.0.2' });
    await signIn(c, 'auditor');
    for (let h = 0; h < 23; h++) {
      t.advance(30 * MINUTE);
      expect((await c.get('/api/user')).status).toBe(200);
    }
    t.advance(31 * MINUTE); // 12 h + 1 min after sign-in
    expect((await c.get('/api/user')).status).toBe(401);
  });
});

async function roleIdOf(name: string) {
  const [row] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return row!.id;
}
