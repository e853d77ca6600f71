import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { deletedAnswer, positiveId } from '../../../contract/ids.ts';
import {
  type FormulaRow,
  formulaEntity,
  formulaInput,
  formulaRow,
  type MeasureRow,
  measureEntity,
  measureInput,
  measureRow,
  type PerformanceItemRow,
  performanceItemEntity,
  performanceItemInput,
  performanceItemRow,
  RATING_GRADES,
  type RatingBandRow,
  ratingBandEntity,
  ratingBandInput,
  ratingBandRow,
  SOURCE_KIND_LABELS_FA,
} from '../../../contract/performance-config.ts';
import { parseFormula } from '../../../domain/finance/formulas.ts';
import { type RatingBand, validateRatingConfig } from '../../../domain/finance/rating.ts';
import type { Db } from '../../db/client.ts';
import {
  performanceFormulas,
  performanceItems,
  performanceMeasures,
  ratingBands,
} from '../../db/schema/index.ts';
import { entityWriteRoutes } from '../../http/entity-writes.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { knownReferences, readRatingBands } from './store.ts';

/**
 * The evaluation's configuration screens' routes (issue 16): measures, formulas, performance items
 * and grade bands (contract/performance-config.ts), each read whole with `performance` and changed
 * with `performance.manage`, every change one transaction with one audit row under the entity's
 * name (`performance_measure`, `performance_formula`, `performance_item`, `rating_band`; before and
 * after under the API's field names). What the server checks beyond the body's schema:
 * - a formula's text parses (domain/finance/formulas.ts parseFormula) against the chart's codes
 *   and the measures' (store.ts knownReferences): otherwise 422 with the Persian parse errors under
 *   `text`, nothing written;
 * - a measure or formula something references (a formula's text, an item's source) is neither
 *   deleted (409 naming the users) nor renamed (422 under `code` naming them);
 * - an item's source is a formula or measure that exists (422 under `source_code`), and its scale's
 *   minimum is below its maximum (422 under `scale_max`);
 * - after any change of the bands, the whole set passes domain/finance/rating.ts
 *   validateRatingConfig's band rules (floors 0–100, strictly descending, the lowest 0, grades
 *   unique) and grades run A, B, … from the highest floor down: otherwise 422, nothing written.
 * Codes are unique (422 under `code`, also when a concurrent save wins the race).
 */

const idParams = z.object({ id: positiveId });
const TAGS = ['performance'];
const fa = (names: string[]) => names.map((n) => `«${n}»`).join('، ');

/** `(^|not a code char)measure.<code>` followed by no code char: a formula's text naming measure `code`. */
const measurePattern = (code: string) =>
  new RegExp(`(^|[^A-Za-z0-9_.])measure\\s*\\.\\s*${code}(?![A-Za-z0-9_])`);

/** The formulas and items that read measure `code`, by Persian name. */
async function measureUsers(db: Db, code: string) {
  // one after the other: the connection (a transaction, PGlite) runs one query at a time
  const formulas = await queryRows<{ nameFa: string; text: string }>(
    db,
    sql`SELECT name_fa AS "nameFa", text FROM performance_formulas ORDER BY code`,
  );
  const items = await queryRows<{ nameFa: string }>(
    db,
    sql`SELECT name_fa AS "nameFa" FROM performance_items
        WHERE source_kind = 'measure' AND source_code = ${code} ORDER BY position, id`,
  );
  const re = measurePattern(code);
  return {
    formulas: formulas.filter((f) => re.test(f.text)).map((f) => f.nameFa),
    items: items.map((i) => i.nameFa),
  };
}

/** The items that read formula `code`, by Persian name. */
async function formulaUsers(db: Db, code: string) {
  const rows = await queryRows<{ nameFa: string }>(
    db,
    sql`SELECT name_fa AS "nameFa" FROM performance_items
        WHERE source_kind = 'formula' AND source_code = ${code} ORDER BY position, id`,
  );
  return rows.map((r) => r.nameFa);
}

/** «فرمول‌های «…» و شاخص‌های «…»»: who uses a measure or formula, in Persian. */
function usersText(u: { formulas: string[]; items: string[] }): string {
  const parts = [];
  if (u.formulas.length) parts.push(`فرمول‌های ${fa(u.formulas)}`);
  if (u.items.length) parts.push(`شاخص‌های ${fa(u.items)}`);
  return parts.join(' و ');
}

/** 422 under `code` when another row of `table` has it. */
async function checkCodeFree(db: Db, table: string, code: string, id: number | null, noun: string) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM ${sql.identifier(table)} WHERE code = ${code} AND id <> ${id ?? 0} LIMIT 1`,
  );
  if (row) throw invalid({ code: [`${noun} دیگری با کد ${code} پیش‌تر ثبت شده است`] });
}

const duplicateCode = (noun: string) => (body: { code: string }) =>
  invalid({ code: [`${noun} دیگری با کد ${body.code} پیش‌تر ثبت شده است`] });

// ---------------------------------------------------------------------------------------------
// Measures.

const MEASURE_NOT_FOUND = 'سنجه یافت نشد';

/** Every measure by code, with `uses` (formulas and items that read it) and `value_count` (values on file). */
export async function listMeasures(db: Db): Promise<MeasureRow[]> {
  const rows = await queryRows<Omit<MeasureRow, 'uses'>>(
    db,
    sql`SELECT m.id, m.code, m.name_fa, NULLIF(m.unit_fa, '') AS unit_fa, m.description,
            (SELECT count(*)::int FROM performance_measure_values v WHERE v.measure_id = m.id) AS value_count
          FROM performance_measures m ORDER BY m.code`,
  );
  const formulas = await queryRows<{ text: string }>(db, sql`SELECT text FROM performance_formulas`);
  const items = await queryRows<{ code: string; n: number }>(
    db,
    sql`SELECT source_code AS code, count(*)::int AS n FROM performance_items
          WHERE source_kind = 'measure' GROUP BY source_code`,
  );
  const itemUses = new Map(items.map((r) => [r.code, r.n]));
  return rows.map((r) => {
    const re = measurePattern(r.code);
    const inFormulas = formulas.filter((f) => re.test(f.text)).length;
    return { ...r, uses: inFormulas + (itemUses.get(r.code) ?? 0) };
  });
}

async function readMeasure(db: Db, id: number): Promise<MeasureRow> {
  const row = (await listMeasures(db)).find((r) => r.id === id);
  if (!row) throw notFound(MEASURE_NOT_FOUND);
  return row;
}

async function lockMeasure(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(performanceMeasures)
    .where(eq(performanceMeasures.id, id))
    .for('update');
  if (!row) throw notFound(MEASURE_NOT_FOUND);
  return row;
}

type MeasureBody = z.output<typeof measureInput>;
const measureColumns = (b: MeasureBody) => ({
  code: b.code,
  nameFa: b.name_fa,
  unitFa: b.unit_fa ?? '',
  description: b.description ?? null,
});
const measureAudit = (r: typeof performanceMeasures.$inferSelect) => ({
  code: r.code,
  name_fa: r.nameFa,
  unit_fa: r.unitFa || null,
  description: r.description,
});

const measureRoutes: AnyRoute[] = [
  /**
   * GET /api/performance/measures (`performance`) — `MeasureRow[]` by code: `uses` counts the
   * formulas whose text names `measure.<code>` and the items whose source it is; `value_count` the
   * company-year values on file.
   */
  defineRoute({
    method: 'get',
    path: '/api/performance/measures',
    permission: measureEntity.permissions.list,
    summary: 'Performance measures, with their uses and value counts',
    tags: TAGS,
    response: z.array(measureRow),
    handler: ({ db }) => listMeasures(db),
  }),
  ...entityWriteRoutes(measureEntity, {
    paths: { list: '/api/performance/measures', item: '/api/performance/measures/:id{[0-9]+}' },
    tags: TAGS,
    params: idParams,
    body: measureInput,
    response: measureRow,
    onUnique: duplicateCode('سنجه'),
    /**
     * POST /api/performance/measures (`performance.manage`) — `measureInput` → `MeasureRow`. 422:
     * code not Latin `^[a-z][a-z0-9_]*$` or another measure's; name missing or over 120.
     */
    create: {
      summary: 'Create a performance measure',
      async handler({ db, body }) {
        await checkCodeFree(db, 'performance_measures', body.code, null, 'سنجه');
        const [row] = await db.insert(performanceMeasures).values(measureColumns(body)).returning();
        return { id: row!.id, after: measureAudit(row!), result: await readMeasure(db, row!.id) };
      },
    },
    /**
     * PUT /api/performance/measures/:id (`performance.manage`) — as create; 404 «سنجه یافت نشد»;
     * 422 under `code` when the code changes while formulas or items read the old one (named).
     */
    update: {
      summary: 'Change a performance measure',
      async handler({ db, params, body }) {
        const before = await lockMeasure(db, params.id);
        if (body.code !== before.code) {
          const users = await measureUsers(db, before.code);
          if (users.formulas.length || users.items.length)
            throw invalid({
              code: [`کد سنجه تغییر نمی‌کند چون ${usersText(users)} آن را با کد ${before.code} می‌خوانند`],
            });
          await checkCodeFree(db, 'performance_measures', body.code, params.id, 'سنجه');
        }
        const [row] = await db
          .update(performanceMeasures)
          .set(measureColumns(body))
          .where(eq(performanceMeasures.id, params.id))
          .returning();
        return {
          id: params.id,
          before: measureAudit(before),
          after: measureAudit(row!),
          result: await readMeasure(db, params.id),
        };
      },
    },
    /**
     * DELETE /api/performance/measures/:id (`performance.manage`) → `{ deleted: true }`, its values
     * with it; 404; 409 (Persian, naming them) while formulas or items read it.
     */
    remove: {
      summary: 'Delete a performance measure no formula or item reads',
      response: deletedAnswer,
      async handler({ db, params }) {
        const before = await lockMeasure(db, params.id);
        const users = await measureUsers(db, before.code);
        if (users.formulas.length || users.items.length)
          throw conflict(
            `سنجه «${before.nameFa}» حذف نمی‌شود چون ${usersText(users)} آن را می‌خوانند؛ نخست آن‌ها را تغییر دهید`,
          );
        await db.delete(performanceMeasures).where(eq(performanceMeasures.id, params.id));
        return { id: params.id, before: measureAudit(before), result: { deleted: true as const } };
      },
    },
  }),
];

// ---------------------------------------------------------------------------------------------
// Formulas.

const FORMULA_NOT_FOUND = 'فرمول یافت نشد';

/** Every formula by code, parsed against the current chart and measures: `valid`, `errors` (Persian, '' when valid), `uses` (items reading it). */
export async function listFormulas(db: Db): Promise<FormulaRow[]> {
  const known = await knownReferences(db);
  const rows = await queryRows<Omit<FormulaRow, 'valid' | 'errors'>>(
    db,
    sql`SELECT f.id, f.code, f.name_fa, f.text, f.description,
            (SELECT count(*)::int FROM performance_items i
              WHERE i.source_kind = 'formula' AND i.source_code = f.code) AS uses
          FROM performance_formulas f ORDER BY f.code`,
  );
  return rows.map((r) => {
    const p = parseFormula(r.text, known);
    return { ...r, valid: p.ok, errors: p.ok ? '' : p.errors.map((e) => e.messageFa).join('؛ ') };
  });
}

async function readFormula(db: Db, id: number): Promise<FormulaRow> {
  const row = (await listFormulas(db)).find((r) => r.id === id);
  if (!row) throw notFound(FORMULA_NOT_FOUND);
  return row;
}

async function lockFormula(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(performanceFormulas)
    .where(eq(performanceFormulas.id, id))
    .for('update');
  if (!row) throw notFound(FORMULA_NOT_FOUND);
  return row;
}

/** 422 under `text` with the Persian parse errors when `text` is not a formula over what exists. */
async function checkFormulaText(db: Db, text: string) {
  const parsed = parseFormula(text, await knownReferences(db));
  if (!parsed.ok) {
    const messages = parsed.errors.map((e) => e.messageFa);
    throw invalid({ text: messages }, messages[0]);
  }
}

type FormulaBody = z.output<typeof formulaInput>;
const formulaColumns = (b: FormulaBody) => ({
  code: b.code,
  nameFa: b.name_fa,
  text: b.text,
  description: b.description ?? null,
});
const formulaAudit = (r: typeof performanceFormulas.$inferSelect) => ({
  code: r.code,
  name_fa: r.nameFa,
  text: r.text,
  description: r.description,
});

const formulaRoutes: AnyRoute[] = [
  /**
   * GET /api/performance/formulas (`performance`) — `FormulaRow[]` by code, each parsed now:
   * `valid` false with `errors` (Persian, joined by «؛») when it no longer parses (a measure it
   * names was renamed or deleted); `uses` = items whose source it is.
   */
  defineRoute({
    method: 'get',
    path: '/api/performance/formulas',
    permission: formulaEntity.permissions.list,
    summary: 'Performance formulas, each with whether it parses',
    tags: TAGS,
    response: z.array(formulaRow),
    handler: ({ db }) => listFormulas(db),
  }),
  ...entityWriteRoutes(formulaEntity, {
    paths: { list: '/api/performance/formulas', item: '/api/performance/formulas/:id{[0-9]+}' },
    tags: TAGS,
    params: idParams,
    body: formulaInput,
    response: formulaRow,
    onUnique: duplicateCode('فرمول'),
    /**
     * POST /api/performance/formulas (`performance.manage`) — `formulaInput` → `FormulaRow`. 422:
     * code as a measure's; `text` empty, over 2,000 characters or not parsing (the parse errors
     * in Persian under `text`, formulas.ts syntax over chart codes and `measure.<code>`).
     */
    create: {
      summary: 'Create a performance formula',
      async handler({ db, body }) {
        await checkCodeFree(db, 'performance_formulas', body.code, null, 'فرمول');
        await checkFormulaText(db, body.text);
        const [row] = await db.insert(performanceFormulas).values(formulaColumns(body)).returning();
        return { id: row!.id, after: formulaAudit(row!), result: await readFormula(db, row!.id) };
      },
    },
    /**
     * PUT /api/performance/formulas/:id (`performance.manage`) — as create; 404 «فرمول یافت نشد»;
     * 422 under `code` when the code changes while items read the old one (named).
     */
    update: {
      summary: 'Change a performance formula',
      async handler({ db, params, body }) {
        const before = await lockFormula(db, params.id);
        if (body.code !== before.code) {
          const items = await formulaUsers(db, before.code);
          if (items.length)
            throw invalid({
              code: [`کد فرمول تغییر نمی‌کند چون شاخص‌های ${fa(items)} آن را با کد ${before.code} می‌خوانند`],
            });
          await checkCodeFree(db, 'performance_formulas', body.code, params.id, 'فرمول');
        }
        await checkFormulaText(db, body.text);
        const [row] = await db
          .update(performanceFormulas)
          .set({ ...formulaColumns(body), updatedAt: new Date() })
          .where(eq(performanceFormulas.id, params.id))
          .returning();
        const after = formulaAudit(row!);
        return {
          id: params.id,
          before: formulaAudit(before),
          after,
          unchanged: JSON.stringify(after) === JSON.stringify(formulaAudit(before)),
          result: await readFormula(db, params.id),
        };
      },
    },
    /**
     * DELETE /api/performance/formulas/:id (`performance.manage`) → `{ deleted: true }`; 404; 409
     * (Persian, naming them) while items read it.
     */
    remove: {
      summary: 'Delete a performance formula no item reads',
      response: deletedAnswer,
      async handler({ db, params }) {
        const before = await lockFormula(db, params.id);
        const items = await formulaUsers(db, before.code);
        if (items.length)
          throw conflict(
            `فرمول «${before.nameFa}» حذف نمی‌شود چون شاخص‌های ${fa(items)} از آن می‌خوانند؛ نخست منبع آن‌ها را تغییر دهید`,
          );
        await db.delete(performanceFormulas).where(eq(performanceFormulas.id, params.id));
        return { id: params.id, before: formulaAudit(before), result: { deleted: true as const } };
      },
    },
  }),
];

// ---------------------------------------------------------------------------------------------
// Performance items.

const ITEM_NOT_FOUND = 'شاخص یافت نشد';
const ITEM_COLUMNS = sql.raw(`i.id, i.position, i.code, i.name_fa, i.dimension,
  i.weight::numeric::text AS weight, i.source_kind, i.source_code,
  i.scale_min::numeric::text AS scale_min, i.scale_max::numeric::text AS scale_max, i.higher_is_better`);

/** Every performance item in its order (position, then id); decimals as decimal strings. */
export const listItems = (db: Db) =>
  queryRows<PerformanceItemRow>(
    db,
    sql`SELECT ${ITEM_COLUMNS} FROM performance_items i ORDER BY i.position, i.id`,
  );

async function readItem(db: Db, id: number): Promise<PerformanceItemRow> {
  const [row] = await queryRows<PerformanceItemRow>(
    db,
    sql`SELECT ${ITEM_COLUMNS} FROM performance_items i WHERE i.id = ${id}`,
  );
  if (!row) throw notFound(ITEM_NOT_FOUND);
  return row;
}

async function lockItem(db: Db, id: number) {
  const [row] = await db.select().from(performanceItems).where(eq(performanceItems.id, id)).for('update');
  if (!row) throw notFound(ITEM_NOT_FOUND);
  return row;
}

type ItemBody = z.output<typeof performanceItemInput>;

/** 422 when the item's source does not exist or its scale is empty. */
async function checkItem(db: Db, body: ItemBody) {
  const errors: Record<string, string[]> = {};
  const table = body.source_kind === 'formula' ? 'performance_formulas' : 'performance_measures';
  const [found] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM ${sql.identifier(table)} WHERE code = ${body.source_code}`,
  );
  if (!found)
    errors.source_code = [
      `${SOURCE_KIND_LABELS_FA[body.source_kind]}ی با کد ${body.source_code} نیست؛ کد ${SOURCE_KIND_LABELS_FA[body.source_kind]}ی را بنویسید که تعریف شده است`,
    ];
  if (!(body.scale_min < body.scale_max)) errors.scale_max = ['بیشینه بازه باید از کمینه آن بزرگ‌تر باشد'];
  if (Object.keys(errors).length) throw invalid(errors, Object.values(errors)[0]![0]);
}

const itemColumns = (b: ItemBody) => ({
  code: b.code,
  nameFa: b.name_fa,
  dimension: b.dimension,
  weight: b.weight,
  sourceKind: b.source_kind,
  sourceCode: b.source_code,
  scaleMin: b.scale_min,
  scaleMax: b.scale_max,
  higherIsBetter: b.higher_is_better,
  position: b.position,
});
const itemAudit = (r: typeof performanceItems.$inferSelect) => ({
  code: r.code,
  name_fa: r.nameFa,
  dimension: r.dimension,
  weight: r.weight,
  source_kind: r.sourceKind,
  source_code: r.sourceCode,
  scale_min: r.scaleMin,
  scale_max: r.scaleMax,
  higher_is_better: r.higherIsBetter,
  position: r.position,
});

const itemRoutes: AnyRoute[] = [
  /** GET /api/performance/items (`performance`) — `PerformanceItemRow[]` in their order (weights, scales as decimal strings). */
  defineRoute({
    method: 'get',
    path: '/api/performance/items',
    permission: performanceItemEntity.permissions.list,
    summary: 'Performance items of the rating',
    tags: TAGS,
    response: z.array(performanceItemRow),
    handler: ({ db }) => listItems(db),
  }),
  ...entityWriteRoutes(performanceItemEntity, {
    paths: { list: '/api/performance/items', item: '/api/performance/items/:id{[0-9]+}' },
    tags: TAGS,
    params: idParams,
    body: performanceItemInput,
    response: performanceItemRow,
    onUnique: duplicateCode('شاخص'),
    /**
     * POST /api/performance/items (`performance.manage`) — `performanceItemInput` →
     * `PerformanceItemRow`. 422: code as a measure's; dimension not governance, transparency,
     * economic or managers; weight not a number above 0; source code not an existing formula's or
     * measure's (per `source_kind`); scale_min not below scale_max; position not a whole number ≥ 0.
     */
    create: {
      summary: 'Create a performance item',
      async handler({ db, body }) {
        await checkCodeFree(db, 'performance_items', body.code, null, 'شاخص');
        await checkItem(db, body);
        const [row] = await db.insert(performanceItems).values(itemColumns(body)).returning();
        return { id: row!.id, after: itemAudit(row!), result: await readItem(db, row!.id) };
      },
    },
    /** PUT /api/performance/items/:id (`performance.manage`) — as create; 404 «شاخص یافت نشد». */
    update: {
      summary: 'Change a performance item',
      async handler({ db, params, body }) {
        const before = await lockItem(db, params.id);
        await checkCodeFree(db, 'performance_items', body.code, params.id, 'شاخص');
        await checkItem(db, body);
        const [row] = await db
          .update(performanceItems)
          .set(itemColumns(body))
          .where(eq(performanceItems.id, params.id))
          .returning();
        return {
          id: params.id,
          before: itemAudit(before),
          after: itemAudit(row!),
          result: await readItem(db, params.id),
        };
      },
    },
    /** DELETE /api/performance/items/:id (`performance.manage`) → `{ deleted: true }`; 404. */
    remove: {
      summary: 'Delete a performance item',
      response: deletedAnswer,
      async handler({ db, params }) {
        const before = await lockItem(db, params.id);
        await db.delete(performanceItems).where(eq(performanceItems.id, params.id));
        return { id: params.id, before: itemAudit(before), result: { deleted: true as const } };
      },
    },
  }),
];

// ---------------------------------------------------------------------------------------------
// Grade bands.

const BAND_NOT_FOUND = 'رده یافت نشد';
const BAND_COLUMNS = sql.raw('b.id, b.grade, b.label_fa, b.min_score::numeric::text AS min_score');

/** Every grade band, highest floor first. */
export const listBands = (db: Db) =>
  queryRows<RatingBandRow>(
    db,
    sql`SELECT ${BAND_COLUMNS} FROM rating_bands b ORDER BY b.min_score DESC, b.grade`,
  );

async function readBand(db: Db, id: number): Promise<RatingBandRow> {
  const [row] = await queryRows<RatingBandRow>(
    db,
    sql`SELECT ${BAND_COLUMNS} FROM rating_bands b WHERE b.id = ${id}`,
  );
  if (!row) throw notFound(BAND_NOT_FOUND);
  return row;
}

async function lockBand(db: Db, id: number) {
  const [row] = await db.select().from(ratingBands).where(eq(ratingBands.id, id)).for('update');
  if (!row) throw notFound(BAND_NOT_FOUND);
  return row;
}

/** A stand-in item, so that validateRatingConfig reports on the bands alone. */
const PROBE_ITEM = {
  code: 'probe',
  nameFa: 'probe',
  dimension: 'economic',
  weight: 1,
  source: { kind: 'formula', code: 'probe' },
  scale: { min: 0, max: 1, higherIsBetter: true },
} as const;

/**
 * 422 (under `min_score`, nothing written: the mutation's transaction rolls back) when the bands
 * now stored break validateRatingConfig's band rules, or a better grade (earlier letter) does not
 * have a higher floor than a worse one.
 */
export async function checkBands(db: Db) {
  const bands: RatingBand[] = await readRatingBands(db);
  const valid = validateRatingConfig([PROBE_ITEM], bands);
  const errors = valid.ok ? [] : valid.errors.map((e) => e.messageFa);
  const order = (g: string) => (RATING_GRADES as readonly string[]).indexOf(g);
  for (let i = 1; i < bands.length; i++)
    if (order(bands[i]!.grade) < order(bands[i - 1]!.grade))
      errors.push(
        `ردهٔ ${bands[i]!.grade} بهتر از ردهٔ ${bands[i - 1]!.grade} است و کف امتیازش باید بالاتر باشد.`,
      );
  if (errors.length) throw invalid({ min_score: errors }, errors[0]);
}

type BandBody = z.output<typeof ratingBandInput>;
const bandColumns = (b: BandBody) => ({ grade: b.grade, labelFa: b.label_fa, minScore: b.min_score });
const bandAudit = (r: typeof ratingBands.$inferSelect) => ({
  grade: r.grade,
  label_fa: r.labelFa,
  min_score: r.minScore,
});
const duplicateGrade = (body: BandBody) => invalid({ grade: [`ردهٔ ${body.grade} پیش‌تر تعریف شده است`] });

/** 422 under `grade` when another band has it. */
async function checkGradeFree(db: Db, grade: string, id: number | null) {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM rating_bands WHERE grade = ${grade} AND id <> ${id ?? 0}`,
  );
  if (row) throw invalid({ grade: [`ردهٔ ${grade} پیش‌تر تعریف شده است`] });
}

const bandRoutes: AnyRoute[] = [
  /** GET /api/performance/rating-bands (`performance`) — `RatingBandRow[]`, highest floor first (`min_score` a decimal string, 0–100). */
  defineRoute({
    method: 'get',
    path: '/api/performance/rating-bands',
    permission: ratingBandEntity.permissions.list,
    summary: 'Grade bands of the rating',
    tags: TAGS,
    response: z.array(ratingBandRow),
    handler: ({ db }) => listBands(db),
  }),
  ...entityWriteRoutes(ratingBandEntity, {
    paths: { list: '/api/performance/rating-bands', item: '/api/performance/rating-bands/:id{[0-9]+}' },
    tags: TAGS,
    params: idParams,
    body: ratingBandInput,
    response: ratingBandRow,
    onUnique: duplicateGrade,
    /**
     * POST /api/performance/rating-bands (`performance.manage`) — `ratingBandInput` →
     * `RatingBandRow`. 422: grade not A–E or another band's; label missing; min_score not 0–100;
     * the set after the change breaking the band rules (see the module comment).
     */
    create: {
      summary: 'Create a grade band',
      async handler({ db, body }) {
        await checkGradeFree(db, body.grade, null);
        const [row] = await db.insert(ratingBands).values(bandColumns(body)).returning();
        await checkBands(db);
        return { id: row!.id, after: bandAudit(row!), result: await readBand(db, row!.id) };
      },
    },
    /** PUT /api/performance/rating-bands/:id (`performance.manage`) — as create; 404 «رده یافت نشد». */
    update: {
      summary: 'Change a grade band',
      async handler({ db, params, body }) {
        const before = await lockBand(db, params.id);
        await checkGradeFree(db, body.grade, params.id);
        const [row] = await db
          .update(ratingBands)
          .set(bandColumns(body))
          .where(eq(ratingBands.id, params.id))
          .returning();
        await checkBands(db);
        return {
          id: params.id,
          before: bandAudit(before),
          after: bandAudit(row!),
          result: await readBand(db, params.id),
        };
      },
    },
    /**
     * DELETE /api/performance/rating-bands/:id (`performance.manage`) → `{ deleted: true }`; 404;
     * 422 when the bands left break the rules (the lowest band must stay at 0).
     */
    remove: {
      summary: 'Delete a grade band',
      response: deletedAnswer,
      async handler({ db, params }) {
        const before = await lockBand(db, params.id);
        await db.delete(ratingBands).where(eq(ratingBands.id, params.id));
        await checkBands(db);
        return { id: params.id, before: bandAudit(before), result: { deleted: true as const } };
      },
    },
  }),
];

/** The configuration's CRUD routes: measures, formulas, items, grade bands. */
export const configRoutes: AnyRoute[] = [...measureRoutes, ...formulaRoutes, ...itemRoutes, ...bandRoutes];
