import fc from 'fast-check';
import { BAD_NUMBER_TEXTS, breakText, hintFor, mutate, mutationArb, PROTO_NAMES } from './fuzz-breakers.ts';
import {
  advanceFilterArb,
  type CursorShape,
  cursorArb,
  type Fields,
  hostileFor,
  kindOf,
  plainFiltersArb,
  sortByArb,
  textOf,
} from './fuzz-lists.ts';
import {
  brokenMultipart,
  type FormPart,
  MULTIPART_BREAKS,
  type MultipartBreak,
  SAMPLE_FILES,
} from './fuzz-multipart.ts';
import { arbitraryOf, type JsonSchema, type SchemaArbOptions } from './json-schema-arb.ts';

/**
 * Requests of the OpenAPI fuzz test: for one operation of the document, a valid request drawn
 * from its schemas (path, query, body), then one or two "patches" that each break one thing —
 * a path parameter, a query parameter, the list's sort/filter/cursor, extra query keys, the body
 * (a mutated value or a broken encoding), a stray body where none is read, headers, or the
 * anti-forgery header. Breaking one thing at a time lets the rest pass validation, so that the
 * broken part reaches the handler and the database.
 */

export interface Operation {
  method: string;
  /** OpenAPI path (`{id}`). */
  path: string;
  permission: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema }[];
  body?: { form: boolean; schema: JsonSchema };
}

export const opKey = (op: Operation) => `${op.method} ${op.path}`;

/** Every operation of an OpenAPI document (as src/server/http/openapi.ts writes it). */
export function operationsOf(doc: { paths: Record<string, Record<string, any>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []) as { name: string; in: string; schema: JsonSchema }[];
      const content = op.requestBody?.content as Record<string, { schema: JsonSchema }> | undefined;
      const [type, media] = Object.entries(content ?? {})[0] ?? [];
      ops.push({
        method: method.toUpperCase(),
        path,
        permission: op['x-permission'],
        pathParams: params.filter((p) => p.in === 'path'),
        queryParams: params.filter((p) => p.in === 'query'),
        ...(media ? { body: { form: type !== 'application/json', schema: media.schema } } : {}),
      });
    }
  }
  return ops;
}

/** What a list tells about itself: its fields (from its rows) and a real next-page cursor. */
export interface ListFacts {
  fields: Fields;
  cursor: CursorShape | null;
}

export interface FuzzContext {
  lists: Map<string, ListFacts>;
  /** Every list's fields together (for bodies that carry a list query, e.g. bulk `all`). */
  fields: Fields;
}

/**
 * Reads, with `get` (a signed-in super admin), the first rows of every list operation (those
 * taking a `cursor`): their field names and kinds, and a real cursor to forge others from.
 */
export async function harvestLists(
  ops: Operation[],
  get: (path: string) => Promise<{ status: number; body: any }>,
): Promise<FuzzContext> {
  const lists = new Map<string, ListFacts>();
  const all: Fields = {};
  for (const op of ops) {
    if (op.method !== 'GET' || !op.queryParams.some((p) => p.name === 'cursor')) continue;
    const res = await get(`${op.path.replace(/\{\w+\}/g, '1')}?per_page=3`);
    const page = res.body?.data;
    const fields: Fields = {};
    for (const row of Array.isArray(page?.data) ? page.data : []) {
      for (const [k, v] of Object.entries(row as Record<string, unknown>)) {
        const kind = kindOf(v);
        if (!fields[k] || fields[k] === 'any') fields[k] = kind;
      }
    }
    Object.assign(all, fields);
    let cursor: CursorShape | null = null;
    if (typeof page?.next_cursor === 'string') {
      cursor = JSON.parse(Buffer.from(page.next_cursor, 'base64url').toString('utf8'));
    }
    lists.set(opKey(op), { fields, cursor });
  }
  return { lists, fields: all };
}

/** Percent-encodes the UTF-8 bytes of `s` (lone surrogates too, which encodeURIComponent refuses). */
export const pct = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

/** Percent sequences that are not valid UTF-8 or not valid at all, sent as they are. */
export const RAW_PERCENT = ['%FF', '%ZZ', '%', '%00', '%C0%80', '%ED%A0%80', '%E0%A4%A'];

/** [name, value, sent raw (not percent-encoded)]. */
export type QueryEntry = [string, string, boolean?];

type Encoding =
  | { kind: 'json' }
  | { kind: 'raw-json'; how: string }
  | { kind: 'form' }
  | { kind: 'multipart'; how: MultipartBreak; cut: number; noise: Uint8Array; file: string }
  | { kind: 'stray'; bytes: Uint8Array; contentType: string; note: string };

/** A request being built: the body is kept as a value until it is encoded at the end. */
interface Draft {
  path: string[];
  query: QueryEntry[];
  bodyValue?: unknown;
  encoding?: Encoding;
  xsrf: boolean;
  headers: Record<string, string>;
}

/** A request ready to send. */
export interface FuzzRequest {
  path: string;
  query: QueryEntry[];
  body?: { bytes: Uint8Array | string; contentType?: string; note: string };
  xsrf: boolean;
  headers: Record<string, string>;
}

type Patch = (d: Draft) => Draft;

const junk = (n: number) => new Uint8Array(n).fill(0x61);

/** Values by property name: realistic ones (tests/support/fuzz-breakers.ts) and list queries in bodies (fuzz-lists.ts). */
function schemaOptions(ctx: FuzzContext): SchemaArbOptions {
  const fields = ctx.fields;
  // Fields holding dates and numbers come up more often (PostgreSQL casts those).
  const typed = Object.keys(fields).filter((k) => fields[k] !== 'text' && fields[k] !== 'any');
  return {
    extraKeys: [...Object.keys(fields), ...typed, ...typed],
    extraValue: (key) => hostileFor(fields[key] ?? 'any'),
    hint: (name) => {
      if (name === 'advanceFilter') return advanceFilterArb(fields);
      if (name === 'sortBy') return sortByArb(fields);
      return hintFor(name);
    },
  };
}

function formParts(op: Operation, value: unknown, file: string): FormPart[] {
  const props = op.body?.schema.properties ?? {};
  const obj = value && typeof value === 'object' && !Array.isArray(value) ? value : { value };
  return Object.entries(obj as Record<string, unknown>).map(([name, v]) => {
    const s = props[name];
    // A property without a schema (`{}`) is the uploaded file.
    const isFile = s !== undefined && Object.keys(s).length === 0;
    return isFile
      ? { name, data: SAMPLE_FILES[file]!(), filename: `${file}.bin`, type: 'application/octet-stream' }
      : { name, data: textOf(v) };
  });
}

function encode(op: Operation, d: Draft): FuzzRequest {
  let i = 0;
  const path = op.path.replace(/\{\w+\}/g, () => d.path[i++] ?? '1');
  const out: FuzzRequest = { path, query: d.query, xsrf: d.xsrf, headers: d.headers };
  const e = d.encoding;
  if (!e || op.method === 'GET') return out;
  const text = JSON.stringify(d.bodyValue) ?? 'null';
  switch (e.kind) {
    case 'json':
      out.body = { bytes: text, contentType: 'application/json', note: 'json' };
      break;
    case 'raw-json': {
      const raw: Record<string, [string, string | undefined]> = {
        bom: [`\uFEFF${text}`, 'application/json'],
        truncated: [text.slice(0, Math.max(1, text.length >> 1)), 'application/json'],
        'huge-number': [text.replace(/(?<=[:[,])\d+/, '1e400'), 'application/json'],
        'dup-proto': [
          text.replace(/^\{/, '{"__proto__":{"role":"super_admin"},"constructor":{"prototype":{}},'),
          'application/json',
        ],
        'nul-key': [text.replace(/^\{/, '{"\\u0000":1,'), 'application/json'],
        'text/plain': [text, 'text/plain'],
        'no-type': [text, undefined],
      };
      const [bytes, contentType] = raw[e.how]!;
      out.body = { bytes, contentType, note: e.how };
      break;
    }
    case 'form':
      out.body = {
        bytes: formParts(op, d.bodyValue, 'jpeg')
          .map((p) => `${pct(p.name)}=${pct(typeof p.data === 'string' ? p.data : 'x')}`)
          .join('&'),
        contentType: 'application/x-www-form-urlencoded',
        note: 'urlencoded',
      };
      break;
    case 'multipart': {
      const { body, contentType } = brokenMultipart(
        formParts(op, d.bodyValue, e.file),
        e.how,
        e.cut,
        e.noise,
      );
      out.body = { bytes: body, contentType, note: `multipart ${e.how} (${e.file})` };
      break;
    }
    case 'stray':
      out.body = { bytes: e.bytes, contentType: e.contentType, note: e.note };
      break;
  }
  return out;
}

/** Replaces the entries named like `entries` (and `name[]`) in `query` by `entries`. */
function setQuery(query: QueryEntry[], entries: QueryEntry[]): QueryEntry[] {
  const names = new Set(entries.map(([k]) => k.replace(/\[\]$/, '')));
  return [...query.filter(([k]) => !names.has(k.replace(/\[\]$/, ''))), ...entries];
}

const multipartEncoding = fc
  .record({
    how: fc.constantFrom(...MULTIPART_BREAKS),
    cut: fc.double({ min: 0, max: 1, noNaN: true }),
    noise: fc.uint8Array({ minLength: 1, maxLength: 400 }),
    file: fc.constantFrom(...Object.keys(SAMPLE_FILES)),
  })
  .map((m): Encoding => ({ kind: 'multipart', ...m }));

/** The arbitrary of requests to `op`: valid, then broken by one or two patches. */
export function requestArb(op: Operation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const opts = schemaOptions(ctx);
  const facts = ctx.lists.get(opKey(op));
  const fields = facts?.fields ?? {};

  // The valid request.
  const path = fc.tuple(
    ...op.pathParams.map((p) => arbitraryOf(p.schema, opts, p.name).map((v) => pct(textOf(v)))),
  );
  const declared = op.queryParams.map((p) => {
    const value = arbitraryOf(p.schema, opts, p.name);
    // A list's own order and no filter in the valid request: the patches try those.
    if (p.name === 'sortBy' || p.name === 'advanceFilter') return fc.constant([] as QueryEntry[]);
    if (p.name === 'cursor') {
      if (!facts?.cursor) return fc.constant([] as QueryEntry[]);
      const real: QueryEntry = ['cursor', Buffer.from(JSON.stringify(facts.cursor)).toString('base64url')];
      return fc.option(fc.constant([real]), { nil: [] as QueryEntry[], freq: 2 });
    }
    const entries = value.map((v): QueryEntry[] =>
      Array.isArray(v) ? v.map((x): QueryEntry => [`${p.name}[]`, textOf(x)]) : [[p.name, textOf(v)]],
    );
    return fc.option(entries, { nil: [] as QueryEntry[], freq: 2 });
  });
  const body = op.body ? arbitraryOf(op.body.schema, opts) : fc.constant(undefined);
  const encoding: fc.Arbitrary<Encoding | undefined> = op.body
    ? op.body.form
      ? fc.oneof(
          { weight: 2, arbitrary: fc.constant<Encoding>({ kind: 'form' }) },
          {
            weight: 3,
            arbitrary: fc.constantFrom(...Object.keys(SAMPLE_FILES)).map(
              (file): Encoding => ({
                kind: 'multipart',
                how: 'valid',
                cut: 1,
                noise: new Uint8Array(),
                file,
              }),
            ),
          },
        )
      : fc.constant<Encoding>({ kind: 'json' })
    : fc.constant(undefined);
  const valid = fc.record({ path, query: fc.tuple(...declared), bodyValue: body, encoding }).map(
    (r): Draft => ({
      path: r.path,
      query: r.query.flat(),
      bodyValue: r.bodyValue,
      encoding: r.encoding,
      xsrf: true,
      headers: {},
    }),
  );

  // The patches that can apply to this operation, each breaking one thing.
  const patches: fc.WeightedArbitrary<Patch>[] = [];
  if (op.pathParams.length) {
    patches.push({
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.nat(op.pathParams.length - 1),
          fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...BAD_NUMBER_TEXTS).map(pct) },
            { weight: 3, arbitrary: breakText(3_000).map(pct) },
            { weight: 1, arbitrary: fc.constantFrom(...PROTO_NAMES) },
            { weight: 1, arbitrary: fc.constantFrom(...RAW_PERCENT) },
          ),
        )
        .map(
          ([i, v]): Patch =>
            (d) => ({ ...d, path: d.path.map((x, j) => (j === i ? v : x)) }),
        ),
    });
  }
  if (op.queryParams.length) {
    patches.push({
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...op.queryParams),
          fc.oneof(
            { weight: 3, arbitrary: breakText(6_000).map((v): QueryEntry => ['', v]) },
            { weight: 2, arbitrary: fc.constantFrom(...BAD_NUMBER_TEXTS).map((v): QueryEntry => ['', v]) },
            { weight: 1, arbitrary: fc.constantFrom(...RAW_PERCENT).map((v): QueryEntry => ['', v, true]) },
          ),
        )
        .map(
          ([p, [, v, raw]]): Patch =>
            (d) => ({ ...d, query: setQuery(d.query, [[p.name, v, raw]]) }),
        ),
    });
  }
  if (facts) {
    const list: fc.Arbitrary<QueryEntry[]> = fc.oneof(
      {
        weight: 2,
        arbitrary: fc
          .tuple(sortByArb(fields), fc.option(fc.constantFrom('true', 'false', '1', 'x')))
          .map(([s, desc]): QueryEntry[] => [
            ['sortBy', s],
            ...(desc ? [['descending', desc] as QueryEntry] : []),
          ]),
      },
      { weight: 3, arbitrary: advanceFilterArb(fields).map((f): QueryEntry[] => [['advanceFilter', f]]) },
      { weight: 3, arbitrary: cursorArb(facts.cursor, fields) },
      { weight: 3, arbitrary: plainFiltersArb(fields) },
    );
    patches.push({
      weight: 9,
      arbitrary: list.map(
        (q): Patch =>
          (d) => ({ ...d, query: setQuery(d.query, q) }),
      ),
    });
  }
  patches.push({
    weight: 1,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.constantFrom(...PROTO_NAMES, 'rid', 'oid', 'page', 'per_page', '__proto__[]', 'a[b]'),
          fc.oneof(
            breakText(2_000).map((v): [string, boolean] => [v, false]),
            fc.constantFrom(...RAW_PERCENT).map((v): [string, boolean] => [v, true]),
          ),
        ),
        { minLength: 1, maxLength: 3 },
      )
      .map(
        (es): Patch =>
          (d) => ({ ...d, query: [...d.query, ...es.map(([k, [v, raw]]): QueryEntry => [k, v, raw])] }),
      ),
  });
  if (op.body) {
    patches.push({
      weight: op.body.form ? 3 : 8,
      arbitrary: fc.array(mutationArb(Object.keys(ctx.fields)), { minLength: 1, maxLength: 2 }).map(
        (ms): Patch =>
          (d) => ({ ...d, bodyValue: ms.reduce<unknown>((v, m) => mutate(v, m), d.bodyValue) }),
      ),
    });
    const rawJson = fc
      .constantFrom('bom', 'truncated', 'huge-number', 'dup-proto', 'nul-key', 'text/plain', 'no-type')
      .map((how): Encoding => ({ kind: 'raw-json', how }));
    patches.push({
      weight: op.body.form ? 6 : 2,
      arbitrary: fc
        .oneof(
          { weight: op.body.form ? 4 : 1, arbitrary: multipartEncoding },
          { weight: 1, arbitrary: rawJson },
          { weight: 1, arbitrary: fc.constant<Encoding>({ kind: op.body.form ? 'json' : 'form' }) },
        )
        .map(
          (encoding): Patch =>
            (d) => ({ ...d, encoding }),
        ),
    });
  } else if (op.method !== 'GET') {
    // No body is read here: a big one the route answers without reading, or a broken multipart one.
    patches.push({
      weight: 2,
      arbitrary: fc
        .oneof(
          fc
            .tuple(
              fc.integer({ min: 64 * 1024, max: 1024 * 1024 }),
              fc.constantFrom('application/json', 'text/plain'),
            )
            .map(
              ([n, contentType]): Encoding => ({
                kind: 'stray',
                bytes: junk(n),
                contentType,
                note: `${n} unread bytes`,
              }),
            ),
          multipartEncoding,
        )
        .map(
          (encoding): Patch =>
            (d) => ({ ...d, bodyValue: { a: 'b' }, encoding }),
        ),
    });
  }
  patches.push({
    weight: 1,
    arbitrary: fc
      .record(
        {
          'x-page-path': fc.constantFrom('%00', '/x%00y', '%E0%A4%A', '%ED%A0%80', `/${'a'.repeat(3000)}`),
          rid: fc.constantFrom('\u00ff\u00fe', 'x'.repeat(500), '%00'),
          oid: fc.constantFrom('\u00ff', '%00', 'constructor'),
          'user-agent': fc.constantFrom('', 'x'.repeat(5000), '\u00e9\u00ff'),
        },
        { requiredKeys: [] },
      )
      .map(
        (h): Patch =>
          (d) => ({ ...d, headers: { ...d.headers, ...(h as Record<string, string>) } }),
      ),
  });
  if (op.method !== 'GET')
    patches.push({ weight: 1, arbitrary: fc.constant<Patch>((d) => ({ ...d, xsrf: false })) });
  patches.push({ weight: 1, arbitrary: fc.constant<Patch>((d) => d) });

  return fc.tuple(valid, fc.array(fc.oneof(...patches), { minLength: 1, maxLength: 2 })).map(([d, ps]) =>
    encode(
      op,
      ps.reduce((acc, p) => p(acc), d),
    ),
  );
}

/** The request in one line, for the report (NUL and controls escaped, long parts cut). */
export function describeRequest(op: Operation, req: FuzzRequest, max = 300) {
  const q = req.query.map(([k, v]) => `${k}=${v}`).join('&');
  const body = req.body
    ? ` body[${req.body.note}; ${req.body.contentType ?? 'no type'}]: ${
        typeof req.body.bytes === 'string'
          ? req.body.bytes
          : Buffer.from(req.body.bytes.slice(0, 200)).toString('latin1')
      }`
    : '';
  return clip(`${op.method} ${req.path}${q ? `?${q}` : ''}${req.xsrf ? '' : ' (no xsrf)'}${body}`, max);
}

/** `s` JSON-escaped and cut at `n` characters. */
export const clip = (s: string, n = 160) => {
  const j = JSON.stringify(s).slice(1, -1);
  return j.length > n ? `${j.slice(0, n)}…(${s.length} chars)` : j;
};

/** The first value of each kind that its check may let through and PostgreSQL refuses. */
const PG_REFUSES: Partial<Record<string, string>> = {
  date: '2024-02-30',
  timestamp: '1',
  int: '2147483648',
  numeric: '1e400',
  bool: 'yes',
};

/**
 * Requests aimed at what a list says about itself, tried before the random ones (fast-check's
 * `examples`), so that even a short run reaches each typed field: a filter (advanceFilter and
 * plain parameter) with a value PostgreSQL refuses for the field's type, prototype names as sort
 * key and filter field, and the real cursor forged (a value of the wrong type, an id beyond
 * int4). For an operation whose body carries a list query (bulk `all`), the same filters there
 * (as advanceFilter), with the fields of the list at the parent path.
 */
export function exampleRequests(op: Operation, ctx: FuzzContext): FuzzRequest[] {
  const fill = () => op.path.replace(/\{\w+\}/g, '1');
  const base = (query: QueryEntry[]): FuzzRequest => ({
    path: fill(),
    query: [['per_page', '5'], ...query],
    xsrf: true,
    headers: {},
  });
  const typed = (fields: Fields) =>
    Object.entries(fields)
      .filter(([, k]) => PG_REFUSES[k] !== undefined)
      .sort(
        ([, a], [, b]) =>
          Number(b === 'date' || b === 'timestamp') - Number(a === 'date' || a === 'timestamp'),
      )
      .slice(0, 6);
  const facts = ctx.lists.get(opKey(op));
  const out: FuzzRequest[] = [];
  if (facts && op.method === 'GET') {
    for (const [field, kind] of typed(facts.fields)) {
      const value = PG_REFUSES[kind]!;
      out.push(base([['advanceFilter', JSON.stringify([{ field, op: 'eq', value }])]]));
      out.push(base([[field, value]]));
    }
    out.push(base([['sortBy', 'constructor']]));
    out.push(base([['advanceFilter', JSON.stringify([{ field: 'toString', op: 'eq', value: '1' }])]]));
    if (facts.cursor) {
      const c = facts.cursor;
      const kind = facts.fields[c.s] ?? 'text';
      const wrong = kind === 'text' ? '\u0000' : kind === 'date' || kind === 'timestamp' ? '2024-02-30' : 'x';
      const forge = (patch: Partial<CursorShape>): QueryEntry => [
        'cursor',
        Buffer.from(JSON.stringify({ ...c, ...patch })).toString('base64url'),
      ];
      out.push(base([forge({ v: wrong })]));
      out.push(base([forge({ id: 2 ** 31 })]));
    }
  }
  // A body holding a list query: the list is the one at the parent path (…/bulk → …).
  const listQuery = Object.entries(op.body?.schema.properties ?? {}).find(
    ([, s]) => s.properties?.advanceFilter !== undefined,
  );
  const parent = ctx.lists.get(`GET ${op.path.replace(/\/[^/]+$/, '')}`);
  if (op.body && !op.body.form && listQuery && parent) {
    const required = Object.fromEntries(
      Object.entries(op.body.schema.properties ?? {})
        .filter(([k, s]) => op.body!.schema.required?.includes(k) && s.enum)
        .map(([k, s]) => [k, s.enum!.at(-1)]),
    );
    for (const [field, kind] of typed(parent.fields)) {
      const value = PG_REFUSES[kind]!;
      // Only as advanceFilter: a plain field the list does not filter on is ignored, and the
      // query would then match every row.
      for (const all of [{ advanceFilter: JSON.stringify([{ field, op: 'eq', value }]) }]) {
        out.push({
          path: fill(),
          query: [],
          body: {
            bytes: JSON.stringify({ ...required, [listQuery[0]]: all }),
            contentType: 'application/json',
            note: 'json (list query in the body)',
          },
          xsrf: true,
          headers: {},
        });
      }
    }
  }
  return out;
}
