import { sql } from 'drizzle-orm';
import { listPageOf } from '../../../contract/api-envelope.ts';
import { calculationRow, evaluationRow } from '../../../contract/evaluation.ts';
import { type ListQuery, listQuerySchema } from '../../../contract/list.ts';
import { altmanZ, isManufacturingIndustry } from '../../../domain/finance/altman.ts';
import {
  CALCULATION_KEYS,
  CALCULATIONS,
  type CalculationKey,
  calculate,
  evaluateStatement,
} from '../../../domain/finance/evaluation.ts';
import type { Db } from '../../db/client.ts';
import { listPage } from '../../http/list.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
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

const picked = (items: Record<string, number>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((k) => typeof items[k] === 'number').map((k) => [k, items[k]!]));

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
  return {
    ...identity(s),
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
];
