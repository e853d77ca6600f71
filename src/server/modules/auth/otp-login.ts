import { eq } from 'drizzle-orm';
import { codeSentAnswer, otpLoginInput, sendOtpInput, signInAnswer } from '../../../contract/auth.ts';
import { CODE_FAILURE_MESSAGE, verifyCode } from '../../auth/otp.ts';
import { users } from '../../db/schema/index.ts';
import { defineRoute } from '../../http/route.ts';
import { requireMobile, sendCodeTo } from './codes.ts';
import { completeSignIn, failSignIn } from './sign-in.ts';

/**
 * POST /api/login/send-otp — `{ mobile }` → `{ sent: true, expires_in: 120 }` (seconds). The code
 * goes by SMS to the active account with that mobile; unknown mobiles get the same answer.
 * 422 malformed mobile; 429 + Retry-After within 60 s of the last send.
 */
const sendOtp = defineRoute({
  method: 'post',
  path: '/api/login/send-otp',
  permission: 'public',
  summary: 'Send a one-time sign-in code by SMS',
  tags: ['auth'],
  body: sendOtpInput,
  response: codeSentAnswer,
  bodyType: 'form',
  handler: (ctx) => sendCodeTo(ctx, 'login', ctx.body.mobile),
});

/**
 * POST /api/login/otp — `{ mobile, code }` → as POST /api/login. A wrong, expired or used-up
 * code answers 422 on `code` (one message for all); the fifth wrong try kills the code; every
 * failure counts against the address (blocked at 20 in 15 minutes).
 */
const otpLogin = defineRoute({
  method: 'post',
  path: '/api/login/otp',
  permission: 'public',
  summary: 'Sign in with the one-time code sent by SMS',
  tags: ['auth'],
  body: otpLoginInput,
  response: signInAnswer,
  bodyType: 'form',
  async handler(ctx) {
    const mobile = requireMobile(ctx.body.mobile);
    const result = await verifyCode(ctx.db, {
      purpose: 'login',
      mobile,
      code: ctx.body.code,
      now: ctx.deps.now(),
    });
    const [user] =
      result.ok && result.userId != null
        ? await ctx.db.select().from(users).where(eq(users.id, result.userId))
        : [];
    if (!user) {
      await failSignIn(ctx, {
        username: mobile,
        userId: null,
        method: 'otp',
        reason: result.ok ? 'otp_no_user' : `otp_${result.reason}`,
        field: 'code',
        message: CODE_FAILURE_MESSAGE,
        countAccount: false,
      });
    }
    return completeSignIn(ctx, user!, 'otp');
  },
});

export const otpRoutes = [sendOtp, otpLogin];
