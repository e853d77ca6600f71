import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quantile } from '../../bench/measure.ts';
import type { LegalPersonInput } from '../../src/contract/person-forms.ts';
import { generateLegalId } from '../../src/domain/identifiers.ts';
import { createRng } from '../../src/domain/random.ts';
import { openDatabase } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { ApiClient, overHttp } from '../support/api-client.ts';
import { chooseRole, signIn } from '../support/auth.ts';
import { ServerProcess } from '../support/server-process.ts';

/**
 * The registry under faults and load, against the real server process on loopback (PGlite, or
 * PostgreSQL when DATABASE_URL is set; CI runs both):
 * 1. 200 concurrent clients read lists, views and search for 60 s: no error; requests per second
 *    and p95 are printed.
 * 2. 20 concurrent clients create and edit legal persons for 30 s while the server is killed
 *    with SIGKILL at a random moment and started again on the same data: every write the server
 *    acknowledged is present afterwards, and no write is half present (each record and each of
 *    its versions has exactly its audit row, written in the same transaction).
 * Every loop is bounded by time; nothing leaves loopback.
 */

const READ_CLIENTS = 200;
const READ_SECONDS = Number(process.env.FAULT_READ_SECONDS ?? 60);
/** Readers share sessions four to one (tabs of one signed-in browser): sign-in is slow by design. */
const READ_SESSIONS = 50;
const WRITE_CLIENTS = 20;
const WRITE_SECONDS = 30;
const NAME_PREFIX = 'آزمون پایداری';

/** Signs `c` in and chooses `role`. */
async function signInAs(c: ApiClient, username: string, role: string) {
  await signIn(c, username);
  await chooseRole(c, role);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: ServerProcess;
beforeAll(async () => {
  server = await ServerProcess.create('fault');
  await server.start();
}, 180_000);
afterAll(async () => {
  await server?.dispose();
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

  it(`keeps every acknowledged write and no half write when killed with SIGKILL during ${WRITE_SECONDS} s of writes`, async () => {
    const rng = createRng(Date.now() % 100_000);
    const clients = await Promise.all(
      Array.from({ length: WRITE_CLIENTS }, async (_, i) => {
        const s = new ApiClient(overHttp(server.baseUrl), { ip: `10.61.0.${i + 1}` });
        await signInAs(s, 'admin', 'super_admin');
        return s;
      }),
    );
    /** What each record should hold: the last acknowledged `employees`, and later unacknowledged tries. */
    interface Known {
      id: number;
      nationalId: string;
      name: string;
      body: LegalPersonInput;
      version: number;
      acked: number | null;
      unsure: number[];
    }
    const known = new Map<number, Known>();
    /** Creates whose answer never came (the kill): their national ids, present or not afterwards. */
    const unsureCreates: string[] = [];
    let acknowledged = 0;
    let refused = 0;
    let down = 0;

    const t0 = Date.now();
    const end = t0 + WRITE_SECONDS * 1000;
    const killAt = t0 + 5_000 + Math.floor(rng.next() * (WRITE_SECONDS - 12) * 1000);
    let restarted = false;
    const chaos = (async () => {
      await sleep(killAt - Date.now());
      await server.stop('SIGKILL');
      await server.start();
      restarted = true;
    })();

    await Promise.all(
      clients.map(async (s, c) => {
        const mine: Known[] = [];
        let seq = 0;
        while (Date.now() < end) {
          const edit = mine.length > 0 && rng.next() < 0.6;
          try {
            if (!edit) {
              seq++;
              const nationalId = generateLegalId(rng);
              const body: LegalPersonInput = {
                name: `${NAME_PREFIX} ${c + 1}-${seq}`,
                kind: 'company',
                national_id: nationalId,
                is_listed: false,
                status: 'active',
                employees: '0',
              };
              unsureCreates.push(nationalId);
              const res = await s.request('POST', '/api/person/legal-persons', { json: body });
              unsureCreates.splice(unsureCreates.indexOf(nationalId), 1);
              if (res.status === 200) {
                const k: Known = {
                  id: res.body.data.id,
                  nationalId,
                  name: body.name,
                  body,
                  version: res.body.data.version,
                  acked: 0,
                  unsure: [],
                };
                known.set(k.id, k);
                mine.push(k);
                acknowledged++;
              } else refused++;
            } else {
              const k = mine[Math.floor(rng.next() * mine.length)]!;
              const employees = Math.floor(rng.next() * 1_000_000) + 1;
              k.unsure.push(employees);
              const res = await s.request('PUT', `/api/person/legal-persons/${k.id}`, {
                json: {
                  ...k.body,
                  employees: String(employees),
                  version: k.version,
                },
              });
              if (res.status === 200) {
                k.version = res.body.data.version;
                k.acked = employees;
                k.unsure = [];
                acknowledged++;
              } else if (res.status === 409) {
                // An edit whose answer was lost in the kill did commit: read the record afresh.
                const fresh = await s.get(`/api/person/legal-persons/${k.id}`);
                if (fresh.status === 200) k.version = fresh.body.data.version;
                refused++;
              } else refused++;
            }
          } catch {
            // The server is down (killed, or starting again): the write's fate is unknown.
            down++;
            await sleep(100);
          }
        }
      }),
    );
    await chaos;
    expect(restarted).toBe(true);
    await server.stop('SIGTERM');

    const engine = server.database.url ? 'postgres' : 'pglite';
    const rows = await readBack(server.database);
    const byId = new Map(rows.persons.map((p) => [p.id, p]));
    const lost: string[] = [];
    for (const k of known.values()) {
      const row = byId.get(k.id);
      if (!row) {
        lost.push(`record ${k.id} (${k.nationalId}) acknowledged but missing`);
        continue;
      }
      if (row.national_id !== k.nationalId || row.name !== k.name) lost.push(`record ${k.id} differs`);
      const possible = [k.acked, ...k.unsure];
      if (!possible.includes(row.employees)) {
        lost.push(`record ${k.id}: employees ${row.employees}, acknowledged ${k.acked}, unsure ${k.unsure}`);
      }
      if (row.version < k.version)
        lost.push(`record ${k.id}: version ${row.version} < acknowledged ${k.version}`);
    }
    // Atomicity: every record made in this run has its create row and one update row per version.
    const half: string[] = [];
    for (const p of rows.persons) {
      const audits = rows.audits.get(p.id) ?? { create: 0, update: 0 };
      if (audits.create !== 1) half.push(`record ${p.id}: ${audits.create} create audit rows`);
      if (audits.update !== p.version - 1)
        half.push(`record ${p.id}: version ${p.version}, ${audits.update} update audit rows`);
    }
    for (const id of rows.audits.keys()) if (!byId.has(id)) half.push(`audit rows of missing record ${id}`);
    const stray = rows.persons.filter((p) => !known.has(p.id) && !unsureCreates.includes(p.national_id));
    console.log(
      JSON.stringify({
        figure: 'writes_through_sigkill',
        engine,
        clients: WRITE_CLIENTS,
        seconds: WRITE_SECONDS,
        killed_after_ms: killAt - t0,
        acknowledged,
        refused,
        failed_while_down: down,
        records: rows.persons.length,
        lost: lost.length,
        half_written: half.length,
      }),
    );
    expect(acknowledged).toBeGreaterThan(WRITE_CLIENTS);
    expect(down).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    expect(half).toEqual([]);
    expect(stray.map((p) => p.id)).toEqual([]);
  }, 240_000);
});

interface PersonRow {
  id: number;
  national_id: string;
  name: string;
  employees: number | null;
  version: number;
}

/** Reads the run's records and their audit counts straight from the database (server stopped). */
async function readBack(where: ServerProcess['database']) {
  const database = await openDatabase({ databaseUrl: where.url, dataDir: where.dataDir });
  const like = `${NAME_PREFIX}%`;
  try {
    const persons = await queryRows<PersonRow>(
      database.db,
      sql`SELECT id, national_id, name, employees, version FROM legal_persons WHERE name LIKE ${like} ORDER BY id`,
    );
    // Audit rows of this run's records, and create rows of this run whose record is missing.
    const counts = await queryRows<{ id: number; action: string; n: number }>(
      database.db,
      sql`SELECT entity_id::int AS id, action, count(*)::int AS n FROM audit_log
        WHERE entity = 'legal_person'
          AND (entity_id IN (SELECT id::text FROM legal_persons WHERE name LIKE ${like})
               OR (action = 'create' AND after->>'name' LIKE ${like}))
        GROUP BY 1, 2`,
    );
    const audits = new Map<number, { create: number; update: number }>();
    for (const c of counts) {
      const a = audits.get(c.id) ?? { create: 0, update: 0 };
      if (c.action === 'create') a.create = c.n;
      if (c.action === 'update') a.update = c.n;
      audits.set(c.id, a);
    }
    return {
      persons: persons.map((p) => ({ ...p, employees: p.employees == null ? null : Number(p.employees) })),
      audits,
    };
  } finally {
    await database.close();
  }
}
