import { eq, inArray } from 'drizzle-orm';
import { PERMISSIONS, routePatternsByPermission, SCREENS } from '../../contract/route-registry.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import {
  menuItems,
  permissions,
  rolePermissions,
  roles,
  routePermissions,
  settings,
  userRoles,
  users,
} from '../db/schema/index.ts';

/** Staff roles and the permission idents each holds (super_admin holds everything by its type). */
export const ROLE_GRANTS: { name: string; title: string; idents: string[] }[] = [
  {
    name: 'analyst',
    title: 'تحلیلگر',
    idents: [
      'dashboard',
      'person.legal.list',
      'person.legal.view',
      'person.legal.edit',
      'person.true.list',
      'person.true.view',
      'person.true.edit',
      'person.board',
      'ownership.graph',
      'ownership.manage',
      'industries',
      'performance',
      'performance.manage',
      'financial.statements',
      'financial.statements.edit',
      'issues',
      'assemblies',
      'profile',
    ],
  },
  {
    name: 'auditor',
    title: 'حسابرس',
    idents: [
      'dashboard',
      'person.legal.list',
      'person.legal.view',
      'person.true.list',
      'person.true.view',
      'financial.statements',
      'financial.statements.review',
      'performance',
      'issues',
      'assemblies',
      'profile',
    ],
  },
  {
    name: 'nomination',
    title: 'کارشناس انتصابات هیئت مدیره',
    idents: [
      'dashboard',
      'person.legal.list',
      'person.legal.view',
      'person.true.list',
      'person.true.view',
      'person.board',
      'resumes',
      'resumes.manage',
      'profile',
    ],
  },
  {
    name: 'viewer',
    title: 'مشاهده‌گر',
    idents: [
      'dashboard',
      'person.legal.list',
      'person.legal.view',
      'person.true.list',
      'person.true.view',
      'profile',
    ],
  },
];

/** Demo accounts: username, Persian names, a distinct mobile (for SMS sign-in) and their roles. */
export const DEMO_USERS = [
  { username: 'admin', firstName: 'بهرام', lastName: 'صادقی', mobile: '09120000001', roles: ['super_admin'] },
  {
    username: 'analyst',
    firstName: 'سارا',
    lastName: 'محمدی',
    mobile: '09120000002',
    roles: ['analyst', 'viewer'],
  },
  { username: 'auditor', firstName: 'رضا', lastName: 'کریمی', mobile: '09120000003', roles: ['auditor'] },
  {
    username: 'nomination',
    firstName: 'نرگس',
    lastName: 'حسینی',
    mobile: '09120000004',
    roles: ['nomination'],
  },
];

const SETTINGS = [
  { key: 'app_name', value: 'ناظر', title: 'نام سامانه' },
  { key: 'short_name', value: 'ناظر', title: 'نام کوتاه (عنوان صفحه)' },
  { key: 'logo', value: '/favicon.svg', title: 'نشان' },
  { key: 'first_color', value: '#5d4037', title: 'رنگ اصلی' },
  { key: 'second_color', value: '#424242', title: 'رنگ دوم' },
  { key: 'fourth_color', value: '#ffaa2f', title: 'رنگ چهارم' },
];

const SECTION_ICONS: Record<string, string> = {
  خانه: 'home',
  اشخاص: 'people',
  اسناد: 'folder',
  'صنایع و عملکرد': 'factory',
  موضوعات: 'topic',
  انتصابات: 'badge',
  مدیریت: 'settings',
  گزارش‌ها: 'report',
  اعلان‌ها: 'bell',
};

/**
 * Roles, permissions, route permissions, settings, the menu and the accounts. With
 * `demoAccounts`, admin/analyst/auditor/nomination share `demoPassword` (analyst holds two
 * roles); without, one admin whose password must be
 * changed at first sign-in. The menu lists built screens only, so it never leads to a missing page.
 */
export async function seedAccess(db: Db, opts: { demoPassword: string; demoAccounts: boolean }) {
  const passwordHash = await hashPassword(opts.demoPassword);
  await db.transaction(async (tx) => {
    const perms = await addMissingPermissions(tx);
    const permId = new Map(perms.map((p) => [p.ident, p.id]));

    const roleRows = await tx
      .insert(roles)
      .values([
        { name: 'super_admin', title: 'مدیر کل سامانه', type: 'super_admin' },
        ...ROLE_GRANTS.map((r) => ({ name: r.name, title: r.title, type: 'staff' })),
      ])
      .returning();
    const roleId = new Map(roleRows.map((r) => [r.name, r.id]));
    await tx.insert(rolePermissions).values(
      ROLE_GRANTS.flatMap((r) =>
        r.idents.map((ident) => {
          const permissionId = permId.get(ident);
          if (!permissionId) throw new Error(`seed: unknown permission ${ident} for role ${r.name}`);
          return { roleId: roleId.get(r.name)!, permissionId };
        }),
      ),
    );

    const accounts = opts.demoAccounts
      ? DEMO_USERS
      : [{ username: 'admin', firstName: 'مدیر', lastName: 'سامانه', mobile: null, roles: ['super_admin'] }];
    for (const a of accounts) {
      const [u] = await tx
        .insert(users)
        .values({
          username: a.username,
          passwordHash,
          firstName: a.firstName,
          lastName: a.lastName,
          mobile: a.mobile,
          hasChangePass: !opts.demoAccounts,
        })
        .returning({ id: users.id });
      await tx.insert(userRoles).values(a.roles.map((r) => ({ userId: u!.id, roleId: roleId.get(r)! })));
    }

    await tx.insert(settings).values(SETTINGS);
    await seedMenu(tx);
  });
}

/**
 * Adds the permissions of the registry (contract/route-registry.ts PERMISSIONS) that a database
 * seeded by an earlier version lacks, with their route patterns. Existing rows, and which roles
 * hold what, are left as they are: a new permission is held by no role until an admin grants it
 * (super_admin holds it by its type). Run at every start; returns the idents added.
 */
export async function syncPermissions(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    const added = (await addMissingPermissions(tx)).map((p) => p.ident);
    await syncRoutePatterns(tx);
    return added;
  });
}

/**
 * Brings the screens' route patterns of a database seeded by an earlier version in line with the
 * registry: a screen added under an existing permission gets its pattern, and a screen whose
 * permission changed leaves the old one (patterns that are not the registry's screens are kept).
 */
async function syncRoutePatterns(tx: Db) {
  const rows = await tx
    .select({ id: routePermissions.id, pattern: routePermissions.pattern, ident: permissions.ident })
    .from(routePermissions)
    .innerJoin(permissions, eq(permissions.id, routePermissions.permissionId));
  const ids = await tx.select({ id: permissions.id, ident: permissions.ident }).from(permissions);
  const permId = new Map(ids.map((p) => [p.ident, p.id]));
  const wanted = routePatternsByPermission();
  const screens = new Set([...wanted.values()].flat());
  const have = new Set(rows.map((r) => `${r.ident} ${r.pattern}`));
  const stale = rows.filter(
    (r) => screens.has(r.pattern) && !(wanted.get(r.ident) ?? []).includes(r.pattern),
  );
  if (stale.length)
    await tx.delete(routePermissions).where(
      inArray(
        routePermissions.id,
        stale.map((r) => r.id),
      ),
    );
  const missing = [...wanted].flatMap(([ident, patterns]) =>
    patterns
      .filter((pattern) => !have.has(`${ident} ${pattern}`) && permId.has(ident))
      .map((pattern) => ({ permissionId: permId.get(ident)!, pattern })),
  );
  if (missing.length) await tx.insert(routePermissions).values(missing);
}

/** Inserts the registry's permissions `tx` lacks (all, on a new database) with their route patterns. */
async function addMissingPermissions(tx: Db): Promise<{ id: number; ident: string }[]> {
  const added = await tx
    .insert(permissions)
    .values(
      Object.entries(PERMISSIONS).map(([ident, title]) => ({
        ident,
        title,
        groupName: ident.split('.')[0]!,
      })),
    )
    .onConflictDoNothing({ target: permissions.ident })
    .returning({ id: permissions.id, ident: permissions.ident });
  const patterns = routePatternsByPermission();
  const routes = added.flatMap((p) =>
    (patterns.get(p.ident) ?? []).map((pattern) => ({ permissionId: p.id, pattern })),
  );
  if (routes.length) await tx.insert(routePermissions).values(routes);
  return added;
}

/** Menu sections in the registry's order, each with its built screens. */
async function seedMenu(tx: Db) {
  const sections = [...new Set(SCREENS.filter((s) => s.menu && s.status === 'built').map((s) => s.menu!))];
  let sort = 0;
  for (const section of sections) {
    const [parent] = await tx
      .insert(menuItems)
      .values({ title: section, path: null, icon: SECTION_ICONS[section] ?? null, sort: sort++ })
      .returning({ id: menuItems.id });
    const entries = SCREENS.filter((s) => s.menu === section && s.status === 'built');
    await tx
      .insert(menuItems)
      .values(
        entries.map((s, i) => ({ parentId: parent!.id, title: s.title, path: s.path, icon: null, sort: i })),
      );
  }
}
