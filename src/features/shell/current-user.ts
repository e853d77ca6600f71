import type { User } from '~/contract/auth.ts';
import { COOKIE_NAMES, readCookie } from '~/lib/storage.ts';

export type CookieUser = Pick<User, 'id' | 'username' | 'first_name' | 'last_name'>;

/** The signed-in user as the auth flow keeps it in the user cookie (JSON), or null. */
export function readCurrentUser(): CookieUser | null {
  const raw = readCookie(COOKIE_NAMES.user);
  if (!raw) return null;
  try {
    const u = JSON.parse(raw) as CookieUser;
    return typeof u?.id === 'number' ? u : null;
  } catch {
    return null;
  }
}

/** "First Last", or the username when the names are empty. */
export function displayName(u: CookieUser | null): string {
  if (!u) return '';
  return `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim() || u.username;
}
