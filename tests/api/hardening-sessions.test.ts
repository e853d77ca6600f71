import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { sessions } from '../../src/server/db/schema/index.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { type ApiClient, startTestApp } from '../support/api-client.ts';
import {
  chooseRole,
  clientAs,
  grantRole,
  isPersian,
  signIn,
  type TestApp,
  userIdOf,
} from '../support/auth.ts';

/**
 * Findings 8, 9 and 11 of the adversarial review (issue 13): anti-forgery, state-changing GETs,
 * probing and caching. Each test fails on the code before the fix.
 */

let t: TestApp;
let admin: ApiClient;
beforeAll(async () => {
  t = await startTestApp();
  admin = await clientAs(t, 'admin', undefined, '10.90.0.1');
});
afterAll(() => t.dispose());

const idOf = (username: string) => userIdOf(t, username);

describe('8. the anti-forgery token is bound to the session and renewed', () => {
  it('refuses a cookie and header pair made up by someone else, even with a real session', async () => {
    const c = await clientAs(t, 'analyst', 'analyst', '10.90.8.1');
    const forged = 'forged-token-the-attacker-planted';
    c.cookies.set('XSRF-TOKEN', forged);
    const res = await c.post('/api/person/legal-persons/bulk', {
      json: { action: 'delete', ids: [1] },
      headers: { 'x-xsrf-token': forged },
    });
    expect(res.status).toBe(419);
    expect(isPersian(res.body.message)).toBe(true);
  });

  it('refuses another session’s valid token', async () => {
    const a = await clientAs(t, 'analyst', 'analyst', '10.90.8.2');
    const b = await clientAs(t, 'auditor', 'auditor', '10.90.8.3');
    const stolen = b.cookies.get('XSRF-TOKEN')!;
    a.cookies.set('XSRF-TOKEN', stolen);
    const res = await a.post('/api/person/legal-persons/bulk', { json: { action: 'delete', ids: [1] } });
    expect(res.status).toBe(419);
  });

  it('renews the token at sign-in and at role change: the earlier one stops working', async () => {
    const c = t.client({ ip: '10.90.8.4' });
    await c.get('/api/health');
    const anonymous = c.cookies.get('XSRF-TOKEN')!;
    await signIn(c, 'analyst');
    const signedIn = c.cookies.get('XSRF-TOKEN')!;
    expect(signedIn).not.toBe(anonymous);
    await chooseRole(c, 'analyst');
    const withRole = c.cookies.get('XSRF-TOKEN')!;
    expect(withRole).not.toBe(signedIn);
    for (const old of [anonymous, signedIn]) {
      c.cookies.set('XSRF-TOKEN', old);
      const res = await c.request('DELETE', '/api/user/preferences/table:legal-persons');
      expect(res.status).toBe(419);
    }
    c.cookies.set('XSRF-TOKEN', withRole);
    const ok = await c.request('DELETE', '/api/user/preferences/table:legal-persons');
    expect(ok.status).toBe(200);
  });
});

describe('9. GET calls that change state are refused cross-site', () => {
  it('does not choose a role without the anti-forgery header', async () => {
    const c = t.client({ ip: '10.90.9.1' });
    await signIn(c, 'analyst');
    const [role] = await queryRows<{ id: number }>(t.db, sql`SELECT id FROM roles WHERE name = 'viewer'`);
    const res = await c.get(`/api/user/permission/my-role-permission/${role!.id}`, { xsrf: false });
    expect(res.status).toBe(419);
    const [s] = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, await idOf('analyst')));
    expect((await c.get('/api/user')).body.data.role).toBeNull();
    expect(s).toBeDefined();
    expect((await c.get(`/api/user/permission/my-role-permission/${role!.id}`)).status).toBe(200);
  });
});

describe('11. probing and caching', () => {
  it('answers 404 alike for a document that exists but may not be seen and for one that does not exist', async () => {
    const [company] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM legal_persons WHERE deleted_at IS NULL LIMIT 1`,
    );
    const [type] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM document_types WHERE 'legal' = ANY(owner_types) AND 'application/pdf' = ANY(mime_types) LIMIT 1`,
    );
    const form = new FormData();
    form.set('document_type_id', String(type!.id));
    form.set('title', 'مستند آزمون');
    form.set(
      'file',
      new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], 'a.pdf', { type: 'application/pdf' }),
    );
    const req = new Request('http://local/', { method: 'POST', body: form });
    const up = await admin.post(`/api/person/legal-persons/${company!.id}/documents`, {
      raw: await req.arrayBuffer(),
      contentType: req.headers.get('content-type')!,
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const blind = await clientAs(
      t,
      'auditor',
      await grantRole(t, 'auditor', 'true_only', ['person.true.view']),
      '10.90.11.1',
    );
    const hidden = await blind.get(`/api/documents/${up.body.data.id}/file`);
    const missing = await blind.get('/api/documents/2147483000/file');
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
  });

  it('asks browsers to keep to HTTPS while cookies are Secure, as configured', async () => {
    const res = await t.client().get('/api/health');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
    const off = createApp({ ...t.deps, config: { ...t.deps.config, HSTS_MAX_AGE: 0 } });
    expect((await off.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
  });

  it('marks API answers not to be stored', async () => {
    const c = await clientAs(t, 'analyst', 'analyst', '10.90.11.2');
    for (const path of ['/api/user', '/api/person/legal-persons', '/api/health', '/api/nowhere']) {
      expect((await c.get(path)).headers.get('cache-control'), path).toBe('no-store');
    }
  });
});
