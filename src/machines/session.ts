import type { z } from 'zod';
import type { changePasswordInput, Role, RolePermissions, User } from '../contract/auth.ts';
import type { ApiErrorBody } from '../lib/http.ts';

/**
 * Types the statecharts share: what a signed-in session holds on the client and how a failed
 * call reaches a machine. Kept free of I/O so the machines, their effects and their tests all
 * import it.
 */

/** Permissions as kept in local storage: route patterns for the guard, idents for `can()`. */
export interface StoredPermissions {
  routes: string[];
  permissions: { ident: string; title: string }[];
}

/** What the auth machine learns when a session is found or started. */
export interface Session {
  user: User;
  hasChangePass: boolean;
  /** The role chosen earlier in this browser (role cookie), or null when one must be chosen. */
  role: Role | null;
  permissions: StoredPermissions | null;
}

/** A failed call as the machines keep it: the server's Persian message and per-field messages. */
export interface CallError {
  status: number;
  message: string;
  fields: Record<string, string[]>;
  /** Seconds to wait before trying again (429 answers). */
  retryAfter: number | null;
}

/** The answer of GET /api/user and of the sign-in calls. */
export interface UserAnswer {
  user: User;
  has_change_pass: boolean;
  /** The session's current role on the server (null until one is chosen). */
  role?: Role | null;
}

export type { Role, RolePermissions, User };

/** The change-password form (POST /api/user/change-password). */
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

const FALLBACK_MESSAGE = 'خطایی رخ داد؛ دوباره تلاش کنید';

/** Turns anything thrown by an effect (ApiError or otherwise) into a CallError. */
export function toCallError(err: unknown): CallError {
  const e = err as { status?: unknown; message?: unknown; body?: ApiErrorBody & { retryAfter?: unknown } };
  const status = typeof e?.status === 'number' ? e.status : 0;
  const body = e?.body ?? {};
  const retry = Number(body.retryAfter);
  return {
    status,
    message: typeof e?.message === 'string' && e.message ? e.message : FALLBACK_MESSAGE,
    fields: body.errors ?? {},
    retryAfter: Number.isFinite(retry) && retry > 0 ? retry : status === 429 ? 60 : null,
  };
}

/** The first message for `field`, if the server or the client form sent one. */
export function fieldError(error: CallError | null | undefined, field: string): string | undefined {
  return error?.fields[field]?.[0];
}
