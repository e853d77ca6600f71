import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import { type FieldSpec, STATUS_SECTIONS } from '~/contract/status-report.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Badge } from '~/ui/badge.tsx';
import { Button } from '~/ui/button.tsx';
import { formatDateTime } from '~/ui/format.ts';
import { FieldControl } from './controls.tsx';
import { blankRow, type Cell } from './form-values.ts';
import { RowTable } from './row-table.tsx';
import { type ReportState, STATUS_LABELS, statusOf } from './use-report.ts';

/**
 * One section of the report as a form of its own: heading with its state (saved, unsaved, changed),
 * its fields, its table, the messages of the last save beside their fields, the 409 banner with
 * a reload of this section, and its own save button. The first refused field takes focus.
 */

const box = css({
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  p: '4',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  scrollMarginBlockStart: '4',
});
const head = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
const title = css({ fontSize: '16px', fontWeight: 700, m: 0 });
const meta = css({ fontSize: '12px', color: 'muted', flex: '1' });
const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '3' });
const wide = css({ gridColumn: '1 / -1' });
const banner = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '3',
  p: '3',
  borderRadius: '4px',
  fontSize: '13px',
  borderInlineStartWidth: '3px',
  borderInlineStartStyle: 'solid',
  bg: 'warning.soft',
  borderInlineStartColor: 'warning',
  '&[data-tone=danger]': { bg: 'danger.soft', borderInlineStartColor: 'danger' },
  '& p': { m: 0, flex: '1 1 320px' },
});

const TONE = { saved: 'success', unsaved: 'neutral', dirty: 'warning' } as const;

export interface SectionFormProps {
  n: number;
  report: ReportState;
  /** Heading level: 2 on the report, 2 on the long form too (one h1 per page). */
  headingId?: string;
}

/** Section `n` of `report` as its own form (see the module comment). */
export function SectionForm({ n, report, headingId }: SectionFormProps) {
  const spec = STATUS_SECTIONS[n]!;
  const s = report.sections[n]!;
  const ref = useRef<HTMLFormElement>(null);
  const status = statusOf(s);
  const id = headingId ?? `status-section-${n}`;

  useEffect(() => {
    if (!s.refusals) return;
    const first = ref.current?.querySelector<HTMLElement>('[aria-invalid=true]');
    (first ?? ref.current?.querySelector<HTMLElement>('[data-form-alert]'))?.focus();
  }, [s.refusals]);

  const setField = (name: string, v: Cell) =>
    report.setValues(n, (vals) => ({ ...vals, fields: { ...vals.fields, [name]: v } }));
  const error = (name: string) => s.errors[name]?.[0];
  const general = s.errors._?.[0];
  // The notes close the section, after its table.
  const notes = spec.fields.find((f) => f.name === 'notes');
  const fieldsBefore = spec.fields.filter((f) => f !== notes);
  const control = (f: FieldSpec) => (
    <FieldControl
      key={f.name}
      spec={f}
      value={s.values.fields[f.name] ?? ''}
      onChange={(v) => setField(f.name, v)}
      error={error(f.name)}
      className={f.wide ? wide : undefined}
    />
  );

  return (
    <form
      ref={ref}
      className={box}
      aria-labelledby={id}
      data-section={n}
      data-status={status}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void report.save(n);
      }}
    >
      <div className={head}>
        <h2 id={id} className={title}>
          {`${toPersianDigits(n)}. ${spec.title}`}
        </h2>
        <Badge tone={TONE[status]} data-section-status={status}>
          {STATUS_LABELS[status]}
        </Badge>
        <span className={meta}>
          {s.updatedAt
            ? `آخرین ذخیره: ${formatDateTime(s.updatedAt)}${s.updatedBy ? `، ${s.updatedBy}` : ''}`
            : 'پیش‌نویس از داده‌های ثبت‌شده در سامانه'}
        </span>
        <Button
          type="submit"
          tone={status === 'saved' ? 'secondary' : 'primary'}
          size="sm"
          disabled={s.busy}
          aria-busy={s.busy || undefined}
        >
          {`ذخیره ${spec.title}`}
        </Button>
      </div>
      {s.stale && (
        <div role="alert" className={banner} data-stale="">
          <p>
            این بخش پس از باز شدن آن به دست کاربر دیگری ذخیره شده است. تغییرات شما ذخیره نشد و چیزی بازنویسی
            نشد. بخش را دوباره بارگیری کنید و تغییرات خود را روی نسخه تازه وارد کنید.
          </p>
          <Button tone="primary" size="sm" onClick={() => void report.reload(n)}>
            بارگیری دوباره این بخش
          </Button>
        </div>
      )}
      {general && (
        <div role="alert" className={banner} data-tone="danger" data-form-alert="" tabIndex={-1}>
          <p>{general}</p>
        </div>
      )}
      {fieldsBefore.length > 0 && <div className={grid}>{fieldsBefore.map(control)}</div>}
      {spec.table && (
        <RowTable
          spec={spec.table}
          rows={s.values.rows}
          errors={s.errors}
          blank={() => blankRow(spec)}
          onChange={(rows) => report.setValues(n, (vals) => ({ ...vals, rows }))}
        />
      )}
      {notes && <div className={grid}>{control(notes)}</div>}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
    </form>
  );
}
