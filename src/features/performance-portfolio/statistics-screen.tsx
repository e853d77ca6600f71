import * as Plot from '@observablehq/plot';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import {
  STATISTICS_GROUP_LABELS_FA,
  STATISTICS_GROUPS,
  STATISTICS_RATIOS,
  type StatisticsGroup,
  type StatisticsGroupRow,
  type StatisticsRatio,
} from '~/contract/performance-portfolio.ts';
import { CALCULATIONS, type CalculationKey } from '~/domain/finance/evaluation.ts';
import { Card } from '~/ui/card.tsx';
import { besideCss, noteCss, scrollCss, sectionsCss, tableCss } from '~/ui/figure-styles.ts';
import { EMPTY, formatNumber, formatPercent } from '~/ui/format.ts';
import { How } from '~/ui/how.tsx';
import { PageHeader } from '~/ui/page-header.tsx';
import { PlotFigure } from '~/ui/plot-figure.tsx';
import { statisticsQueryOf } from './api.ts';
import { COLOURS, FilterBar, FixedChoice, Pending, PLOT_STYLE, shortName, yearText } from './parts.tsx';
import { listFilters, type PortfolioSearch, type StatisticsSearch } from './search.ts';

/**
 * /performance/statistics: the portfolio of a fiscal year by industry, ownership type or
 * supervising body (a switch kept in the URL): companies, statements filed, total revenue and net
 * profit, and the median with the first and third quartiles of net margin, ROA, ROE and leverage
 * (computed per statement by the domain, summarised on the server). A chart of one ratio's
 * quartiles by group, with the table beside it; each row opens its formulas, and its name the
 * group's statements.
 */

const RATIO_META: Record<StatisticsRatio, { key: CalculationKey; as: 'percent' | 'times' }> = {
  net_margin: { key: 'marginal-profit', as: 'percent' },
  roa: { key: 'return-on-asset', as: 'percent' },
  roe: { key: 'return-on-equity', as: 'percent' },
  leverage: { key: 'financial-leverage', as: 'times' },
};

const ratioText = (v: number | null, as: 'percent' | 'times') =>
  v === null ? EMPTY : as === 'percent' ? formatPercent(v, 1) : formatNumber(Math.round(v * 100) / 100);

/** The URL filter that opens the statements list on one group, or null for «نامشخص». */
function groupFilter(by: StatisticsGroup, key: StatisticsGroupRow['key']): Record<string, unknown> | null {
  if (key === null) return null;
  return by === 'industry' ? { industry: key } : by === 'ownership' ? { ownership: key } : { body: key };
}

/** The groups the chart draws: those where the ratio was computable, the 15 with most revenue. */
const charted = (groups: StatisticsGroupRow[], ratio: StatisticsRatio) =>
  groups.filter((g) => g.ratios[ratio].n > 0).slice(0, 15);

function QuartileChart({ groups, ratio }: { groups: StatisticsGroupRow[]; ratio: StatisticsRatio }) {
  const { as, key } = RATIO_META[ratio];
  const data = charted(groups, ratio).map((g) => ({ name: g.name, ...g.ratios[ratio] }));
  const fmt = (v: number) => ratioText(v, as);
  return (
    <PlotFigure
      captionAt="bottom"
      maxWidth={760}
      alt={`${CALCULATIONS[key].nameFa} به تفکیک گروه، میانه و چارک‌ها: ${data
        .map((d) => `${d.name}: میانه ${fmt(d.median!)}، چارک اول ${fmt(d.q1!)}، چارک سوم ${fmt(d.q3!)}`)
        .join('؛ ')}`}
      caption={`${CALCULATIONS[key].nameFa}: خط از چارک اول تا چارک سوم و نقطه میانه، برای گروه‌های با بیشترین درآمد (حداکثر ۱۵). همین ارقام در جدول آمده است.`}
      make={(width) =>
        Plot.plot({
          width,
          height: Math.max(120, data.length * 24 + 50),
          marginLeft: 170,
          style: PLOT_STYLE,
          x: { label: CALCULATIONS[key].nameFa, grid: true, tickFormat: fmt },
          y: { label: null, domain: data.map((d) => d.name), tickFormat: shortName },
          marks: [
            Plot.ruleX([0]),
            Plot.ruleY(data, { y: 'name', x1: 'q1', x2: 'q3', stroke: COLOURS.second, strokeWidth: 3 }),
            Plot.dot(data, {
              y: 'name',
              x: 'median',
              fill: COLOURS.first,
              r: 4,
              title: (d: (typeof data)[number]) =>
                `${d.name}: میانه ${fmt(d.median!)} (${fmt(d.q1!)} تا ${fmt(d.q3!)})`,
            }),
          ],
        })
      }
    />
  );
}

export function StatisticsScreen() {
  const search = useSearch({ from: '/performance/statistics' });
  const navigate = useNavigate({ from: '/performance/statistics' });
  const query = useQuery(statisticsQueryOf(search));
  const [ratio, setRatio] = useState<StatisticsRatio>('net_margin');
  const data = query.data;
  if (!data) return <Pending error={query.error} pending={query.isPending} />;
  const onChange = (next: Partial<StatisticsSearch>) =>
    navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  const by = data.group_by;
  const rows = [...data.groups, data.all];
  return (
    <>
      <PageHeader
        title="آمار سبد شرکت‌ها"
        description={`به تفکیک ${STATISTICS_GROUP_LABELS_FA[by]} در سال مالی ${yearText(data.fiscal_year)}؛ ارقام به میلیون ریال، نسبت‌ها از صورت‌های مالی سالانه.`}
      />
      <FilterBar search={search} years={data.years} onChange={(n: Partial<PortfolioSearch>) => onChange(n)}>
        <FixedChoice
          label="گروه‌بندی"
          value={by}
          options={STATISTICS_GROUPS.map((g) => ({ value: g, label: STATISTICS_GROUP_LABELS_FA[g] }))}
          onChange={(v) => onChange({ group: v as StatisticsGroup })}
        />
        <FixedChoice
          label="نسبت نمودار"
          value={ratio}
          options={STATISTICS_RATIOS.map((r) => ({
            value: r,
            label: CALCULATIONS[RATIO_META[r].key].nameFa,
          }))}
          onChange={(v) => setRatio((v as StatisticsRatio) ?? 'net_margin')}
        />
      </FilterBar>
      <div className={sectionsCss}>
        <Card
          title={`${CALCULATIONS[RATIO_META[ratio].key].nameFa} به تفکیک ${STATISTICS_GROUP_LABELS_FA[by]}`}
        >
          <div className={besideCss}>
            {data.groups.some((g) => g.ratios[ratio].n > 0) ? (
              <QuartileChart groups={data.groups} ratio={ratio} />
            ) : (
              <p>برای این سال نسبتی محاسبه‌پذیر نیست.</p>
            )}
            <div className={scrollCss}>
              <table
                className={tableCss}
                aria-label={`${CALCULATIONS[RATIO_META[ratio].key].nameFa}: چارک‌ها`}
              >
                <thead>
                  <tr>
                    <th scope="col">{STATISTICS_GROUP_LABELS_FA[by]}</th>
                    <th scope="col" className="num">
                      چارک اول
                    </th>
                    <th scope="col" className="num">
                      میانه
                    </th>
                    <th scope="col" className="num">
                      چارک سوم
                    </th>
                    <th scope="col" className="num">
                      تعداد
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {[...charted(data.groups, ratio), data.all].map((g) => {
                    const q = g.ratios[ratio];
                    const as = RATIO_META[ratio].as;
                    return (
                      <tr key={`${g === data.all ? 'all' : 'g'}-${String(g.key)}`}>
                        <th scope="row">{g.name}</th>
                        <td className="num">{ratioText(q.q1, as)}</td>
                        <td className="num">{ratioText(q.median, as)}</td>
                        <td className="num">{ratioText(q.q3, as)}</td>
                        <td className="num">{formatNumber(q.n)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </div>
        </Card>
        <Card title={`گروه‌ها در سال ${yearText(data.fiscal_year)}`}>
          <div className={scrollCss}>
            <table className={tableCss} aria-label={`آمار به تفکیک ${STATISTICS_GROUP_LABELS_FA[by]}`}>
              <thead>
                <tr>
                  <th scope="col">{STATISTICS_GROUP_LABELS_FA[by]}</th>
                  <th scope="col" className="num">
                    شرکت
                  </th>
                  <th scope="col" className="num">
                    صورت مالی
                  </th>
                  <th scope="col" className="num">
                    ارسال‌شده
                  </th>
                  <th scope="col" className="num">
                    درآمد (میلیون ریال)
                  </th>
                  <th scope="col" className="num">
                    سود خالص (میلیون ریال)
                  </th>
                  {STATISTICS_RATIOS.map((r) => (
                    <th key={r} scope="col" className="num" title={CALCULATIONS[RATIO_META[r].key].formulaFa}>
                      میانه {CALCULATIONS[RATIO_META[r].key].nameFa}
                    </th>
                  ))}
                  <th scope="col">چگونه؟</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((g) => {
                  const filter = g === data.all ? {} : groupFilter(by, g.key);
                  return (
                    <tr key={`${g === data.all ? 'all' : 'g'}-${String(g.key)}`}>
                      <th scope="row">
                        {filter && data.fiscal_year !== null ? (
                          <Link
                            to="/performance/financial-statement/list"
                            search={
                              {
                                ...listFilters(search),
                                ...filter,
                                year: data.fiscal_year,
                                period: 12,
                              } as never
                            }
                          >
                            {g.name}
                          </Link>
                        ) : (
                          g.name
                        )}
                      </th>
                      <td className="num">{formatNumber(g.companies)}</td>
                      <td className="num">{formatNumber(g.statements)}</td>
                      <td className="num">{formatNumber(g.filed)}</td>
                      <td className="num">{formatNumber(g.revenue)}</td>
                      <td className="num">{formatNumber(g.net_profit)}</td>
                      {STATISTICS_RATIOS.map((r) => (
                        <td key={r} className="num">
                          {ratioText(g.ratios[r].median, RATIO_META[r].as)}
                        </td>
                      ))}
                      <td>
                        <How>
                          <p>
                            شرکت: شرکت‌ها و هلدینگ‌های زنده گروه؛ صورت مالی: صورت‌های سالانه سال در هر وضعیت؛
                            درآمد و سود: Σ اقلام آن‌ها.
                          </p>
                          <ul>
                            {STATISTICS_RATIOS.map((r) => (
                              <li key={r}>
                                {CALCULATIONS[RATIO_META[r].key].nameFa} ={' '}
                                {CALCULATIONS[RATIO_META[r].key].formulaFa}؛ محاسبه‌پذیر در{' '}
                                {formatNumber(g.ratios[r].n)} صورت از {formatNumber(g.statements)}؛ چارک‌ها{' '}
                                {ratioText(g.ratios[r].q1, RATIO_META[r].as)} تا{' '}
                                {ratioText(g.ratios[r].q3, RATIO_META[r].as)}
                              </li>
                            ))}
                          </ul>
                          <p>چارک‌ها و میانه با درون‌یابی خطی میان مقادیر مرتب‌شده صورت‌های گروه.</p>
                        </How>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className={noteCss}>
            نام هر گروه صورت‌های مالی سالانه همان گروه و سال را در فهرست صورت‌های مالی باز می‌کند.
          </p>
        </Card>
      </div>
    </>
  );
}
