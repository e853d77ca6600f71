import { sql } from 'drizzle-orm';
import { listPageOf } from '../../../contract/api-envelope.ts';
import { calculationRow, evaluationRow } from '../../../contract/evaluation.ts';
import { type ListQuery, listQuerySchema } from '../../../contract/list.ts';
import { exportQuerySchema, TRANSFER_MEDIA_TYPES } from '../../../contract/person-transfer.ts';
import {
  altmanZ,
  isManufacturingIndustry,
  Z_VARIANT_LABELS_FA,
  Z_ZONE_LABELS_FA,
  type ZScore,
} from '../../../domain/finance/altman.ts';
import type { Article141 } from '../../../domain/finance/article141.ts';
import {
  CALCULATION_KEYS,
  CALCULATIONS,
  type CalculationKey,
  calculate,
  evaluateStatement,
} from '../../../domain/finance/evaluation.ts';
import { type Computed, INPUT_LABELS_FA } from '../../../domain/finance/line-items.ts';
import type { Db } from '../../db/client.ts';
import { listConditions, listPage, queryRows } from '../../http/list.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { fileResponse, type SheetColumn } from '../transfer/export.ts';
import { statementList } from './statements.ts';

/**
 * The specification's evaluation calls (SPEC §7 performance: marginal profit, return on asset,
 * assets turnover, financial leverage, return on equity, Z-Altman, article 141), per statement:
 * for one company and year (filters `legal_person_id` and `fiscal_year`) or in bulk for any set
 * the statements list can filter (industry, ownership, supervising body, year, period, state …),
 * paged and sorted as that list. Figures come from the domain (domain/finance/evaluation.ts),
 * never from SQL; each row carries the line items it read, so a screen can show how it was made.
 */

interface StatementInputs {
  statement_id: number;
  legal_person_id: number;
  company: string;
  ticker: string | null;
  fiscal_year: number;
  period_months: number;
  items: Record<string, number>;
  listed: boolean;
  industry_code: string | null;
}

/** Every line item some calculation reads. */
const ALL_INPUTS = [...new Set(Object.values(CALCULATIONS).flatMap((c) => c.items))];

/**
 * The statements list spec, selecting what the calculations read: the input items extracted from
 * the JSON in SQL and sent as one text of comma-separated numbers (empty for an absent item), in
 * ALL_INPUTS order. Measured on PostgreSQL for 91,733 statements (bench/statements.ts): the whole
 * JSON per row 1.1 s, a column per item 0.9 s, this 0.6 s (the driver's cost is per value).
 */
const inputsList = {
  ...statementList,
  select: sql.raw(`fs.id AS statement_id, fs.legal_person_id, lp.name AS company, lp.ticker,
    fs.fiscal_year::int AS fiscal_year, fs.period_months::int AS period_months,
    array_to_string(ARRAY[${ALL_INPUTS.map((k) => `fs.items->>'${k}'`).join(', ')}], ',', '') AS packed,
    lp.is_listed AS listed, i.code AS industry_code`),
};

/**
 * The statements of `query` (the statements list's filters, sort and paging) with the items the
 * calculations read (million IRR) and what the choice of Altman's model needs.
 */
export async function statementInputs(db: Db, query: ListQuery) {
  const page = await listPage<Omit<StatementInputs, 'items'> & Record<string, unknown>>(
    db,
    inputsList,
    query,
  );
  return {
    ...page,
    data: page.data.map((row) => {
      const items: Record<string, number> = {};
      const values = String(row.packed).split(',');
      for (let i = 0; i < ALL_INPUTS.length; i++) {
        const v = values[i];
        if (v !== undefined && v !== '') items[ALL_INPUTS[i]!] = Number(v);
      }
      return {
        statement_id: row.statement_id,
        legal_person_id: row.legal_person_id,
        company: row.company,
        ticker: row.ticker,
        fiscal_year: row.fiscal_year,
        period_months: row.period_months,
        listed: row.listed,
        industry_code: row.industry_code,
        items,
      } as StatementInputs;
    }),
  };
}

/** Separators of the packed text (ASCII unit and record separators: no name or number holds them). */
const FIELD = '\x1f';
const RECORD = '\x1e';

/**
 * The SQL of `allStatementInputs`: every matching statement as one record of the packed text,
 * fields in the order `unpack` reads them (names with the separators replaced, so a record always
 * has its fields).
 */
export function allInputsSql(query: ListQuery) {
  const conds = listConditions(statementList, query);
  const where = conds.length
    ? sql.join(
        conds.map((c) => sql`(${c})`),
        sql` AND `,
      )
    : sql`TRUE`;
  const clean = (e: string) => `translate(coalesce(${e}, ''), E'\\x1e\\x1f', '  ')`;
  return sql`SELECT string_agg(concat_ws(E'\\x1f', fs.id, fs.legal_person_id, fs.fiscal_year, fs.period_months,
      CASE WHEN lp.is_listed THEN 1 ELSE 0 END, ${sql.raw(clean('i.code'))}, ${sql.raw(clean('lp.ticker'))},
      ${sql.raw(clean('lp.name'))},
      array_to_string(ARRAY[${sql.raw(ALL_INPUTS.map((k) => `fs.items->>'${k}'`).join(', '))}], ',', '')),
      E'\\x1e' ORDER BY fs.fiscal_year DESC, fs.id) AS packed
    FROM ${statementList.from} WHERE ${where}`;
}

/**
 * Every statement matching `query`'s filters and search (the statements list's; no paging, in
 * fiscal year then id order) with the items the calculations read (million IRR): the bulk path
 * of the evaluation export and of the portfolio's figures. PostgreSQL packs all rows into ONE
 * text (the driver's cost is per value: 91,733 statements as 9 values a row through the list
 * engine took 1.9 s, as one text 0.5 s; bench/statements.ts `statements_evaluation_all`).
 */
export async function allStatementInputs(db: Db, query: ListQuery): Promise<StatementInputs[]> {
  const [row] = await queryRows<{ packed: string | null }>(db, allInputsSql(query));
  const packed = row?.packed;
  if (!packed) return [];
  const out: StatementInputs[] = [];
  for (const record of packed.split(RECORD)) {
    const f = record.split(FIELD);
    const items: Record<string, number> = {};
    const values = f[8]!.split(',');
    for (let i = 0; i < ALL_INPUTS.length; i++) {
      const v = values[i];
      if (v !== undefined && v !== '') items[ALL_INPUTS[i]!] = Number(v);
    }
    out.push({
      statement_id: Number(f[0]),
      legal_person_id: Number(f[1]),
      fiscal_year: Number(f[2]),
      period_months: Number(f[3]),
      listed: f[4] === '1',
      industry_code: f[5] || null,
      ticker: f[6] || null,
      company: f[7]!,
      items,
    });
  }
  return out;
}

/** The values of `keys` that `items` has (a loop: it runs for every statement of a bulk export). */
function picked(items: Record<string, number>, keys: readonly string[]) {
  const out: Record<string, number> = {};
  for (const k of keys) {
    const v = items[k];
    if (typeof v === 'number') out[k] = v;
  }
  return out;
}

const companyOf = (s: StatementInputs) => ({
  listed: s.listed,
  manufacturing: isManufacturingIndustry(s.industry_code),
});

const identity = (s: StatementInputs) => ({
  statement_id: s.statement_id,
  legal_person_id: s.legal_person_id,
  company: s.company,
  ticker: s.ticker,
  fiscal_year: s.fiscal_year,
  period_months: s.period_months,
});

/** Every calculation of one statement (an `EvaluationRow`). */
export function evaluationOf(s: StatementInputs) {
  const e = evaluateStatement(s.items, companyOf(s));
  // One literal (no spread): rows are made for every statement of a bulk export.
  return {
    statement_id: s.statement_id,
    legal_person_id: s.legal_person_id,
    company: s.company,
    ticker: s.ticker,
    fiscal_year: s.fiscal_year,
    period_months: s.period_months,
    inputs: picked(s.items, ALL_INPUTS),
    z_variant: e.zVariant,
    marginal_profit: e.ratios.netProfitMargin,
    return_on_asset: e.ratios.returnOnAssets,
    assets_turnover: e.ratios.assetTurnover,
    financial_leverage: e.ratios.financialLeverage,
    return_on_equity: e.ratios.returnOnEquity,
    z_altman: e.z,
    z_prime: altmanZ('z_prime', s.items),
    z_double_prime: altmanZ('z_double_prime', s.items),
    article_141: e.article141,
  };
}

const calculationRoute = (key: CalculationKey, path: string): AnyRoute =>
  defineRoute({
    method: 'get',
    path,
    permission: 'performance',
    summary: `Evaluation: ${key.replace(/-/g, ' ')} per statement (one company and year, or a filtered set)`,
    tags: ['performance'],
    query: listQuerySchema,
    response: listPageOf(calculationRow),
    async handler({ db, query }) {
      const page = await statementInputs(db, query);
      return {
        ...page,
        data: page.data.map((s) => ({
          ...identity(s),
          inputs: picked(s.items, CALCULATIONS[key].items),
          result: calculate(key, s.items, companyOf(s)),
        })),
      };
    },
  });

// One literal path per calculation (a search for the path finds it).
const PATHS: Record<CalculationKey, string> = {
  'marginal-profit': '/api/performance/evaluation/marginal-profit',
  'return-on-asset': '/api/performance/evaluation/return-on-asset',
  'assets-turnover': '/api/performance/evaluation/assets-turnover',
  'financial-leverage': '/api/performance/evaluation/financial-leverage',
  'return-on-equity': '/api/performance/evaluation/return-on-equity',
  'z-altman': '/api/performance/evaluation/z-altman',
  'article-141': '/api/performance/evaluation/article-141',
};

/** Persian text of a not-computable result: what is missing or zero, by the items' Persian names. */
function notComputableText(r: { missing: string[]; reason: string }): string {
  const names = r.missing.map((k) => INPUT_LABELS_FA[k as keyof typeof INPUT_LABELS_FA] ?? k).join('، ');
  return r.reason === 'zero_denominator' ? `مخرج صفر: ${names}` : `نامعلوم: ${names}`;
}

const numberOr = (c: Computed<number>) => (c.ok ? c.value : notComputableText(c));
const zOr = (c: Computed<ZScore>) => (c.ok ? c.value.value : notComputableText(c));

/** One sheet row of the evaluation export (`EVALUATION_SHEET`'s keys). */
function evaluationSheetRow(s: StatementInputs): Record<string, unknown> {
  const e = evaluationOf(s);
  const a: Computed<Article141> = e.article_141;
  return {
    company: e.company,
    ticker: e.ticker,
    fiscal_year: e.fiscal_year,
    period_months: e.period_months,
    marginal_profit: numberOr(e.marginal_profit),
    return_on_asset: numberOr(e.return_on_asset),
    assets_turnover: numberOr(e.assets_turnover),
    financial_leverage: numberOr(e.financial_leverage),
    return_on_equity: numberOr(e.return_on_equity),
    z_variant: Z_VARIANT_LABELS_FA[e.z_variant],
    z_altman: zOr(e.z_altman),
    z_zone: e.z_altman.ok ? Z_ZONE_LABELS_FA[e.z_altman.value.zone] : null,
    z_prime: zOr(e.z_prime),
    z_double_prime: zOr(e.z_double_prime),
    article_141: a.ok ? (a.value.reached ? 'بله' : 'خیر') : notComputableText(a),
    loss_to_capital: a.ok ? a.value.ratio : null,
  };
}

const col = (key: string, header: string, kind: SheetColumn['kind'], width: number): SheetColumn => ({
  key,
  header,
  kind,
  width,
});

/** The evaluation export's columns: ratios as fractions (4 decimals), Z scores, article 141. */
const EVALUATION_SHEET = {
  title: 'ارزیابی صورت‌های مالی',
  columns: [
    col('company', 'شرکت', 'text', 36),
    col('ticker', 'نماد', 'text', 10),
    col('fiscal_year', 'سال مالی', 'int', 9),
    col('period_months', 'دوره (ماه)', 'int', 9),
    col('marginal_profit', 'حاشیه سود خالص', 'decimal', 14),
    col('return_on_asset', 'بازده دارایی‌ها', 'decimal', 14),
    col('assets_turnover', 'گردش دارایی‌ها', 'decimal', 14),
    col('financial_leverage', 'اهرم مالی', 'decimal', 14),
    col('return_on_equity', 'بازده حقوق مالکانه', 'decimal', 16),
    col('z_variant', 'مدل آلتمن', 'text', 22),
    col('z_altman', 'امتیاز Z', 'decimal', 12),
    col('z_zone', 'ناحیه Z', 'text', 14),
    col('z_prime', '′Z', 'decimal', 12),
    col('z_double_prime', '″Z', 'decimal', 12),
    col('article_141', 'مشمول ماده ۱۴۱', 'text', 16),
    col('loss_to_capital', 'زیان انباشته ÷ سرمایه', 'decimal', 18),
  ],
};

/** Sheet rows in batches, made as the file is written (the evaluations are not all held at once). */
async function* evaluationBatches(statements: readonly StatementInputs[]) {
  for (let i = 0; i < statements.length; i += 2000)
    yield statements.slice(i, i + 2000).map(evaluationSheetRow);
}

export const evaluationRoutes: AnyRoute[] = [
  /**
   * GET /api/performance/evaluation/<key> (performance), key one of CALCULATION_KEYS —
   * `ListPage<CalculationRow>`: per statement of the statements list's query (its filters, e.g.
   * `legal_person_id` and `fiscal_year` for one company and year, `industry_id`, `ownership_type`,
   * `article_141` …; its sorts; per_page ≤ 500), the result (a fraction for the ratios; Altman's
   * score of the model chosen by listing and industry with its zone; article 141's verdict,
   * amount and ratio; or `{ ok: false, missing, reason }` naming what is missing or zero) and the
   * line items it read (million IRR). 422 (Persian) on a filter or sort the list does not offer.
   */
  ...CALCULATION_KEYS.map((key) => calculationRoute(key, PATHS[key])),
  /**
   * GET /api/performance/evaluation (performance) — `ListPage<EvaluationRow>`: every calculation
   * of each statement of the query, with Z′ and Z″ beside the chosen model (a listed
   * manufacturer's Z needs a market value the statements lack).
   */
  defineRoute({
    method: 'get',
    path: '/api/performance/evaluation',
    permission: 'performance',
    summary: 'Evaluation: every ratio, Altman Z and article 141 per statement',
    tags: ['performance'],
    query: listQuerySchema,
    response: listPageOf(evaluationRow),
    async handler({ db, query }) {
      const page = await statementInputs(db, query);
      return { ...page, data: page.data.map(evaluationOf) };
    },
  }),
  /**
   * GET /api/performance/evaluation/export (performance) — every statement the statements list's
   * query matches (its filters and search; no paging; newest fiscal year first), evaluated, as a
   * streamed xlsx (default) or csv (`format`): company, ticker, year, period, the five ratios
   * (fractions, 4 decimals), Altman's chosen model, score and zone, Z′ and Z″, article 141 (بله /
   * خیر) and accumulated loss ÷ capital; a figure that is not computable is the Persian text
   * naming what is missing or zero. 422 (Persian, JSON, before any byte of the file) on a bad
   * format, filter or search.
   */
  defineRoute({
    method: 'get',
    path: '/api/performance/evaluation/export',
    permission: 'performance',
    summary: 'Evaluation: every ratio, Altman Z and article 141 of the filtered statements as Excel or CSV',
    tags: ['performance'],
    query: exportQuerySchema.omit({ ids: true }),
    response: { file: Object.values(TRANSFER_MEDIA_TYPES) },
    async handler({ db, deps, query }) {
      const { format, ...list } = query;
      const statements = await allStatementInputs(db, list);
      return fileResponse(EVALUATION_SHEET, evaluationBatches(statements), format, 'evaluation', deps.now());
    },
  }),
];
