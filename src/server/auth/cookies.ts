import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config.ts';

export const SESSION_COOKIE = 'nazer_session';
export const GUEST_COOKIE = 'nazer_guest';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Sets an HttpOnly session cookie: Secure (unless COOKIE_SECURE=0), SameSite=Lax, path /. */
export function setSessionCookie(
  c: Context,
  config: Config,
  name: string,
  token: string,
  maxAgeSeconds: number,
) {
  setCookie(c, name, token, {
    path: '/',
    httpOnly: true,
    secure: config.COOKIE_SECURE,
    sameSite: 'Lax',
    maxAge: Math.floor(maxAgeSeconds),
  });
}

export function clearCookie(c: Context, config: Config, name: string) {
  deleteCookie(c, name, { path: '/', secure: config.COOKIE_SECURE });
}
