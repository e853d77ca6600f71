/**
 * What the browser keeps between page loads (the specification's client-held state). Nothing
 * here grants anything on the server; it only lets the guard and the menu answer at once.
 */
export const STORAGE_KEYS = {
  permissions: 'nazer.permissions',
  menu: 'nazer.menu',
  settings: 'nazer.settings',
  keepAlive: 'nazer.keep-alive',
  reportDialog: 'nazer.report-dialog',
  redirect: 'nazer.redirect',
  userReport: 'nazer.user-report',
  recent: 'nazer.palette-recent',
} as const;

export const COOKIE_NAMES = {
  authenticated: 'nazer_authenticated',
  role: 'nazer_role',
  user: 'nazer_user',
} as const;

const hasWindow = () => typeof window !== 'undefined';

export function readJson<T>(key: string, fallback: T): T {
  if (!hasWindow()) return fallback;
  try {
    const raw = window.localStorage.getItem(key);
    return raw == null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  if (!hasWindow()) return;
  window.localStorage.setItem(key, JSON.stringify(value));
}

export function removeKeys(...keys: string[]): void {
  if (!hasWindow()) return;
  for (const k of keys) window.localStorage.removeItem(k);
}

/** Reads a cookie the page can see (not the HttpOnly session cookies). */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const hit = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return hit ? decodeURIComponent(hit.slice(name.length + 1)) : null;
}

/** Sets a page cookie: path /, Secure, SameSite=Lax (the specification's cookie rules). */
export function writeCookie(name: string, value: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; secure; samesite=lax`;
}

/** Removes one page cookie (path /). */
export function removeCookie(name: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=; path=/; max-age=0; secure; samesite=lax`;
}

/** Clears every cookie the page can see (logout clears "all cookies"). */
export function clearAllCookies(): void {
  if (typeof document === 'undefined') return;
  for (const c of document.cookie.split('; ')) {
    const name = c.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0; secure; samesite=lax`;
  }
}
