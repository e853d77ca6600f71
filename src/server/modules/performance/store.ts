import { sql } from 'drizzle-orm';
import { type KnownReferences, type ParsedFormula, parseFormula } from '../../../domain/finance/formulas.ts';
import type { RatingBand, RatingItem } from '../../../domain/finance/rating.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';

/**
 * Reads of the evaluation's configuration (schema/performance.ts) shared by the configuration
 * screens' routes, the rating call and the formula preview.
 */

/** What formulas may name: every chart code (active or not) and every measure code. */
export async function knownReferences(db: Db): Promise<KnownReferences> {
  // One after the other: inside a transaction both would share one connection.
  const items = await queryRows<{ code: string }>(db, sql`SELECT code FROM statement_items`);
  const measures = await queryRows<{ code: string }>(db, sql`SELECT code FROM performance_measures`);
  return { items: new Set(items.map((r) => r.code)), measures: new Set(measures.map((r) => r.code)) };
}

/** A stored formula with its parse: `parsed` null and `errors` when it no longer parses (a measure it named was deleted). */
export interface StoredFormula {
  id: number;
  code: string;
  nameFa: string;
  text: string;
  parsed: ParsedFormula | null;
  errors: string[];
}

/** Every formula, parsed against `known` (read when not given). */
export async function readFormulas(db: Db, known?: KnownReferences): Promise<StoredFormula[]> {
  const refs = known ?? (await knownReferences(db));
  const rows = await queryRows<{ id: number; code: string; nameFa: string; text: string }>(
    db,
    sql`SELECT id, code, name_fa AS "nameFa", text FROM performance_formulas ORDER BY code`,
  );
  return rows.map((r) => {
    const p = parseFormula(r.text, refs);
    return p.ok
      ? { ...r, parsed: p.formula, errors: [] }
      : { ...r, parsed: null, errors: p.errors.map((e) => e.messageFa) };
  });
}

/** The rating's items (domain `RatingItem`) in their order. */
export async function readRatingItems(db: Db): Promise<RatingItem[]> {
  const rows = await queryRows<{
    code: string;
    nameFa: string;
    dimension: RatingItem['dimension'];
    weight: number;
    sourceKind: 'formula' | 'measure';
    sourceCode: string;
    scaleMin: number;
    scaleMax: number;
    higherIsBetter: boolean;
  }>(
    db,
    sql`SELECT code, name_fa AS "nameFa", dimension, weight, source_kind AS "sourceKind",
          source_code AS "sourceCode", scale_min AS "scaleMin", scale_max AS "scaleMax",
          higher_is_better AS "higherIsBetter"
        FROM performance_items ORDER BY position, id`,
  );
  return rows.map((r) => ({
    code: r.code,
    nameFa: r.nameFa,
    dimension: r.dimension,
    weight: Number(r.weight),
    source: { kind: r.sourceKind, code: r.sourceCode },
    scale: { min: Number(r.scaleMin), max: Number(r.scaleMax), higherIsBetter: r.higherIsBetter },
  }));
}

/** The grade bands, highest first (domain `RatingBand`). */
export async function readRatingBands(db: Db): Promise<RatingBand[]> {
  const rows = await queryRows<{ grade: RatingBand['grade']; labelFa: string; minScore: number }>(
    db,
    sql`SELECT grade, label_fa AS "labelFa", min_score AS "minScore" FROM rating_bands ORDER BY min_score DESC`,
  );
  return rows.map((r) => ({ ...r, minScore: Number(r.minScore) }));
}

/**
 * Measure values by company and year: `map.get(legalPersonId)?.get(fiscalYear)` is
 * `{ [measure code]: value }`. `companies` null reads every company of the years.
 */
export async function readMeasureValues(
  db: Db,
  years: readonly number[],
  companies: readonly number[] | null,
): Promise<Map<number, Map<number, Record<string, number>>>> {
  const out = new Map<number, Map<number, Record<string, number>>>();
  if (years.length === 0 || companies?.length === 0) return out;
  const rows = await queryRows<{ legalPersonId: number; fiscalYear: number; code: string; value: number }>(
    db,
    sql`SELECT v.legal_person_id AS "legalPersonId", v.fiscal_year::int AS "fiscalYear", m.code, v.value
        FROM performance_measure_values v JOIN performance_measures m ON m.id = v.measure_id
        WHERE v.fiscal_year = ANY(${sql.raw(`ARRAY[${years.map(Number).join(',')}]::int[]`)})
          AND (${companies === null} OR v.legal_person_id = ANY(${sql.raw(`ARRAY[${(companies ?? [0]).map(Number).join(',')}]::int[]`)}))`,
  );
  for (const r of rows) {
    const byYear = out.get(r.legalPersonId) ?? new Map<number, Record<string, number>>();
    out.set(r.legalPersonId, byYear);
    const values = byYear.get(r.fiscalYear) ?? {};
    values[r.code] = Number(r.value);
    byYear.set(r.fiscalYear, values);
  }
  return out;
}

/** Every measure's Persian name and unit, by code. */
export async function readMeasureNames(db: Db): Promise<Map<string, { nameFa: string; unitFa: string }>> {
  const rows = await queryRows<{ code: string; nameFa: string; unitFa: string }>(
    db,
    sql`SELECT code, name_fa AS "nameFa", unit_fa AS "unitFa" FROM performance_measures`,
  );
  return new Map(rows.map((r) => [r.code, { nameFa: r.nameFa, unitFa: r.unitFa }]));
}
