import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  statementCreateInput,
  statementItemsInput,
  statementSaved,
} from '../../../contract/financial-statements.ts';
import { positiveId } from '../../../contract/ids.ts';
import { filingDueDate, periodEndOf } from '../../../domain/finance/filing.ts';
import { checksPass, statementChecks } from '../../../domain/finance/statement-checks.ts';
import { ENTRY_STATE_LABELS_FA, type EntryState } from '../../../domain/finance/statement-entry.ts';
import { toPersianDigits } from '../../../domain/persian-text.ts';
import { conflict, invalid, notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { defineMutation } from '../../http/mutation.ts';
import { draftColumns, draftState, recordMoves, updateDrafts } from './drafts.ts';
import { userOf } from './moves.ts';
import { EDIT_PERMISSION } from './statements.ts';
import { readChart } from './store.ts';

interface Locked {
  id: number;
  legal_person_id: number;
  fiscal_year: number;
  period_months: number;
  version: number;
  entry_state: EntryState;
  checks_passed: boolean;
  items: Record<string, number>;
  audited: boolean;
  auditor_opinion: string | null;
}

export const entryRoutes = [
  /**
   * PUT /api/performance/financial-statements/:id/items (financial.statements.edit) —
   * `statementItemsInput` → `{ id, version, entry_state, checks_passed, checks }`. Saves the figures
   * (million IRR by chart code; null clears one) as a draft (the statechart's SAVE_DRAFT: from not
   * started, draft or returned), runs every check (domain/finance/statement-checks.ts, against the
   * previous fiscal year's statement of the same period length) and stores whether they passed: a
   * failed check allows the draft and blocks submission. Errors: 422 per item for a code not in the
   * active chart or a value out of range (nothing written); 409 when the version read is stale or
   * the state does not allow a save (submitted or reviewed); 404 no such statement. Audited
   * `financial_statement` `save` with the items before and after.
   */
  defineMutation({
    method: 'put',
    path: '/api/performance/financial-statements/:id{[0-9]+}/items',
    permission: EDIT_PERMISSION,
    summary: 'Save a financial statement’s line items as a draft (checks run)',
    tags: ['performance'],
    params: z.object({ id: positiveId }),
    body: statementItemsInput,
    response: statementSaved,
    audit: { entity: 'financial_statement', action: 'save' },
    async handler({ db, params, body, session, deps }) {
      const chart = await readChart(db);
      const active = new Set(chart.filter((c) => c.active).map((c) => c.code));
      const unknown = Object.keys(body.items).filter((k) => !active.has(k));
      if (unknown.length > 0)
        throw invalid(
          Object.fromEntries(unknown.map((k) => [`items.${k}`, ['این قلم در سرفصل اقلام فعال نیست']])),
        );
      const [row] = await queryRows<Locked>(
        db,
        sql`SELECT fs.id, fs.legal_person_id, fs.fiscal_year::int, fs.period_months::int, fs.version, fs.entry_state,
              fs.checks_passed, fs.items, fs.audited, fs.auditor_opinion
            FROM financial_statements fs JOIN legal_persons lp ON lp.id = fs.legal_person_id AND lp.deleted_at IS NULL
            WHERE fs.id = ${params.id} FOR UPDATE OF fs`,
      );
      if (!row) throw notFound('صورت مالی یافت نشد');
      if (row.version !== body.version)
        throw conflict('این صورت مالی پس از بازکردن شما تغییر کرده است؛ صفحه را دوباره باز کنید');
      const items = Object.fromEntries(
        Object.entries({ ...body.items }).filter((e): e is [string, number] => e[1] !== null),
      );
      const [previous] = await queryRows<{ items: Record<string, number> }>(
        db,
        sql`SELECT items FROM financial_statements WHERE legal_person_id = ${row.legal_person_id}
            AND fiscal_year = ${row.fiscal_year - 1} AND period_months = ${row.period_months}`,
      );
      const checks = statementChecks(chart, items, previous?.items ?? null);
      const passed = checksPass(checks);
      const at = deps.now().toISOString();
      const by = userOf(session);
      const state = draftState(row.entry_state, row.checks_passed, passed, by, at);
      if (!state)
        throw conflict(
          `صورت مالی «${ENTRY_STATE_LABELS_FA[row.entry_state]}» ویرایش نمی‌شود؛ برای اصلاح باید برگشت داده شود`,
        );
      const figures = draftColumns({
        items,
        passed,
        audited: body.audited ?? row.audited,
        auditorOpinion: body.auditor_opinion !== undefined ? body.auditor_opinion : row.auditor_opinion,
      });
      const versions = await updateDrafts(db, [{ id: row.id, to_state: state, ...figures }]);
      await recordMoves(db, [{ id: row.id, from_state: row.entry_state, to_state: state }], by, at, null);
      return {
        id: row.id,
        before: { entry_state: row.entry_state, items: row.items },
        after: { entry_state: state, items, checks_passed: passed },
        result: {
          id: row.id,
          version: versions.get(row.id)!,
          entry_state: state,
          checks_passed: passed,
          checks,
        },
      };
    },
  }),
  /**
   * POST /api/performance/financial-statements (financial.statements.edit) —
   * `statementCreateInput` → `{ id }`: a not-started statement of a live company or holding for a
   * Jalali fiscal year and period, its period end and due date from the calendar
   * (domain/finance/filing.ts). 422 on `legal_person_id` for an unknown, deleted or other kind of
   * legal person; 422 on `fiscal_year` when the company already has that statement (naming it).
   * Audited `financial_statement` `create`.
   */
  defineMutation({
    method: 'post',
    path: '/api/performance/financial-statements',
    permission: EDIT_PERMISSION,
    summary: 'Start a financial statement of a company for a fiscal year and period',
    tags: ['performance'],
    body: statementCreateInput,
    response: z.object({ id: z.number().int() }),
    audit: { entity: 'financial_statement', action: 'create' },
    onUnique: () => invalid({ fiscal_year: ['صورت مالی این دوره پیش‌تر ثبت شده است'] }),
    async handler({ db, body }) {
      const [company] = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM legal_persons WHERE id = ${body.legal_person_id} AND deleted_at IS NULL
            AND kind IN ('company', 'holding') FOR SHARE`,
      );
      if (!company) throw invalid({ legal_person_id: ['شرکت یافت نشد'] });
      const [dup] = await queryRows<{ id: number }>(
        db,
        sql`SELECT id FROM financial_statements WHERE legal_person_id = ${company.id}
            AND fiscal_year = ${body.fiscal_year} AND period_months = ${body.period_months}`,
      );
      if (dup)
        throw invalid({
          fiscal_year: [`صورت مالی این دوره پیش‌تر ثبت شده است (شماره ${toPersianDigits(dup.id)})`],
        });
      const periodEnd = periodEndOf(body.fiscal_year, body.period_months);
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO financial_statements (legal_person_id, fiscal_year, period_months, period_end, due_date, origin)
            VALUES (${company.id}, ${body.fiscal_year}, ${body.period_months}, ${periodEnd},
              ${filingDueDate(periodEnd, body.period_months)}, 'entered') RETURNING id`,
      );
      return {
        id: row!.id,
        after: {
          legal_person_id: company.id,
          fiscal_year: body.fiscal_year,
          period_months: body.period_months,
        },
        result: { id: row!.id },
      };
    },
  }),
];
