import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  blockedIps,
  loginLog,
  otpCodes,
  rolePermissions,
  roles,
  sessions,
  settings,
  smsLog,
  throttles,
  userRoles,
  users,
} from '../../src/server/db/schema/index.ts';
import { allRoutes } from '../../src/server/modules/index.ts';
import { DEMO_PASSWORD, startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, rowCounts, signIn, type TestApp } from '../support/auth.ts';

let t: TestApp;
let admin: ReturnType<TestApp['client']>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await clientAs(t, 'admin', undefined, '10.30.0.1');
});
afterAll(() => t.dispose());

const MINUTE = 60_000;
const TABLES = {
  users,
  roles,
  userRoles,
  rolePermissions,
  settings,
  auditLog,
  loginLog,
  smsLog,
  otpCodes,
  throttles,
  blockedIps,
  sessions,
};

describe('anti-forgery', () => {
  it('refuses a POST without the X-XSRF-TOKEN header with 419 and a Persian message, sign-in included', async () => {
    const c = t.client({ ip: '10.30.1.1' });
    const res = await c.post('/api/login', {
      form: { username: 'admin', password: DEMO_PASSWORD },
      xsrf: false,
    });
    expect(res.status).toBe(419);
    expect(isPersian(res.body.message)).toBe(true);
    expect(c.cookies.has('nazer_session')).toBe(false);
    const signedIn = await clientAs(t, 'admin', undefined, '10.30.1.2');
    const before = await rowCounts(t.db, TABLES);
    const post = await signedIn.post('/api/management/roles', {
      json: { name: 'x_role', title: 'ایکس' },
      xsrf: false,
    });
    expect(post.status).toBe(419);
    const put = await signedIn.request('PUT', '/api/management/roles/2/permissions', {
      json: { permission_ids: [] },
      xsrf: false,
    });
    expect(put.status).toBe(419);
    expect(await rowCounts(t.db, TABLES)).toEqual(before);
  });

  it('refuses a header that does not match the cookie', async () => {
    const c = t.client({ ip: '10.30.1.3' });
    const res = await c.post('/api/login', {
      form: { username: 'admin', password: DEMO_PASSWORD },
      xsrf: false,
      headers: { 'x-xsrf-token': 'something-else' },
    });
    expect(res.status).toBe(419);
  });

  it('sends the security headers on API answers', async () => {
    const res = await t.client().get('/api/settings');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
  });
});

describe('throttling', () => {
  it('answers 429 with Retry-After at the fifth wrong password from an address, even for the right one then, until the window ends; another address signs in', async () => {
    const c = t.client({ ip: '10.30.2.1' });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof c.post>> | undefined;
    for (let i = 0; i < 5; i++) {
      last = await c.post('/api/login', { form: { username: 'auditor', password: `wrong-${i}` } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    const retry = Number(last!.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect(isPersian(last!.body.message)).toBe(true);
    // The lock is on the account at this address: the right password from here waits too …
    const here = await t.client({ ip: '10.30.2.1' }).post('/api/login', {
      form: { username: 'auditor', password: DEMO_PASSWORD },
    });
    expect(here.status).toBe(429);
    expect(Number(here.headers.get('retry-after'))).toBeGreaterThan(0);
    const logged = await t.db.select().from(loginLog).where(eq(loginLog.reason, 'throttled'));
    expect(logged.length).toBeGreaterThan(0);
    // … while the user elsewhere is not locked out by someone failing on purpose (finding 10).
    await signIn(t.client({ ip: '10.30.2.2' }), 'auditor');
    t.advance(15 * MINUTE + 1000);
    await signIn(t.client({ ip: '10.30.2.1' }), 'auditor');
  });

  it('resets the account counter at a successful sign-in', async () => {
    const c = t.client({ ip: '10.30.2.3' });
    for (let i = 0; i < 4; i++)
      await c.post('/api/login', { form: { username: 'nomination', password: 'nope-1' } });
    await signIn(c, 'nomination');
    for (let i = 0; i < 4; i++) {
      expect(
        (await c.post('/api/login', { form: { username: 'nomination', password: 'nope-1' } })).status,
      ).toBe(422);
    }
  });

  it('blocks an address that keeps failing, lists it, refuses every API call from it, and unblocks it', async () => {
    const ip = '10.30.3.1';
    const c = t.client({ ip });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await c.post('/api/login', { form: { username: `ghost-${i}`, password: 'x' } });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 19).every((s) => s === 422)).toBe(true);
    expect(statuses[19]).toBe(403);
    for (const res of [
      await c.get('/api/settings'),
      await c.get('/api/health'),
      await c.get('/api/openapi.json'),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.blocked).toBe(true);
      expect(isPersian(res.body.message)).toBe(true);
    }
    // Even the right password, from that address.
    expect(
      (await c.post('/api/login', { form: { username: 'admin', password: DEMO_PASSWORD } })).status,
    ).toBe(403);
    expect((await t.client({ ip: '10.30.3.2' }).get('/api/settings')).status).toBe(200);
    const list = await admin.get(`/api/logs/blocked-ips?ip=${ip}`);
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(1);
    const row = list.body.data.data[0];
    expect(row).toMatchObject({ ip, active: true, unblocked_at: null });
    expect(isPersian(row.reason)).toBe(true);
    const unblock = await admin.post(`/api/logs/blocked-ips/${row.id}/unblock`);
    expect(unblock.status).toBe(200);
    expect((await c.get('/api/settings')).status).toBe(200);
    await signIn(c, 'admin');
    expect((await admin.post(`/api/logs/blocked-ips/${row.id}/unblock`)).status).toBe(409);
    const after = await admin.get(`/api/logs/blocked-ips?ip=${ip}`);
    expect(after.body.data.data[0].active).toBe(false);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'ip.unblock'));
    expect(audit).toBeTruthy();
  });

  it('lifts a block by itself after 30 minutes', async () => {
    const ip = '10.30.3.3';
    const c = t.client({ ip });
    for (let i = 0; i < 20; i++)
      await c.post('/api/login', { form: { username: `shade-${i}`, password: 'x' } });
    expect((await c.get('/api/settings')).status).toBe(403);
    t.advance(31 * MINUTE);
    expect((await c.get('/api/settings')).status).toBe(200);
  });
});

describe('malformed input', () => {
  const MB = 'ب'.repeat(1024 * 1024);
  const badUtf8 = new Uint8Array([0x7b, 0x22, 0x75, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]);

  /** [method, path, malformed bodies that must each be refused with the given status]. */
  const CASES: [string, string, { body: Record<string, unknown>; status: number; fields: string[] }[]][] = [
    [
      'POST',
      '/api/login',
      [
        { body: { json: { username: 5, password: true } }, status: 422, fields: ['username', 'password'] },
        { body: { json: {} }, status: 422, fields: ['username', 'password'] },
        { body: { json: { username: MB, password: MB } }, status: 422, fields: ['username', 'password'] },
        { body: { form: { username: 'admin' } }, status: 422, fields: ['password'] },
      ],
    ],
    [
      'POST',
      '/api/signup?crf_pid=3',
      [
        {
          body: { json: { username: ['a'], password: 1, first_name: null } },
          status: 422,
          fields: ['username', 'password', 'first_name', 'last_name', 'mobile', 'national_code'],
        },
        {
          body: {
            json: {
              username: MB,
              password: MB,
              first_name: MB,
              last_name: 'x',
              mobile: '09121234567',
              national_code: '0499370899',
            },
          },
          status: 422,
          fields: ['username', 'password', 'first_name'],
        },
      ],
    ],
    [
      'POST',
      '/api/login/send-otp',
      [{ body: { json: { mobile: 9121234567 } }, status: 422, fields: ['mobile'] }],
    ],
    [
      'POST',
      '/api/user/forget-password/reset',
      [
        {
          body: { json: { mobile: '09120000001', code: 123456 } },
          status: 422,
          fields: ['code', 'password', 'password_confirmation'],
        },
      ],
    ],
    [
      'POST',
      '/api/management/users/2/roles',
      [
        { body: { json: { role_ids: 'all' } }, status: 422, fields: ['role_ids'] },
        { body: { json: { role_ids: [1, 'x', -3] } }, status: 422, fields: ['role_ids.1', 'role_ids.2'] },
      ],
    ],
    [
      'PUT',
      '/api/management/roles/2/permissions',
      [{ body: { json: { permission_ids: [{}] } }, status: 422, fields: ['permission_ids.0'] }],
    ],
    [
      'POST',
      '/api/management/roles',
      [{ body: { json: { name: 'Bad Name!', title: MB } }, status: 422, fields: ['name', 'title'] }],
    ],
    ['POST', '/api/update-settings/1', [{ body: { json: { value: MB } }, status: 422, fields: ['value'] }]],
    [
      'POST',
      '/api/add-settings/',
      [{ body: { json: { key: 1, value: [] } }, status: 422, fields: ['key', 'value'] }],
    ],
  ];

  it('answers 422 with Persian messages per field, never 500, and changes nothing', async () => {
    const c = await clientAs(t, 'admin', undefined, '10.30.4.1');
    const before = await rowCounts(t.db, TABLES);
    for (const [method, path, cases] of CASES) {
      for (const k of cases) {
        const res = await c.request(method, path, k.body);
        expect([method, path, res.status]).toEqual([method, path, k.status]);
        expect(Object.keys(res.body.errors).sort()).toEqual([...k.fields].sort());
        for (const messages of Object.values(res.body.errors as Record<string, string[]>)) {
          for (const m of messages) expect([path, m, isPersian(m)]).toEqual([path, m, true]);
        }
      }
    }
    expect(await rowCounts(t.db, TABLES)).toEqual(before);
  });

  it('answers 400 to bad JSON and bad UTF-8 on every route with a body, and changes nothing', async () => {
    const c = await clientAs(t, 'admin', undefined, '10.30.4.2');
    const before = await rowCounts(t.db, TABLES);
    const withBody = allRoutes.filter((r) => r.body && r.permission !== 'guest');
    expect(withBody.length).toBeGreaterThan(10);
    for (const r of withBody) {
      // a well-formed path (a preference key is `table:<list>`), so the body is what is judged
      const path =
        r.path.replace(/:(?!key\b)\w+/g, '1').replace(':key', 'table:x') +
        (r.path === '/api/signup' ? '?crf_pid=3' : '');
      const method = r.method.toUpperCase();
      const json = await c.request(method, path, {
        raw: '{"username": "adm',
        contentType: 'application/json',
      });
      expect([path, json.status]).toEqual([path, 400]);
      expect(isPersian(json.body.message)).toBe(true);
      const utf8 = await c.request(method, path, { raw: badUtf8, contentType: 'application/json' });
      expect([path, utf8.status]).toEqual([path, 400]);
      const form = await c.request(method, path, {
        raw: badUtf8,
        contentType: 'application/x-www-form-urlencoded',
      });
      expect([path, form.status]).toEqual([path, 400]);
      const array = await c.request(method, path, { json: [1, 2, 3] });
      expect([path, array.status]).toEqual([path, 422]);
    }
    expect(await rowCounts(t.db, TABLES)).toEqual(before);
  });

  it('answers 413 to a body over the size limit', async () => {
    const res = await t.client({ ip: '10.30.4.3' }).post('/api/login', {
      raw: `{"username":"${'a'.repeat(17 * 1024 * 1024)}"}`,
    });
    expect(res.status).toBe(413);
    expect(isPersian(res.body.message)).toBe(true);
  });

  it('answers 422 for malformed path and query parameters', async () => {
    const c = await clientAs(t, 'admin', undefined, '10.30.4.4');
    expect((await c.post('/api/management/users/abc/approve')).status).toBe(422);
    expect((await c.post('/api/management/users/99999999999/approve')).status).toBe(422);
    expect((await c.get('/api/logs/users?page=0&descending=maybe')).status).toBe(422);
    expect((await c.get('/api/logs/sms?page=%FF')).status).toBe(422);
  });
});
