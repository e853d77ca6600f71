import { sql } from 'drizzle-orm';
import {
  DEFAULT_DEA_INPUTS,
  DEFAULT_DEA_OUTPUTS,
  type EfficiencyResult,
  efficiencyQuery,
  efficiencyResult,
} from '../../../contract/rating.ts';
import { BUILTIN_CHART } from '../../../domain/finance/chart.ts';
import { dea } from '../../../domain/finance/dea.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';

/**
 * The relative efficiency (کارایی) of the companies of one industry in one fiscal year: data
 * envelopment analysis, input-oriented, of domain/finance/dea.ts —
 *   CCR (constant returns to scale): Charnes, A., Cooper, W. W. & Rhodes, E. (1978), "Measuring
 *       the efficiency of decision making units", European Journal of Operational Research 2(6):
 *       429–444;
 *   BCC (variable returns to scale): Banker, R. D., Charnes, A. & Cooper, W. W. (1984), "Some
 *       models for estimating technical and scale inefficiencies in data envelopment analysis",
 *       Management Science 30(9): 1078–1092;
 * two-phase (max-slack) as Cooper, Seiford & Tone (2007), "Data Envelopment Analysis", 2nd ed.,
 * Springer, ch. 3–4.
 *
 * The data: each company's annual statement (period_months = 12) of the year, any entry state.
 * Default inputs and outputs (overridable per call from the whitelists of contract/rating.ts):
 *   inputs  total_assets (the capital employed, million IRR) and employees (the labour, a head
 *           count): the two classic factors of production, both positive by the chart's sign
 *           convention, and present on every filed statement of the demo and of Codal;
 *   outputs revenue (درآمد عملیاتی, the volume produced and sold) and operating_profit (سود
 *           عملیاتی, what the operations earn before financing and tax, so that a company
 *           financed by debt is not judged on its financing).
 * DEA needs every input and output positive (CCR 1978's positive-data assumption; CST 2007,
 * ch. 2–3): a company with a missing or non-positive figure (an operating loss, a statement not
 * filled in) or without an annual statement of the year is listed under `excluded` with the
 * Persian reason, never dropped silently. The efficiency is relative to the companies analysed
 * only: an industry with one company scores it 1.
 *
 * Cost: 2n linear programs of n + 1 variables for n companies (HiGHS, synchronous), e.g. about
 * 0.2 s for 60 companies; measured in tests/api/performance-rating.test.ts.
 */

const CHART = new Map(BUILTIN_CHART.map((c) => [c.code, c]));

/** A chart code's Persian name and unit. */
const describe = (code: string) => {
  const item = CHART.get(code);
  return {
    code,
    name_fa: item?.nameFa ?? code,
    unit_fa: item?.unit === 'count' ? 'نفر' : 'میلیون ریال',
  };
};

/** A statement item as a number, or null when absent or not a number. */
const itemValue = (items: Record<string, unknown> | null, code: string): number | null => {
  const v = items?.[code];
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};

/** The DEA of `industryId`'s companies in `year` (see the module comment). 422 on an unknown industry. */
export async function industryEfficiency(
  db: Db,
  industryId: number,
  year: number,
  model: 'ccr' | 'bcc',
  inputCodes: readonly string[] = DEFAULT_DEA_INPUTS,
  outputCodes: readonly string[] = DEFAULT_DEA_OUTPUTS,
): Promise<EfficiencyResult> {
  const [industry] = await queryRows<{ name: string }>(
    db,
    sql`SELECT name FROM industries WHERE id = ${industryId}`,
  );
  if (!industry) throw invalid({ industry_id: ['صنعت یافت نشد'] }, 'صنعت یافت نشد');
  const companies = await queryRows<{
    legal_person_id: number;
    company: string;
    ticker: string | null;
    statement_id: number | null;
    items: Record<string, unknown> | null;
  }>(
    db,
    sql`SELECT lp.id AS legal_person_id, lp.name AS company, lp.ticker, fs.id AS statement_id, fs.items
        FROM legal_persons lp
        LEFT JOIN financial_statements fs
          ON fs.legal_person_id = lp.id AND fs.fiscal_year = ${year} AND fs.period_months = 12
        WHERE lp.industry_id = ${industryId} AND lp.deleted_at IS NULL AND lp.kind IN ('company', 'holding')
        ORDER BY lp.name, lp.id`,
  );
  const excluded: EfficiencyResult['excluded'] = [];
  const included: {
    legal_person_id: number;
    company: string;
    ticker: string | null;
    statement_id: number;
    inputs: number[];
    outputs: number[];
  }[] = [];
  const name = (code: string) => describe(code).name_fa;
  for (const c of companies) {
    const who = { legal_person_id: c.legal_person_id, company: c.company, ticker: c.ticker };
    if (c.statement_id === null) {
      excluded.push({
        ...who,
        statement_id: null,
        reason_fa: `صورت مالی سالانه سال ${toPersianDigits(year)} ثبت نشده است`,
        codes: [],
      });
      continue;
    }
    const inputs = inputCodes.map((code) => itemValue(c.items, code));
    const outputs = outputCodes.map((code) => itemValue(c.items, code));
    const codes = [...inputCodes, ...outputCodes];
    const values = [...inputs, ...outputs];
    const missing = codes.filter((_, i) => values[i] === null);
    const nonPositive = codes.filter((_, i) => values[i] !== null && values[i]! <= 0);
    if (missing.length > 0 || nonPositive.length > 0) {
      const parts = [
        missing.length > 0 ? `بی‌مقدار: ${missing.map(name).join('، ')}` : '',
        nonPositive.length > 0 ? `صفر یا منفی: ${nonPositive.map(name).join('، ')}` : '',
      ].filter(Boolean);
      excluded.push({
        ...who,
        statement_id: c.statement_id,
        reason_fa: `تحلیل پوششی داده‌ها تنها داده مثبت می‌پذیرد؛ ${parts.join('؛ ')}`,
        codes: [...missing, ...nonPositive],
      });
      continue;
    }
    included.push({
      ...who,
      statement_id: c.statement_id,
      inputs: inputs as number[],
      outputs: outputs as number[],
    });
  }
  const results =
    included.length === 0
      ? []
      : await dea(
          included.map((u) => ({ id: String(u.legal_person_id), inputs: u.inputs, outputs: u.outputs })),
          { model },
        );
  const byId = new Map(included.map((u) => [String(u.legal_person_id), u]));
  return {
    industry_id: industryId,
    industry: industry.name,
    fiscal_year: year,
    model,
    inputs: inputCodes.map(describe),
    outputs: outputCodes.map(describe),
    units: results.map((res, i) => {
      const u = included[i]!;
      return {
        legal_person_id: u.legal_person_id,
        company: u.company,
        ticker: u.ticker,
        statement_id: u.statement_id,
        values: { inputs: u.inputs, outputs: u.outputs },
        efficiency: res.efficiency,
        efficient: res.efficient,
        peers: res.lambdas.map((l) => ({
          legal_person_id: Number(l.id),
          company: byId.get(l.id)!.company,
          lambda: l.weight,
        })),
        targets: res.targets,
        slacks: res.slacks,
      };
    }),
    excluded,
  };
}

export const efficiencyRoutes: AnyRoute[] = [
  /**
   * GET /api/performance/evaluation/efficiency (performance) — `EfficiencyResult`: the DEA
   * (Charnes, Cooper & Rhodes 1978 CCR; Banker, Charnes & Cooper 1984 BCC; input-oriented,
   * two-phase) of the live companies of `industry_id` in `fiscal_year` (Jalali), `model` ccr
   * (default) or bcc, on their annual statements. Inputs default to total_assets (million IRR)
   * and employees (head count), outputs to revenue and operating_profit (million IRR); `inputs`
   * and `outputs` (comma-separated, 1–4 codes of DEA_INPUT_CODES / DEA_OUTPUT_CODES) choose
   * others. Per company: its values, efficiency θ* (fraction, 0 < θ* ≤ 1), whether fully
   * efficient, its peers (efficient companies with λ), targets and slacks (units of the data).
   * Companies without a statement or with a missing or non-positive figure are in `excluded`
   * with the Persian reason. 422 (Persian) on a missing or unknown industry, a missing or bad
   * year, an unknown model or code.
   */
  defineRoute({
    method: 'get',
    path: '/api/performance/evaluation/efficiency',
    permission: 'performance',
    summary: 'Efficiency (DEA, CCR or BCC) of the companies of one industry in a fiscal year',
    tags: ['performance'],
    query: efficiencyQuery,
    response: efficiencyResult,
    handler: ({ db, query }) =>
      industryEfficiency(db, query.industry_id, query.fiscal_year, query.model, query.inputs, query.outputs),
  }),
];
