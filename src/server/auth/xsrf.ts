import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { serverSecrets } from '../db/schema/index.ts';
import { HttpError } from '../http/errors.ts';
import { GUEST_COOKIE, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from './cookies.ts';
import { safeEqual, sha256 } from './tokens.ts';

/**
 * Anti-forgery tokens by the signed double-submit cookie pattern (OWASP Cross-Site Request
 * Forgery Prevention Cheat Sheet, "Signed Double-Submit Cookie"): the `XSRF-TOKEN` cookie, which
 * the page echoes in the `X-XSRF-TOKEN` header, is `nonce.mac` with mac = HMAC-SHA256(key,
 * binding.nonce). The binding is the session the browser holds (its staff or guest session id,
 * or `anonymous` before sign-in), so a cookie and header an attacker plants (a subdomain, a
 * man-in-the-middle on plain HTTP) pass for no session: they cannot compute the mac without the
 * key, which every server process reads from the database (`server_secrets`). A token is renewed
 * whenever the binding changes: at sign-in, at role change (the session id is renewed) and at
 * sign-out.
 */

const KEY_NAME = 'xsrf';
const keys = new WeakMap<Db, Promise<Buffer>>();

/** The signing key, made once per database (shared by every server on it) and kept in memory. */
export function xsrfKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(serverSecrets)
        .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, KEY_NAME));
      return Buffer.from(row!.value, 'base64url');
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** The binding of a staff or guest session id (the stored hash), for `renewXsrf`. */
export const sessionBinding = (kind: 'staff' | 'guest', sessionId: string) => `${kind}:${sessionId}`;

/** What the request's token must be bound to: its staff session, else its guest session, else none. */
export function requestBinding(c: Context): string {
  const staff = getCookie(c, SESSION_COOKIE);
  if (staff) return sessionBinding('staff', sha256(staff));
  const guest = getCookie(c, GUEST_COOKIE);
  return guest ? sessionBinding('guest', sha256(guest)) : 'anonymous';
}

const mac = (key: Buffer, binding: string, nonce: string) =>
  createHmac('sha256', key).update(`${binding}.${nonce}`).digest('base64url');

/** A new token for `binding`: `nonce.mac`. */
export function signXsrf(key: Buffer, binding: string): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${mac(key, binding, nonce)}`;
}

/** True when `token` was signed with `key` for `binding`. */
export function xsrfValid(key: Buffer, token: string | undefined, binding: string): boolean {
  if (!token || token.length > 200) return false;
  const dot = token.indexOf('.');
  if (dot <= 0) return false;
  return safeEqual(token.slice(dot + 1), mac(key, binding, token.slice(0, dot)));
}

/** Bindings a response has changed to (sign-in, role change, sign-out), written by `settleXsrf`. */
const renewed = new WeakMap<Context, string>();

/** Records that this response moves the browser to `binding`: its token is renewed for it. */
export function renewXsrf(c: Context, binding: string): void {
  renewed.set(c, binding);
}

/**
 * 419 unless the request carries the same token in the cookie and the header, signed for the
 * session it holds. Run on every state-changing call, and on the GET calls that change state.
 */
export async function checkXsrf(c: Context, db: Db): Promise<void> {
  const cookie = getCookie(c, XSRF_COOKIE);
  const header = c.req.header(XSRF_HEADER);
  if (
    !cookie ||
    !header ||
    !safeEqual(cookie, header) ||
    !xsrfValid(await xsrfKey(db), cookie, requestBinding(c))
  ) {
    throw new HttpError(419, 'نشست امنیتی فرم منقضی شده است؛ صفحه را دوباره بارگذاری کنید');
  }
}

/**
 * After a response is made: sets a token for the binding the response moved to (renewXsrf), or,
 * when the request's own token is missing or not valid for its session, a fresh one for it.
 * The cookie is readable by the page (not HttpOnly), SameSite=Lax, Secure unless COOKIE_SECURE=0.
 */
export async function settleXsrf(c: Context, db: Db, config: Config): Promise<void> {
  const key = await xsrfKey(db);
  let binding = renewed.get(c);
  if (binding === undefined) {
    binding = requestBinding(c);
    if (xsrfValid(key, getCookie(c, XSRF_COOKIE), binding)) return;
  }
  setCookie(c, XSRF_COOKIE, signXsrf(key, binding), {
    path: '/',
    httpOnly: false,
    secure: config.COOKIE_SECURE,
    sameSite: 'Lax',
  });
}
