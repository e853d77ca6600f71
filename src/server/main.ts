import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { importLegacyFiles } from './files/legacy.ts';
import { openBlobStore } from './files/open-store.ts';
import { JobQueue, jobSettings } from './jobs/queue.ts';
import { startWorkers } from './jobs/workers.ts';
import { refreshStateClassesIfStale } from './modules/ownership/classes.ts';
import { seedIfEmpty } from './seed/index.ts';
import { logSmsProvider } from './sms/provider.ts';

const config = loadConfig();
if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: resolve(config.DATA_DIR, 'pglite'),
});
await database.migrate();
const seeded = await seedIfEmpty(database.db, config);
const files = await openBlobStore(config);
// Files that earlier versions kept under DATA_DIR/files move into the store (once; idempotent).
const legacy = await importLegacyFiles(database.db, files, config.DATA_DIR);
if (legacy.imported)
  console.log(`file store: ${legacy.imported} file(s) moved from ${config.DATA_DIR}/files`);
for (const path of legacy.damaged)
  console.error(`file store: ${path} does not match its name; left in place`);
// Content no row names any more (deleted documents, uploads whose transaction failed) goes at
// start and then daily; a failed sweep is logged and tried again the next time.
const sweep = () =>
  files.sweep(database.db).then(
    (n) => n && console.log(`file store: ${n} unnamed file(s) removed`),
    (err) => console.error(`file store: sweep failed: ${(err as Error).message}`),
  );
void sweep();
setInterval(sweep, 24 * 60 * 60 * 1000).unref();
// Each company's state class follows the holdings valid today: recomputed when a holding starts
// or ends with the day, or the holdings changed through another process.
setInterval(
  () =>
    refreshStateClassesIfStale(database.db).catch((err) =>
      console.error(`ownership: state classes not refreshed: ${(err as Error).message}`),
    ),
  5 * 60 * 1000,
).unref();
// The job queue (pg-boss) after the schema and the seed; its workers send the queued SMS.
const sms = logSmsProvider(console.log, { delayMs: config.SMS_LOG_DELAY_MS });
const jobs = new JobQueue(database, jobSettings(config));
await jobs.start();
await startWorkers(jobs, { database, sms });
const deps = { config, database, sms, jobs, files, now: () => new Date() };
// CLIENT_DIR: another build of the client (tests that build their own); default dist/client.
const app = createApp(deps, { clientDir: resolve(process.env.CLIENT_DIR ?? 'dist/client') });

const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
  const url = `http://${config.HOST}:${info.port}`;
  console.log(`\nناظر is running on ${database.engine}: ${url}`);
  if (seeded === 'demo' || seeded === 'existing-demo') {
    console.log(
      `Sign in as admin, analyst, auditor or nomination with the password "${config.DEMO_PASSWORD}".`,
    );
  } else if (seeded === 'admin-only') {
    console.log('Sign in as admin with DEMO_PASSWORD; you will be asked to change it.');
  }
});

// Keep idle connections longer than clients and proxies do (Node's default is 5 s, the same as
// many clients'), so that a client never sends on a connection the server is closing.
if ('keepAliveTimeout' in server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

const shutdown = async () => {
  server.close();
  // the workers finish (or give back) the jobs they hold before the database closes
  await jobs.stop().catch((err) => console.error(`jobs: stop failed: ${(err as Error).message}`));
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
