import { asc, count, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  permissionWithRoutes,
  rolePermissionIdsAnswer,
  rolePermissionsAnswer,
  roleSummary,
} from '../../../contract/api-management.ts';
import { role } from '../../../contract/auth.ts';
import { permissions, rolePermissions, roles, routePermissions, userRoles } from '../../db/schema/index.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { defineMutation } from '../../http/mutation.ts';
import { defineRoute } from '../../http/route.ts';
import { toRole } from '../auth/shape.ts';
import { assertMayChangePermissions } from './authority.ts';
import { idParams } from './users.ts';

/** GET /api/management/roles — `[{ id, name, title, type, users, permissions }]` (counts), by id. */
const listRoles = defineRoute({
  method: 'get',
  path: '/api/management/roles',
  permission: 'management.roles',
  summary: 'Roles with their user and permission counts',
  tags: ['management'],
  response: z.array(roleSummary),
  async handler({ db }) {
    const [all, holders, grants] = await Promise.all([
      db.select().from(roles).orderBy(asc(roles.id)),
      db.select({ id: userRoles.roleId, n: count() }).from(userRoles).groupBy(userRoles.roleId),
      db
        .select({ id: rolePermissions.roleId, n: count() })
        .from(rolePermissions)
        .groupBy(rolePermissions.roleId),
    ]);
    const total = await db.select({ n: count() }).from(permissions);
    return all.map((r) => ({
      ...toRole(r),
      users: holders.find((h) => h.id === r.id)?.n ?? 0,
      permissions:
        r.type === 'super_admin' ? (total[0]?.n ?? 0) : (grants.find((g) => g.id === r.id)?.n ?? 0),
    }));
  },
});

const NAME_TAKEN = 'نقشی با این نام هست؛ نام دیگری برگزینید';

/**
 * POST /api/management/roles — `{ name, title }` → the new role (type staff, no permissions).
 * `name`: lower-case Latin, digits and `_`; 422 on `name` when taken. New roles are never of type
 * super_admin. Audited.
 */
const createRole = defineMutation({
  method: 'post',
  path: '/api/management/roles',
  permission: 'management.roles',
  summary: 'Create a role',
  tags: ['management'],
  body: z.object({
    name: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_]{1,63}$/, 'نام لاتین نقش را با حروف کوچک، رقم و _ بنویسید (۲ تا ۶۴ نویسه)'),
    title: z.string().trim().min(1, 'عنوان فارسی نقش را وارد کنید').max(100, 'عنوان بیش از ۱۰۰ نویسه نباشد'),
  }),
  response: role,
  audit: { entity: 'role', action: 'role.create' },
  onUnique: () => invalid({ name: [NAME_TAKEN] }),
  async handler({ db, body }) {
    const [taken] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, body.name));
    if (taken) throw invalid({ name: [NAME_TAKEN] });
    const [row] = await db
      .insert(roles)
      .values({ name: body.name, title: body.title, type: 'staff' })
      .returning();
    return { id: row!.id, after: toRole(row!), result: toRole(row!) };
  },
});

const permissionColumns = {
  id: permissions.id,
  ident: permissions.ident,
  title: permissions.title,
  group: permissions.groupName,
};

/** GET /api/management/permissions — `[{ id, ident, title, group, routes: string[] }]`, by id. */
const listPermissions = defineRoute({
  method: 'get',
  path: '/api/management/permissions',
  permission: 'management.roles',
  summary: 'Every permission with the route patterns it opens',
  tags: ['management'],
  response: z.array(permissionWithRoutes),
  async handler({ db }) {
    const [all, patterns] = await Promise.all([
      db.select(permissionColumns).from(permissions).orderBy(asc(permissions.id)),
      db.select().from(routePermissions).orderBy(asc(routePermissions.id)),
    ]);
    return all.map((p) => ({
      ...p,
      routes: patterns.filter((r) => r.permissionId === p.id).map((r) => r.pattern),
    }));
  },
});

/**
 * GET /api/management/roles/:id/permissions — `{ role, permission_ids, permissions }`: the role,
 * the ids it holds (every id for super_admin) and every permission. 404 unknown role.
 */
const getRolePermissions = defineRoute({
  method: 'get',
  path: '/api/management/roles/:id{[0-9]+}/permissions',
  permission: 'management.roles',
  summary: 'A role’s permissions',
  tags: ['management'],
  params: idParams,
  response: rolePermissionsAnswer,
  async handler({ db, params }) {
    const [role] = await db.select().from(roles).where(eq(roles.id, params.id));
    if (!role) throw notFound('این نقش یافت نشد');
    const [all, held] = await Promise.all([
      db.select(permissionColumns).from(permissions).orderBy(asc(permissions.id)),
      db
        .select({ id: rolePermissions.permissionId })
        .from(rolePermissions)
        .where(eq(rolePermissions.roleId, params.id)),
    ]);
    const ids = role.type === 'super_admin' ? all.map((p) => p.id) : held.map((h) => h.id);
    return { role: toRole(role), permission_ids: ids.sort((a, b) => a - b), permissions: all };
  },
});

/**
 * PUT /api/management/roles/:id/permissions — `{ permission_ids: number[] }` replaces the role's
 * permissions → `{ permission_ids }`; holders feel it at their next request. 404 unknown role;
 * 409 for a super_admin role (it holds everything); 422 on `permission_ids` for unknown ids; 403
 * when a permission granted or removed is one the caller's role does not hold
 * (management/authority.ts). Audited with the idents before and after.
 */
const setRolePermissions = defineMutation({
  method: 'put',
  path: '/api/management/roles/:id{[0-9]+}/permissions',
  permission: 'management.roles',
  summary: 'Replace a role’s permissions',
  tags: ['management'],
  params: idParams,
  body: z.object({
    permission_ids: z
      .array(z.coerce.number().int().positive().max(2_147_483_647), { error: 'فهرست دسترسی‌ها را بفرستید' })
      .max(1000),
  }),
  response: rolePermissionIdsAnswer,
  audit: { entity: 'role', action: 'role.permissions' },
  async handler({ db, params, body, session }) {
    const wanted = [...new Set(body.permission_ids)].sort((a, b) => a - b);
    const [role] = await db.select().from(roles).where(eq(roles.id, params.id));
    if (!role) throw notFound('این نقش یافت نشد');
    if (role.type === 'super_admin') {
      throw conflict('نقش مدیر کل همه دسترسی‌ها را دارد و دسترسی‌هایش تغییر نمی‌کند');
    }
    const known = wanted.length
      ? await db.select(permissionColumns).from(permissions).where(inArray(permissions.id, wanted))
      : [];
    if (known.length !== wanted.length) {
      throw invalid({ permission_ids: ['دسترسی‌ای که برگزیده‌اید وجود ندارد'] });
    }
    const before = await db
      .select({ id: permissions.id, ident: permissions.ident, title: permissions.title })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.roleId, params.id));
    const had = new Set(before.map((b) => b.id));
    await assertMayChangePermissions(db, session, [
      ...known.filter((k) => !had.has(k.id)),
      ...before.filter((b) => !wanted.includes(b.id)),
    ]);
    await db.delete(rolePermissions).where(eq(rolePermissions.roleId, params.id));
    if (wanted.length) {
      await db
        .insert(rolePermissions)
        .values(wanted.map((permissionId) => ({ roleId: params.id, permissionId })));
    }
    return {
      id: params.id,
      before: { permissions: before.map((b) => b.ident).sort() },
      after: { permissions: known.map((k) => k.ident).sort() },
      result: { permission_ids: wanted },
    };
  },
});

export const roleManagementRoutes = [
  listRoles,
  createRole,
  listPermissions,
  getRolePermissions,
  setRolePermissions,
];
