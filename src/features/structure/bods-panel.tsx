import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import {
  BODS_IMPORT_MAX_BYTES,
  BODS_MATCH_TITLES,
  type BodsHoldingOutcome,
  type BodsImportError,
  type BodsImportSummary,
} from '~/contract/bods.ts';
import { downloadFile } from '~/lib/download.ts';
import { ApiError } from '~/lib/http.ts';
import { Button } from '~/ui/button.tsx';
import { Card } from '~/ui/card.tsx';
import { EMPTY, formatDate, formatNumber, formatShare } from '~/ui/format.ts';
import { reportSummary, reportTable, reportTableWrap } from '~/ui/import-report.ts';
import { toast } from '~/ui/toaster.tsx';
import { bodsExportUrl, importBods } from './bods-api.ts';

/** Rows of a table shown at once; the count says how many there are. */
const SHOWN = 200;

const panel = css({ mt: '4' });
const body = css({ display: 'flex', flexDirection: 'column', gap: '3', fontSize: '13px' });
const hint = css({ color: 'muted', fontSize: '12px', m: '0' });
const row = css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' });
const pick = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  flex: '1',
  minW: '240px',
  '& input': {
    fontSize: '13px',
    p: '2',
    borderWidth: '1px',
    borderStyle: 'dashed',
    borderColor: 'line.strong',
    borderRadius: '4px',
  },
});
const caption = css({ fontWeight: '600', fontSize: '13px', mt: '0', mb: '1' });

type Phase = 'idle' | 'checking' | 'writing';
type Shown =
  | { kind: 'summary'; summary: BodsImportSummary }
  | { kind: 'refused'; message: string; errors: BodsImportError[] }
  | { kind: 'problem'; message: string }
  | null;

const DIRECTNESS = { direct: 'مستقیم', indirect: 'غیرمستقیم (اعلام‌شده)' } as const;
const HOLDING_OUTCOME: Record<BodsHoldingOutcome['outcome'], [string, string]> = {
  added: ['افزوده می‌شود', 'افزوده شد'],
  updated: ['به‌روز می‌شود', 'به‌روز شد'],
  unchanged: ['بی‌تغییر', 'بی‌تغییر'],
};

/** One sentence of what the import does (dry run) or did. */
function summaryText(s: BodsImportSummary): string {
  const n = formatNumber;
  const will = s.dry_run;
  const made = will ? 'ساخته می‌شود' : 'ساخته شد';
  const found = will ? 'یافته می‌شود' : 'یافته شد';
  return [
    `${will ? 'بررسی شد' : 'وارد شد'}: ${n(s.statements)} بیانیه`,
    `اشخاص حقوقی: ${n(s.entities.created)} ${made}، ${n(s.entities.matched)} در ناظر ${found}`,
    `اشخاص حقیقی: ${n(s.persons.created)} ${made}، ${n(s.persons.matched)} در ناظر ${found}`,
    `سهامداری: ${n(s.holdings.added)} ${will ? 'افزوده می‌شود' : 'افزوده شد'}، ${n(s.holdings.updated)} ${will ? 'به‌روز می‌شود' : 'به‌روز شد'}، ${n(s.holdings.unchanged)} بی‌تغییر (${n(s.holdings.indirect)} منفعت غیرمستقیم اعلام‌شده)`,
    `${n(s.skipped.length)} منفعت وارد ${will ? 'نمی‌شود' : 'نشد'}`,
  ].join('؛ ');
}

function More({ total }: { total: number }) {
  if (total <= SHOWN) return null;
  return (
    <p className={hint}>
      {formatNumber(SHOWN)} ردیف نخست از {formatNumber(total)} ردیف نشان داده شده است.
    </p>
  );
}

/** The package's problems: statement id, field and reason. */
function ErrorsTable({ errors }: { errors: BodsImportError[] }) {
  return (
    <div className={reportTableWrap}>
      <table className={reportTable} aria-label="خطاهای بسته BODS">
        <thead>
          <tr>
            <th scope="col">شناسه بیانیه</th>
            <th scope="col">فیلد</th>
            <th scope="col">علت</th>
          </tr>
        </thead>
        <tbody>
          {errors.slice(0, SHOWN).map((e, k) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a statement may have two problems on one field
            <tr key={k}>
              <td dir="ltr">
                {e.statement_id ?? (e.index < 0 ? 'بسته' : `بیانیه ${formatNumber(e.index + 1)}`)}
              </td>
              <td dir="ltr">{e.path || EMPTY}</td>
              <td>{e.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <More total={errors.length} />
    </div>
  );
}

/** The records, holdings and skipped interests of a summary. */
function SummaryTables({ s }: { s: BodsImportSummary }) {
  const made = s.dry_run ? 'ساخته می‌شود' : 'ساخته شد';
  return (
    <>
      {s.records.length > 0 && (
        <div>
          <h3 className={caption}>اشخاص</h3>
          <div className={reportTableWrap}>
            <table className={reportTable} aria-label="اشخاص بسته BODS">
              <thead>
                <tr>
                  <th scope="col">نام</th>
                  <th scope="col">نوع</th>
                  <th scope="col">نتیجه</th>
                </tr>
              </thead>
              <tbody>
                {s.records.slice(0, SHOWN).map((r) => (
                  <tr key={`${r.kind}|${r.record_id}`}>
                    <td>{r.name}</td>
                    <td>
                      {r.kind === 'entity' ? (r.is_state_entity ? 'نهاد دولتی' : 'شخص حقوقی') : 'شخص حقیقی'}
                    </td>
                    <td>{r.outcome === 'created' ? made : `یافته با ${BODS_MATCH_TITLES[r.matched_by!]}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <More total={s.records.length} />
          </div>
        </div>
      )}
      {s.interests.length > 0 && (
        <div>
          <h3 className={caption}>سهامداری</h3>
          <div className={reportTableWrap}>
            <table className={reportTable} aria-label="سهامداری‌های بسته BODS">
              <thead>
                <tr>
                  <th scope="col">شرکت</th>
                  <th scope="col">سهامدار</th>
                  <th scope="col">سهم</th>
                  <th scope="col">نوع</th>
                  <th scope="col">از</th>
                  <th scope="col">تا</th>
                  <th scope="col">نتیجه</th>
                </tr>
              </thead>
              <tbody>
                {s.interests.slice(0, SHOWN).map((h) => (
                  <tr key={`${h.statement_id}|${h.directness}|${h.valid_from ?? ''}`}>
                    <td>{h.company}</td>
                    <td>{h.holder}</td>
                    <td>{formatShare(h.share)}</td>
                    <td>{DIRECTNESS[h.directness]}</td>
                    <td>{formatDate(h.valid_from)}</td>
                    <td>{formatDate(h.valid_to)}</td>
                    <td>{HOLDING_OUTCOME[h.outcome][s.dry_run ? 0 : 1]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <More total={s.interests.length} />
          </div>
        </div>
      )}
      {s.skipped.length > 0 && (
        <div>
          <h3 className={caption}>منفعت‌هایی که وارد {s.dry_run ? 'نمی‌شوند' : 'نشدند'}</h3>
          <div className={reportTableWrap}>
            <table className={reportTable} aria-label="منفعت‌های واردنشده">
              <thead>
                <tr>
                  <th scope="col">شناسه بیانیه</th>
                  <th scope="col">علت</th>
                </tr>
              </thead>
              <tbody>
                {s.skipped.slice(0, SHOWN).map((x, k) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: one statement may skip several interests
                  <tr key={k}>
                    <td dir="ltr">{x.statement_id}</td>
                    <td>{x.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <More total={s.skipped.length} />
          </div>
        </div>
      )}
    </>
  );
}

/**
 * Import and export of BODS 0.4 packages (issue 17, "Interchange"; contract/bods.ts): pick a
 * .json package → «بررسی» (the server's dry run: what would be created, matched, added, updated
 * and skipped, or the package's problems by statement id) → «ورود», enabled only after a clean
 * dry run of the same file → the import, all or nothing. «خروجی BODS» downloads every holding
 * valid today. Every control is a native input or button, reached with Tab.
 */
export function BodsPanel() {
  const client = useQueryClient();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [shown, setShown] = useState<Shown>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [exporting, setExporting] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const checked = shown?.kind === 'summary' && shown.summary.dry_run;
  // a fresh answer takes the focus: «ورود» after a clean dry run, else the answer itself
  useEffect(() => {
    if (!shown || phase !== 'idle') return;
    (checked ? confirmRef.current : resultRef.current)?.focus();
  }, [shown, phase, checked]);

  const choose = (picked: File | null) => {
    setFile(picked);
    setShown(null);
    if (picked && picked.size > BODS_IMPORT_MAX_BYTES)
      setShown({ kind: 'problem', message: 'حجم پرونده BODS حداکثر ۱۰ مگابایت است' });
  };

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setPhase(dryRun ? 'checking' : 'writing');
    try {
      const out = await importBods(file, dryRun);
      if (out.kind === 'refused') setShown({ kind: 'refused', message: out.message, errors: out.errors });
      else setShown({ kind: 'summary', summary: out.summary });
      if (out.kind === 'written') {
        toast.positive('بسته BODS وارد شد');
        await client.invalidateQueries();
      }
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      setShown({ kind: 'problem', message: fields.file?.[0] ?? (err as Error).message });
    } finally {
      setPhase('idle');
    }
  };

  const exportAll = async () => {
    setExporting(true);
    await downloadFile(bodsExportUrl(), 'nazer-bods.json');
    setExporting(false);
  };

  return (
    <Card
      className={panel}
      title="تبادل BODS ۰٫۴"
      actions={
        <Button size="sm" onClick={exportAll} disabled={exporting}>
          {exporting ? 'در حال آماده‌سازی…' : 'خروجی BODS'}
        </Button>
      }
    >
      <div className={body}>
        <p className={hint}>
          بسته‌ای از بیانیه‌های استاندارد مالکیت ذی‌نفع (BODS ۰٫۴) را وارد کنید: اشخاص با شناسه ملی، کد ملی یا
          نام پیدا یا ساخته می‌شوند و منفعت‌های سهامداری، مستقیم یا غیرمستقیمِ اعلام‌شده، با درصدشان ثبت می‌شوند.
          نخست «بررسی» نشان می‌دهد چه خواهد شد؛ ورود همه یا هیچ است.
        </p>
        <div className={row}>
          <div className={pick}>
            <label htmlFor={id}>پرونده BODS (JSON)</label>
            <input
              id={id}
              type="file"
              accept=".json,application/json"
              disabled={phase !== 'idle'}
              onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)}
            />
          </div>
          <Button onClick={() => run(true)} disabled={!file || phase !== 'idle' || shown?.kind === 'problem'}>
            {phase === 'checking' ? 'در حال بررسی…' : 'بررسی'}
          </Button>
          <Button
            ref={confirmRef}
            tone="primary"
            onClick={() => run(false)}
            disabled={!checked || phase !== 'idle'}
          >
            {phase === 'writing' ? 'در حال ورود…' : 'ورود'}
          </Button>
        </div>
        {phase !== 'idle' && (
          <output className={reportSummary} aria-live="polite">
            {phase === 'checking' ? 'در حال بررسی بسته…' : 'در حال ورود بسته…'}
          </output>
        )}
        <div ref={resultRef} tabIndex={-1} aria-live="polite">
          {shown?.kind === 'problem' && (
            <p role="alert" className={reportSummary} data-ok="false">
              {shown.message}
            </p>
          )}
          {shown?.kind === 'refused' && (
            <div className={body}>
              <p role="alert" className={reportSummary} data-ok="false">
                {shown.message} ({formatNumber(shown.errors.length)} خطا)
              </p>
              <ErrorsTable errors={shown.errors} />
            </div>
          )}
          {shown?.kind === 'summary' && (
            <div className={body}>
              <p className={reportSummary} data-ok="true">
                {summaryText(shown.summary)}.{shown.summary.dry_run && ' برای ثبت، «ورود» را بزنید.'}
              </p>
              <SummaryTables s={shown.summary} />
            </div>
          )}
        </div>
      </div>
    </Card>
  );
}
