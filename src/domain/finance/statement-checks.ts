import { type ChartItem, chartTotalChecks, type StatementItems } from './chart.ts';
import { checkStatement } from './checks.ts';

/**
 * Every check of one statement, as the entry form shows them while figures are typed and as the
 * server runs them on save and import: the domain's (checks.ts, with the other operating lines and
 * the dividends read from the items and the previous period's retained earnings from `previous`)
 * and the chart's totals (chart.ts `chartTotalChecks`). Items in million IRR by chart code.
 */
export interface StatementCheck {
  id: string;
  severity: 'error' | 'warning';
  status: 'passed' | 'failed' | 'skipped';
  /** The cells the check is about; the first is where it is shown. */
  items: string[];
  missing: string[];
  difference?: number;
  messageFa: string;
}

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
    items: [...c.items],
    missing: [...c.missing],
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

/** Whether a statement may be submitted: no error-severity check failed (warnings and skipped checks do not block). */
export const checksPass = (checks: readonly Pick<StatementCheck, 'severity' | 'status'>[]) =>
  checks.every((c) => c.severity !== 'error' || c.status !== 'failed');
