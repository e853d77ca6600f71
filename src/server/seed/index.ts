import { count } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { refreshStateClassesIfStale } from '../modules/ownership/classes.ts';
import { seedAccess, syncPermissions } from './access.ts';
import { seedCompanyReports } from './company-reports.ts';
import { seedDocumentTypes } from './document-types.ts';
import { seedChart, seedStatements } from './finance.ts';
import { seedIssues } from './issues.ts';
import { seedLabels } from './labels.ts';
import { seedMeasureValues, seedPerformanceConfig } from './performance.ts';
import { seedPortfolio } from './portfolio.ts';
import { seedReference } from './reference.ts';
import { seedResumes } from './resumes.ts';

export type SeedOutcome = 'demo' | 'admin-only' | 'existing-demo' | 'existing';

/**
 * Seeds a new database once: with SEED=demo the reference data (seed/reference.ts), the demo
 * portfolio (seed/portfolio.ts) and the demo accounts; with SEED=none the reference data and one
 * admin who must change the password at first sign-in.
 * A database that already has users is left as it is, but for permissions a newer version
 * declares (syncPermissions).
 */
export async function seedIfEmpty(
  db: Db,
  config: Pick<Config, 'SEED' | 'DEMO_PASSWORD'>,
): Promise<SeedOutcome> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) {
    await syncPermissions(db);
    await seedChart(db);
    await seedPerformanceConfig(db);
    await refreshStateClassesIfStale(db);
    return config.SEED === 'demo' ? 'existing-demo' : 'existing';
  }
  // Reference data first, in every mode: provinces, cities and industry groups are public facts
  // every screen needs (pickers, filters, maps), even in an otherwise empty product. The listed
  // companies are not loaded with SEED=none: the register of legal persons is the organisation's
  // own data, and importing 849 companies it may not oversee would have to be undone by hand.
  // Both steps skip themselves when their tables already hold rows, so a start that failed
  // midway can be retried; the accounts come last because a database with users counts as seeded.
  await seedReference(db);
  await seedDocumentTypes(db);
  await seedChart(db);
  await seedPerformanceConfig(db);
  if (config.SEED === 'demo') {
    await seedPortfolio(db);
    await seedLabels(db);
    await seedCompanyReports(db);
  }
  await seedResumes(db, { demo: config.SEED === 'demo' });
  await seedAccess(db, { demoPassword: config.DEMO_PASSWORD, demoAccounts: config.SEED === 'demo' });
  // After the accounts: a statement's entry moves name the demo preparer and reviewer.
  if (config.SEED === 'demo') {
    await seedStatements(db);
    await seedMeasureValues(db);
    await seedIssues(db);
  }
  // each company's state class (issue 17), for the lists
  await refreshStateClassesIfStale(db);
  return config.SEED === 'demo' ? 'demo' : 'admin-only';
}
