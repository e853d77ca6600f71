import type { MenuItem } from '~/contract/auth.ts';

/** Every entry with a path, depth first. */
export function menuEntries(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((i) => [...(i.path ? [i] : []), ...menuEntries(i.children)]);
}

/**
 * The menu entry for the current screen: the one whose path equals the current path or is its
 * longest ancestor (a view page highlights its list). `/` only matches itself.
 */
export function activeMenuPath(items: readonly MenuItem[], pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: string | null = null;
  for (const e of menuEntries(items)) {
    const p = e.path!;
    const hit = p === path || (p !== '/' && path.startsWith(`${p}/`));
    if (hit && (!best || p.length > best.length)) best = p;
  }
  return best;
}
