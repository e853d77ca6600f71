import { eq } from 'drizzle-orm';
import {
  changePasswordInput,
  codeSentAnswer,
  forgetPasswordInput,
  passwordChangedAnswer,
  passwordResetAnswer,
  resetPasswordInput,
} from '../../../contract/auth.ts';
import { CODE_FAILURE_MESSAGE, verifyCode } from '../../auth/otp.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { endUserSessions, rotateSession } from '../../auth/sessions.ts';
import { resetAccount } from '../../auth/throttle.ts';
import { users } from '../../db/schema/index.ts';
import { invalid } from '../../http/errors.ts';
import { defineMutation } from '../../http/mutation.ts';
import { defineRoute } from '../../http/route.ts';
import { requireMobile, sendCodeTo } from './codes.ts';
import { failSignIn, guardAccount } from './sign-in.ts';

/**
 * POST /api/user/forget-password — `{ mobile }` → `{ sent: true, expires_in: 120 }`: a code by
 * SMS to the active account with that mobile (same answer for unknown mobiles); 429 within 60 s.
 */
const forgetPassword = defineRoute({
  method: 'post',
  path: '/api/user/forget-password',
  permission: 'public',
  summary: 'Send a password-reset code by SMS',
  tags: ['auth'],
  body: forgetPasswordInput,
  response: codeSentAnswer,
  bodyType: 'form',
  handler: (ctx) => sendCodeTo(ctx, 'forget', ctx.body.mobile),
});

/**
 * POST /api/user/forget-password/reset — `{ mobile, code, password, password_confirmation }` →
 * `{ reset: true }`. Sets the new password, clears `has_change_pass`, ends every session of the
 * account (the user then signs in). 422 on `code` for a wrong or expired code. Audited as `user`
 * `password.reset-by-code`.
 */
const resetWithCode = defineMutation({
  method: 'post',
  path: '/api/user/forget-password/reset',
  permission: 'public',
  summary: 'Set a new password with the code sent by SMS',
  tags: ['auth'],
  body: resetPasswordInput,
  response: passwordResetAnswer,
  bodyType: 'form',
  audit: { entity: 'user', action: 'password.reset-by-code' },
  // The code's check and a refusal's login-log row must outlive the refusal; the hash is slow.
  async prepare(ctx) {
    const { db, deps, body } = ctx;
    const mobile = requireMobile(body.mobile);
    const result = await verifyCode(db, { purpose: 'forget', mobile, code: body.code, now: deps.now() });
    const [user] =
      result.ok && result.userId != null
        ? await db.select().from(users).where(eq(users.id, result.userId))
        : [];
    if (!user) {
      return failSignIn(ctx, {
        username: mobile,
        userId: null,
        method: 'forget-password',
        reason: result.ok ? 'otp_no_user' : `otp_${result.reason}`,
        field: 'code',
        message: CODE_FAILURE_MESSAGE,
        countAccount: false,
      });
    }
    return { user, passwordHash: await hashPassword(body.password) };
  },
  async handler({ db, deps, prepared: { user, passwordHash } }) {
    await db
      .update(users)
      .set({ passwordHash, hasChangePass: false, updatedAt: deps.now() })
      .where(eq(users.id, user.id));
    await endUserSessions(db, user.id);
    await resetAccount(db, user.username);
    return { id: user.id, result: { reset: true as const } };
  },
});

/**
 * POST /api/user/change-password — `{ current_password, password, password_confirmation }` →
 * `{ has_change_pass: false }`. Allowed while a change is due. Ends the user's other sessions and
 * renews this session's id. 422 on `current_password` when it is wrong (counts as a failed
 * sign-in: 429 after five), 422 on `password` when the new one equals the current one. Audited as
 * `user` `password.change`.
 */
const changePassword = defineMutation({
  method: 'post',
  path: '/api/user/change-password',
  permission: 'user',
  allowWhenPasswordChangeDue: true,
  summary: 'Change the signed-in user’s password',
  tags: ['auth'],
  body: changePasswordInput,
  response: passwordChangedAnswer,
  bodyType: 'form',
  audit: { entity: 'user', action: 'password.change' },
  // A wrong current password's login-log row and failure count must outlive the refusal; the hash is slow.
  async prepare(ctx) {
    const { db, body, session } = ctx;
    const [user] = await db.select().from(users).where(eq(users.id, session!.user!.id));
    if (!user) throw invalid({ current_password: ['حساب کاربری یافت نشد'] });
    await guardAccount(ctx, user.username, 'change-password', user.id);
    if (!(await verifyPassword(user.passwordHash, body.current_password))) {
      await failSignIn(ctx, {
        username: user.username,
        userId: user.id,
        method: 'change-password',
        reason: 'wrong_password',
        field: 'current_password',
        message: 'گذرواژه فعلی درست نیست؛ دوباره وارد کنید',
      });
    }
    if (body.password === body.current_password) {
      throw invalid({ password: ['گذرواژه تازه باید با گذرواژه فعلی متفاوت باشد'] });
    }
    return { user, passwordHash: await hashPassword(body.password) };
  },
  async handler({ db, deps, session, prepared: { user, passwordHash } }) {
    await db
      .update(users)
      .set({ passwordHash, hasChangePass: false, updatedAt: deps.now() })
      .where(eq(users.id, user.id));
    await endUserSessions(db, user.id, session!.id);
    await resetAccount(db, user.username);
    return { id: user.id, result: { has_change_pass: false as const } };
  },
  // The session's new id is written on the request's connection, once the password is in.
  afterCommit: ({ c, deps, session }) => rotateSession(c, deps, session!, {}),
});

export const passwordRoutes = [forgetPassword, resetWithCode, changePassword];
