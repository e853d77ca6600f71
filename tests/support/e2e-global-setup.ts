import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_OTP_RESEND_SECONDS } from './otp-wait.ts';
import { ServerProcess } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The file the server's output goes to (one-time codes are read there: the SMS log masks them). */
    serverLog: string;
  }
}

let server: ServerProcess | undefined;

/**
 * Starts the real server (built client + API) once for the browser tests, on a fresh PGlite
 * directory or a fresh PostgreSQL database beside DATABASE_URL's, seeded with demo data. A test
 * may give its browser context an address of its own (X-Forwarded-For, trusted here), so the
 * per-address limits of one test never reach another. Codes to one mobile may be resent after
 * E2E_OTP_RESEND_SECONDS.
 */
export async function setup(project: TestProject) {
  server = await ServerProcess.create('e2e', {
    env: { OTP_RESEND_SECONDS: String(E2E_OTP_RESEND_SECONDS) },
  });
  await server.start(90_000);
  const log = resolve('.tmp/e2e-server.log');
  mkdirSync(dirname(log), { recursive: true });
  writeFileSync(log, server.output);
  server.child?.stdout?.on('data', (d) => appendFileSync(log, d));
  project.provide('baseUrl', server.baseUrl);
  project.provide('serverLog', log);
}

export async function teardown() {
  await server?.dispose();
}
