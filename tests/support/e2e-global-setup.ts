import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_OTP_RESEND_SECONDS } from './otp-wait.ts';
import { ServerProcess } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The first server's address (a test run alone, or a tool that reads one). */
    baseUrl: string;
    /** The file the first server's output goes to (one-time codes are read there: the SMS log masks them). */
    serverLog: string;
    /** Every server's address, one per worker (tests/support/e2e-worker.ts picks the worker's own). */
    baseUrls: string[];
    serverLogs: string[];
  }
}

/** How many servers (and so browser-test workers) run at once: E2E_WORKERS, default 1. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));

const servers: ServerProcess[] = [];

/**
 * Starts the real server (built client + API) for the browser tests, once per worker
 * (E2E_WORKERS), each on a fresh PGlite directory or a fresh PostgreSQL database beside
 * DATABASE_URL's, seeded with demo data: two test files running at once never share a server or
 * its data, so one file's records never show in another's lists. A test may give its browser
 * context an address of its own (X-Forwarded-For, trusted here), so the per-address limits of
 * one test never reach another. Codes to one mobile may be resent after E2E_OTP_RESEND_SECONDS.
 * The issues' sweep is off (ISSUE_SWEEP_CRON): the demo's overdue issues would otherwise notify
 * their people at any 5-minute mark, under tests that count notifications (the API tests run it).
 */
export async function setup(project: TestProject) {
  const started = await Promise.all(
    Array.from({ length: E2E_WORKERS }, async (_, i) => {
      const server = await ServerProcess.create(i === 0 ? 'e2e' : `e2e${i + 1}`, {
        env: { OTP_RESEND_SECONDS: String(E2E_OTP_RESEND_SECONDS), ISSUE_SWEEP_CRON: 'off' },
      });
      servers.push(server);
      await server.start(150_000);
      const log = resolve(`.tmp/e2e-server${i === 0 ? '' : i + 1}.log`);
      mkdirSync(dirname(log), { recursive: true });
      writeFileSync(log, server.output);
      server.child?.stdout?.on('data', (d) => appendFileSync(log, d));
      return { url: server.baseUrl, log };
    }),
  );
  project.provide('baseUrl', started[0]!.url);
  project.provide('serverLog', started[0]!.log);
  project.provide(
    'baseUrls',
    started.map((s) => s.url),
  );
  project.provide(
    'serverLogs',
    started.map((s) => s.log),
  );
}

export async function teardown() {
  await Promise.all(servers.map((s) => s.dispose()));
}
