import { sql } from 'drizzle-orm';
import { listPageOf } from '../../../contract/api-envelope.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import { entryMatrixEntity, matrixRow, matrixYears } from '../../../contract/statement-matrix.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import { type EntitySource, entityListSpec } from '../../http/entity-list.ts';
import { invalid } from '../../http/errors.ts';
import { listPage } from '../../http/list.ts';
import { defineRoute } from '../../http/route.ts';
import { STATE_CLASS_SQL } from '../ownership/classes.ts';
import { LATEST_ARTICLE_141 } from './company-verdicts.ts';
import { lateSql } from './statements.ts';

const r = (text: string) => sql.raw(text);

/** The most fiscal years the matrix shows at once. */
export const MATRIX_MAX_YEARS = 15;

/** The annual statements of company `lp` within the year range. */
const inRange = (from: number, to: number) =>
  sql`fs.legal_person_id = lp.id AND fs.period_months = 12 AND fs.fiscal_year BETWEEN ${from} AND ${to}`;

/**
 * Where each field of the matrix lives (contract `entryMatrixEntity`), for the range `from`..`to`:
 * the company's fields, the `entry_state` filter over its statements of the range (`missing`: a
 * year of the range without a statement), and the cells as one JSON object per row.
 */
export function matrixSource(from: number, to: number): EntitySource<(typeof entryMatrixEntity)['fields']> {
  return {
    from: r('legal_persons lp LEFT JOIN industries i ON i.id = lp.industry_id'),
    columns: {
      id: r('lp.id'),
      company: r('lp.name'),
      ticker: r('lp.ticker'),
      industry_id: r('lp.industry_id'),
      industry: r('i.name'),
      supervising_body_id: r('lp.supervising_body_id'),
      ownership_type: r('lp.ownership_type'),
      article_141: r(LATEST_ARTICLE_141),
      state_class: r(STATE_CLASS_SQL),
      entry_state: r('NULL::text'),
    },
    search: r('lp.search_text'),
    where: r(`lp.deleted_at IS NULL AND lp.kind IN ('company', 'holding')`),
    anyOf: {
      entry_state: (values) => sql`(
        EXISTS (SELECT 1 FROM financial_statements fs WHERE ${inRange(from, to)} AND fs.entry_state = ANY(${values}))
        OR ('missing' = ANY(${values}) AND (SELECT count(*) FROM financial_statements fs WHERE ${inRange(from, to)}) < ${to - from + 1}))`,
    },
    extraSelect: sql`COALESCE((SELECT jsonb_object_agg(fs.fiscal_year::text, jsonb_build_object(
        'id', fs.id, 'state', fs.entry_state, 'checks_passed', fs.checks_passed,
        'late', ${lateSql}, 'article_141', fs.article_141))
      FROM financial_statements fs WHERE ${inRange(from, to)}), '{}'::jsonb) AS cells`,
  };
}

const matrixQuery = listQuerySchema.extend(matrixYears.shape);

export const matrixRoutes = [
  /**
   * GET /api/performance/financial-statements-entry-state (financial.statements) —
   * `ListPage<MatrixRow>`: the live companies and holdings (sorted by company, the default, and
   * paged as every list), each with `cells`: fiscal year → `{ id, state, checks_passed, late,
   * article_141 }` of its annual statement, for the years `from_year`..`to_year` (Jalali, required,
   * at most 15). Filters: industry_id, supervising_body_id, ownership_type, entry_state (eq/in of
   * the entry states and `missing`: a company with a year of the range in one of them); `q` on the
   * company's name, ticker and national id. 422 (Persian) on a bad or too wide range.
   */
  defineRoute({
    method: 'get',
    path: entryMatrixEntity.paths.list,
    permission: entryMatrixEntity.permissions.list,
    summary: 'Entry states of annual statements: companies × fiscal years',
    tags: ['performance'],
    query: matrixQuery,
    response: listPageOf(matrixRow),
    handler: ({ db, query }) => {
      const { from_year: from, to_year: to } = query;
      if (to < from) throw invalid({ to_year: ['سال پایان باید پس از سال آغاز باشد'] });
      if (to - from + 1 > MATRIX_MAX_YEARS)
        throw invalid({
          to_year: [`حداکثر ${toPersianDigits(MATRIX_MAX_YEARS)} سال مالی در یک نما نشان داده می‌شود`],
        });
      return listPage(db, entityListSpec(entryMatrixEntity, matrixSource(from, to)), query);
    },
  }),
];
