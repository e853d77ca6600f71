import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { SECTION_COUNT, STATUS_SECTIONS, type StatusReport } from '~/contract/status-report.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Button } from '~/ui/button.tsx';
import { Kbd } from '~/ui/kbd.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { ReportLinks, ReportLoader, useLeaveGuard } from './report-frame.tsx';
import { NEXT_SECTION_KEY, PREVIOUS_SECTION_KEY, SAVE_KEY, useReportKeys } from './report-keys.ts';
import { SectionForm } from './section-form.tsx';
import { STATUS_LABELS, statusOf, useReport } from './use-report.ts';

/**
 * /person/legal-persons/status/{id}: the company status report, one section at a time. The
 * section list (sections 0..10 with their state) on the inline-start side, the current section's
 * form beside it; the section is in the URL (`?section=3`). Ctrl/⌘+S saves the section on screen,
 * Alt+↓ / Alt+↑ move between sections (focus goes to the section's first field).
 */

const layout = css({
  display: 'grid',
  gridTemplateColumns: '240px minmax(0, 1fr)',
  gap: '4',
  alignItems: 'start',
  '@media (max-width: 900px)': { gridTemplateColumns: '1fr' },
});
const nav = css({
  position: 'sticky',
  insetBlockStart: '4',
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  py: '2',
  '& ol': { listStyle: 'none', m: 0, p: 0 },
});
const navItem = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  w: '100%',
  px: '3',
  py: '1.5',
  bg: 'transparent',
  border: 'none',
  textAlign: 'start',
  fontSize: '13.5px',
  color: 'ink',
  cursor: 'pointer',
  _hover: { bg: 'subtle' },
  '&[aria-current=step]': {
    bg: 'first.soft',
    fontWeight: 600,
    boxShadow: 'inset -3px 0 0 token(colors.first)',
  },
});
const num = css({ w: '1.5rem', color: 'muted', fontVariantNumeric: 'tabular-nums' });
const dot = css({
  w: '8px',
  h: '8px',
  borderRadius: '50%',
  flexShrink: 0,
  marginInlineStart: 'auto',
  '&[data-status=saved]': { bg: 'success' },
  '&[data-status=unsaved]': { bg: 'line.strong' },
  '&[data-status=dirty]': { bg: 'fourth.strong' },
});
const navHint = css({
  display: 'flex',
  gap: '1',
  alignItems: 'center',
  px: '3',
  pt: '2',
  fontSize: '12px',
  color: 'muted',
});

export interface StatusReportScreenProps {
  id: number;
  section: number;
}

/** The report of company `id` with section `section` on screen. */
export function StatusReportScreen({ id, section }: StatusReportScreenProps) {
  return (
    <ReportLoader id={id}>{(report) => <ReportTabs id={id} section={section} data={report} />}</ReportLoader>
  );
}

function ReportTabs({ id, section, data }: StatusReportScreenProps & { data: StatusReport }) {
  const report = useReport(id, data);
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const current = Math.min(Math.max(section, 0), SECTION_COUNT - 1);
  useLeaveGuard(report);

  const go = (n: number, focus = true) => {
    moved.current = focus;
    void navigate({
      to: '/person/legal-persons/status/$id',
      params: { id: String(id) },
      search: { section: n },
      replace: true,
    });
  };
  // After a move by key, the new section's first field takes focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the section on screen changed
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    panel.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [current]);

  const params = { id: String(id) };
  useReportKeys({
    save: () => void report.save(current),
    move: (d) => go((current + d + SECTION_COUNT) % SECTION_COUNT),
    print: () => void navigate({ to: '/status-print/$id', params }),
    printForm: () => void navigate({ to: '/status-print-form/$id', params }),
  });

  return (
    <>
      <PageHeader
        title={`گزارش وضعیت ${data.company.name}`}
        description={<ReportLinks id={id} long={false} />}
        actions={
          <Button tone="primary" shortcut={SAVE_KEY} onClick={() => void report.save(current)}>
            ذخیره بخش
          </Button>
        }
      />
      <div className={layout}>
        <nav className={nav} aria-label="بخش‌های گزارش">
          <ol>
            {STATUS_SECTIONS.map((s) => {
              const status = statusOf(report.sections[s.n]!);
              return (
                <li key={s.n}>
                  <button
                    type="button"
                    className={navItem}
                    aria-current={s.n === current ? 'step' : undefined}
                    data-nav-status={status}
                    onClick={() => go(s.n, false)}
                  >
                    <span className={num}>{toPersianDigits(s.n)}</span>
                    {s.title}
                    <span
                      className={dot}
                      data-status={status}
                      role="img"
                      aria-label={STATUS_LABELS[status]}
                    />
                  </button>
                </li>
              );
            })}
          </ol>
          <div className={navHint}>
            <Kbd binding={PREVIOUS_SECTION_KEY} />
            <Kbd binding={NEXT_SECTION_KEY} />
            جابه‌جایی میان بخش‌ها
          </div>
        </nav>
        <div ref={panel}>
          <SectionForm key={current} n={current} report={report} />
        </div>
      </div>
    </>
  );
}
