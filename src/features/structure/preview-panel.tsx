import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { STATE_CLASS_TITLES } from '~/contract/ownership.ts';
import type { CompanyPreview, PreviewController, StructurePreview } from '~/contract/structure.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Badge } from '~/ui/badge.tsx';
import { type StaticColumn, StaticTable } from '~/ui/data-table/static-table.tsx';
import { EMPTY, formatDate, formatPercent } from '~/ui/format.ts';
import { StateClassBadge } from '~/ui/state-class-badge.tsx';

const list = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const company = css({
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  p: '3',
  '&[data-changed=true]': { borderInlineStartWidth: '3px', borderInlineStartColor: 'fourth.strong' },
});
const head = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mb: '2' });
const name = css({ fontSize: '14px', fontWeight: 600, m: 0 });
const summary = css({ fontSize: '13px', color: 'muted', m: 0, mb: '2' });
const moved = css({ fontWeight: 600 });
const more = css({
  fontSize: '13px',
  '& summary': { cursor: 'pointer', color: 'muted' },
  '& ul': { m: 0, mt: '2', paddingInlineStart: '5', columns: '2', columnGap: '6' },
});
const tables = css({
  display: 'grid',
  gap: '3',
  xl: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
});

const share = (s: number | null) => (s === null ? 'نامعلوم' : formatPercent(s));

function controllerText(c: PreviewController): string {
  if (c.kind === 'controller') return `${c.holders[0]!.holder.name} (${formatPercent(c.holders[0]!.share)})`;
  if (c.kind === 'tie') return `هم‌تراز: ${c.holders.map((h) => h.holder.name).join('، ')}`;
  return c.holders.length
    ? `بی‌کنترل‌کننده؛ بزرگ‌ترین: ${c.holders.map((h) => `${h.holder.name} (${formatPercent(h.share)})`).join('، ')}`
    : 'بی‌کنترل‌کننده';
}

type FigureRow = { id: string; label: string; before: ReactNode; after: ReactNode; moved: boolean };
const mark = (r: FigureRow, v: ReactNode) => (r.moved ? <span className={moved}>{v}</span> : v);
const figureColumns: StaticColumn<FigureRow>[] = [
  { header: 'شاخص', cell: (r) => r.label, width: '9rem' },
  { header: 'اکنون', cell: (r) => r.before },
  { header: 'پس از تغییر', cell: (r) => mark(r, r.after) },
];

type HolderRow = CompanyPreview['holders'][number] & { id: string };
const holderColumns: StaticColumn<HolderRow>[] = [
  { header: 'سهامدار', cell: (r) => r.holder.name },
  { header: 'سهم یکپارچه اکنون', cell: (r) => share(r.before), numeric: true, width: '8rem' },
  { header: 'پس از تغییر', cell: (r) => share(r.after), numeric: true, width: '8rem' },
];

function CompanyCard({ c }: { c: CompanyPreview }) {
  const figures: FigureRow[] = [
    {
      id: 'share',
      label: 'سهم یکپارچه دولت',
      before: c.before.state_class === 'state' ? EMPTY : share(c.before.state_share),
      after: c.after.state_class === 'state' ? EMPTY : share(c.after.state_share),
      moved: c.share_change !== null && Math.abs(c.share_change) > 1e-9,
    },
    {
      id: 'class',
      label: 'طبقه',
      before: <StateClassBadge code={c.before.state_class} />,
      after: <StateClassBadge code={c.after.state_class} />,
      moved: c.class_changed,
    },
    {
      id: 'controller',
      label: 'کنترل‌کننده نهایی',
      before: controllerText(c.before.controller),
      after: controllerText(c.after.controller),
      moved: c.controller_changed,
    },
  ];
  const change =
    c.share_change === null || Math.abs(c.share_change) <= 1e-9
      ? null
      : `سهم دولت ${c.share_change > 0 ? 'افزایش' : 'کاهش'} ${formatPercent(Math.abs(c.share_change))}`;
  return (
    <section className={company} aria-label={c.company.name} data-changed={c.changed}>
      <div className={head}>
        <h3 className={name}>{c.company.name}</h3>
        <Badge tone={c.touched ? 'first' : 'neutral'}>{c.touched ? 'در عملیات' : 'زیرمجموعه'}</Badge>
        {c.class_changed && <Badge tone="warning">تغییر طبقه</Badge>}
        {c.controller_changed && <Badge tone="warning">تغییر کنترل</Badge>}
        {!c.changed && <Badge>بدون تغییر در سهم دولت و کنترل</Badge>}
      </div>
      {change && <p className={summary}>{change}</p>}
      <div className={tables}>
        <StaticTable
          caption={`اثر تغییر بر ${c.company.name}`}
          columns={figureColumns}
          rows={figures}
          empty={EMPTY}
        />
        <StaticTable
          caption={`بزرگ‌ترین سهامداران ${c.company.name}`}
          columns={holderColumns}
          rows={c.holders.map((h) => ({ ...h, id: h.holder.key }))}
          empty="سهامداری ثبت نشده است"
        />
      </div>
    </section>
  );
}

/**
 * The preview of a saved draft: each affected company (the ones the operations name, then every
 * company below them), now and after the change: the state's integrated share, the class, the
 * ultimate controller and the largest holders' integrated shares. Changed companies come first
 * and are marked on their inline-start edge.
 */
export function PreviewPanel({ preview }: { preview: StructurePreview }) {
  const changed = preview.companies.filter((c) => c.changed).length;
  // every changed company and every one an operation names in full; the unchanged rest in a list
  const shown = preview.companies.filter((c) => c.changed || c.touched);
  const rest = preview.companies.filter((c) => !c.changed && !c.touched);
  return (
    <div className={list}>
      <p className={summary}>
        بر پایه سهامداری‌های {formatDate(preview.as_of)}: {toPersianDigits(preview.ended)} سهامداری پایان
        می‌یابد و {toPersianDigits(preview.added)} سهامداری تازه ثبت می‌شود؛{' '}
        {toPersianDigits(preview.companies.length)} شرکت اثر می‌پذیرد که در {toPersianDigits(changed)} شرکت سهم
        دولت، طبقه یا کنترل تغییر می‌کند.
      </p>
      {shown.map((c) => (
        <CompanyCard key={c.company.key} c={c} />
      ))}
      {rest.length > 0 && (
        <details className={more}>
          <summary>
            {toPersianDigits(rest.length)} شرکت زیرمجموعه دیگر بی‌تغییر در سهم دولت، طبقه و کنترل
          </summary>
          <ul>
            {rest.map((c) => (
              <li key={c.company.key}>
                {c.company.name}: سهم دولت{' '}
                {c.after.state_class === 'state' ? EMPTY : share(c.after.state_share)}،{' '}
                {STATE_CLASS_TITLES[c.after.state_class]}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
