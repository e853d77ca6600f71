import { useQuery } from '@tanstack/react-query';
import { css } from 'styled-system/css';
import type { ResumeDetail } from '~/contract/resume.ts';
import { api } from '~/lib/http.ts';
import { useSettings } from '~/lib/settings.ts';
import { Button } from '~/ui/button.tsx';
import { formatDateLong, formatDateTime } from '~/ui/format.ts';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { ResumeDocument } from './resume-document.tsx';

/**
 * Print CSS: A4 portrait, right to left, page numbers «صفحه ۱ از ۳» in Persian digits at the
 * foot of every page; when printing, nothing but the sheet (no toasts, no buttons, no chrome).
 */
const PRINT_CSS = `
@page {
  size: A4 portrait;
  margin: 16mm 14mm 18mm 14mm;
  @bottom-center {
    content: "صفحه " counter(page, persian) " از " counter(pages, persian);
    font-family: Vazirmatn, sans-serif;
    font-size: 9pt;
    color: #555;
  }
}
@media print {
  html, body { background: #fff !important; }
  body * { visibility: hidden; }
  [data-print-sheet], [data-print-sheet] * { visibility: visible; }
  [data-print-sheet] { position: absolute; inset-inline-start: 0; inset-block-start: 0; width: 100%; border: none !important; padding: 0 !important; margin: 0 !important; max-width: none !important; }
  [data-print-hide] { display: none !important; }
  a { color: inherit; text-decoration: none; }
}`;

const page = css({ minH: '100vh', bg: 'canvas', py: '6', px: '4', '@media print': { p: '0', bg: 'white' } });
const sheet = css({
  maxW: '210mm',
  mx: 'auto',
  p: '10mm',
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  color: 'ink',
  fontSize: '13px',
});
const header = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'flex-end',
  gap: '3',
  pb: '3',
  mb: '4',
  borderBlockEndWidth: '1px',
  borderBlockEndStyle: 'solid',
  borderBlockEndColor: 'line.strong',
});
const appName = css({ fontSize: '13px', fontWeight: '700', color: 'first.text' });
const title = css({ fontSize: '20px', fontWeight: '700', m: '0' });
const meta = css({ fontSize: '12px', color: 'muted', textAlign: 'end' });
const toolbar = css({
  maxW: '210mm',
  mx: 'auto',
  mb: '3',
  display: 'flex',
  justifyContent: 'space-between',
  gap: '2',
});
const alert = css({
  maxW: '210mm',
  mx: 'auto',
  p: '4',
  bg: 'danger.soft',
  color: 'danger',
  borderRadius: '4px',
});

export interface PrintViewProps {
  /** GET address of the resume (own, or the staff view of a national code). */
  source: string;
  /** The address of one of its files. */
  fileUrl(id: number): string;
  /** The guest's own view handles its 401 (no staff sign-out). */
  guest?: boolean;
  back?: { label: string; onClick(): void };
}

/** The resume as clean A4 pages: header (app, name, print date), every section, page numbers. */
export function PrintView({ source, fileUrl, guest, back }: PrintViewProps) {
  const settings = useSettings();
  const q = useQuery({
    queryKey: ['resume-print', source],
    queryFn: () => api<ResumeDetail>(source, { quiet: true, handles401: guest }),
    retry: false,
  });
  const r = q.data;
  const name = r?.personal ? `${r.personal.first_name} ${r.personal.last_name}` : '';
  return (
    <div className={page}>
      <style>{PRINT_CSS}</style>
      <div className={toolbar} data-print-hide>
        {back ? (
          <Button tone="ghost" onClick={back.onClick}>
            {back.label}
          </Button>
        ) : (
          <span />
        )}
        <Button tone="primary" onClick={() => window.print()} disabled={!r}>
          چاپ رزومه
        </Button>
      </div>
      {q.isPending && (
        <div className={sheet}>
          <SkeletonRows rows={10} columns={3} />
        </div>
      )}
      {q.isError && (
        <div role="alert" className={alert}>
          {(q.error as Error).message}
          {(q.error as { status?: number }).status === 401 && (
            <div>
              برای دیدن رزومه خود، نخست در <a href="/resume/add">صفحه ثبت رزومه</a> شماره همراه خود را تأیید
              کنید.
            </div>
          )}
        </div>
      )}
      {r && (
        <article className={sheet} data-print-sheet aria-label={`رزومه ${name}`}>
          <header className={header}>
            <div>
              <div className={appName}>{settings.app_name}</div>
              <h1 className={title}>{`رزومه ${name}`}</h1>
            </div>
            <div className={meta}>
              <div>{`تاریخ چاپ: ${formatDateLong(new Date())}`}</div>
              {r.guest.submitted_at && <div>{`تاریخ ارسال: ${formatDateTime(r.guest.submitted_at)}`}</div>}
            </div>
          </header>
          <ResumeDocument resume={r} fileUrl={fileUrl} />
        </article>
      )}
    </div>
  );
}
