import { sql } from 'drizzle-orm';
import {
  DEFAULT_RATING_BANDS,
  DEFAULT_RATING_FORMULAS,
  DEFAULT_RATING_ITEMS,
  DEFAULT_RATING_MEASURES,
} from '../../domain/finance/rating.ts';
import { createRng, type Rng } from '../../domain/random.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../http/list.ts';

/**
 * The evaluation's configuration (every mode, and databases made before it): the default
 * measures, formulas, performance items and grade bands of domain/finance/rating.ts, each table
 * filled only while it is empty (staff may have changed them since).
 */
export async function seedPerformanceConfig(db: Db): Promise<void> {
  const empty = async (table: string) => {
    const [r] = await queryRows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    return (r?.n ?? 0) === 0;
  };
  if (await empty('performance_measures'))
    for (const m of DEFAULT_RATING_MEASURES)
      await db.execute(
        sql`INSERT INTO performance_measures (code, name_fa, unit_fa) VALUES (${m.code}, ${m.nameFa}, ${m.unitFa})`,
      );
  if (await empty('performance_formulas'))
    for (const f of DEFAULT_RATING_FORMULAS)
      await db.execute(
        sql`INSERT INTO performance_formulas (code, name_fa, text) VALUES (${f.code}, ${f.nameFa}, ${f.text})`,
      );
  if (await empty('performance_items'))
    for (const [position, i] of DEFAULT_RATING_ITEMS.entries())
      await db.execute(
        sql`INSERT INTO performance_items (code, name_fa, dimension, weight, source_kind, source_code, scale_min, scale_max, higher_is_better, position)
            VALUES (${i.code}, ${i.nameFa}, ${i.dimension}, ${i.weight}, ${i.source.kind}, ${i.source.code},
                    ${i.scale.min}, ${i.scale.max}, ${i.scale.higherIsBetter}, ${position + 1})`,
      );
  if (await empty('rating_bands'))
    for (const b of DEFAULT_RATING_BANDS)
      await db.execute(
        sql`INSERT INTO rating_bands (grade, label_fa, min_score) VALUES (${b.grade}, ${b.labelFa}, ${b.minScore})`,
      );
}

const OPINION_SCORE: Record<string, number> = { unqualified: 100, qualified: 50, adverse: 0, disclaimer: 0 };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const round = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * Demo values of the default measures for one company-year: `quality` (0–1, the company's own)
 * moves every measure together, so that governance, transparency and managers' scores agree
 * more often than not; `opinion` is the year's auditor opinion when the statement has one.
 */
export function demoMeasureValues(rng: Rng, quality: number, opinion: string | null): Record<string, number> {
  const noisy = (spread: number) => clamp(quality + (rng.next() - 0.5) * spread, 0, 1);
  return {
    board_independence: round(0.6 * noisy(0.4), 2),
    audit_committee: rng.chance(0.3 + 0.6 * quality) ? 1 : 0,
    internal_control_score: Math.round(25 + 70 * noisy(0.5)),
    disclosure_timeliness: round(0.35 + 0.65 * noisy(0.4), 2),
    audit_opinion_score:
      opinion && opinion in OPINION_SCORE ? OPINION_SCORE[opinion]! : rng.pick([100, 100, 50, 0]),
    public_reporting_score: Math.round(15 + 85 * noisy(0.6)),
    performance_contract_achievement: round(0.3 + 0.7 * noisy(0.5), 2),
    budget_deviation: round(0.45 * (1 - noisy(0.6)), 2),
    manager_tenure_score: Math.round(20 + 80 * noisy(0.7)),
  };
}

/**
 * Demo values (`origin` demo) of the default measures for every company-year that has an annual
 * statement, so that the rating screens have work: about one company-year in ten lacks two or
 * three measures, and one in twenty-five lacks most of them (its rating is not computable). Only
 * when no measure has a value yet.
 */
export async function seedMeasureValues(db: Db, seed = 1405): Promise<number> {
  const [exists] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM performance_measure_values`,
  );
  if ((exists?.n ?? 0) > 0) return 0;
  const measures = await queryRows<{ id: number; code: string }>(
    db,
    sql`SELECT id, code FROM performance_measures`,
  );
  const idOf = new Map(measures.map((m) => [m.code, m.id]));
  const years = await queryRows<{ company: number; year: number; opinion: string | null }>(
    db,
    sql`SELECT legal_person_id AS company, fiscal_year::int AS year, auditor_opinion AS opinion
        FROM financial_statements WHERE period_months = 12 ORDER BY legal_person_id, fiscal_year`,
  );
  const rng = createRng(seed);
  const quality = new Map<number, number>();
  const rows: string[] = [];
  for (const y of years) {
    const q = quality.get(y.company) ?? rng.next();
    quality.set(y.company, q);
    const values = demoMeasureValues(rng, q, y.opinion);
    const drop = rng.chance(0.04) ? 7 : rng.chance(0.1) ? rng.int(2, 3) : 0;
    const codes = rng.shuffle(Object.keys(values)).slice(drop);
    for (const code of codes) {
      const id = idOf.get(code);
      if (id !== undefined) rows.push(`(${id}, ${y.company}, ${y.year}, ${values[code]}, 'demo')`);
    }
  }
  for (let i = 0; i < rows.length; i += 2000)
    await db.execute(
      sql.raw(
        `INSERT INTO performance_measure_values (measure_id, legal_person_id, fiscal_year, value, origin) VALUES ${rows.slice(i, i + 2000).join(',')}`,
      ),
    );
  return rows.length;
}
