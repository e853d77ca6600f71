import { z } from 'zod';
import { signupAnswer, signupInput } from '../../../contract/auth.ts';
import { parseNationalCode } from '../../../domain/identifiers.ts';
import { normalizePersian } from '../../../domain/persian-text.ts';
import { MOBILE_FORMAT_MESSAGE, normalizeMobile } from '../../auth/normalize.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { hit, SIGNUP_LIMIT, tooMany } from '../../auth/throttle.ts';
import { pgError } from '../../db/pg-errors.ts';
import { users } from '../../db/schema/index.ts';
import { type FieldErrors, invalid } from '../../http/errors.ts';
import { defineRoute } from '../../http/route.ts';
import { findUserByUsername } from './sign-in.ts';

const USERNAME = /^[a-z0-9][a-z0-9._-]*$/;
const TAKEN = 'این نام کاربری پیش‌تر ثبت شده است؛ نام دیگری برگزینید';

/** True for PostgreSQL's unique-violation error (a parallel sign-up took the name first). */
const isUniqueViolation = (e: unknown) => pgError(e).code === '23505';

/**
 * POST /api/signup?crf_pid=3 — form body `{ username, password, first_name, last_name, mobile,
 * national_code }` → `{ status: 'waiting' }`. The account waits for an admin's approval
 * (/auth/waiting) and cannot sign in before it. Only `crf_pid=3` is accepted (422 otherwise).
 * Usernames are stored in lower case (Latin letters, digits, `.`, `_`, `-`); 422 per field for a
 * taken username, a malformed mobile or a national code that `parseNationalCode` refuses (check
 * digit; 8–9 digits are zero-padded and the code is stored as 10 ASCII digits); 429 after ten
 * sign-ups from one address in an hour.
 */
const signup = defineRoute({
  method: 'post',
  path: '/api/signup',
  permission: 'public',
  summary: 'Apply for a staff account (waits for approval)',
  tags: ['auth'],
  query: z.object({
    crf_pid: z.literal('3', { error: 'پیوند ثبت‌نام معتبر نیست؛ از صفحه ثبت‌نام اقدام کنید' }),
  }),
  body: signupInput,
  response: signupAnswer,
  bodyType: 'form',
  async handler(ctx) {
    const { body, db, deps } = ctx;
    const username = body.username.toLowerCase();
    const mobile = normalizeMobile(body.mobile);
    const nationalCode = parseNationalCode(body.national_code);
    const firstName = normalizePersian(body.first_name);
    const lastName = normalizePersian(body.last_name);
    const errors: FieldErrors = {};
    if (!USERNAME.test(username)) {
      errors.username = ['نام کاربری فقط از حروف لاتین، رقم، نقطه، خط تیره و زیرخط تشکیل شود'];
    } else if (await findUserByUsername(db, username)) errors.username = [TAKEN];
    if (!mobile) errors.mobile = [MOBILE_FORMAT_MESSAGE];
    if (!nationalCode) {
      errors.national_code = ['کد ملی معتبر نیست؛ ۱۰ رقم آن را دوباره بررسی کنید'];
    }
    if (Object.keys(errors).length) throw invalid(errors);
    const { retryAfter } = await hit(db, `signup:ip:${ctx.meta.ip}`, SIGNUP_LIMIT, deps.now());
    if (retryAfter > 0) throw tooMany(retryAfter, 'از این نشانی درخواست ثبت‌نام زیادی رسیده است');
    const passwordHash = await hashPassword(body.password);
    try {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            username,
            passwordHash,
            firstName,
            lastName,
            mobile,
            nationalCode,
            status: 'waiting',
          })
          .returning({ id: users.id });
        await ctx.audit(tx, {
          action: 'user.signup',
          entity: 'user',
          entityId: row!.id,
          after: {
            username,
            first_name: body.first_name,
            last_name: body.last_name,
            mobile,
            status: 'waiting',
          },
        });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw invalid({ username: [TAKEN] });
      throw e;
    }
    return { status: 'waiting' as const };
  },
});

export const signupRoutes = [signup];
