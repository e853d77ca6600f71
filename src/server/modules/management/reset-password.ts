import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { hashPassword } from '../../auth/passwords.ts';
import { endUserSessions } from '../../auth/sessions.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { defineMutation } from '../../http/mutation.ts';
import { assertMayManageUser } from './authority.ts';

const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';

/** A 12-character temporary password without look-alike characters, with letters and digits. */
export function temporaryPassword(): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const chars = [pick(LETTERS), pick(DIGITS)];
  while (chars.length < 12) chars.push(pick(LETTERS + DIGITS));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * POST /api/user/reset-password/:uid — sets a random temporary password, sets
 * `has_change_pass` (the user must change it at the next sign-in) and ends the user's sessions.
 * Answers a text file (`text/plain`, attachment `reset-<username>.txt`) with the username and
 * the temporary password, to hand to the user; the password is not kept anywhere else.
 * 404 unknown user; 403 for a user whose roles reach beyond the caller's (a user manager must not
 * sign in as a super admin through a reset: management/authority.ts). Audited (without the password).
 */
const resetPassword = defineMutation({
  method: 'post',
  path: '/api/user/reset-password/:uid{[0-9]+}',
  permission: 'management.users',
  summary: 'Give a user a temporary password (answers a text file)',
  tags: ['management'],
  params: z.object({ uid: z.coerce.number().int().positive().max(2_147_483_647) }),
  response: { file: ['text/plain'] },
  audit: { entity: 'user', action: 'user.reset-password' },
  // Hashing takes tens of milliseconds: not while the transaction is open.
  async prepare() {
    const password = temporaryPassword();
    return { password, passwordHash: await hashPassword(password) };
  },
  async handler({ db, params, deps, c, session, prepared }) {
    const [user] = await db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(eq(users.id, params.uid));
    if (!user) throw notFound('این کاربر یافت نشد');
    await assertMayManageUser(db, session, user.id);
    await db
      .update(users)
      .set({ passwordHash: prepared.passwordHash, hasChangePass: true, updatedAt: deps.now() })
      .where(eq(users.id, user.id));
    await endUserSessions(db, user.id);
    const text = [
      'ناظر — گذرواژه موقت',
      `نام کاربری: ${user.username}`,
      `گذرواژه موقت: ${prepared.password}`,
      'این گذرواژه را در نخستین ورود تغییر دهید؛ سامانه شما را به صفحه تغییر گذرواژه می‌برد.',
      '',
    ].join('\n');
    const file = `reset-${user.username}.txt`;
    c.header('Content-Type', 'text/plain; charset=utf-8');
    c.header(
      'Content-Disposition',
      `attachment; filename="${file.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file)}`,
    );
    c.header('Cache-Control', 'no-store');
    return { id: user.id, after: { has_change_pass: true }, result: c.body(text) };
  },
});

export const resetPasswordRoutes = [resetPassword];
