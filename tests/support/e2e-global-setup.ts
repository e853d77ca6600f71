import type { TestProject } from 'vitest/node';
import { ServerProcess } from './server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: ServerProcess | undefined;

/**
 * Starts the real server (built client + API) once for the browser tests, on a fresh PGlite
 * directory or a fresh PostgreSQL database beside DATABASE_URL's, seeded with demo data. A test
 * may give its browser context an address of its own (X-Forwarded-For, trusted here), so the
 * per-address limits of one test never reach another.
 */
export async function setup(project: TestProject) {
  server = await ServerProcess.create('e2e');
  await server.start(90_000);
  project.provide('baseUrl', server.baseUrl);
}

export async function teardown() {
  await server?.dispose();
}
