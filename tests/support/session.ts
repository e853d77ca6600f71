import { eq } from 'drizzle-orm';
import { SESSION_COOKIE } from '../../src/server/auth/cookies.ts';
import { randomToken, sha256 } from '../../src/server/auth/tokens.ts';
import { roles, sessions, userRoles, users } from '../../src/server/db/schema/index.ts';
import type { ApiClient, startTestApp } from './api-client.ts';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/**
 * A client signed in as `username` without going through the sign-in calls: inserts a staff
 * session row (id = SHA-256 of a fresh token, like the real sessions) with `roleName` chosen
 * (or no role when null; the user is given the role if it did not hold it) and sets the
 * `nazer_session` cookie. Throws when the user or role is
 * missing from the seeded database.
 */
export async function signInAs(
  t: TestApp,
  username: string,
  roleName: string | null = 'super_admin',
): Promise<ApiClient> {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) throw new Error(`no user ${username} in the test database`);
  let roleId: number | null = null;
  if (roleName) {
    const [role] = await t.db.select({ id: roles.id }).from(roles).where(eq(roles.name, roleName));
    if (!role) throw new Error(`no role ${roleName} in the test database`);
    roleId = role.id;
    // A session's role only counts while the user holds it.
    await t.db.insert(userRoles).values({ userId: user.id, roleId }).onConflictDoNothing();
  }
  const token = randomToken();
  const now = t.deps.now();
  await t.db.insert(sessions).values({
    id: sha256(token),
    kind: 'staff',
    userId: user.id,
    roleId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 60 * 60_000),
  });
  const client = t.client();
  client.cookies.set(SESSION_COOKIE, token);
  return client;
}

/** Creates a role holding no permission (for 403 checks) and returns its name. */
export async function createEmptyRole(t: TestApp, name = 'no_rights'): Promise<string> {
  await t.db.insert(roles).values({ name, title: 'بدون دسترسی', type: 'staff' }).onConflictDoNothing();
  return name;
}
