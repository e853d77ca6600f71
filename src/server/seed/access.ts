import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import { roles, userRoles, users } from '../db/schema/index.ts';

/**
 * Roles, permissions and accounts. With `demoAccounts`, admin/analyst/auditor/nomination share
 * `demoPassword`; without, one admin whose password must be changed at first sign-in.
 */
export async function seedAccess(db: Db, opts: { demoPassword: string; demoAccounts: boolean }) {
  const passwordHash = await hashPassword(opts.demoPassword);
  await db.transaction(async (tx) => {
    const [superAdmin] = await tx
      .insert(roles)
      .values({ name: 'super_admin', title: 'مدیر کل سامانه', type: 'super_admin' })
      .returning();
    const [admin] = await tx
      .insert(users)
      .values({
        username: 'admin',
        passwordHash,
        firstName: 'مدیر',
        lastName: 'سامانه',
        hasChangePass: !opts.demoAccounts,
      })
      .returning();
    await tx.insert(userRoles).values({ userId: admin!.id, roleId: superAdmin!.id });
  });
}
