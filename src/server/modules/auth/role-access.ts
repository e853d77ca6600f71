import { and, asc, count, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  contactMessageSeen,
  contactMessages,
  legalPersons,
  loginLog,
  permissions,
  rolePermissions,
  routePermissions,
  truePersons,
} from '../../db/schema/index.ts';

/**
 * The permissions a role holds and the client route patterns they open. A super_admin role
 * holds every permission and every pattern.
 */
export async function roleAccess(
  db: Db,
  role: { id: number; type: string },
): Promise<{ permissions: { id: number; ident: string; title: string }[]; routes: string[] }> {
  const held =
    role.type === 'super_admin'
      ? await db
          .select({ id: permissions.id, ident: permissions.ident, title: permissions.title })
          .from(permissions)
          .orderBy(asc(permissions.id))
      : await db
          .select({ id: permissions.id, ident: permissions.ident, title: permissions.title })
          .from(rolePermissions)
          .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
          .where(eq(rolePermissions.roleId, role.id))
          .orderBy(asc(permissions.id));
  const ids = held.map((p) => p.id);
  const rows = ids.length
    ? await db
        .selectDistinct({ pattern: routePermissions.pattern })
        .from(routePermissions)
        .where(inArray(routePermissions.permissionId, ids))
        .orderBy(asc(routePermissions.pattern))
    : [];
  return { permissions: held, routes: rows.map((r) => r.pattern) };
}

/** The condition "message `m` not yet seen by `userId`". */
export const unseenBy = (db: Db, userId: number) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(contactMessageSeen)
      .where(
        and(eq(contactMessageSeen.messageId, contactMessages.id), eq(contactMessageSeen.userId, userId)),
      ),
  );

/** The numbers shown after role selection: persons on record, unseen contacts, previous sign-in. */
export async function userReport(db: Db, userId: number) {
  const [[legal], [natural], [unseen], previous] = await Promise.all([
    db.select({ n: count() }).from(legalPersons),
    db.select({ n: count() }).from(truePersons),
    db.select({ n: count() }).from(contactMessages).where(unseenBy(db, userId)),
    db
      .select({ at: loginLog.at })
      .from(loginLog)
      .where(and(eq(loginLog.userId, userId), eq(loginLog.success, true)))
      .orderBy(desc(loginLog.at))
      .limit(2),
  ]);
  // The sign-in before this one (the latest is the current session's).
  const last = previous[1]?.at ?? null;
  return {
    legal_persons: legal?.n ?? 0,
    true_persons: natural?.n ?? 0,
    unseen_contacts: unseen?.n ?? 0,
    last_login_at: last ? last.toISOString() : null,
  };
}
