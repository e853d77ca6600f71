import { z } from 'zod';

/**
 * The query every paged list endpoint accepts (`GET /api/...?page=2&per_page=50&sortBy=name...`),
 * shared by the server (validation) and the client (building URLs):
 * - `page`: 1-based page number (offset paging), default 1;
 * - `per_page`: rows per page, 1..500, default 50;
 * - `sortBy`: one of the list's sort keys (each list documents its own), or up to three joined
 *   by commas, each prefixed with `-` for descending (`ticker,-registered_capital`); an unknown
 *   or repeated key, or more than three → 422;
 * - `descending`: 'true' | 'false' | '1' | '0': the direction of the first key when it has no
 *   `-`; default is the list's own default direction;
 * - `q`: free text matched against the list's normalised search text (ی/ي, ک/ك, Persian and
 *   ASCII digits, spaces and the zero-width non-joiner are all equivalent), partial match;
 * - `advanceFilter`: a JSON array of `{ field, op, value }` conditions and `{ and: [...] }` /
 *   `{ or: [...] }` groups (see `FilterNode`), all of which must hold; fields are
 *   whitelisted per list; unknown field or bad value → 422;
 * - `cursor`: the `next_cursor` of the previous page, for keyset paging: deep pages stay as fast
 *   as the first. With a cursor, `page` is only echoed back and `total` is the count taken with
 *   the first page (carried in the cursor, not recounted); read page 1 again to refresh it.
 * - `before`: the `prev_cursor` of a page, for keyset paging backwards: the `per_page` rows just
 *   before that page's first row, in the list's order (the windowed list scrolling up).
 * - `offset`: 0-based position of the first row wanted (a block anywhere in the result); it
 *   takes the place of `page`.
 * - `total`: the count the client already holds: the server does not count again and answers it
 *   back. With `offset`, a block in the second half of the result is read from the far end (the
 *   order reversed, OFFSET counted from the last row), so the last block costs what the first does.
 * A list may also accept its filter fields as plain parameters: `status=active` (eq) or
 * `status[]=active&status[]=dissolving` (in).
 * Unknown parameters pass through (rid, oid ...).
 */
export const listQuerySchema = z.looseObject({
  page: z.coerce
    .number()
    .int('شماره صفحه باید عدد صحیح باشد')
    .min(1, 'شماره صفحه از ۱ شروع می‌شود')
    .max(1_000_000, 'شماره صفحه حداکثر ۱٬۰۰۰٬۰۰۰ است؛ برای صفحه‌های دور از نشانگر صفحه (cursor) استفاده کنید')
    .default(1),
  per_page: z.coerce
    .number()
    .int('تعداد ردیف‌ها باید عدد صحیح باشد')
    .min(1, 'تعداد ردیف‌های هر صفحه دست‌کم ۱ است')
    .max(500, 'تعداد ردیف‌های هر صفحه حداکثر ۵۰۰ است')
    .default(50),
  sortBy: z.string().max(64).optional(),
  descending: z
    .enum(['true', 'false', '1', '0'], { error: 'مقدار ترتیب نزولی باید true یا false باشد' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1')),
  q: z.string().max(200, 'عبارت جستجو حداکثر ۲۰۰ نویسه است').optional(),
  advanceFilter: z.string().max(8000, 'فیلتر پیشرفته بیش از حد طولانی است').optional(),
  cursor: z.string().max(1000).optional(),
  before: z.string().max(1000).optional(),
  offset: z.coerce
    .number()
    .int('جایگاه ردیف باید عدد صحیح باشد')
    .min(0, 'جایگاه ردیف از ۰ شروع می‌شود')
    .max(2_000_000_000, 'جایگاه ردیف بیش از حد بزرگ است')
    .optional(),
  total: z.coerce
    .number()
    .int('تعداد کل باید عدد صحیح باشد')
    .min(0, 'تعداد کل نمی‌تواند منفی باشد')
    .max(2_000_000_000, 'تعداد کل بیش از حد بزرگ است')
    .optional(),
});

export type ListQuery = z.output<typeof listQuerySchema>;
export type ListQueryInput = z.input<typeof listQuerySchema>;

/** Operators of `advanceFilter`: `in` takes an array; `contains` is a partial, case-insensitive text match. */
export const FILTER_OPS = ['eq', 'neq', 'in', 'gte', 'lte', 'contains'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
/** Every operator, equality first: a code's or a number's filter (the filter bar compares equal). */
export const CODE_FILTER_OPS: readonly FilterOp[] = FILTER_OPS;
/** Every operator, `contains` first: a name's filter (the filter bar matches a part). */
export const TEXT_FILTER_OPS: readonly FilterOp[] = ['contains', 'eq', 'neq', 'in', 'gte', 'lte'];

/** One condition of `advanceFilter`; all conditions must hold (AND). */
export const advanceFilterItem = z.object({
  field: z.string().min(1).max(64),
  op: z.enum(FILTER_OPS, { error: 'عملگر فیلتر نامعتبر است' }),
  value: z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.union([z.string(), z.number(), z.boolean()])),
  ]),
});
export type AdvanceFilter = z.infer<typeof advanceFilterItem>;

/**
 * A node of `advanceFilter`: a condition, or a group whose members must all hold (`and`) or at
 * least one (`or`). The top-level array is an AND of its nodes, so a flat array of conditions is
 * the plain "all must hold" filter. Example: status is active AND (kind is fund OR capital ≥ 10¹²):
 * `[{ field: 'status', op: 'eq', value: 'active' }, { or: [{ field: 'kind', op: 'eq', value:
 * 'fund' }, { field: 'registered_capital', op: 'gte', value: '1000000000000' }] }]`.
 */
export type FilterNode = AdvanceFilter | { and: FilterNode[] } | { or: FilterNode[] };

/** Limits of one filter: conditions in all, and groups inside groups. */
export const FILTER_LIMITS = { conditions: 30, depth: 3 } as const;

const filterNode: z.ZodType<FilterNode> = z.lazy(() =>
  z.union([
    advanceFilterItem,
    z.strictObject({ and: z.array(filterNode).min(1, 'گروه فیلتر خالی است').max(FILTER_LIMITS.conditions) }),
    z.strictObject({ or: z.array(filterNode).min(1, 'گروه فیلتر خالی است').max(FILTER_LIMITS.conditions) }),
  ]),
);

/** Calls `visit` on every condition of `nodes`, with its depth (top level = 1); returns the count. */
export function eachCondition(
  nodes: readonly FilterNode[],
  visit?: (c: AdvanceFilter, depth: number) => void,
) {
  let n = 0;
  const walk = (list: readonly FilterNode[], depth: number) => {
    for (const node of list) {
      if ('and' in node) walk(node.and, depth + 1);
      else if ('or' in node) walk(node.or, depth + 1);
      else {
        n++;
        visit?.(node, depth);
      }
    }
  };
  walk(nodes, 1);
  return n;
}

export const advanceFilterSchema = z
  .array(filterNode)
  .max(FILTER_LIMITS.conditions, 'حداکثر ۳۰ شرط فیلتر مجاز است')
  .superRefine((nodes, ctx) => {
    let deepest = 0;
    const count = eachCondition(nodes, (_, depth) => {
      deepest = Math.max(deepest, depth);
    });
    if (count > FILTER_LIMITS.conditions)
      ctx.addIssue({ code: 'custom', message: 'حداکثر ۳۰ شرط فیلتر مجاز است' });
    if (deepest > FILTER_LIMITS.depth)
      ctx.addIssue({ code: 'custom', message: 'گروه‌های فیلتر حداکثر سه لایه تودرتو هستند' });
  });

/**
 * One page of a list (the `data` of the `{ data }` envelope):
 * `{ data: rows, total, page, per_page, next_cursor, prev_cursor }`; `total` counts every row
 * matching the filters (as of the first page when reading by cursor, or the `total` sent);
 * `next_cursor` is null on the last page; `prev_cursor` (the rows before this page's first, for
 * `before`) is null on the first page, and absent where a list is not read by keyset.
 */
export interface ListPage<Row> {
  data: Row[];
  total: number;
  page: number;
  per_page: number;
  next_cursor: string | null;
  prev_cursor?: string | null;
}

/** Builds the URL query of a list request (the client side of `listQuerySchema`). */
export function listSearchParams(q: {
  page?: number;
  per_page?: number;
  sortBy?: string;
  descending?: boolean;
  q?: string;
  advanceFilter?: FilterNode[];
  cursor?: string | null;
  before?: string | null;
  offset?: number;
  total?: number;
}): URLSearchParams {
  const p = new URLSearchParams();
  if (q.page) p.set('page', String(q.page));
  if (q.per_page) p.set('per_page', String(q.per_page));
  if (q.sortBy) p.set('sortBy', q.sortBy);
  if (q.descending !== undefined) p.set('descending', String(q.descending));
  if (q.q) p.set('q', q.q);
  if (q.advanceFilter?.length) p.set('advanceFilter', JSON.stringify(q.advanceFilter));
  if (q.cursor) p.set('cursor', q.cursor);
  if (q.before) p.set('before', q.before);
  if (q.offset !== undefined) p.set('offset', String(q.offset));
  if (q.total !== undefined) p.set('total', String(q.total));
  return p;
}
