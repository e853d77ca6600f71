import { z } from 'zod';
import { id, int, listPageOf } from './api-envelope.ts';
import { role, user } from './auth.ts';

/**
 * The answers of user, role and permission management (GET/POST /api/management/…), as the
 * management screens read them.
 */

const ids = z.array(id);

/** GET /api/management/users: one staff account with the roles it holds. */
export const managedUser = user.extend({
  national_code: z.string().nullable(),
  has_change_pass: z.boolean(),
  created_at: z.iso.datetime(),
  last_login_at: z.iso.datetime().nullable(),
  roles: z.array(z.object({ id, title: z.string() })),
});
export const managedUserPage = listPageOf(managedUser);

/** POST /api/management/users/{id}/approve | deactivate | activate: the account's new status. */
export const userStatusAnswer = z.object({ id, status: user.shape.status });

/** GET /api/management/users/{id}/roles: the user, the ids of the roles held, and every role. */
export const userRolesAnswer = z.object({ user, role_ids: ids, roles: z.array(role) });
/** POST /api/management/users/{id}/roles: the ids now held. */
export const userRoleIdsAnswer = z.object({ role_ids: ids });

/** GET /api/management/roles: every role with how many users hold it and how many permissions it has. */
export const roleSummary = role.extend({ users: int, permissions: int });

/** A permission: its ident, Persian title and group. */
export const permission = z.object({ id, ident: z.string(), title: z.string(), group: z.string() });
/** GET /api/management/permissions: every permission with the client route patterns it opens. */
export const permissionWithRoutes = permission.extend({ routes: z.array(z.string()) });

/** GET /api/management/roles/{id}/permissions: the role, the ids it holds (all for super_admin), every permission. */
export const rolePermissionsAnswer = z.object({
  role,
  permission_ids: ids,
  permissions: z.array(permission),
});
/** PUT /api/management/roles/{id}/permissions: the ids now held. */
export const rolePermissionIdsAnswer = z.object({ permission_ids: ids });
