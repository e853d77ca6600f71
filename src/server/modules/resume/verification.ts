import { eq } from 'drizzle-orm';
import {
  crfQuery,
  resumeCheckAnswer,
  resumeCheckInput,
  resumeVerifyAnswer,
  resumeVerifyInput,
} from '../../../contract/resume.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import { clearCookie } from '../../auth/cookies.ts';
import {
  CODE_FAILURE_MESSAGE,
  codeText,
  guardResend,
  issueCode,
  OTP_TTL_MS,
  otpResendMs,
  verifyCode,
} from '../../auth/otp.ts';
import { startSession } from '../../auth/sessions.ts';
import { hit, type Limit, lockedFor, reset, SEND_LIMIT, tooMany } from '../../auth/throttle.ts';
import type { Db } from '../../db/client.ts';
import { guests, throttles } from '../../db/schema/index.ts';
import { HttpError } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { toGuest } from './shape.ts';

/**
 * Guest verification: an applicant proves a mobile by an SMS code and gets a guest session.
 * Limits per mobile: one send a minute, five an hour; five wrong codes lock the mobile for 15
 * minutes (sends and checks refused). Sends per address as for the staff codes (SEND_LIMIT).
 */

const MINUTE = 60_000;
/** Code sends per mobile per hour. */
export const GUEST_HOURLY_SENDS: Limit = { limit: 5, windowMs: 60 * MINUTE };
/** Wrong codes per mobile before it is locked, and the lock's length. */
export const GUEST_WRONG_CODES: Limit = { limit: 5, windowMs: 15 * MINUTE };
export const GUEST_LOCK_MS = 15 * MINUTE;

const sendsKey = (mobile: string) => `guest-send:mobile:${mobile}`;
const ipSendsKey = (ip: string) => `guest-send:ip:${ip}`;
const failKey = (mobile: string) => `guest-code:fail:${mobile}`;
const lockKey = (mobile: string) => `guest-code:lock:${mobile}`;

/** The page's own staff cookies (lib/storage.ts COOKIE_NAMES), removed when a guest session starts. */
const PAGE_COOKIES = ['nazer_authenticated', 'nazer_role', 'nazer_user'];

const OTHER_MOBILE = 'این کد ملی با شماره همراه دیگری ثبت شده است';

/** Seconds left of the lock on `mobile` (0 when not locked). */
async function lockLeft(db: Db, mobile: string, now: Date): Promise<number> {
  const [row] = await db
    .select()
    .from(throttles)
    .where(eq(throttles.key, lockKey(mobile)));
  const until = row?.lockedUntil?.getTime() ?? 0;
  return until > now.getTime() ? Math.max(1, Math.ceil((until - now.getTime()) / 1000)) : 0;
}

/** 429 `locked: true` with Retry-After while `mobile` is locked. */
async function assertNotLocked(db: Db, mobile: string, now: Date): Promise<void> {
  const wait = await lockLeft(db, mobile, now);
  if (wait > 0) throw lockedError(wait);
}

function lockedError(wait: number): HttpError {
  const minutes = Math.ceil(wait / 60);
  return new HttpError(
    429,
    `به دلیل ${toPersianDigits(GUEST_WRONG_CODES.limit)} بار ورود کد نادرست، این شماره همراه تا ${toPersianDigits(minutes)} دقیقه دیگر مسدود است`,
    undefined,
    { retryAfter: wait, retry_after: wait, locked: true },
  );
}

/** 422 on `mobile` when the national code already applied with another mobile. */
async function assertSameMobile(db: Db, nationalCode: string, mobile: string): Promise<void> {
  const [row] = await db
    .select({ mobile: guests.mobile })
    .from(guests)
    .where(eq(guests.nationalCode, nationalCode));
  if (row && row.mobile !== mobile) throw new HttpError(422, OTHER_MOBILE, { mobile: [OTHER_MOBILE] });
}

/**
 * POST /api/person/resume/check (public) — `{ national_code, mobile }` (Persian or ASCII digits)
 * → `{ sent: true, expires_in: 120, resend_in: 60 }` (seconds): a six-digit code goes by SMS
 * (logged in sms_log). 422 per field (check digit, mobile format, «این کد ملی با شماره همراه
 * دیگری ثبت شده است»); 429 + Retry-After: within 60 s of the last send, the sixth send in an
 * hour, too many sends from the address, or the mobile locked (`locked: true`, `retry_after`).
 */
const check = defineRoute({
  method: 'post',
  path: '/api/person/resume/check',
  permission: 'public',
  summary: 'Resume applicant: send a verification code by SMS',
  tags: ['resume'],
  body: resumeCheckInput,
  response: resumeCheckAnswer,
  async handler({ db, deps, body, meta }) {
    const { national_code: nationalCode, mobile } = body;
    const now = deps.now();
    await assertNotLocked(db, mobile, now);
    await assertSameMobile(db, nationalCode, mobile);
    const hourly = await lockedFor(db, sendsKey(mobile), GUEST_HOURLY_SENDS, now);
    if (hourly > 0) throw tooMany(hourly, 'در یک ساعت گذشته کد زیادی برای این شماره فرستاده شده است');
    const fromIp = await lockedFor(db, ipSendsKey(meta.ip), SEND_LIMIT, now);
    if (fromIp > 0) throw tooMany(fromIp, 'از این نشانی کد زیادی درخواست شده است');
    await guardResend(deps, db, 'guest', mobile, now);
    await hit(db, sendsKey(mobile), GUEST_HOURLY_SENDS, now);
    await hit(db, ipSendsKey(meta.ip), SEND_LIMIT, now);
    await issueCode(deps, { purpose: 'guest', mobile, text: codeText('ثبت رزومه') });
    return { sent: true, expires_in: OTP_TTL_MS / 1000, resend_in: otpResendMs(deps) / 1000 };
  },
});

/**
 * POST /api/person/resume/check-sms-code?crf_pid=3 (public) — `{ national_code, mobile, code }`
 * → `{ guest }` and the guest session cookie (`nazer_guest`); the staff session and the page's
 * role, user and authenticated cookies are removed. The first verification of a national code
 * creates the applicant (step 1); a returning one keeps their step.
 * 422 `errors.code` for a wrong code (`attempts_left`) or an expired/missing one; 422 on
 * `mobile` when the national code applied with another mobile; 429 `locked: true` +
 * Retry-After from the fifth wrong code for 15 minutes.
 */
const verify = defineRoute({
  method: 'post',
  path: '/api/person/resume/check-sms-code',
  permission: 'public',
  summary: 'Resume applicant: verify the SMS code and start the guest session',
  tags: ['resume'],
  query: crfQuery,
  body: resumeVerifyInput,
  response: resumeVerifyAnswer,
  async handler({ c, db, deps, body, meta }) {
    const { national_code: nationalCode, mobile, code } = body;
    const now = deps.now();
    await assertNotLocked(db, mobile, now);
    await assertSameMobile(db, nationalCode, mobile);
    const result = await verifyCode(db, { purpose: 'guest', mobile, code, now });
    if (!result.ok) {
      if (result.reason === 'wrong' || result.reason === 'exhausted') {
        const { count } = await hit(db, failKey(mobile), GUEST_WRONG_CODES, now);
        if (count >= GUEST_WRONG_CODES.limit) {
          await db
            .insert(throttles)
            .values({
              key: lockKey(mobile),
              count: 1,
              windowStart: now,
              lockedUntil: new Date(now.getTime() + GUEST_LOCK_MS),
            })
            .onConflictDoUpdate({
              target: throttles.key,
              set: { count: 1, windowStart: now, lockedUntil: new Date(now.getTime() + GUEST_LOCK_MS) },
            });
          await reset(db, failKey(mobile));
          throw lockedError(GUEST_LOCK_MS / 1000);
        }
        throw new HttpError(
          422,
          CODE_FAILURE_MESSAGE,
          { code: [CODE_FAILURE_MESSAGE] },
          {
            attempts_left: GUEST_WRONG_CODES.limit - count,
          },
        );
      }
      throw new HttpError(422, CODE_FAILURE_MESSAGE, { code: [CODE_FAILURE_MESSAGE] });
    }
    await reset(db, failKey(mobile));
    await db
      .insert(guests)
      .values({ nationalCode, mobile })
      .onConflictDoNothing({ target: guests.nationalCode });
    const [guest] = await db.select().from(guests).where(eq(guests.nationalCode, nationalCode));
    if (!guest || guest.mobile !== mobile) throw new HttpError(422, OTHER_MOBILE, { mobile: [OTHER_MOBILE] });
    await startSession(c, deps, { kind: 'guest', guestId: guest.id, ip: meta.ip, userAgent: meta.userAgent });
    for (const name of PAGE_COOKIES) clearCookie(c, deps.config, name);
    return { guest: toGuest(guest) };
  },
});

export const verificationRoutes = [check, verify];
