import { count } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { seedAccess } from './access.ts';

export type SeedOutcome = 'demo' | 'admin-only' | 'existing-demo' | 'existing';

/**
 * Seeds a new database once: with SEED=demo the reference data, the demo portfolio and the
 * demo accounts; with SEED=none one admin who must change the password at first sign-in.
 * A database that already has users is left as it is.
 */
export async function seedIfEmpty(
  db: Db,
  config: Pick<Config, 'SEED' | 'DEMO_PASSWORD'>,
): Promise<SeedOutcome> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return config.SEED === 'demo' ? 'existing-demo' : 'existing';
  await seedAccess(db, { demoPassword: config.DEMO_PASSWORD, demoAccounts: config.SEED === 'demo' });
  return config.SEED === 'demo' ? 'demo' : 'admin-only';
}
