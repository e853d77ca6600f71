import http from 'node:http';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateNationalCode } from '../../src/domain/identifiers.ts';
import { createRng } from '../../src/domain/random.ts';
import { GUEST_COOKIE, SESSION_COOKIE, XSRF_COOKIE } from '../../src/server/auth/cookies.ts';
import { accessChanged } from '../../src/server/auth/sessions.ts';
import { sha256 } from '../../src/server/auth/tokens.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { ApiClient, overHttp, startTestApp } from '../support/api-client.ts';
import { chooseRole, isPersian, signIn, type TestApp } from '../support/auth.ts';
import { rawRequest, serveOnLoopback } from '../support/fuzz-http.ts';
import {
  clip,
  describeRequest,
  exampleRequests,
  type FuzzContext,
  type FuzzRequest,
  harvestLists,
  type Operation,
  operationsOf,
  opKey,
  pct,
  requestArb,
} from '../support/fuzz-requests.ts';
import { installWriteLog, WRITTEN_BY_REFUSALS, type WriteLog } from '../support/write-log.ts';

/**
 * Property-based fuzz of the whole API, derived from its OpenAPI document (GET /api/openapi.json,
 * so a new route is fuzzed without touching this file): for every operation and every identity
 * (no session, a guest applicant, each seeded staff role, a staff user who has chosen no role),
 * requests are generated from the operation's JSON schemas (tests/support/json-schema-arb.ts)
 * and then broken (tests/support/fuzz-requests.ts with fuzz-breakers.ts, fuzz-lists.ts and
 * fuzz-multipart.ts). Every call goes over a real HTTP server (@hono/node-server, as main.ts
 * serves) on one kept-alive connection and must: answer below 500; keep the connection (the
 * request does not fail with a reset or hang); and, when it answers 400 or more, write nothing to the database
 * (tests/support/write-log.ts: a row trigger on every table but those a refusal may write).
 *
 * Each operation runs, through fast-check: first the requests aimed at what its list says about
 * itself (fast-check `examples`: a value PostgreSQL refuses for each typed field, prototype names,
 * forged cursors; see exampleRequests), then one generated request per identity (each answers as
 * its access says), then FUZZ_RUNS more among the identities let in.
 *
 * FUZZ_RUNS (default 3): generated requests per operation beyond one per identity.
 * FUZZ_SEED (default 20250611): fast-check's seed, printed; set it to replay a run.
 * FUZZ_ONLY: a regular expression on "METHOD /path" to fuzz only some operations.
 * Every failure is collected (never stopping at the first) and the test fails at the end listing
 * them all, grouped by cause, with a sample request each.
 */

const envInt = (name: string, fallback: number) => {
  const v = process.env[name];
  return v && /^-?\d+$/.test(v) ? Number(v) : fallback;
};
const RUNS = envInt('FUZZ_RUNS', 3);
const SEED = envInt('FUZZ_SEED', 20_250_611);
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : null;

interface Identity {
  name: string;
  username?: string;
  role?: string;
  guest?: boolean;
  client: ApiClient;
  idents: Set<string>;
}

interface Failure {
  kind: '5xx' | 'dropped' | 'write on refusal';
  op: string;
  identity: string;
  status: number | string;
  sample: string;
  cause: string;
}

let t: TestApp;
let server: Awaited<ReturnType<typeof serveOnLoopback>>;
let log: WriteLog;
const identities: Identity[] = [];
const roleIds = new Map<string, number>();

beforeAll(async () => {
  t = await startTestApp();
  server = await serveOnLoopback(t.app);
  log = await installWriteLog(t.db, { alsoWatch: ['sessions', 'users', 'user_roles', 'role_permissions'] });
  // The codes sent by SMS, read as they go out (the SMS log keeps them masked).
  const inner = t.deps.sms;
  t.deps.sms = {
    name: inner.name,
    async send(db, msg) {
      const code = (msg as { secret?: string }).secret ?? msg.body.match(/\d{6}/)?.[0];
      if (code) smsCodes.set(msg.mobile, code);
      await inner.send(db, msg);
    },
  };
  for (const r of await queryRows<{ id: number; name: string }>(t.db, sql`SELECT id, name FROM roles`)) {
    roleIds.set(r.name, r.id);
  }
}, 120_000);
afterAll(async () => {
  agent.destroy();
  await server?.close();
  await t?.dispose();
});

// ---------------------------------------------------------------------------------------------
// Identities, and putting them back when a fuzzed call signed one out, changed its roles,
// deactivated it or gave it a new password.

const STAFF: { name: string; username: string; role?: string }[] = [
  { name: 'super_admin', username: 'admin', role: 'super_admin' },
  { name: 'analyst', username: 'analyst', role: 'analyst' },
  { name: 'viewer', username: 'analyst', role: 'viewer' },
  { name: 'auditor', username: 'auditor', role: 'auditor' },
  { name: 'nomination', username: 'nomination', role: 'nomination' },
  // analyst holds two roles, so signing in chooses none (a one-role user gets it at sign-in).
  { name: 'no-role', username: 'analyst' },
];

const smsCodes = new Map<string, string>();
const guestRng = createRng(7_070);
let guestSerial = 0;

/** A new resume applicant verified by SMS on `c` (a guest session). */
async function verifyNewGuest(c: ApiClient) {
  guestSerial++;
  const body = {
    national_code: generateNationalCode(guestRng),
    mobile: `0936${String(10_000_000 + guestSerial).slice(1)}`,
  };
  const sent = await c.post('/api/person/resume/check', { json: body });
  if (sent.status !== 200) throw new Error(`guest check: ${sent.status} ${JSON.stringify(sent.body)}`);
  const code = smsCodes.get(body.mobile);
  const res = await c.post('/api/person/resume/check-sms-code?crf_pid=3', { json: { ...body, code } });
  if (res.status !== 200) throw new Error(`guest verify: ${res.status} ${JSON.stringify(res.body)}`);
}

let signIns = 0;
async function establish(id: Identity) {
  // Each sign-in from its own address, so that no address-wide limit is reached by repairs.
  signIns++;
  id.client = new ApiClient(overHttp(server.baseUrl), { ip: `10.250.${signIns >> 8}.${signIns & 0xff}` });
  await id.client.get('/api/health');
  if (id.guest) {
    await verifyNewGuest(id.client);
  } else if (id.username) {
    await signIn(id.client, id.username);
    if (id.role) {
      const chosen = await chooseRole(id.client, id.role);
      id.idents = new Set(chosen.permissions.map((p) => p.ident));
    }
  }
}

interface Snapshot {
  userIds: number[];
  roleIds: number[];
  users: { id: number; status: string; password_hash: string; has_change_pass: boolean }[];
  userRoles: { user_id: number; role_id: number }[];
  rolePermissions: { role_id: number; permission_id: number }[];
  digest: string;
}
let snapshot: Snapshot;

/** users, user_roles and role_permissions of the identities, and their sessions, as one text. */
const stateQuery = (userIds: number[], rIds: number[], sessionIds: string[]) => sql`SELECT
  coalesce((SELECT string_agg(id || ':' || status || ':' || password_hash || ':' || has_change_pass, ',' ORDER BY id) FROM users WHERE id = ANY(${sql.param(userIds)}::int[])), '') || '|' ||
  coalesce((SELECT string_agg(user_id || ':' || role_id, ',' ORDER BY user_id, role_id) FROM user_roles WHERE user_id = ANY(${sql.param(userIds)}::int[])), '') || '|' ||
  coalesce((SELECT string_agg(role_id || ':' || permission_id, ',' ORDER BY role_id, permission_id) FROM role_permissions WHERE role_id = ANY(${sql.param(rIds)}::int[])), '') AS digest,
  coalesce((SELECT string_agg(id || ':' || kind || ':' || coalesce(role_id::text, '-'), ',' ORDER BY id) FROM sessions WHERE id = ANY(${sql.param(sessionIds)}::text[])), '') AS sessions`;

function sessionOf(id: Identity): { hash: string; text: string } | null {
  const cookie = id.client.cookies.get(id.guest ? GUEST_COOKIE : SESSION_COOKIE);
  if (!cookie) return null;
  const hash = sha256(cookie);
  const role = id.role ? String(roleIds.get(id.role)) : '-';
  return { hash, text: `${hash}:${id.guest ? 'guest' : 'staff'}:${id.guest ? '-' : role}` };
}

function expectedSessions() {
  const own = identities.map(sessionOf).filter((s) => s !== null);
  return {
    ids: own.map((s) => s.hash),
    text: own
      .map((s) => s.text)
      .sort()
      .join(','),
  };
}

/** Whether the identities' users, roles and sessions are as they were set up (read only when they changed). */
async function identitiesIntact() {
  const sessions = expectedSessions();
  const [row] = await queryRows<{ digest: string; sessions: string }>(
    t.db,
    stateQuery(snapshot.userIds, snapshot.roleIds, sessions.ids),
  );
  return row?.digest === snapshot.digest && row?.sessions === sessions.text;
}

async function takeSnapshot(): Promise<Snapshot> {
  const usernames = [...new Set(STAFF.map((s) => s.username))];
  const users = await queryRows<Snapshot['users'][number]>(
    t.db,
    sql`SELECT id, status, password_hash, has_change_pass FROM users WHERE username = ANY(${sql.param(usernames)}::text[]) ORDER BY id`,
  );
  const userIds = users.map((u) => u.id);
  const rIds = [...roleIds.values()];
  const userRoles = await queryRows<Snapshot['userRoles'][number]>(
    t.db,
    sql`SELECT user_id, role_id FROM user_roles WHERE user_id = ANY(${sql.param(userIds)}::int[])`,
  );
  const rolePermissions = await queryRows<Snapshot['rolePermissions'][number]>(
    t.db,
    sql`SELECT role_id, permission_id FROM role_permissions WHERE role_id = ANY(${sql.param(rIds)}::int[])`,
  );
  const [row] = await queryRows<{ digest: string }>(t.db, stateQuery(userIds, rIds, []));
  return { userIds, roleIds: rIds, users, userRoles, rolePermissions, digest: row!.digest };
}

let repairs = 0;
/** Puts the identities' users, roles and permissions back as they were, and signs in again whoever lost a session. */
async function repair() {
  repairs++;
  const s = snapshot;
  for (const u of s.users) {
    await t.db.execute(
      sql`UPDATE users SET status = ${u.status}, password_hash = ${u.password_hash}, has_change_pass = ${u.has_change_pass} WHERE id = ${u.id}`,
    );
  }
  await t.db.execute(sql`DELETE FROM user_roles WHERE user_id = ANY(${sql.param(s.userIds)}::int[])`);
  for (const r of s.userRoles) {
    await t.db.execute(sql`INSERT INTO user_roles (user_id, role_id) VALUES (${r.user_id}, ${r.role_id})`);
  }
  await t.db.execute(sql`DELETE FROM role_permissions WHERE role_id = ANY(${sql.param(s.roleIds)}::int[])`);
  for (const r of s.rolePermissions) {
    await t.db.execute(
      sql`INSERT INTO role_permissions (role_id, permission_id) VALUES (${r.role_id}, ${r.permission_id})`,
    );
  }
  await t.db.execute(sql`DELETE FROM throttles`);
  accessChanged();
  const [row] = await queryRows<{ sessions: string }>(
    t.db,
    stateQuery(s.userIds, s.roleIds, expectedSessions().ids),
  );
  const live = new Set((row?.sessions ?? '').split(','));
  for (const id of identities) {
    const own = sessionOf(id);
    if (id.name !== 'anon' && (!own || !live.has(own.text))) await establish(id);
  }
}

// ---------------------------------------------------------------------------------------------
// Calling, and judging each answer.

const failures: Failure[] = [];
const statusCounts = new Map<string, number>();
const covered = new Map<string, Set<string>>();
const passedGate = new Set<string>();
let calls = 0;
const timing = { http: 0, state: 0, repair: 0 };
let lastMark = 0;
let lastWatched = 0;
/** The last calls (when, what, body size): a dropped connection names the one that left it broken. */
const recent: { at: number; sample: string; bodyBytes: number }[] = [];
let ipSerial = 0;
/** Every fuzzed call goes over one kept-alive connection, so a dropped one is seen by the next call. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const logged: string[] = [];

/** A 500's cause (the server's logged error) with its variable parts blanked, for grouping. */
const causeKey = (cause: string) =>
  cause
    .replace(/"[^"]*"/g, '"…"')
    .replace(/\d+/g, 'N')
    .slice(0, 140);

/** The latest call of the last two seconds that sent a body of 16 KB or more, else the call before. */
function suspect() {
  const now = Date.now();
  const big = [...recent].reverse().find((r) => now - r.at < 2_000 && r.bodyBytes >= 16 * 1024);
  const last = recent[recent.length - 1];
  return big ? `${big.sample} (${big.bodyBytes} bytes, ${now - big.at} ms before)` : (last?.sample ?? 'none');
}

function passes(permission: string, id: Identity) {
  if (permission === 'public') return true;
  if (permission === 'guest') return !!id.guest;
  if (!id.username) return false;
  if (permission === 'user') return true;
  if (!id.role) return false;
  return permission === 'role' || id.role === 'super_admin' || id.idents.has(permission);
}

async function call(op: Operation, id: Identity, req: FuzzRequest) {
  const key = opKey(op);
  const query = req.query.map(([k, v, raw]) => `${pct(k)}=${raw ? v : pct(v)}`).join('&');
  ipSerial++;
  const headers: Record<string, string> = {
    ...req.headers,
    'x-forwarded-for': `10.${100 + ((ipSerial >> 16) & 0x7f)}.${(ipSerial >> 8) & 0xff}.${ipSerial & 0xff}`,
  };
  const cookies = [...id.client.cookies].map(([k, v]) => `${k}=${v}`);
  if (cookies.length) headers.cookie = cookies.join('; ');
  const xsrf = id.client.cookies.get(XSRF_COOKIE);
  if (req.xsrf && xsrf) headers['x-xsrf-token'] = xsrf;
  if (req.body?.contentType) headers['content-type'] = req.body.contentType;
  const from = logged.length;
  const bodyBytes =
    op.method === 'GET' || !req.body
      ? 0
      : typeof req.body.bytes === 'string'
        ? Buffer.byteLength(req.body.bytes)
        : req.body.bytes.length;
  let status: number | string;
  let message = '';
  const t0 = performance.now();
  try {
    const res = await rawRequest(agent, server.port, {
      method: op.method,
      path: `${req.path}${query ? `?${query}` : ''}`,
      headers,
      body: op.method === 'GET' ? undefined : req.body?.bytes,
    });
    status = res.status;
    if (status >= 500) message = res.body.slice(0, 200);
  } catch (err) {
    const e = err as Error & { code?: string };
    status = /within 30 s/.test(e.message) ? 'timeout' : 'dropped';
    message = `${e.code ?? ''} ${e.message}`.trim();
  }
  const t1 = performance.now();
  timing.http += t1 - t0;
  calls++;
  statusCounts.set(String(status), (statusCounts.get(String(status)) ?? 0) + 1);
  const seen = covered.get(key) ?? new Set<string>();
  seen.add(id.name);
  covered.set(key, seen);
  if (typeof status === 'number' && ![401, 403, 419].includes(status)) passedGate.add(key);
  const sample = describeRequest(op, req);
  if (typeof status !== 'number' || status >= 500) {
    failures.push({
      kind: typeof status === 'number' ? '5xx' : 'dropped',
      op: key,
      identity: id.name,
      status,
      sample,
      cause:
        typeof status === 'number'
          ? (logged.slice(from).find((l) => l.trim()) ?? `nothing logged; answered ${message}`)
          : `${message}; suspect: ${suspect()}`,
    });
  }
  const t2 = performance.now();
  const marks = await log.marks();
  timing.state += performance.now() - t2;
  if (typeof status === 'number' && status >= 400 && marks.writes !== lastMark) {
    failures.push({
      kind: 'write on refusal',
      op: key,
      identity: id.name,
      status,
      sample,
      cause: (await log.since(lastMark)).join(', '),
    });
  }
  lastMark = marks.writes;
  if (marks.watched !== lastWatched) {
    const t3 = performance.now();
    if (!(await identitiesIntact())) await repair();
    ({ writes: lastMark, watched: lastWatched } = await log.marks());
    timing.repair += performance.now() - t3;
  }
  recent.push({ at: Date.now(), sample: `${id.name} ${sample.slice(0, 200)}`, bodyBytes });
  if (recent.length > 20) recent.shift();
}

/** Families of causes, by the server's error (or the failure's kind), for the summary. */
const FAMILIES: [string, (f: Failure) => boolean][] = [
  ['connection dropped', (f) => f.kind === 'dropped'],
  ['refused call wrote to the database', (f) => f.kind === 'write on refusal'],
  ['malformed multipart body', (f) => /FormData|multipart|boundary/i.test(f.cause)],
  ['NUL character in text', (f) => /0x00/.test(f.cause)],
  [
    'integer beyond int4 (path, body or cursor)',
    (f) => /out of range for type (integer|smallint)/.test(f.cause),
  ],
  [
    'value that does not fit its column (a date, time or number in a filter, cursor or body)',
    (f) =>
      /invalid input syntax for type|date\/time field|out of range for type (date|timestamp)/.test(f.cause),
  ],
  [
    'prototype name taken as a sort or filter key (SQL built from undefined)',
    (f) => /syntax error at or near|Cannot read propert|is not a function/.test(f.cause),
  ],
];

function categorize(fs: Failure[]): string[] {
  const counts = new Map<string, { n: number; ops: Set<string> }>();
  for (const f of fs) {
    const family = FAMILIES.find(([, test]) => test(f))?.[0] ?? 'other';
    const c = counts.get(family) ?? { n: 0, ops: new Set<string>() };
    c.n++;
    c.ops.add(f.op);
    counts.set(family, c);
  }
  return [...counts].map(([family, c]) => `fuzz:   ${family}: ${c.n}× on ${c.ops.size} operation(s)`);
}

/** A stable number per operation, so that its cases do not change when another route is added. */
const hashOf = (s: string) => {
  let h = 0;
  for (const ch of s) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
};

describe('OpenAPI-derived fuzz', () => {
  it('answers every generated and broken request below 500, keeps the connection, and writes nothing when it refuses', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(
        args
          .map((a) => {
            if (a instanceof Error) {
              const cause = a.cause instanceof Error ? ` ← ${a.cause.message}` : '';
              return `${a.name}: ${a.message.split('\n')[0]}${cause}`;
            }
            return String(a).split('\n')[0];
          })
          .join(' '),
      );
    });
    const started = Date.now();
    let all: Operation[] = [];
    let setupMs = 0;
    let ctx: FuzzContext;
    let exampleCalls = 0;
    try {
      const docRes = await fetch(`${server.baseUrl}/api/openapi.json`);
      expect(docRes.status).toBe(200);
      all = operationsOf(await docRes.json());
      expect(all.length).toBeGreaterThan(100);
      const ops = ONLY ? all.filter((op) => ONLY.test(`${op.method} ${op.path}`)) : all;

      const anon: Identity = { name: 'anon', client: undefined as never, idents: new Set() };
      const guest: Identity = { name: 'guest', guest: true, client: undefined as never, idents: new Set() };
      identities.push(
        anon,
        guest,
        ...STAFF.map((s) => ({ ...s, client: undefined as never, idents: new Set<string>() })),
      );
      for (const id of identities) await establish(id);
      snapshot = await takeSnapshot();
      const admin = identities.find((i) => i.name === 'super_admin')!;
      ctx = await harvestLists(all, (path) => admin.client.get(path));
      expect(ctx.lists.size).toBeGreaterThan(5);
      // The write log sees a committed write and not a rolled-back one (else it would prove nothing).
      const m0 = await log.marks();
      await t.db
        .transaction(async (tx) => {
          await tx.execute(sql`UPDATE settings SET title = title`);
          throw new Error('rolled back');
        })
        .catch(() => {});
      expect((await log.marks()).writes).toBe(m0.writes);
      await t.db.execute(sql`UPDATE settings SET title = title WHERE key = 'app_name'`);
      expect((await log.marks()).writes).toBeGreaterThan(m0.writes);
      ({ writes: lastMark, watched: lastWatched } = await log.marks());
      setupMs = Date.now() - started;

      for (const op of ops) {
        const key = opKey(op);
        const permitted = identities.filter((i) => passes(op.permission, i));
        expect([key, permitted.length > 0]).toEqual([key, true]);
        // The examples aimed at the list's typed fields and cursor (run first, by those let in), one
        // case per identity (each answers as its access says), then RUNS more among those let in.
        const examples = exampleRequests(op, ctx);
        exampleCalls += examples.length;
        const offset = Math.abs(hashOf(key));
        const plan = [
          ...examples.map((_, k) => permitted[(offset + k) % permitted.length]!),
          ...identities,
          ...Array.from({ length: RUNS }, (_, k) => permitted[(offset + k) % permitted.length]!),
        ];
        let k = 0;
        const details = await fc.check(
          fc.asyncProperty(requestArb(op, ctx), async (req) => {
            await call(op, plan[k++ % plan.length]!, req);
          }),
          {
            numRuns: plan.length,
            seed: (SEED + hashOf(key)) | 0,
            endOnFailure: true,
            examples: examples.map((e): [FuzzRequest] => [e]),
          },
        );
        // The property records what it finds; an exception in it is the test's own failure.
        if (details.failed) throw details.errorInstance;
      }
    } finally {
      errorSpy.mockRestore();
    }

    const byCause = new Map<string, Failure[]>();
    for (const f of failures) {
      const key = `${f.kind} · ${f.kind === 'write on refusal' ? f.op : f.kind === 'dropped' ? f.cause.split(';')[0] : causeKey(f.cause)}`;
      byCause.set(key, [...(byCause.get(key) ?? []), f]);
    }
    const fiveHundreds = failures.filter((f) => f.kind === '5xx').length;
    const lines = [
      `fuzz: seed ${SEED} (FUZZ_SEED), ${RUNS} broken cases per operation beyond one per identity (FUZZ_RUNS) and ${exampleCalls} aimed at the lists' typed fields and cursors${ONLY ? `, only ${ONLY}` : ''}`,
      `fuzz: ${calls} calls in ${Math.round((Date.now() - started - setupMs) / 1000)} s (setup ${Math.round(setupMs / 1000)} s); ${covered.size} operations × ${identities.length} identities (${identities.map((i) => i.name).join(', ')}); ${passedGate.size} operations answered past the access check; ${repairs} identity repairs; ms in http ${Math.round(timing.http)}, state ${Math.round(timing.state)}, repair ${Math.round(timing.repair)}`,
      `fuzz: statuses ${[...statusCounts]
        .sort()
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')}`,
      `fuzz: tables watched for refused writes: ${log.tables.length} (left out: ${Object.keys(WRITTEN_BY_REFUSALS).join(', ')})`,
      `fuzz: ${fiveHundreds} answers ≥ 500, ${failures.filter((f) => f.kind === 'dropped').length} dropped connections, ${failures.filter((f) => f.kind === 'write on refusal').length} refused calls that wrote; ${byCause.size} distinct causes`,
      ...categorize(failures),
    ];
    const found = [...byCause].map(
      ([key, fs]) =>
        `${key} — ${fs.length}× on ${new Set(fs.map((f) => f.op)).size} operation(s)\n    e.g. ${fs[0]!.identity} → ${fs[0]!.status}: ${fs[0]!.sample}\n    cause: ${clip(fs[0]!.cause, 300)}`,
    );
    console.log([...lines, ...found].join('\n'));

    // Every operation was called by every identity, and many got past the access check.
    expect(covered.size).toBe(ONLY ? covered.size : all.length);
    for (const [op, ids] of covered) expect([op, ids.size]).toEqual([op, identities.length]);
    if (!ONLY) expect(passedGate.size).toBeGreaterThan(covered.size * 0.8);
    expect(found, `the fuzz found failures (replay with FUZZ_SEED=${SEED})`).toEqual([]);
  }, 900_000);

  it('answers the next request on the same connection after refusing a large body it did not read', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const admin = new ApiClient(overHttp(server.baseUrl), { ip: '10.251.0.1' });
      await admin.get('/api/health');
      const xsrf = admin.cookies.get(XSRF_COOKIE)!;
      const viewer = new ApiClient(overHttp(server.baseUrl), { ip: '10.251.0.2' });
      await signIn(viewer, 'analyst');
      await chooseRole(viewer, 'viewer');
      const viewerCookie = [...viewer.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const big = new Uint8Array(4 * 1024 * 1024).fill(0x20);
      const cases: { name: string; status: number; headers: Record<string, string>; body: Uint8Array }[] = [
        {
          name: 'no anti-forgery token',
          status: 419,
          headers: { 'content-type': 'application/json' },
          body: big,
        },
        {
          name: 'no session',
          status: 401,
          headers: {
            'content-type': 'application/json',
            cookie: `${XSRF_COOKIE}=${xsrf}`,
            'x-xsrf-token': xsrf,
          },
          body: big,
        },
        {
          name: 'a role without the permission',
          status: 403,
          headers: {
            'content-type': 'application/json',
            cookie: viewerCookie,
            'x-xsrf-token': viewer.cookies.get(XSRF_COOKIE)!,
          },
          body: big,
        },
        {
          name: 'over the size limit',
          status: 413,
          headers: { 'content-type': 'application/json' },
          body: new Uint8Array(17 * 1024 * 1024).fill(0x20),
        },
      ];
      for (const c of cases) {
        const first = await rawRequest(agent, server.port, {
          method: 'POST',
          path: '/api/management/roles',
          headers: { ...c.headers, 'x-forwarded-for': '10.251.1.1' },
          body: c.body,
        });
        expect([c.name, first.status]).toEqual([c.name, c.status]);
        expect(isPersian(JSON.parse(first.body).message)).toBe(true);
        const second = await rawRequest(agent, server.port, {
          method: 'GET',
          path: '/api/health',
          headers: { 'x-forwarded-for': '10.251.1.1' },
        }).catch((e: Error) => ({ status: -1, error: e.message, reusedSocket: false, headers: {} }));
        expect([c.name, second.status]).toEqual([c.name, 200]);
        // Unless the server said it would close, the answer came on the same connection.
        if (first.headers.connection !== 'close')
          expect([c.name, second.reusedSocket]).toEqual([c.name, true]);
      }
    } finally {
      agent.destroy();
    }
  });
});
