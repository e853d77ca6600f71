import { sql } from 'drizzle-orm';
import { type StatementImportReport, statementImportReport } from '../../../contract/financial-statements.ts';
import { importBodySchema, TRANSFER_MEDIA_TYPES } from '../../../contract/person-transfer.ts';
import type { ChartItem } from '../../../domain/finance/chart.ts';
import { filingDueDate } from '../../../domain/finance/filing.ts';
import { checksPass, statementChecks } from '../../../domain/finance/statement-checks.ts';
import type { EntryState } from '../../../domain/finance/statement-entry.ts';
import { HttpError, invalid } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { type AuditBatch, defineMutation } from '../../http/mutation.ts';
import { defineRoute } from '../../http/route.ts';
import { attachment } from '../transfer/export.ts';
import { draftColumns, draftState, recordMoves, updateDrafts } from './drafts.ts';
import { type CellProblem, checkStatementSheet, parseCodalJson } from './import-sheet.ts';
import { userOf } from './moves.ts';
import { EDIT_PERMISSION } from './statements.ts';
import { readChart } from './store.ts';
import { buildStatementTemplate, STATEMENT_SHEET } from './template.ts';

/**
 * Import of financial statements: the product's Excel template (one row per statement, one
 * column per item of the chart, matched by the code row) or Codal's JSON shape
 * (data/codal/statements.json), as a dry run that lists every bad cell and writes nothing, then
 * the same file confirmed: every statement written in one transaction, or none.
 */

/** One statement read from the file, whichever its format, before its company is found. */
interface Read {
  row: number;
  /** The cell that names the company, for a problem about it. */
  companyCell: { sheet: string; cell: string; column: string };
  nationalId?: string;
  symbol?: string;
  fiscalYear: number;
  periodMonths: number;
  periodEnd: string;
  audited: boolean;
  auditorOpinion: string | null;
  items: Record<string, number>;
}

interface Prepared {
  format: StatementImportReport['format'];
  read: Read[];
  problems: CellProblem[];
}

/** Reads the file: JSON (Codal) when its first visible character opens an object or an array, else a sheet. */
async function readFile(file: File, chart: readonly ChartItem[]): Promise<Prepared> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const head = new TextDecoder()
    .decode(bytes.subarray(0, 64))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('{') || head.startsWith('[')) {
    const { statements, problems } = parseCodalJson(new TextDecoder().decode(bytes));
    return {
      format: 'codal_json',
      problems,
      read: statements.map((s) => ({
        ...s,
        companyCell: { sheet: 'JSON', cell: `[${s.row}]`, column: 'symbol' },
      })),
    };
  }
  const checked = await checkStatementSheet(bytes, chart);
  return {
    format: checked.problems.some((p) => p.sheet === 'CSV') ? 'csv' : 'xlsx',
    problems: checked.problems,
    read: checked.statements.map((s) => ({
      ...s,
      companyCell: { sheet: STATEMENT_SHEET, cell: `A${s.row}`, column: 'national_id' },
    })),
  };
}

interface Target {
  id: number | null;
  legal_person_id: number;
  company: string;
  entry_state: EntryState;
  checks_passed: boolean;
  version: number | null;
}

/**
 * The report of `prepared` against the database (companies by national id or ticker; existing
 * statements, which must still be open to entry; previous years for the checks), and what to write.
 */
async function plan(db: Parameters<typeof readChart>[0], chart: readonly ChartItem[], prepared: Prepared) {
  const problems = [...prepared.problems];
  const ids = [...new Set(prepared.read.flatMap((r) => (r.nationalId ? [r.nationalId] : [])))];
  const tickers = [...new Set(prepared.read.flatMap((r) => (r.symbol ? [r.symbol] : [])))];
  const companies = await queryRows<{
    id: number;
    name: string;
    national_id: string | null;
    ticker: string | null;
  }>(
    db,
    sql`SELECT id, name, national_id, ticker FROM legal_persons
        WHERE deleted_at IS NULL AND kind IN ('company', 'holding')
          AND (national_id = ANY(${sql.param(ids)}::text[]) OR ticker = ANY(${sql.param(tickers)}::text[]))`,
  );
  const byNationalId = new Map(companies.filter((c) => c.national_id).map((c) => [c.national_id!, c]));
  const byTicker = new Map(companies.filter((c) => c.ticker).map((c) => [c.ticker!, c]));
  const found = prepared.read.flatMap((r) => {
    const company = r.nationalId ? byNationalId.get(r.nationalId) : byTicker.get(r.symbol ?? '');
    if (!company) {
      problems.push({
        ...r.companyCell,
        messageFa: r.nationalId
          ? `شرکتی با شناسه ملی ${r.nationalId} در فهرست شرکت‌هایی که می‌بینید نیست`
          : `شرکتی با نماد «${r.symbol}» در فهرست شرکت‌هایی که می‌بینید نیست`,
      });
      return [];
    }
    return [{ ...r, company }];
  });
  /**
   * The statements of (company, year, period) triples, matched on the unique index's columns (a
   * join with the triples, not a key built per row: that would read the whole table), keyed
   * `company:year:period`; `lock` locks them for the write.
   */
  const statementsOf = (triples: [number, number, number][], lock: boolean) =>
    queryRows<Target & { key: string; items: Record<string, number> }>(
      db,
      sql`SELECT fs.id, fs.legal_person_id, fs.entry_state, fs.checks_passed, fs.version, fs.items,
            fs.legal_person_id || ':' || fs.fiscal_year || ':' || fs.period_months AS key
          FROM financial_statements fs
          JOIN unnest(${sql.param(triples.map((t) => t[0]))}::int[], ${sql.param(triples.map((t) => t[1]))}::int[],
            ${sql.param(triples.map((t) => t[2]))}::int[]) AS k(lp, fy, pm)
            ON fs.legal_person_id = k.lp AND fs.fiscal_year = k.fy AND fs.period_months = k.pm
          ${lock ? sql`FOR UPDATE OF fs` : sql``}`,
    );
  const existing = await statementsOf(
    found.map((r) => [r.company.id, r.fiscalYear, r.periodMonths]),
    true,
  );
  const byKey = new Map(existing.map((e) => [e.key, e]));
  const previous = await statementsOf(
    found.map((r) => [r.company.id, r.fiscalYear - 1, r.periodMonths]),
    false,
  );
  const previousOf = new Map(previous.map((p) => [p.key, p.items]));
  const inFile = new Map(found.map((r) => [`${r.company.id}:${r.fiscalYear}:${r.periodMonths}`, r.items]));
  const rows: StatementImportReport['rows'] = [];
  const writes: ((typeof found)[number] & { target: Target; passed: boolean })[] = [];
  for (const r of found) {
    const key = `${r.company.id}:${r.fiscalYear}:${r.periodMonths}`;
    const old = byKey.get(key);
    const state = (old?.entry_state ?? 'not_started') as EntryState;
    if (state === 'submitted' || state === 'reviewed') {
      problems.push({
        ...r.companyCell,
        messageFa: `صورت مالی سال ${r.fiscalYear} این شرکت ${state === 'submitted' ? 'ارسال' : 'بررسی'} شده است؛ پیش از اصلاح باید برگشت داده شود`,
      });
      continue;
    }
    const prevKey = `${r.company.id}:${r.fiscalYear - 1}:${r.periodMonths}`;
    const checks = statementChecks(chart, r.items, inFile.get(prevKey) ?? previousOf.get(prevKey) ?? null);
    const passed = checksPass(checks);
    rows.push({
      row: r.row,
      legal_person_id: r.company.id,
      company: r.company.name,
      fiscal_year: r.fiscalYear,
      period_months: r.periodMonths,
      action: old ? 'update' : 'create',
      checks_passed: passed,
      failed: checks.filter((c) => c.status === 'failed').map((c) => c.messageFa),
    });
    writes.push({
      ...r,
      passed,
      target: old
        ? { ...old, company: r.company.name }
        : {
            id: null,
            legal_person_id: r.company.id,
            company: r.company.name,
            entry_state: 'not_started',
            checks_passed: false,
            version: null,
          },
    });
  }
  const report: StatementImportReport = {
    format: prepared.format,
    statements: rows.length,
    created: rows.filter((r) => r.action === 'create').length,
    updated: rows.filter((r) => r.action === 'update').length,
    problems,
    rows,
    written: false,
  };
  return { report, writes };
}

const rejected = (report: StatementImportReport) =>
  new HttpError(
    422,
    'برخی خانه‌های پرونده معتبر نیستند؛ هیچ صورت مالی‌ای ثبت نشد. خانه‌های نام‌برده را اصلاح کنید و دوباره بفرستید',
    undefined,
    { report },
  );

export const importRoutes = [
  /**
   * GET /api/performance/financial-statements/import-template (financial.statements.edit) — the
   * Excel template: one row per statement, a column per active item of the chart (amounts in
   * million IRR, costs negative), the codes in row 2, a guide sheet.
   */
  defineRoute({
    method: 'get',
    path: '/api/performance/financial-statements/import-template',
    permission: EDIT_PERMISSION,
    summary: 'Financial statements: the Excel import template',
    tags: ['performance'],
    response: { file: [TRANSFER_MEDIA_TYPES.xlsx] },
    async handler({ db }) {
      const bytes = await buildStatementTemplate(await readChart(db));
      return new Response(new Uint8Array(bytes), {
        headers: {
          'content-type': TRANSFER_MEDIA_TYPES.xlsx,
          'content-disposition': attachment(
            'الگوی ورود صورت‌های مالی.xlsx',
            'financial-statements-template.xlsx',
          ),
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    },
  }),
  /**
   * POST /api/performance/financial-statements/import (financial.statements.edit) — multipart
   * `file` (the template as .xlsx or CSV, or Codal's JSON) and `dry_run` (default 1) →
   * `StatementImportReport`. A dry run writes nothing. Confirmed (dry_run=0), every statement is
   * written in one transaction or none: created (origin `imported`) or updating a statement still
   * open to entry, each saved as a draft through the statechart with its checks (a failed check
   * is reported and blocks only its submission), audited (`import_create` / `import_update`).
   * 422 with `{ report }` and nothing written when any cell is bad, a company is unknown (or not
   * one the role sees), or a statement is submitted or reviewed; 422 on `file` for a file that is
   * not a readable workbook, CSV or JSON.
   */
  defineMutation({
    method: 'post',
    path: '/api/performance/financial-statements/import',
    permission: EDIT_PERMISSION,
    summary:
      'Financial statements: import from the Excel template or Codal JSON (dry run, then all or nothing)',
    tags: ['performance'],
    bodyType: 'form',
    body: importBodySchema,
    response: statementImportReport,
    // Reading the file is slow: before the transaction opens.
    prepare: async ({ db, body }) => {
      const chart = await readChart(db);
      return { chart, prepared: await readFile(body.file, chart) };
    },
    async handler({ db, body, prepared: { chart, prepared }, session, deps }) {
      const { report, writes } = await plan(db, chart, prepared);
      if (body.dry_run) return { audits: [], result: report };
      if (report.problems.length > 0) throw rejected(report);
      if (writes.length === 0) throw invalid({ file: ['صورت مالی‌ای در پرونده نیست'] });
      const by = userOf(session);
      const at = deps.now().toISOString();
      const rowsOf = writes.map((w) => {
        const to = draftState(w.target.entry_state, w.target.checks_passed, w.passed, by, at);
        if (!to) throw rejected(report);
        return {
          id: w.target.id,
          legal_person_id: w.company.id,
          fiscal_year: w.fiscalYear,
          period_months: w.periodMonths,
          period_end: w.periodEnd,
          due_date: filingDueDate(w.periodEnd, w.periodMonths),
          ...draftColumns(w),
          from_state: w.target.entry_state,
          to_state: to,
        };
      });
      type Row = (typeof rowsOf)[number];
      const col = <K extends keyof Row>(rows: Row[], k: K) => sql.param(rows.map((r) => r[k]));
      const fresh = rowsOf.filter((r) => r.id === null);
      const old = rowsOf.filter((r) => r.id !== null);
      const created = fresh.length
        ? await queryRows<{ id: number }>(
            db,
            sql`INSERT INTO financial_statements (legal_person_id, fiscal_year, period_months, period_end, due_date,
                  audited, auditor_opinion, items, entry_state, checks_passed, article_141, loss, origin)
                SELECT * , 'imported' FROM unnest(${col(fresh, 'legal_person_id')}::int[], ${col(fresh, 'fiscal_year')}::int[],
                  ${col(fresh, 'period_months')}::int[], ${col(fresh, 'period_end')}::date[], ${col(fresh, 'due_date')}::date[],
                  ${col(fresh, 'audited')}::bool[], ${col(fresh, 'auditor_opinion')}::text[], ${col(fresh, 'items')}::jsonb[],
                  ${col(fresh, 'to_state')}::text[], ${col(fresh, 'checks_passed')}::bool[], ${col(fresh, 'article_141')}::bool[],
                  ${col(fresh, 'loss')}::bool[])
                RETURNING id`,
          )
        : [];
      fresh.forEach((r, i) => {
        r.id = created[i]!.id;
      });
      await updateDrafts(
        db,
        old.map((r) => ({ ...r, id: r.id! })),
      );
      await recordMoves(
        db,
        rowsOf.map((r) => ({ ...r, id: r.id! })),
        by,
        at,
        'ورود از پرونده',
      );
      const file = { file: body.file.name || null, format: report.format };
      const audits: AuditBatch[] = [
        {
          action: 'import_create',
          entity: 'financial_statement',
          entityIds: fresh.map((r) => r.id!),
          after: file,
        },
        {
          action: 'import_update',
          entity: 'financial_statement',
          entityIds: old.map((r) => r.id!),
          after: file,
        },
      ].filter((a) => a.entityIds.length > 0);
      return { audits, result: { ...report, written: true } };
    },
  }),
];
