import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD, withDatabase } from './template-db.ts';

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
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

/**
 * The real server (`src/server/main.ts`) as a child process on loopback, on a fresh PGlite
 * directory or, when DATABASE_URL is set, a fresh PostgreSQL database beside it named
 * `<db>_<suffix>`; seeded with the demo data. It can be killed (any signal) and started again on
 * the same data. `output` keeps everything the process printed (for failure messages).
 */
export class ServerProcess {
  child: ChildProcess | null = null;
  output = '';
  readonly baseUrl: string;
  private constructor(
    readonly port: number,
    readonly env: NodeJS.ProcessEnv,
    readonly database: { dataDir?: string; url?: string },
    private readonly drop: () => Promise<void>,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  static async create(suffix: string): Promise<ServerProcess> {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_PASSWORD,
      SEED: 'demo',
      TRUST_PROXY: '1',
    };
    if (process.env.DATABASE_URL) {
      const name = `${new URL(process.env.DATABASE_URL).pathname.slice(1)}_${suffix}`;
      await admin(process.env.DATABASE_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin(process.env.DATABASE_URL, `CREATE DATABASE "${name}"`);
      env.DATABASE_URL = withDatabase(process.env.DATABASE_URL, name);
      return new ServerProcess(port, env, { url: env.DATABASE_URL }, () =>
        admin(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
    }
    const dir = mkdtempSync(join(tmpdir(), `nazer-${suffix}-`));
    env.DATA_DIR = dir;
    return new ServerProcess(port, env, { dataDir: join(dir, 'pglite') }, async () =>
      rmSync(dir, { recursive: true, force: true }),
    );
  }

  /** Starts the process and resolves once /api/health answers (throws after `timeoutMs`). */
  async start(timeoutMs = 120_000): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (d) => {
      this.output += d;
    });
    child.stderr?.on('data', (d) => {
      this.output += d;
    });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const res = await fetch(`${this.baseUrl}/api/health`);
        if (res.ok) return;
      } catch {}
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`server did not start:\n${this.output.slice(-4000)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Sends `signal` and waits for the process to end. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }

  /** Stops the process (if running) and removes its database. */
  async dispose(): Promise<void> {
    await this.stop();
    await this.drop();
  }
}
