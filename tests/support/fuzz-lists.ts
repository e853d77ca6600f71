import fc from 'fast-check';
import { type Cursor, encodeCursor as encodeListCursor } from '../../src/server/http/list-cursor.ts';
import {
  BAD_DATES,
  BAD_NUMBER_TEXTS,
  BAD_NUMBERS,
  breakText,
  PROTO_NAMES,
  protoObject,
} from './fuzz-breakers.ts';

/**
 * List queries for the OpenAPI fuzz test: sort keys, filters (plain and advanceFilter) and
 * cursors. A list's fields are read from its own rows (the harvest of the fuzz test), with the
 * kind of value each holds, so that a filter on a date gets a date PostgreSQL refuses, one on an
 * integer a number beyond int4, and so on.
 */

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
