import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import type { CompareAnswer, OwnershipNode, ReviewAnswer } from '~/contract/ownership.ts';
import { jalaliOfIso, parseJalaliDate, todayIso } from '~/domain/jalali.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { api } from '~/lib/http.ts';
import { Badge } from '~/ui/badge.tsx';
import { noteCss, scrollCss, tableCss } from '~/ui/figure-styles.ts';
import { EMPTY, formatPercent, UNKNOWN_SHARE } from '~/ui/format.ts';
import { JalaliField } from '~/ui/jalali-input.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { StateClassBadge } from '~/ui/state-class-badge.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { ViewSwitch } from '~/ui/view-switch.tsx';

/**
 * /person/ownership-review: the two portfolio-wide reviews of ownership (issue 17). 1: the
 * declared indirect interests (imported) that the computed integrated figures disagree with;
 * 2: what changed in the state's share, class and control between two dates, company by company.
 * Keys 1 and 2 switch views; the view and the dates are in the URL.
 */

export type ReviewSearch = { view?: 'declared' | 'compare'; from?: string; to?: string };

const VIEWS = [
  { id: 'declared', title: 'اظهارشده در برابر محاسبه‌شده' },
  { id: 'compare', title: 'مقایسهٔ دو تاریخ' },
] as const;

const card = css({
  bg: 'surface',
  border: '1px solid token(colors.line)',
  borderRadius: '6px',
  p: '3',
  display: 'grid',
  gap: '3',
});
const bar = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  alignItems: 'end',
  '& > *': { minW: '170px' },
});

function Company({ node }: { node: OwnershipNode }) {
  return (
    <Link to="/person/shareholder/$legalId" params={{ legalId: String(node.id) }}>
      {node.name}
    </Link>
  );
}

const share = (v: number | null) => (v === null ? UNKNOWN_SHARE : formatPercent(v, 2));
const change = (v: number | null) =>
  v === null ? EMPTY : `${v > 0 ? '+' : ''}${formatPercent(v, 2)}`.replace('+', '+\u200E');

function Declared() {
  const q = useQuery({
    queryKey: ['ownership', 'review'],
    queryFn: ({ signal }) => api<ReviewAnswer>('/api/ownership/review', { signal, quiet: true }),
  });
  const d = q.data;
  if (!d)
    return q.isPending ? <SkeletonRows rows={5} columns={5} /> : <p className={noteCss}>بارگیری نشد.</p>;
  return (
    <div className={scrollCss}>
      <table className={tableCss}>
        <caption>
          {toPersianDigits(d.rows.length)} ناهمخوانی از {toPersianDigits(d.declared)} سهم غیرمستقیم اظهارشده
          (در واردات BODS)؛ اختلاف بیش از یک‌صدم درصد
        </caption>
        <thead>
          <tr>
            <th>شرکت</th>
            <th>دارنده</th>
            <th className="num">اظهارشده</th>
            <th className="num">محاسبه‌شده (یکپارچه)</th>
            <th className="num">اختلاف</th>
          </tr>
        </thead>
        <tbody>
          {d.rows.map((r) => (
            <tr key={`${r.company.key}-${r.holder.key}`}>
              <td>
                <Company node={r.company} />
              </td>
              <td>{r.holder.name}</td>
              <td className="num">{share(r.declared)}</td>
              <td className="num">
                {r.computed === null ? (
                  <span
                    title={r.unknown_links.map((l) => `${l.holder.name} در ${l.company.name}`).join('، ')}
                  >
                    محاسبه‌پذیر نیست
                  </span>
                ) : (
                  share(r.computed)
                )}
              </td>
              <td className="num">{change(r.difference)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {d.rows.length === 0 && <p className={noteCss}>ناهمخوانی‌ای نیست.</p>}
    </div>
  );
}

function Compare({ from, to, onChange }: { from: string; to: string; onChange(next: ReviewSearch): void }) {
  const q = useQuery({
    queryKey: ['ownership', 'compare', from, to],
    queryFn: ({ signal }) =>
      api<CompareAnswer>('/api/ownership/compare', { signal, quiet: true, query: { from, to } }),
    placeholderData: keepPreviousData,
  });
  const d = q.data;
  const field = (label: string, value: string, key: 'from' | 'to') => (
    <JalaliField
      label={label}
      value={toPersianDigits(jalaliOfIso(value))}
      onChange={(v) => {
        const iso = parseJalaliDate(v);
        if (iso) onChange({ [key]: iso });
      }}
    />
  );
  return (
    <>
      <div className={bar}>
        {field('از تاریخ', from, 'from')}
        {field('تا تاریخ', to, 'to')}
      </div>
      {!d ? (
        q.isPending ? (
          <SkeletonRows rows={5} columns={6} />
        ) : (
          <p className={noteCss}>{q.error instanceof Error ? q.error.message : 'بارگیری نشد.'}</p>
        )
      ) : (
        <div className={scrollCss}>
          <table className={tableCss}>
            <caption>
              {toPersianDigits(d.rows.length)} شرکت که سهم دولت، وضعیت دولتی یا کنترل دولت در آن تغییر کرده
              است
            </caption>
            <thead>
              <tr>
                <th>شرکت</th>
                <th>پیش‌تر</th>
                <th>اکنون</th>
                <th className="num">سهم دولت پیش‌تر</th>
                <th className="num">سهم دولت اکنون</th>
                <th className="num">تغییر</th>
                <th>کنترل دولت</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.company.key}>
                  <td>
                    <Company node={r.company} />
                  </td>
                  <td>
                    <StateClassBadge code={r.before.class} />
                  </td>
                  <td>
                    <StateClassBadge code={r.after.class} />
                  </td>
                  <td className="num">{share(r.before.share)}</td>
                  <td className="num">{share(r.after.share)}</td>
                  <td className="num">{change(r.share_change)}</td>
                  <td>
                    {r.control_changed ? (
                      <Badge tone="warning">
                        {r.after.controlled_by_state ? 'به دست آورد' : 'از دست داد'}
                      </Badge>
                    ) : r.after.controlled_by_state ? (
                      'دارد'
                    ) : (
                      'ندارد'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {d.rows.length === 0 && <p className={noteCss}>میان این دو تاریخ تغییری نیست.</p>}
        </div>
      )}
    </>
  );
}

/** A year before today, as the comparison's first date by default. */
function yearAgo(): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - 1);
  return todayIso(d);
}

export function ReviewScreen({ search }: { search: ReviewSearch }) {
  const navigate = useNavigate();
  const view = search.view ?? 'declared';
  const go = (next: ReviewSearch) =>
    void navigate({ to: '/person/ownership-review', search: { ...search, ...next }, replace: true });
  useShortcuts({ Digit1: () => go({ view: 'declared' }), Digit2: () => go({ view: 'compare' }) });
  return (
    <>
      <PageHeader
        title="بازبینی مالکیت"
        description={
          <ViewSwitch label="نمایش" views={VIEWS} value={view} onChange={(v) => go({ view: v })} />
        }
      />
      <section className={card}>
        {view === 'declared' ? (
          <Declared />
        ) : (
          <Compare from={search.from ?? yearAgo()} to={search.to ?? todayIso()} onChange={go} />
        )}
      </section>
    </>
  );
}
