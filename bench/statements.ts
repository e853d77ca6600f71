import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Hono } from 'hono';
import { listQuerySchema } from '../src/contract/list.ts';
import { entryMatrixEntity, matrixYears } from '../src/contract/statement-matrix.ts';
import { type DeaUnit, dea } from '../src/domain/finance/dea.ts';
import type { Database } from '../src/server/db/client.ts';
import { entityListSpec } from '../src/server/http/entity-list.ts';
import { listPage, queryRows } from '../src/server/http/list.ts';
import { allInputsSql, allStatementInputs, evaluationOf } from '../src/server/modules/finance/evaluation.ts';
import { matrixSource } from '../src/server/modules/finance/matrix.ts';
import { readChart } from '../src/server/modules/finance/store.ts';
import { buildStatementTemplate } from '../src/server/modules/finance/template.ts';
import { scaleStatements } from '../src/server/seed/finance.ts';
import { ratio, report, time, timePair } from './measure.ts';

/**
 * Issue 16's figures, each beside a baseline measured in the same run, on a bench database of
 * 10,000 legal persons with ten fiscal years of generated annual statements per company
 * (seed/finance.ts `scaleStatements`, added once and kept):
 * - `statements_evaluation_all`: every ratio, Altman's Z (the fitting model, and Z′ and Z″) and
 *   article 141 for every statement (finance/evaluation.ts `evaluationOf`, the evaluation
 *   export's rows), end to end from the database (`allStatementInputs`: the statements list's
 *   filters, every row packed by SQL, unpacked, then the calculations), beside the same SQL
 *   alone; the share outside SQL. Target < 1 s.
 * - `statements_dea_200`: CCR and BCC for an industry of 200 companies of one year (inputs total
 *   assets and employees, outputs revenue and gross profit), beside the solver's floor (200 LPs of
 *   one variable each through the same HiGHS build). Target < 2 s.
 * - `statements_matrix`: the entry-state matrix endpoint (companies × 10 years, filtered by
 *   industry and state, first block of 100) through the app, beside its raw list query. Target on
 *   PostgreSQL: p95 < 100 ms and within 1.5×.
 * - `statements_import_1000`: the template filled with 1,000 statements, a dry run and the
 *   confirmed import through the app, beside reading the same workbook with ExcelJS alone; peak
 *   RSS growth. Target < 30 s, memory bounded.
 */

const COMPANIES = 10_000;
const YEARS = 10;

type App = Hono<any>;

async function request(app: App, cookie: string, path: string, init: RequestInit = {}) {
  const res = await app.request(path, {
    ...init,
    headers: { cookie, 'x-xsrf-token': xsrfOf(cookie), ...init.headers },
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 300)}`);
  return body;
}
const xsrfOf = (cookie: string) => /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';

/** Adds the statements once (a marker in settings records it). */
async function ensureStatements(database: Database) {
  const db = database.db;
  const [mark] = await queryRows<{ value: string }>(
    db,
    sql`SELECT value FROM settings WHERE key = 'bench_statements'`,
  );
  const want = JSON.stringify({ companies: COMPANIES, years: YEARS, v: 1 });
  if (mark?.value === want) return null;
  const t0 = performance.now();
  const n = await scaleStatements(db, { companies: COMPANIES, years: YEARS });
  await db.execute(sql`DELETE FROM settings WHERE key = 'bench_statements'`);
  await db.execute(
    sql`INSERT INTO settings (key, value, title) VALUES ('bench_statements', ${want}, 'benchmark statements')`,
  );
  return { statements: n, ms: Math.round(performance.now() - t0) };
}

/** The session cookie with an anti-forgery token the server issued for it (state-changing calls need one). */
async function withXsrf(app: App, cookie: string): Promise<string> {
  const res = await app.request('/api/user', { headers: { cookie } });
  await res.text();
  const token = /XSRF-TOKEN=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('no anti-forgery token issued');
  return cookie.replace(/XSRF-TOKEN=[^;]+/, `XSRF-TOKEN=${token}`);
}

export async function statementsBench(
  engine: 'pglite' | 'postgres',
  database: Database,
  app: App,
  session: string,
  runs: number,
) {
  const db = database.db;
  const cookie = await withXsrf(app, session);
  const built = await ensureStatements(database);
  if (built) report({ figure: 'statements_build', engine, ...built });
  const [counts] = await queryRows<{ statements: number; companies: number }>(
    db,
    sql`SELECT count(*)::int AS statements, count(DISTINCT legal_person_id)::int AS companies FROM financial_statements`,
  );
  const base = { engine, ...counts };

  // 1. Every calculation for every statement, from the database (the evaluation export's path).
  const query = listQuerySchema.parse({});
  let statements = 0;
  const [endToEnd, rawSql] = await timePair(
    async () => {
      const all = await allStatementInputs(db, query);
      statements = all.length;
      for (const s of all) evaluationOf(s);
    },
    () => queryRows(db, allInputsSql(query)),
    Math.max(3, Math.round(runs / 40)),
    1,
  );
  report({
    figure: 'statements_evaluation_all',
    ...base,
    evaluated: statements,
    end_to_end: endToEnd,
    sql_only: rawSql,
    share_outside_sql: Math.round((1 - rawSql.p50_ms / endToEnd.p50_ms) * 100) / 100,
    target: 'end_to_end p50 < 1000 ms',
    ok: endToEnd.p50_ms < 1000,
  });

  // 2. DEA for an industry of 200 companies of one year.
  const units = await queryRows<{ id: number; items: Record<string, number> }>(
    db,
    sql`SELECT fs.legal_person_id AS id, fs.items FROM financial_statements fs
        WHERE fs.fiscal_year = 1403 AND fs.period_months = 12
          AND (fs.items->>'total_assets')::numeric > 0 AND (fs.items->>'employees')::numeric > 0
          AND (fs.items->>'revenue')::numeric > 0 AND (fs.items->>'gross_profit')::numeric > 0
        ORDER BY fs.legal_person_id LIMIT 200`,
  );
  const dmu: DeaUnit[] = units.map((u) => ({
    id: String(u.id),
    inputs: [u.items.total_assets!, u.items.employees!],
    outputs: [u.items.revenue!, u.items.gross_profit!],
  }));
  const floorUnits: DeaUnit[] = dmu.map((u) => ({ id: u.id, inputs: [1], outputs: [1] }));
  for (const model of ['ccr', 'bcc'] as const) {
    const [solved, floor] = await timePair(
      () => dea(dmu, { model }),
      () => dea(floorUnits, { model }),
      3,
      1,
    );
    report({
      figure: `statements_dea_200_${model}`,
      engine,
      units: dmu.length,
      dea: solved,
      solver_floor: floor,
      ratio_p50: ratio(solved.p50_ms, floor.p50_ms),
      target: 'p50 < 2000 ms',
      ok: solved.p50_ms < 2000,
    });
  }

  // 3. The entry-state matrix, filtered, first block.
  const [industry] = await queryRows<{ id: number }>(
    db,
    sql`SELECT lp.industry_id AS id FROM legal_persons lp JOIN financial_statements fs ON fs.legal_person_id = lp.id
        WHERE lp.industry_id IS NOT NULL GROUP BY lp.industry_id ORDER BY count(*) DESC LIMIT 1`,
  );
  for (const [name, params] of [
    ['all', { from_year: '1395', to_year: '1404', per_page: '100' }],
    [
      'filtered',
      {
        from_year: '1395',
        to_year: '1404',
        per_page: '100',
        industry_id: String(industry?.id ?? 1),
        entry_state: 'submitted',
      },
    ],
  ] as const) {
    const qs = new URLSearchParams(params).toString();
    const q = listQuerySchema.extend(matrixYears.shape).parse(params);
    const spec = entityListSpec(entryMatrixEntity, matrixSource(1395, 1404));
    const [endpoint, raw] = await timePair(
      () => request(app, cookie, `/api/performance/financial-statements-entry-state?${qs}`),
      () => listPage(db, spec, q),
      runs,
    );
    const r = ratio(endpoint.p95_ms, raw.p95_ms);
    report({
      figure: `statements_matrix_${name}`,
      ...base,
      params,
      endpoint,
      raw,
      ratio_p95: r,
      target: 'postgres: p95 < 100 ms and ratio_p95 <= 1.5',
      ok: engine !== 'postgres' || (endpoint.p95_ms < 100 && r <= 1.5),
    });
  }

  // 4. The template import of 1,000 statements.
  const companies = await queryRows<{ national_id: string }>(
    db,
    sql`SELECT national_id FROM legal_persons WHERE kind = 'company' AND deleted_at IS NULL AND national_id IS NOT NULL
        ORDER BY id DESC LIMIT 1000`,
  );
  const chart = await readChart(db);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await buildStatementTemplate(chart)) as never);
  const ws = wb.worksheets[0]!;
  const codes = (ws.getRow(2).values as unknown[]).slice(1).map(String);
  const item = (code: string) => codes.indexOf(code) + 1;
  companies.forEach((c, i) => {
    const row = ws.getRow(3 + i);
    row.getCell(item('national_id')).value = c.national_id;
    row.getCell(item('fiscal_year')).value = 1405;
    row.getCell(item('period_months')).value = 3;
    const v: Record<string, number> = {
      total_assets: 1000 + i,
      non_current_assets: 400,
      fixed_assets: 350,
      current_assets: 600 + i,
      cash: 50,
      receivables: 200,
      inventory: 100,
      total_liabilities: 500,
      current_liabilities: 400,
      non_current_liabilities: 100,
      total_equity: 500 + i,
      capital: 300,
      retained_earnings: 150 + i,
      revenue: 2000,
      cost_of_revenue: -1500,
      gross_profit: 500,
      operating_expenses: -200,
      other_operating: 10,
      operating_profit: 310,
      net_profit: 200,
    };
    for (const [k, n] of Object.entries(v)) row.getCell(item(k)).value = n;
    row.commit();
  });
  const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
  const form = (dryRun: boolean) => {
    const f = new FormData();
    f.set('file', new File([bytes as BlobPart], 'statements.xlsx'));
    f.set('dry_run', dryRun ? '1' : '0');
    return f;
  };
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const readOnly = await time(
    async () => {
      const w = new ExcelJS.Workbook();
      await w.xlsx.load(Buffer.from(bytes) as never);
    },
    1,
    0,
  );
  const dry = await time(
    () =>
      request(app, cookie, '/api/performance/financial-statements/import', {
        method: 'POST',
        body: form(true),
      }),
    1,
    0,
  );
  const write = await time(
    () =>
      request(app, cookie, '/api/performance/financial-statements/import', {
        method: 'POST',
        body: form(false),
      }),
    1,
    0,
  );
  clearInterval(sample);
  const total = dry.p50_ms + write.p50_ms;
  report({
    figure: 'statements_import_1000',
    engine,
    statements: companies.length,
    file_bytes: bytes.length,
    exceljs_read_only: readOnly,
    dry_run: dry,
    confirmed: write,
    ratio_to_read_only: ratio(total, readOnly.p50_ms),
    peak_rss_growth_mb: Math.round((peak - rss0) / 1024 / 1024),
    target: 'dry run + import < 30000 ms',
    ok: total < 30_000,
  });
  // The imported statements go again, so a later run imports the same 1,000 afresh.
  await db.execute(
    sql`DELETE FROM financial_statements WHERE origin = 'imported' AND fiscal_year = 1405 AND period_months = 3`,
  );
}
