import fc from 'fast-check';

/**
 * A JSON-schema → fast-check arbitrary converter for the subset the OpenAPI document of this
 * app uses (what `z.toJSONSchema` writes): object/properties/required/additionalProperties/
 * propertyNames, string with minLength/maxLength/pattern/format, number and integer with their
 * bounds, boolean, null, enum, const, array with minItems/maxItems, anyOf/oneOf/allOf, a type
 * list (`["string", "null"]`) and OpenAPI's `nullable`. The values are mostly valid: the fuzz
 * test breaks them afterwards (tests/support/fuzz-breakers.ts), so that most cases get past
 * validation to the handler with one broken spot.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
}

export interface SchemaArbOptions {
  /** Names added now and then to open objects (additionalProperties not false). */
  extraKeys?: readonly string[];
  /** The value of an added name (default: a short string or an integer). */
  extraValue?: (key: string) => fc.Arbitrary<unknown>;
  /** A value source chosen by property name (dates, mobiles ...), used beside the schema's own. */
  hint?: (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;
  /** Longest generated array (default 4) and string (default 40) before breaking. */
  maxArray?: number;
  maxString?: number;
}

const PERSIAN = 'ابپتثجچحخدذرزژسشصضطظعغفقکگلمنوهیءآ ۰۱۲۳۴۵۶۷۸۹‌';
const textUnit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...PERSIAN) },
  { weight: 2, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789 -_.') },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 1, unit: 'grapheme' }) },
);

/** An arbitrary integer in [lo, hi]: mostly small ids near the low end, sometimes the bounds or anywhere. */
function integerIn(lo: number, hi: number): fc.Arbitrary<number> {
  if (lo > hi) return fc.constant(lo);
  const near = fc.integer({ min: lo, max: Math.min(hi, lo + 60) });
  const anywhere = fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number);
  return fc.oneof(
    { weight: 6, arbitrary: near },
    { weight: 1, arbitrary: fc.constantFrom(lo, hi) },
    { weight: 2, arbitrary: anywhere },
  );
}

function isObjectSchema(s: JsonSchema) {
  return s.type === 'object' || (s.type === undefined && s.properties !== undefined);
}

/** allOf of objects as one object schema (properties and required merged); otherwise the first. */
function mergeAllOf(list: JsonSchema[]): JsonSchema {
  if (list.length && list.every(isObjectSchema)) {
    return {
      type: 'object',
      properties: Object.assign({}, ...list.map((s) => s.properties ?? {})),
      required: list.flatMap((s) => s.required ?? []),
      additionalProperties: list.some((s) => s.additionalProperties === false) ? false : undefined,
    };
  }
  return list[0] ?? {};
}

const anything = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
);

/** An own property, `__proto__` included (plain assignment would set the prototype instead). */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The arbitrary of values of `schema`; `name` is the property it describes (for hints). */
export function arbitraryOf(
  schema: JsonSchema | boolean | undefined,
  opts: SchemaArbOptions = {},
  name = '',
): fc.Arbitrary<unknown> {
  if (schema === undefined || schema === true) return anything;
  if (schema === false) return fc.constant(undefined);
  const s = schema;
  const maxArray = opts.maxArray ?? 4;
  const maxString = opts.maxString ?? 40;
  const base = (): fc.Arbitrary<unknown> => {
    if ('const' in s) return fc.constant(s.const);
    if (s.enum) return fc.constantFrom(...s.enum);
    if (s.anyOf) return fc.oneof(...s.anyOf.map((x) => arbitraryOf(x, opts, name)));
    if (s.oneOf) return fc.oneof(...s.oneOf.map((x) => arbitraryOf(x, opts, name)));
    if (s.allOf) return arbitraryOf(mergeAllOf(s.allOf), opts, name);
    if (Array.isArray(s.type)) {
      return fc.oneof(...s.type.map((type) => arbitraryOf({ ...s, type }, opts, name)));
    }
    switch (s.type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
      case 'number': {
        const lo = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -(2 ** 31));
        const hi = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : 2 ** 31);
        const ints = integerIn(Math.ceil(lo), Math.floor(hi));
        if (s.type === 'integer') return ints;
        const doubles = fc
          .double({ min: lo, max: hi, noNaN: true, noDefaultInfinity: true })
          .filter(Number.isFinite);
        // a range with no whole number in it (a fraction 0.01–0.99) has doubles only
        return Math.ceil(lo) <= Math.floor(hi) ? fc.oneof(ints, doubles) : doubles;
      }
      case 'string': {
        const min = s.minLength ?? 0;
        const max = Math.max(min, Math.min(s.maxLength ?? maxString, maxString));
        if (s.format === 'uuid') return fc.uuid();
        if (s.pattern) {
          return fc
            .stringMatching(new RegExp(s.pattern))
            .filter((v) => v.length >= min && (s.maxLength === undefined || v.length <= s.maxLength));
        }
        return fc.oneof(
          { weight: 4, arbitrary: fc.string({ unit: textUnit, minLength: min, maxLength: max }) },
          {
            weight: 1,
            arbitrary: fc
              .integer({ min: 0, max: 999_999 })
              .map(String)
              .filter((v) => v.length >= min && v.length <= max),
          },
        );
      }
      case 'array': {
        const minLength = s.minItems ?? 0;
        const maxLength = Math.max(minLength, Math.min(s.maxItems ?? maxArray, maxArray));
        return fc.array(arbitraryOf(s.items, opts, name), { minLength, maxLength });
      }
      case 'object':
        return objectOf(s, opts);
      default:
        if (s.properties) return objectOf(s, opts);
        return anything;
    }
  };
  let arb = base();
  // Hints describe a field's value: not a list or an object carrying the field's name.
  const scalar = s.type !== 'array' && s.type !== 'object' && !s.properties && !s.items;
  const hinted = name && scalar ? opts.hint?.(name, s) : undefined;
  if (hinted) arb = fc.oneof({ weight: 2, arbitrary: arb }, { weight: 3, arbitrary: hinted });
  if (s.nullable) arb = fc.oneof(arb, fc.constant(null));
  return arb;
}

function objectOf(s: JsonSchema, opts: SchemaArbOptions): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(props)) model[key] = arbitraryOf(sub, opts, key);
  const known = fc.record(model, { requiredKeys: [...required].filter((k) => k in props) });
  // A record (z.record): keys from propertyNames, values from additionalProperties.
  if (!s.properties && typeof s.additionalProperties === 'object') {
    const keys = s.propertyNames
      ? arbitraryOf(s.propertyNames, opts).map(String)
      : fc.string({ maxLength: 12 });
    return fc.dictionary(keys, arbitraryOf(s.additionalProperties, opts), { maxKeys: 4 });
  }
  const extraKeys = opts.extraKeys ?? [];
  if (s.additionalProperties === false || extraKeys.length === 0) return known;
  const extraValueOf = opts.extraValue ?? (() => fc.oneof(fc.string({ maxLength: 12 }), fc.integer()));
  const extra = fc.option(
    fc.array(
      fc.constantFrom(...extraKeys).chain((key) => extraValueOf(key).map((v): [string, unknown] => [key, v])),
      { minLength: 1, maxLength: 3 },
    ),
    { freq: 3, nil: [] as [string, unknown][] },
  );
  return fc.tuple(known, extra).map(([k, e]) => {
    const out: Record<string, unknown> = {};
    for (const [key, v] of [...e, ...Object.entries(k)]) setOwn(out, key, v);
    return out;
  });
}
