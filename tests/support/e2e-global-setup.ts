import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { DEMO_PASSWORD, withDatabase } from './template-db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

async function admin(url: string, text: string) {
  const c = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await c.connect();
  await c.query(text);
  await c.end();
}

let child: ChildProcess | undefined;
let cleanup: (() => Promise<void>) | undefined;

/**
 * Starts the real server (built client + API) once for the browser tests, on a fresh PGlite
 * directory or a fresh PostgreSQL database beside DATABASE_URL's, seeded with demo data.
 */
export async function setup(project: TestProject) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_PASSWORD,
    SEED: 'demo',
    // A test may give its browser context an address of its own (X-Forwarded-For), so the
    // per-address limits of one test never reach another; without the header the socket's
    // address (127.0.0.1) counts, as before.
    TRUST_PROXY: '1',
  };
  if (process.env.DATABASE_URL) {
    const name = `${new URL(process.env.DATABASE_URL).pathname.slice(1)}_e2e`;
    await admin(process.env.DATABASE_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin(process.env.DATABASE_URL, `CREATE DATABASE "${name}"`);
    env.DATABASE_URL = withDatabase(process.env.DATABASE_URL, name);
    cleanup = () => admin(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'nazer-e2e-'));
    env.DATA_DIR = dir;
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  }
  child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {}
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
}

export async function teardown() {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
  }
  await cleanup?.();
}
