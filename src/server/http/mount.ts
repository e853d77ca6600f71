import type { Context, Hono } from 'hono';
import { matchedRoutes } from 'hono/route';
import { z } from 'zod';
import { accessChanged, probeRequest, type RequestProbe, settleSession } from '../auth/sessions.ts';
import { checkXsrf } from '../auth/xsrf.ts';
import { auditLog } from '../db/schema/index.ts';
import type { AppDeps } from './deps.ts';
import { forbidden, HttpError, invalid, unauthorized } from './errors.ts';
import { assertCleanInput } from './input.ts';
import {
  type AnyRoute,
  type AuditEntry,
  checksXsrf,
  isFileAnswer,
  type RequestMeta,
  type SessionInfo,
} from './route.ts';
import { decodeUtf8, parseJsonBody, parseOr422 } from './validate.ts';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A header value as stored with audit and sign-in rows: without control characters (a NUL,
 * which PostgreSQL's text cannot hold, would fail the request's own write), at most `max` long.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const headerText = (v: string, max: number) => v.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, max);

/** The client address: the socket's, or X-Forwarded-For's first hop when TRUST_PROXY=1. */
export function clientIp(c: Context, deps: AppDeps): string {
  if (deps.config.TRUST_PROXY) {
    const fwd = headerText(c.req.header('x-forwarded-for')?.split(',')[0] ?? '', 100).trim();
    if (fwd) return fwd;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? '127.0.0.1';
}

function requestMeta(c: Context, deps: AppDeps, url: URL): RequestMeta {
  const rid = c.req.header('rid') ?? url.searchParams.get('rid');
  const oid = c.req.header('oid') ?? url.searchParams.get('oid');
  const pagePath = c.req.header('x-page-path') ?? null;
  return {
    ip: clientIp(c, deps),
    userAgent: headerText(c.req.header('user-agent') ?? '', 500),
    rid: rid == null ? null : headerText(rid, 64),
    oid: oid == null ? null : headerText(oid, 64),
    pagePath: pagePath ? headerText(decodeURIComponentSafe(pagePath), 500) : null,
  };
}

function decodeURIComponentSafe(v: string) {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

/** The session kinds and permission ident a route's access is decided by. */
function accessOf(route: AnyRoute): { kinds: ('staff' | 'guest')[]; ident?: string } {
  const p = route.permission;
  if (p === 'public') return { kinds: ['staff', 'guest'] };
  if (p === 'guest') return { kinds: ['guest'] };
  if (p === 'user' || p === 'role') return { kinds: ['staff'] };
  return { kinds: ['staff'], ident: p };
}

/** Each mounted handler's route, so the /api/* middleware can tell which route will answer. */
const mountedHandlers = new WeakMap<object, AnyRoute>();
/** Probes made by `precheckRoute` for the request (context) whose route handler will use them. */
const probes = new WeakMap<Context, { route: AnyRoute; probe: RequestProbe }>();

/**
 * For a request one of the mounted routes will answer: reads in one query whether the client
 * address is blocked, the route's session(s) and whether the role holds the route's permission,
 * keeps the result for the handler and returns `blocked`. Returns null for any other request
 * (openapi.json, the 404 fallback), which the caller checks on its own.
 */
export async function precheckRoute(c: Context, deps: AppDeps, now: Date): Promise<boolean | null> {
  let route: AnyRoute | undefined;
  for (const r of matchedRoutes(c)) {
    route = mountedHandlers.get(r.handler);
    if (route) break;
  }
  if (!route) return null;
  const probe = await probeRequest(c, deps, { ...accessOf(route), ip: clientIp(c, deps), now });
  probes.set(c, { route, probe });
  return probe.blocked;
}

async function authorize(route: AnyRoute, c: Context, deps: AppDeps): Promise<SessionInfo | null> {
  const kept = probes.get(c);
  const probe =
    kept?.route === route ? kept.probe : await probeRequest(c, deps, { ...accessOf(route), now: deps.now() });
  const p = route.permission;
  if (p === 'public') {
    return (
      (await settleSession(deps, probe.staff, 'staff')) ?? (await settleSession(deps, probe.guest, 'guest'))
    );
  }
  if (p === 'guest') {
    const guest = await settleSession(deps, probe.guest, 'guest');
    if (!guest) throw unauthorized('نشست متقاضی معتبر نیست؛ دوباره شماره همراه را تأیید کنید');
    return guest;
  }
  const session = await settleSession(deps, probe.staff, 'staff');
  if (!session?.user) throw unauthorized();
  if (session.user.hasChangePass && !route.allowWhenPasswordChangeDue) {
    throw new HttpError(403, 'پیش از ادامه باید گذرواژه خود را تغییر دهید', undefined, {
      has_change_pass: true,
    });
  }
  if (p === 'user') return session;
  if (!session.role) throw forbidden('ابتدا نقش کاری خود را انتخاب کنید');
  if (p === 'role') return session;
  if (!probe.staff?.permitted) throw forbidden();
  return session;
}

/**
 * The request body as a plain value: multipart and urlencoded forms as objects, JSON parsed (400
 * when it is not UTF-8, not JSON, or a multipart body that cannot be read: a missing or wrong
 * boundary, a truncated part).
 */
async function readBody(route: AnyRoute, c: Context): Promise<unknown> {
  if (!route.body) return undefined;
  const type = c.req.header('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    try {
      return await c.req.parseBody({ all: true });
    } catch {
      throw new HttpError(400, 'بدنهٔ چندبخشی درخواست خوانا نیست؛ پرونده را دوباره بفرستید');
    }
  }
  const text = decodeUtf8(await c.req.arrayBuffer());
  if (type.startsWith('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  return parseJsonBody(text);
}

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    const k = key.endsWith('[]') ? key.slice(0, -2) : key;
    out[k] = key.endsWith('[]') ? all : all.length > 1 ? all : all[0]!;
  }
  return out;
}

/** A path parameter's constraint in a Hono path: `:id{[0-9]+}` → name `id`, pattern `[0-9]+`. */
const CONSTRAINED_PARAM = /:(\w+)\{([^}]*)\}/g;

/** The path with its parameters' constraints removed: `/a/:id{[0-9]+}` → `/a/:id`. */
export const unconstrainedPath = (path: string) => path.replace(CONSTRAINED_PARAM, ':$1');

/** 422 naming each constrained parameter of `route` whose raw value breaks its constraint. */
function malformedParams(route: AnyRoute, raw: Record<string, string>): HttpError {
  const fields: Record<string, string[]> = {};
  for (const [, name, pattern] of route.path.matchAll(CONSTRAINED_PARAM)) {
    if (!new RegExp(`^(?:${pattern})$`).test(raw[name!] ?? '')) fields[name!] = ['شناسه نامعتبر است'];
  }
  return invalid(fields);
}

/**
 * Mounts every declared route on `app` (app.ts has already refused blocked addresses, reading the
 * route's session and permission in the same query via `precheckRoute`): anti-forgery (419, on
 * state-changing methods and `changesState` GETs; auth/xsrf.ts),
 * session and permission (401/403), zod validation (400/422), then the handler; its value is sent
 * as `{ data }`.
 *
 * Numeric path parameters are constrained to digits (`:id{[0-9]+}`), so no two routes match the
 * same path and their order does not matter (tests/api/route-table.test.ts). After all of them,
 * each constrained route is mounted once more without its constraints, as a refusal only: a
 * request whose id is not digits (`/api/management/users/abc/approve`) gets the route's own
 * access check and then its 422, as before the constraints, and never reaches a handler.
 */
export function mountRoutes(app: Hono, deps: AppDeps, routes: AnyRoute[]) {
  for (const route of routes) mountRoute(app, deps, route, false);
  for (const route of routes) {
    if (unconstrainedPath(route.path) !== route.path) mountRoute(app, deps, route, true);
  }
}

function mountRoute(app: Hono, deps: AppDeps, route: AnyRoute, malformed: boolean) {
  const handler = async (c: Context) => {
    const url = new URL(c.req.url);
    const meta = requestMeta(c, deps, url);
    if (checksXsrf(route)) await checkXsrf(c, deps.database.db);
    const session = await authorize(route, c, deps);
    const rawParams = c.req.param();
    const rawQuery = queryObject(url);
    const rawBody = await readBody(route, c);
    assertCleanInput([rawParams, rawQuery, rawBody]);
    const params = route.params ? parseOr422(route.params, rawParams) : undefined;
    if (malformed) throw malformedParams(route, rawParams);
    const query = route.query ? parseOr422(route.query, rawQuery) : undefined;
    const body = route.body ? parseOr422(route.body, rawBody) : undefined;
    const mutating = MUTATING.has(c.req.method);
    let result: unknown;
    try {
      result = await route.handler({
        c,
        db: deps.database.db,
        deps,
        params,
        query,
        body,
        session,
        meta,
        audit: (tx, entry: AuditEntry) => writeAudit(tx, session, meta, entry),
      });
    } finally {
      // Whatever a state-changing call wrote has committed: kept access answers are void.
      if (mutating) accessChanged();
    }
    if (deps.checkResponses) {
      const mismatch = answerMismatch(route, result);
      if (mismatch) {
        const message = `${route.method.toUpperCase()} ${route.path}: the answer does not match its declared response: ${mismatch}`;
        console.error(message);
        return c.json({ message }, 500);
      }
    }
    if (result instanceof Response) return result;
    return c.json({ data: result ?? null });
  };
  mountedHandlers.set(handler, route);
  app.on(route.method.toUpperCase(), malformed ? unconstrainedPath(route.path) : route.path, handler);
  if (route.alsoAt && !malformed) app.on(route.method.toUpperCase(), route.alsoAt, handler);
}

/**
 * How a handler's value disagrees with the route's declared `response` (`deps.checkResponses`),
 * or undefined when it agrees: a file of a declared content type, or `data` as it will travel
 * (through JSON) valid for the schema and without fields the schema does not declare. Every
 * route declares its answer (tests/api/openapi-document.test.ts).
 */
export function answerMismatch(route: AnyRoute, result: unknown): string | undefined {
  const declared = route.response;
  if (!declared) return 'the route declares no response';
  if (isFileAnswer(declared)) {
    if (!(result instanceof Response))
      return `answered JSON where a file (${declared.file.join(', ')}) is declared`;
    const type = (result.headers.get('content-type') ?? '').split(';')[0]!.trim();
    return declared.file.includes(type)
      ? undefined
      : `answered a file of type "${type}", declared ${declared.file.join(', ')}`;
  }
  if (result instanceof Response) return 'answered a file where JSON data is declared';
  const sent: unknown = JSON.parse(JSON.stringify(result ?? null));
  const parsed = declared.safeParse(sent);
  if (!parsed.success) return z.prettifyError(parsed.error);
  const extra = undeclaredFields(sent, parsed.data, 'data');
  return extra.length ? `fields the schema does not declare: ${extra.join(', ')}` : undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The paths of the object keys in `sent` that parsing dropped from `kept` (zod strips what it does not declare). */
function undeclaredFields(sent: unknown, kept: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((v, i) => undeclaredFields(v, kept[i], `${path}[${i}]`));
  }
  if (!isRecord(sent) || !isRecord(kept)) return [];
  return Object.entries(sent).flatMap(([k, v]) =>
    k in kept ? undeclaredFields(v, kept[k], `${path}.${k}`) : [`${path}.${k}`],
  );
}

async function writeAudit(
  tx: AppDeps['database']['db'],
  session: SessionInfo | null,
  meta: RequestMeta,
  e: AuditEntry,
) {
  await tx.insert(auditLog).values({
    userId: session?.user?.id ?? null,
    roleId: session?.role?.id ?? null,
    action: e.action,
    entity: e.entity,
    entityId: e.entityId == null ? null : String(e.entityId),
    before: e.before ?? null,
    after: e.after ?? null,
    rid: meta.rid,
    oid: meta.oid,
    pagePath: meta.pagePath,
    ip: meta.ip,
  });
}
