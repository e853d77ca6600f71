import type { Role } from '~/contract/auth.ts';
import { COOKIE_NAMES, readCookie, readJson, STORAGE_KEYS } from './storage.ts';

/**
 * What the browser remembers of the staff session, read synchronously so that the route guard,
 * the menu and the palette can answer at once. It grants nothing: the server decides.
 */
export interface ClientSession {
  signedIn: boolean;
  role: (Pick<Role, 'id' | 'type'> & Partial<Role>) | null;
  isSuperAdmin: boolean;
  routes: string[];
  /** The permission idents the role holds (as the server answered at role selection). */
  permissions: string[];
}

/**
 * The stored role: the role cookie holds the role as JSON (`{ id, type, title ... }`); a bare
 * id is accepted too (then the type is unknown, treated as staff).
 */
export function parseRole(raw: string | null): ClientSession['role'] {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as unknown;
    if (typeof v === 'number') return { id: v, type: 'staff' };
    if (v && typeof v === 'object' && typeof (v as Role).id === 'number') {
      const role = v as Role;
      return { ...role, type: role.type === 'super_admin' ? 'super_admin' : 'staff' };
    }
  } catch {
    // not JSON
  }
  return null;
}

/** Reads the client-held session: the signed-in cookie, the role cookie and the stored permissions. */
export function readSession(): ClientSession {
  const flag = readCookie(COOKIE_NAMES.authenticated);
  const signedIn = !!flag && flag !== '0' && flag !== 'false';
  const role = signedIn ? parseRole(readCookie(COOKIE_NAMES.role)) : null;
  const stored = readJson<{ routes?: unknown; permissions?: unknown } | null>(STORAGE_KEYS.permissions, null);
  const routes = Array.isArray(stored?.routes) ? (stored.routes as unknown[]).filter(isString) : [];
  const permissions = Array.isArray(stored?.permissions)
    ? (stored.permissions as { ident?: unknown }[]).map((p) => p?.ident).filter(isString)
    : [];
  return {
    signedIn,
    role,
    isSuperAdmin: role?.type === 'super_admin',
    routes: role ? routes : [],
    permissions: role ? permissions : [],
  };
}

/** True when the client session's role may do what permission `ident` allows (a hint: the server decides). */
export const sessionHolds = (session: ClientSession, ident: string) =>
  session.isSuperAdmin || session.permissions.includes(ident);

/** What of `items` the client session's role may be offered: those with no `permission`, or one it holds. */
export const permitted = <T extends { permission?: string }>(
  session: ClientSession,
  items: readonly T[],
): T[] => items.filter((item) => item.permission === undefined || sessionHolds(session, item.permission));

const isString = (v: unknown): v is string => typeof v === 'string';
