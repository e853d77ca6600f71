import { eq, sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { startSession } from '../../auth/sessions.ts';
import {
  ACCOUNT_LIMIT,
  accountKey,
  blockedError,
  hit,
  ipFailure,
  lockedFor,
  reset,
  tooMany,
} from '../../auth/throttle.ts';
import { randomToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { loginLog, userRoles, users } from '../../db/schema/index.ts';
import { HttpError, invalid } from '../../http/errors.ts';
import type { RouteContext } from '../../http/route.ts';
import { toUser } from './shape.ts';

/** What the sign-in helpers need from a route's context. */
type Ctx = Pick<RouteContext<unknown, unknown, unknown>, 'c' | 'deps' | 'db' | 'meta'>;
/** login_log.method: sign-in by password or code, or a code/password check on the way to a new password. */
export type SignInMethod = 'password' | 'otp' | 'forget-password' | 'change-password';
export type UserRow = typeof users.$inferSelect;

const LOCKED = 'به دلیل تلاش‌های ناموفق پیاپی، ورود به این حساب موقتاً بسته شده است';

/** The account whose username matches, ignoring case, or undefined. */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

let dummy: Promise<string> | undefined;
/** A hash to check unknown usernames against, so they take as long as known ones. */
export const dummyHash = () => {
  dummy ??= hashPassword(randomToken());
  return dummy;
};

/** Writes one row of the login log (every attempt, success or not, with its reason). */
export async function logAttempt(
  ctx: Ctx,
  e: {
    username: string | null;
    userId: number | null;
    method: SignInMethod;
    success: boolean;
    reason: string;
  },
) {
  await ctx.db.insert(loginLog).values({
    at: ctx.deps.now(),
    username: e.username?.slice(0, 100) ?? null,
    userId: e.userId,
    ip: ctx.meta.ip,
    userAgent: ctx.meta.userAgent.slice(0, 500),
    method: e.method,
    success: e.success,
    reason: e.reason,
  });
}

/** 429 (Retry-After) when `username` has used up its failures from this address in this window. */
export async function guardAccount(ctx: Ctx, username: string, method: SignInMethod, userId: number | null) {
  const wait = await lockedFor(ctx.db, accountKey(username, ctx.meta.ip), ACCOUNT_LIMIT, ctx.deps.now());
  if (wait > 0) {
    await logAttempt(ctx, { username, userId, method, success: false, reason: 'throttled' });
    throw tooMany(wait, LOCKED);
  }
}

/**
 * Records a failed attempt and throws what the caller answers: 403 when this failure blocked the
 * address, 429 when it used up the account's failures, otherwise 422 on `field`.
 */
export async function failSignIn(
  ctx: Ctx,
  e: {
    username: string | null;
    userId: number | null;
    method: SignInMethod;
    reason: string;
    field: string;
    message: string;
    /** Count against the account named `username` (default true; OTP codes have their own limit). */
    countAccount?: boolean;
  },
): Promise<never> {
  const now = ctx.deps.now();
  await logAttempt(ctx, { ...e, success: false });
  if (await ipFailure(ctx.db, ctx.meta.ip, now)) throw blockedError();
  if (e.username && e.countAccount !== false) {
    const { retryAfter } = await hit(ctx.db, accountKey(e.username, ctx.meta.ip), ACCOUNT_LIMIT, now);
    if (retryAfter > 0) throw tooMany(retryAfter, LOCKED);
  }
  throw invalid({ [e.field]: [e.message] }, e.message);
}

/** 403 with a Persian message (and `status`) for accounts that may not sign in yet or any more. */
export function statusError(status: string): HttpError | null {
  if (status === 'waiting') {
    return new HttpError(
      403,
      'حساب شما ثبت شده و در انتظار تأیید مدیر سامانه است؛ پس از تأیید می‌توانید وارد شوید',
      undefined,
      { status: 'waiting' },
    );
  }
  if (status !== 'active') {
    return new HttpError(
      403,
      'حساب کاربری شما غیرفعال شده است؛ برای فعال‌سازی با مدیر سامانه تماس بگیرید',
      undefined,
      { status: 'deactivated' },
    );
  }
  return null;
}

/**
 * Finishes a sign-in whose credentials were right: refuses waiting and deactivated accounts
 * (403), resets the account's failure counter, starts a new staff session (new id), sets the
 * role when the user has exactly one, and logs the attempt.
 */
export async function completeSignIn(
  ctx: Ctx,
  user: UserRow,
  method: SignInMethod,
): Promise<{ user: User; has_change_pass: boolean }> {
  const refused = statusError(user.status);
  if (refused) {
    await logAttempt(ctx, {
      username: user.username,
      userId: user.id,
      method,
      success: false,
      reason: user.status,
    });
    throw refused;
  }
  const now = ctx.deps.now();
  await reset(ctx.db, accountKey(user.username, ctx.meta.ip));
  const held = await ctx.db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(eq(userRoles.userId, user.id));
  await startSession(ctx.c, ctx.deps, {
    kind: 'staff',
    userId: user.id,
    roleId: held.length === 1 ? held[0]!.roleId : null,
    ip: ctx.meta.ip,
    userAgent: ctx.meta.userAgent,
  });
  await ctx.db.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  await logAttempt(ctx, { username: user.username, userId: user.id, method, success: true, reason: 'ok' });
  return { user: toUser(user), has_change_pass: user.hasChangePass };
}
