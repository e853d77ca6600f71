import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { generateNationalCode } from '../../src/domain/identifiers.ts';
import { createRng } from '../../src/domain/random.ts';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import { permissions, rolePermissions, roles, userRoles, users } from '../../src/server/db/schema/index.ts';
import type { AnyRoute } from '../../src/server/http/route.ts';
import { allRoutes } from '../../src/server/modules/index.ts';
import { type ApiClient, DEMO_PASSWORD, startTestApp } from '../support/api-client.ts';
import { chooseRole, isPersian, signIn, type TestApp } from '../support/auth.ts';

/**
 * The authorization matrix, generated from the route declarations (src/server/modules/index.ts):
 * every route × every identity — no session, a resume applicant (guest), a staff user before
 * choosing a role, each seeded role, and for every permission ident a route declares a role
 * holding exactly that one permission — answers as its declaration says:
 * - `public`: never refused for access (no 401, no access 403);
 * - `guest`: 401 for anyone but a verified applicant;
 * - `user`: 401 without a staff session, let through with one;
 * - `role`: 401 without a staff session, 403 before a role is chosen, let through after;
 * - an ident: 401 without a staff session, 403 before a role is chosen or for a role lacking the
 *   ident, let through (404/409/422 … are fine) for a role holding it (super_admin holds all).
 * "Let through" means neither 401 nor a 403 carrying one of the access refusals' messages (those
 * the matrix itself sees on declared refusals), so a handler's own 403 is not mistaken for one.
 *
 * Calls use ids no row has (999999): the handlers answer 404 instead of changing the demo data.
 * Routes that cannot be called as plainly are listed in SPECIAL with the reason and how.
 * Then the role-grant rules of finding 1 through POST /api/management/users/:id/roles.
 */

const SPECIAL_PERMISSIONS = new Set(['public', 'user', 'role', 'guest']);
const MISSING_ID = '999999';
const rng = createRng(5_150);

/** Routes that need more than ids and an empty body to be called as their identity, and why. */
const SPECIAL: Record<string, string> = {
  'GET /api/logout': 'ends the caller’s session: the identity signs in again after it',
  'GET /api/user/permission/my-role-permission/:role_id{[0-9]+}':
    'chooses a role: called with the identity’s own current role (any other id is the handler’s 403 «not your role»), so the session keeps it',
};

type Expected = 'pass' | 401 | 403;

interface Identity {
  name: string;
  kind: 'anon' | 'guest' | 'staff';
  username?: string;
  /** The role chosen (none: signed in without choosing). */
  role?: string;
  idents: Set<string> | 'all';
  client: ApiClient;
  roleId?: number;
}

function expected(route: AnyRoute, id: Identity): Expected {
  const p = route.permission;
  if (p === 'public') return 'pass';
  if (p === 'guest') return id.kind === 'guest' ? 'pass' : 401;
  if (id.kind !== 'staff') return 401;
  if (p === 'user') return 'pass';
  if (!id.role) return 403;
  if (p === 'role') return 'pass';
  return id.idents === 'all' || id.idents.has(p) ? 'pass' : 403;
}

/** The route's path with its parameters filled in plausibly, for `id`. */
function concrete(route: AnyRoute, id: Identity) {
  return route.path.replace(/:(\w+)(?:\{[^}]*\})?/g, (_, name: string) => {
    if (name === 'key') return 'table:authz-matrix';
    if (name === 'ncode') return generateNationalCode(rng);
    if (route.path.startsWith('/api/bulk-operations/')) return randomUUID();
    if (name === 'step') return '1';
    if (name === 'n') return '0';
    if (name === 'role_id') return String(id.roleId ?? MISSING_ID);
    return MISSING_ID;
  });
}

/** The routes by the permission they declare. */
const byPermission = new Map<string, AnyRoute[]>();
for (const route of allRoutes)
  byPermission.set(route.permission, [...(byPermission.get(route.permission) ?? []), route]);

/**
 * The routes `id` calls. Each seeded identity (no session, guest, no role, the seeded roles)
 * calls every route. A role holding exactly one permission X calls every route declaring X and,
 * for every other permission, one route declaring it, the `index`-th in turn: every pair of a
 * one-permission role and a permission it lacks is called, and across those roles every route
 * of a permission is called by a role lacking it (as long as a permission has fewer routes than
 * there are permissions), in a tenth of the calls of the whole square.
 */
function routesFor(id: Identity, index: number): AnyRoute[] {
  if (!id.role?.startsWith('authz_') || id.idents === 'all') return allRoutes;
  const own = [...id.idents];
  return [...byPermission].flatMap(([permission, routes]) =>
    own.includes(permission) ? routes : [routes[index % routes.length]!],
  );
}

const call = (c: ApiClient, route: AnyRoute, path: string) =>
  c.request(route.method.toUpperCase(), path, route.method === 'get' ? {} : { json: {} });

async function createUser(t: TestApp, username: string, roleNames: string[]) {
  const [user] = await t.db
    .insert(users)
    .values({
      username,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      firstName: 'آزمون',
      lastName: 'دسترسی',
      status: 'active',
    })
    .returning({ id: users.id });
  if (roleNames.length) {
    const held = await t.db.select({ id: roles.id }).from(roles).where(inArray(roles.name, roleNames));
    await t.db.insert(userRoles).values(held.map((r) => ({ userId: user!.id, roleId: r.id })));
  }
  return user!.id;
}

/** A role holding exactly `idents` (created in the database, as grantEmptyRole does). */
async function createRole(t: TestApp, name: string, idents: string[]) {
  const [role] = await t.db
    .insert(roles)
    .values({ name, title: `فقط ${idents.join('، ') || 'هیچ'}`, type: 'staff' })
    .returning({ id: roles.id });
  if (idents.length) {
    const perms = await t.db.select().from(permissions).where(inArray(permissions.ident, idents));
    expect(perms.map((p) => p.ident).sort()).toEqual([...idents].sort());
    await t.db.insert(rolePermissions).values(perms.map((p) => ({ roleId: role!.id, permissionId: p.id })));
  }
  return role!.id;
}

describe('authorization matrix: every route × every identity answers as declared', () => {
  let t: TestApp;
  const identities: Identity[] = [];
  const codes = new Map<string, string>();
  let ipSerial = 0;
  let guests = 0;

  async function establish(id: Identity) {
    ipSerial++;
    id.client = t.client({ ip: `10.60.${ipSerial >> 8}.${ipSerial & 0xff}` });
    if (id.kind === 'guest') {
      guests++;
      const body = {
        national_code: generateNationalCode(rng),
        mobile: `0937${String(10_000_000 + guests).slice(1)}`,
      };
      const sent = await id.client.post('/api/person/resume/check', { json: body });
      expect(sent.status).toBe(200);
      const code = codes.get(body.mobile);
      const res = await id.client.post('/api/person/resume/check-sms-code?crf_pid=3', {
        json: { ...body, code },
      });
      expect(res.status).toBe(200);
    } else if (id.kind === 'staff') {
      await signIn(id.client, id.username!);
      if (id.role) {
        const chosen = await chooseRole(id.client, id.role);
        id.roleId = chosen.role.id;
        if (id.idents !== 'all') id.idents = new Set(chosen.permissions.map((p) => p.ident));
      }
    }
  }

  /** Whether `id` still has its session and role (a call may have ended or changed them). */
  async function intact(id: Identity) {
    if (id.kind === 'anon') return true;
    if (id.kind === 'guest') return (await id.client.get('/api/person/resume')).status === 200;
    const me = await id.client.get('/api/user');
    return me.status === 200 && (me.body.data.role?.name ?? undefined) === id.role;
  }

  beforeAll(async () => {
    t = await startTestApp();
    // The codes sent by SMS, read as they go out (the SMS log keeps them masked).
    const inner = t.deps.sms;
    t.deps.sms = {
      name: inner.name,
      async send(db, msg) {
        const code = (msg as { secret?: string }).secret ?? msg.body.match(/\d{6}/)?.[0];
        if (code) codes.set(msg.mobile, code);
        await inner.send(db, msg);
      },
    };
    const idents = [
      ...new Set(allRoutes.map((r) => r.permission).filter((p) => !SPECIAL_PERMISSIONS.has(p))),
    ].sort();
    const custom: string[] = [];
    for (const ident of idents) {
      const name = `authz_${ident.replace(/\W/g, '_')}`;
      await createRole(t, name, [ident]);
      custom.push(name);
    }
    await createUser(t, 'authz_one', custom);
    const seeded = [
      { name: 'super_admin', username: 'admin', role: 'super_admin' },
      { name: 'analyst', username: 'analyst', role: 'analyst' },
      { name: 'viewer', username: 'analyst', role: 'viewer' },
      { name: 'auditor', username: 'auditor', role: 'auditor' },
      { name: 'nomination', username: 'nomination', role: 'nomination' },
    ];
    identities.push(
      { name: 'no session', kind: 'anon', idents: new Set(), client: undefined as never },
      { name: 'guest', kind: 'guest', idents: new Set(), client: undefined as never },
      // analyst holds two roles, so signing in chooses none.
      {
        name: 'no role chosen',
        kind: 'staff',
        username: 'analyst',
        idents: new Set(),
        client: undefined as never,
      },
      ...seeded.map(
        (s): Identity => ({
          ...s,
          kind: 'staff',
          idents: s.role === 'super_admin' ? 'all' : new Set(),
          client: undefined as never,
        }),
      ),
      ...custom.map(
        (role): Identity => ({
          name: role,
          kind: 'staff',
          username: 'authz_one',
          role,
          idents: new Set(),
          client: undefined as never,
        }),
      ),
    );
    for (const id of identities) await establish(id);
  }, 120_000);
  afterAll(() => t?.dispose());

  it('answers each route as its permission declares, for every identity', async () => {
    const results: { route: AnyRoute; id: Identity; want: Expected; status: number; message: string }[] = [];
    const accessMessages = new Set<string>();
    const mismatches: string[] = [];
    let reestablished = 0;
    for (const [index, id] of identities.entries()) {
      for (const route of routesFor(id, index)) {
        const path = concrete(route, id);
        const res = await call(id.client, route, path);
        const want = expected(route, id);
        const message = typeof res.body === 'object' && res.body ? String(res.body.message ?? '') : '';
        results.push({ route, id, want, status: res.status, message });
        if (want !== 'pass') {
          if (res.status !== want || !isPersian(message)) {
            mismatches.push(
              `${route.method.toUpperCase()} ${route.path} as ${id.name}: ${res.status}, declared ${want}`,
            );
          }
          if (res.status === 403) accessMessages.add(message);
        }
        if ((res.status < 400 || route.path === '/api/logout') && !(await intact(id))) {
          await establish(id);
          reestablished++;
        }
      }
    }
    const fiveHundreds: string[] = [];
    for (const r of results) {
      if (r.want !== 'pass') continue;
      if (r.status === 401 || (r.status === 403 && accessMessages.has(r.message))) {
        mismatches.push(
          `${r.route.method.toUpperCase()} ${r.route.path} as ${r.id.name}: ${r.status} «${r.message}», declared to let it through`,
        );
      }
      if (r.status >= 500)
        fiveHundreds.push(`${r.route.method.toUpperCase()} ${r.route.path} as ${r.id.name}`);
    }
    const count = (w: Expected) => results.filter((r) => r.want === w).length;
    console.log(
      [
        `authz matrix: ${allRoutes.length} routes, ${identities.length} identities: ${results.length} calls (${count('pass')} let through, ${count(401)} declared 401, ${count(403)} declared 403); ${reestablished} identities signed in again after a call`,
        `authz matrix: identities: ${identities.map((i) => i.name).join(', ')}`,
        `authz matrix: special routes: ${Object.entries(SPECIAL)
          .map(([k, v]) => `${k} (${v})`)
          .join('; ')}`,
        ...(fiveHundreds.length
          ? [`authz matrix: answers ≥ 500 (not access; see the fuzz test): ${fiveHundreds.join(', ')}`]
          : []),
        ...(mismatches.length ? [`authz matrix: ${mismatches.length} mismatches`, ...mismatches] : []),
      ].join('\n'),
    );
    // The matrix is not empty and covers each kind of answer; the special routes exist.
    expect(count('pass')).toBeGreaterThan(allRoutes.length * 3);
    expect(count(401)).toBeGreaterThan(allRoutes.length);
    expect(count(403)).toBeGreaterThan(allRoutes.length);
    for (const key of Object.keys(SPECIAL)) {
      expect(allRoutes.some((r) => `${r.method.toUpperCase()} ${r.path}` === key)).toBe(true);
    }
    expect(mismatches).toEqual([]);
  }, 600_000);
});

describe('role grants (finding 1): POST /api/management/users/:id/roles', () => {
  let t: TestApp;
  let admin: ApiClient;
  let manager: ApiClient;
  const ids: Record<string, number> = {};
  const roleId: Record<string, number> = {};

  const heldBy = async (userId: number) =>
    (await t.db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)))
      .map((r) => r.id)
      .sort((a, b) => a - b);
  const setRoles = (c: ApiClient, userId: number, names: string[]) =>
    c.post(`/api/management/users/${userId}/roles`, { json: { role_ids: names.map((n) => roleId[n]!) } });

  beforeAll(async () => {
    t = await startTestApp();
    for (const r of await t.db.select().from(roles)) roleId[r.name] = r.id;
    // A manager of users who is not a super admin, a role within its reach, and a user holding nothing.
    roleId.grant_manager = await createRole(t, 'grant_manager', ['management.users']);
    roleId.grant_lesser = await createRole(t, 'grant_lesser', ['management.users']);
    roleId.grant_nothing = await createRole(t, 'grant_nothing', []);
    ids.manager = await createUser(t, 'grant_manager_user', ['grant_manager']);
    ids.target = await createUser(t, 'grant_target', []);
    const [a] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    ids.admin = a!.id;
    admin = t.client({ ip: '10.61.0.1' });
    await signIn(admin, 'admin');
    manager = t.client({ ip: '10.61.0.2' });
    await signIn(manager, 'grant_manager_user');
    expect((await manager.get('/api/user')).body.data.role?.name).toBe('grant_manager');
  }, 120_000);
  afterAll(() => t?.dispose());

  // Each rule starts from the same holdings, whatever an earlier one changed (or failed to refuse).
  beforeEach(async () => {
    const holdings: [number, number[]][] = [
      [ids.admin!, [roleId.super_admin!]],
      [ids.manager!, [roleId.grant_manager!]],
      [ids.target!, []],
    ];
    for (const [userId, held] of holdings) {
      await t.db.delete(userRoles).where(eq(userRoles.userId, userId));
      if (held.length) await t.db.insert(userRoles).values(held.map((r) => ({ userId, roleId: r })));
    }
  });

  it('(a) a role with management.users but not super_admin cannot grant super_admin, to anyone or itself', async () => {
    const other = await setRoles(manager, ids.target!, ['super_admin']);
    expect(other.status).toBe(403);
    expect(isPersian(other.body.message)).toBe(true);
    const self = await setRoles(manager, ids.manager!, ['grant_manager', 'super_admin']);
    expect(self.status).toBe(403);
    expect(isPersian(self.body.message)).toBe(true);
    expect(await heldBy(ids.target!)).toEqual([]);
    expect(await heldBy(ids.manager!)).toEqual([roleId.grant_manager]);
  });

  it('(b) nobody grants a role holding a permission they do not hold; a role within their own is granted', async () => {
    const beyond = await setRoles(manager, ids.target!, ['analyst']);
    expect(beyond.status).toBe(403);
    expect(isPersian(beyond.body.message)).toBe(true);
    expect(await heldBy(ids.target!)).toEqual([]);
    const within = await setRoles(manager, ids.target!, ['grant_lesser', 'grant_nothing']);
    expect(within.status).toBe(200);
    expect(await heldBy(ids.target!)).toEqual(
      [roleId.grant_lesser, roleId.grant_nothing].sort((a, b) => a! - b!),
    );
    // super_admin holds every permission: it may grant analyst.
    const byAdmin = await setRoles(admin, ids.target!, ['grant_lesser', 'grant_nothing', 'analyst']);
    expect(byAdmin.status).toBe(200);
    // Taking analyst away is beyond the manager as well.
    const takeAway = await setRoles(manager, ids.target!, ['grant_lesser']);
    expect(takeAway.status).toBe(403);
    expect(await setRoles(admin, ids.target!, [])).toMatchObject({ status: 200 });
    expect(await heldBy(ids.target!)).toEqual([]);
  });

  it('(c) nobody changes their own roles, super admin included', async () => {
    const mine = await setRoles(manager, ids.manager!, ['grant_manager', 'grant_nothing']);
    expect(mine.status).toBe(403);
    expect(isPersian(mine.body.message)).toBe(true);
    expect(await heldBy(ids.manager!)).toEqual([roleId.grant_manager]);
    const adminSelf = await setRoles(admin, ids.admin!, ['super_admin', 'viewer']);
    expect(adminSelf.status).toBe(403);
    expect(isPersian(adminSelf.body.message)).toBe(true);
    expect(await heldBy(ids.admin!)).toEqual([roleId.super_admin]);
  });

  it('(d) the last active super admin keeps the role (409 by assertSuperAdminRemains, or 403 first)', async () => {
    // admin is the only active super admin. Removing its own role is (c); with (a) and (c) only a
    // user who is not a super admin can try it on admin, which the super_admin rule may refuse
    // (403) before assertSuperAdminRemains does (409). Either way the role stays.
    const res = await setRoles(manager, ids.admin!, []);
    expect([403, 409]).toContain(res.status);
    expect(isPersian(res.body.message)).toBe(true);
    expect(await heldBy(ids.admin!)).toEqual([roleId.super_admin]);
  });

  it('a user deactivating their own account gets 409 and stays active', async () => {
    const res = await admin.post(`/api/management/users/${ids.admin}/deactivate`);
    expect(res.status).toBe(409);
    expect(isPersian(res.body.message)).toBe(true);
    const [me] = await t.db.select({ status: users.status }).from(users).where(eq(users.id, ids.admin!));
    expect(me!.status).toBe('active');
  });

  it('(e) a super admin may grant super_admin to another user', async () => {
    const res = await setRoles(admin, ids.target!, ['super_admin']);
    expect(res.status).toBe(200);
    expect(await heldBy(ids.target!)).toEqual([roleId.super_admin]);
    const rows = await t.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.userId, ids.target!), eq(userRoles.roleId, roleId.super_admin!)));
    expect(rows).toHaveLength(1);
  });
});
