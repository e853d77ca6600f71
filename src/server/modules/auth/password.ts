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
 * account (the user then signs in). 422 on `code` for a wrong or expired code.
 */
const resetWithCode = defineRoute({
  method: 'post',
  path: '/api/user/forget-password/reset',
  permission: 'public',
  summary: 'Set a new password with the code sent by SMS',
  tags: ['auth'],
  body: resetPasswordInput,
  response: passwordResetAnswer,
  bodyType: 'form',
  async handler(ctx) {
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
    const passwordHash = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, hasChangePass: false, updatedAt: deps.now() })
        .where(eq(users.id, user.id));
      await ctx.audit(tx, { action: 'password.reset-by-code', entity: 'user', entityId: user.id });
      await endUserSessions(tx, user.id);
    });
    await resetAccount(db, user.username);
    return { reset: true };
  },
});

/**
 * POST /api/user/change-password — `{ current_password, password, password_confirmation }` →
 * `{ has_change_pass: false }`. Allowed while a change is due. Ends the user's other sessions and
 * renews this session's id. 422 on `current_password` when it is wrong (counts as a failed
 * sign-in: 429 after five), 422 on `password` when the new one equals the current one.
 */
const changePassword = defineRoute({
  method: 'post',
  path: '/api/user/change-password',
  permission: 'user',
  allowWhenPasswordChangeDue: true,
  summary: 'Change the signed-in user’s password',
  tags: ['auth'],
  body: changePasswordInput,
  response: passwordChangedAnswer,
  bodyType: 'form',
  async handler(ctx) {
    const { db, deps, body, session } = ctx;
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
    const passwordHash = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, hasChangePass: false, updatedAt: deps.now() })
        .where(eq(users.id, user.id));
      await ctx.audit(tx, { action: 'password.change', entity: 'user', entityId: user.id });
      await endUserSessions(tx, user.id, session!.id);
    });
    await resetAccount(db, user.username);
    await rotateSession(ctx.c, deps, session!, {});
    return { has_change_pass: false };
  },
});

export const passwordRoutes = [forgetPassword, resetWithCode, changePassword];
