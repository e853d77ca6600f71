import { type SQL, sql } from 'drizzle-orm';
import {
  type AdvanceFilter,
  advanceFilterSchema,
  eachCondition,
  type FilterNode,
  type ListPage,
  type ListQuery,
} from '../../contract/list.ts';
import { normalizePersian, searchKey } from '../../domain/persian-text.ts';
import type { Db } from '../db/client.ts';
import { invalid } from './errors.ts';
import { type Cursor, decodeCursor, encodeCursor } from './list-cursor.ts';
import {
  afterCursorMulti,
  nullsFirst,
  orderSql,
  resolveSorts,
  sortSignature,
  tieDescending,
} from './list-sort.ts';
import { CAST, fieldValue } from './list-values.ts';
import { fieldErrors } from './validate.ts';

/**
 * The one helper behind every paged list endpoint: it reads the list query of
 * `contract/list.ts` (page, per_page, sortBy, descending, q, advanceFilter, cursor and plain
 * filter parameters), checks sort keys and filter fields against the list's whitelist (422 with
 * a Persian message otherwise), builds the SQL and answers
 * `{ data: rows, total, page, per_page, next_cursor }`.
 *
 * A list is declared as SQL fragments (`ListSpec`): the SELECT list with the API's snake_case
 * aliases, the FROM clause with its joins, the id used to break ties, the search column and the
 * sortable and filterable expressions, each declared so that its ORDER BY (NULL placement, tie
 * direction) matches the index that serves it. With `cursor`, pages are read by keyset
 * (`WHERE (sort, id) after the cursor`) instead of OFFSET, so deep pages stay fast.
 */

import type { FilterDef, ListSpec, SortDef } from './list-spec.ts';

export type { FieldType, FilterDef, ListSpec, SortDef } from './list-spec.ts';

/** A timestamp column as an ISO 8601 UTC string (`2025-01-31T10:20:30Z`), the same on both engines. */
export const isoTimestamp = (expr: SQL) =>
  sql`to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Escapes LIKE wildcards so user text matches literally. */
export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const bad = (field: string, message: string) => invalid({ [field]: [message] }, message);

function coerce(def: FilterDef, field: string, v: unknown): string | number | boolean {
  const value = fieldValue(def.type, v);
  if (value === undefined) throw bad('advanceFilter', `مقدار فیلتر «${field}» معتبر نیست`);
  return value;
}

/** One filter condition as SQL; throws 422 for operators the field's type does not support. */
function condition(def: FilterDef, f: AdvanceFilter): SQL {
  if (def.ops && !def.ops.includes(f.op)) throw bad('advanceFilter', `عملگر فیلتر «${f.field}» مجاز نیست`);
  const cast = sql.raw(CAST[def.type]);
  const e = def.expr;
  if (def.anyOf) {
    if (f.op !== 'eq' && f.op !== 'in') throw bad('advanceFilter', `عملگر فیلتر «${f.field}» مجاز نیست`);
    const values = Array.isArray(f.value) ? f.value : [f.value];
    if (values.length === 0 || values.length > 500 || values.includes(null as never)) {
      throw bad('advanceFilter', `فهرست مقادیر «${f.field}» باید ۱ تا ۵۰۰ مقدار داشته باشد`);
    }
    return def.anyOf(sql`${sql.param(values.map((v) => coerce(def, f.field, v)))}::${cast}[]`);
  }
  if (f.op === 'contains') {
    if (def.type !== 'text') throw bad('advanceFilter', `عملگر «شامل» برای «${f.field}» مجاز نیست`);
    return sql`${e} ILIKE ${`%${escapeLike(normalizePersian(String(f.value ?? '')))}%`}`;
  }
  if (f.op === 'in') {
    const values = Array.isArray(f.value) ? f.value : [f.value];
    if (values.length === 0 || values.length > 500) {
      throw bad('advanceFilter', `فهرست مقادیر «${f.field}» باید ۱ تا ۵۰۰ مقدار داشته باشد`);
    }
    return sql`${e} = ANY(${sql.param(values.map((v) => coerce(def, f.field, v)))}::${cast}[])`;
  }
  if (f.value === null) {
    if (f.op === 'eq') return sql`${e} IS NULL`;
    if (f.op === 'neq') return sql`${e} IS NOT NULL`;
  }
  if ((f.op === 'gte' || f.op === 'lte') && def.type === 'bool') {
    throw bad('advanceFilter', `عملگر مقایسه برای «${f.field}» مجاز نیست`);
  }
  const v = sql`${coerce(def, f.field, f.value)}::${cast}`;
  switch (f.op) {
    case 'eq':
      return sql`${e} = ${v}`;
    case 'neq':
      return sql`${e} IS DISTINCT FROM ${v}`;
    case 'gte':
      return sql`${e} >= ${v}`;
    default:
      return sql`${e} <= ${v}`;
  }
}

/** The list's filter named `field`, or undefined (own keys only: `constructor` names no filter). */
const filterOf = (spec: ListSpec, field: string) =>
  Object.hasOwn(spec.filters, field) ? spec.filters[field] : undefined;

/** A filter tree as SQL: the nodes of a group joined by AND or OR, each in parentheses. */
function filterSql(spec: ListSpec, node: FilterNode): SQL {
  if ('and' in node || 'or' in node) {
    const members = 'and' in node ? node.and : node.or;
    return sql`(${sql.join(
      members.map((m) => filterSql(spec, m)),
      sql.raw('and' in node ? ' AND ' : ' OR '),
    )})`;
  }
  return sql`(${condition(filterOf(spec, node.field)!, node)})`;
}

/**
 * The filters of a request: `advanceFilter` (conditions and AND/OR groups) plus plain parameters
 * named like filter fields; every condition's field is checked against the list's whitelist.
 */
function parseFilters(spec: ListSpec, query: ListQuery): FilterNode[] {
  const out: FilterNode[] = [];
  if (query.advanceFilter) {
    let raw: unknown;
    try {
      raw = JSON.parse(query.advanceFilter);
    } catch {
      throw bad('advanceFilter', 'فیلتر پیشرفته JSON معتبر نیست');
    }
    const parsed = advanceFilterSchema.safeParse(raw);
    if (!parsed.success) {
      const msgs = Object.values(fieldErrors(parsed.error)).flat();
      throw invalid({ advanceFilter: msgs }, 'فیلتر پیشرفته معتبر نیست');
    }
    out.push(...parsed.data);
  }
  const q = query as Record<string, unknown>;
  for (const field of Object.keys(spec.filters)) {
    const v = q[field];
    if (v === undefined || v === '') continue;
    out.push(
      Array.isArray(v) ? { field, op: 'in', value: v as string[] } : { field, op: 'eq', value: String(v) },
    );
  }
  eachCondition(out, (f) => {
    if (!filterOf(spec, f.field))
      throw bad('advanceFilter', `فیلتر بر اساس «${f.field}» در این فهرست ممکن نیست`);
  });
  return out;
}

/**
 * Keyset conditions for the rows after `cursor`, in order: usually one; two when the remaining
 * rows cross from NULL sort values to non-NULL ones or back.
 */
function afterCursor(spec: ListSpec, sort: SortDef, desc: boolean, tieDesc: boolean, c: Cursor): SQL[] {
  const e = sort.expr;
  const tie = sql`${spec.id} ${sql.raw(tieDesc ? '<' : '>')} ${c.id}`;
  const first = nullsFirst(sort, desc);
  if (c.v === null) {
    const nulls = sql`${e} IS NULL AND ${tie}`;
    return first ? [nulls, sql`${e} IS NOT NULL`] : [nulls];
  }
  const v = sql`${c.v}::${sql.raw(CAST[sort.type])}`;
  const main = desc
    ? sql`${e} <= ${v} AND (${e} < ${v} OR ${tie})`
    : sql`${e} >= ${v} AND (${e} > ${v} OR ${tie})`;
  return sort.nullable && !first ? [main, sql`${e} IS NULL`] : [main];
}

type Row = Record<string, unknown>;

/** Runs a raw SQL query and returns its rows (the same on PGlite and node-postgres). */
export async function queryRows<T = Row>(db: Db, q: SQL): Promise<T[]> {
  const res = (await db.execute(q)) as unknown as { rows: T[] };
  return res.rows;
}

const rows = queryRows<Row>;

/** Rows skipped from which a position is read by a deferred join (ids first, then their rows). */
const DEFER_FROM = 1000;

/**
 * The conditions of the list `spec` for `query` (its own WHERE, the filters and the search), each
 * to be ANDed; what `listPage` pages over, for a caller that reads every matching row at once.
 * Throws 422 as `listPage` on a filter the list does not offer.
 */
export function listConditions(spec: ListSpec, query: ListQuery): SQL[] {
  const conds: SQL[] = [];
  if (spec.where) conds.push(spec.where);
  for (const node of parseFilters(spec, query)) conds.push(filterSql(spec, node));
  const key = query.q ? searchKey(query.q) : '';
  if (key && spec.search) conds.push(sql`${spec.search} LIKE ${`%${escapeLike(key)}%`}`);
  return conds;
}

/**
 * Runs one page of the list `spec` for `query` (already parsed with `listQuerySchema`).
 * Throws 422 (Persian message, field `sortBy`, `advanceFilter`, `cursor` or `before`) on a sort
 * key or filter field the list does not offer, or a value of the wrong type.
 *
 * How the rows are found (the windowed list's blocks, issue 15; measured in bench/run.ts):
 * - `cursor` / `before`: keyset from a row the client holds (the next or previous block while
 *   scrolling), the index range of the rows next to it, as fast deep as at the top;
 * - `offset` (or `page`): OFFSET, for a jump to a block far from any held one. With `total`
 *   (the client's count) a block in the second half is read in the reversed order, counted from
 *   the end, so OFFSET never skips more than half the result.
 */
export async function listPage<T = Row>(db: Db, spec: ListSpec, query: ListQuery): Promise<ListPage<T>> {
  const terms = resolveSorts(spec, query.sortBy, query.descending);
  const multi = terms.length > 1;
  const { desc } = terms[0]!;
  const sortKey = multi ? sortSignature(terms) : terms[0]!.key;
  const reversed = terms.map((t) => ({ ...t, desc: !t.desc }));
  const conds = listConditions(spec, query);
  const where = (extra?: SQL) => {
    const all = extra ? [...conds, extra] : conds;
    return all.length
      ? sql.join(
          all.map((c) => sql`(${c})`),
          sql` AND `,
        )
      : sql`TRUE`;
  };
  const perPage = query.per_page;
  const sortValues = sql.join(
    terms.map((t, i) => sql`(${t.def.expr})::text AS ${sql.identifier(`__sort${i}`)}`),
    sql`, `,
  );
  const select = (extra: SQL | undefined, limit: number, offset: number, back = false) =>
    sql`SELECT ${spec.select}, ${sortValues}, ${spec.id} AS "__id" FROM ${spec.from} WHERE ${where(extra)} ORDER BY ${orderSql(spec, back ? reversed : terms)} LIMIT ${limit} OFFSET ${offset}`;
  /**
   * The rows at `offset` (OFFSET `offset`, LIMIT `limit`) in the order, or the reversed order.
   * Far in (DEFER_FROM rows or more), as a deferred join: the ids by OFFSET first, an index-only
   * scan where an index covers the filter and the order (legal_persons_status_kind_capital_idx
   * for the lists' usual one), then the rows of those ids; the plain query walks the heap for
   * every row it skips.
   */
  const selectAt = (limit: number, offset: number, back: boolean) => {
    if (offset < DEFER_FROM) return select(undefined, limit, offset, back);
    const order = orderSql(spec, back ? reversed : terms);
    // Over the base table alone when the order allows (countFrom): PostgreSQL chooses the scan
    // before it drops unused LEFT JOINs, so over `from` it would read the heap for every row.
    const idFrom = spec.countFrom && !terms.some((t) => t.def.joined) ? spec.countFrom : spec.from;
    return sql`SELECT ${spec.select}, ${sortValues}, ${spec.id} AS "__id" FROM ${spec.from} WHERE ${spec.id} IN (SELECT ${spec.id} FROM ${idFrom} WHERE ${where()} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) ORDER BY ${order}`;
  };
  /** Keyset conditions for the rows after cursor `c` in the order of `ts` (forward or reversed). */
  const phasesAfter = (ts: typeof terms, c: Cursor) =>
    multi
      ? [afterCursorMulti(spec, ts, c.vs ?? [], c.id)]
      : afterCursor(spec, ts[0]!.def, ts[0]!.desc, tieDescending(ts[0]!), c);
  /** Up to `limit` rows after the cursor, in the order of `ts` (one query per phase). */
  const keyset = async (ts: typeof terms, c: Cursor, limit: number, back: boolean) => {
    const out: Row[] = [];
    for (const phase of phasesAfter(ts, c)) {
      out.push(...(await rows(db, select(phase, limit - out.length, 0, back))));
      if (out.length >= limit) break;
    }
    return out;
  };

  let page: Row[];
  let total: number;
  /** Rows after this page / before it. */
  let more: boolean;
  let earlier: boolean;
  let position = query.offset ?? (query.page - 1) * perPage;
  if (query.before) {
    // The rows before the cursor's: the next ones in the reversed order, turned back.
    const c = decodeCursor(query.before, sortKey, desc, terms, 'before');
    total = query.total ?? c.t;
    const found = await keyset(reversed, c, perPage + 1, true);
    earlier = found.length > perPage;
    page = found.slice(0, perPage).reverse();
    more = true;
    position = -1;
  } else if (query.cursor) {
    // Keyset page: no OFFSET and no recount; the total is the one counted with the first page
    // (it travels in the cursor), so reading on costs only the index range of the next rows.
    const c = decodeCursor(query.cursor, sortKey, desc, terms);
    total = query.total ?? c.t;
    const found = await keyset(terms, c, perPage + 1, false);
    more = found.length > perPage;
    page = found.slice(0, perPage);
    earlier = true;
    position = -1;
  } else {
    const counted =
      query.total === undefined
        ? rows(db, sql`SELECT count(*)::int AS n FROM ${spec.countFrom ?? spec.from} WHERE ${where()}`)
        : null;
    const known = query.total;
    if (known !== undefined && query.offset !== undefined && position > known - position - perPage) {
      // Nearer the end: OFFSET from the last row in the reversed order (the last block is as
      // cheap as the first), then turned back.
      const limit = Math.min(perPage, known - position);
      page = limit > 0 ? (await rows(db, selectAt(limit, known - position - limit, true))).reverse() : [];
      more = position + page.length < known;
    } else {
      const found = await rows(db, selectAt(perPage + 1, position, false));
      more = found.length > perPage;
      page = found.slice(0, perPage);
    }
    total = known ?? Number((await counted)?.[0]?.n ?? 0);
    earlier = position > 0;
  }
  const cursorAt = (r: Row | undefined) =>
    r
      ? encodeCursor({
          s: sortKey,
          d: desc,
          v: multi ? null : (r.__sort0 as string | null),
          ...(multi ? { vs: terms.map((_, i) => r[`__sort${i}`] as string | null) } : {}),
          id: Number(r.__id),
          t: total,
        })
      : null;
  const next = more ? cursorAt(page[page.length - 1]) : null;
  const prev = earlier ? cursorAt(page[0]) : null;
  for (const r of page) {
    for (let i = 0; i < terms.length; i++) delete r[`__sort${i}`];
    delete r.__id;
  }
  return {
    data: page as T[],
    total,
    page: position >= 0 ? Math.floor(position / perPage) + 1 : query.page,
    per_page: perPage,
    next_cursor: next,
    prev_cursor: prev,
  };
}
