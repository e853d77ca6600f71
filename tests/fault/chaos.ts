import type { Rng } from '../../src/domain/random.ts';
import type { PgCluster } from '../support/pg-cluster.ts';
import type { ServerProcess } from '../support/server-process.ts';
import { type FaultRun, sleep } from './fault-kit.ts';

/**
 * The kill controller of the fault test. It kills with SIGKILL, at moments drawn from the run's
 * seed, the server process (PGlite: the database dies with it), or on PostgreSQL the private
 * cluster's postmaster with all its backends, or both at once; waits a little; starts again
 * what it killed on the same data (PostgreSQL then replays its WAL), and lets the writers go on.
 * Most kills are aimed: the controller waits for the next write of a chosen kind (a board with its
 * seats, a bulk operation, an import, a document upload) to leave the client and kills a few
 * milliseconds later, so the kill often lands inside that write's transaction.
 */

export type KillTarget = 'app' | 'db' | 'both';

/** The writes worth killing in the middle of: several tables (or a file and a table) in one go. */
export const MULTI_TABLE_WRITES = [
  'board.create',
  'board.edit',
  'bulk.label',
  'bulk.delete',
  'import',
  'document.upload',
];

export interface KillEvent {
  n: number;
  /** ms since the write phase began. */
  at: number;
  target: KillTarget;
  /** The kind of write the kill followed, or null for a kill at a random moment. */
  after: string | null;
  delayMs: number;
  /** How long until the server answered again, ms. */
  backMs: number;
}

/** The server process and, on PostgreSQL, the private cluster under it. */
export class FaultRig {
  readonly kills = { app: 0, db: 0 };
  /** Things that went wrong with the processes themselves (a server that did not come back …). */
  readonly failures: string[] = [];

  constructor(
    readonly app: ServerProcess,
    readonly cluster: PgCluster | null,
  ) {}

  get engine() {
    return this.cluster ? 'postgres' : 'pglite';
  }

  /** SIGKILL to `target` (both: the two, back to back, in random order). */
  async kill(target: KillTarget, rng: Rng) {
    const killApp = async () => {
      this.kills.app++;
      await this.app.stop('SIGKILL');
    };
    const killDb = async () => {
      this.kills.db++;
      await this.cluster!.kill();
    };
    if (target === 'app') await killApp();
    else if (target === 'db') await killDb();
    else {
      const order = rng.chance(0.5) ? [killApp, killDb] : [killDb, killApp];
      await Promise.all(order.map((k) => k()));
    }
  }

  /** Starts what `target` killed and resolves once the server answers /api/health again. */
  async restart(target: KillTarget) {
    if (target !== 'app') await this.cluster!.start();
    if (target !== 'db') {
      await this.app.start();
      return;
    }
    // The server stayed up while its database was gone: it must find it again by itself.
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && this.app.running) {
      try {
        const res = await fetch(`${this.app.baseUrl}/api/health`, { signal: AbortSignal.timeout(3000) });
        if (res.ok) return;
      } catch {}
      await sleep(100);
    }
    if (this.app.running)
      this.failures.push('the server did not answer /api/health within 30 s after its database came back');
    await this.app.stop('SIGKILL');
    await this.app.start();
  }
}

export interface ChaosPlan {
  kills: number;
  /** No kill starts after this many ms of the write phase. */
  budgetMs: number;
  /** Writing time between a restart and the next kill, ms. */
  upMs: [number, number];
}

/**
 * Kills and restarts per `plan` while the writers run; resolves with what it did once the last
 * restart is done. Targets on PostgreSQL cycle through app, database and both (shuffled), so each
 * is hit; on PGlite every kill is of the server process.
 */
export async function chaos(run: FaultRun, rig: FaultRig, plan: ChaosPlan): Promise<KillEvent[]> {
  const rng = run.rng('chaos');
  const events: KillEvent[] = [];
  const targets: KillTarget[] = [];
  while (targets.length < plan.kills)
    targets.push(...(rig.cluster ? rng.shuffle(['app', 'db', 'both'] as const) : (['app'] as const)));
  const kinds: string[] = [];
  for (let n = 0; n < plan.kills && run.elapsed < plan.budgetMs; n++) {
    await sleep(rng.int(plan.upMs[0], plan.upMs[1]));
    let after: string | null = null;
    let delayMs = 0;
    if (rng.chance(0.8)) {
      if (kinds.length === 0) kinds.push(...rng.shuffle(MULTI_TABLE_WRITES));
      const wanted = kinds.shift()!;
      after = await run.nextSend([wanted], 6000);
      if (after) {
        // Imports and uploads take long to send and to write: kill later into them.
        delayMs = after === 'import' || after === 'document.upload' ? rng.int(0, 300) : rng.int(0, 25);
        await sleep(delayMs);
      }
    }
    const target = targets[n]!;
    const at = run.elapsed;
    await rig.kill(target, rng);
    await sleep(rng.int(0, 800));
    const down = Date.now();
    await rig.restart(target);
    events.push({ n: n + 1, at, target, after, delayMs, backMs: Date.now() - down });
  }
  return events;
}
