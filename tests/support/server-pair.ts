import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './server-process.ts';
import { DEMO_PASSWORD, withDatabase } from './template-db.ts';

async function admin(url: string, text: string) {
  const c = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

/** One server process (`src/server/main.ts`) on loopback; `output` keeps what it printed. */
export class PairedServer {
  child: ChildProcess | null = null;
  output = '';
  readonly baseUrl: string;
  constructor(
    readonly name: string,
    readonly port: number,
    readonly env: NodeJS.ProcessEnv,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
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
        if ((await fetch(`${this.baseUrl}/api/health`)).ok) return;
      } catch {}
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`server ${this.name} did not start:\n${this.output.slice(-4000)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Sends SIGTERM and waits for the process to end. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

/**
 * Two real server processes on ONE fresh PostgreSQL database beside DATABASE_URL's
 * (`<db>_<suffix>`), on two loopback ports, each with a DATA_DIR of its own, so nothing reaches
 * the other through the local disk: what one stores, the other can only find in the database.
 * `a` starts first (it migrates and seeds), then `b` on the same data. PostgreSQL only (PGlite is
 * one process by design); throws without DATABASE_URL.
 */
export class ServerPair {
  private constructor(
    readonly a: PairedServer,
    readonly b: PairedServer,
    private readonly databaseName: string,
    private readonly dataDirs: string[],
  ) {}

  static async create(suffix: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<ServerPair> {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('ServerPair needs DATABASE_URL (PostgreSQL)');
    const name = `${new URL(url).pathname.slice(1)}_${suffix}`;
    await admin(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin(url, `CREATE DATABASE "${name}"`);
    const dataDirs: string[] = [];
    const server = async (label: string) => {
      const dir = mkdtempSync(join(tmpdir(), `nazer-${suffix}-${label}-`));
      dataDirs.push(dir);
      const port = await freePort();
      return new PairedServer(label, port, {
        ...process.env,
        ...extraEnv,
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_PASSWORD,
        SEED: 'demo',
        TRUST_PROXY: '1',
        DATA_DIR: dir,
        DATABASE_URL: withDatabase(url, name),
      });
    };
    return new ServerPair(await server('A'), await server('B'), name, dataDirs);
  }

  /** Starts `a`, then `b`. */
  async start(): Promise<void> {
    await this.a.start();
    await this.b.start();
  }

  /** Stops both processes, drops the database and removes the data directories. */
  async dispose(): Promise<void> {
    await Promise.all([this.a.stop(), this.b.stop()]);
    await admin(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS "${this.databaseName}" WITH (FORCE)`);
    for (const dir of this.dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}
