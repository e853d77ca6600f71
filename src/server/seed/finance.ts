import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { isManufacturingIndustry } from '../../domain/finance/altman.ts';
import { BUILTIN_CHART } from '../../domain/finance/chart.ts';
import { checkStatement } from '../../domain/finance/checks.ts';
import { type CodalStatementRecord, codalPeriod, codalStatementItems } from '../../domain/finance/codal.ts';
import { statementVerdicts } from '../../domain/finance/evaluation.ts';
import { filingDueDate } from '../../domain/finance/filing.ts';
import {
  applyMove,
  INITIAL_STATEMENT_ENTRY,
  type StatementEntryContext,
} from '../../domain/finance/statement-entry.ts';
import { parseJalaliDate } from '../../domain/jalali.ts';
import { toPersianDigits } from '../../domain/persian-text.ts';
import { createRng } from '../../domain/random.ts';
import type { Db } from '../db/client.ts';
import { type BulkType, bulkInsert, maxId, query, syncSequence } from './bulk.ts';
import { type GeneratedStatement, generateStatements, type StatementCompany } from './statements-model.ts';

/**
 * The chart of line items (every mode: SEED=demo and SEED=none, and databases made before it):
 * the builtin items of domain/finance/chart.ts, added when missing and never changed once there
 * (staff may have renamed or deactivated them).
 */
export async function seedChart(db: Db): Promise<void> {
  // Parents before their children (the cash-flow total is laid out after its parts).
  const done = new Set<string>();
  const byDepth = [...BUILTIN_CHART];
  while (byDepth.length > 0) {
    const i = byDepth.findIndex((c) => c.parent === null || done.has(c.parent));
    const c = byDepth.splice(i, 1)[0]!;
    done.add(c.code);
    await db.execute(
      sql`INSERT INTO statement_items (code, name_fa, statement_kind, parent_code, sign, is_total, unit, position, builtin, active)
          VALUES (${c.code}, ${c.nameFa}, ${c.statementKind}, ${c.parent}, ${c.sign}, ${c.isTotal}, ${c.unit}, ${c.position}, true, true)
          ON CONFLICT (code) DO NOTHING`,
    );
  }
}

export const STATEMENT_COLUMNS: Record<string, BulkType> = {
  id: 'int',
  legal_person_id: 'int',
  fiscal_year: 'int',
  period_months: 'int',
  period_end: 'date',
  due_date: 'date',
  audited: 'bool',
  auditor_opinion: 'text',
  items: 'jsonb',
  entry_state: 'text',
  checks_passed: 'bool',
  article_141: 'bool',
  loss: 'bool',
  origin: 'text',
  source_note: 'text',
  filed_at: 'timestamptz',
};

export const MOVE_COLUMNS: Record<string, BulkType> = {
  statement_id: 'int',
  from_state: 'text',
  to_state: 'text',
  by_user_id: 'int',
  at: 'timestamptz',
  note: 'text',
};

const codalRecords = (): CodalStatementRecord[] =>
  JSON.parse(readFileSync(new URL('../../../data/codal/statements.json', import.meta.url), 'utf8'));

/** The ISO date of a Jalali `YYYY/MM/DD` (the 30th of Esfand falls back to the 29th outside leap years). */
function isoOfJalali(jalali: string): string {
  const iso = parseJalaliDate(jalali) ?? parseJalaliDate(jalali.replace(/\/30$/, '/29'));
  if (!iso) throw new Error(`not a Jalali date: ${jalali}`);
  return iso;
}

/** A statement row for bulkInsert, and its moves (ids filled in by `insertStatements`). */
interface StatementRow {
  row: Record<string, unknown>;
  entry: StatementEntryContext;
}

async function insertStatements(db: Db, statements: StatementRow[]): Promise<void> {
  let id = await maxId(db, 'financial_statements');
  const moves: Record<string, unknown>[] = [];
  for (const s of statements) {
    s.row.id = ++id;
    s.row.entry_state = s.entry.state;
    s.row.checks_passed = s.entry.checksPassed;
    s.row.due_date = filingDueDate(s.row.period_end as string, s.row.period_months as number);
    const verdicts = statementVerdicts(s.row.items as Record<string, number>);
    s.row.article_141 = verdicts.article141;
    s.row.loss = verdicts.loss;
    s.row.items = JSON.stringify(s.row.items);
    for (const m of s.entry.history)
      moves.push({
        statement_id: id,
        from_state: m.from,
        to_state: m.to,
        by_user_id: m.by,
        at: m.at,
        note: m.note,
      });
  }
  await bulkInsert(
    db,
    'financial_statements',
    STATEMENT_COLUMNS,
    statements.map((s) => s.row),
  );
  await bulkInsert(db, 'financial_statement_moves', MOVE_COLUMNS, moves);
  await syncSequence(db, 'financial_statements');
}

/**
 * The real statements (data/codal/statements.json: کاوه, 1386–1404, and شرانل, 1402–1404) of the
 * listed companies the portfolio holds, matched by ticker; `origin` codal, `source_note` naming
 * the record and its source. Each is entered and submitted by the preparer and reviewed by the
 * reviewer at the period end plus four months (the filing deadline), since they were published;
 * the checks of every one pass (tested in domain/finance/codal-statements.test.ts).
 */
function realStatements(
  companies: Map<string, number>,
  users: { preparer: number; reviewer: number },
): StatementRow[] {
  const out: StatementRow[] = [];
  const records = codalRecords();
  for (const r of records) {
    const lp = companies.get(r.symbol);
    if (lp === undefined) continue;
    const period = codalPeriod(r);
    const items = codalStatementItems(r);
    const periodEnd = isoOfJalali(period.periodEndJalali);
    const previous = records.find(
      (p) =>
        p.symbol === r.symbol &&
        codalPeriod(p).fiscalYear === period.fiscalYear - 1 &&
        codalPeriod(p).periodMonths === 12,
    );
    const checks = checkStatement(items, {
      otherOperating: items.other_operating ?? null,
      previous: previous ? codalStatementItems(previous) : null,
      dividends: items.dividends ?? null,
    });
    const passed = checks.every((c) => c.ok || c.severity === 'warning');
    const at = (days: number) =>
      new Date(Date.parse(`${periodEnd}T09:00:00+03:30`) + days * 86_400_000).toISOString();
    let entry: StatementEntryContext = INITIAL_STATEMENT_ENTRY;
    const move = (e: Parameters<typeof applyMove>[1]) => {
      const next = applyMove(entry, e);
      if (!next) throw new Error(`seed: refused move ${e.type} for ${r.id}`);
      entry = next;
    };
    move({
      type: 'SAVE_DRAFT',
      checksPassed: passed,
      by: users.preparer,
      at: at(100),
      note: 'ورود از داده‌های منتشرشده کدال',
    });
    if (passed) {
      move({ type: 'SUBMIT', by: users.preparer, at: at(110) });
      move({ type: 'REVIEW', by: users.reviewer, at: at(120) });
    }
    out.push({
      row: {
        legal_person_id: lp,
        fiscal_year: period.fiscalYear,
        period_months: period.periodMonths,
        period_end: periodEnd,
        audited: r.audited === true,
        auditor_opinion: null,
        items,
        origin: 'codal',
        source_note: `منتشرشده در کدال: ${r.company_name_fa ?? r.symbol}، دوره منتهی به ${toPersianDigits(period.periodEndJalali)}؛ منبع و مجوز در فهرست منابع داده‌های سامانه آمده است.`,
        filed_at: passed ? at(110) : null,
      },
      entry,
    });
  }
  return out;
}

/**
 * Demo statements (SEED=demo, after the accounts: the moves name the demo analyst as preparer and
 * the auditor as reviewer), once: nothing when statements exist. The real Codal statements of the
 * listed companies that have them, then five fiscal years (1400–1404) of generated annual
 * statements (`origin` demo) for every other live company and holding (seed/statements-model.ts:
 * consistent by the checks, with a share missing, late, inconsistent, loss-making and under
 * article 141). `now` is the seed's today.
 */
export async function seedStatements(db: Db, now = new Date()): Promise<{ real: number; generated: number }> {
  const [exists] = await query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM financial_statements`);
  if ((exists?.n ?? 0) > 0) return { real: 0, generated: 0 };
  const userRows = await query<{ id: number; username: string }>(
    db,
    sql`SELECT id, username FROM users WHERE username IN ('analyst', 'auditor', 'admin')`,
  );
  const userId = (name: string) => userRows.find((u) => u.username === name)?.id;
  const preparer = userId('analyst') ?? userId('admin');
  const reviewer = userId('auditor') ?? userId('admin');
  if (preparer === undefined || reviewer === undefined) return { real: 0, generated: 0 };
  const listed = await query<{ id: number; ticker: string }>(
    db,
    sql`SELECT id, ticker FROM legal_persons WHERE is_listed AND ticker IS NOT NULL AND deleted_at IS NULL`,
  );
  const real = realStatements(new Map(listed.map((c) => [c.ticker, c.id])), { preparer, reviewer });
  const withReal = new Set(real.map((s) => s.row.legal_person_id as number));
  const companies = await statementCompanies(db);
  const generated = generateStatements(
    createRng(1405),
    companies.filter((c) => !withReal.has(c.id)),
    {
      years: [1400, 1401, 1402, 1403, 1404],
      preparerId: preparer,
      reviewerId: reviewer,
      now: now.toISOString(),
    },
  );
  await insertStatements(db, [...real, ...generated.map(generatedRow)]);
  return { real: real.length, generated: generated.length };
}

/** The live companies and holdings statements are generated for, with what the generator needs. */
export async function statementCompanies(db: Db, afterId = 0): Promise<StatementCompany[]> {
  const rows = await query<{
    id: number;
    capital: string | null;
    listed: boolean;
    industry: string | null;
    employees: number | null;
  }>(
    db,
    sql`SELECT lp.id, lp.registered_capital::text AS capital, lp.is_listed AS listed, i.code AS industry, lp.employees
        FROM legal_persons lp LEFT JOIN industries i ON i.id = lp.industry_id
        WHERE lp.kind IN ('company', 'holding') AND lp.deleted_at IS NULL AND lp.id > ${afterId}
        ORDER BY lp.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    capitalIrr: r.capital,
    listed: r.listed,
    manufacturing: isManufacturingIndustry(r.industry),
    employees: r.employees,
  }));
}

/** A generated statement as a row to insert. */
export function generatedRow(s: GeneratedStatement): StatementRow {
  return {
    row: {
      legal_person_id: s.legalPersonId,
      fiscal_year: s.fiscalYear,
      period_months: s.periodMonths,
      period_end: s.periodEnd,
      audited: s.audited,
      auditor_opinion: s.auditorOpinion,
      items: s.items,
      origin: 'demo',
      source_note: null,
      filed_at: s.filedAt,
    },
    entry: s.entry,
  };
}

/** Inserts generated statements (the scale seed's path). */
export const insertGeneratedStatements = (db: Db, statements: readonly GeneratedStatement[]) =>
  insertStatements(db, statements.map(generatedRow));

/**
 * Statements for load tests and benchmarks (`npm run seed -- --scale N --statements Y`): `years`
 * annual statements (fiscal years ending with 1404) of up to `companies` live companies and
 * holdings (the first by id), generated as the demo's are; the demo's generated statements of
 * those companies are replaced, real (Codal) ones kept. Returns how many were written.
 */
export async function scaleStatements(
  db: Db,
  opts: { companies: number; years: number; log?: (line: string) => void },
): Promise<number> {
  const t0 = performance.now();
  const userRows = await query<{ id: number }>(
    db,
    sql`SELECT id FROM users WHERE username IN ('analyst', 'auditor', 'admin') ORDER BY username = 'analyst' DESC, id`,
  );
  const by = userRows[0]?.id;
  if (by === undefined) throw new Error('scaleStatements: no user to name as preparer');
  const real = new Set(
    (
      await query<{ id: number }>(
        db,
        sql`SELECT DISTINCT legal_person_id AS id FROM financial_statements WHERE origin = 'codal'`,
      )
    ).map((r) => r.id),
  );
  const companies = (await statementCompanies(db)).filter((c) => !real.has(c.id)).slice(0, opts.companies);
  await db.execute(
    sql`DELETE FROM financial_statements WHERE origin = 'demo' AND legal_person_id = ANY(${`{${companies.map((c) => c.id).join(',')}}`}::int[])`,
  );
  const years = Array.from({ length: opts.years }, (_, i) => 1404 - opts.years + 1 + i);
  let written = 0;
  // In slices, so that memory stays flat however many statements are asked for.
  for (let i = 0; i < companies.length; i += 2000) {
    const slice = companies.slice(i, i + 2000);
    const generated = generateStatements(createRng(7_000 + i), slice, {
      years,
      preparerId: by,
      reviewerId: by,
      now: new Date().toISOString(),
    });
    await insertGeneratedStatements(db, generated);
    written += generated.length;
    opts.log?.(`statements: ${written} for ${Math.min(i + 2000, companies.length)} companies`);
  }
  await db.execute(sql`ANALYZE financial_statements`);
  opts.log?.(`statements: ${written} in ${Math.round(performance.now() - t0)} ms`);
  return written;
}
