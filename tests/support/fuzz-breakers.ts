import fc from 'fast-check';
import { generateLegalId, generateNationalCode } from '../../src/domain/identifiers.ts';
import { createRng } from '../../src/domain/random.ts';
import { type Cursor, encodeCursor as encodeListCursor } from '../../src/server/http/list-cursor.ts';
import { setOwn } from './json-schema-arb.ts';

/**
 * The "breaker" side of the OpenAPI fuzz test: values and mutations that turn a valid request
 * into a hostile one — wrong types, huge strings and arrays, NUL characters, deep nesting,
 * object-prototype names as keys and values, numbers out of range, dates PostgreSQL rejects,
 * bidi controls, forged list cursors and filters, and malformed multipart bodies.
 */

/** Names every JavaScript object answers to (a lookup `spec[key]` finds them without an own key). */
export const PROTO_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
] as const;

/** Texts a date check may let through but PostgreSQL refuses as a date or timestamp. */
export const BAD_DATES = [
  '1',
  '2024-02-30',
  '0000-00-00',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '9999-99-99',
  '1402/12/30',
  '1400/13/40',
  '12',
  '2024',
  '-1',
  '99999-01-01',
  '2024-02-30T10:00:00Z',
  '2024-01-01T25:61:61Z',
  'Tue Feb 30 2024',
  '0',
] as const;

/** Numbers out of the ranges of int4/int8/doubles, as JSON numbers. */
export const BAD_NUMBERS = [
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  -1,
  0,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  0.5,
  1e-9,
  -0,
] as const;

/** The same, and more, as text (query strings, path parameters, form fields). */
export const BAD_NUMBER_TEXTS = [
  '2147483648',
  '2147483647',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '9223372036854775808',
  '99999999999999999999999999999999',
  '1e308',
  '1e400',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0x1F',
  '1_000',
  '+1',
  ' 1',
  '1 ',
  '1.0',
  '1.5',
  '0001',
  '۱۲۳',
  '١٢٣',
] as const;

const ZWNJ = '\u200c';
/** Strings that are hostile on their own. */
export const WEIRD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000\u0000\u0000',
  '\u202Eabc\u202C',
  '\u202B\u200F\u061C',
  '\u2066x\u2069',
  '\uFEFF',
  '\uD800',
  '\uDFFF\uD800',
  '\u00A0',
  ZWNJ,
  'ي ك',
  '%',
  '%00',
  '%ZZ',
  '\\',
  "'",
  '"',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '$1',
  '%_%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '\u0024{7*7}',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '\r\n',
  '\t',
  'a,b,c',
  '-',
  ',',
  '--',
  'table:',
  'table:x',
] as const;

/** Every hostile text, for query strings, path parameters and fields. */
export const BREAK_TEXTS: readonly string[] = [
  ...WEIRD_STRINGS,
  ...PROTO_NAMES,
  ...BAD_DATES,
  ...BAD_NUMBER_TEXTS,
];

/** Nested arrays or objects `depth` deep. */
export function deep(depth: number, kind: 'array' | 'object'): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

/** An object whose own keys are prototype names (parsed from JSON, as a server would see it). */
export const protoObject = () =>
  JSON.parse(
    '{"__proto__":{"isAdmin":true,"polluted":1},"constructor":{"prototype":{"polluted":1}},"toString":1,"valueOf":"x","hasOwnProperty":null}',
  ) as Record<string, unknown>;

/** `s` with `insert` placed at `pos` (modulo its length). */
export const insertAt = (s: string, pos: number, insert: string) => {
  const i = s.length ? pos % (s.length + 1) : 0;
  return s.slice(0, i) + insert + s.slice(i);
};

/** A hostile text: one of the lists, a NUL or bidi control inside random text, or a long one. */
export const breakText = (maxHuge = 100_000): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...BREAK_TEXTS) },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          fc.string({ maxLength: 12 }),
          fc.nat(),
          fc.constantFrom('\u0000', '\u202E', '\u202B', '\uFEFF', '\uD800', '\u0000\u202E'),
        )
        .map(([s, p, c]) => insertAt(s, p, c)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.integer({ min: Math.min(1_000, maxHuge >> 1), max: maxHuge }),
          fc.constantFrom('ب', 'a', '9', '\u0000', '%'),
        )
        .map(([n, c]) => c.repeat(n)),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  );

/** A hostile JSON value: a hostile text, a number out of range, another type, huge, deep, prototype keys. */
export const breakValue = (): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 10, arbitrary: breakText() },
    { weight: 5, arbitrary: fc.constantFrom(...BAD_NUMBERS) },
    { weight: 3, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], [''], ['1', 2]) },
    { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 20_000 }).map((n) => new Array(n).fill(1)) },
    { weight: 1, arbitrary: fc.integer({ min: 500, max: 5_000 }).map((n) => new Array(n).fill('\u0000x')) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.integer({ min: 50, max: 3_000 }),
          fc.constantFrom('array', 'object') as fc.Arbitrary<'array' | 'object'>,
        )
        .map(([n, k]) => deep(n, k)),
    },
    { weight: 2, arbitrary: fc.constant(null).map(() => protoObject()) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_NAMES).map((k) => [k]) },
  );

type Path = (string | number)[];

/** Paths of the nodes of a JSON value (the root first), at most `limit`. */
function nodePaths(v: unknown, limit = 200): Path[] {
  const out: Path[] = [];
  const walk = (x: unknown, path: Path) => {
    if (out.length >= limit) return;
    out.push(path);
    if (Array.isArray(x)) {
      for (const [i, item] of x.entries()) walk(item, [...path, i]);
    } else if (x && typeof x === 'object')
      for (const [k, item] of Object.entries(x)) walk(item, [...path, k]);
  };
  walk(v, []);
  return out;
}

/** A copy of `root` with the node at `path` replaced by `fn(node)` (`undefined` removes a key). */
function replaceAt(root: unknown, path: Path, fn: (node: unknown) => unknown): unknown {
  if (path.length === 0) return fn(root);
  const [head, ...rest] = path;
  if (Array.isArray(root)) return root.map((x, i) => (i === head ? replaceAt(x, rest, fn) : x));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(root as Record<string, unknown>)) {
    const next = k === head ? replaceAt(x, rest, fn) : x;
    if (next !== undefined) setOwn(out, k, next);
  }
  return out;
}

export type MutationKind = 'replace' | 'add-key' | 'drop-key' | 'insert' | 'retype' | 'root';

export interface Mutation {
  kind: MutationKind;
  pick: number;
  value: unknown;
  key: string;
  pos: number;
  insert: string;
}

export const mutationArb = (keys: readonly string[]): fc.Arbitrary<Mutation> =>
  fc.record({
    kind: fc.oneof(
      { weight: 6, arbitrary: fc.constant<MutationKind>('replace') },
      { weight: 2, arbitrary: fc.constant<MutationKind>('add-key') },
      { weight: 2, arbitrary: fc.constant<MutationKind>('drop-key') },
      { weight: 4, arbitrary: fc.constant<MutationKind>('insert') },
      { weight: 2, arbitrary: fc.constant<MutationKind>('retype') },
      { weight: 1, arbitrary: fc.constant<MutationKind>('root') },
    ),
    pick: fc.nat(),
    value: breakValue(),
    key: fc.constantFrom(...PROTO_NAMES, ...keys, ''),
    pos: fc.nat(),
    insert: fc.constantFrom('\u0000', '\u202E', '\uD800', '\u0000\u0000', ...BAD_DATES.slice(0, 4)),
  });

/** Applies one mutation to a JSON value (a copy; the input is not changed). */
export function mutate(v: unknown, m: Mutation): unknown {
  const paths = nodePaths(v);
  const path = paths[m.pick % paths.length]!;
  switch (m.kind) {
    case 'root':
      return m.value;
    case 'replace':
      return replaceAt(v, path, () => m.value);
    case 'add-key':
      return replaceAt(v, path, (node) => {
        if (!node || typeof node !== 'object' || Array.isArray(node)) return m.value;
        const out: Record<string, unknown> = {};
        for (const [k, x] of Object.entries(node)) setOwn(out, k, x);
        setOwn(out, m.key, m.value);
        return out;
      });
    case 'drop-key':
      return path.length ? replaceAt(v, path, () => undefined) : v;
    case 'insert':
      return replaceAt(v, path, (node) =>
        typeof node === 'string' ? insertAt(node, m.pos, m.insert) : m.insert,
      );
    case 'retype':
      return replaceAt(v, path, (node) => {
        if (typeof node === 'string') return /^\d+$/.test(node) ? Number(node) : [node];
        if (typeof node === 'number') return String(node);
        if (typeof node === 'boolean') return node ? 'true' : 0;
        if (Array.isArray(node)) return { 0: node[0] };
        if (node && typeof node === 'object') return [node];
        return node === null ? 'null' : null;
      });
  }
}

// ---------------------------------------------------------------------------------------------
// Realistic values by property name: they get a body past its field checks, so that the one
// broken field is what reaches the handler and the database.

const rng = createRng(31_337);
const NATIONAL_CODES = Array.from({ length: 12 }, () => generateNationalCode(rng));
const LEGAL_IDS = Array.from({ length: 6 }, () => generateLegalId(rng));

export const GOOD_DATES = ['1365/04/21', '۱۴۰۲/۰۱/۱۵', '1400/12/29', '2024-01-15', '2020-02-29'] as const;

/** A source of plausible values for a field named `name`, or undefined. */
export function hintFor(name: string): fc.Arbitrary<unknown> | undefined {
  const n = name.toLowerCase();
  if (/date|_at$|^from|^to$|until|since|birth/.test(n)) {
    return fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...GOOD_DATES) },
      { weight: 2, arbitrary: fc.constantFrom(...BAD_DATES) },
    );
  }
  if (/mobile|phone/.test(n)) return fc.constantFrom('09121234567', '+989121234567', '۰۹۳۵۱۲۳۴۵۶۷', '0912');
  if (/national_code|ncode/.test(n)) return fc.constantFrom(...NATIONAL_CODES);
  if (/national_id|legal_id/.test(n)) return fc.constantFrom(...LEGAL_IDS);
  if (/email/.test(n)) return fc.constantFrom('a@example.com', '', 'x@y');
  if (/colou?r/.test(n)) return fc.constantFrom('#1b5e20', '#fff', 'red');
  if (/(^|_)ids?$|_id$/.test(n) || /[a-z]Ids?$/.test(name)) {
    return fc.oneof(
      fc.integer({ min: 1, max: 40 }),
      fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 53, '2147483648', -1),
    );
  }
  if (/capital|amount|value|count|share|percent|year|month/.test(n)) {
    return fc.constantFrom('1000', '۱۲۳۴۵۶۷۸۹۰', '12.5', '99999999999999999999999999999', '-5', '1e5');
  }
  if (/password/.test(n)) return fc.constantFrom('nazer-demo', 'Aa123456!x', '');
  if (/username/.test(n)) return fc.constantFrom('admin', 'fuzz_user_1', 'ADMIN ', 'a');
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// List queries: sort keys, filters and cursors. A list's fields are read from its own rows (the
// harvest of the fuzz test), with the kind of value each holds, so that a filter on a date gets
// a date PostgreSQL refuses, one on an integer a number beyond int4, and so on.

export type FieldKind = 'date' | 'timestamp' | 'int' | 'numeric' | 'bool' | 'text' | 'any';

/** The kind of a value as the API sends it (`2024-01-31`, `2024-01-31T10:00:00Z`, 12, "12.5" ...). */
export function kindOf(v: unknown): FieldKind {
  if (typeof v === 'boolean') return 'bool';
  if (typeof v === 'number') return Number.isInteger(v) ? 'int' : 'numeric';
  if (typeof v !== 'string') return 'any';
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return 'date';
  if (/^\d{4}-\d{2}-\d{2}T/.test(v)) return 'timestamp';
  if (/^-?\d{1,9}$/.test(v)) return 'int';
  if (/^-?\d+(\.\d+)?$/.test(v)) return 'numeric';
  return 'text';
}

/** A value a field of `kind` should refuse (or that its check lets through and PostgreSQL refuses). */
export function hostileFor(kind: FieldKind): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'date':
    case 'timestamp':
      return fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom<unknown>(...BAD_DATES) },
        { weight: 1, arbitrary: breakText(500) },
      );
    case 'int':
    case 'numeric':
      return fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom<unknown>(...BAD_NUMBER_TEXTS, ...BAD_NUMBERS) },
        { weight: 1, arbitrary: breakText(500) },
      );
    case 'bool':
      return fc.constantFrom<unknown>('yes', '2', '-1', '', 'null', 'TRUE', 'on', 2, '\u0000');
    default:
      return fc.oneof(
        { weight: 3, arbitrary: breakText(3_000) },
        { weight: 1, arbitrary: fc.constantFrom<unknown>(...BAD_DATES, ...BAD_NUMBER_TEXTS) },
      );
  }
}

/** The fields of a list (name → kind); prototype names count as fields of any kind. */
export type Fields = Record<string, FieldKind>;

/**
 * A field name: mostly the list's own (those holding dates and numbers more often than text, as
 * PostgreSQL casts them), often a prototype name, sometimes anything.
 */
const fieldOf = (fields: Fields) => {
  const typed = Object.keys(fields).filter((k) => fields[k] !== 'text' && fields[k] !== 'any');
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...Object.keys(fields), 'id') },
    { weight: typed.length ? 3 : 0, arbitrary: fc.constantFrom(...typed, 'id') },
    { weight: 3, arbitrary: fc.constantFrom(...PROTO_NAMES) },
    { weight: 1, arbitrary: breakText(200) },
  );
};

/** A `sortBy` value: known keys, prototype names, combinations, prefixes. */
export const sortByArb = (fields: Fields): fc.Arbitrary<string> => {
  const key = fieldOf(fields);
  return fc.oneof(
    { weight: 4, arbitrary: key },
    {
      weight: 3,
      arbitrary: fc
        .array(fc.tuple(fc.boolean(), key), { minLength: 1, maxLength: 4 })
        .map((ks) => ks.map(([desc, k]) => (desc ? `-${k}` : k)).join(',')),
    },
    { weight: 1, arbitrary: breakText(200) },
  );
};

const FILTER_OPS = ['eq', 'neq', 'in', 'gte', 'lte', 'contains'] as const;

/** One `advanceFilter` condition: a field, an operator, a value hostile to the field's kind. */
const conditionArb = (fields: Fields) =>
  fieldOf(fields).chain((field) => {
    const value = hostileFor(fields[field] ?? 'any');
    return fc.record({
      field: fc.constant(field),
      op: fc.constantFrom(...FILTER_OPS),
      value: fc.oneof(
        { weight: 4, arbitrary: value },
        { weight: 1, arbitrary: fc.array(value, { minLength: 1, maxLength: 4 }) },
        { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, 1, 'active', []) },
      ),
    });
  });

/** An `advanceFilter` text: conditions and groups, over the limits now and then, or not JSON at all. */
export const advanceFilterArb = (fields: Fields): fc.Arbitrary<string> => {
  const cond = conditionArb(fields);
  const node = fc.oneof(
    { weight: 4, arbitrary: cond as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: fc.array(cond, { minLength: 1, maxLength: 3 }).map((and) => ({ and })) },
    { weight: 1, arbitrary: fc.array(cond, { minLength: 1, maxLength: 3 }).map((or) => ({ or })) },
  );
  return fc.oneof(
    { weight: 8, arbitrary: fc.array(node, { minLength: 1, maxLength: 2 }).map((x) => JSON.stringify(x)) },
    { weight: 1, arbitrary: fc.integer({ min: 4, max: 400 }).map((n) => JSON.stringify([deepGroup(n)])) },
    {
      weight: 1,
      arbitrary: fc.constant('[{"__proto__":{"field":"name"},"field":"constructor","op":"eq","value":"1"}]'),
    },
    { weight: 1, arbitrary: breakText(3_000) },
  );
};

const deepGroup = (n: number): unknown => {
  let v: unknown = { field: 'id', op: 'eq', value: 1 };
  for (let i = 0; i < n; i++) v = { and: [v] };
  return v;
};

/** Plain filter parameters (`field=value`, `field[]=a&field[]=b`), hostile to each field's kind. */
export const plainFiltersArb = (fields: Fields): fc.Arbitrary<[string, string][]> =>
  fc
    .array(
      fieldOf(fields).chain((field) =>
        fc.tuple(
          fc.constant(field),
          fc.array(hostileFor(fields[field] ?? 'any'), { minLength: 1, maxLength: 3 }),
          fc.boolean(),
        ),
      ),
      { minLength: 1, maxLength: 3 },
    )
    .map((fs) =>
      fs.flatMap(([k, vs, many]): [string, string][] =>
        many ? vs.map((v): [string, string] => [`${k}[]`, textOf(v)]) : [[k, textOf(vs[0])]],
      ),
    );

/** A value as query text (objects as JSON). */
export const textOf = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : v === null || v === undefined
      ? ''
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);

/** A real list cursor, decoded. */
export type CursorShape = Cursor;

/** Any value encoded as the server encodes a cursor (to forge ones it must refuse). */
export const encodeCursor = (c: unknown) => encodeListCursor(c as Cursor);

/**
 * A forged cursor for a list whose real next-page cursor is `real` (or none): the same sort key
 * and direction, so it passes the cursor's own checks, with a value that does not fit the column
 * or an id beyond int4; or another sort key sent together with `sortBy`; or garbage.
 * Returns the query parameters to send.
 */
export const cursorArb = (real: CursorShape | null, fields: Fields): fc.Arbitrary<[string, string][]> => {
  const valueFor = (key: string) =>
    fc.oneof(
      { weight: 4, arbitrary: hostileFor(fields[key] ?? 'any').map(textOf) },
      { weight: 1, arbitrary: fc.constantFrom<string | null>(null, 'x', '\u0000', 'true', '') },
    );
  const id = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 31) - 1, 2 ** 63, 0, -1) },
    { weight: 2, arbitrary: fc.constant(real?.id ?? 1) },
  );
  const total = fc.constantFrom(real?.t ?? 1, 2 ** 31, 2 ** 53, -1);
  const sortKey = real?.s ?? 'id';
  const sameSort = fc
    .record({
      v: fc.oneof(
        { weight: 3, arbitrary: valueFor(sortKey) },
        { weight: 1, arbitrary: fc.constant(real?.v ?? null) },
      ),
      id,
      t: total,
      vs: fc.option(fc.array(valueFor(sortKey), { maxLength: 4 }), { nil: undefined }),
    })
    .map((c): [string, string][] => [
      ['cursor', encodeCursor({ s: sortKey, d: real?.d ?? false, v: c.v, id: c.id, t: c.t, vs: c.vs })],
    ]);
  const otherSort = fc.record({ key: fieldOf(fields), d: fc.boolean() }).chain(({ key, d }) =>
    fc.record({ v: valueFor(key), id, t: total }).map(({ v, id, t }): [string, string][] => [
      ['sortBy', key],
      ['descending', String(d)],
      ['cursor', encodeCursor({ s: key, d, v, id, t })],
    ]),
  );
  const garbage = fc
    .oneof(
      breakText(900),
      fc.constantFrom(
        encodeCursor({ s: '__proto__', d: false, v: null, id: 1, t: 1 }),
        encodeCursor(protoObject()),
        encodeCursor([1, 2]),
        encodeCursor('x'),
        encodeCursor(null),
        Buffer.from('{"s":').toString('base64url'),
      ),
    )
    .map((cursor): [string, string][] => [['cursor', cursor]]);
  return fc.oneof(
    { weight: 4, arbitrary: sameSort },
    { weight: 3, arbitrary: otherSort },
    { weight: 1, arbitrary: garbage },
  );
};

// ---------------------------------------------------------------------------------------------
// Multipart bodies, well formed and not.

export interface FormPart {
  name: string;
  data: Uint8Array | string;
  filename?: string;
  type?: string;
}

const enc = new TextEncoder();
const bytesOf = (d: Uint8Array | string) => (typeof d === 'string' ? enc.encode(d) : d);

function concat(chunks: (Uint8Array | string)[]): Uint8Array {
  const parts = chunks.map(bytesOf);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A multipart/form-data body of `parts` with `boundary` (options break it). */
export function multipartBody(
  parts: FormPart[],
  boundary: string,
  opts: { eol?: string; close?: boolean; disposition?: boolean } = {},
): Uint8Array {
  const eol = opts.eol ?? '\r\n';
  const chunks: (Uint8Array | string)[] = [];
  for (const p of parts) {
    chunks.push(`--${boundary}${eol}`);
    if (opts.disposition !== false) {
      chunks.push(
        `Content-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}${eol}`,
      );
    }
    if (p.type) chunks.push(`Content-Type: ${p.type}${eol}`);
    chunks.push(eol, p.data, eol);
  }
  if (opts.close !== false) chunks.push(`--${boundary}--${eol}`);
  return concat(chunks);
}

export const SAMPLE_FILES: Record<string, () => Uint8Array> = {
  jpeg: () =>
    new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, ...new Array(64).fill(7)]),
  png: () => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(3)]),
  pdf: () => enc.encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
  zip: () => new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0, ...new Array(40).fill(0)]),
  csv: () => enc.encode('name,national_id,registration_date\n"a\u0000b",2147483648,2024-02-30\n'),
  csvHostile: () =>
    enc.encode(`${PROTO_NAMES.join(',')}\n${BAD_DATES.slice(0, PROTO_NAMES.length).join(',')}\n`),
  empty: () => new Uint8Array(),
  nul: () => new Uint8Array(64),
};

export type MultipartBreak =
  | 'valid'
  | 'no-boundary'
  | 'empty-boundary'
  | 'wrong-boundary'
  | 'truncated'
  | 'no-close'
  | 'no-disposition'
  | 'bad-disposition'
  | 'lf-only'
  | 'garbage'
  | 'empty'
  | 'proto-names'
  | 'huge-part'
  | 'long-boundary'
  | 'many-parts'
  | 'headers-only'
  | 'non-utf8-name';

export const MULTIPART_BREAKS: MultipartBreak[] = [
  'valid',
  'no-boundary',
  'empty-boundary',
  'wrong-boundary',
  'truncated',
  'no-close',
  'no-disposition',
  'bad-disposition',
  'lf-only',
  'garbage',
  'empty',
  'proto-names',
  'huge-part',
  'long-boundary',
  'many-parts',
  'headers-only',
  'non-utf8-name',
];

/**
 * The bytes and content type of a multipart body holding `parts`, broken as `how` says;
 * `cut` (0..1) is where a truncated body ends, `noise` seeds the garbage.
 */
export function brokenMultipart(
  parts: FormPart[],
  how: MultipartBreak,
  cut: number,
  noise: Uint8Array,
): { body: Uint8Array; contentType: string } {
  const b = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const ct = `multipart/form-data; boundary=${b}`;
  const body = (opts?: Parameters<typeof multipartBody>[2], ps = parts) => multipartBody(ps, b, opts);
  switch (how) {
    case 'valid':
      return { body: body(), contentType: ct };
    case 'no-boundary':
      return { body: body(), contentType: 'multipart/form-data' };
    case 'empty-boundary':
      return { body: body(), contentType: 'multipart/form-data; boundary=' };
    case 'wrong-boundary':
      return { body: body(), contentType: 'multipart/form-data; boundary=somethingElse123' };
    case 'truncated': {
      const full = body();
      return { body: full.slice(0, Math.max(1, Math.floor(full.length * cut))), contentType: ct };
    }
    case 'no-close':
      return { body: body({ close: false }), contentType: ct };
    case 'no-disposition':
      return { body: body({ disposition: false }), contentType: ct };
    case 'bad-disposition':
      return {
        body: concat([
          `--${b}\r\nContent-Disposition: form-data; name="unterminated\r\n\r\nx\r\n--${b}--\r\n`,
        ]),
        contentType: ct,
      };
    case 'lf-only':
      return { body: body({ eol: '\n' }), contentType: ct };
    case 'garbage':
      return { body: noise, contentType: ct };
    case 'empty':
      return { body: new Uint8Array(), contentType: ct };
    case 'proto-names':
      return {
        body: body(undefined, [...parts, ...PROTO_NAMES.map((name) => ({ name, data: 'x' }))]),
        contentType: ct,
      };
    case 'huge-part':
      return {
        body: body(undefined, [
          ...parts,
          {
            name: 'file',
            filename: 'big.bin',
            type: 'application/octet-stream',
            data: new Uint8Array(1024 * 1024),
          },
        ]),
        contentType: ct,
      };
    case 'long-boundary': {
      const long = 'x'.repeat(300);
      return { body: multipartBody(parts, long), contentType: `multipart/form-data; boundary=${long}` };
    }
    case 'many-parts':
      return {
        body: body(
          undefined,
          Array.from({ length: 2_000 }, (_, i) => ({ name: `f${i % 7}`, data: '1' })),
        ),
        contentType: ct,
      };
    case 'headers-only':
      return { body: concat([`--${b}\r\nContent-Disposition: form-data; name="a"`]), contentType: ct };
    case 'non-utf8-name':
      return {
        body: concat([
          `--${b}\r\nContent-Disposition: form-data; name="`,
          new Uint8Array([0xff, 0xfe, 0xc3, 0x28]),
          `"\r\n\r\nx\r\n--${b}--\r\n`,
        ]),
        contentType: ct,
      };
  }
}
