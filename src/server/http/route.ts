import type { Context } from 'hono';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import type { AppDeps } from './deps.ts';

/**
 * Who may call a route:
 * - `public`: anyone;
 * - `user`: a signed-in staff user, role chosen or not (e.g. my-roles);
 * - `role`: a staff user who has chosen a role (e.g. menu-list);
 * - `guest`: a verified resume applicant (guest session);
 * - any other string: a permission ident the current role must hold (super_admin holds all).
 */
export type RoutePermission = 'public' | 'user' | 'role' | 'guest' | (string & {});

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface SessionUser {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  mobile: string | null;
  email: string | null;
  status: string;
  hasChangePass: boolean;
}

export interface SessionRole {
  id: number;
  name: string;
  title: string;
  type: string;
}

export interface SessionInfo {
  id: string;
  kind: 'staff' | 'guest';
  user: SessionUser | null;
  role: SessionRole | null;
  guestId: number | null;
  expiresAt: Date;
}

/** Request metadata stored with audit rows. */
export interface RequestMeta {
  ip: string;
  userAgent: string;
  rid: string | null;
  oid: string | null;
  pagePath: string | null;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

export interface RouteContext<P, Q, B> {
  c: Context;
  db: Db;
  deps: AppDeps;
  params: P;
  query: Q;
  body: B;
  session: SessionInfo | null;
  meta: RequestMeta;
  /** Writes an audit row inside `tx` (the mutation's transaction). */
  audit(tx: Db, entry: AuditEntry): Promise<void>;
}

/** A route that answers a file rather than `{ data }`: the content types it may carry. */
export interface FileAnswer {
  file: string[];
}

/** Whether a declared `response` is a file answer (not a zod schema of `data`). */
export function isFileAnswer(response: RouteDef['response']): response is FileAnswer {
  return response !== undefined && Array.isArray((response as Partial<FileAnswer>).file);
}

const STATE_CHANGING: ReadonlySet<Method> = new Set(['post', 'put', 'patch', 'delete']);

/** Whether `route` checks the anti-forgery token: state-changing methods and `changesState` GETs, unless skipped. */
export function checksXsrf(route: AnyRoute): boolean {
  return (STATE_CHANGING.has(route.method) || route.changesState === true) && !route.skipXsrf;
}

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface RouteDef<
  PS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
> {
  method: Method;
  /** Hono path, e.g. `/api/person/legal-persons/:id`. */
  path: string;
  permission: RoutePermission;
  /** One line for the OpenAPI document. */
  summary: string;
  tags?: string[];
  params?: PS;
  query?: QS;
  body?: BS;
  /**
   * The schema of the answer's `data` as it travels (after JSON: dates as ISO strings, IRR amounts
   * as strings; a list's page via `listPageOf` of `contract/api-envelope.ts`), from `src/contract`.
   * It becomes the 200 answer's schema in the OpenAPI document (`{ data: <schema> }`), and with
   * `deps.checkResponses` (the API tests) every answer is checked against it, undeclared fields
   * included. `file` marks a route that answers a file (a `Response`), with the content types it
   * may carry.
   */
  response?: z.ZodType | FileAnswer;
  /** The OpenAPI operationId, when the one derived from method and path (openapi.ts) will not do. */
  operationId?: string;
  /**
   * The specification's own spelling of this path, when it differs only by a trailing slash
   * (`/api/user/role/my-roles/`): answered as well, and named in the document's description, which
   * lists the path without it.
   */
  alsoAt?: string;
  /** `form` accepts urlencoded or multipart bodies (POST /api/login); default json. */
  bodyType?: 'json' | 'form';
  /** Routes callable while `has_change_pass` is set (user, change-password, logout). */
  allowWhenPasswordChangeDue?: boolean;
  /** Skips the anti-forgery check: only for routes a browser cannot be tricked into (none by default). */
  skipXsrf?: boolean;
  /**
   * A GET that changes state (the specification keeps role selection and sign-out as GET): it is
   * checked for the anti-forgery token as a POST is, so another site cannot make a browser call it.
   */
  changesState?: boolean;
  /** Returns the `data` of `{ data }`, or a Response for files and redirects. */
  handler(ctx: RouteContext<Infer<PS>, Infer<QS>, Infer<BS>>): Promise<unknown>;
}

export type AnyRoute = RouteDef<any, any, any>;

/** Declares a route once: path, permission, schemas and handler. Modules export arrays of these. */
export function defineRoute<
  PS extends z.ZodType | undefined = undefined,
  QS extends z.ZodType | undefined = undefined,
  BS extends z.ZodType | undefined = undefined,
>(def: RouteDef<PS, QS, BS>): AnyRoute {
  return def as AnyRoute;
}
