import * as Plot from '@observablehq/plot';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import type { CapacityRowOf } from '~/contract/performance-portfolio.ts';
import { Card } from '~/ui/card.tsx';
import { EMPTY, formatNumber, formatPercent } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { capacityQuery } from './api.ts';
import {
  besideCss,
  COLOURS,
  FilterBar,
  How,
  noteCss,
  Pending,
  PLOT_STYLE,
  PlotFigure,
  scrollCss,
  sectionsCss,
  shortName,
  tableCss,
  yearText,
} from './parts.tsx';
import type { PortfolioSearch } from './search.ts';

/**
 * /performance/production-capacity: the production capacities companies keep, across the
 * portfolio for a year: per product and unit (nominal capacity, actual production, utilisation),
 * utilisation by company and product (a chart with a rule at full capacity, and its table), each
 * row opening the company's own capacity screen.
 */

const qty = (v: string | null) => (v === null ? EMPTY : formatNumber(v));

function UtilisationChart({ rows }: { rows: CapacityRowOf[] }) {
  const data = rows
    .filter((r) => r.utilisation !== null)
    .map((r) => ({ name: `${r.company} — ${r.product}`, value: r.utilisation! }));
  const tone = (v: number) => (v >= 0.8 ? COLOURS.good : v >= 0.5 ? COLOURS.middle : COLOURS.bad);
  return (
    <PlotFigure
      alt={`بهره‌برداری از ظرفیت: ${data.map((d) => `${d.name}: ${formatPercent(d.value, 1)}`).join('؛ ')}`}
      caption="تولید واقعی ÷ ظرفیت اسمی هر محصول هر شرکت؛ خط عمودی ظرفیت کامل (۱۰۰٪). سبز دست‌کم ۸۰٪، زرد ۵۰ تا ۸۰٪، قرمز کمتر از ۵۰٪. همین ارقام در جدول کنار نمودار آمده است."
      make={(width) =>
        Plot.plot({
          width,
          height: Math.max(120, data.length * 22 + 50),
          marginLeft: 230,
          style: PLOT_STYLE,
          x: { label: 'بهره‌برداری از ظرفیت', grid: true, tickFormat: (v: number) => formatPercent(v, 0) },
          y: { label: null, domain: data.map((d) => d.name), tickFormat: shortName },
          marks: [
            Plot.barX(data, {
              y: 'name',
              x: 'value',
              fill: (d: (typeof data)[number]) => tone(d.value),
              title: (d: (typeof data)[number]) => `${d.name}: ${formatPercent(d.value, 1)}`,
            }),
            Plot.ruleX([0]),
            Plot.ruleX([1], { stroke: COLOURS.second, strokeDasharray: '4 3' }),
          ],
        })
      }
    />
  );
}

export function CapacityScreen() {
  const search = useSearch({ from: '/performance/production-capacity' });
  const navigate = useNavigate({ from: '/performance/production-capacity' });
  const query = useQuery(capacityQuery(search));
  const data = query.data;
  if (!data) return <Pending error={query.error} pending={query.isPending} />;
  const onChange = (next: Partial<PortfolioSearch>) =>
    navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  return (
    <>
      <PageHeader
        title="ظرفیت تولید شرکت‌ها"
        description={`ظرفیت اسمی و تولید واقعی سال ${yearText(data.fiscal_year)}، از ظرفیت‌هایی که برای هر شرکت ثبت شده است؛ مقدارها به واحد هر محصول.`}
      />
      <FilterBar search={search} years={data.years} onChange={onChange} />
      {data.rows.length === 0 ? (
        <p>برای این سال ظرفیت تولیدی ثبت نشده است.</p>
      ) : (
        <div className={sectionsCss}>
          <Card title="جمع به تفکیک محصول">
            <div className={scrollCss}>
              <table className={tableCss} aria-label="ظرفیت و تولید به تفکیک محصول و واحد">
                <thead>
                  <tr>
                    <th scope="col">محصول</th>
                    <th scope="col">واحد</th>
                    <th scope="col" className="num">
                      شرکت
                    </th>
                    <th scope="col" className="num">
                      ظرفیت اسمی
                    </th>
                    <th scope="col" className="num">
                      تولید واقعی
                    </th>
                    <th scope="col" className="num">
                      بهره‌برداری
                    </th>
                    <th scope="col">چگونه؟</th>
                  </tr>
                </thead>
                <tbody>
                  {data.products.map((p) => (
                    <tr key={`${p.product}|${p.unit}`}>
                      <th scope="row">{p.product}</th>
                      <td>{p.unit}</td>
                      <td className="num">{formatNumber(p.companies)}</td>
                      <td className="num">{qty(p.nominal_capacity)}</td>
                      <td className="num">{qty(p.actual_production)}</td>
                      <td className="num">{formatPercent(p.utilisation, 1)}</td>
                      <td>
                        <How>
                          <p>بهره‌برداری = Σ تولید واقعی ÷ Σ ظرفیت اسمی، در ردیف‌هایی که تولید واقعی دارند.</p>
                          <p>
                            از ظرفیت‌های{' '}
                            {data.rows
                              .filter((r) => r.product === p.product && r.unit === p.unit)
                              .map(
                                (r) =>
                                  `${r.company} (ظرفیت ${qty(r.nominal_capacity)}، تولید ${qty(r.actual_production)} ${r.unit})`,
                              )
                              .join('، ')}
                          </p>
                        </How>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Card>
          <Card title="بهره‌برداری از ظرفیت به تفکیک شرکت و محصول">
            <div className={besideCss}>
              <UtilisationChart rows={data.rows} />
              <div className={scrollCss}>
                <table className={tableCss} aria-label="ظرفیت تولید شرکت‌ها">
                  <thead>
                    <tr>
                      <th scope="col">شرکت</th>
                      <th scope="col">محصول</th>
                      <th scope="col" className="num">
                        ظرفیت اسمی
                      </th>
                      <th scope="col" className="num">
                        تولید واقعی
                      </th>
                      <th scope="col" className="num">
                        بهره‌برداری
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((r) => (
                      <tr key={r.id}>
                        <th scope="row">
                          <Link
                            to="/person/legal-persons/production-capacity/$id"
                            params={{ id: String(r.legal_person_id) }}
                          >
                            {r.company}
                          </Link>
                        </th>
                        <td>
                          {r.product} ({r.unit})
                        </td>
                        <td className="num">{qty(r.nominal_capacity)}</td>
                        <td className="num">{qty(r.actual_production)}</td>
                        <td className="num">{formatPercent(r.utilisation, 1)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          </Card>
          <Card title="میانگین بهره‌برداری هر شرکت">
            <div className={scrollCss}>
              <table className={tableCss} aria-label="میانگین بهره‌برداری از ظرفیت هر شرکت">
                <thead>
                  <tr>
                    <th scope="col">شرکت</th>
                    <th scope="col" className="num">
                      محصول
                    </th>
                    <th scope="col" className="num">
                      میانگین بهره‌برداری
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.companies.map((c) => (
                    <tr key={c.legal_person_id}>
                      <th scope="row">
                        <Link
                          to="/person/legal-persons/production-capacity/$id"
                          params={{ id: String(c.legal_person_id) }}
                        >
                          {c.company}
                        </Link>
                      </th>
                      <td className="num">{formatNumber(c.products)}</td>
                      <td className="num">{formatPercent(c.mean_utilisation, 1)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className={noteCss}>
              میانگین ساده بهره‌برداری محصولات هر شرکت (بدون وزن، چون واحدها متفاوت‌اند)؛ نام هر شرکت ظرفیت‌های
              خود آن را باز می‌کند.
            </p>
          </Card>
        </div>
      )}
    </>
  );
}
