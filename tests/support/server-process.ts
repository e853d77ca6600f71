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

/** Runs `text` on the server of `url`, connected to its `postgres` database (create, drop). */
export async function admin(url: string, text: string) {
  const c = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await c.connect();
  await c.query(text);
  await c.end();
}

export interface ServerProcessOptions {
  /**
   * A PostgreSQL database to use as it is (e.g. one on a private cluster the test owns), instead
   * of a fresh one beside DATABASE_URL's or a PGlite directory. It is not dropped by `dispose`.
   */
  databaseUrl?: string;
  /** More environment for the process (FILE_STORE, S3_* …). */
  env?: NodeJS.ProcessEnv;
}

/**
 * The real server (`src/server/main.ts`) as a child process on loopback, on a fresh PGlite
 * directory or, when DATABASE_URL is set, a fresh PostgreSQL database beside it named
 * `<db>_<suffix>` (or on `options.databaseUrl`); seeded with the demo data. Its DATA_DIR is
 * always a fresh temporary folder (`dataRoot`), removed by `dispose`. It can be killed (any
 * signal) and started again on the same data and port. `output` keeps everything the process
 * printed (for failure messages); `unexpectedExits` lists every time it ended without `stop`.
 */
export class ServerProcess {
  child: ChildProcess | null = null;
  output = '';
  readonly baseUrl: string;
  /** Exits nobody asked for (a crash): exit code or signal and the output's tail. */
  readonly unexpectedExits: string[] = [];
  private stopping = false;
  private constructor(
    readonly port: number,
    readonly env: NodeJS.ProcessEnv,
    readonly database: { dataDir?: string; url?: string },
    /** The server's DATA_DIR. */
    readonly dataRoot: string,
    private readonly drop: () => Promise<void>,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
  }

  static async create(suffix: string, options: ServerProcessOptions = {}): Promise<ServerProcess> {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), `nazer-${suffix}-`));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_PASSWORD,
      SEED: 'demo',
      TRUST_PROXY: '1',
      ...options.env,
      DATA_DIR: dir,
    };
    const removeDir = async () => rmSync(dir, { recursive: true, force: true });
    if (options.databaseUrl) {
      env.DATABASE_URL = options.databaseUrl;
      return new ServerProcess(port, env, { url: options.databaseUrl }, dir, removeDir);
    }
    if (process.env.DATABASE_URL) {
      const name = `${new URL(process.env.DATABASE_URL).pathname.slice(1)}_${suffix}`;
      await admin(process.env.DATABASE_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin(process.env.DATABASE_URL, `CREATE DATABASE "${name}"`);
      env.DATABASE_URL = withDatabase(process.env.DATABASE_URL, name);
      return new ServerProcess(port, env, { url: env.DATABASE_URL }, dir, async () => {
        await admin(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await removeDir();
      });
    }
    return new ServerProcess(port, env, { dataDir: join(dir, 'pglite') }, dir, removeDir);
  }

  /** True while the process runs. */
  get running(): boolean {
    const c = this.child;
    return c !== null && c.exitCode === null && c.signalCode === null;
  }

  /** Starts the process and resolves once /api/health answers (throws after `timeoutMs`). */
  async start(timeoutMs = 120_000): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.stopping = false;
    child.stdout?.on('data', (d) => {
      this.output += d;
    });
    child.stderr?.on('data', (d) => {
      this.output += d;
    });
    child.once('exit', (code, signal) => {
      if (!this.stopping && this.child === child)
        this.unexpectedExits.push(
          `the server exited by itself (${signal ?? `code ${code}`}):\n${this.output.slice(-3000)}`,
        );
    });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const res = await fetch(`${this.baseUrl}/api/health`, { signal: AbortSignal.timeout(5000) });
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
    this.stopping = true;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  }

  /** Stops the process (if running) and removes its database and DATA_DIR. */
  async dispose(): Promise<void> {
    await this.stop();
    await this.drop();
  }
}
