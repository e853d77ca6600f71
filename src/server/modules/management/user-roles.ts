import { asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { userRoleIdsAnswer, userRolesAnswer } from '../../../contract/api-management.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { defineMutation } from '../../http/mutation.ts';
import { defineRoute } from '../../http/route.ts';
import { toRole, toUser } from '../auth/shape.ts';
import { assertMayChangeRoles, assertMayManageUser } from './authority.ts';
import { assertSuperAdminRemains, idParams } from './users.ts';

const roleIds = z
  .array(z.coerce.number().int().positive().max(2_147_483_647), { error: 'فهرست نقش‌ها را بفرستید' })
  .max(100, 'حداکثر ۱۰۰ نقش');

/**
 * GET /api/management/users/:id/roles — `{ user, role_ids, roles }`: the user, the ids of the
 * roles they hold and every role (to choose from). 404 unknown user.
 */
const getUserRoles = defineRoute({
  method: 'get',
  path: '/api/management/users/:id{[0-9]+}/roles',
  permission: 'management.users',
  summary: 'A user’s roles and every role',
  tags: ['management'],
  params: idParams,
  response: userRolesAnswer,
  async handler({ db, params }) {
    const [user] = await db.select().from(users).where(eq(users.id, params.id));
    if (!user) throw notFound('این کاربر یافت نشد');
    const [held, all] = await Promise.all([
      db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, params.id)),
      db.select().from(roles).orderBy(asc(roles.id)),
    ]);
    return {
      user: toUser(user),
      role_ids: held.map((r) => r.id).sort((a, b) => a - b),
      roles: all.map(toRole),
    };
  },
});

/**
 * POST /api/management/users/:id/roles — `{ role_ids: number[] }` replaces the user's roles →
 * `{ role_ids }`. Takes effect at the user's next request (a current role they lose stops
 * counting). 404 unknown user; 422 on `role_ids` for unknown roles; 403 for one's own roles, for
 * a user whose roles reach beyond the caller's, and for granting or removing a role beyond the
 * caller's (super_admin only by a super admin: management/authority.ts); 409 when no active
 * super admin would remain. Audited with the roles before and after.
 */
const setUserRoles = defineMutation({
  method: 'post',
  path: '/api/management/users/:id{[0-9]+}/roles',
  permission: 'management.users',
  summary: 'Replace a user’s roles',
  tags: ['management'],
  params: idParams,
  body: z.object({ role_ids: roleIds }),
  response: userRoleIdsAnswer,
  audit: { entity: 'user', action: 'user.roles' },
  async handler({ db, params, body, session }) {
    const wanted = [...new Set(body.role_ids)].sort((a, b) => a - b);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, params.id));
    if (!user) throw notFound('این کاربر یافت نشد');
    const known = wanted.length
      ? await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, wanted))
      : [];
    if (known.length !== wanted.length) throw invalid({ role_ids: ['نقشی که برگزیده‌اید وجود ندارد'] });
    const before = await db
      .select({ id: userRoles.roleId })
      .from(userRoles)
      .where(eq(userRoles.userId, params.id));
    const had = new Set(before.map((r) => r.id));
    const changed = [
      ...wanted.filter((id) => !had.has(id)),
      ...[...had].filter((id) => !wanted.includes(id)),
    ];
    await assertMayChangeRoles(db, session, params.id, changed);
    await assertMayManageUser(db, session, params.id);
    await db.delete(userRoles).where(eq(userRoles.userId, params.id));
    if (wanted.length) {
      await db.insert(userRoles).values(wanted.map((roleId) => ({ userId: params.id, roleId })));
    }
    await assertSuperAdminRemains(db);
    return {
      id: params.id,
      before: { role_ids: before.map((r) => r.id).sort((a, b) => a - b) },
      after: { role_ids: wanted },
      result: { role_ids: wanted },
    };
  },
});

export const userRoleRoutes = [getUserRoles, setUserRoles];
