import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { type RolePermissions, role, rolePermissions } from '../../../contract/auth.ts';
import { rotateSession } from '../../auth/sessions.ts';
import { roles, userRoles } from '../../db/schema/index.ts';
import { forbidden } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { roleAccess, userReport } from './role-access.ts';
import { toRole } from './shape.ts';

/** GET /api/user/role/my-roles/ — the roles the signed-in user holds: `Role[]`, by id. */
const myRoles = defineRoute({
  method: 'get',
  path: '/api/user/role/my-roles',
  alsoAt: '/api/user/role/my-roles/',
  permission: 'user',
  summary: 'The roles the signed-in user holds',
  tags: ['auth'],
  response: z.array(role),
  async handler({ db, session }) {
    const rows = await db
      .select({ id: roles.id, name: roles.name, title: roles.title, type: roles.type })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, session!.user!.id))
      .orderBy(asc(roles.id));
    return rows.map(toRole);
  },
});

/**
 * GET /api/user/permission/my-role-permission/:role_id — makes that role the session's current
 * role (the session id is renewed when the role changes: the old cookie stops working) and answers `RolePermissions`:
 * the role, its route patterns, its permissions and the user report. 403 when the user does not
 * hold the role. It changes state, so it needs the anti-forgery token (419 without); the answer
 * renews the token for the renewed session.
 */
const myRolePermission = defineRoute({
  method: 'get',
  path: '/api/user/permission/my-role-permission/:role_id{[0-9]+}',
  permission: 'user',
  changesState: true,
  response: rolePermissions,
  summary: 'Choose a role: it becomes the session’s role; its routes and permissions',
  tags: ['auth'],
  params: z.object({ role_id: z.coerce.number().int().positive().max(2_147_483_647) }),
  async handler({ c, db, deps, params, session }): Promise<RolePermissions> {
    const [role] = await db
      .select({ id: roles.id, name: roles.name, title: roles.title, type: roles.type })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(userRoles.userId, session!.user!.id), eq(userRoles.roleId, params.role_id)));
    if (!role) throw forbidden('این نقش به شما داده نشده است؛ یکی از نقش‌های خود را برگزینید');
    // Choosing the role the session already has changes nothing, so the id is kept: renewing it
    // would only race requests the page has in flight with the current cookie.
    if (session!.role?.id !== role.id) await rotateSession(c, deps, session!, { roleId: role.id });
    const access = await roleAccess(db, role);
    return {
      role: toRole(role),
      routes: access.routes,
      permissions: access.permissions.map(({ ident, title }) => ({ ident, title })),
      userReport: await userReport(db, session!.user!.id),
    };
  },
});

export const roleRoutes = [myRoles, myRolePermission];
