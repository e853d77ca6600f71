import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../http/list.ts';
import type { SessionInfo } from '../http/route.ts';

/**
 * What a role may do, read for answers that depend on more than the route's own permission
 * (fields of a search answer, which roles a user manager may grant). A super_admin role holds
 * every permission by its type, so its set is `'all'`.
 */
export type HeldPermissions = 'all' | ReadonlySet<string>;

/** The permission idents role `role` holds (`'all'` for super_admin, an empty set for no role). */
export async function heldPermissions(db: Db, role: SessionInfo['role']): Promise<HeldPermissions> {
  if (!role) return new Set();
  if (role.type === 'super_admin') return 'all';
  const rows = await queryRows<{ ident: string }>(
    db,
    sql`SELECT p.ident FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
        WHERE rp.role_id = ${role.id}`,
  );
  return new Set(rows.map((r) => r.ident));
}

/** True when `held` includes `ident`. */
export const holds = (held: HeldPermissions, ident: string) => held === 'all' || held.has(ident);

/** True when the session's current role is super_admin or holds permission `ident`. */
export async function roleHolds(db: Db, session: SessionInfo | null, ident: string): Promise<boolean> {
  return holds(await heldPermissions(db, session?.role ?? null), ident);
}
