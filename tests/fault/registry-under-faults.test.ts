import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quantile } from '../../bench/measure.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { ApiClient, overHttp } from '../support/api-client.ts';
import { chooseRole, signIn } from '../support/auth.ts';
import { PgCluster } from '../support/pg-cluster.ts';
import { ServerProcess } from '../support/server-process.ts';
import { chaos, FaultRig, type KillEvent, MULTI_TABLE_WRITES } from './chaos.ts';
import { FaultRun, snapshotOf, type Verdict } from './fault-kit.ts';
import { BoardBook, type BoardRefs, boardsWorker, verifyBoards } from './workload-boards.ts';
import { BulkBook, bulkWorker, verifyBulk } from './workload-bulk.ts';
import {
  checkStore,
  DocumentBook,
  type DocumentRefs,
  documentsWorker,
  downloadBack,
  verifyDocuments,
} from './workload-documents.ts';
import { ImportBook, importWorker, verifyImports } from './workload-import.ts';
import { type LegalRefs, legalRows, PersonBook, personsWorker, verifyPersons } from './workload-persons.ts';

/**
 * The registry under load and faults, against the real server process on loopback (PGlite, or
 * PostgreSQL when DATABASE_URL is set; CI runs both). On PostgreSQL the server runs on a private
 * cluster this file creates (tests/support/pg-cluster.ts: initdb into a temporary folder, its own
 * port), so that the database itself can be killed too; DATABASE_URL only selects the engine.
 *
 * 1. 200 concurrent clients read lists, views and search for FAULT_READ_SECONDS (30 s): no
 *    error; requests per second and p95 are printed.
 * 2. 13 clients write for about two minutes through the API: legal persons created and edited
 *    (every field of the form), boards with their seats created and edited, bulk label and bulk
 *    delete of groups of records (with a label made for each), CSV imports of 30–200 rows (dry
 *    run, then the real one) and document uploads (2 KB–1.5 MB). Meanwhile the server is killed
 *    with SIGKILL FAULT_KILLS times (8) at moments drawn from the seed — on PostgreSQL the
 *    server, the database (postmaster and all backends: PostgreSQL replays its WAL at restart)
 *    or both — most of them a few milliseconds after a multi-table write (board, bulk, import,
 *    upload) left the client; each time it is started again on the same data and the writes go
 *    on. At the end everything is killed once more at rest and started again.
 * 3. Then every write is read back (tests/fault/workload-*.ts): each carried a unique rid, which
 *    the server stores in every audit row of the write's transaction. Every acknowledged write
 *    must be there with every field as sent, its audit rows exactly as it must write them, and
 *    its record in the state of the last committed write; every unacknowledged write (cut off by
 *    a kill, or answered 5xx while the database was down) must be all there or not at all (a
 *    board with all its seats, a bulk operation on every record with its operation and audit
 *    rows, an import with every row, a document row with its bytes downloadable and equal);
 *    nothing refused may be there; the file store may hold no content of the run that no row
 *    names. The server must not exit by itself, and must find its database again after a kill of
 *    it. One line of figures is printed; any loss names the write.
 *
 * The seed is printed; FAULT_SEED=<n> draws the same bodies, kill moments and targets again
 * (the interleaving of concurrent requests differs from run to run). Every loop is bounded by
 * time; nothing leaves loopback.
 */

const READ_CLIENTS = 200;
const READ_SECONDS = Number(process.env.FAULT_READ_SECONDS ?? 30);
/** Readers share sessions four to one (tabs of one signed-in browser): sign-in is slow by design. */
const READ_SESSIONS = 50;
const SEED = Number(process.env.FAULT_SEED ?? Date.now() % 1_000_000_000);
const KILLS = Number(process.env.FAULT_KILLS ?? 8);
/** At least this many kills must happen, or the run proves little. */
const MIN_KILLS = 4;
/** No kill starts after this long into the writes (a slow machine gets fewer kills, not a longer run). */
const WRITE_BUDGET_MS = Number(process.env.FAULT_WRITE_SECONDS ?? 110) * 1000;
/** Writing after the last restart, before the writers stop. */
const TAIL_MS = 4000;

/** Signs `c` in and chooses `role`. */
async function signInAs(c: ApiClient, username: string, role: string) {
  await signIn(c, username);
  await chooseRole(c, role);
}

let cluster: PgCluster | null = null;
let server: ServerProcess;
beforeAll(async () => {
  if (process.env.DATABASE_URL) {
    cluster = await PgCluster.create();
    await cluster.start();
    await cluster.query('CREATE DATABASE nazer_fault');
    server = await ServerProcess.create('fault', { databaseUrl: cluster.url('nazer_fault') });
  } else server = await ServerProcess.create('fault');
  await server.start();
}, 240_000);
afterAll(async () => {
  await server?.dispose();
  await cluster?.dispose();
}, 60_000);

describe('the registry under load and faults', () => {
  it(`serves ${READ_CLIENTS} concurrent readers for ${READ_SECONDS} s without an error`, async () => {
    // Sign-ins go a few at a time (argon2id is deliberately slow); each session has its own address.
    const sessions: ApiClient[] = [];
    for (let i = 0; i < READ_SESSIONS; i += 10) {
      const batch = Array.from(
        { length: 10 },
        (_, j) => new ApiClient(overHttp(server.baseUrl), { ip: `10.60.0.${i + j + 1}` }),
      );
      await Promise.all(batch.map((s) => signInAs(s, 'analyst', 'analyst')));
      sessions.push(...batch);
    }
    const first = await sessions[0]!.get('/api/person/legal-persons?per_page=100');
    const legalIds: number[] = first.body.data.data.map((r: { id: number }) => r.id);
    const people = await sessions[0]!.get('/api/person/true-persons?per_page=100');
    const trueIds: number[] = people.body.data.data.map((r: { id: number }) => r.id);
    const paths = [
      (n: number) => `/api/person/legal-persons?page=${(n % 20) + 1}&per_page=50`,
      (n: number) =>
        `/api/person/legal-persons?status=active&sortBy=registered_capital&descending=true&page=${(n % 5) + 1}`,
      (n: number) => `/api/person/legal-persons/${legalIds[n % legalIds.length]}`,
      (n: number) => `/api/person/true-persons?page=${(n % 20) + 1}`,
      (n: number) => `/api/person/true-persons/${trueIds[n % trueIds.length]}`,
      (n: number) => `/api/search?q=${encodeURIComponent(['فولاد', 'بانک', 'محمدی', 'پتروشیمی'][n % 4]!)}`,
    ];
    const latencies: number[] = [];
    const errors: string[] = [];
    const t0 = performance.now();
    const end = t0 + READ_SECONDS * 1000;
    const slow = new Map<string, number[]>();
    await Promise.all(
      Array.from({ length: READ_CLIENTS }, async (_, i) => {
        const s = sessions[i % sessions.length]!;
        let n = i;
        while (performance.now() < end) {
          const path = paths[n % paths.length]!(n);
          n += 7;
          const started = performance.now();
          try {
            const res = await s.get(path);
            if (res.status !== 200) errors.push(`${path}: ${res.status}`);
          } catch (err) {
            errors.push(`${path}: ${(err as Error).message}`);
          }
          const ms = performance.now() - started;
          latencies.push(ms);
          const kind = path.split('?')[0]!.replace(/\d+$/, '{id}');
          slow.set(kind, [...(slow.get(kind) ?? []), ms]);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        figure: 'concurrent_reads',
        engine: server.database.url ? 'postgres' : 'pglite',
        clients: READ_CLIENTS,
        seconds: Math.round(seconds),
        requests: latencies.length,
        requests_per_second: Math.round(latencies.length / seconds),
        p50_ms: Math.round(quantile(latencies, 0.5)),
        p95_ms: Math.round(quantile(latencies, 0.95)),
        errors: errors.length,
        p95_ms_by_path: Object.fromEntries(
          [...slow].map(([k, v]) => [
            k,
            Math.round(
              quantile(
                v.sort((a, b) => a - b),
                0.95,
              ),
            ),
          ]),
        ),
      }),
    );
    expect(errors.slice(0, 10)).toEqual([]);
    expect(latencies.length).toBeGreaterThan(READ_CLIENTS);
  }, 240_000);

  it(`keeps every acknowledged write whole, and no unacknowledged write in part, through up to ${KILLS} SIGKILLs of the server${process.env.DATABASE_URL ? ' and of PostgreSQL' : ''} during writes`, async () => {
    const engine = cluster ? 'postgres' : 'pglite';
    console.log(`fault test on ${engine}, seed ${SEED} (FAULT_SEED=${SEED} replays it)`);
    const run = new FaultRun(SEED, server.baseUrl);
    const rig = new FaultRig(server, cluster);
    const refs = await references(await run.client('10.62.0.1'));

    const persons = new PersonBook();
    const boards = new BoardBook();
    const bulk = new BulkBook();
    const imports = new ImportBook();
    const documents = new DocumentBook();
    const workerErrors: string[] = [];
    let ip = 10;
    const worker = async (name: string, body: (c: ApiClient) => Promise<void>) => {
      const c = await run.client(`10.62.0.${ip++}`);
      return async () => {
        try {
          await body(c);
        } catch (err) {
          workerErrors.push(`${name}: ${(err as Error).stack ?? err}`);
        }
      };
    };
    const starts = [
      ...['p1', 'p2', 'p3', 'p4', 'p5'].map((n) =>
        worker(n, (c) => personsWorker(run, c, n, persons, refs.legal)),
      ),
      ...['b1', 'b2', 'b3'].map((n) => worker(n, (c) => boardsWorker(run, c, n, boards, refs.boards))),
      ...['g1', 'g2'].map((n) => worker(n, (c) => bulkWorker(run, c, n, bulk, persons, refs.legal))),
      worker('i1', (c) => importWorker(run, c, 'i1', imports, persons)),
      ...['d1', 'd2'].map((n) => worker(n, (c) => documentsWorker(run, c, n, documents, refs.documents))),
    ];
    const bodies = await Promise.all(starts);

    run.begin();
    const writing = Promise.all(bodies.map((b) => b()));
    let events: KillEvent[] = [];
    try {
      events = await chaos(run, rig, { kills: KILLS, budgetMs: WRITE_BUDGET_MS, upMs: [4000, 9000] });
      await new Promise((r) => setTimeout(r, TAIL_MS));
    } finally {
      run.stop();
      await writing;
    }
    const writeSeconds = Math.round(run.elapsed / 1000);

    // Everything killed once more, at rest, and started again: what was acknowledged must survive.
    await rig.kill(cluster ? 'both' : 'app', run.rng('final'));
    await rig.restart(cluster ? 'both' : 'app');
    const reader = await run.client('10.62.0.99');
    await downloadBack(reader, server.baseUrl, documents);
    await server.stop('SIGTERM');

    const database = await openDatabase({
      databaseUrl: server.database.url,
      dataDir: server.database.dataDir,
    });
    const verdicts: Verdict[] = [];
    let store: Awaited<ReturnType<typeof checkStore>>;
    const unknownRids: string[] = [];
    try {
      const snap = await snapshotOf(database.db, SEED);
      const rows = await legalRows(snap);
      verdicts.push(...verifyPersons(snap, persons, rows));
      verdicts.push(...(await verifyBoards(snap, boards)));
      verdicts.push(...(await verifyBulk(snap, bulk, rows, run.userId)));
      verdicts.push(...verifyImports(snap, imports, rows));
      store = await checkStore(snap, server.dataRoot, documents);
      verdicts.push(...(await verifyDocuments(snap, documents, store, run.userId)));
      const sent = new Set(run.writes.map((w) => w.rid));
      for (const rid of snap.audits.keys()) if (!sent.has(rid)) unknownRids.push(rid);
    } finally {
      await database.close();
    }

    const sum = (f: (v: Verdict) => number) => verdicts.reduce((n, v) => n + f(v), 0);
    const lost = verdicts.flatMap((v) => v.lost.map((m) => `[${v.kind}] ${m}`));
    const half = verdicts.flatMap((v) => v.half.map((m) => `[${v.kind}] ${m}`));
    const tally = run.tally();
    const figures = {
      figure: 'writes_through_kills',
      engine,
      seed: SEED,
      write_seconds: writeSeconds,
      /** Including the final kill at rest. */
      kills: { app: rig.kills.app, database: cluster ? rig.kills.db : 'in process: every app kill' },
      kills_aimed_at_multi_table_writes: events.filter((e) => e.after).length,
      postgres_crash_recoveries: cluster?.recoveries() ?? null,
      writes_sent: run.writes.length,
      writes_acknowledged: sum((v) => v.acked),
      writes_checked: sum((v) => v.checked),
      writes_refused: tally.refused,
      writes_not_sent: tally.not_sent,
      writes_unacknowledged: tally.unsure,
      unacknowledged_found_complete: sum((v) => v.unsureComplete),
      unacknowledged_found_absent: sum((v) => v.unsureAbsent),
      lost: lost.length,
      half_written: half.length,
      file_store: store!.store,
    };
    console.log(
      [
        `kills: ${events.map((e) => `#${e.n} at ${(e.at / 1000).toFixed(1)} s ${e.target}${e.after ? ` ${e.delayMs} ms after a ${e.after}` : ' (random moment)'}, back in ${(e.backMs / 1000).toFixed(1)} s`).join('; ')}`,
        `by kind: ${verdicts.map((v) => `${v.kind} ${v.acked} acked/${v.checked} checked, unacknowledged ${v.unsureComplete} complete/${v.unsureAbsent} absent`).join('; ')}`,
        `refused by status: ${JSON.stringify(Object.fromEntries(run.refusedByStatus))}; sign-ins again after a 401: ${run.reSignIns}; other unnamed content in the file store (seeded): ${store!.otherUnnamed}`,
        ...run.notes.slice(0, 10).map((n) => `note: ${n}`),
        ...lost.slice(0, 30).map((m) => `LOST ${m}`),
        ...half.slice(0, 30).map((m) => `HALF ${m}`),
        ...workerErrors.map((m) => `WORKER ERROR ${m}`),
        ...rig.failures.concat(server.unexpectedExits).map((m) => `SERVER ${m}`),
      ].join('\n'),
    );
    console.log(JSON.stringify(figures));
    const during = (t: 'app' | 'db') => events.filter((e) => e.target === t || e.target === 'both').length;
    console.log(
      `FAULT FIGURES (${engine}, seed ${SEED}): ${events.length} kills during writes (of the app ${during('app')}, ` +
        `of the database ${cluster ? during('db') : 'in process with it'}) and one more at rest; ` +
        `${figures.writes_acknowledged} writes acknowledged, ${figures.writes_checked} checked field by field; ` +
        `${tally.unsure} unacknowledged: ${figures.unacknowledged_found_complete} found complete, ${figures.unacknowledged_found_absent} absent; ` +
        `${lost.length} lost, ${half.length} half written`,
    );

    expect(workerErrors, 'a workload failed (a bug of the test, or an answer it cannot read)').toEqual([]);
    expect(lost.slice(0, 20), `${lost.length} acknowledged writes lost or changed`).toEqual([]);
    expect(half.slice(0, 20), `${half.length} writes half there (or there though refused)`).toEqual([]);
    expect(unknownRids, 'audit rows of writes the run never sent').toEqual([]);
    expect(rig.failures.concat(server.unexpectedExits), 'the server or its database misbehaved').toEqual([]);
    expect(
      events.length,
      `only ${events.length} kills happened in ${WRITE_BUDGET_MS / 1000} s`,
    ).toBeGreaterThanOrEqual(Math.min(MIN_KILLS, KILLS));
    if (cluster)
      expect(
        cluster.recoveries(),
        'PostgreSQL ran its crash recovery after each kill of it',
      ).toBeGreaterThanOrEqual(rig.kills.db);
    expect(figures.writes_acknowledged, 'too few writes were acknowledged to prove anything').toBeGreaterThan(
      100,
    );
    for (const kind of MULTI_TABLE_WRITES)
      expect(run.tally(kind).acked, `no ${kind} was acknowledged`).toBeGreaterThan(0);
  }, 480_000);
});

/** Seeded rows the workloads point to (read through the API before any write): never deleted by the run. */
async function references(c: ApiClient) {
  const ids = async (path: string) => {
    const res = await c.get(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return (res.body.data.data ?? res.body.data).map((r: { id: number }) => r.id) as number[];
  };
  const legal = await ids('/api/person/legal-persons?per_page=100&sortBy=registered_capital&descending=true');
  const natural = await ids('/api/person/true-persons?per_page=100');
  const types = async (owner: 'legal' | 'true') => {
    const res = await c.get(`/api/document-types?owner_type=${owner}`);
    return (res.body.data as { id: number; name: string; max_bytes: number; mime_types: string[] }[])
      .filter(
        (t) =>
          t.max_bytes >= 1_600_000 &&
          t.mime_types.includes('application/pdf') &&
          t.mime_types.includes('image/png'),
      )
      .map((t) => ({ id: t.id, name: t.name }));
  };
  const legalRefs: LegalRefs = {
    cityIds: await ids('/api/cities'),
    industryIds: await ids('/api/industries'),
    bodyIds: legal.slice(0, 20),
  };
  const boards: BoardRefs = {
    companies: legal.slice(0, 50),
    legal: legal.slice(50),
    natural: natural.slice(0, 80),
  };
  const documents: DocumentRefs = {
    legal: legal.slice(20, 40),
    natural: natural.slice(80),
    types: { legal: await types('legal'), true: await types('true') },
  };
  for (const [what, list] of Object.entries({
    ...legalRefs,
    ...boards,
    dl: documents.legal,
    dn: documents.natural,
    tl: documents.types.legal,
    tt: documents.types.true,
  }))
    if (list.length === 0) throw new Error(`no seeded ${what} to write with`);
  return { legal: legalRefs, boards, documents };
}
