import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { listPageOf } from '../../../contract/api-envelope.ts';
import { positiveId } from '../../../contract/ids.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import {
  type FormulaPreview,
  type FormulaReference,
  formulaPreview,
  formulaPreviewBody,
  formulaVocabulary,
  measureEntity,
  measureValueRow,
  measureValuesBody,
  measureValuesSaved,
  measureValuesYear,
} from '../../../contract/performance-config.ts';
import { evaluateFormula, parseFormula } from '../../../domain/finance/formulas.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { listPage, queryRows } from '../../http/list.ts';
import type { ListSpec } from '../../http/list-spec.ts';
import { defineMutation } from '../../http/mutation.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { readChart } from '../finance/store.ts';
import { knownReferences, readMeasureValues } from './store.ts';

/**
 * The formula editor's calls (issue 16): what formulas may name with Persian names, a formula's
 * preview for one company and fiscal year, and the values of a measure per company for a year
 * (read and saved in bulk).
 */

const TAGS = ['performance'];
const MANAGE = 'performance.manage';

/** The measures' codes, names and units. */
const readMeasures = (db: Db) =>
  queryRows<{ id: number; code: string; name_fa: string; unit: string }>(
    db,
    sql`SELECT id, code, name_fa, unit_fa AS unit FROM performance_measures ORDER BY code`,
  );

/** The annual statement (12 months) of a company and Jalali year: its id and items (million IRR), or null. */
async function annualStatement(db: Db, legalPersonId: number, year: number) {
  const [row] = await queryRows<{ id: number; items: Record<string, unknown> | string | null }>(
    db,
    sql`SELECT id, items FROM financial_statements
        WHERE legal_person_id = ${legalPersonId} AND fiscal_year = ${year} AND period_months = 12`,
  );
  if (!row) return null;
  const raw = typeof row.items === 'string' ? JSON.parse(row.items) : (row.items ?? {});
  const items: Record<string, number> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    const n = v === null || v === '' ? Number.NaN : Number(v);
    if (Number.isFinite(n)) items[k] = n;
  }
  return { id: row.id, items };
}

/**
 * A formula's preview (see `formulaPreview` in the contract): the text parsed against the chart and
 * the measures; when `legal_person_id` and `fiscal_year` are given, evaluated on the company's
 * annual statement of the year and its measure values. 404 when the company does not exist.
 */
export async function previewFormula(
  db: Db,
  body: z.output<typeof formulaPreviewBody>,
): Promise<FormulaPreview> {
  const known = await knownReferences(db);
  const chart = await readChart(db);
  const measures = await readMeasures(db);
  const parsed = parseFormula(body.text, known);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  const formula = parsed.formula;
  const id = body.legal_person_id ?? null;
  const year = body.fiscal_year ?? null;
  let company: string | null = null;
  let statement: Awaited<ReturnType<typeof annualStatement>> = null;
  let measureValues: Record<string, number> = {};
  if (id !== null && year !== null) {
    const [person] = await queryRows<{ name: string }>(
      db,
      sql`SELECT name FROM legal_persons WHERE id = ${id} AND deleted_at IS NULL`,
    );
    if (!person) throw notFound('شخص حقوقی یافت نشد');
    company = person.name;
    statement = await annualStatement(db, id, year);
    measureValues = (await readMeasureValues(db, [year], [id])).get(id)?.get(year) ?? {};
  }
  const chartOf = new Map(chart.map((c) => [c.code, c]));
  const measureOf = new Map(measures.map((m) => [m.code, m]));
  const evaluated = id !== null;
  const references: FormulaReference[] = [
    ...formula.references.items.map((code) => ({
      ref: `item.${code}`,
      kind: 'item' as const,
      code,
      name_fa: chartOf.get(code)?.nameFa ?? code,
      unit: chartOf.get(code)?.unit ?? 'million_irr',
      value: evaluated ? (statement?.items[code] ?? null) : null,
    })),
    ...formula.references.measures.map((code) => ({
      ref: `measure.${code}`,
      kind: 'measure' as const,
      code,
      name_fa: measureOf.get(code)?.name_fa ?? code,
      unit: measureOf.get(code)?.unit ?? '',
      value: evaluated ? (measureValues[code] ?? null) : null,
    })),
  ];
  const result = evaluated
    ? evaluateFormula(formula, { items: statement?.items ?? {}, measures: measureValues })
    : null;
  return { ok: true, references, result, statement_id: statement?.id ?? null, company };
}

/** The values list of measure `measureId` for `year`: companies with an annual statement of the year or a value. */
function valuesList(measureId: number, year: number): ListSpec {
  const hasStatement = sql`EXISTS (SELECT 1 FROM financial_statements fs
    WHERE fs.legal_person_id = lp.id AND fs.fiscal_year = ${year} AND fs.period_months = 12)`;
  return {
    select: sql`lp.id AS legal_person_id, lp.name AS company, lp.ticker, ${year}::int AS fiscal_year,
      v.value, v.origin, ${hasStatement} AS has_statement`,
    from: sql`legal_persons lp LEFT JOIN performance_measure_values v
      ON v.legal_person_id = lp.id AND v.measure_id = ${measureId} AND v.fiscal_year = ${year}`,
    id: sql`lp.id`,
    search: sql`lp.search_text`,
    where: sql`lp.deleted_at IS NULL AND (v.value IS NOT NULL OR ${hasStatement})`,
    sorts: {
      company: { expr: sql`lp.name`, type: 'text' },
      value: { expr: sql`v.value`, type: 'numeric', nullable: true, joined: true },
    },
    defaultSort: 'company',
    filters: {},
  };
}

/** The measure `id`'s code and name; 404 «سنجه یافت نشد». */
async function measureOf(db: Db, id: number) {
  const [row] = await queryRows<{ code: string; name_fa: string }>(
    db,
    sql`SELECT code, name_fa FROM performance_measures WHERE id = ${id}`,
  );
  if (!row) throw notFound('سنجه یافت نشد');
  return row;
}

const idParams = z.object({ id: positiveId });

export const configPreviewRoutes: AnyRoute[] = [
  /**
   * GET /api/performance/formula-vocabulary (`performance`) — what a formula may name, with
   * Persian names: `items` the chart's active items (`unit` million_irr or count), `measures` every
   * measure (`unit` its unit in Persian). For the formula editor's list of references.
   */
  defineRoute({
    method: 'get',
    path: '/api/performance/formula-vocabulary',
    permission: 'performance',
    summary: 'Chart items and measures a formula may name, with Persian names',
    tags: TAGS,
    response: formulaVocabulary,
    async handler({ db }) {
      const chart = await readChart(db);
      const measures = await readMeasures(db);
      return {
        items: chart.filter((c) => c.active).map((c) => ({ code: c.code, name_fa: c.nameFa, unit: c.unit })),
        measures: measures.map((m) => ({ code: m.code, name_fa: m.name_fa, unit: m.unit })),
      };
    },
  }),
  /**
   * POST /api/performance/formulas/preview (`performance`) — body `{ text, legal_person_id?,
   * fiscal_year? }` (company and Jalali year both or neither). Always 200 for a text that does not
   * parse: `{ ok: false, errors: [{ messageFa, at? }] }` (the editor calls it as the user types;
   * saving the same text is the 422). Otherwise `{ ok: true, references, result, statement_id,
   * company }`: every reference (`item.<code>` in million IRR or a head count, `measure.<code>`
   * in its unit) with its Persian name and, for the company-year, its value (null when absent);
   * `result` the domain's `Computed` (the value, or not computable naming the missing references:
   * a company-year without an annual statement names its items), null without a company. Reads
   * the company's annual statement (period_months 12) of the year and its measure values. Writes
   * nothing. 404 «شخص حقوقی یافت نشد»; 422 on a malformed body.
   */
  defineRoute({
    method: 'post',
    path: '/api/performance/formulas/preview',
    permission: 'performance',
    summary: 'Parse a formula and evaluate it for one company and fiscal year',
    tags: TAGS,
    body: formulaPreviewBody,
    response: formulaPreview,
    handler: ({ db, body }) => previewFormula(db, body),
  }),
  /**
   * GET /api/performance/measures/:id/values (`performance`) — `fiscal_year` (Jalali, required)
   * with the list's paging, `q` (company name, ticker or national id) and `sortBy` company|value:
   * a page of `MeasureValueRow` for every company with an annual statement of the year or a value
   * of this measure on file (value null when none). 404 «سنجه یافت نشد»; 422 on a bad year.
   */
  defineRoute({
    method: 'get',
    path: '/api/performance/measures/:id{[0-9]+}/values',
    permission: measureEntity.permissions.list,
    summary: 'A measure’s values by company for one fiscal year',
    tags: TAGS,
    params: idParams,
    query: listQuerySchema.extend(measureValuesYear.shape),
    response: listPageOf(measureValueRow),
    async handler({ db, params, query }) {
      await measureOf(db, params.id);
      const page = await listPage<Record<string, unknown>>(
        db,
        valuesList(params.id, query.fiscal_year),
        query,
      );
      return {
        ...page,
        data: page.data.map((r) => ({ ...r, value: r.value === null ? null : Number(r.value) })),
      };
    },
  }),
  /**
   * PUT /api/performance/measures/:id/values (`performance.manage`) — body `{ values: [{
   * legal_person_id, fiscal_year, value }] }` (1–500; value a number in the measure's unit, digits
   * Persian or ASCII, or null / '' to remove it) → `{ saved, removed }`. All or nothing: 422 under
   * `values.<i>.value` for a value that is not a number, under `values` for a company that does not
   * exist or a company-year given twice; 404 «سنجه یافت نشد». Saved values are `entered`, by the
   * user. One audit row (entity `performance_measure_values`, the measure's id) with the values
   * before and after.
   */
  defineMutation({
    method: 'put',
    path: '/api/performance/measures/:id{[0-9]+}/values',
    permission: MANAGE,
    summary: 'Save a measure’s values for companies and years (all or nothing)',
    tags: TAGS,
    params: idParams,
    body: measureValuesBody,
    response: measureValuesSaved,
    audit: { entity: 'performance_measure_values', action: 'update' },
    async handler({ db, params, body, session }) {
      const measure = await measureOf(db, params.id);
      const values = body.values;
      const seen = new Set<string>();
      for (const v of values) {
        const key = `${v.legal_person_id}/${v.fiscal_year}`;
        if (seen.has(key))
          throw invalid({
            values: [
              `مقدار شرکت ${toPersianDigits(v.legal_person_id)} در سال ${toPersianDigits(v.fiscal_year)} دو بار آمده است`,
            ],
          });
        seen.add(key);
      }
      const ids = [...new Set(values.map((v) => v.legal_person_id))];
      const found = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM legal_persons WHERE deleted_at IS NULL
            AND id = ANY(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)})`,
      );
      const known = new Set(found.map((r) => r.id));
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length)
        throw invalid({
          values: [`این شرکت‌ها یافت نشدند: ${unknown.map((id) => toPersianDigits(id)).join('، ')}`],
        });
      const years = [...new Set(values.map((v) => v.fiscal_year))];
      const beforeMap = await readMeasureValues(db, years, ids);
      const before = values.map((v) => ({
        legal_person_id: v.legal_person_id,
        fiscal_year: v.fiscal_year,
        value: beforeMap.get(v.legal_person_id)?.get(v.fiscal_year)?.[measure.code] ?? null,
      }));
      const userId = session?.user?.id ?? null;
      let saved = 0;
      let removed = 0;
      for (const v of values) {
        if (v.value === null) {
          const gone = await queryRows(
            db,
            sql`DELETE FROM performance_measure_values
                WHERE measure_id = ${params.id} AND legal_person_id = ${v.legal_person_id}
                  AND fiscal_year = ${v.fiscal_year} RETURNING 1`,
          );
          removed += gone.length;
        } else {
          await db.execute(
            sql`INSERT INTO performance_measure_values
                  (measure_id, legal_person_id, fiscal_year, value, origin, updated_by, updated_at)
                VALUES (${params.id}, ${v.legal_person_id}, ${v.fiscal_year}, ${v.value}, 'entered', ${userId}, now())
                ON CONFLICT (measure_id, legal_person_id, fiscal_year)
                DO UPDATE SET value = EXCLUDED.value, origin = 'entered',
                  updated_by = EXCLUDED.updated_by, updated_at = now()`,
          );
          saved++;
        }
      }
      const after = values.map((v) => ({
        legal_person_id: v.legal_person_id,
        fiscal_year: v.fiscal_year,
        value: v.value,
      }));
      return { id: params.id, before, after, result: { saved, removed } };
    },
  }),
];
