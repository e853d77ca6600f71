import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { css } from 'styled-system/css';
import type { StatementImportReport } from '~/contract/financial-statements.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { downloadFile } from '~/lib/download.ts';
import { ApiError, api } from '~/lib/http.ts';
import { Button } from '~/ui/button.tsx';
import { Dialog } from '~/ui/dialog.tsx';
import { formatNumber } from '~/ui/format.ts';
import { reportSummary, reportTable, reportTableWrap } from '~/ui/import-report.ts';
import { toast } from '~/ui/toaster.tsx';
import { statementsApi } from './api.ts';
import { periodLabel } from './badges.tsx';

const PATH = '/api/performance/financial-statements';
/** Rows of a table shown at once; the count says how many there are. */
const SHOWN = 200;

const body = css({ display: 'flex', flexDirection: 'column', gap: '3', fontSize: '13px' });

type Outcome = { kind: 'checked' | 'refused' | 'written'; report: StatementImportReport };

/** POST …/import (multipart): the report; a 422 carrying a report is `refused`, other failures throw. */
async function send(file: File, dryRun: boolean): Promise<Outcome> {
  const form = new FormData();
  form.set('file', file);
  form.set('dry_run', dryRun ? '1' : '0');
  try {
    const report = await api<StatementImportReport>(`${PATH}/import`, {
      method: 'POST',
      body: form,
      quiet: true,
    });
    return { kind: dryRun ? 'checked' : 'written', report };
  } catch (err) {
    const report =
      err instanceof ApiError ? (err.body as { report?: StatementImportReport }).report : undefined;
    if (report) return { kind: 'refused', report };
    throw err;
  }
}

/**
 * Statements from a file: download the template, fill it (one row a statement, amounts in million
 * IRR) or take Codal's JSON, check it (a dry run: every bad cell named by sheet and reference,
 * every statement with the checks it fails), then import it: all written, or none.
 */
export function StatementImportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const got = await send(file, dryRun);
      setOutcome(got);
      if (got.kind === 'written') {
        toast.positive(`${formatNumber(got.report.statements)} صورت مالی از پرونده ثبت شد`);
        await queryClient.invalidateQueries({ queryKey: statementsApi.keys.all });
        await queryClient.invalidateQueries({ queryKey: ['financial_statement'] });
      }
    } catch (err) {
      setFailure(err instanceof ApiError ? (err.fields.file?.[0] ?? err.message) : String(err));
    } finally {
      setBusy(false);
    }
  };
  const report = outcome?.report;
  const clean = report !== undefined && report.problems.length === 0;
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      title="ورود صورت‌های مالی از پرونده"
      description="الگوی Excel را بگیرید، هر صورت مالی را در یک ردیف پر کنید (ارقام به میلیون ریال، هزینه‌ها منفی) یا خروجی JSON کدال را بفرستید. پیش از ثبت، پرونده بررسی می‌شود و هیچ چیز نوشته نمی‌شود."
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>
            {outcome?.kind === 'written' ? 'بستن' : 'انصراف'}
          </Button>
          <Button disabled={!file || busy} onClick={() => void run(true)}>
            بررسی پرونده
          </Button>
          <Button
            tone="primary"
            disabled={!file || busy || !clean || outcome?.kind === 'written'}
            onClick={() => void run(false)}
          >
            ثبت همه
          </Button>
        </>
      }
    >
      <div className={body}>
        <div>
          <Button
            onClick={() => void downloadFile(`${PATH}/import-template`, 'financial-statements-template.xlsx')}
          >
            دریافت الگوی Excel
          </Button>
        </div>
        <label htmlFor={inputId}>پرونده (xlsx، CSV یا JSON کدال)</label>
        <input
          id={inputId}
          type="file"
          accept=".xlsx,.csv,.json,application/json,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setOutcome(null);
            setFailure(null);
          }}
        />
        {failure && (
          <p role="alert" className={reportSummary} data-ok="false">
            {failure}
          </p>
        )}
        {report && (
          <p role="status" className={reportSummary} data-ok={clean}>
            {outcome?.kind === 'written'
              ? `${formatNumber(report.statements)} صورت مالی ثبت شد (${formatNumber(report.created)} تازه، ${formatNumber(report.updated)} به‌روزشده).`
              : clean
                ? `${formatNumber(report.statements)} صورت مالی آماده ثبت است (${formatNumber(report.created)} تازه، ${formatNumber(report.updated)} به‌روزشده).`
                : `${formatNumber(report.problems.length)} خانه نادرست است؛ تا اصلاح نشوند هیچ صورت مالی‌ای ثبت نمی‌شود.`}
          </p>
        )}
        {report && report.problems.length > 0 && (
          <div className={reportTableWrap}>
            <table className={reportTable}>
              <caption className={css({ textAlign: 'start', fontWeight: 600, p: '2' })}>
                خانه‌های نادرست
              </caption>
              <thead>
                <tr>
                  <th scope="col">برگه</th>
                  <th scope="col">خانه</th>
                  <th scope="col">ایراد</th>
                </tr>
              </thead>
              <tbody>
                {report.problems.slice(0, SHOWN).map((p) => (
                  <tr key={`${p.sheet}!${p.cell}!${p.column}`}>
                    <td>{p.sheet}</td>
                    <td dir="ltr">{p.cell}</td>
                    <td>{p.messageFa}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {report && report.rows.length > 0 && (
          <div className={reportTableWrap}>
            <table className={reportTable}>
              <caption className={css({ textAlign: 'start', fontWeight: 600, p: '2' })}>
                صورت‌های مالی پرونده
              </caption>
              <thead>
                <tr>
                  <th scope="col">ردیف</th>
                  <th scope="col">شرکت</th>
                  <th scope="col">سال و دوره</th>
                  <th scope="col">عمل</th>
                  <th scope="col">کنترل‌ها</th>
                </tr>
              </thead>
              <tbody>
                {report.rows.slice(0, SHOWN).map((r) => (
                  <tr key={r.row}>
                    <td>{toPersianDigits(r.row)}</td>
                    <td>{r.company}</td>
                    <td>
                      {toPersianDigits(r.fiscal_year)} {periodLabel(r.period_months)}
                    </td>
                    <td>{r.action === 'create' ? 'تازه' : 'به‌روزرسانی پیش‌نویس'}</td>
                    <td>{r.checks_passed ? 'برقرار' : r.failed.join(' ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </Dialog>
  );
}
