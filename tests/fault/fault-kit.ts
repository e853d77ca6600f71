import { type SQL, sql } from 'drizzle-orm';
import { createRng, type Rng } from '../../src/domain/random.ts';
import type { Db } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/http/list.ts';
import { ApiClient, type RequestTarget } from '../support/api-client.ts';
import { chooseRole, signIn } from '../support/auth.ts';

/**
 * What the fault test's workloads share: the ledger of every write sent (what was sent, what the
 * server answered, the write's tag), the way an answer is classified, seeded random generators,
 * and the hook the kill controller (chaos.ts) uses to kill right after a given kind of write
 * leaves the client.
 *
 * Every write carries a unique `rid` header (`fault-<seed>-<n>`). The server stores the request's
 * rid in every audit row the request writes (http/mount.ts), in the write's own transaction, so
 * after the run each write's audit rows are found by its tag: an unacknowledged write whose audit
 * rows are there has committed and must be there whole; one without them must have left nothing.
 */

/**
 * - `acked`: a 2xx answer: the write must be there, every field as sent.
 * - `refused`: a 4xx answer: by the API's contract nothing was written.
 * - `not_sent`: the connection was refused: the request never reached a server.
 * - `unsure`: no answer (the connection was cut by a kill, or timed out) or a 5xx (the database
 *   went away under the request): it may or may not have committed, but all or nothing of it.
 */
export type Outcome = 'acked' | 'refused' | 'not_sent' | 'unsure';

export interface Write {
  rid: string;
  kind: string;
  outcome: Outcome;
  status: number | null;
  answer: any;
  /** ms since the write phase began, when it was sent. */
  at: number;
}

/** The verdict on one kind of write. */
export interface Verdict {
  kind: string;
  acked: number;
  /** Acknowledged writes read back field by field (in the data and in their audit rows). */
  checked: number;
  unsureComplete: number;
  unsureAbsent: number;
  /** Acknowledged writes missing or different. */
  lost: string[];
  /** Writes present in part, or present though refused or never sent. */
  half: string[];
}

export const newVerdict = (kind: string): Verdict => ({
  kind,
  acked: 0,
  checked: 0,
  unsureComplete: 0,
  unsureAbsent: 0,
  lost: [],
  half: [],
});

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** JSON with object keys sorted: equal values give equal text whatever the key order. */
export function canon(v: unknown): string {
  return JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );
}

/** The fields of `expected` whose value differs in `actual`, as `field: actual ≠ expected` lines. */
export function diff(actual: object, expected: object): string[] {
  const a = actual as Record<string, unknown>;
  const e = expected as Record<string, unknown>;
  return Object.keys(e)
    .filter((k) => canon(a[k] ?? null) !== canon(e[k] ?? null))
    .map((k) => `${k}: ${canon(a[k] ?? null)} ≠ ${canon(e[k] ?? null)}`);
}

/** A small string hash (FNV-1a), to derive one generator per worker from the run's seed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A real server on `baseUrl` as a request target, each request given at most `ms`. */
export const overHttpWithin = (baseUrl: string, ms: number): RequestTarget => ({
  request: (path, init) => fetch(`${baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(ms) }),
});

/** A multipart body (fields and one file) as ApiClient's `raw` + `contentType`. */
export async function multipart(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set('file', new File([file.bytes as BlobPart], file.name));
  const req = new Request('http://local/', { method: 'POST', body: form });
  return { raw: await req.arrayBuffer(), contentType: req.headers.get('content-type')! };
}

type RequestInit = NonNullable<Parameters<ApiClient['request']>[2]>;

/**
 * One run of the write phase: the seed, the ledger of writes, the clock that ends the writers,
 * and the kill hook.
 */
export class FaultRun {
  readonly writes: Write[] = [];
  /** Answers the run did not expect (a dry run refused, a 4xx nobody planned …): printed, not fatal. */
  readonly notes: string[] = [];
  readonly refusedByStatus = new Map<number, number>();
  /** Sign-ins again after a 401 (a session the server stopped recognising). */
  reSignIns = 0;
  /** The id of the user every write is made as (admin). */
  userId = 0;
  private t0 = Date.now();
  private stopAt = Number.POSITIVE_INFINITY;
  private seq = 0;
  private armed: { kinds: Set<string>; fire: (kind: string) => void } | null = null;

  constructor(
    readonly seed: number,
    readonly baseUrl: string,
  ) {}

  /** A generator of its own for worker `name`, from the run's seed. */
  rng(name: string): Rng {
    return createRng((this.seed ^ hash(name)) >>> 0);
  }

  begin() {
    this.t0 = Date.now();
  }
  get elapsed() {
    return Date.now() - this.t0;
  }
  /** True until `stop()`: the writers' loops run while it holds. */
  get writing() {
    return Date.now() < this.stopAt;
  }
  stop() {
    this.stopAt = Date.now();
  }

  /**
   * Resolves with the kind of the next write of one of `kinds` the moment it is handed to the
   * network, or null after `timeoutMs` without one.
   */
  nextSend(kinds: string[], timeoutMs: number): Promise<string | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.armed = null;
        resolve(null);
      }, timeoutMs);
      this.armed = {
        kinds: new Set(kinds),
        fire: (kind) => {
          clearTimeout(timer);
          this.armed = null;
          resolve(kind);
        },
      };
    });
  }

  /** A client on the server, signed in as admin with the role super_admin, from address `ip`. */
  async client(ip: string): Promise<ApiClient> {
    const c = new ApiClient(overHttpWithin(this.baseUrl, 60_000), { ip });
    this.userId = (await signIn(c, 'admin')).user.id;
    await chooseRole(c, 'super_admin');
    return c;
  }

  /**
   * Sends one write tagged with a fresh rid and classifies its answer; the ledger keeps it. A 401
   * (the session lost) signs the client in again, as a browser would, and counts as refused.
   */
  async write(
    c: ApiClient,
    kind: string,
    method: string,
    path: string,
    init: RequestInit = {},
  ): Promise<Write> {
    const rid = `fault-${this.seed}-${++this.seq}`;
    const w: Write = { rid, kind, outcome: 'unsure', status: null, answer: null, at: this.elapsed };
    this.writes.push(w);
    if (this.armed?.kinds.has(kind)) this.armed.fire(kind);
    try {
      const res = await c.request(method, path, { ...init, headers: { ...(init.headers ?? {}), rid } });
      w.status = res.status;
      w.answer = res.body;
      if (res.status >= 200 && res.status < 300) w.outcome = 'acked';
      else if (res.status >= 400 && res.status < 500) {
        w.outcome = 'refused';
        this.refusedByStatus.set(res.status, (this.refusedByStatus.get(res.status) ?? 0) + 1);
        if (res.status === 401) await this.signInAgain(c);
        // A refused anti-forgery token: take a fresh one, as the browser's next page load would.
        if (res.status === 419) c.cookies.delete('XSRF-TOKEN');
      } else w.outcome = 'unsure';
    } catch (err) {
      const code = (err as { cause?: { code?: string } }).cause?.code;
      w.outcome = code === 'ECONNREFUSED' ? 'not_sent' : 'unsure';
      w.answer = { error: code ?? (err as Error).message };
    }
    return w;
  }

  /** A read (GET) that may fail while the server is down: the answer, or null. */
  async read(c: ApiClient, path: string): Promise<{ status: number; body: any } | null> {
    try {
      const res = await c.get(path);
      if (res.status === 401) await this.signInAgain(c);
      return res;
    } catch {
      return null;
    }
  }

  private async signInAgain(c: ApiClient) {
    this.reSignIns++;
    c.cookies.clear();
    try {
      await signIn(c, 'admin');
      await chooseRole(c, 'super_admin');
    } catch {}
  }

  /** Writes of `kind` (all kinds when omitted), by outcome. */
  tally(kind?: string): Record<Outcome, number> {
    const out: Record<Outcome, number> = { acked: 0, refused: 0, not_sent: 0, unsure: 0 };
    for (const w of this.writes) if (!kind || w.kind === kind) out[w.outcome]++;
    return out;
  }
}

/** The database after the run, read directly (the server stopped): SQL and the audit rows by rid. */
export interface Snapshot {
  db: Db;
  q<T>(query: SQL): Promise<T[]>;
  /** Audit rows written by the run's requests, by rid, in the order they were written. */
  audits: Map<string, AuditRow[]>;
}

export interface AuditRow {
  id: number;
  rid: string;
  action: string;
  entity: string;
  entity_id: string | null;
  before: any;
  after: any;
}

export async function snapshotOf(db: Db, seed: number): Promise<Snapshot> {
  const q = <T>(query: SQL) => queryRows<T>(db, query);
  const rows = await q<AuditRow>(
    sql`SELECT id::int AS id, rid, action, entity, entity_id, before, after FROM audit_log
        WHERE rid LIKE ${`fault-${seed}-%`} ORDER BY id`,
  );
  const audits = new Map<string, AuditRow[]>();
  for (const r of rows) {
    const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
    audits.set(r.rid, [
      ...(audits.get(r.rid) ?? []),
      { ...r, before: parse(r.before), after: parse(r.after) },
    ]);
  }
  return { db, q, audits };
}

/** One audit row as a comparable signature: action, entity, entity id ('*' to ignore), before/after. */
export const auditSig = (a: {
  action: string;
  entity: string;
  entity_id: string | number | null | '*';
  before?: unknown;
  after?: unknown;
}) => `${a.action} ${a.entity} ${a.entity_id ?? '-'} ${canon(a.before ?? null)} → ${canon(a.after ?? null)}`;

/**
 * Compares the audit rows a write left with the ones it should have left (signatures; an expected
 * entity id '*' matches any): '' when they match, else a readable difference.
 */
export function compareAudits(actual: AuditRow[], expected: Parameters<typeof auditSig>[0][]): string {
  const remaining = actual.map((a) => ({ a, used: false }));
  const missing: string[] = [];
  for (const e of expected) {
    const hit = remaining.find(
      (r) =>
        !r.used &&
        auditSig({ ...r.a, entity_id: e.entity_id === '*' ? '*' : r.a.entity_id }) ===
          auditSig({ ...e, entity_id: e.entity_id === '*' ? '*' : String(e.entity_id) }),
    );
    if (hit) hit.used = true;
    else missing.push(auditSig(e));
  }
  const extra = remaining.filter((r) => !r.used).map((r) => auditSig(r.a));
  if (!missing.length && !extra.length) return '';
  return [
    missing.length ? `audit rows missing: ${missing.slice(0, 3).join(' | ')}` : '',
    extra.length ? `audit rows not expected: ${extra.slice(0, 3).join(' | ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
