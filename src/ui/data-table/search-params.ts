import { z } from 'zod';
import { advanceFilterSchema, eachCondition, type FilterNode } from '~/contract/list.ts';
import type {
  FilterCondition,
  FilterDef,
  FilterValue,
  ListParams,
  ListQuery,
  ListQueryOptions,
  ListSearch,
  PageParam,
} from './types.ts';

/** Rows per request. Deep lists fetch further pages as the user scrolls. */
export const PAGE_SIZE = 50;

const boolish = z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean());

function valueSchema(f: FilterDef): z.ZodType<FilterValue> {
  switch (f.kind) {
    case 'boolean':
      return boolish;
    case 'text':
      return z.string().trim().min(1).max(200);
    case 'number':
    case 'date':
      return z.string().max(40);
    case 'enum':
      return f.options
        ? z
            .union([z.string(), z.number()])
            .refine((v) => f.options!.some((o) => String(o.value) === String(v)))
        : z.union([z.string().max(100), z.number()]);
  }
}

/**
 * The route's `validateSearch` for a list: `q`, `sort` and one param per filter. A malformed
 * value is dropped rather than refused, so a hand-edited or stale URL still opens the list.
 */
export function listSearchSchema(filters: readonly FilterDef[]): z.ZodType<ListSearch> {
  const shape: Record<string, z.ZodType> = {
    q: z.string().trim().max(200).optional().catch(undefined),
    sort: z
      .string()
      .regex(/^-?[a-z_][a-z0-9_.]*(,-?[a-z_][a-z0-9_.]*){0,2}$/i)
      .optional()
      .catch(undefined),
  };
  shape.af = z.string().max(4000).optional().catch(undefined);
  for (const f of filters) if (!f.builderOnly) shape[f.key] = valueSchema(f).optional().catch(undefined);
  return z.object(shape) as unknown as z.ZodType<ListSearch>;
}

export interface SortSpec {
  id: string;
  desc: boolean;
}

/** `-registered_capital` → `{ id: 'registered_capital', desc: true }`. */
export function parseSort(sort: string | undefined): SortSpec | null {
  if (!sort) return null;
  const desc = sort.startsWith('-');
  const id = desc ? sort.slice(1) : sort;
  return id ? { id, desc } : null;
}

export function formatSort(spec: SortSpec | null | undefined): string | undefined {
  return spec ? `${spec.desc ? '-' : ''}${spec.id}` : undefined;
}

/** Sort keys a view may combine (the server takes three). */
export const MAX_SORTS = 3;

/** `name,-registered_capital` → the sort keys in order (at most three; repeats dropped). */
export function parseSorts(sort: string | undefined): SortSpec[] {
  const out: SortSpec[] = [];
  for (const part of sort?.split(',') ?? []) {
    const spec = parseSort(part.trim());
    if (spec && !out.some((o) => o.id === spec.id) && out.length < MAX_SORTS) out.push(spec);
  }
  return out;
}

/** The sort keys as the URL's `sort` (undefined when none). */
export function formatSorts(specs: readonly SortSpec[]): string | undefined {
  return specs.length ? specs.map((s) => formatSort(s)).join(',') : undefined;
}

/**
 * The filter builder's tree from the URL (`af`, JSON text): the nodes, or none when the text is
 * not a valid filter (a hand-edited or stale link still opens the list).
 */
export function parseBuilt(af: string | undefined): FilterNode[] {
  if (!af) return [];
  try {
    const parsed = advanceFilterSchema.safeParse(JSON.parse(af));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** The search with the builder's tree set (or cleared when it has no condition). */
export function withBuilt(search: ListSearch, nodes: readonly FilterNode[]): ListSearch {
  const next: ListSearch = { ...search };
  if (eachCondition(nodes) === 0) delete next.af;
  else next.af = JSON.stringify(nodes);
  return next;
}

/** The filters the search sets, as `advanceFilter` conditions, in declaration order. */
export function toConditions(search: ListSearch, filters: readonly FilterDef[]): FilterCondition[] {
  const out: FilterCondition[] = [];
  for (const f of filters) {
    if (f.builderOnly) continue;
    const value = search[f.key];
    if (value === undefined || value === '') continue;
    const op = f.kind === 'text' ? (f.op ?? 'contains') : 'eq';
    out.push({ field: f.field ?? f.key, op, value });
  }
  return out;
}

/**
 * The server query for a list view: `q`, `sortBy`/`descending` (through a column's sort field
 * when it has one; several keys as `sortBy=a,-b`) and `advanceFilter`. Only what is set appears, so equal views share a cache key.
 */
export function toListQuery(
  search: ListSearch,
  filters: readonly FilterDef[],
  options: ListQueryOptions = {},
): ListQuery {
  const query: ListQuery = {};
  const params: Record<string, FilterValue> = {};
  const q = search.q?.trim();
  if (q) {
    if (options.qParam) params[options.qParam] = q;
    else query.q = q;
  }
  const sorts = parseSorts(search.sort);
  const field = (id: string) => options.sortFields?.[id] ?? id;
  if (sorts.length === 1) {
    query.sortBy = field(sorts[0]!.id);
    query.descending = sorts[0]!.desc;
  } else if (sorts.length > 1) {
    // Several keys: `sortBy=a,-b` (each key's direction by its sign).
    query.sortBy = sorts.map((s) => `${s.desc ? '-' : ''}${field(s.id)}`).join(',');
  }
  const conditions = toConditions(search, filters);
  const built = parseBuilt(search.af);
  if (options.plainFilters) for (const c of conditions) params[c.field] = c.value as FilterValue;
  else if (conditions.length || built.length) query.advanceFilter = [...conditions, ...built];
  if (Object.keys(params).length) query.params = params;
  return query;
}

/** The request for one page of a query. */
export function toListParams(query: ListQuery, param: PageParam, perPage = PAGE_SIZE): ListParams {
  const params: ListParams = { ...query, page: param.page, per_page: perPage };
  if (param.cursor) params.cursor = param.cursor;
  return params;
}

/**
 * The query string values for `api(path, { query })`: `advanceFilter` as one JSON text (the
 * client's buildQuery would otherwise spread an array into repeated `advanceFilter[]`).
 */
export function toRequestQuery(params: ListParams): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  const { params: plain, advanceFilter, ...rest } = params;
  for (const [k, v] of Object.entries({ ...rest, ...plain })) if (v !== undefined) out[k] = v;
  if (advanceFilter) out.advanceFilter = JSON.stringify(advanceFilter);
  return out;
}

/**
 * The query of a list view as plain request values without paging or sort (`q`, `advanceFilter`
 * as JSON text, plain filter params): what a bulk action sends for "all matching".
 */
export function toFilterQuery(query: ListQuery): Record<string, string | number | boolean> {
  const { sortBy: _s, descending: _d, ...rest } = query;
  const out = toRequestQuery({ ...rest, page: 1, per_page: 1 });
  delete out.page;
  delete out.per_page;
  return out;
}

/** How many filters (not counting `q` and `sort`) the search sets. */
export function activeFilterCount(search: ListSearch, filters: readonly FilterDef[]): number {
  const bar = filters.filter(
    (f) => !f.builderOnly && search[f.key] !== undefined && search[f.key] !== '',
  ).length;
  return bar + eachCondition(parseBuilt(search.af));
}

/** The search with one filter set (or cleared with undefined / ''). */
export function withFilter(search: ListSearch, key: string, value: FilterValue | undefined): ListSearch {
  const next: ListSearch = { ...search };
  if (value === undefined || value === '') delete next[key];
  else next[key] = value;
  return next;
}

/** The search with every filter and `q` cleared; the sort is kept. */
export function clearFilters(search: ListSearch): ListSearch {
  return search.sort ? { sort: search.sort } : {};
}
