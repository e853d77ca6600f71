import { currentUserAnswer, loginInput, signedOutAnswer, signInAnswer } from '../../../contract/auth.ts';
import { GUEST_COOKIE, SESSION_COOKIE } from '../../auth/cookies.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { endSessionByCookie } from '../../auth/sessions.ts';
import { defineRoute } from '../../http/route.ts';
import { toRole, toUser } from './shape.ts';
import { completeSignIn, dummyHash, failSignIn, findUserByUsername, guardAccount } from './sign-in.ts';

const WRONG_CREDENTIALS = 'نام کاربری یا گذرواژه درست نیست؛ دوباره بررسی کنید';

/**
 * POST /api/login — form (or JSON) body `{ username, password }`. 200 → `{ user, has_change_pass }`
 * and a new staff session cookie (the role is set when the user has exactly one).
 * Errors: 422 wrong credentials (one message on `password`, the same for unknown usernames);
 * 429 + Retry-After (seconds) after 5 failures on the account in 15 minutes; 403 `blocked` when
 * the address reaches 20 failures in 15 minutes (blocked for 30 minutes); 403 with
 * `status: 'waiting' | 'deactivated'` for accounts that may not sign in. Every attempt is logged.
 */
const login = defineRoute({
  method: 'post',
  path: '/api/login',
  permission: 'public',
  summary: 'Sign in with username and password',
  tags: ['auth'],
  body: loginInput,
  response: signInAnswer,
  bodyType: 'form',
  async handler(ctx) {
    const { username, password } = ctx.body;
    const user = await findUserByUsername(ctx.db, username);
    await guardAccount(ctx, username, 'password', user?.id ?? null);
    const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
    if (!user || !ok) {
      await failSignIn(ctx, {
        username,
        userId: user?.id ?? null,
        method: 'password',
        reason: user ? 'wrong_password' : 'unknown_user',
        field: 'password',
        message: WRONG_CREDENTIALS,
      });
    }
    return completeSignIn(ctx, user!, 'password');
  },
});

/**
 * GET /api/user — the signed-in staff user: `{ user, has_change_pass, role }` (`role` null until
 * one is chosen). Allowed while a password change is due, so the client can send the user there.
 */
const currentUser = defineRoute({
  method: 'get',
  path: '/api/user',
  permission: 'user',
  allowWhenPasswordChangeDue: true,
  summary: 'The signed-in user, the password-change flag and the current role',
  tags: ['auth'],
  response: currentUserAnswer,
  async handler({ session }) {
    const s = session!;
    return {
      user: toUser(s.user!),
      has_change_pass: s.user!.hasChangePass,
      role: s.role ? toRole(s.role) : null,
    };
  },
});

/**
 * GET /api/logout — ends this browser's staff and guest sessions and clears their cookies.
 * Public, so it also works when the session has already ended. → `{ signed_out: true }`. It
 * changes state, so it needs the anti-forgery token (419 without): no other site can sign a
 * browser out.
 */
const logout = defineRoute({
  method: 'get',
  path: '/api/logout',
  permission: 'public',
  changesState: true,
  summary: 'Sign out (ends the staff and guest sessions of this browser)',
  tags: ['auth'],
  response: signedOutAnswer,
  async handler({ c, deps }) {
    await endSessionByCookie(c, deps, SESSION_COOKIE);
    await endSessionByCookie(c, deps, GUEST_COOKIE);
    return { signed_out: true };
  },
});

export const loginRoutes = [login, currentUser, logout];
