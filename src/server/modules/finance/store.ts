import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { statementCheck } from '../../../contract/financial-statements.ts';
import { type ChartItem, chartTotalChecks, type StatementItems } from '../../../domain/finance/chart.ts';
import { checkStatement } from '../../../domain/finance/checks.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';

/** The chart of line items in layout order (domain/finance/chart.ts `ChartItem`), inactive items included. */
export const readChart = (db: Db) =>
  queryRows<ChartItem>(
    db,
    sql`SELECT code, name_fa AS "nameFa", statement_kind AS "statementKind", parent_code AS parent,
          sign::int AS sign, is_total AS "isTotal", unit, position, builtin, active
        FROM statement_items ORDER BY position, code`,
  );

type StatementCheck = z.infer<typeof statementCheck>;

/**
 * Every check of one statement's items (million IRR by chart code): the domain's
 * (domain/finance/checks.ts, with the other operating lines and the dividends from the items and
 * the previous year's retained earnings from `previous`) and the chart's totals
 * (domain/finance/chart.ts `chartTotalChecks`: the totals staff define, and the builtin ones the
 * domain's checks do not cover). A statement's checks pass when no error check failed.
 */
export function statementChecks(
  chart: readonly ChartItem[],
  items: StatementItems,
  previous: StatementItems | null,
): StatementCheck[] {
  const domain = checkStatement(items, {
    otherOperating: items.other_operating ?? null,
    dividends: items.dividends ?? null,
    previous: previous ?? null,
  }).map((c) => ({
    id: c.id,
    severity: c.severity,
    status: c.status,
    items: c.items,
    missing: c.missing,
    difference: c.difference,
    messageFa: c.messageFa,
  }));
  const totals = chartTotalChecks(chart, items).map((c) => ({
    id: c.id,
    severity: 'error' as const,
    status: c.status,
    items: [c.code],
    missing: c.missing,
    difference: c.difference,
    messageFa: c.messageFa,
  }));
  return [...domain, ...totals];
}

/** Whether checks pass: no error-severity check failed (a warning or a skipped check does not block). */
export const checksPass = (checks: readonly Pick<StatementCheck, 'severity' | 'status'>[]) =>
  checks.every((c) => c.severity !== 'error' || c.status !== 'failed');
