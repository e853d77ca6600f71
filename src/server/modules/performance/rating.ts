import { sql } from 'drizzle-orm';
import { listPageOf } from '../../../contract/api-envelope.ts';
import type { FilterNode, ListQuery } from '../../../contract/list.ts';
import type { StateClassCode } from '../../../contract/ownership.ts';
import {
  RATING_GRADE_FILTER,
  RATING_SORTS,
  type RatedItemRow,
  type RatingGradeFilter,
  type RatingRow,
  type RatingSort,
  type RatingSummary,
  ratingCompanyEntity,
  ratingQuery,
  ratingRow,
  ratingSummary,
  ratingSummaryQuery,
} from '../../../contract/rating.ts';
import type { ParsedFormula } from '../../../domain/finance/formulas.ts';
import {
  RATING_DIMENSIONS,
  type RatingBand,
  type RatingItem,
  rate,
  ratingValues,
  validateRatingConfig,
} from '../../../domain/finance/rating.ts';
import type { Db } from '../../db/client.ts';
import { type EntitySource, entityListSpec } from '../../http/entity-list.ts';
import { conflict, invalid } from '../../http/errors.ts';
import { listPage, queryRows } from '../../http/list.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { STATE_CLASS_SQL } from '../ownership/classes.ts';
import {
  readFormulas,
  readMeasureNames,
  readMeasureValues,
  readRatingBands,
  readRatingItems,
} from './store.ts';

/**
 * The specification's "rating company" calculation for the portfolio (issue 16): every company's
 * composite rating (domain/finance/rating.ts `ratingValues` + `rate`) for one fiscal year, from
 * the stored configuration (items, formulas, grade bands), the measures' values of the year and
 * the company's annual statement (period_months = 12) of the year, whatever its entry state. A
 * company without that statement is still rated on its measure items (its formula items are
 * missing, which may leave too little weight for a score).
 *
 * The companies: live companies and holdings with an annual statement of the year or a measure
 * value of the year (one with neither has nothing to be rated on), filtered as the statements
 * list filters companies (industry, supervising body, ownership type, one company by id, `q`) by
 * the list engine; the grade filter applies to the computed ratings.
 *
 * Sorting by a computed figure (the score, a dimension's score, grade, coverage) needs every
 * company of the filtered set rated first, so the whole set is computed on each call and sorted
 * and paged in memory (positions emulate the list engine's cursors: `next_cursor` is the next
 * row's position). Measured on the demo portfolio (see tests/api/performance-rating.test.ts):
 * the whole set of a year, ~1,000 companies, in about 0.1–0.3 s on PGlite.
 */

const r = (text: string) => sql.raw(text);

/** Where the rated companies of `year` come from (contract `ratingCompanyEntity`). */
function ratingSource(year: number): EntitySource<(typeof ratingCompanyEntity)['fields']> {
  return {
    // The year's annual statement joined (not a subquery per company: one hash join).
    from: sql`legal_persons lp LEFT JOIN industries i ON i.id = lp.industry_id
      LEFT JOIN financial_statements fs
        ON fs.legal_person_id = lp.id AND fs.fiscal_year = ${year} AND fs.period_months = 12`,
    columns: {
      legal_person_id: r('lp.id'),
      company: r('lp.name'),
      ticker: r('lp.ticker'),
      industry_id: r('lp.industry_id'),
      industry: r('i.name'),
      ownership_type: r('lp.ownership_type'),
      supervising_body_id: r('lp.supervising_body_id'),
      article_141: r('fs.article_141'),
      state_class: r(STATE_CLASS_SQL),
      grade: r('NULL::text'),
    },
    search: r('lp.search_text'),
    where: sql`lp.deleted_at IS NULL AND lp.kind IN ('company', 'holding') AND (fs.id IS NOT NULL
      OR EXISTS (SELECT 1 FROM performance_measure_values v
                 WHERE v.legal_person_id = lp.id AND v.fiscal_year = ${year}))`,
    extraSelect: sql`CASE WHEN fs.id IS NULL THEN NULL ELSE jsonb_build_object('id', fs.id, 'items', fs.items) END AS statement`,
  };
}

/** The list spec of the companies: the entity's, without the grade filter (applied after rating). */
function companySpec(year: number) {
  const spec = entityListSpec(ratingCompanyEntity, ratingSource(year));
  const { grade: _grade, ...filters } = spec.filters;
  return { ...spec, filters };
}

/** The stored configuration, read once per call. */
export interface RatingConfig {
  items: RatingItem[];
  bands: RatingBand[];
  formulas: Map<string, ParsedFormula>;
  formulaText: Map<string, { nameFa: string; text: string }>;
  measureNames: Map<string, { nameFa: string; unitFa: string }>;
}

/**
 * Reads the configuration; 409 (Persian, every problem named) when it cannot rate anyone (no
 * items, a bad scale or band: domain `validateRatingConfig`).
 */
export async function readRatingConfig(db: Db): Promise<RatingConfig> {
  const [items, bands, formulas, measureNames] = await Promise.all([
    readRatingItems(db),
    readRatingBands(db),
    readFormulas(db),
    readMeasureNames(db),
  ]);
  const valid = validateRatingConfig(items, bands);
  if (!valid.ok)
    throw conflict(
      `پیکربندی رتبه‌بندی کامل نیست: ${valid.errors.map((e) => e.messageFa).join(' ')} (صفحه شاخص‌های عملکرد)`,
    );
  return {
    items,
    bands,
    formulas: new Map(formulas.flatMap((f) => (f.parsed ? [[f.code, f.parsed] as const] : []))),
    formulaText: new Map(formulas.map((f) => [f.code, { nameFa: f.nameFa, text: f.text }])),
    measureNames,
  };
}

/** A statement's stored items as numbers (million IRR; employees a head count), those present. */
function numericItems(raw: Record<string, unknown> | null | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(raw ?? {})) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : Number.NaN;
    if (Number.isFinite(n)) out[k] = n;
  }
  return out;
}

/** The company as the list engine answers it, with its statement of the year. */
interface CompanyOfYear {
  legal_person_id: number;
  company: string;
  ticker: string | null;
  industry: string | null;
  ownership_type: string | null;
  state_class: StateClassCode;
  statement: { id: number; items: Record<string, unknown> } | null;
}

/**
 * One company's rating row (contract `RatingRow`) from the configuration, its statement's items
 * and its measures of the year: the domain's `ratingValues` and `rate`, with, per item, what the
 * formula read or the measure's value.
 */
export function ratingRowOf(
  config: RatingConfig,
  company: CompanyOfYear,
  year: number,
  measures: Record<string, number>,
): RatingRow {
  const items = numericItems(company.statement?.items);
  const inputs = { items, measures };
  const rating = rate(config.items, ratingValues(config.items, config.formulas, inputs), config.bands);
  if (!rating.ok && rating.reason === 'invalid_config')
    throw new Error('rating configuration checked before');
  const byCode = new Map(rating.items.map((i) => [i.code, i]));
  const itemRows: RatedItemRow[] = config.items.map((item) => {
    const rated = byCode.get(item.code)!;
    const read: Record<string, number> = {};
    let source: RatedItemRow['source'];
    if (item.source.kind === 'formula') {
      const f = config.formulas.get(item.source.code);
      for (const code of f?.references.items ?? []) if (code in items) read[`item.${code}`] = items[code]!;
      for (const code of f?.references.measures ?? [])
        if (code in measures) read[`measure.${code}`] = measures[code]!;
      const stored = config.formulaText.get(item.source.code);
      source = {
        kind: 'formula',
        code: item.source.code,
        name_fa: stored?.nameFa ?? null,
        text: stored?.text ?? null,
        unit_fa: null,
      };
    } else {
      const code = item.source.code;
      if (code in measures) read[`measure.${code}`] = measures[code]!;
      const m = config.measureNames.get(code);
      source = { kind: 'measure', code, name_fa: m?.nameFa ?? null, text: null, unit_fa: m?.unitFa ?? null };
    }
    return {
      code: item.code,
      name_fa: item.nameFa,
      dimension: item.dimension,
      weight: item.weight,
      raw: rated.raw,
      score: rated.score,
      scale: { min: item.scale.min, max: item.scale.max, higher_is_better: item.scale.higherIsBetter },
      source,
      inputs: read,
      not_computable: rated.notComputable ?? null,
    };
  });
  const byDimension = Object.fromEntries(
    RATING_DIMENSIONS.map((d) => {
      const x = rating.byDimension[d];
      return [d, { score: x.score, weight: x.weight, weight_covered: x.weightCovered }];
    }),
  ) as RatingRow['by_dimension'];
  return {
    legal_person_id: company.legal_person_id,
    company: company.company,
    ticker: company.ticker,
    industry: company.industry,
    ownership_type: company.ownership_type,
    state_class: company.state_class,
    fiscal_year: year,
    statement_id: company.statement?.id ?? null,
    ok: rating.ok,
    score: rating.ok ? rating.score : null,
    grade: rating.ok ? rating.grade : null,
    label_fa: rating.ok ? rating.labelFa : null,
    message_fa: rating.ok ? null : rating.messageFa,
    missing: rating.missing,
    coverage: rating.coverage,
    by_dimension: byDimension,
    items: itemRows,
  };
}

// ---------------------------------------------------------------------------------------------
// The query: grade filter, sort, position.

const isGrade = (v: unknown): v is RatingGradeFilter =>
  typeof v === 'string' && (RATING_GRADE_FILTER as readonly string[]).includes(v);

const gradeError = (message: string) => invalid({ grade: [message] }, message);

/**
 * The grades asked for (plain `grade` / `grade[]`, or top-level `advanceFilter` conditions on
 * `grade` with eq/in), and the query without them for the list engine. 422 on a grade that is
 * not A–E or `none`, another operator, or a grade condition inside a group.
 */
function takeGrades(query: ListQuery): { grades: Set<RatingGradeFilter> | null; rest: ListQuery } {
  const q = { ...(query as Record<string, unknown>) };
  const wanted: unknown[][] = [];
  if (q.grade !== undefined && q.grade !== '') wanted.push(Array.isArray(q.grade) ? q.grade : [q.grade]);
  delete q.grade;
  if (typeof q.advanceFilter === 'string') {
    let nodes: unknown;
    try {
      nodes = JSON.parse(q.advanceFilter);
    } catch {
      nodes = null; // the list engine answers the Persian 422
    }
    if (Array.isArray(nodes)) {
      const kept: FilterNode[] = [];
      const nested = (n: unknown): boolean =>
        typeof n === 'object' &&
        n !== null &&
        (('field' in n && (n as { field: unknown }).field === 'grade') ||
          ('and' in n && Array.isArray(n.and) && n.and.some(nested)) ||
          ('or' in n && Array.isArray(n.or) && n.or.some(nested)));
      for (const node of nodes as FilterNode[]) {
        if (typeof node === 'object' && node !== null && 'field' in node && node.field === 'grade') {
          if (node.op !== 'eq' && node.op !== 'in')
            throw gradeError('فیلتر رده تنها «برابر» یا «یکی از» می‌پذیرد');
          wanted.push(Array.isArray(node.value) ? node.value : [node.value]);
        } else if (nested(node)) {
          throw gradeError('فیلتر رده تنها در سطح اول فیلترها ممکن است، نه درون گروه «و/یا»');
        } else kept.push(node);
      }
      q.advanceFilter = kept.length > 0 ? JSON.stringify(kept) : undefined;
    }
  }
  if (wanted.length === 0) return { grades: null, rest: q as ListQuery };
  // Several conditions all hold: the grades in every one of them.
  let grades = new Set<RatingGradeFilter>(RATING_GRADE_FILTER);
  for (const values of wanted) {
    if (values.length === 0 || !values.every(isGrade))
      throw gradeError('رده باید یکی از A، B، C، D، E یا none (محاسبه‌نشدنی) باشد');
    const set = new Set<RatingGradeFilter>(values);
    grades = new Set([...grades].filter((g) => set.has(g)));
  }
  return { grades, rest: q as ListQuery };
}

interface SortTerm {
  key: RatingSort;
  desc: boolean;
}

/** `sortBy` (up to three keys, `-` for descending) and `descending`; default score, highest first. 422 otherwise. */
function sortTerms(sortBy: string | undefined, descending: boolean | undefined): SortTerm[] {
  const tokens = sortBy?.trim() ? sortBy.split(',').map((t) => t.trim()) : ['score'];
  const bad = (message: string) => invalid({ sortBy: [message] }, message);
  if (tokens.length > 3) throw bad('مرتب‌سازی حداکثر بر اساس ۳ ستون ممکن است');
  const seen = new Set<string>();
  return tokens.map((token, i) => {
    const prefixed = token.startsWith('-');
    const key = prefixed ? token.slice(1) : token;
    if (!(RATING_SORTS as readonly string[]).includes(key))
      throw bad(`مرتب‌سازی بر اساس «${key}» در این فهرست ممکن نیست`);
    if (seen.has(key)) throw bad(`ستون «${key}» دو بار در مرتب‌سازی آمده است`);
    seen.add(key);
    // Without a direction, figures sort highest first and names and grades from the top (A, الف).
    const natural = key !== 'company' && key !== 'grade';
    const desc = prefixed || (i === 0 && (descending ?? (sortBy?.trim() ? false : natural)));
    return { key: key as RatingSort, desc };
  });
}

const GRADE_RANK: Record<string, number> = { A: 1, B: 2, C: 3, D: 4, E: 5 };
const collator = new Intl.Collator('fa');

/** A row's value for a sort key (null: not computable, sorted last in either direction). */
function sortValue(row: RatingRow, key: RatingSort): number | string | null {
  switch (key) {
    case 'score':
      return row.score;
    case 'grade':
      return row.grade ? GRADE_RANK[row.grade]! : null;
    case 'company':
      return row.company;
    case 'coverage':
      return row.coverage;
    default:
      return row.by_dimension[key].score;
  }
}

function compareRows(terms: SortTerm[]) {
  return (a: RatingRow, b: RatingRow): number => {
    for (const { key, desc } of terms) {
      const x = sortValue(a, key);
      const y = sortValue(b, key);
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const c = typeof x === 'string' ? collator.compare(x, y as string) : x - (y as number);
      if (c !== 0) return desc ? -c : c;
    }
    return collator.compare(a.company, b.company) || a.legal_person_id - b.legal_person_id;
  };
}

/** A position carried in `cursor` / `before`: the decimal row index. */
function positionOf(text: string, field: 'cursor' | 'before'): number {
  if (!/^\d{1,9}$/.test(text))
    throw invalid({ [field]: ['نشانگر صفحه نامعتبر است'] }, 'نشانگر صفحه نامعتبر است');
  return Number(text);
}

/** Every company of the year the query selects, rated (unsorted, before the grade filter). */
export async function ratedCompanies(db: Db, year: number, query: ListQuery): Promise<RatingRow[]> {
  const config = await readRatingConfig(db);
  const companies = await listPage<CompanyOfYear>(db, companySpec(year), {
    ...query,
    page: 1,
    per_page: 1_000_000,
    sortBy: 'company',
    descending: false,
    cursor: undefined,
    before: undefined,
    offset: undefined,
    total: undefined,
  });
  const ids = companies.data.map((c) => c.legal_person_id);
  // Over a few companies, their values; over many, the year's (one index range, no long id list).
  const measures = await readMeasureValues(db, [year], ids.length <= 200 ? ids : null);
  return companies.data.map((c) =>
    ratingRowOf(config, c, year, measures.get(c.legal_person_id)?.get(year) ?? {}),
  );
}

/** Counts of `values` in ten bins of ten points (100 in the last), and of the nulls. */
function binned(values: (number | null)[]) {
  const out = { bins: new Array<number>(10).fill(0), none: 0 };
  for (const v of values) {
    if (v === null) out.none++;
    else out.bins[Math.min(9, Math.max(0, Math.floor(v / 10)))]!++;
  }
  return out;
}

/** The summary of the ratings of `query`'s companies (contract `RatingSummary`). */
export async function ratingSummaryOf(
  db: Db,
  query: ListQuery & { fiscal_year?: number },
): Promise<RatingSummary> {
  const years = (
    await queryRows<{ y: number }>(
      db,
      sql`SELECT DISTINCT fiscal_year::int AS y FROM financial_statements WHERE period_months = 12 ORDER BY 1 DESC`,
    )
  ).map((r) => r.y);
  const year = query.fiscal_year ?? years[0] ?? null;
  const bands = (await readRatingBands(db)).map((b) => ({
    grade: b.grade,
    label_fa: b.labelFa,
    min_score: b.minScore,
  }));
  const grades = Object.fromEntries(RATING_GRADE_FILTER.map((g) => [g, 0])) as RatingSummary['grades'];
  if (year === null)
    return {
      years,
      fiscal_year: null,
      total: 0,
      grades,
      bands,
      score: binned([]),
      by_dimension: Object.fromEntries(
        RATING_DIMENSIONS.map((d) => [d, binned([])]),
      ) as RatingSummary['by_dimension'],
    };
  const { grades: wanted, rest } = takeGrades(query);
  let rows = await ratedCompanies(db, year, rest);
  if (wanted) rows = rows.filter((r) => wanted.has(r.grade ?? 'none'));
  for (const r of rows) grades[r.grade ?? 'none']++;
  return {
    years,
    fiscal_year: year,
    total: rows.length,
    grades,
    bands,
    score: binned(rows.map((r) => r.score)),
    by_dimension: Object.fromEntries(
      RATING_DIMENSIONS.map((d) => [d, binned(rows.map((r) => r.by_dimension[d].score))]),
    ) as RatingSummary['by_dimension'],
  };
}

export const ratingRoutes: AnyRoute[] = [
  /**
   * GET /api/performance/evaluation/rating-summary (performance) — `RatingSummary`: the fiscal
   * years with annual statements (Jalali, newest first); for `fiscal_year` (default the newest
   * of them) and the rating call's filters (company filters, `grade`, `q`), the number of
   * companies per grade (`none`: not computable), the grade bands, and the distribution of the
   * score and of each dimension's score in ten bins of ten points (scores 0–100). 422 (Persian)
   * on a bad year or filter; 409 when the configuration cannot rate.
   */
  defineRoute({
    method: 'get',
    path: '/api/performance/evaluation/rating-summary',
    permission: 'performance',
    summary: 'Rating summary: years, grade counts and score distributions of the filtered companies',
    tags: ['performance'],
    query: ratingSummaryQuery,
    response: ratingSummary,
    handler: ({ db, query }) => ratingSummaryOf(db, query),
  }),
  /**
   * GET /api/performance/evaluation/rating-company (performance) — `ListPage<RatingRow>`: each
   * company's rating for `fiscal_year` (Jalali, required): score 0–100, grade and its Persian
   * label, or `ok: false` with the Persian message naming the items without a value; coverage
   * (fraction of the weight computable); each dimension's score; and per item its raw value (its
   * own unit), score, weight, scale, source (the formula's text, or the measure's name and unit)
   * and the inputs it read (`item.<code>` million IRR or a head count, `measure.<code>`).
   * Companies: live companies and holdings with an annual statement or a measure value of the
   * year. Filters (plain or `advanceFilter`): legal_person_id, industry_id, supervising_body_id,
   * ownership_type (the statements list's), and `grade` (A–E, `none` for not computable; eq/in,
   * top level only); `q` on name, ticker, national id. Sorts (`sortBy`, up to three): score
   * (default, highest first), grade, company, coverage, governance, transparency, economic,
   * managers; not computable last either way. Paged (page or offset, per_page ≤ 500; `cursor` /
   * `before` are row positions). 422 (Persian) on a missing or bad year, an unknown sort or
   * filter; 409 (Persian) when the configuration cannot rate (no items, bad bands).
   */
  defineRoute({
    method: 'get',
    path: ratingCompanyEntity.paths.list,
    permission: ratingCompanyEntity.permissions.list,
    summary: 'Rating of companies for a fiscal year: score, grade, dimensions and how each item was made',
    tags: ['performance'],
    query: ratingQuery,
    response: listPageOf(ratingRow),
    async handler({ db, query }) {
      const terms = sortTerms(query.sortBy, query.descending);
      const { grades, rest } = takeGrades(query);
      let rows = await ratedCompanies(db, query.fiscal_year, rest);
      if (grades) rows = rows.filter((r) => grades.has(r.grade ?? 'none'));
      rows.sort(compareRows(terms));
      const perPage = query.per_page;
      let start: number;
      let end: number;
      if (query.before) {
        end = Math.min(positionOf(query.before, 'before'), rows.length);
        start = Math.max(0, end - perPage);
      } else {
        start = query.cursor
          ? positionOf(query.cursor, 'cursor')
          : (query.offset ?? (query.page - 1) * perPage);
        end = Math.min(rows.length, start + perPage);
      }
      const data = rows.slice(start, end);
      return {
        data,
        total: rows.length,
        page: Math.floor(start / perPage) + 1,
        per_page: perPage,
        next_cursor: end < rows.length ? String(end) : null,
        prev_cursor: start > 0 ? String(start) : null,
      };
    },
  }),
];
