import * as Plot from '@observablehq/plot';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import {
  OVERVIEW_COUNT_LABELS_FA,
  OVERVIEW_COUNT_RULES_FA,
  type OverviewCount,
  type PortfolioOverview,
} from '~/contract/performance-portfolio.ts';
import { SCREENS } from '~/contract/route-registry.ts';
import { Z_VARIANT_LABELS_FA, Z_VARIANTS, Z_ZONE_LABELS_FA } from '~/domain/finance/altman.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { readSession, sessionHolds } from '~/lib/session.ts';
import { Card } from '~/ui/card.tsx';
import { noteCss, scrollCss, sectionsCss, tableCss } from '~/ui/figure-styles.ts';
import { EMPTY, formatNumber } from '~/ui/format.ts';
import { How } from '~/ui/how.tsx';
import { Kbd } from '~/ui/kbd.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { PlotFigure } from '~/ui/plot-figure.tsx';
import { useShortcuts } from '~/ui/use-shortcuts.ts';
import { overviewQuery } from './api.ts';
import { busyYears, COLOURS, FEW_YEARS_NOTE, FilterBar, Pending, PLOT_STYLE, yearText } from './parts.tsx';
import { listFilters, type PortfolioSearch } from './search.ts';

/**
 * /performance: the portfolio at a glance for a fiscal year (default the latest with annual
 * statements): how many companies filed, did not, are late, fail the checks, lose money or fall
 * under article 141, each count a link to the list it counts (the statements list or the entry
 * matrix, filtered the same way); Altman's zones with the distressed companies; the year's totals
 * and the trend over the years (a chart with its table); and the other performance screens, each
 * one key away (1–9).
 */

const tilesCss = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
});
const tileCss = css({
  display: 'grid',
  gap: '1',
  alignContent: 'start',
  p: '3',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  bg: 'surface',
  '& .label': { fontSize: '12px', color: 'muted' },
  '& .value': { fontSize: '22px', fontWeight: '700', fontVariantNumeric: 'tabular-nums', lineHeight: '1.3' },
  '& a.value': { color: 'first.text', textDecoration: 'none', _hover: { textDecoration: 'underline' } },
});
const totalsCss = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))',
  '& .value': { fontSize: '18px' },
});
const linksCss = css({
  display: 'grid',
  gap: '2',
  gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
  listStyle: 'none',
  m: 0,
  p: 0,
  '& a': {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '2',
    p: '2',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'line',
    borderRadius: '4px',
    color: 'ink',
    textDecoration: 'none',
    _hover: { borderColor: 'line.strong' },
  },
});

const STATEMENTS_LIST = '/performance/financial-statement/list';
const MATRIX = '/performance/financial-statements-entry-state/list';
const FILED_STATES = ['submitted', 'reviewed'];
const NOT_FILED_STATES = ['not_started', 'draft', 'returned'];

/** Where each count leads: the statements list or the matrix, with the URL search that filters it. */
function targetOf(
  k: OverviewCount | 'statements',
  year: number,
  s: PortfolioSearch,
): { to: string; search: Record<string, unknown> } {
  const base = { year, period: 12, ...listFilters(s) };
  const states = (values: string[]) => ({
    ...base,
    af: JSON.stringify([{ field: 'entry_state', op: 'in', value: values }]),
  });
  switch (k) {
    case 'statements':
      return { to: STATEMENTS_LIST, search: base };
    case 'filed':
      return { to: STATEMENTS_LIST, search: states(FILED_STATES) };
    case 'not_filed':
      return { to: STATEMENTS_LIST, search: states(NOT_FILED_STATES) };
    case 'missing':
      return { to: MATRIX, search: { state: 'missing', to: year, ...listFilters(s) } };
    case 'late':
      return { to: STATEMENTS_LIST, search: { ...base, late: true } };
    case 'failing_checks':
      return { to: STATEMENTS_LIST, search: { ...base, checks_passed: false } };
    case 'loss':
      return { to: STATEMENTS_LIST, search: { ...base, loss: true } };
    case 'article_141':
      return { to: STATEMENTS_LIST, search: { ...base, a141: true } };
  }
}

function Tile({
  label,
  value,
  to,
  how,
}: {
  label: string;
  value: number | string;
  to?: { to: string; search: Record<string, unknown> };
  how: ReactNode;
}) {
  const shown = typeof value === 'number' ? formatNumber(value) : value;
  return (
    <div className={tileCss}>
      <span className="label">{label}</span>
      {to ? (
        <Link className="value" to={to.to} search={to.search as never} aria-label={`${label}: ${shown}`}>
          {shown}
        </Link>
      ) : (
        <span className="value">{shown}</span>
      )}
      <How>{how}</How>
    </div>
  );
}

/** The screens the overview leads to first (the digit keys follow this order), then the other built ones. */
const PREFERRED = [
  '/performance/statistics',
  '/performance/audit-report',
  '/performance/financial-statement/list',
  '/performance/financial-statements-entry-state/list',
  '/performance/evaluation',
  '/performance/evaluation/rating',
  '/performance/product-reports',
  '/performance/production-capacity',
  '/performance/formulas/list',
];

/** The performance screens built so far that the role may open (the registry's), the first nine with a digit key. */
function otherScreens() {
  const session = readSession();
  const rank = (path: string) => {
    const at = PREFERRED.indexOf(path);
    return at < 0 ? PREFERRED.length : at;
  };
  return SCREENS.filter(
    (s) =>
      s.status === 'built' &&
      s.path.startsWith('/performance/') &&
      !s.path.includes('{') &&
      (s.permission === null || sessionHolds(session, s.permission)),
  ).sort((a, b) => rank(a.path) - rank(b.path));
}

const TREND_SERIES = [
  ['revenue', 'درآمد عملیاتی', COLOURS.first],
  ['net_profit', 'سود (زیان) خالص', COLOURS.good],
  ['total_assets', 'جمع دارایی‌ها', COLOURS.second],
] as const;

function TrendChart({ trend: all }: { trend: PortfolioOverview['trend'] }) {
  const trend = busyYears(all, (t) => t.statements);
  const data = trend.flatMap((t) =>
    TREND_SERIES.map(([k, name]) => ({ year: t.fiscal_year, name, value: t[k] })),
  );
  return (
    <PlotFigure
      captionAt="bottom"
      maxWidth={760}
      alt={`روند درآمد، سود و دارایی‌ها به میلیون ریال: ${trend
        .map(
          (t) =>
            `${toPersianDigits(t.fiscal_year)}: درآمد ${formatNumber(t.revenue)}، سود ${formatNumber(t.net_profit)}`,
        )
        .join('؛ ')}`}
      caption={`جمع ارقام صورت‌های مالی سالانه به میلیون ریال، به تفکیک سال مالی${trend.length < all.length ? `؛ ${FEW_YEARS_NOTE}` : ''}. همین ارقام در جدول زیر نمودار آمده است.`}
      make={(width) =>
        Plot.plot({
          width,
          height: 260,
          marginLeft: 90,
          style: PLOT_STYLE,
          x: { label: 'سال مالی', type: 'point', tickFormat: (y: number) => toPersianDigits(y) },
          y: { label: 'میلیون ریال', grid: true, tickFormat: (v: number) => formatNumber(v) },
          color: {
            domain: TREND_SERIES.map((s) => s[1]),
            range: TREND_SERIES.map((s) => s[2]),
            legend: true,
          },
          marks: [
            Plot.ruleY([0]),
            Plot.line(data, { x: 'year', y: 'value', stroke: 'name' }),
            Plot.dot(data, {
              x: 'year',
              y: 'value',
              fill: 'name',
              r: 2.5,
              title: (d: (typeof data)[number]) =>
                `${d.name} ${toPersianDigits(d.year)}: ${formatNumber(d.value)}`,
            }),
          ],
        })
      }
    />
  );
}

export function OverviewScreen() {
  const search = useSearch({ from: '/performance/' });
  const navigate = useNavigate({ from: '/performance/' });
  const query = useQuery(overviewQuery(search));
  const screens = otherScreens();
  useShortcuts(
    Object.fromEntries(
      screens.slice(0, 9).map((s, i) => [`Digit${i + 1}`, () => void navigate({ to: s.path as never })]),
    ),
  );
  const data = query.data;
  if (!data) return <Pending error={query.error} pending={query.isPending} />;
  const year = data.fiscal_year;
  const onChange = (next: Partial<PortfolioSearch>) =>
    navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  const t = data.totals;
  const zoneRule = Object.entries(Z_VARIANTS)
    .map(
      ([v, spec]) =>
        `${Z_VARIANT_LABELS_FA[v as keyof typeof Z_VARIANTS]}: امن بالای ${formatNumber(spec.safeAbove)}، درماندگی زیر ${formatNumber(spec.distressBelow)}`,
    )
    .join('؛ ');
  return (
    <>
      <PageHeader
        description={
          year === null
            ? 'هنوز صورت مالی سالانه‌ای ثبت نشده است.'
            : `سبد شرکت‌ها در سال مالی ${yearText(year)}: ${formatNumber(data.companies)} شرکت و هلدینگ، ${formatNumber(data.statements)} صورت مالی سالانه. ارقام به میلیون ریال.`
        }
      />
      <FilterBar search={search} years={data.years} onChange={onChange} />
      <div className={sectionsCss}>
        {year !== null && (
          <Card title={`صورت‌های مالی سال ${yearText(year)}`} id="counts">
            <div className={tilesCss}>
              <Tile
                label="صورت‌های مالی سالانه"
                value={data.statements}
                to={targetOf('statements', year, search)}
                how={<p>همه صورت‌های مالی سالانه (۱۲ماهه) سال، در هر وضعیت ورود.</p>}
              />
              {(Object.keys(OVERVIEW_COUNT_LABELS_FA) as OverviewCount[]).map((k) => (
                <Tile
                  key={k}
                  label={OVERVIEW_COUNT_LABELS_FA[k]}
                  value={data.counts[k]}
                  to={targetOf(k, year, search)}
                  how={
                    <>
                      <p>{OVERVIEW_COUNT_RULES_FA[k]}.</p>
                      {k === 'missing' && (
                        <p>
                          از {formatNumber(data.companies)} شرکت و هلدینگ. پیوند، ماتریس وضعیت ورود پنج سال
                          منتهی به این سال را با فیلتر «ارسال‌نشده» باز می‌کند.
                        </p>
                      )}
                    </>
                  }
                />
              ))}
            </div>
          </Card>
        )}
        {year !== null && (
          <Card title={`امتیاز Z آلتمن در سال ${yearText(year)}`} id="altman">
            <div className={tilesCss}>
              {(['safe', 'grey', 'distress'] as const).map((z) => (
                <Tile
                  key={z}
                  label={Z_ZONE_LABELS_FA[z]}
                  value={data.altman[z]}
                  how={
                    <p>
                      امتیاز مدل متناسب با هر شرکت (تولیدی بورسی Z، تولیدی غیربورسی ′Z، دیگران ″Z؛ Z بورسی‌ها
                      که ارزش بازار ندارد با ″Z). {zoneRule}.
                    </p>
                  }
                />
              ))}
              <Tile
                label="محاسبه‌ناپذیر"
                value={data.altman.not_computable}
                how={<p>صورت‌هایی که یکی از اقلام لازم را ندارند یا جمع دارایی‌ها یا بدهی‌هایشان صفر است.</p>}
              />
            </div>
            {data.altman.distress_companies.length > 0 && (
              <details className={css({ mt: '3' })}>
                <summary className={css({ cursor: 'pointer', color: 'first' })}>
                  شرکت‌های ناحیه درماندگی ({formatNumber(data.altman.distress_companies.length)})
                </summary>
                <div className={scrollCss}>
                  <table className={tableCss} aria-label="شرکت‌های ناحیه درماندگی مالی">
                    <thead>
                      <tr>
                        <th scope="col">شرکت</th>
                        <th scope="col">مدل</th>
                        <th scope="col" className="num">
                          امتیاز
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.altman.distress_companies.map((d) => (
                        <tr key={d.statement_id}>
                          <th scope="row">
                            <Link
                              to="/performance/view/$id"
                              params={{ id: String(d.legal_person_id) }}
                              hash="z"
                            >
                              {d.company}
                            </Link>
                          </th>
                          <td>{Z_VARIANT_LABELS_FA[d.variant].replace(/^امتیاز /, '')}</td>
                          <td className="num">{formatNumber(Math.round(d.value * 100) / 100)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            )}
          </Card>
        )}
        {year !== null && (
          <Card title={`جمع ارقام سال ${yearText(year)} (میلیون ریال)`} id="totals">
            <div className={totalsCss}>
              {(
                [
                  ['revenue', 'درآمد عملیاتی', t.revenue, t.revenue_n],
                  ['net_profit', 'سود (زیان) خالص', t.net_profit, t.net_profit_n],
                  ['total_assets', 'جمع دارایی‌ها', t.total_assets, t.total_assets_n],
                ] as const
              ).map(([code, label, value, n]) => (
                <Tile
                  key={code}
                  label={label}
                  value={value}
                  to={{
                    to: STATEMENTS_LIST,
                    search: { year, period: 12, sort: `-${code}`, ...listFilters(search) },
                  }}
                  how={
                    <p>
                      Σ {label} در {formatNumber(n)} صورت مالی سالانه سال {yearText(year)} که این قلم را دارند
                      (از {formatNumber(data.statements)})؛ پیوند، همان صورت‌ها را به ترتیب این قلم نشان می‌دهد.
                    </p>
                  }
                />
              ))}
            </div>
          </Card>
        )}
        {data.trend.length > 0 && (
          <Card title="روند سال‌ها" id="trend">
            <div className={sectionsCss}>
              <TrendChart trend={data.trend} />
              <div className={scrollCss}>
                <table className={tableCss} aria-label="روند سال‌ها، ارقام به میلیون ریال">
                  <thead>
                    <tr>
                      <th scope="col">سال مالی</th>
                      <th scope="col" className="num">
                        صورت مالی
                      </th>
                      <th scope="col" className="num">
                        ارسال‌شده
                      </th>
                      <th scope="col" className="num">
                        زیان‌ده
                      </th>
                      <th scope="col" className="num">
                        ماده ۱۴۱
                      </th>
                      {TREND_SERIES.map(([k, name]) => (
                        <th key={k} scope="col" className="num">
                          {name}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {[...data.trend].reverse().map((r) => (
                      <tr key={r.fiscal_year}>
                        <th scope="row">
                          <Link to="/performance" search={{ ...search, year: r.fiscal_year }}>
                            {yearText(r.fiscal_year)}
                          </Link>
                        </th>
                        <td className="num">{formatNumber(r.statements)}</td>
                        <td className="num">{formatNumber(r.filed)}</td>
                        <td className="num">{formatNumber(r.loss)}</td>
                        <td className="num">{formatNumber(r.article_141)}</td>
                        {TREND_SERIES.map(([k]) => (
                          <td key={k} className="num">
                            {r[`${k}_n`] ? formatNumber(r[k]) : EMPTY}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          </Card>
        )}
        <Card title="صفحه‌های ارزیابی عملکرد" id="screens">
          <ul className={linksCss}>
            {screens.map((s, i) => (
              <li key={s.path}>
                <Link to={s.path as never} aria-keyshortcuts={i < 9 ? String(i + 1) : undefined}>
                  {s.title}
                  {i < 9 && <Kbd binding={`Digit${i + 1}`} />}
                </Link>
              </li>
            ))}
          </ul>
          <p className={noteCss}>نُه صفحه نخست با کلید رقم کنارشان باز می‌شوند؛ «/» فیلتر سال را برمی‌گزیند.</p>
        </Card>
      </div>
    </>
  );
}
