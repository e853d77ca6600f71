import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../src/contract/route-registry.ts';
import {
  auditLog,
  contactMessages,
  permissions,
  rolePermissions,
  roles,
  settings,
} from '../../src/server/db/schema/index.ts';
import { queryRows } from '../../src/server/http/list.ts';
import type { AnyRoute } from '../../src/server/http/route.ts';
import { allRoutes } from '../../src/server/modules/index.ts';
import { startTestApp } from '../support/api-client.ts';
import { clientAs, isPersian, type TestApp } from '../support/auth.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.dispose());

/** The route's path with every parameter set to 1. */
const concrete = (r: AnyRoute) => r.path.replace(/:\w+(\{[^}]*\})?/g, '1');
const SPECIAL = new Set(['public', 'user', 'role', 'guest']);

async function call(c: ReturnType<TestApp['client']>, r: AnyRoute) {
  return c.request(r.method.toUpperCase(), concrete(r), r.method === 'get' ? {} : { json: {} });
}

async function roleIdents(name: string): Promise<Set<string>> {
  const rows = await t.db
    .select({ ident: permissions.ident })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .innerJoin(roles, eq(roles.id, rolePermissions.roleId))
    .where(eq(roles.name, name));
  return new Set(rows.map((r) => r.ident));
}

describe('every API route declares who may call it', () => {
  it('answers 401 to every non-public route without a session', async () => {
    const c = t.client({ ip: '10.10.0.1' });
    const guarded = allRoutes.filter((r) => r.permission !== 'public');
    expect(guarded.length).toBeGreaterThan(20);
    for (const r of guarded) {
      const res = await call(c, r);
      expect([r.method, r.path, res.status]).toEqual([r.method, r.path, 401]);
      expect(isPersian(res.body.message)).toBe(true);
    }
  });

  it('answers 403 to every route whose ident the current role lacks', async () => {
    const c = await clientAs(t, 'analyst', 'viewer', '10.10.0.2');
    const held = await roleIdents('viewer');
    const refused = allRoutes.filter((r) => !SPECIAL.has(r.permission) && !held.has(r.permission));
    expect(refused.length).toBeGreaterThan(10);
    for (const r of refused) {
      const res = await call(c, r);
      expect([r.method, r.path, res.status]).toEqual([r.method, r.path, 403]);
      expect(isPersian(res.body.message)).toBe(true);
    }
  });

  it('refuses role-bound and ident routes before a role is chosen', async () => {
    const c = await clientAs(t, 'analyst', undefined, '10.10.0.3');
    for (const r of allRoutes.filter((r) => r.permission === 'role' || !SPECIAL.has(r.permission))) {
      expect([r.path, (await call(c, r)).status]).toEqual([r.path, 403]);
    }
  });

  it('lets super_admin through every GET route that needs a role or an ident', async () => {
    const c = await clientAs(t, 'admin', undefined, '10.10.0.4');
    const gets = allRoutes.filter(
      (r) => r.method === 'get' && (r.permission === 'role' || !SPECIAL.has(r.permission)),
    );
    for (const r of gets) {
      const res = await call(c, r);
      expect([r.path, [401, 403].includes(res.status)]).toEqual([r.path, false]);
      expect([r.path, res.status < 500]).toEqual([r.path, true]);
    }
    const mine = await c.get('/api/user/permission/my-role-permission/1');
    expect(mine.body.data.permissions).toHaveLength(Object.keys(PERMISSIONS).length);
    expect(mine.body.data.routes).toContain('/management/users/list');
  });

  it('grants nothing for cookies or headers the browser sets', async () => {
    const forged = {
      headers: { rid: '1', oid: '1', 'x-page-path': '/management/users/list', 'x-role-id': '1' },
    };
    const anon = t.client({ ip: '10.10.0.5' });
    for (const name of ['role', 'role_id', 'isSuperAdmin', 'isAuthenticated', 'user'])
      anon.cookies.set(name, '1');
    anon.cookies.set('nazer_session', 'forged-token');
    expect((await anon.get('/api/user', forged)).status).toBe(401);
    expect((await anon.get('/api/management/users', forged)).status).toBe(401);
    const viewer = await clientAs(t, 'analyst', 'viewer', '10.10.0.6');
    viewer.cookies.set('role', '1');
    viewer.cookies.set('isSuperAdmin', 'true');
    expect((await viewer.get('/api/management/users', forged)).status).toBe(403);
    expect((await viewer.get('/api/logs/users', forged)).status).toBe(403);
  });
});

describe('role changes take effect at the next request', () => {
  it('applies a role-permission change to a signed-in holder at once, both ways', async () => {
    const admin = await clientAs(t, 'admin', undefined, '10.11.0.1');
    const viewer = await clientAs(t, 'analyst', 'viewer', '10.11.0.2');
    expect((await viewer.get('/api/management/users')).status).toBe(403);
    const [role] = await t.db.select().from(roles).where(eq(roles.name, 'viewer'));
    const current = await admin.get(`/api/management/roles/${role!.id}/permissions`);
    const ids: number[] = current.body.data.permission_ids;
    const [users] = await t.db.select().from(permissions).where(eq(permissions.ident, 'management.users'));
    const grant = await admin.request('PUT', `/api/management/roles/${role!.id}/permissions`, {
      json: { permission_ids: [...ids, users!.id] },
    });
    expect(grant.status).toBe(200);
    expect((await viewer.get('/api/management/users')).status).toBe(200);
    const routes = await viewer.get(`/api/user/permission/my-role-permission/${role!.id}`);
    expect(routes.body.data.routes).toContain('/management/users/list');
    const revoke = await admin.request('PUT', `/api/management/roles/${role!.id}/permissions`, {
      json: { permission_ids: ids },
    });
    expect(revoke.status).toBe(200);
    expect((await viewer.get('/api/management/users')).status).toBe(403);
  });

  it('keeps a granted answer in memory: voided by sign-out at once, and a change made outside the server is seen within AUTH_CACHE_MS', async () => {
    const viewer = await clientAs(t, 'analyst', 'viewer', '10.11.0.6');
    // Sign-out is a GET that ends the session: the old cookie must not keep working from memory.
    const stolen = [...viewer.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    expect((await viewer.get('/api/person/legal-persons')).status).toBe(200);
    expect((await viewer.get('/api/logout')).status).toBe(200);
    const replay = await t.app.request('/api/person/legal-persons', {
      headers: { cookie: stolen, 'x-forwarded-for': '10.11.0.6' },
    });
    expect(replay.status).toBe(401);
    // A revoke written straight into the database (not through the server) is seen once the
    // kept answer runs out (AUTH_CACHE_MS, 2 s by default).
    const again = await clientAs(t, 'analyst', 'viewer', '10.11.0.7');
    expect((await again.get('/api/person/legal-persons')).status).toBe(200);
    const [viewerRole] = await t.db.select().from(roles).where(eq(roles.name, 'viewer'));
    const [list] = await t.db.select().from(permissions).where(eq(permissions.ident, 'person.legal.list'));
    const where = and(eq(rolePermissions.roleId, viewerRole!.id), eq(rolePermissions.permissionId, list!.id));
    expect((await t.db.delete(rolePermissions).where(where).returning()).length).toBe(1);
    try {
      await new Promise((r) => setTimeout(r, t.deps.config.AUTH_CACHE_MS + 100));
      expect((await again.get('/api/person/legal-persons')).status).toBe(403);
    } finally {
      await t.db.insert(rolePermissions).values({ roleId: viewerRole!.id, permissionId: list!.id });
    }
  });

  it('voids the current role of a user who loses it', async () => {
    const admin = await clientAs(t, 'admin', undefined, '10.11.0.3');
    const c = await clientAs(t, 'analyst', 'viewer', '10.11.0.4');
    expect((await c.get('/api/user/menu-list')).status).toBe(200);
    const analystId = (await c.get('/api/user')).body.data.user.id;
    const [analystRole] = await t.db.select().from(roles).where(eq(roles.name, 'analyst'));
    const [viewerRole] = await t.db.select().from(roles).where(eq(roles.name, 'viewer'));
    const set = await admin.post(`/api/management/users/${analystId}/roles`, {
      json: { role_ids: [analystRole!.id] },
    });
    expect(set.status).toBe(200);
    const res = await c.get('/api/user/menu-list');
    expect(res.status).toBe(403);
    expect((await c.get('/api/user')).body.data.role).toBeNull();
    await admin.post(`/api/management/users/${analystId}/roles`, {
      json: { role_ids: [analystRole!.id, viewerRole!.id] },
    });
  });
});

describe('menu, keep-alive and settings', () => {
  it('shows each role only the menu entries it may open, nested by section', async () => {
    const viewer = await clientAs(t, 'analyst', 'viewer', '10.12.0.1');
    const admin = await clientAs(t, 'admin', undefined, '10.12.0.2');
    const paths = (items: { path: string | null; children: unknown[] }[]): string[] =>
      items.flatMap((i) => [...(i.path ? [i.path] : []), ...paths(i.children as never)]);
    const v = await viewer.get('/api/user/menu-list');
    const a = await admin.get('/api/user/menu-list');
    expect(v.status).toBe(200);
    expect(
      v.body.data.every((s: { path: null; children: unknown[] }) => s.path === null && s.children.length),
    ).toBe(true);
    expect(paths(v.body.data)).toEqual(
      expect.arrayContaining(['/', '/person/legal-persons', '/person/true-persons']),
    );
    expect(paths(v.body.data)).not.toContain('/management/users/list');
    expect(paths(v.body.data)).not.toContain('/logs/users');
    expect(paths(a.body.data)).toEqual(expect.arrayContaining(['/management/users/list', '/logs/users']));
  });

  it('counts unseen contact messages per user and marks them seen, one or all', async () => {
    const c = await clientAs(t, 'auditor', undefined, '10.12.0.3');
    const admin = await clientAs(t, 'admin', undefined, '10.12.0.4');
    const total = (await t.db.select().from(contactMessages)).length;
    expect(total).toBeGreaterThan(0);
    const first = await c.get('/api/user/keep-alive');
    expect(first.status).toBe(200);
    expect(first.body.data.unseenContactsCount).toBe(total);
    // the cartable: open issues assigned to the auditor that they have not opened since
    const [cartable] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM issues i JOIN users u ON u.id = i.assignee_id
          WHERE u.username = 'auditor' AND i.assignee_seen_at IS NULL
            AND i.status NOT IN ('closed', 'declined', 'duplicate')`,
    );
    expect(cartable!.n).toBeGreaterThan(0);
    expect(first.body.data.cartables).toBe(cartable!.n);
    const id = first.body.data.unseenContacts[0].id;
    expect((await c.post(`/api/user/contacts/${id}/seen`)).status).toBe(200);
    const second = await c.get('/api/user/keep-alive');
    expect(second.body.data.unseenContactsCount).toBe(total - 1);
    expect(second.body.data.unseenContacts.map((m: { id: number }) => m.id)).not.toContain(id);
    expect((await c.post('/api/user/contacts/999999/seen')).status).toBe(404);
    expect((await c.post('/api/user/contacts/seen-all')).status).toBe(200);
    const third = await c.get('/api/user/keep-alive');
    expect(third.body.data).toMatchObject({ unseenContacts: [], unseenContactsCount: 0 });
    expect((await admin.get('/api/user/keep-alive')).body.data.unseenContactsCount).toBe(total);
  });

  it('serves the public settings with the default colours', async () => {
    const res = await t.client().get('/api/settings');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      app_name: 'ناظر',
      short_name: 'ناظر',
      logo: '/favicon.svg',
      first_color: '#5d4037',
      second_color: '#424242',
      fourth_color: '#ffaa2f',
    });
  });

  it('lets a settings manager change a colour (validated, audited) and add a setting', async () => {
    const admin = await clientAs(t, 'admin', undefined, '10.12.0.5');
    const list = await admin.get('/api/settings-list');
    const first = list.body.data.find((s: { key: string }) => s.key === 'first_color');
    const bad = await admin.post(`/api/update-settings/${first.id}`, { json: { value: 'red' } });
    expect(bad.status).toBe(422);
    expect(isPersian(bad.body.errors.value[0])).toBe(true);
    const ok = await admin.post(`/api/update-settings/${first.id}`, { json: { value: '#1B5E20' } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.value).toBe('#1b5e20');
    expect((await t.client().get('/api/settings')).body.data.first_color).toBe('#1b5e20');
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.entityId, String(first.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toMatchObject({ value: '#5d4037' });
    expect((await admin.post('/api/update-settings/99999', { json: { value: 'x' } })).status).toBe(404);
    const added = await admin.post('/api/add-settings/', {
      json: { key: 'third_color', value: '#00ff00', title: 'سوم' },
    });
    expect(added.status).toBe(200);
    const dup = await admin.post('/api/add-settings/', { json: { key: 'third_color', value: '#00ff00' } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.key).toBeTruthy();
    const [row] = await t.db.select().from(settings).where(eq(settings.key, 'third_color'));
    expect(row!.value).toBe('#00ff00');
  });
});
