import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Db } from '../db/client.ts';
import {
  blockedIps,
  permissions,
  rolePermissions,
  roles,
  sessions,
  userRoles,
  users,
} from '../db/schema/index.ts';
import type { AppDeps } from '../http/deps.ts';
import type { SessionInfo } from '../http/route.ts';
import { clearCookie, GUEST_COOKIE, SESSION_COOKIE, setSessionCookie } from './cookies.ts';
import { randomToken, sha256 } from './tokens.ts';
import { renewXsrf, sessionBinding } from './xsrf.ts';

const MINUTE = 60_000;

/** A session row as read by `probeRequest`, before its expiry is judged. */
interface SessionRow {
  s: Pick<typeof sessions.$inferSelect, 'id' | 'kind' | 'guestId' | 'createdAt' | 'lastSeenAt' | 'expiresAt'>;
  u: SessionInfo['user'];
  r: SessionInfo['role'];
  held: number | null;
  /** Whether the session's role (super_admin, or holding the probed permission ident) permits. */
  permitted: boolean;
}

/** What one request's access depends on, read in a single query. */
export interface RequestProbe {
  /** The client address has a block that is neither lifted nor over (false when no ip was given). */
  blocked: boolean;
  staff: SessionRow | null;
  guest: SessionRow | null;
}

/**
 * Reads, in ONE statement: whether `ip` is blocked at `now` (the app's clock, not the database's),
 * the staff and/or guest sessions named by the request's cookies (for the kinds asked) with their
 * user, role and whether the user still holds that role, and whether that role holds `ident`.
 * Read-only: expiry and the idle push are applied by `settleSession`.
 */
export async function probeRequest(
  c: Context,
  deps: AppDeps,
  opts: { kinds: ('staff' | 'guest')[]; ip?: string; ident?: string; now: Date },
): Promise<RequestProbe> {
  const staffToken = opts.kinds.includes('staff') ? getCookie(c, SESSION_COOKIE) : undefined;
  const guestToken = opts.kinds.includes('guest') ? getCookie(c, GUEST_COOKIE) : undefined;
  const staffId = staffToken ? sha256(staffToken) : null;
  const guestId = guestToken ? sha256(guestToken) : null;
  if (opts.ip === undefined && !staffId && !guestId) return { blocked: false, staff: null, guest: null };
  const ttl = deps.config.AUTH_CACHE_MS;
  const key = `${opts.kinds.join()}|${opts.ident ?? ''}|${opts.ip ?? ''}|${staffId ?? ''}|${guestId ?? ''}`;
  const cache = ttl > 0 ? accessCacheOf(deps.database.db) : null;
  const hit = cache?.get(key);
  if (hit && hit.generation === accessGeneration && performance.now() - hit.at < ttl) return hit.probe;
  const generation = accessGeneration;
  const rows = await probeStatement(deps.database.db).execute({
    ip: opts.ip ?? null,
    now: opts.now.toISOString(),
    ident: opts.ident ?? null,
    staffId,
    guestId,
  });
  const pick = (id: string | null, kind: 'staff' | 'guest'): SessionRow | null => {
    const row = id ? rows.find((x) => x.s?.id === id && x.s.kind === kind) : undefined;
    if (!row?.s) return null;
    return { s: row.s, u: row.u, r: row.r, held: row.held, permitted: row.permitted === true };
  };
  const probe: RequestProbe = {
    blocked: rows[0]?.blocked === true,
    staff: pick(staffId, 'staff'),
    guest: pick(guestId, 'guest'),
  };
  // Only a granted, unblocked answer is kept: refusals are always read afresh.
  if (cache && !probe.blocked && (probe.staff || probe.guest)) {
    if (cache.size >= ACCESS_CACHE_MAX) cache.clear();
    cache.set(key, { generation, at: performance.now(), probe });
  }
  return probe;
}

/**
 * The access cache: the last `probeRequest` answers that found a live session and no block, per
 * (session, address, permission), each kept at most AUTH_CACHE_MS. Every change that can alter
 * access bumps `accessGeneration`, which voids every kept answer at once: the end of every
 * state-changing request (mount.ts, after its transaction committed), and the session writes
 * that GET routes make (sign-out, role change, session start/end, expiry). An answer read before
 * a bump is stored under the generation it was read at, so it is never served after the bump.
 * Changes made outside this process (psql, a second server) are seen within AUTH_CACHE_MS.
 * Expiry needs no bump: settleSession judges the kept row against the clock on every request.
 */
let accessGeneration = 0;
const ACCESS_CACHE_MAX = 10_000;
const accessCaches = new WeakMap<Db, Map<string, { generation: number; at: number; probe: RequestProbe }>>();

function accessCacheOf(db: Db) {
  let cache = accessCaches.get(db);
  if (!cache) {
    cache = new Map();
    accessCaches.set(db, cache);
  }
  return cache;
}

/** Voids every kept access answer: call after any write that may change who may do what. */
export function accessChanged(): void {
  accessGeneration++;
}

/**
 * The probe as one prepared statement per database (built once; on PostgreSQL planned once per
 * connection), since every API request runs it. Placeholders: ip, now (ISO), ident, staffId,
 * guestId; a NULL one switches its part off (no address: not blocked; no ident: not permitted;
 * no id: no session of that kind).
 */
function buildProbe(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  const blocked = sql<boolean>`(${p('ip')}::text is not null and exists (select 1 from ${blockedIps} where ${blockedIps.ip} = ${p('ip')}::text and ${blockedIps.unblockedAt} is null and ${blockedIps.blockedUntil} > ${p('now')}::timestamptz))`;
  const permitted = sql<boolean>`(${p('ident')}::text is not null and (${roles.type} = 'super_admin' or exists (select 1 from ${rolePermissions} inner join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId} where ${rolePermissions.roleId} = ${roles.id} and ${permissions.ident} = ${p('ident')}::text)))`;
  const which = or(
    and(eq(sessions.id, sql`${p('staffId')}::text`), eq(sessions.kind, 'staff')),
    and(eq(sessions.id, sql`${p('guestId')}::text`), eq(sessions.kind, 'guest')),
  )!;
  return db
    .select({
      blocked,
      s: {
        id: sessions.id,
        kind: sessions.kind,
        guestId: sessions.guestId,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      },
      u: {
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        mobile: users.mobile,
        email: users.email,
        status: users.status,
        hasChangePass: users.hasChangePass,
      },
      r: { id: roles.id, name: roles.name, title: roles.title, type: roles.type },
      held: userRoles.roleId,
      permitted,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(sessions, which)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, sessions.roleId))
    .leftJoin(userRoles, and(eq(userRoles.userId, sessions.userId), eq(userRoles.roleId, sessions.roleId)))
    .prepare('nazer_request_probe');
}

const probes = new WeakMap<Db, ReturnType<typeof buildProbe>>();

function probeStatement(db: Db) {
  let statement = probes.get(db);
  if (!statement) {
    statement = buildProbe(db);
    probes.set(db, statement);
  }
  return statement;
}

/**
 * Judges a probed session: expired ones (idle or absolute) and those of users no longer active
 * are deleted and treated as absent; a live one has its idle expiry pushed forward (at most once
 * a minute, to keep reads cheap). A current role the user no longer holds counts as no role.
 */
export async function settleSession(
  deps: AppDeps,
  row: SessionRow | null,
  kind: 'staff' | 'guest',
): Promise<SessionInfo | null> {
  if (!row) return null;
  const { db } = deps.database;
  const id = row.s.id;
  const now = deps.now();
  const absoluteEnd = row.s.createdAt.getTime() + deps.config.SESSION_ABSOLUTE_HOURS * 60 * MINUTE;
  if (row.s.expiresAt <= now || absoluteEnd <= now.getTime() || (row.u && row.u.status !== 'active')) {
    await db.delete(sessions).where(eq(sessions.id, id));
    accessChanged();
    return null;
  }
  if (now.getTime() - row.s.lastSeenAt.getTime() > MINUTE) {
    const idleEnd = new Date(
      Math.min(now.getTime() + deps.config.SESSION_IDLE_MINUTES * MINUTE, absoluteEnd),
    );
    await db.update(sessions).set({ lastSeenAt: now, expiresAt: idleEnd }).where(eq(sessions.id, id));
    // The row may be a kept (cached) answer: record the push so the next request does not repeat it.
    row.s.lastSeenAt = now;
    row.s.expiresAt = idleEnd;
  }
  return {
    id,
    kind,
    user: row.u?.id ? row.u : null,
    role: row.r?.id && row.held != null ? row.r : null,
    guestId: row.s.guestId,
    expiresAt: row.s.expiresAt,
  };
}

/**
 * Starts a session of `kind` and sets its cookie. For staff this also ends the guest session
 * and the reverse, so one browser is never both. Returns the new session id (hash).
 */
export async function startSession(
  c: Context,
  deps: AppDeps,
  init: {
    kind: 'staff' | 'guest';
    userId?: number;
    guestId?: number;
    roleId?: number | null;
    ip: string;
    userAgent: string;
  },
): Promise<string> {
  const { db } = deps.database;
  const cookie = init.kind === 'staff' ? SESSION_COOKIE : GUEST_COOKIE;
  const other = init.kind === 'staff' ? GUEST_COOKIE : SESSION_COOKIE;
  // A sign-in replaces this browser's earlier session of the same kind (its cookie is overwritten below).
  const previous = getCookie(c, cookie);
  if (previous) await db.delete(sessions).where(eq(sessions.id, sha256(previous)));
  const token = randomToken();
  const id = sha256(token);
  const now = deps.now();
  const idleMs = deps.config.SESSION_IDLE_MINUTES * MINUTE;
  await db.insert(sessions).values({
    id,
    kind: init.kind,
    userId: init.userId ?? null,
    guestId: init.guestId ?? null,
    roleId: init.roleId ?? null,
    ip: init.ip,
    userAgent: init.userAgent.slice(0, 500),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + idleMs),
  });
  await endSessionByCookie(c, deps, other);
  accessChanged();
  setSessionCookie(c, deps.config, cookie, token, deps.config.SESSION_ABSOLUTE_HOURS * 3600);
  renewXsrf(c, sessionBinding(init.kind, id));
  return id;
}

/**
 * Renews the session id (new token, same data) and applies `patch`; used at role change so a
 * stolen pre-change id is worthless.
 */
export async function rotateSession(
  c: Context,
  deps: AppDeps,
  session: SessionInfo,
  patch: { roleId?: number | null },
): Promise<void> {
  const token = randomToken();
  const id = sha256(token);
  await deps.database.db
    .update(sessions)
    .set({ id, ...patch, lastSeenAt: deps.now() })
    .where(eq(sessions.id, session.id));
  accessChanged();
  setSessionCookie(c, deps.config, SESSION_COOKIE, token, deps.config.SESSION_ABSOLUTE_HOURS * 3600);
  renewXsrf(c, sessionBinding('staff', id));
  session.id = id;
}

/** Deletes the session named by cookie `name` (if any) and clears the cookie. */
export async function endSessionByCookie(c: Context, deps: AppDeps, name: string): Promise<void> {
  const token = getCookie(c, name);
  if (token) {
    await deps.database.db.delete(sessions).where(eq(sessions.id, sha256(token)));
    accessChanged();
  }
  if (token !== undefined) {
    clearCookie(c, deps.config, name);
    // Its callers end both kinds (sign-out) or start the other kind next (startSession, which
    // binds the token to the new session): here the token is bound to no session.
    renewXsrf(c, 'anonymous');
  }
}

/** Removes every session of a user (deactivation, password reset), except `keep` if given. */
export async function endUserSessions(db: Db, userId: number, keep?: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined));
  accessChanged();
}

/** Deletes expired sessions; run at start and now and then. */
export async function purgeExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(sql`${sessions.expiresAt} < ${now.toISOString()}`);
}

/** True when the user still has a live session (used by tests). */
export async function hasLiveSession(db: Db, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
  return rows.length > 0;
}
