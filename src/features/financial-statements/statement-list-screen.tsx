import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { type StatementRow, statementEntity } from '~/contract/financial-statements.ts';
import { downloadFile } from '~/lib/download.ts';
import { listQueryString } from '~/lib/list-url.ts';
import { readSession, sessionHolds } from '~/lib/session.ts';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { DataTable } from '~/ui/data-table/data-table.tsx';
import { toListQuery } from '~/ui/data-table/search-params.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { entityColumns } from '~/ui/entity/columns.tsx';
import { EMPTY } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { statementsApi } from './api.ts';
import { EntryStateBadge, OriginBadge, periodLabel } from './badges.tsx';
import { StatementImportDialog } from './import-dialog.tsx';
import { statementFilters } from './search.ts';

type Row = StatementRow & Record<string, unknown>;

const yesNo = (value: boolean | null, yes: string, tone: 'danger' | 'warning') =>
  value === null ? EMPTY : value ? <Badge tone={tone}>{yes}</Badge> : '';

/**
 * /performance/financial-statement/list: every company's financial statements, newest fiscal
 * year first, in the list workstation (filters by company, industry, ownership, year, period,
 * entry state, checks, lateness, audit, loss and article 141; the view in the URL). Enter opens
 * the statement's view with its years side by side.
 */
export function StatementListScreen() {
  const search = useSearch({ from: '/performance/financial-statement/list' });
  const navigate = useNavigate({ from: '/performance/financial-statement/list' });
  const onSearchChange = useCallback(
    (next: ListSearch, opts?: { replace?: boolean }) => navigate({ search: next, replace: opts?.replace }),
    [navigate],
  );
  const columns = useMemo(
    () =>
      entityColumns<(typeof statementEntity)['fields'], Row>(statementEntity, {
        entry_state: (r) => <EntryStateBadge state={r.entry_state} />,
        origin: (r) => <OriginBadge origin={r.origin} />,
        checks_passed: (r) =>
          r.entry_state === 'not_started' ? (
            EMPTY
          ) : r.checks_passed ? (
            'سازگار'
          ) : (
            <Badge tone="danger">ناسازگار</Badge>
          ),
        late: (r) => yesNo(r.late, 'با تأخیر', 'warning'),
        loss: (r) => yesNo(r.loss, 'زیان‌ده', 'warning'),
        article_141: (r) => yesNo(r.article_141, 'مشمول', 'danger'),
        period_months: (r) => periodLabel(r.period_months),
      }),
    [],
  );
  const open = useCallback(
    (row: Row) =>
      navigate({ to: '/performance/financial-statement/view/$id', params: { id: String(row.id) } }),
    [navigate],
  );
  const [importing, setImporting] = useState(false);
  const canImport = sessionHolds(readSession(), 'financial.statements.edit');
  const canEvaluate = sessionHolds(readSession(), 'performance');
  const [exporting, setExporting] = useState(false);
  /** Every statement of the view (its filters and search), evaluated, as an Excel file. */
  const exportEvaluation = async () => {
    if (exporting) return;
    setExporting(true);
    const qs = listQueryString(toListQuery(search, statementFilters), { format: 'xlsx' });
    await downloadFile(`/api/performance/evaluation/export?${qs}`, 'evaluation.xlsx');
    setExporting(false);
  };
  useShortcuts(
    {
      KeyI: () => canImport && setImporting(true),
      'Shift+KeyE': () => canEvaluate && void exportEvaluation(),
    },
    !importing,
  );
  return (
    <>
      <PageHeader
        description={statementEntity.intro}
        actions={
          <>
            {canEvaluate && (
              <Button
                shortcut="Shift+KeyE"
                onClick={() => void exportEvaluation()}
                disabled={exporting}
                aria-busy={exporting || undefined}
                title="نسبت‌ها، امتیاز Z آلتمن و ماده ۱۴۱ همه صورت‌های این نما، در پرونده اکسل"
              >
                خروجی ارزیابی
              </Button>
            )}
            {canImport && (
              <Button tone="primary" shortcut="KeyI" onClick={() => setImporting(true)}>
                ورود از پرونده
              </Button>
            )}
          </>
        }
      />
      <StatementImportDialog open={importing} onOpenChange={setImporting} />
      <DataTable
        id="financial-statements"
        label={statementEntity.plural}
        columns={columns}
        filters={statementFilters}
        search={search}
        onSearchChange={onSearchChange}
        queryKey={statementsApi.keys.list}
        fetchPage={statementsApi.list}
        getRowId={(r) => String(r.id)}
        onOpen={open}
        searchPlaceholder={statementEntity.search}
        emptyText={statementEntity.emptyText!}
      />
    </>
  );
}
