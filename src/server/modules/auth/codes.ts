import { and, asc, eq } from 'drizzle-orm';
import { MOBILE_FORMAT_MESSAGE, normalizeMobile } from '../../auth/normalize.ts';
import { codeText, guardResend, issueCode, OTP_TTL_MS, type OtpPurpose } from '../../auth/otp.ts';
import { hit, lockedFor, SEND_LIMIT, tooMany } from '../../auth/throttle.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { invalid } from '../../http/errors.ts';
import type { RouteContext } from '../../http/route.ts';
import type { UserRow } from './sign-in.ts';

type Ctx = Pick<RouteContext<unknown, unknown, unknown>, 'deps' | 'db' | 'meta'>;

/** The mobile as 09xxxxxxxxx, or 422 on `mobile` with a Persian message. */
export function requireMobile(raw: string): string {
  const mobile = normalizeMobile(raw);
  if (!mobile) throw invalid({ mobile: [MOBILE_FORMAT_MESSAGE] });
  return mobile;
}

/** The oldest active account with this mobile, or undefined. */
export async function activeUserByMobile(db: Db, mobile: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.mobile, mobile), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .limit(1);
  return row;
}

const WHAT: Record<'login' | 'forget', string> = { login: 'ورود', forget: 'بازیابی گذرواژه' };

/**
 * Sends a `purpose` code to the active account with this mobile. Unknown mobiles get the same
 * answer and the same 60-second cool-down, so the answer does not reveal which numbers have
 * accounts. 429 + Retry-After: a second send within 60 s, or 10 sends from one address in 15 min.
 */
export async function sendCodeTo(
  ctx: Ctx,
  purpose: Extract<OtpPurpose, 'login' | 'forget'>,
  rawMobile: string,
): Promise<{ sent: true; expires_in: number }> {
  const mobile = requireMobile(rawMobile);
  const now = ctx.deps.now();
  const ipKey = `otp-send:ip:${ctx.meta.ip}`;
  const wait = await lockedFor(ctx.db, ipKey, SEND_LIMIT, now);
  if (wait > 0) throw tooMany(wait, 'از این نشانی کد زیادی درخواست شده است');
  await guardResend(ctx.deps, ctx.db, purpose, mobile, now);
  await hit(ctx.db, ipKey, SEND_LIMIT, now);
  const user = await activeUserByMobile(ctx.db, mobile);
  if (user) {
    await issueCode(ctx.deps, { purpose, mobile, userId: user.id, text: codeText(WHAT[purpose]) });
  }
  return { sent: true, expires_in: OTP_TTL_MS / 1000 };
}
