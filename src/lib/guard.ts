import { isPathPermitted, isPublicPath, screenFor } from '~/contract/route-registry.ts';
import type { ClientSession } from './session.ts';

/**
 * The specification's route guard as a pure decision. The server stays the authority: this
 * only keeps people away from screens the server would refuse anyway.
 */
export type GuardDecision =
  | { kind: 'allow' }
  /** Go to `to`; when `remember` is set, store it as the path to return to after sign-in. */
  | { kind: 'redirect'; to: string; remember?: string }
  /** Not permitted: tell the user and stay where they are. */
  | { kind: 'deny' };

export const LOGIN_PATH = '/auth/login';
export const SELECT_ROLE_PATH = '/auth/select-role';
export const HOME_PATH = '/';
/** The 401 target of the error catalogue; a sign-in page like /auth/login. */
export const LOGIN_ALIASES = new Set([LOGIN_PATH, '/login']);

/** Not permitted (the specification's Persian notification). */
export const DENIED_MESSAGE = 'دسترسی لازم به این بخش داده نشده است';

/** True when the session's role may open `pathname`: public, super admin, or a permitted pattern. */
export function canOpen(pathname: string, session: ClientSession): boolean {
  if (isPublicPath(pathname)) return true;
  if (!session.signedIn || !session.role) return false;
  return session.isSuperAdmin || isPathPermitted(pathname, session.routes);
}

/**
 * Decides a navigation to `pathname` (`href` is the full path with query and hash, remembered
 * for after sign-in).
 */
export function decideRoute(pathname: string, href: string, session: ClientSession): GuardDecision {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path.startsWith('/pdf/')) return { kind: 'allow' };
  if (LOGIN_ALIASES.has(path) && session.signedIn) {
    return { kind: 'redirect', to: session.role ? HOME_PATH : SELECT_ROLE_PATH };
  }
  // The home page is public (one reading of the specification): a visitor sees the welcome
  // page, a signed-in user without a role is sent to choose one first.
  if (path === HOME_PATH) {
    return session.signedIn && !session.role ? { kind: 'redirect', to: SELECT_ROLE_PATH } : { kind: 'allow' };
  }
  if (isPublicPath(path)) return { kind: 'allow' };
  // Unknown paths render the 404 page, for everyone: it reveals nothing.
  if (!screenFor(path)) return { kind: 'allow' };
  if (!session.signedIn) return { kind: 'redirect', to: LOGIN_PATH, remember: href };
  if (!session.role) return { kind: 'redirect', to: SELECT_ROLE_PATH, remember: href };
  if (session.isSuperAdmin || isPathPermitted(path, session.routes)) return { kind: 'allow' };
  return { kind: 'deny' };
}
