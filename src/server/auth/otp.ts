import { randomInt } from 'node:crypto';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import { toAsciiDigits, toPersianDigits } from '../../domain/persian-text.ts';
import type { Db } from '../db/client.ts';
import { otpCodes } from '../db/schema/index.ts';
import type { AppDeps } from '../http/deps.ts';
import { coolDown, tooMany } from './throttle.ts';
import { randomToken, safeEqual, sha256 } from './tokens.ts';

/**
 * One-time codes sent by SMS: six digits, stored salted and hashed, valid for two minutes, one
 * send per mobile and purpose every 60 s (OTP_RESEND_SECONDS), and dead after five wrong tries.
 * `purpose` is login | forget | guest.
 */

export const OTP_TTL_MS = 2 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;

export type OtpPurpose = 'login' | 'forget' | 'guest';

const hashCode = (salt: string, code: string) => `${salt}:${sha256(`${salt}:${code}`)}`;

/** The wait between two codes to one mobile for one purpose (ms): the config's OTP_RESEND_SECONDS. */
export const otpResendMs = (deps: Pick<AppDeps, 'config'>) => deps.config.OTP_RESEND_SECONDS * 1000;

/**
 * Refuses (429, Retry-After) a second send to `mobile` for `purpose` within the resend wait
 * (60 s by default). Call it for unknown mobiles too, so the answer does not tell whether an
 * account exists.
 */
export async function guardResend(
  deps: Pick<AppDeps, 'config'>,
  db: Db,
  purpose: OtpPurpose,
  mobile: string,
  now: Date,
): Promise<void> {
  const wait = await coolDown(db, `otp:${purpose}:${mobile}`, otpResendMs(deps), now);
  if (wait > 0) throw tooMany(wait, 'کد پیش‌تر برای این شماره فرستاده شده است');
}

/**
 * Issues a new code (earlier unused codes for the same mobile and purpose stop working) and
 * sends it by SMS. Returns the seconds it stays valid.
 */
export async function issueCode(
  deps: AppDeps,
  init: { purpose: OtpPurpose; mobile: string; userId?: number | null; text(code: string): string },
): Promise<number> {
  const { db } = deps.database;
  const now = deps.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(otpCodes.mobile, init.mobile),
          eq(otpCodes.purpose, init.purpose),
          isNull(otpCodes.consumedAt),
        ),
      );
    await tx.insert(otpCodes).values({
      purpose: init.purpose,
      mobile: init.mobile,
      userId: init.userId ?? null,
      codeHash: hashCode(randomToken(12), code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    });
  });
  await deps.sms.send(db, {
    mobile: init.mobile,
    body: init.text(code),
    purpose: `${init.purpose}-otp`,
    secret: code,
  });
  return OTP_TTL_MS / 1000;
}

/** The SMS text for a code: the code in ASCII digits (phones offer to fill it in) and its lifetime. */
export const codeText = (what: string) => (code: string) =>
  `ناظر: کد ${what} شما ${code} است. این کد تا ${toPersianDigits(OTP_TTL_MS / 60_000)} دقیقه معتبر است؛ آن را به کسی ندهید.`;

export type VerifyResult =
  | { ok: true; userId: number | null }
  | { ok: false; reason: 'missing' | 'expired' | 'wrong' | 'exhausted' };

/**
 * Checks `code` against the latest live code for `mobile` and `purpose`. A right code is used up;
 * a wrong one counts, and the fifth wrong try kills the code.
 */
export async function verifyCode(
  db: Db,
  input: { purpose: OtpPurpose; mobile: string; code: string; now: Date },
): Promise<VerifyResult> {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.mobile, input.mobile),
        eq(otpCodes.purpose, input.purpose),
        isNull(otpCodes.consumedAt),
      ),
    )
    .orderBy(desc(otpCodes.id))
    .limit(1);
  if (!row) return { ok: false, reason: 'missing' };
  if (row.expiresAt <= input.now) return { ok: false, reason: 'expired' };
  if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'exhausted' };
  const [salt = ''] = row.codeHash.split(':');
  const given = toAsciiDigits(input.code).replace(/\s/g, '');
  if (safeEqual(hashCode(salt, given), row.codeHash)) {
    const used = await db
      .update(otpCodes)
      .set({ consumedAt: input.now })
      .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id });
    // Two parallel checks of the same right code: only one signs in.
    return used.length ? { ok: true, userId: row.userId } : { ok: false, reason: 'missing' };
  }
  const attempts = row.attempts + 1;
  await db
    .update(otpCodes)
    .set({ attempts, ...(attempts >= OTP_MAX_ATTEMPTS ? { consumedAt: input.now } : {}) })
    .where(and(eq(otpCodes.id, row.id), lt(otpCodes.attempts, OTP_MAX_ATTEMPTS)));
  return { ok: false, reason: attempts >= OTP_MAX_ATTEMPTS ? 'exhausted' : 'wrong' };
}

/**
 * The one Persian message for every failed code check (wrong, expired, used up, never sent): one
 * message, so the answer does not tell whether a code went to that mobile. The reason is logged.
 */
export const CODE_FAILURE_MESSAGE =
  'کد واردشده درست نیست یا مهلت آن گذشته است؛ دوباره بررسی کنید یا کد تازه بگیرید';
