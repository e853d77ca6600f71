import { useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { css } from 'styled-system/css';
import { SECTION_COUNT, STATUS_SECTIONS, type StatusReport } from '~/contract/status-report.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Button } from '~/ui/button.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { ReportLinks, ReportLoader, useLeaveGuard } from './report-frame.tsx';
import { SAVE_KEY, useReportKeys } from './report-keys.ts';
import { SectionForm } from './section-form.tsx';
import { STATUS_LABELS, statusOf, useReport } from './use-report.ts';

/**
 * /person/legal-persons/create-form/{id}: the same report as one long form, every section on
 * one page in the order of the paper form, for typing a filled paper form in one sitting. Each
 * section is still saved on its own: Ctrl/⌘+S saves the section holding focus (the last one
 * focused, else the first), Alt+↓ / Alt+↑ jump to the next / previous section's first field.
 */

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4', pb: '8' });
const summary = css({ fontSize: '12.5px', color: 'muted' });

/** The report of company `id` as one long form. */
export function LongFormScreen({ id }: { id: number }) {
  return <ReportLoader id={id}>{(report) => <LongForm id={id} data={report} />}</ReportLoader>;
}

function LongForm({ id, data }: { id: number; data: StatusReport }) {
  const report = useReport(id, data);
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  /** The section that last held focus. */
  const focused = useRef(0);
  useLeaveGuard(report);

  const sectionEl = (n: number) => root.current?.querySelector<HTMLElement>(`form[data-section="${n}"]`);
  const params = { id: String(id) };
  useReportKeys({
    save: () => void report.save(focused.current),
    move: (d) => {
      const n = (focused.current + d + SECTION_COUNT) % SECTION_COUNT;
      focused.current = n;
      const el = sectionEl(n);
      el?.scrollIntoView({ block: 'start' });
      el?.querySelector<HTMLElement>('input, select, textarea')?.focus({ preventScroll: true });
    },
    print: () => void navigate({ to: '/status-print/$id', params }),
    printForm: () => void navigate({ to: '/status-print-form/$id', params }),
  });

  const counts = { saved: 0, unsaved: 0, dirty: 0 };
  for (const s of report.sections) counts[statusOf(s)]++;

  return (
    <>
      <PageHeader
        title={`فرم وضعیت ${data.company.name}`}
        description={
          <>
            <ReportLinks id={id} long />
            <div className={summary} aria-live="polite">
              {(['saved', 'dirty', 'unsaved'] as const)
                .map((k) => `${STATUS_LABELS[k]}: ${toPersianDigits(counts[k])}`)
                .join(' · ')}
            </div>
          </>
        }
        actions={
          <Button tone="primary" shortcut={SAVE_KEY} onClick={() => void report.save(focused.current)}>
            ذخیره بخش جاری
          </Button>
        }
      />
      {/* biome-ignore lint/a11y/noStaticElementInteractions: only notes which section holds focus */}
      <div
        ref={root}
        className={stack}
        onFocus={(e) => {
          const form = (e.target as HTMLElement).closest<HTMLElement>('form[data-section]');
          if (form) focused.current = Number(form.dataset.section);
        }}
      >
        {STATUS_SECTIONS.map((s) => (
          <SectionForm key={s.n} n={s.n} report={report} />
        ))}
      </div>
    </>
  );
}
