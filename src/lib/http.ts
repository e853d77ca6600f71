import { FetchError, ofetch } from 'ofetch';
import { readCookie } from './storage.ts';

/** The error body every API failure carries. */
export interface ApiErrorBody {
  message?: string;
  error?: string;
  errors?: Record<string, string[]>;
  has_change_pass?: boolean;
  blocked?: boolean;
}

/** A failed call: HTTP status, the server's Persian message, per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: ApiErrorBody,
  ) {
    super(message);
  }
  get fields(): Record<string, string[]> {
    return this.body.errors ?? {};
  }
}

/**
 * The error catalogue's reactions, installed by the app shell (navigation and toasts live
 * there). Each returns nothing; the error is still passed on to the caller.
 */
export interface HttpHandlers {
  onUnauthorized(): void;
  onForbidden(message: string): void;
  onPasswordChangeDue(): void;
  onError(message: string, status: number): void;
}

let handlers: HttpHandlers | null = null;
export function setHttpHandlers(h: HttpHandlers | null) {
  handlers = h;
}

/** True when `error` is the server's refusal (403) of what the role may not see or do. */
export const isForbidden = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 403;

const answered = new WeakSet<ApiError>();

/**
 * The catalogue's 403 answer (a negative toast with the server's message, then back one page)
 * for a refusal the call was `quiet` about: a screen that loads its data quietly to show
 * failures in place has nothing to show for a refusal, and retrying would be refused again.
 * Runs once per error; answers whether `error` is a 403.
 */
export function answerForbidden(error: unknown): boolean {
  if (!isForbidden(error)) return false;
  if (!answered.has(error)) {
    answered.add(error);
    handlers?.onForbidden(error.message);
  }
  return true;
}

/** rid and oid from the query string, or the first numeric path segment (the specification's request context). */
export function requestContext(location: { pathname: string; search: string }): {
  rid?: string;
  oid?: string;
} {
  const q = new URLSearchParams(location.search);
  const numeric = location.pathname.split('/').find((s) => /^\d+$/.test(s));
  return { rid: q.get('rid') ?? numeric ?? undefined, oid: q.get('oid') ?? undefined };
}

async function readErrorBody(data: unknown): Promise<ApiErrorBody> {
  if (data instanceof Blob) {
    try {
      return JSON.parse(await data.text()) as ApiErrorBody;
    } catch {
      return {};
    }
  }
  return (data ?? {}) as ApiErrorBody;
}

/**
 * Turns a failed response into an ApiError and runs the catalogue: 401 → onUnauthorized;
 * has_change_pass → onPasswordChangeDue; 403 → onForbidden; others → onError (unless `quiet`).
 */
export async function toApiError(err: unknown, quiet = false, callerHandles401 = false): Promise<ApiError> {
  if (err instanceof ApiError) return err;
  if (err instanceof FetchError) {
    const status = err.response?.status ?? 0;
    const body = await readErrorBody(err.data);
    const message =
      body.message ??
      body.error ??
      (status === 0 ? 'ارتباط با سرور برقرار نشد؛ اتصال را بررسی کنید' : 'خطایی رخ داد');
    const apiError = new ApiError(status, message, body);
    if (status === 401) {
      if (!callerHandles401) handlers?.onUnauthorized();
    } else if (body.has_change_pass) handlers?.onPasswordChangeDue();
    else if (status === 403 && !quiet) handlers?.onForbidden(message);
    else if (!quiet) handlers?.onError(message, status);
    return apiError;
  }
  return new ApiError(0, err instanceof Error ? err.message : String(err), {});
}

const raw = ofetch.create({
  credentials: 'include',
  timeout: 0,
  onRequest({ options }) {
    const headers = new Headers(options.headers);
    const xsrf = readCookie('XSRF-TOKEN');
    if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
    if (typeof window !== 'undefined') {
      const ctx = requestContext(window.location);
      if (ctx.rid) headers.set('rid', ctx.rid);
      if (ctx.oid) headers.set('oid', ctx.oid);
      headers.set('X-Page-Path', encodeURIComponent(window.location.pathname + window.location.search));
    }
    options.headers = headers;
  },
});

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, unknown>;
  body?: unknown;
  /** Send the body as a urlencoded form (POST /api/login). */
  form?: boolean;
  /** Don't toast failures (the caller shows them, e.g. in a form). 401 still signs out. */
  quiet?: boolean;
  /**
   * The caller handles 401 itself: the catalogue neither clears the staff session nor goes to
   * /login (the guest resume flow, whose own session ends on 401).
   */
  handles401?: boolean;
  responseType?: 'json' | 'blob' | 'text';
  signal?: AbortSignal;
}

/**
 * Query parameters as the specification wants them: only those present; an array becomes
 * repeated `name[]` parameters (issue_type[]=a&issue_type[]=b).
 */
export function buildQuery(query: Record<string, unknown> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const item of v) q.append(`${k}[]`, String(item));
    else q.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * Calls the API and answers the body's `data` (`{ data: T }` → T). Throws ApiError after the
 * error catalogue has run.
 */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const url = path + buildQuery(opts.query);
  try {
    const body =
      opts.form && opts.body && typeof opts.body === 'object'
        ? new URLSearchParams(opts.body as Record<string, string>)
        : (opts.body as BodyInit | Record<string, unknown> | undefined);
    const res = await raw(url, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      body,
      responseType: opts.responseType as 'json',
      signal: opts.signal,
    });
    if (opts.responseType === 'blob' || opts.responseType === 'text') return res as T;
    return (res as { data: T }).data;
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw await toApiError(err, opts.quiet, opts.handles401);
  }
}
