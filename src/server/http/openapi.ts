import { z } from 'zod';
import { apiError } from '../../contract/api-envelope.ts';
import { GUEST_COOKIE, SESSION_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '../auth/cookies.ts';
import { type AnyRoute, checksXsrf, isFileAnswer } from './route.ts';

type JsonSchema = Record<string, unknown>;

/**
 * Builds the OpenAPI 3.1 document (GET /api/openapi.json) from the route declarations: for every
 * route its operationId, permission (`x-permission`) and security requirement, its parameters and
 * body, the schema of its answer (`{ data }` or a file) and the errors it may answer.
 */
export function openApiDocument(routes: AnyRoute[]) {
  const components = new SchemaComponents();
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const r of routes) {
    const path = openApiPath(r.path);
    for (const t of r.tags ?? []) tags.add(t);
    paths[path] ??= {};
    paths[path][r.method] = operation(r, components);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Nazer API',
      version: '0.1.0',
      description: API_DESCRIPTION,
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: '/', description: 'This server (every path starts with /api)' }],
    tags: [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { Error: jsonSchema(apiError, 'output'), ...components.schemas },
      responses: ERROR_RESPONSES,
    },
  };
}

const API_DESCRIPTION = [
  'The API of Nazer, the workstation for the oversight of state-owned companies and pension funds.',
  '',
  '- **Answers** are JSON `{ data }`; a paged list answers `{ data: { data, total, page, per_page, next_cursor } }`.',
  '  Amounts in IRR travel as strings (they exceed 2^53); times are ISO 8601 strings.',
  '- **Errors** answer `{ message, errors? }` (see the `Error` schema): `message` in Persian, `errors` per field (422).',
  `- **Sign-in**: \`POST /api/login\` sets the staff session cookie \`${SESSION_COOKIE}\`; most calls also need a chosen`,
  '  role (`GET /api/user/permission/my-role-permission/{role_id}`). Resume applicants verify a mobile number',
  `  and hold the guest cookie \`${GUEST_COOKIE}\` instead.`,
  `- **Anti-forgery**: every state-changing call (and the GETs marked so) sends the \`${XSRF_COOKIE}\` cookie's value`,
  `  in the \`${XSRF_HEADER}\` header; the server sets the cookie on any answer.`,
  '- `x-permission` on each operation names who may call it: `public`, `user` (signed in), `role` (signed in',
  '  with a chosen role), `guest` (resume applicant) or the permission ident the current role must hold.',
].join('\n');

const TAG_DESCRIPTIONS: Record<string, string> = {
  system: 'Health of the server.',
  auth: 'Sign-in, sign-out, one-time codes, passwords, sign-up and the choice of role.',
  account: 'The signed-in user: menu, header badges, and the application settings.',
  settings: 'Application settings (name, logo, colours) and their management.',
  preferences: "The signed-in user's own preferences (list columns).",
  management: 'Users, roles and their permissions.',
  logs: 'Sign-in log, blocked addresses, SMS log and audit trail.',
  persons: 'Legal persons (companies, funds) and true persons (individuals).',
  bulk: 'Changes applied to many records at once, and their undo.',
  transfer: 'Export and import of person lists as spreadsheets.',
  documents: 'Documents kept with a person.',
  contacts: 'Contact messages and their handling.',
  branches: 'Branches of a legal person.',
  boards: 'Boards of directors and their members.',
  shareholders: 'Shareholders of a legal person.',
  labels: 'Labels attached to records.',
  search: 'Search across records.',
  reference: 'Reference lists (places, activity codes and the like) for forms.',
  resume: 'Resumes: the applicant side (guest session) and the staff side.',
  'status-report': 'The status report of a legal person, by section.',
  'company-reports': 'Company reports: financial statements, meeting minutes, Codal announcements.',
};

const SECURITY_SCHEMES = {
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The staff session, set by POST /api/login (or /api/login/otp).',
  },
  guestSession: {
    type: 'apiKey',
    in: 'cookie',
    name: GUEST_COOKIE,
    description: 'The resume applicant session, set once the applicant has verified a mobile number.',
  },
  xsrfToken: {
    type: 'apiKey',
    in: 'header',
    name: XSRF_HEADER,
    description: `The anti-forgery token: the value of the \`${XSRF_COOKIE}\` cookie the server sets, echoed back.`,
  },
};

/** The errors every operation may share, by status; `default` covers the route-specific ones (409, 410, 429 …). */
const ERROR_DESCRIPTIONS = {
  '400': 'The request cannot be read: not UTF-8, not JSON, a broken multipart body, or a NUL character.',
  '401': 'No valid session of the kind this operation needs.',
  '403': 'The role lacks the permission, the password must be changed first, or the address is blocked.',
  '404': 'No such record (or not visible to the caller).',
  '413': 'The request body is too large.',
  '419': `The \`${XSRF_HEADER}\` header is missing or does not match the session.`,
  '422': 'Invalid input: `errors` has the message of each field.',
  default: 'Any other error (409 conflict, 429 too many attempts, 500 …), with the same body.',
} as const;
type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

const ERROR_RESPONSES = Object.fromEntries(
  Object.entries(ERROR_DESCRIPTIONS).map(([status, description]) => [
    errorName(status as ErrorStatus),
    { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
  ]),
);

function errorName(status: ErrorStatus) {
  return status === 'default' ? 'Error' : `Error${status}`;
}

/** The security requirement of a route, from its permission (and anti-forgery check). */
function securityOf(r: AnyRoute): Record<string, string[]>[] {
  const requirement: Record<string, string[]> = {};
  if (r.permission === 'guest') requirement.guestSession = [];
  else if (r.permission !== 'public') requirement.staffSession = [];
  if (checksXsrf(r)) requirement.xsrfToken = [];
  return Object.keys(requirement).length ? [requirement] : [];
}

/** The OpenAPI path of a Hono path: `:id` and `:id{[0-9]+}` become `{id}`. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}');
}

/**
 * The operationId of a route: its own, or method and path in camel case with each parameter as
 * `By<Name>`: GET /api/person/legal-persons/:id → `getPersonLegalPersonsById`.
 */
export function operationIdOf(r: AnyRoute): string {
  if (r.operationId) return r.operationId;
  const words = r.path
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^:(\w+)/.exec(segment);
      return param ? ['by', ...param[1]!.split('_')] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [r.method, ...words].map((w, i) => (i === 0 ? w : w[0]!.toUpperCase() + w.slice(1))).join('');
}

function operation(r: AnyRoute, components: SchemaComponents) {
  const params = jsonSchema(r.params, 'input') as { properties?: Record<string, JsonSchema> } | undefined;
  const query = jsonSchema(r.query, 'input') as
    | { properties?: Record<string, JsonSchema>; required?: string[] }
    | undefined;
  const body = r.body ? components.hoist(jsonSchema(r.body, 'input')) : undefined;
  const pathNames = [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return {
    operationId: operationIdOf(r),
    summary: r.summary,
    ...(r.alsoAt ? { description: `Also answered at \`${r.alsoAt}\` (the specification's spelling).` } : {}),
    ...(r.tags ? { tags: r.tags } : {}),
    'x-permission': r.permission,
    security: securityOf(r),
    parameters: [
      ...pathNames.map((name) => ({
        name,
        in: 'path',
        required: true,
        schema: params?.properties?.[name] ?? { type: 'string' },
      })),
      ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
        name,
        in: 'query',
        ...(query?.required?.includes(name) ? { required: true } : {}),
        schema,
      })),
    ],
    ...(body
      ? {
          requestBody: {
            required: !r.body!.safeParse(undefined).success,
            // A form is read urlencoded or multipart (files need multipart): http/mount.ts readBody.
            content: Object.fromEntries(
              (r.bodyType === 'form'
                ? ['application/x-www-form-urlencoded', 'multipart/form-data']
                : ['application/json']
              ).map((type) => [type, { schema: body }]),
            ),
          },
        }
      : {}),
    responses: { '200': successResponse(r, components), ...errorResponses(r, pathNames.length > 0) },
  };
}

function successResponse(r: AnyRoute, components: SchemaComponents) {
  const declared = r.response;
  if (isFileAnswer(declared)) {
    return {
      description: 'The file.',
      content: Object.fromEntries(
        declared.file.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]),
      ),
    };
  }
  const data = declared ? components.hoist(jsonSchema(declared, 'output')) : {};
  return {
    description: 'OK: `{ data }`.',
    content: {
      'application/json': {
        schema: { type: 'object', required: ['data'], properties: { data }, additionalProperties: false },
      },
    },
  };
}

function errorResponses(r: AnyRoute, hasPathParams: boolean) {
  const statuses: ErrorStatus[] = ['400'];
  if (r.permission !== 'public') statuses.push('401');
  statuses.push('403');
  if (hasPathParams) statuses.push('404');
  if (r.body) statuses.push('413');
  if (checksXsrf(r)) statuses.push('419');
  if (r.params || r.query || r.body) statuses.push('422');
  statuses.push('default');
  return Object.fromEntries(statuses.map((s) => [s, { $ref: `#/components/responses/${errorName(s)}` }]));
}

function jsonSchema(s: z.ZodType | undefined, io: 'input' | 'output'): JsonSchema | undefined {
  if (!s) return undefined;
  try {
    const { $schema: _, ...schema } = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as JsonSchema;
    return withoutSafeIntegerBounds(schema) as JsonSchema;
  } catch {
    return {};
  }
}

/**
 * A copy of a JSON value with each object's entries rewritten by `entry` (which sees them after
 * their values were rewritten; `undefined` drops the entry).
 */
function rewrite(node: unknown, entry: (key: string, value: unknown) => unknown): unknown {
  if (Array.isArray(node)) return node.map((v) => rewrite(v, entry));
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node)
      .map(([k, v]) => [k, entry(k, rewrite(v, entry))])
      .filter(([, v]) => v !== undefined),
  );
}

/** `schema` without the bounds zod gives every integer (±2⁵³ − 1): they say nothing to a reader. */
const withoutSafeIntegerBounds = (schema: unknown) =>
  rewrite(schema, (k, v) =>
    (k === 'minimum' && v === Number.MIN_SAFE_INTEGER) || (k === 'maximum' && v === Number.MAX_SAFE_INTEGER)
      ? undefined
      : v,
  );

/**
 * The named parts of the schemas (`$defs`: recursive schemas, those given an `id` by `.meta`),
 * kept once in `components.schemas`: a schema's own `#/$defs/…` references would not resolve
 * inside the document.
 */
class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};
  private anonymous = 0;

  hoist(schema: JsonSchema | undefined): JsonSchema | undefined {
    if (!schema?.$defs) return schema;
    const { $defs, ...rest } = schema as { $defs: Record<string, JsonSchema> };
    const names = new Map<string, string>();
    for (const name of Object.keys($defs)) {
      names.set(name, name.startsWith('__') ? `Schema${++this.anonymous}` : name);
    }
    const rename = (node: unknown) =>
      rewrite(node, (k, v) =>
        k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/')
          ? `#/components/schemas/${names.get(v.slice('#/$defs/'.length))}`
          : v,
      );
    for (const [name, def] of Object.entries($defs))
      this.schemas[names.get(name)!] = rename(def) as JsonSchema;
    return rename(rest) as JsonSchema;
  }
}
