import { ApiError, type ApiErrorBody, type RequestOptions } from '../../lib/http.ts';
import type { ApiPort } from '../effects.ts';
import type { MemoryStore } from './memory-store.ts';

/**
 * What the in-memory fake servers (fake-server.ts, fake-guest-server.ts) share: the dispatcher
 * that answers like the real server's edge (anti-forgery cookie and 419, 404 for an unknown
 * path, `{ data }` unwrapped), the failures a test switches on per route, and the routes both
 * answer alike (health, logout).
 */

/** An error answer's body: the Persian message, per-field messages and any extra fields. */
export type FakeErrorBody = ApiErrorBody & Record<string, unknown>;

/** One route of a fake server, named `route` so a test can make it fail. */
export interface FakeRouteDef<R extends string> {
  route: R;
  method: string;
  path: RegExp;
  /** The answer's `data`; throws ApiError (see `fail`) for a refusal. */
  run(m: RegExpMatchArray, opts: RequestOptions): unknown;
}

/** Throws what the client's http layer throws for an error answer of `status` with `body`. */
export const fail = (status: number, body: FakeErrorBody): never => {
  throw new ApiError(status, body.message ?? 'خطا', body);
};

/** GET /api/health: `{ status: 'ok' }`. */
export const healthRoute = <R extends string>(route: R): FakeRouteDef<R> => ({
  route,
  method: 'GET',
  path: /^\/api\/health$/,
  run: () => ({ status: 'ok' }),
});

/** GET /api/logout: `endSession()` then `{ ok: true }`. */
export const logoutRoute = <R extends string>(route: R, endSession: () => void): FakeRouteDef<R> => ({
  route,
  method: 'GET',
  path: /^\/api\/logout$/,
  run: () => {
    endSession();
    return { ok: true };
  },
});

/**
 * The `ApiPort` over `routes`, with the calls it received and the failures to come. Like the
 * real server, every answer sets XSRF-TOKEN in `store` when the browser has none, and a call
 * other than GET without it fails 419. `checkCall` may refuse a call the client should not make
 * (it runs after the path and anti-forgery checks, before a switched-on failure).
 */
export function createFakeApi<R extends string>(
  store: MemoryStore,
  routes: FakeRouteDef<R>[],
  checkCall?: (opts: RequestOptions) => void,
) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const failures = new Map<R, { status: number; body: FakeErrorBody }>();

  const api: ApiPort = async <T>(path: string, opts: RequestOptions = {}): Promise<T> => {
    const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
    calls.push({ method, path, body: opts.body });
    await Promise.resolve();
    const hadXsrf = store.readCookie('XSRF-TOKEN') !== null;
    if (!hadXsrf) store.writeCookie('XSRF-TOKEN', `xsrf-${calls.length}`);
    const hit = routes.find((r) => r.method === method && r.path.test(path));
    if (!hit) fail(404, { message: 'این نشانی در API وجود ندارد' });
    if (method !== 'GET' && !hadXsrf) fail(419, { message: 'نشانه ضدجعل درخواست نامعتبر است' });
    checkCall?.(opts);
    const failure = failures.get(hit!.route);
    if (failure) {
      failures.delete(hit!.route);
      fail(failure.status, failure.body);
    }
    return hit!.run(path.match(hit!.path)!, opts) as T;
  };

  return {
    api,
    calls,
    /** The next call to `route` fails with `status` (once). */
    failNext(route: R, status: number, body: FakeErrorBody = {}) {
      failures.set(route, { status, body: { message: `خطای ${status}`, ...body } });
    },
  };
}
