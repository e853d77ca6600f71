import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useSettings } from '~/lib/settings.ts';
import { Button } from '../button.tsx';
import { formatDateLong } from '../format.ts';
import { SkeletonRows } from '../skeleton.tsx';
import { PRINT_CSS } from './print-css.ts';

/**
 * A print view's page: a toolbar (back, print) that never prints, then the A4 sheet with its
 * header (the app's name, the title, the print date in Jalali and any other lines) and the
 * document. While loading: skeleton rows in the sheet; on failure: the message.
 */

const page = css({ minH: '100vh', bg: 'canvas', py: '6', px: '4', '@media print': { p: '0', bg: 'white' } });
export const sheet = css({
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
const titleCss = css({ fontSize: '20px', fontWeight: '700', m: '0' });
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

export interface PrintPageProps {
  /** The sheet's heading (h1) and accessible name. */
  title: string;
  /** Lines under the print date (submitted at, company id …). */
  meta?: ReactNode[];
  /** The toolbar's back button. */
  back?: { label: string; onClick(): void };
  /** The print button's label. */
  printLabel: string;
  pending?: boolean;
  /** Shown instead of the sheet (an error, with what to do). */
  error?: ReactNode;
  /** The document; null while it is not there. */
  children?: ReactNode;
}

/** The page around a print view's document (see the module comment). */
export function PrintPage({
  title,
  meta: lines = [],
  back,
  printLabel,
  pending,
  error,
  children,
}: PrintPageProps) {
  const settings = useSettings();
  const ready = !pending && !error && children != null;
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
        <Button tone="primary" onClick={() => window.print()} disabled={!ready}>
          {printLabel}
        </Button>
      </div>
      {pending && (
        <div className={sheet}>
          <SkeletonRows rows={10} columns={3} />
        </div>
      )}
      {error && (
        <div role="alert" className={alert}>
          {error}
        </div>
      )}
      {ready && (
        <article className={sheet} data-print-sheet aria-label={title}>
          <header className={header}>
            <div>
              <div className={appName}>{settings.app_name}</div>
              <h1 className={titleCss}>{title}</h1>
            </div>
            <div className={meta}>
              <div>{`تاریخ چاپ: ${formatDateLong(new Date())}`}</div>
              {lines.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines in a fixed order
                <div key={i}>{line}</div>
              ))}
            </div>
          </header>
          {children}
        </article>
      )}
    </div>
  );
}
