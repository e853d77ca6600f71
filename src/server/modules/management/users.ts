import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { managedUserPage, userStatusAnswer } from '../../../contract/api-management.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import { endUserSessions } from '../../auth/sessions.ts';
import type { Db } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { isoTimestamp, type ListSpec, listPage } from '../../http/list.ts';
import { defineRoute, type RouteContext } from '../../http/route.ts';
import { assertMayManageUser } from './authority.ts';

export const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Lower-cased username, names and mobile without spaces or ZWNJ: what `q` matches (see searchKey). */
const searchText = sql`lower(replace(replace(concat_ws('', u.username, u.first_name, u.last_name, u.mobile), ' ', ''), chr(8204), ''))`;

const usersList: ListSpec = {
  select: sql`u.id, u.username, u.first_name, u.last_name, u.mobile, u.email, u.national_code, u.status,
    u.has_change_pass, ${isoTimestamp(sql`u.created_at`)} AS created_at,
    ${isoTimestamp(sql`u.last_login_at`)} AS last_login_at`,
  from: sql`users u`,
  id: sql`u.id`,
  search: searchText,
  sorts: {
    id: { expr: sql`u.id`, type: 'int' },
    username: { expr: sql`u.username`, type: 'text' },
    first_name: { expr: sql`u.first_name`, type: 'text' },
    last_name: { expr: sql`u.last_name`, type: 'text' },
    status: { expr: sql`u.status`, type: 'text' },
    created_at: { expr: sql`u.created_at`, type: 'timestamp' },
    last_login_at: { expr: sql`u.last_login_at`, type: 'timestamp', nullable: true },
  },
  defaultSort: 'id',
  filters: {
    status: { expr: sql`u.status`, type: 'text' },
    has_change_pass: { expr: sql`u.has_change_pass`, type: 'bool' },
    username: { expr: sql`u.username`, type: 'text' },
    mobile: { expr: sql`u.mobile`, type: 'text' },
    created_at: { expr: sql`u.created_at`, type: 'timestamp' },
    last_login_at: { expr: sql`u.last_login_at`, type: 'timestamp' },
  },
};

/**
 * GET /api/management/users — the shared list query (contract/list.ts): `page`, `per_page`,
 * `q` (username, names, mobile), `sortBy` id (default) | username | first_name | last_name |
 * status | created_at | last_login_at, `descending`, filters `status` (active | waiting |
 * deactivated), has_change_pass, username, mobile, created_at, last_login_at →
 * `ListPage<{ id, username, first_name, last_name, mobile, email, national_code, status,
 * has_change_pass, created_at, last_login_at, roles: [{ id, title }] }>`.
 */
const listUsers = defineRoute({
  method: 'get',
  path: '/api/management/users',
  permission: 'management.users',
  summary: 'Staff accounts, paged, filtered and sorted',
  tags: ['management'],
  query: listQuerySchema,
  response: managedUserPage,
  async handler({ db, query }) {
    const page = await listPage<{ id: number }>(db, usersList, query);
    const held = page.data.length
      ? await db
          .select({ userId: userRoles.userId, id: roles.id, title: roles.title })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(
            inArray(
              userRoles.userId,
              page.data.map((u) => u.id),
            ),
          )
          .orderBy(asc(roles.id))
      : [];
    return {
      ...page,
      data: page.data.map((u) => ({
        ...u,
        roles: held.filter((h) => h.userId === u.id).map(({ id, title }) => ({ id, title })),
      })),
    };
  },
});

/** 409 unless an active account holding a super_admin role remains (checked inside the mutation). */
export async function assertSuperAdminRemains(tx: Db): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(users.status, 'active'), eq(roles.type, 'super_admin')));
  if (!row?.n) {
    throw conflict('دست‌کم یک کاربر فعال با نقش مدیر کل سامانه باید بماند؛ این تغییر انجام نشد');
  }
}

type Ctx = RouteContext<z.output<typeof idParams>, undefined, undefined>;

/**
 * Moves a user from one of `from` to `to` in one transaction with an audit row; 404/409 otherwise,
 * 403 for a user whose roles reach beyond the caller's (management/authority.ts).
 */
async function changeStatus(ctx: Ctx, from: string[], to: string, action: string, refusal: string) {
  const { db, params, deps, session } = ctx;
  if (to === 'deactivated' && params.id === session?.user?.id) {
    throw conflict('نمی‌توانید حساب خودتان را غیرفعال کنید');
  }
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: users.id, username: users.username, status: users.status })
      .from(users)
      .where(eq(users.id, params.id));
    if (!before) throw notFound('این کاربر یافت نشد');
    if (!from.includes(before.status)) throw conflict(refusal);
    await assertMayManageUser(tx, session, params.id);
    await tx.update(users).set({ status: to, updatedAt: deps.now() }).where(eq(users.id, params.id));
    if (to === 'deactivated') {
      await endUserSessions(tx, params.id);
      await assertSuperAdminRemains(tx);
    }
    await ctx.audit(tx, {
      action,
      entity: 'user',
      entityId: params.id,
      before: { status: before.status },
      after: { status: to },
    });
    return { id: params.id, status: to };
  });
}

/** POST /api/management/users/:id/approve — waiting → active → `{ id, status }`; 409 if not waiting. */
const approve = defineRoute({
  method: 'post',
  path: '/api/management/users/:id{[0-9]+}/approve',
  permission: 'management.users',
  summary: 'Approve a waiting sign-up',
  tags: ['management'],
  params: idParams,
  response: userStatusAnswer,
  handler: (ctx) => changeStatus(ctx, ['waiting'], 'active', 'user.approve', 'این حساب در انتظار تأیید نیست'),
});

/**
 * POST /api/management/users/:id/deactivate — active or waiting → deactivated; ends the user's
 * sessions at once. 409 for one's own account, an already deactivated one, or the last active
 * super admin.
 */
const deactivate = defineRoute({
  method: 'post',
  path: '/api/management/users/:id{[0-9]+}/deactivate',
  permission: 'management.users',
  summary: 'Deactivate an account (ends its sessions)',
  tags: ['management'],
  params: idParams,
  response: userStatusAnswer,
  handler: (ctx) =>
    changeStatus(
      ctx,
      ['active', 'waiting'],
      'deactivated',
      'user.deactivate',
      'این حساب پیش‌تر غیرفعال شده است',
    ),
});

/** POST /api/management/users/:id/activate — deactivated → active; 409 otherwise. */
const activate = defineRoute({
  method: 'post',
  path: '/api/management/users/:id{[0-9]+}/activate',
  permission: 'management.users',
  summary: 'Activate a deactivated account',
  tags: ['management'],
  params: idParams,
  response: userStatusAnswer,
  handler: (ctx) => changeStatus(ctx, ['deactivated'], 'active', 'user.activate', 'این حساب غیرفعال نیست'),
});

export const userRoutes = [listUsers, approve, deactivate, activate];
