import { asc } from 'drizzle-orm';
import { z } from 'zod';
import { type MenuItem, menuItem } from '../../../contract/auth.ts';
import { isPathPermitted, isPublicPath } from '../../../contract/route-registry.ts';
import { menuItems } from '../../db/schema/index.ts';
import { defineRoute } from '../../http/route.ts';
import { roleAccess } from '../auth/role-access.ts';

type Row = typeof menuItems.$inferSelect;

/** Nests rows under their parents, keeping entries `visible` allows; sections left empty are dropped. */
export function buildMenu(rows: Row[], visible: (path: string) => boolean): MenuItem[] {
  const byParent = new Map<number | null, Row[]>();
  for (const r of rows) {
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  const build = (parentId: number | null): MenuItem[] =>
    (byParent.get(parentId) ?? []).flatMap((r) => {
      const children = build(r.id);
      const shown = r.path ? visible(r.path) : children.length > 0;
      return shown ? [{ id: r.id, title: r.title, path: r.path, icon: r.icon, children }] : [];
    });
  return build(null);
}

/**
 * GET /api/user/menu-list — `MenuItem[]`: sections (no path) with the entries whose path the
 * current role may open (public screens always), in menu order; empty sections are left out.
 */
const menuList = defineRoute({
  method: 'get',
  path: '/api/user/menu-list',
  permission: 'role',
  summary: 'The menu for the current role, nested by section',
  tags: ['account'],
  response: z.array(menuItem),
  async handler({ db, session }) {
    const role = session!.role!;
    const rows = await db.select().from(menuItems).orderBy(asc(menuItems.sort), asc(menuItems.id));
    if (role.type === 'super_admin') return buildMenu(rows, () => true);
    const { routes } = await roleAccess(db, role);
    return buildMenu(
      rows,
      (path) => isPublicPath(path) || routes.includes(path) || isPathPermitted(path, routes),
    );
  },
});

export const menuRoutes = [menuList];
