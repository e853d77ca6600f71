import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { scaleStatements } from './finance.ts';
import { seedIfEmpty } from './index.ts';
import { seedScale } from './scale.ts';

/**
 * `npm run seed [-- --scale N] [--statements Y]`: on the configured database (DATABASE_URL, else
 * PGlite under DATA_DIR/pglite), applies the migrations and seeds a new database as the server
 * would (SEED=demo or none); with `--scale N`, then tops it up to N legal persons and 3N true
 * persons with shareholdings and boards (seed/scale.ts); with `--statements Y`, Y fiscal years of
 * generated annual statements for (up to N) companies (seed/finance.ts `scaleStatements`). Prints what it did and how long it took.
 * Do not run it while a server has the same PGlite directory open.
 */
async function main(argv: string[]) {
  const i = argv.indexOf('--scale');
  const scale = i >= 0 ? Number(argv[i + 1]) : null;
  if (scale !== null && !(Number.isInteger(scale) && scale > 0)) {
    throw new Error('usage: npm run seed -- --scale <positive integer>');
  }
  const j = argv.indexOf('--statements');
  const statementYears = j >= 0 ? Number(argv[j + 1]) : null;
  if (
    statementYears !== null &&
    !(Number.isInteger(statementYears) && statementYears > 0 && statementYears <= 30)
  ) {
    throw new Error('usage: npm run seed -- --scale <N> --statements <years, 1..30>');
  }
  const config = loadConfig();
  if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
  const started = performance.now();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: resolve(config.DATA_DIR, 'pglite'),
  });
  try {
    await database.migrate();
    const t0 = performance.now();
    const outcome = await seedIfEmpty(database.db, config);
    console.log(`seed: ${outcome} on ${database.engine} in ${Math.round(performance.now() - t0)} ms`);
    if (scale !== null) {
      const stats = await seedScale(database.db, scale, (line) => console.log(`  ${line}`));
      console.log(`scale ${scale}: ${JSON.stringify(stats)}`);
    }
    if (statementYears !== null) {
      const n = await scaleStatements(database.db, {
        companies: scale ?? Number.MAX_SAFE_INTEGER,
        years: statementYears,
        log: (line) => console.log(`  ${line}`),
      });
      console.log(`statements: ${n} (${statementYears} years)`);
    }
  } finally {
    await database.close();
  }
  console.log(`done in ${Math.round(performance.now() - started)} ms`);
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
