import { z } from 'zod';
import { signupAnswer, signupInput } from '../../../contract/auth.ts';
import { parseNationalCode } from '../../../domain/identifiers.ts';
import { normalizePersian } from '../../../domain/persian-text.ts';
import { MOBILE_FORMAT_MESSAGE, normalizeMobile } from '../../auth/normalize.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { hit, SIGNUP_LIMIT, tooMany } from '../../auth/throttle.ts';
import { users } from '../../db/schema/index.ts';
import { type FieldErrors, invalid } from '../../http/errors.ts';
import { defineMutation } from '../../http/mutation.ts';
import { findUserByUsername } from './sign-in.ts';

const USERNAME = /^[a-z0-9][a-z0-9._-]*$/;
const TAKEN = 'این نام کاربری پیش‌تر ثبت شده است؛ نام دیگری برگزینید';

/**
 * POST /api/signup?crf_pid=3 — form body `{ username, password, first_name, last_name, mobile,
 * national_code }` → `{ status: 'waiting' }`. The account waits for an admin's approval
 * (/auth/waiting) and cannot sign in before it. Only `crf_pid=3` is accepted (422 otherwise).
 * Usernames are stored in lower case (Latin letters, digits, `.`, `_`, `-`); 422 per field for a
 * taken username, a malformed mobile or a national code that `parseNationalCode` refuses (check
 * digit; 8–9 digits are zero-padded and the code is stored as 10 ASCII digits); 429 after ten
 * sign-ups from one address in an hour.
 */
const signup = defineMutation({
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
  audit: { entity: 'user', action: 'user.signup' },
  // A parallel sign-up took the name between the check and the insert.
  onUnique: () => invalid({ username: [TAKEN] }),
  // The checks, the throttle's count (it must outlive a refusal) and the slow hash.
  async prepare({ body, db, deps, meta }) {
    const username = body.username.toLowerCase();
    const mobile = normalizeMobile(body.mobile);
    const nationalCode = parseNationalCode(body.national_code);
    const errors: FieldErrors = {};
    if (!USERNAME.test(username)) {
      errors.username = ['نام کاربری فقط از حروف لاتین، رقم، نقطه، خط تیره و زیرخط تشکیل شود'];
    } else if (await findUserByUsername(db, username)) errors.username = [TAKEN];
    if (!mobile) errors.mobile = [MOBILE_FORMAT_MESSAGE];
    if (!nationalCode) {
      errors.national_code = ['کد ملی معتبر نیست؛ ۱۰ رقم آن را دوباره بررسی کنید'];
    }
    if (Object.keys(errors).length) throw invalid(errors);
    const { retryAfter } = await hit(db, `signup:ip:${meta.ip}`, SIGNUP_LIMIT, deps.now());
    if (retryAfter > 0) throw tooMany(retryAfter, 'از این نشانی درخواست ثبت‌نام زیادی رسیده است');
    return { username, mobile, nationalCode, passwordHash: await hashPassword(body.password) };
  },
  async handler({ body, db, prepared: { username, mobile, nationalCode, passwordHash } }) {
    const [row] = await db
      .insert(users)
      .values({
        username,
        passwordHash,
        firstName: normalizePersian(body.first_name),
        lastName: normalizePersian(body.last_name),
        mobile,
        nationalCode,
        status: 'waiting',
      })
      .returning({ id: users.id });
    return {
      id: row!.id,
      after: {
        username,
        first_name: body.first_name,
        last_name: body.last_name,
        mobile,
        status: 'waiting',
      },
      result: { status: 'waiting' as const },
    };
  },
});

export const signupRoutes = [signup];
