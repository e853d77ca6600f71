import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { toPersianDigits } from '../../domain/persian-text.ts';
import type { Db } from '../db/client.ts';
import { blockedIps, throttles } from '../db/schema/index.ts';
import { HttpError } from '../http/errors.ts';
import { escapeLike } from '../http/list.ts';

/**
 * Throttling on fixed windows kept in the `throttles` table (so several server processes share
 * them). A key counts failures (`login:user:analyst|1.2.3.4`, `login:ip:1.2.3.4`) or holds a
 * cool-down (`otp:login:0912...`).
 */

const MINUTE = 60_000;

export interface Limit {
  /** Failures allowed in one window; reaching it locks the key until the window ends. */
  limit: number;
  windowMs: number;
}

/**
 * Sign-in failures per account and address together (password or change-password), as
 * Laravel's login throttle keys them (`username|ip`): someone elsewhere cannot lock a user out by
 * failing on purpose; a flood from one address is stopped by IP_LIMIT and the address block.
 */
export const ACCOUNT_LIMIT: Limit = { limit: 5, windowMs: 15 * MINUTE };
/** Failures (any sign-in or code check) per address before the address is blocked. */
export const IP_LIMIT: Limit = { limit: 20, windowMs: 15 * MINUTE };
/** How long a blocked address stays blocked. */
export const IP_BLOCK_MS = 30 * MINUTE;
/** Code sends (sign-in, forget-password) per address. */
export const SEND_LIMIT: Limit = { limit: 10, windowMs: 15 * MINUTE };
/** Sign-ups per address. */
export const SIGNUP_LIMIT: Limit = { limit: 10, windowMs: 60 * MINUTE };

const accountPrefix = (username: string) => `login:user:${username.trim().toLowerCase()}|`;
/** The failure counter of `username` signing in from `ip`. */
export const accountKey = (username: string, ip: string) => `${accountPrefix(username)}${ip}`;
export const ipKey = (ip: string) => `login:ip:${ip}`;

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const secondsUntil = (end: number, now: Date) => Math.max(1, Math.ceil((end - now.getTime()) / 1000));

/** Seconds until `key` may try again (0 when it is under its limit). */
export async function lockedFor(db: Db, key: string, lim: Limit, now: Date): Promise<number> {
  const [row] = await db.select().from(throttles).where(eq(throttles.key, key));
  if (!row) return 0;
  const end = row.windowStart.getTime() + lim.windowMs;
  if (end <= now.getTime() || row.count < lim.limit) return 0;
  return secondsUntil(end, now);
}

/**
 * Counts one event against `key` (a new window starts when the old one has ended) and returns
 * the count in the window and, when the limit is reached, the seconds until it ends.
 */
export async function hit(
  db: Db,
  key: string,
  lim: Limit,
  now: Date,
): Promise<{ count: number; retryAfter: number }> {
  const cutoff = new Date(now.getTime() - lim.windowMs);
  const [row] = await db
    .insert(throttles)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: throttles.key,
      set: {
        count: sql`case when ${throttles.windowStart} <= ${ts(cutoff)} then 1 else ${throttles.count} + 1 end`,
        windowStart: sql`case when ${throttles.windowStart} <= ${ts(cutoff)} then ${ts(now)} else ${throttles.windowStart} end`,
      },
    })
    .returning();
  const count = row?.count ?? 1;
  const end = (row?.windowStart ?? now).getTime() + lim.windowMs;
  return { count, retryAfter: count >= lim.limit ? secondsUntil(end, now) : 0 };
}

/** Forgets `key` (a successful sign-in resets its account counter). */
export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(throttles).where(eq(throttles.key, key));
}

/** Forgets every address's failures for `username` (a new password makes old failures moot). */
export async function resetAccount(db: Db, username: string): Promise<void> {
  await db.delete(throttles).where(sql`${throttles.key} LIKE ${`${escapeLike(accountPrefix(username))}%`}`);
}

/**
 * A cool-down: the first call starts it and returns 0; calls before it ends return the seconds
 * left. Atomic, so two parallel requests cannot both pass.
 */
export async function coolDown(db: Db, key: string, ms: number, now: Date): Promise<number> {
  const until = new Date(now.getTime() + ms);
  const taken = await db
    .insert(throttles)
    .values({ key, count: 1, windowStart: now, lockedUntil: until })
    .onConflictDoUpdate({
      target: throttles.key,
      set: { count: 1, windowStart: now, lockedUntil: until },
      setWhere: sql`${throttles.lockedUntil} is null or ${throttles.lockedUntil} <= ${ts(now)}`,
    })
    .returning({ key: throttles.key });
  if (taken.length > 0) return 0;
  const [row] = await db.select().from(throttles).where(eq(throttles.key, key));
  return row?.lockedUntil ? secondsUntil(row.lockedUntil.getTime(), now) : 1;
}

/** 429 with Retry-After and a Persian message saying how long to wait. */
export function tooMany(retryAfter: number, what: string): HttpError {
  const minutes = Math.ceil(retryAfter / 60);
  const wait = retryAfter < 60 ? `${toPersianDigits(retryAfter)} ثانیه` : `${toPersianDigits(minutes)} دقیقه`;
  return new HttpError(429, `${what}؛ ${wait} دیگر دوباره تلاش کنید`, undefined, { retryAfter });
}

/** The 403 every API call from a blocked address answers. */
export const blockedError = () =>
  new HttpError(
    403,
    'دسترسی این نشانی به دلیل تلاش‌های ناموفق پیاپی موقتاً مسدود شده است؛ بعداً تلاش کنید یا با مدیر سامانه تماس بگیرید',
    undefined,
    { blocked: true },
  );

/** True while `ip` has a block that is neither lifted nor over. */
export async function isBlocked(db: Db, ip: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: blockedIps.id })
    .from(blockedIps)
    .where(and(eq(blockedIps.ip, ip), isNull(blockedIps.unblockedAt), gt(blockedIps.blockedUntil, now)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Counts one failure from `ip`; at IP_LIMIT the address is listed in `blocked_ips` for
 * IP_BLOCK_MS and its counter starts again. Returns true when this failure blocked it.
 */
export async function ipFailure(db: Db, ip: string, now: Date): Promise<boolean> {
  const { count } = await hit(db, ipKey(ip), IP_LIMIT, now);
  if (count < IP_LIMIT.limit) return false;
  await db.transaction(async (tx) => {
    await tx.insert(blockedIps).values({
      ip,
      reason: `${toPersianDigits(count)} تلاش ناموفق ورود در ${toPersianDigits(IP_LIMIT.windowMs / MINUTE)} دقیقه`,
      blockedAt: now,
      blockedUntil: new Date(now.getTime() + IP_BLOCK_MS),
    });
    await tx.delete(throttles).where(eq(throttles.key, ipKey(ip)));
  });
  return true;
}
