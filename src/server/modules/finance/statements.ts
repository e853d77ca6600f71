import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { listPageOf } from '../../../contract/api-envelope.ts';
import {
  type StatementDetail,
  type StatementRow,
  statementDetail,
  statementEntity,
  statementRow,
} from '../../../contract/financial-statements.ts';
import { positiveId } from '../../../contract/ids.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import { isManufacturingIndustry } from '../../../domain/finance/altman.ts';
import type { ChartItem } from '../../../domain/finance/chart.ts';
import { statementChecks } from '../../../domain/finance/statement-checks.ts';
import {
  allowedMoves,
  type EntryState,
  type StatementMoveType,
} from '../../../domain/finance/statement-entry.ts';
import { heldPermissions, holds } from '../../auth/permissions.ts';
import type { Db } from '../../db/client.ts';
import { type EntitySource, entityListSpec } from '../../http/entity-list.ts';
import { notFound } from '../../http/errors.ts';
import { listPage, queryRows } from '../../http/list.ts';
import { defineRoute, type SessionInfo } from '../../http/route.ts';
import { STATE_CLASS_SQL } from '../ownership/classes.ts';
import { readChart } from './store.ts';

const r = (text: string) => sql.raw(text);
const item = (code: string) => r(`(fs.items->>'${code}')::numeric`);

/**
 * Whether statement `fs` is late: filed after its due date, or not filed and the due date passed
 * (domain/finance/filing.ts `isLate`, here in SQL over the stored due date, days in Tehran time).
 */
export const lateSql = r(
  `(CASE WHEN fs.filed_at IS NULL THEN fs.due_date < (now() AT TIME ZONE 'Asia/Tehran')::date
    ELSE (fs.filed_at AT TIME ZONE 'Asia/Tehran')::date > fs.due_date END)`,
);

/** Where each field of a statement lives (contract/financial-statements.ts `statementEntity`). */
export const statementSource = {
  from: r(`financial_statements fs JOIN legal_persons lp ON lp.id = fs.legal_person_id
    LEFT JOIN industries i ON i.id = lp.industry_id`),
  columns: {
    id: r('fs.id'),
    legal_person_id: r('fs.legal_person_id'),
    company: r('lp.name'),
    ticker: r('lp.ticker'),
    industry_id: r('lp.industry_id'),
    industry: r('i.name'),
    ownership_type: r('lp.ownership_type'),
    supervising_body_id: r('lp.supervising_body_id'),
    fiscal_year: r('fs.fiscal_year::int'),
    period_months: r('fs.period_months::int'),
    period_end: r('fs.period_end'),
    entry_state: r('fs.entry_state'),
    checks_passed: r('fs.checks_passed'),
    due_date: r('fs.due_date'),
    filed_at: r('fs.filed_at'),
    late: lateSql,
    audited: r('fs.audited'),
    auditor_opinion: r('fs.auditor_opinion'),
    revenue: item('revenue'),
    net_profit: item('net_profit'),
    total_assets: item('total_assets'),
    loss: r('fs.loss'),
    article_141: r('fs.article_141'),
    state_class: r(STATE_CLASS_SQL),
    origin: r('fs.origin'),
  },
  // searchKey in SQL: the company's search text (name and ticker keys, national id)
  search: r('lp.search_text'),
  where: r('lp.deleted_at IS NULL'),
  // Statements without the figure (an opening balance has no revenue) sort after those with it.
  sortIndex: { revenue: { nulls: 'low' }, net_profit: { nulls: 'low' }, total_assets: { nulls: 'low' } },
} satisfies EntitySource<(typeof statementEntity)['fields']>;

export const statementList = entityListSpec(statementEntity, statementSource);

/** The moves the session's role may make on a statement in `state` (the machine's, cut to the role). */
export async function movesFor(
  db: Db,
  session: SessionInfo | null,
  state: EntryState,
  checksPassed: boolean,
): Promise<StatementMoveType[]> {
  const held = await heldPermissions(db, session?.role ?? null);
  return allowedMoves(state, checksPassed).filter((m) => holds(held, movePermission(m)));
}

/** The permission a move needs: a reviewer's for REVIEW and RETURN, a preparer's for the others. */
export const movePermission = (move: StatementMoveType) =>
  move === 'REVIEW' || move === 'RETURN' ? REVIEW_PERMISSION : EDIT_PERMISSION;

/** Who enters, saves and submits statements; who reviews and returns them. */
export const EDIT_PERMISSION = 'financial.statements.edit';
export const REVIEW_PERMISSION = 'financial.statements.review';

/** One statement's detail (see contract `statementDetail`), or null when there is none. */
async function readDetail(db: Db, id: number): Promise<Omit<StatementDetail, 'allowed_moves'> | null> {
  const [row] = await queryRows<
    StatementRow & { items: Record<string, number>; source_note: string | null; version: number }
  >(
    db,
    sql`SELECT ${statementList.select}, fs.items, fs.source_note, fs.version
        FROM ${statementList.from} WHERE fs.id = ${id} AND lp.deleted_at IS NULL`,
  );
  if (!row) return null;
  const [company] = await queryRows<{
    id: number;
    name: string;
    ticker: string | null;
    listed: boolean;
    industry: string | null;
  }>(
    db,
    sql`SELECT lp.id, lp.name, lp.ticker, lp.is_listed AS listed, i.code AS industry
        FROM legal_persons lp LEFT JOIN industries i ON i.id = lp.industry_id WHERE lp.id = ${row.legal_person_id}`,
  );
  const columns = await queryRows<StatementDetail['columns'][number]>(
    db,
    sql`SELECT id, fiscal_year::int, period_months::int, period_end::text, entry_state, origin, items
        FROM financial_statements WHERE legal_person_id = ${row.legal_person_id} AND period_months = ${row.period_months}
        ORDER BY fiscal_year`,
  );
  const moves = await queryRows<StatementDetail['moves'][number]>(
    db,
    sql`SELECT m.from_state AS "from", m.to_state AS "to", m.by_user_id AS by,
          NULLIF(trim(COALESCE(u.first_name, '') || ' ' || COALESCE(u.last_name, '')), '') AS by_name,
          to_char(m.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, m.note
        FROM financial_statement_moves m LEFT JOIN users u ON u.id = m.by_user_id
        WHERE m.statement_id = ${id} ORDER BY m.id`,
  );
  const chart: ChartItem[] = await readChart(db);
  const previous = columns.find((c) => c.fiscal_year === row.fiscal_year - 1);
  return {
    statement: row,
    company: {
      id: company!.id,
      name: company!.name,
      ticker: company!.ticker,
      listed: company!.listed,
      manufacturing: isManufacturingIndustry(company!.industry),
    },
    chart,
    columns,
    checks: statementChecks(chart, row.items, previous?.items ?? null),
    moves,
  };
}

export const statementRoutes = [
  /**
   * GET /api/performance/financial-statements (financial.statements) — `ListPage<StatementRow>`:
   * paged, sorted (fiscal_year, default descending; company, entry_state, due_date, filed_at,
   * revenue, net_profit, total_assets) and filtered as `statementEntity` describes (company,
   * industry, ownership type, supervising body, year, period, entry state, checks, lateness,
   * audit, opinion, loss, article 141, origin; amounts in million IRR); `q` on the company's name,
   * ticker and national id. A sort or operator it does not offer → 422 (Persian). Statements of a
   * deleted company are not listed.
   */
  defineRoute({
    method: 'get',
    path: statementEntity.paths.list,
    permission: statementEntity.permissions.list,
    summary: 'Financial statements: paged, sorted, filtered list',
    tags: ['performance'],
    query: listQuerySchema,
    response: listPageOf(statementRow),
    handler: ({ db, query }) => listPage(db, statementList, query),
  }),
  /**
   * GET /api/performance/financial-statements/:id (financial.statements) — `StatementDetail`: the
   * statement with its items (million IRR by chart code), the company, the chart, the company's
   * statements of the same period length (oldest first), the checks (domain/finance/checks.ts and
   * the chart's totals; the retained-earnings movement against the previous year's statement),
   * the moves with their users' names, and the moves the caller's role may make now. 404
   * «صورت مالی یافت نشد».
   */
  defineRoute({
    method: 'get',
    path: statementEntity.paths.item!,
    permission: statementEntity.permissions.view!,
    summary: 'One financial statement with its years, checks and moves',
    tags: ['performance'],
    params: z.object({ id: positiveId }),
    response: statementDetail,
    async handler({ db, params, session }) {
      const detail = await readDetail(db, params.id);
      if (!detail) throw notFound('صورت مالی یافت نشد');
      return {
        ...detail,
        allowed_moves: await movesFor(
          db,
          session,
          detail.statement.entry_state,
          detail.statement.checks_passed,
        ),
      };
    },
  }),
];
