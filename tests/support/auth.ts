import { count, eq, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../src/server/db/client.ts';
import { permissions, rolePermissions, roles, userRoles, users } from '../../src/server/db/schema/index.ts';
import { type ApiClient, DEMO_PASSWORD, type startTestApp } from './api-client.ts';

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** Signs `c` in through POST /api/login; throws with the answer when it is not 200. */
export async function signIn(c: ApiClient, username: string, password = DEMO_PASSWORD) {
  const res = await c.post('/api/login', { form: { username, password } });
  if (res.status !== 200)
    throw new Error(`sign-in of ${username}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { user: { id: number; username: string }; has_change_pass: boolean };
}

/** Chooses the role named `name` (GET my-roles, then my-role-permission); returns RolePermissions. */
export async function chooseRole(c: ApiClient, name: string) {
  const mine = await c.get('/api/user/role/my-roles/');
  const role = (mine.body.data as { id: number; name: string }[]).find((r) => r.name === name);
  if (!role) throw new Error(`role ${name} not held: ${JSON.stringify(mine.body)}`);
  const res = await c.get(`/api/user/permission/my-role-permission/${role.id}`);
  if (res.status !== 200) throw new Error(`choose ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { role: { id: number }; routes: string[]; permissions: { ident: string }[] };
}

/** A fresh client from `ip`, signed in as `username` with `role` chosen (if given). */
export async function clientAs(t: TestApp, username: string, role?: string, ip?: string) {
  const c = t.client(ip ? { ip } : undefined);
  await signIn(c, username);
  if (role) await chooseRole(c, role);
  return c;
}

/**
 * The six-digit code in the latest SMS to `mobile`, read from the SMS provider's output (the
 * server's console): the SMS log keeps codes masked.
 */
export async function lastCode(t: Pick<TestApp, 'smsOutput'>, mobile: string): Promise<string> {
  const line = t.smsOutput.findLast((l) => l.startsWith(`[sms] to ${mobile} `));
  const code = line?.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code sent to ${mobile}`);
  return code;
}

/** Row counts of `tables`, to show a refused request changed nothing. */
export async function rowCounts(db: Db, tables: Record<string, PgTable>) {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await db.select({ n: count() }).from(table);
    out[name] = row?.n ?? 0;
  }
  return out;
}

/** True when `text` has Persian letters. */
export const isPersian = (text: unknown) => typeof text === 'string' && /[\u0600-\u06FF]/.test(text);

/** Creates a role holding no permission (for 403 checks), gives it to `username`, returns its name. */
export async function grantEmptyRole(t: TestApp, username: string, name = 'no_rights'): Promise<string> {
  const [role] = await t.db
    .insert(roles)
    .values({ name, title: 'بدون دسترسی', type: 'staff' })
    .onConflictDoUpdate({ target: roles.name, set: { title: 'بدون دسترسی' } })
    .returning({ id: roles.id });
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  await t.db.insert(userRoles).values({ userId: user!.id, roleId: role!.id }).onConflictDoNothing();
  return name;
}

/**
 * Creates (or refills) role `name` holding exactly `idents`, gives it to `username`, returns its
 * name: a custom role with the permissions a test needs and nothing more.
 */
export async function grantRole(
  t: TestApp,
  username: string,
  name: string,
  idents: string[],
): Promise<string> {
  const [role] = await t.db
    .insert(roles)
    .values({ name, title: `نقش آزمون ${name}`, type: 'staff' })
    .onConflictDoUpdate({ target: roles.name, set: { type: 'staff' } })
    .returning({ id: roles.id });
  await t.db.delete(rolePermissions).where(eq(rolePermissions.roleId, role!.id));
  if (idents.length) {
    const held = await t.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.ident, idents));
    if (held.length !== idents.length) throw new Error(`unknown permission among ${idents.join(', ')}`);
    await t.db.insert(rolePermissions).values(held.map((p) => ({ roleId: role!.id, permissionId: p.id })));
  }
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  await t.db.insert(userRoles).values({ userId: user!.id, roleId: role!.id }).onConflictDoNothing();
  return name;
}

/** The id of the account named `username`. */
export async function userIdOf(t: Pick<TestApp, 'db'>, username: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}
