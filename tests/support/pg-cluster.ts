import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './server-process.ts';

/**
 * A private, throwaway PostgreSQL cluster for one test file, so that a test may kill the
 * database itself (SIGKILL of the postmaster and every backend, as a machine or container kill
 * does) and start it again, making PostgreSQL run its own crash recovery (WAL replay) on the same
 * data directory. The shared server of DATABASE_URL is never touched.
 *
 * - The binaries (`initdb`, `postgres`) come from PG_BIN, else the newest
 *   /usr/lib/postgresql/<version>/bin, else `pg_config --bindir`; none found is an error naming them.
 * - `create()` runs `initdb` (UTF-8, C.UTF-8, trust authentication for the user `postgres`) into a
 *   new temporary folder. initdb refuses to run as root, so when the tests run as root the folder
 *   is given to the `postgres` system user and every PostgreSQL program runs as that user
 *   (`runuser -u postgres --`, or `su postgres` when runuser is missing); otherwise as the caller.
 * - `start()` runs `postgres -D <dir> -p <free port> -k <socket dir> -c listen_addresses=127.0.0.1`
 *   with its default durability settings (fsync and synchronous_commit on) and resolves once it
 *   accepts connections, which after a kill is when its crash recovery has finished.
 * - `kill()` freezes (SIGSTOP) then kills (SIGKILL) the postmaster and all its processes at once
 *   and waits until they are gone; `stop()` is a fast clean shutdown (SIGINT); `dispose()` stops
 *   it and removes the folder.
 *   A process exit handler kills the cluster and removes the folder too, so a test that fails or is
 *   interrupted leaves no server behind.
 * - `log` keeps everything PostgreSQL printed; `recoveries()` counts the crash recoveries it
 *   reported ("database system was not properly shut down; automatic recovery in progress").
 */
export class PgCluster {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private postmasterPid: number | null = null;
  log = '';

  private constructor(
    readonly bin: string,
    readonly root: string,
    readonly port: number,
    private readonly owner: { uid: number; gid: number } | null,
  ) {}

  get dataDir() {
    return join(this.root, 'data');
  }
  get socketDir() {
    return join(this.root, 'sock');
  }

  /** A connection URL for database `name` over TCP on loopback (trust authentication). */
  url(name = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${name}`;
  }

  /** Finds the binaries, makes the folder and runs initdb (about 2-5 s). */
  static async create(): Promise<PgCluster> {
    const bin = findBinaries();
    const owner = process.getuid?.() === 0 ? systemUser('postgres') : null;
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'nazer-pg-')));
    const port = await freePort();
    const cluster = new PgCluster(bin, root, port, owner);
    registerCleanup(cluster);
    mkdirSync(cluster.socketDir);
    if (owner) {
      chownSync(root, owner.uid, owner.gid);
      chownSync(cluster.socketDir, owner.uid, owner.gid);
    }
    const args = [
      '-D',
      cluster.dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      '--no-sync',
      '--no-instructions',
    ];
    try {
      execFileSync(...cluster.asOwner(join(bin, 'initdb'), args), { stdio: 'pipe' });
    } catch (err) {
      const e = err as { stderr?: Buffer; stdout?: Buffer; message: string };
      rmSync(root, { recursive: true, force: true });
      throw new Error(
        `initdb into ${cluster.dataDir} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}`.slice(
          0,
          4000,
        ),
      );
    }
    return cluster;
  }

  /** `[command, args]` running `cmd` as the cluster's owner (as is when not root). */
  private asOwner(cmd: string, args: string[]): [string, string[]] {
    if (!this.owner) return [cmd, args];
    if (existsSync('/usr/sbin/runuser') || existsSync('/sbin/runuser'))
      return ['runuser', ['-u', 'postgres', '--', cmd, ...args]];
    const quoted = [cmd, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
    return ['su', ['postgres', '-s', '/bin/sh', '-c', `exec ${quoted}`]];
  }

  /** True while the postmaster runs. */
  get running(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the postmaster and resolves when it accepts connections (after any crash recovery). */
  async start(timeoutMs = 90_000): Promise<void> {
    if (this.running) throw new Error('the cluster is running already');
    const [cmd, args] = this.asOwner(join(this.bin, 'postgres'), [
      '-D',
      this.dataDir,
      '-p',
      String(this.port),
      '-k',
      this.socketDir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=60',
    ]);
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.exited = new Promise((r) => child.once('exit', () => r()));
    child.stdout?.on('data', (d) => {
      this.log += d;
    });
    child.stderr?.on('data', (d) => {
      this.log += d;
    });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!this.running) throw new Error(`postgres exited at start:\n${this.log.slice(-4000)}`);
      const client = new pg.Client({ connectionString: this.url(), connectionTimeoutMillis: 2000 });
      try {
        await client.connect();
        await client.query('SELECT 1');
        await client.end();
        break;
      } catch {
        await client.end().catch(() => {});
      }
      if (Date.now() > deadline)
        throw new Error(`postgres did not accept connections:\n${this.log.slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    this.postmasterPid = Number(readFileSync(join(this.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  }

  /**
   * Kills the postmaster and every process of the cluster (backends, checkpointer, WAL writer…:
   * every process whose working directory is the data directory, which also catches a backend
   * forked a moment before) at once, as a machine or container kill does: all are stopped first
   * (SIGSTOP, postmaster first, so none reacts to another's death and none sends its clients a
   * last word), then killed with SIGKILL; clients see their connections cut. Waits until they are
   * gone. No shutdown checkpoint is written: the next `start()` replays the WAL.
   */
  async kill(): Promise<void> {
    if (!this.running) return;
    const pids = new Set<number>();
    const deadline = Date.now() + 10_000;
    const signal = (pid: number, sig: NodeJS.Signals) => {
      try {
        process.kill(pid, sig);
      } catch {}
    };
    for (;;) {
      const found = [this.postmasterPid ?? 0, ...processesIn(this.dataDir)].filter(
        (p) => p > 0 && !pids.has(p) && alive(p),
      );
      if (found.length === 0 || Date.now() > deadline) break;
      for (const p of found) {
        pids.add(p);
        signal(p, 'SIGSTOP');
      }
    }
    for (const p of pids) signal(p, 'SIGKILL');
    // runuser / su stop themselves when their child stops (job control): let them go on, reap the
    // postmaster (a zombie postmaster would hold its pid in postmaster.pid) and exit.
    if (this.child?.pid && !pids.has(this.child.pid)) signal(this.child.pid, 'SIGCONT');
    await this.exited;
    while ([...pids].some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    this.postmasterPid = null;
  }

  /** Fast clean shutdown (SIGINT: open transactions roll back, a checkpoint is written). */
  async stop(): Promise<void> {
    const pid = this.postmasterPid;
    if (!pid || !this.running) return;
    try {
      process.kill(pid, 'SIGINT');
    } catch {}
    const timer = setTimeout(() => void this.kill(), 20_000);
    await this.exited;
    clearTimeout(timer);
    this.postmasterPid = null;
  }

  /** Runs `text` on database `name` (one connection). */
  async query<T = Record<string, unknown>>(text: string, name = 'postgres'): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url(name) });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  }

  /** How many crash recoveries (WAL replays after a kill) PostgreSQL has reported in its log so far. */
  recoveries(): number {
    return (this.log.match(/automatic recovery in progress/g) ?? []).length;
  }

  /** Stops the cluster and removes its folder (safe to call twice). */
  async dispose(): Promise<void> {
    await this.stop().catch(() => {});
    await this.kill().catch(() => {});
    rmSync(this.root, { recursive: true, force: true });
    live.delete(this);
  }

  /** Synchronous last-resort cleanup (process exit): SIGKILL everything, remove the folder. */
  killNow(): void {
    for (const p of [this.postmasterPid ?? 0, ...processesIn(this.dataDir)]) {
      if (p <= 0) continue;
      try {
        process.kill(p, 'SIGKILL');
      } catch {}
    }
    rmSync(this.root, { recursive: true, force: true });
  }
}

const live = new Set<PgCluster>();
let hooked = false;
function registerCleanup(cluster: PgCluster) {
  live.add(cluster);
  if (hooked) return;
  hooked = true;
  process.once('exit', () => {
    for (const c of live) c.killNow();
  });
}

/** The folder holding initdb and postgres. */
function findBinaries(): string {
  const has = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres'));
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  }
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {}
  const found = candidates.find(has);
  if (!found) {
    throw new Error(
      `PostgreSQL's initdb and postgres were not found (looked in ${candidates.join(', ') || 'PG_BIN, /usr/lib/postgresql/*/bin, pg_config --bindir'}); install the PostgreSQL server package or set PG_BIN`,
    );
  }
  return found;
}

/** uid and gid of a system user, from /etc/passwd. */
function systemUser(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));
  if (!line)
    throw new Error(`tests run as root and there is no "${name}" user to run initdb and postgres as`);
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** Pids of the processes whose working directory is `dir` (Linux /proc): PostgreSQL's, in its data directory. */
function processesIn(dir: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === dir) out.push(Number(entry));
    } catch {}
  }
  return out;
}

/** True while `pid` exists and is not a zombie. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}
