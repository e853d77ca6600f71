import fc from 'fast-check';
import { generateLegalId, generateNationalCode } from '../../src/domain/identifiers.ts';
import { createRng } from '../../src/domain/random.ts';
import { setOwn } from './json-schema-arb.ts';

/**
 * The "breaker" side of the OpenAPI fuzz test: values and mutations that turn a valid request
 * into a hostile one — wrong types, huge strings and arrays, NUL characters, deep nesting,
 * object-prototype names as keys and values, numbers out of range, dates PostgreSQL rejects,
 * bidi controls; and realistic values by property name. List queries are in fuzz-lists.ts,
 * multipart bodies in fuzz-multipart.ts.
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
