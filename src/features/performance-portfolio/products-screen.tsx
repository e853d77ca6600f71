import * as Plot from '@observablehq/plot';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { REPORT_PERIOD_LABELS, REPORT_PERIODS } from '~/contract/company-reports.ts';
import type { ProductCompany } from '~/contract/performance-portfolio.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Card } from '~/ui/card.tsx';
import { EMPTY, formatNumber, formatPercent, formatRial } from '~/ui/format.ts';
import { PageHeader } from '~/ui/page-header.tsx';
import { productsQuery } from './api.ts';
import {
  besideCss,
  COLOURS,
  FilterBar,
  FixedChoice,
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
import type { ProductsSearch } from './search.ts';

/**
 * /performance/product-reports: the product reports companies keep, across the portfolio for a
 * fiscal year and period: totals per product and unit (planned, produced, sold, sales value,
 * achievement of the plan), sales by company (a chart with its table), and every row, each
 * opening the company's own product reports.
 */

/** A quantity (decimal string in its unit) in Persian digits. */
const qty = (v: string | null) => (v === null ? EMPTY : formatNumber(v));
/** IRR as million IRR, rounded (the statements' unit), from a whole-rial decimal string. */
const millions = (v: string | null) => (v === null ? null : Math.round(Number(v) / 1e6));

function SalesChart({ companies }: { companies: ProductCompany[] }) {
  const data = companies
    .filter((c) => c.sales_value !== null)
    .slice(0, 15)
    .map((c) => ({ name: c.company, value: millions(c.sales_value)! }));
  return (
    <PlotFigure
      alt={`مبلغ فروش به میلیون ریال: ${data.map((d) => `${d.name}: ${formatNumber(d.value)}`).join('؛ ')}`}
      caption="مبلغ فروش هر شرکت به میلیون ریال (حداکثر ۱۵ شرکت با بیشترین فروش)؛ همین ارقام در جدول کنار نمودار آمده است."
      make={(width) =>
        Plot.plot({
          width,
          height: Math.max(120, data.length * 24 + 50),
          marginLeft: 170,
          style: PLOT_STYLE,
          x: { label: 'میلیون ریال', grid: true, tickFormat: (v: number) => formatNumber(v) },
          y: { label: null, domain: data.map((d) => d.name), tickFormat: shortName },
          marks: [
            Plot.barX(data, {
              y: 'name',
              x: 'value',
              fill: COLOURS.first,
              title: (d: (typeof data)[number]) => `${d.name}: ${formatNumber(d.value)}`,
            }),
            Plot.ruleX([0]),
          ],
        })
      }
    />
  );
}

export function ProductsScreen() {
  const search = useSearch({ from: '/performance/product-reports' });
  const navigate = useNavigate({ from: '/performance/product-reports' });
  const query = useQuery(productsQuery(search));
  const data = query.data;
  if (!data) return <Pending error={query.error} pending={query.isPending} />;
  const onChange = (next: Partial<ProductsSearch>) =>
    navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  const period = REPORT_PERIOD_LABELS[data.period] ?? data.period;
  return (
    <>
      <PageHeader
        title="گزارش‌های تولید شرکت‌ها"
        description={`گزارش‌های تولید ${period} سال ${yearText(data.fiscal_year)}، از گزارش‌هایی که برای هر شرکت ثبت شده است؛ مقدارها به واحد هر محصول.`}
      />
      <FilterBar search={search} years={data.years} onChange={onChange}>
        <FixedChoice
          label="دوره"
          value={data.period}
          options={REPORT_PERIODS.map((p) => ({ value: p, label: REPORT_PERIOD_LABELS[p] ?? p }))}
          onChange={(v) => onChange({ period: v as ProductsSearch['period'] })}
        />
      </FilterBar>
      {data.rows.length === 0 ? (
        <p>برای این سال و دوره گزارش تولیدی ثبت نشده است.</p>
      ) : (
        <div className={sectionsCss}>
          <Card title="جمع به تفکیک محصول">
            <div className={scrollCss}>
              <table className={tableCss} aria-label="جمع گزارش‌های تولید به تفکیک محصول و واحد">
                <thead>
                  <tr>
                    <th scope="col">محصول</th>
                    <th scope="col">واحد</th>
                    <th scope="col" className="num">
                      شرکت
                    </th>
                    <th scope="col" className="num">
                      برنامه
                    </th>
                    <th scope="col" className="num">
                      تولید
                    </th>
                    <th scope="col" className="num">
                      فروش
                    </th>
                    <th scope="col" className="num">
                      مبلغ فروش (ریال)
                    </th>
                    <th scope="col" className="num">
                      تحقق برنامه
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
                      <td className="num">{qty(p.planned)}</td>
                      <td className="num">{qty(p.produced)}</td>
                      <td className="num">{qty(p.sold)}</td>
                      <td className="num">{formatRial(p.sales_value)}</td>
                      <td className="num">{formatPercent(p.achievement, 1)}</td>
                      <td>
                        <How>
                          <p>تحقق برنامه = Σ تولید ÷ Σ برنامه، در گزارش‌هایی که هر دو را دارند.</p>
                          <p>
                            از گزارش‌های{' '}
                            {data.rows
                              .filter((r) => r.product === p.product && r.unit === p.unit)
                              .map(
                                (r) =>
                                  `${r.company} (برنامه ${qty(r.planned)}، تولید ${qty(r.produced)} ${r.unit})`,
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
          <Card title="فروش به تفکیک شرکت">
            <div className={besideCss}>
              <SalesChart companies={data.companies} />
              <div className={scrollCss}>
                <table className={tableCss} aria-label="فروش و تحقق برنامه به تفکیک شرکت">
                  <thead>
                    <tr>
                      <th scope="col">شرکت</th>
                      <th scope="col" className="num">
                        محصول
                      </th>
                      <th scope="col" className="num">
                        مبلغ فروش (میلیون ریال)
                      </th>
                      <th scope="col" className="num">
                        محصول در حد برنامه
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.companies.map((c) => (
                      <tr key={c.legal_person_id}>
                        <th scope="row">
                          <Link
                            to="/person/legal-persons/product-reports/$id"
                            params={{ id: String(c.legal_person_id) }}
                          >
                            {c.company}
                          </Link>
                        </th>
                        <td className="num">{formatNumber(c.products)}</td>
                        <td className="num">
                          {c.sales_value === null ? EMPTY : formatNumber(millions(c.sales_value))}
                        </td>
                        <td className="num">
                          {c.planned_products
                            ? `${toPersianDigits(c.on_plan)} از ${toPersianDigits(c.planned_products)}`
                            : EMPTY}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          </Card>
          <Card title="همه گزارش‌ها">
            <div className={scrollCss}>
              <table className={tableCss} aria-label="گزارش‌های تولید شرکت‌ها">
                <thead>
                  <tr>
                    <th scope="col">شرکت</th>
                    <th scope="col">محصول</th>
                    <th scope="col">واحد</th>
                    <th scope="col" className="num">
                      برنامه
                    </th>
                    <th scope="col" className="num">
                      تولید
                    </th>
                    <th scope="col" className="num">
                      فروش
                    </th>
                    <th scope="col" className="num">
                      مبلغ فروش (ریال)
                    </th>
                    <th scope="col" className="num">
                      تحقق برنامه
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.rows.map((r) => (
                    <tr key={r.id}>
                      <th scope="row">
                        <Link
                          to="/person/legal-persons/product-reports/$id"
                          params={{ id: String(r.legal_person_id) }}
                        >
                          {r.company}
                        </Link>
                      </th>
                      <td>{r.product}</td>
                      <td>{r.unit}</td>
                      <td className="num">{qty(r.planned)}</td>
                      <td className="num">{qty(r.produced)}</td>
                      <td className="num">{qty(r.sold)}</td>
                      <td className="num">{formatRial(r.sales_value)}</td>
                      <td className="num" title="تولید ÷ برنامه">
                        {formatPercent(r.achievement, 1)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className={noteCss}>نام هر شرکت گزارش‌های تولید خود آن شرکت را باز می‌کند.</p>
          </Card>
        </div>
      )}
    </>
  );
}
