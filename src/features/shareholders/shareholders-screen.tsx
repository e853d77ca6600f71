import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { ShareholderItem } from '~/contract/persons.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError } from '~/lib/http.ts';
import { parseId } from '~/lib/route-params.ts';
import { type StaticColumn, StaticTable } from '~/ui/data-table/static-table.tsx';
import { EMPTY, formatDate, formatNumber, formatPercent, formatShare } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { GOING_BACK, useForbiddenAnswer } from '~/ui/use-forbidden-answer.ts';
import { shareholdersQuery } from './api.ts';
import { IntegratedSection } from './integrated-section.tsx';

/**
 * /person/shareholder/{legalId}: the company's direct shareholders as registered, largest stake
 * first, with the sum of their percentages and the free float (1 − sum); below, the direct and
 * integrated holders side by side with the chains behind each figure (integrated-section.tsx). Tab moves between the holders'
 * names and Enter opens the holder's record; the page belongs to the company (its breadcrumb
 * names it, Esc and Backspace go back to it).
 */

const SHARE_CLASS: Record<string, string> = { common: 'عادی', preferred: 'ممتاز' };
const TYPE: Record<string, string> = { legal: 'حقوقی', true: 'حقیقی' };

const summary = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '6',
  fontSize: '13px',
  mb: '3',
  '& dt': { color: 'muted' },
  '& dd': { m: 0, fontWeight: 600, fontVariantNumeric: 'tabular-nums' },
});
const card = css({
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  p: '3',
});

const holderLink = (r: ShareholderItem) =>
  r.holder_type === 'legal' ? (
    <Link to="/person/legal-persons/view/$id" params={{ id: String(r.holder_id) }}>
      {r.holder_name}
    </Link>
  ) : (
    <Link to="/person/true-persons/view/$id" params={{ id: String(r.holder_id) }}>
      {r.holder_name}
    </Link>
  );

const columns: StaticColumn<ShareholderItem>[] = [
  { header: 'سهامدار', cell: holderLink },
  { header: 'نوع', cell: (r) => TYPE[r.holder_type] ?? r.holder_type, width: '5rem' },
  {
    header: 'شناسه ملی / کد ملی',
    cell: (r) =>
      r.holder_national_id ? <span dir="ltr">{toPersianDigits(r.holder_national_id)}</span> : EMPTY,
    width: '9rem',
  },
  { header: 'تعداد سهام', cell: (r) => formatNumber(r.share_count), numeric: true, width: '10rem' },
  { header: 'درصد', cell: (r) => formatShare(r.percentage, 4), numeric: true, width: '7rem' },
  { header: 'نوع سهم', cell: (r) => SHARE_CLASS[r.share_class] ?? r.share_class, width: '6rem' },
  { header: 'از تاریخ', cell: (r) => formatDate(r.valid_from), width: '7rem' },
  { header: 'تا تاریخ', cell: (r) => formatDate(r.valid_to), width: '7rem' },
];

export function ShareholdersScreen() {
  const { legalId } = useParams({ from: '/person/shareholder/$legalId' });
  const id = parseId(legalId) ?? 0;
  const query = useQuery(shareholdersQuery(id));
  const forbidden = useForbiddenAnswer(query.error);
  const d = query.data;
  const company = { to: `/person/legal-persons/view/${id}`, label: d?.company.name };
  if (!d) {
    return (
      <>
        <PageHeader
          title="سهامداران"
          parent={company}
          description={
            query.isPending
              ? undefined
              : forbidden
                ? GOING_BACK
                : query.error instanceof ApiError && query.error.status === 404
                  ? 'این شخص حقوقی پیدا نشد.'
                  : 'فهرست سهامداران بارگیری نشد؛ صفحه را دوباره باز کنید.'
          }
        />
        {query.isPending && <SkeletonRows rows={6} columns={5} />}
      </>
    );
  }
  const count = d.shareholders.length;
  return (
    <>
      <PageHeader
        title={`سهامداران ${d.company.name}`}
        parent={company}
        description={
          <Link to="/person/legal-persons/view/$id" params={{ id: String(d.company.id) }}>
            نمایش {d.company.name}
          </Link>
        }
      />
      <div className={card}>
        <dl className={summary}>
          <div>
            <dt>شمار سهامداران</dt>
            <dd>{formatNumber(count)}</dd>
          </div>
          <div>
            <dt>تعداد کل سهام شرکت</dt>
            <dd>{formatNumber(d.company.share_count)}</dd>
          </div>
          <div>
            <dt>جمع درصد سهامداران</dt>
            <dd>{formatPercent(d.total_percentage, 4)}</dd>
          </div>
          <div>
            <dt>سهام شناور آزاد</dt>
            <dd>{formatPercent(d.free_float, 4)}</dd>
          </div>
        </dl>
        <StaticTable
          caption={`سهامداران ${d.company.name}`}
          columns={columns}
          rows={d.shareholders}
          empty="سهامداری برای این شرکت ثبت نشده است."
          footer={[
            'جمع',
            '',
            '',
            '',
            formatPercent(d.total_percentage, 4),
            `شناور آزاد: ${formatPercent(d.free_float, 4)}`,
            '',
            '',
          ]}
        />
      </div>
      <IntegratedSection companyId={d.company.id} />
    </>
  );
}
