import { type SQL, sql } from 'drizzle-orm';
import { heldPermissions, holds } from '../../auth/permissions.ts';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import type { SessionInfo } from '../../http/route.ts';

/**
 * Who may manage whom. Holding `management.users` or `management.roles` lets a role manage
 * accounts and roles, not widen its own reach (OWASP ASVS 4.0 V4.1.3, least privilege, and
 * V4.2: no privilege escalation through administrative functions):
 * - only a super admin grants, removes or acts on the super_admin role or its holders;
 * - nobody grants a role, or a permission, that holds something they do not hold themselves;
 * - nobody acts on an account (roles, status, password) whose roles reach beyond their own;
 * - nobody changes their own roles.
 * The last active super admin is kept by `assertSuperAdminRemains` (users.ts).
 */

interface RoleReach {
  id: number;
  title: string;
  type: string;
  idents: string[];
}

/** Type, title and permission idents of each role `which` selects (a condition on `r.id`). */
function reachOfRoles(db: Db, which: SQL): Promise<RoleReach[]> {
  return queryRows<RoleReach>(
    db,
    sql`SELECT r.id, r.title, r.type,
          coalesce(array_agg(p.ident) FILTER (WHERE p.ident IS NOT NULL), '{}') AS idents
        FROM roles r
        LEFT JOIN role_permissions rp ON rp.role_id = r.id
        LEFT JOIN permissions p ON p.id = rp.permission_id
        WHERE ${which}
        GROUP BY r.id, r.title, r.type`,
  );
}

/** 403 (`message` naming the role) when the caller's permissions do not cover every role of `reach`. */
async function refuseBeyond(
  db: Db,
  session: SessionInfo | null,
  reach: RoleReach[],
  message: (role: string) => string,
) {
  const held = await heldPermissions(db, session?.role ?? null);
  if (held === 'all') return;
  const over = reach.find((r) => r.type === 'super_admin' || r.idents.some((i) => !holds(held, i)));
  if (!over) return;
  if (over.type === 'super_admin')
    throw forbidden('تنها مدیر کل سامانه نقش مدیر کل را می‌دهد، می‌گیرد یا دارندگانش را تغییر می‌دهد');
  throw forbidden(message(over.title));
}

/**
 * 403 unless the caller (`session`'s current role) may act on user `userId`: every role the user
 * holds is within the caller's permissions (a super_admin holder only by a super admin).
 */
export async function assertMayManageUser(db: Db, session: SessionInfo | null, userId: number) {
  const reach = await reachOfRoles(
    db,
    sql`r.id IN (SELECT role_id FROM user_roles WHERE user_id = ${userId})`,
  );
  await refuseBeyond(
    db,
    session,
    reach,
    (role) => `این کاربر نقش «${role}» را دارد که دسترسی‌هایی فراتر از نقش شما دارد`,
  );
}

/**
 * 403 when the caller changes their own roles, or grants or removes (`changed`) a role that
 * reaches beyond the caller's permissions.
 */
export async function assertMayChangeRoles(
  db: Db,
  session: SessionInfo | null,
  userId: number,
  changed: number[],
) {
  if (session?.user?.id === userId) throw forbidden('نقش‌های خودتان را نمی‌توانید تغییر دهید');
  if (changed.length === 0) return;
  const reach = await reachOfRoles(db, sql`r.id = ANY(${sql.param(changed)}::int[])`);
  await refuseBeyond(
    db,
    session,
    reach,
    (role) => `نقش «${role}» دسترسی‌هایی دارد که نقش شما ندارد؛ آن را نمی‌توانید بدهید یا بگیرید`,
  );
}

/** 403 when the caller grants or removes a permission (`changed`) their role does not hold. */
export async function assertMayChangePermissions(
  db: Db,
  session: SessionInfo | null,
  changed: { ident: string; title: string }[],
) {
  const held = await heldPermissions(db, session?.role ?? null);
  const missing = changed.filter((p) => !holds(held, p.ident));
  if (missing.length) {
    const titles = missing.map((p) => `«${p.title}»`).join('، ');
    throw forbidden(`دسترسی‌هایی را که خود ندارید نمی‌توانید بدهید یا بگیرید: ${titles}`);
  }
}
