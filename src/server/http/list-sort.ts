import { type SQL, sql } from 'drizzle-orm';
import { invalid } from './errors.ts';
import type { ListSpec, SortDef } from './list-spec.ts';
import { CAST } from './list-values.ts';

/** Sort keys one list request may combine (`sortBy=a,-b,c`). */
export const MAX_SORT_KEYS = 3;

/** One resolved key of a request's order: its name, definition and direction. */
export interface SortTerm {
  key: string;
  def: SortDef;
  desc: boolean;
}

const bad = (message: string) => invalid({ sortBy: [message] }, message);

/**
 * The order a list request asks for. `sortBy` is one sort key or up to three joined by commas,
 * each optionally prefixed with `-` for descending (`registered_capital,-name`); `descending`
 * (the specification's parameter) sets the direction of the first key when it has no prefix.
 * Without `sortBy` the list's default. Throws 422 (field `sortBy`, Persian) on an unknown or
 * repeated key, or more than three.
 */
export function resolveSorts(
  spec: ListSpec,
  sortBy: string | undefined,
  descending: boolean | undefined,
): SortTerm[] {
  const raw = sortBy?.trim() ? sortBy.split(',').map((k) => k.trim()) : [spec.defaultSort];
  if (raw.length > MAX_SORT_KEYS) throw bad(`مرتب‌سازی حداکثر بر اساس ${MAX_SORT_KEYS} ستون ممکن است`);
  const seen = new Set<string>();
  return raw.map((token, i) => {
    const prefixed = token.startsWith('-');
    const key = prefixed ? token.slice(1) : token;
    // own keys only: `constructor` or `toString` name no sort key
    const def = Object.hasOwn(spec.sorts, key) ? spec.sorts[key] : undefined;
    if (!key || !def) throw bad(`مرتب‌سازی بر اساس «${key}» در این فهرست ممکن نیست`);
    if (seen.has(key)) throw bad(`ستون «${key}» دو بار در مرتب‌سازی آمده است`);
    seen.add(key);
    const desc = prefixed || (i === 0 && (descending ?? spec.defaultDescending ?? false));
    return { key, def, desc };
  });
}

/** The terms as one canonical text (`a,-b`): what a cursor is tied to. */
export const sortSignature = (terms: SortTerm[]) =>
  terms.map((t) => (t.desc ? `-${t.key}` : t.key)).join(',');

/** True when the NULLs of `sort` come before its values in the requested direction. */
export const nullsFirst = (sort: SortDef, desc: boolean) => (sort.nulls === 'low') !== desc;

/** The id tie-breaker's direction for a first term (see SortDef.tie). */
export const tieDescending = (first: SortTerm) => (first.def.tie === 'opposite' ? !first.desc : first.desc);

/** `ORDER BY` of the terms, NULLs placed per key, then the id. */
export function orderSql(spec: ListSpec, terms: SortTerm[]): SQL {
  const parts = terms.map(
    (t) =>
      sql`${t.def.expr} ${sql.raw(t.desc ? 'DESC' : 'ASC')} ${sql.raw(nullsFirst(t.def, t.desc) ? 'NULLS FIRST' : 'NULLS LAST')}`,
  );
  parts.push(sql`${spec.id} ${sql.raw(tieDescending(terms[0]!) ? 'DESC' : 'ASC')}`);
  return sql.join(parts, sql`, `);
}

/**
 * The rows after a cursor under several sort keys: some key strictly after the cursor's value
 * while every earlier key equals it, or every key equal and the id after. NULL-aware: a NULL
 * sorts where the key's `nulls` puts it. One condition (not as index-friendly as the single-key
 * path, which a single sort keeps).
 */
export function afterCursorMulti(
  spec: ListSpec,
  terms: SortTerm[],
  values: (string | null)[],
  id: number,
): SQL {
  const cast = (t: SortTerm, v: string) => sql`${v}::${sql.raw(CAST[t.def.type])}`;
  const eq = (t: SortTerm, v: string | null) =>
    v === null ? sql`${t.def.expr} IS NULL` : sql`${t.def.expr} = ${cast(t, v)}`;
  const after = (t: SortTerm, v: string | null): SQL => {
    const first = nullsFirst(t.def, t.desc);
    if (v === null) return first ? sql`${t.def.expr} IS NOT NULL` : sql`FALSE`;
    const beyond = sql`${t.def.expr} ${sql.raw(t.desc ? '<' : '>')} ${cast(t, v)}`;
    return t.def.nullable && !first ? sql`(${beyond} OR ${t.def.expr} IS NULL)` : beyond;
  };
  const branches: SQL[] = [];
  for (let i = 0; i <= terms.length; i++) {
    const prefix = terms.slice(0, i).map((t, j) => eq(t, values[j] ?? null));
    const last =
      i < terms.length
        ? after(terms[i]!, values[i] ?? null)
        : sql`${spec.id} ${sql.raw(tieDescending(terms[0]!) ? '<' : '>')} ${id}`;
    branches.push(sql`(${sql.join([...prefix, last], sql` AND `)})`);
  }
  return sql.join(branches, sql` OR `);
}
