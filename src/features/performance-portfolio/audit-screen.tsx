import * as Plot from '@observablehq/plot';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import {
  AUDIT_CATEGORIES,
  AUDIT_CATEGORY_LABELS_FA,
  type AuditCategory,
  type AuditYear,
  NON_CLEAN_OPINIONS,
} from '~/contract/performance-portfolio.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Badge } from '~/ui/badge.tsx';
import { Card } from '~/ui/card.tsx';
import { noteCss, scrollCss, sectionsCss, tableCss } from '~/ui/figure-styles.ts';
import { EMPTY, formatNumber } from '~/ui/format.ts';
import { How } from '~/ui/how.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { PlotFigure } from '~/ui/plot-figure.tsx';
import { auditQueryOf } from './api.ts';
import {
  busyYears,
  FEW_YEARS_NOTE,
  FilterBar,
  FixedChoice,
  Pending,
  PLOT_STYLE,
  yearText,
} from './parts.tsx';
import { type AuditSearch, listFilters } from './search.ts';

/**
 * /performance/audit-report: auditors' opinions on the portfolio's annual statements by year (a
 * stacked chart with its table; each count opens the statements list filtered to it), and the
 * companies of the chosen year whose opinion is not clean (or of the opinion chosen), each
 * opening its statement.
 */

const CATEGORY_COLOURS: Record<AuditCategory, string> = {
  unqualified: '#2e7d32',
  qualified: '#f9a825',
  adverse: '#c62828',
  disclaimer: '#6a1b9a',
  not_audited: '#9e9e9e',
  no_opinion: '#cfd8dc',
};

/** The statements list's URL filter for a category (none for «no opinion recorded»). */
function categoryFilter(c: AuditCategory): Record<string, unknown> | null {
  if (c === 'not_audited') return { audited: false };
  if (c === 'no_opinion') return null;
  return { opinion: c };
}

function AuditChart({ years: all }: { years: AuditYear[] }) {
  const years = busyYears(all, (y) => y.total);
  const data = years.flatMap((y) =>
    AUDIT_CATEGORIES.map((c) => ({ year: y.fiscal_year, category: AUDIT_CATEGORY_LABELS_FA[c], n: y[c] })),
  );
  return (
    <PlotFigure
      captionAt="bottom"
      maxWidth={760}
      alt={`اظهارنظر حسابرس به تفکیک سال: ${years
        .map(
          (y) =>
            `${toPersianDigits(y.fiscal_year)}: ${AUDIT_CATEGORIES.filter((c) => y[c] > 0)
              .map((c) => `${AUDIT_CATEGORY_LABELS_FA[c]} ${formatNumber(y[c])}`)
              .join('، ')}`,
        )
        .join('؛ ')}`}
      caption={`تعداد صورت‌های مالی سالانه به تفکیک اظهارنظر حسابرس در هر سال مالی${years.length < all.length ? `؛ ${FEW_YEARS_NOTE}` : ''}. همین ارقام در جدول زیر نمودار آمده است.`}
      make={(width) =>
        Plot.plot({
          width,
          height: 280,
          marginLeft: 56,
          style: PLOT_STYLE,
          x: { label: 'سال مالی', tickFormat: (y: number) => toPersianDigits(y), type: 'band' },
          y: { label: 'صورت مالی', grid: true, tickFormat: (v: number) => formatNumber(v) },
          color: {
            domain: AUDIT_CATEGORIES.map((c) => AUDIT_CATEGORY_LABELS_FA[c]),
            range: AUDIT_CATEGORIES.map((c) => CATEGORY_COLOURS[c]),
            legend: true,
          },
          marks: [
            Plot.barY(data, {
              x: 'year',
              y: 'n',
              fill: 'category',
              title: (d: (typeof data)[number]) =>
                `${toPersianDigits(d.year)} — ${d.category}: ${formatNumber(d.n)}`,
            }),
            Plot.ruleY([0]),
          ],
        })
      }
    />
  );
}

export function AuditScreen() {
  const search = useSearch({ from: '/performance/audit-report' });
  const navigate = useNavigate({ from: '/performance/audit-report' });
  const query = useQuery(auditQueryOf(search));
  const data = query.data;
  if (!data) return <Pending error={query.error} pending={query.isPending} />;
  const onChange = (next: Partial<AuditSearch>) =>
    navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  const years = data.years.map((y) => y.fiscal_year).reverse();
  const listed = data.opinion
    ? AUDIT_CATEGORY_LABELS_FA[data.opinion]
    : NON_CLEAN_OPINIONS.map((c) => AUDIT_CATEGORY_LABELS_FA[c]).join('، ');
  return (
    <>
      <PageHeader
        title="گزارش حسابرسی"
        description="اظهارنظر حسابرسان بر صورت‌های مالی سالانه شرکت‌های سبد، به تفکیک سال مالی."
      />
      <FilterBar search={search} years={years} onChange={onChange}>
        <FixedChoice
          label="اظهارنظر در فهرست"
          value={search.opinion}
          anyLabel="غیرمقبول (مشروط، مردود، عدم اظهارنظر)"
          options={AUDIT_CATEGORIES.map((c) => ({ value: c, label: AUDIT_CATEGORY_LABELS_FA[c] }))}
          onChange={(v) => onChange({ opinion: v as AuditCategory | undefined })}
        />
      </FilterBar>
      <div className={sectionsCss}>
        <Card title="اظهارنظر حسابرس به تفکیک سال">
          {data.years.length === 0 ? (
            <p>صورت مالی سالانه‌ای با این فیلترها نیست.</p>
          ) : (
            <div className={sectionsCss}>
              <AuditChart years={data.years} />
              <div className={scrollCss}>
                <table className={tableCss} aria-label="اظهارنظر حسابرس به تفکیک سال">
                  <thead>
                    <tr>
                      <th scope="col">سال مالی</th>
                      {AUDIT_CATEGORIES.map((c) => (
                        <th key={c} scope="col" className="num">
                          {AUDIT_CATEGORY_LABELS_FA[c]}
                        </th>
                      ))}
                      <th scope="col" className="num">
                        جمع
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {[...data.years].reverse().map((y) => (
                      <tr key={y.fiscal_year}>
                        <th scope="row">
                          <Link to="/performance/audit-report" search={{ ...search, year: y.fiscal_year }}>
                            {yearText(y.fiscal_year)}
                          </Link>
                        </th>
                        {AUDIT_CATEGORIES.map((c) => {
                          const f = categoryFilter(c);
                          return (
                            <td key={c} className="num">
                              {y[c] > 0 && f ? (
                                <Link
                                  to="/performance/financial-statement/list"
                                  search={
                                    { ...listFilters(search), ...f, year: y.fiscal_year, period: 12 } as never
                                  }
                                  aria-label={`${AUDIT_CATEGORY_LABELS_FA[c]} ${toPersianDigits(y.fiscal_year)}: ${formatNumber(y[c])}`}
                                >
                                  {formatNumber(y[c])}
                                </Link>
                              ) : y[c] > 0 ? (
                                formatNumber(y[c])
                              ) : (
                                EMPTY
                              )}
                            </td>
                          );
                        })}
                        <td className="num">{formatNumber(y.total)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          )}
          <How>
            <p>
              هر صورت مالی سالانه (۱۲ماهه) یک بار شمرده می‌شود: حسابرسی‌نشده اگر نشان «حسابرسی‌شده» ندارد، وگرنه
              اظهارنظر ثبت‌شده حسابرس (مقبول، مشروط، مردود، عدم اظهارنظر) یا «اظهارنظر ثبت نشده». هر عدد فهرست
              صورت‌های مالی همان سال و اظهارنظر را باز می‌کند.
            </p>
          </How>
        </Card>
        <Card title={`شرکت‌های با اظهارنظر ${listed} در سال ${yearText(data.fiscal_year)}`}>
          {data.companies.length === 0 ? (
            <p>شرکتی با این اظهارنظر در این سال نیست.</p>
          ) : (
            <div className={scrollCss}>
              <table className={tableCss} aria-label="شرکت‌ها و اظهارنظر حسابرس">
                <thead>
                  <tr>
                    <th scope="col">شرکت</th>
                    <th scope="col">نماد</th>
                    <th scope="col">صنعت</th>
                    <th scope="col">اظهارنظر</th>
                  </tr>
                </thead>
                <tbody>
                  {data.companies.map((c) => (
                    <tr key={c.statement_id}>
                      <th scope="row">
                        <Link
                          to="/performance/financial-statement/view/$id"
                          params={{ id: String(c.statement_id) }}
                        >
                          {c.company}
                        </Link>
                      </th>
                      <td>{c.ticker ?? EMPTY}</td>
                      <td>{c.industry ?? EMPTY}</td>
                      <td>
                        <Badge
                          tone={
                            c.category === 'adverse' || c.category === 'disclaimer'
                              ? 'danger'
                              : c.category === 'qualified'
                                ? 'warning'
                                : undefined
                          }
                        >
                          {AUDIT_CATEGORY_LABELS_FA[c.category]}
                        </Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <p className={noteCss}>
            {formatNumber(data.companies.length)} شرکت؛ نام هر شرکت صورت مالی سالانه آن سال را باز می‌کند.
          </p>
        </Card>
      </div>
    </>
  );
}
