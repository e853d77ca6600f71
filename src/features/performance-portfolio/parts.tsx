import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { OWNERSHIP_TYPES } from '~/contract/legal-person.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { ApiError } from '~/lib/http.ts';
import { OPTION_LOADERS, optionKey } from '~/lib/options.ts';
import { input } from '~/ui/input.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { SkeletonRows } from '~/ui/skeleton.tsx';
import { GOING_BACK, useForbiddenAnswer } from '~/ui/use-forbidden-answer.ts';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import type { PortfolioSearch } from './search.ts';

/**
 * What the portfolio's screens share: the filter bar (fiscal year and the company filters, kept in
 * the URL), the «چگونه؟» details that show how a figure was made, and the charts' colours and helpers
 * (the chart frame and the tables' look are `~/ui/plot-figure.tsx` and `~/ui/figure-styles.ts`).
 */

const barCss = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  alignItems: 'end',
  mb: '4',
  '& label': { display: 'grid', gap: '1', fontSize: '12px', color: 'muted', minW: '140px' },
});

/** A Jalali year in Persian digits, without separators. */
export const yearText = (y: number | null | undefined) => (y == null ? '—' : toPersianDigits(y));

/** One select of the filter bar. */
function Choice({
  label,
  value,
  options,
  onChange,
  anyLabel = 'همه',
  id,
}: {
  label: string;
  value: string | number | undefined;
  options: readonly { value: string | number; label: string }[];
  onChange(v: string | undefined): void;
  anyLabel?: string | null;
  id?: string;
}) {
  return (
    <label>
      {label}
      <select
        id={id}
        className={cx(input(), css({ minW: '140px' }))}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      >
        {anyLabel !== null && <option value="">{anyLabel}</option>}
        {options.map((o) => (
          <option key={o.value} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The filter bar: the fiscal year (`years` the answer offered, newest first), industry, supervising
 * body and ownership type; `/` focuses the year. Each change replaces the URL's search.
 */
export function FilterBar({
  search,
  years,
  onChange,
  children,
}: {
  search: PortfolioSearch;
  years: readonly number[];
  onChange(next: Partial<PortfolioSearch>): void;
  children?: ReactNode;
}) {
  const industries = useQuery({ queryKey: optionKey('industries'), queryFn: OPTION_LOADERS.industries });
  const bodies = useQuery({
    queryKey: optionKey('supervising_bodies'),
    queryFn: OPTION_LOADERS.supervising_bodies,
  });
  useShortcuts({
    Slash: (e) => {
      e.preventDefault();
      document.getElementById('portfolio-year')?.focus();
    },
  });
  const asNumber = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  return (
    <search className={barCss} aria-label="فیلترها (کلید /)">
      <Choice
        id="portfolio-year"
        label="سال مالی"
        value={search.year}
        anyLabel={years.length ? 'آخرین سال' : 'بدون داده'}
        options={years.map((y) => ({ value: y, label: toPersianDigits(y) }))}
        onChange={(v) => onChange({ year: asNumber(v) })}
      />
      <Choice
        label="صنعت"
        value={search.industry}
        options={industries.data ?? []}
        onChange={(v) => onChange({ industry: asNumber(v) })}
      />
      <Choice
        label="نهاد ناظر"
        value={search.body}
        options={bodies.data ?? []}
        onChange={(v) => onChange({ body: asNumber(v) })}
      />
      <Choice
        label="نوع مالکیت"
        value={search.ownership}
        options={OWNERSHIP_TYPES.map((o) => ({ value: o, label: o }))}
        onChange={(v) => onChange({ ownership: v as PortfolioSearch['ownership'] })}
      />
      {children}
    </search>
  );
}

/** A select of the filter bar with fixed options and no "all" (group by, period, opinion). */
export function FixedChoice(props: {
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  onChange(v: string | undefined): void;
  anyLabel?: string | null;
}) {
  return <Choice {...props} anyLabel={props.anyLabel ?? null} />;
}

/** The page while its answer loads or when it failed (a 403 goes back, as every screen). */
export function Pending({ error, pending, title }: { error: unknown; pending: boolean; title?: string }) {
  const forbidden = useForbiddenAnswer(error);
  return (
    <>
      <PageHeader
        title={title}
        description={
          pending
            ? undefined
            : forbidden
              ? GOING_BACK
              : error instanceof ApiError
                ? error.message
                : 'بارگیری نشد؛ صفحه را دوباره باز کنید.'
        }
      />
      {pending && <SkeletonRows rows={8} columns={6} />}
    </>
  );
}

/**
 * The years a chart draws: those with at least 5 % of the busiest year's statements, so that a
 * single company's early filings do not flatten the rest (they stay in the table).
 */
export function busyYears<T>(rows: readonly T[], count: (r: T) => number): T[] {
  const most = Math.max(0, ...rows.map(count));
  return rows.filter((r) => count(r) >= most * 0.05);
}
export const FEW_YEARS_NOTE = 'سال‌هایی با صورت‌های مالی اندک (کمتر از ۵٪ پرشمارترین سال) تنها در جدول آمده‌اند';

/** A long name shortened for a chart's axis (the table beside it has it whole). */
export const shortName = (name: string) => (name.length > 28 ? `${name.slice(0, 27)}…` : name);

/** Chart colours: the theme's first colour and tones for good, middling and bad. */
export const COLOURS = {
  first: '#5d4037',
  second: '#424242',
  good: '#2e7d32',
  middle: '#f9a825',
  bad: '#c62828',
  other: '#9e9e9e',
} as const;

/** Plot's style for every chart here: the page's font, small text. */
export const PLOT_STYLE = { fontFamily: 'inherit', fontSize: '11px' } as const;
