import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportReport,
  type TransferFormat,
} from '~/contract/person-transfer.ts';
import { ApiError } from '~/lib/http.ts';
import { personKeys } from '~/lib/records.ts';
import { Button } from '~/ui/button.tsx';
import { Dialog } from '~/ui/dialog.tsx';
import { formatNumber } from '~/ui/format.ts';
import { reportSummary, reportTable, reportTableWrap } from '~/ui/import-report.ts';
import { toast } from '~/ui/toaster.tsx';
import { downloadFile, importFile } from './api.ts';
import { type TransferList, templateUrl } from './export-url.ts';

const NOUN: Record<TransferList, string> = { legal: 'شخص حقوقی', true: 'شخص حقیقی' };
/** Rows of the error table shown at once; the count says how many there are. */
const SHOWN = 200;

const body = css({ display: 'flex', flexDirection: 'column', gap: '3', mt: '4', fontSize: '13px' });
const pick = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  '& input': {
    fontSize: '13px',
    p: '2',
    borderWidth: '1px',
    borderStyle: 'dashed',
    borderColor: 'line.strong',
    borderRadius: '4px',
  },
});
const hint = css({ color: 'muted', fontSize: '12px' });
const links = css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' });

export interface ImportDialogProps {
  list: TransferList;
  open: boolean;
  onOpenChange(open: boolean): void;
}

type Phase = 'idle' | 'checking' | 'writing';

/**
 * Import of a list from an Excel or CSV file: pick the file → the server's dry run (a table of
 * the bad rows: row as Excel numbers it, column, reason) → «ثبت همه ردیف‌ها», enabled only when
 * every row is good → a toast, the list read again, the dialog closed. All or nothing: a refused
 * import writes no row and shows the report again.
 */
export function ImportDialog({ list, open, onOpenChange }: ImportDialogProps) {
  const client = useQueryClient();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const confirmRef = useRef<HTMLButtonElement>(null);
  const summaryRef = useRef<HTMLOutputElement>(null);

  // A fresh report takes the focus: «ثبت» when every row is good, else the summary (then the table).
  useEffect(() => {
    if (!report || phase !== 'idle') return;
    const good = report.errors.length === 0 && report.valid > 0;
    (good ? confirmRef.current : summaryRef.current)?.focus();
  }, [report, phase]);

  const reset = () => {
    setFile(null);
    setReport(null);
    setProblem(null);
    setPhase('idle');
  };
  const close = (next: boolean) => {
    if (phase === 'writing') return;
    if (!next) reset();
    onOpenChange(next);
  };

  const fail = (err: unknown) => {
    const fields = err instanceof ApiError ? err.fields : {};
    setProblem(fields.file?.[0] ?? fields.dry_run?.[0] ?? (err as Error).message);
  };

  const check = async (picked: File | null) => {
    setFile(picked);
    setReport(null);
    setProblem(null);
    if (!picked) return;
    if (picked.size > IMPORT_MAX_BYTES) {
      setProblem(`حجم پرونده حداکثر ${formatNumber(IMPORT_MAX_BYTES / 1024 / 1024)} مگابایت است`);
      return;
    }
    setPhase('checking');
    try {
      const out = await importFile(list, picked, true);
      if (out.kind !== 'written') setReport(out.report);
    } catch (err) {
      fail(err);
    } finally {
      setPhase('idle');
    }
  };

  const confirm = async () => {
    if (!file) return;
    setPhase('writing');
    try {
      const out = await importFile(list, file, false);
      if (out.kind === 'written') {
        toast.positive(`${formatNumber(out.result.created)} ${NOUN[list]} از پرونده ثبت شد`);
        await client.invalidateQueries({ queryKey: list === 'legal' ? personKeys.legal : personKeys.true });
        setPhase('idle');
        reset();
        onOpenChange(false);
        return;
      }
      setReport(out.report);
    } catch (err) {
      fail(err);
    }
    setPhase('idle');
  };

  const template = (format: TransferFormat) => downloadFile(templateUrl(list, format), `template.${format}`);
  const ok = report !== null && report.errors.length === 0 && report.valid > 0;
  const badRows = report ? report.rows - report.valid : 0;

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      size="lg"
      title={`ورود ${NOUN[list]} از پرونده`}
      description={`پرونده Excel (xlsx) یا CSV با سرستون‌های الگو؛ حداکثر ${formatNumber(IMPORT_MAX_ROWS)} ردیف و ${formatNumber(IMPORT_MAX_BYTES / 1024 / 1024)} مگابایت. همه ردیف‌ها با هم ثبت می‌شوند یا هیچ‌کدام.`}
      dismissible={phase !== 'writing'}
      footer={
        <>
          <Button onClick={() => close(false)} disabled={phase === 'writing'}>
            انصراف
          </Button>
          <Button ref={confirmRef} tone="primary" disabled={!ok || phase !== 'idle'} onClick={confirm}>
            {phase === 'writing'
              ? 'در حال ثبت…'
              : ok
                ? `ثبت همه ${formatNumber(report.valid)} ردیف`
                : 'ثبت همه ردیف‌ها'}
          </Button>
        </>
      }
    >
      <div className={body}>
        <div className={pick}>
          <label htmlFor={id}>پرونده</label>
          <input
            id={id}
            type="file"
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            disabled={phase !== 'idle'}
            onChange={(e) => check(e.currentTarget.files?.[0] ?? null)}
          />
          <div className={links}>
            <span className={hint}>الگوی خالی:</span>
            <Button size="sm" tone="ghost" onClick={() => template('xlsx')}>
              الگوی Excel
            </Button>
            <Button size="sm" tone="ghost" onClick={() => template('csv')}>
              الگوی CSV
            </Button>
          </div>
        </div>
        {phase === 'checking' && (
          <output className={reportSummary} aria-live="polite">
            در حال بررسی ردیف‌های پرونده…
          </output>
        )}
        {problem && (
          <p role="alert" className={reportSummary} data-ok="false">
            {problem}
          </p>
        )}
        {report && (
          <output
            ref={summaryRef}
            tabIndex={-1}
            className={reportSummary}
            data-ok={String(ok)}
            aria-live="polite"
          >
            {formatNumber(report.rows)} ردیف خوانده شد؛ {formatNumber(report.valid)} ردیف درست
            {badRows > 0 &&
              `، ${formatNumber(badRows)} ردیف نادرست (${formatNumber(report.errors.length)} خطا)`}
            .{badRows > 0 && ' ردیف‌های نادرست را در پرونده اصلاح کنید و دوباره آن را برگزینید.'}
          </output>
        )}
        {report && report.errors.length > 0 && (
          <div className={reportTableWrap}>
            <table className={reportTable} aria-label="خطاهای ردیف‌های پرونده">
              <thead>
                <tr>
                  <th scope="col">ردیف</th>
                  <th scope="col">ستون</th>
                  <th scope="col">علت</th>
                </tr>
              </thead>
              <tbody>
                {report.errors.slice(0, SHOWN).map((e) => (
                  <tr key={`${e.row}|${e.field}|${e.message}`}>
                    <td>{formatNumber(e.row)}</td>
                    <td>{e.column || '—'}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {report.errors.length > SHOWN && (
              <p className={hint}>
                {formatNumber(SHOWN)} خطای نخست از {formatNumber(report.errors.length)} خطا نشان داده شده است.
              </p>
            )}
          </div>
        )}
      </div>
    </Dialog>
  );
}
