import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { freePort } from './server-process.ts';

/**
 * A real S3-compatible server for the S3 file store's tests: moto's server mode (the Python
 * package `moto` with Flask, which this kind of machine ships), on loopback, state in memory.
 * `MOTO_SKIP_REASON` is null when it can run here, else why the S3 tests are skipped.
 */

function probe(): string | null {
  const r = spawnSync('python3', ['-c', 'import moto.server, flask'], { encoding: 'utf8' });
  if (r.error) return `python3 is not installed (${r.error.message})`;
  if (r.status !== 0)
    return `the Python package moto (server mode) is not installed: ${r.stderr.trim().split('\n').pop()}`;
  return null;
}

export const MOTO_SKIP_REASON = probe();

export interface MotoServer {
  /** e.g. http://127.0.0.1:40123 */
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts moto's S3 server on a free loopback port and resolves once it answers (throws after `timeoutMs`). */
export async function startMoto(timeoutMs = 30_000): Promise<MotoServer> {
  const port = await freePort();
  const endpoint = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn('python3', ['-m', 'moto.server', '-H', '127.0.0.1', '-p', String(port)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${endpoint}/moto-api/`);
      if (res.status < 500) break;
    } catch {}
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`moto did not start:\n${output.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    endpoint,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
