import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { REPORT_PERIOD_LABELS, REPORT_PERIODS } from '~/contract/company-reports.ts';
import type { ProductCompany } from '~/contract/performance-portfolio.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Card } from '~/ui/card.tsx';
import { noteCss } from '~/ui/figure-styles.ts';
import { EMPTY, formatNumber, formatPercent, formatRial } from '~/ui/format.ts';
import { productsQuery } from './api.ts';
import {
  ChartAndTableCard,
  CompanyCell,
  FigureTable,
  NameBars,
  num,
  ProductTotalsCard,
  qty,
  ReportsPage,
} from './company-reports.tsx';
import { COLOURS, FixedChoice, Pending, yearText } from './parts.tsx';
import type { ProductsSearch } from './search.ts';

/**
 * /performance/product-reports: the product reports companies keep, across the portfolio for a
 * fiscal year and period: totals per product and unit (planned, produced, sold, sales value,
 * achievement of the plan), sales by company (a chart with its table), and every row, each
 * opening the company's own product reports.
 */

const REPORTS = '/person/legal-persons/product-reports/$id';
/** IRR as million IRR, rounded (the statements' unit), from a whole-rial decimal string. */
const millions = (v: string | null) => (v === null ? null : Math.round(Number(v) / 1e6));

function SalesChart({ companies }: { companies: ProductCompany[] }) {
  const data = companies
    .filter((c) => c.sales_value !== null)
    .slice(0, 15)
    .map((c) => ({ name: c.company, value: millions(c.sales_value)! }));
  return (
    <NameBars
      data={data}
      alt={`مبلغ فروش به میلیون ریال: ${data.map((d) => `${d.name}: ${formatNumber(d.value)}`).join('؛ ')}`}
      caption="مبلغ فروش هر شرکت به میلیون ریال (حداکثر ۱۵ شرکت با بیشترین فروش)؛ همین ارقام در جدول کنار نمودار آمده است."
      rowHeight={24}
      marginLeft={170}
      xLabel="میلیون ریال"
      tickFormat={(v) => formatNumber(v)}
      fill={() => COLOURS.first}
      title={(d) => `${d.name}: ${formatNumber(d.value)}`}
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
    <ReportsPage
      title="گزارش‌های تولید شرکت‌ها"
      description={`گزارش‌های تولید ${period} سال ${yearText(data.fiscal_year)}، از گزارش‌هایی که برای هر شرکت ثبت شده است؛ مقدارها به واحد هر محصول.`}
      search={search}
      years={data.years}
      onChange={onChange}
      filters={
        <FixedChoice
          label="دوره"
          value={data.period}
          options={REPORT_PERIODS.map((p) => ({ value: p, label: REPORT_PERIOD_LABELS[p] ?? p }))}
          onChange={(v) => onChange({ period: v as ProductsSearch['period'] })}
        />
      }
      empty={data.rows.length === 0 ? 'برای این سال و دوره گزارش تولیدی ثبت نشده است.' : null}
    >
      <ProductTotalsCard
        label="جمع گزارش‌های تولید به تفکیک محصول و واحد"
        columns={['برنامه', 'تولید', 'فروش', 'مبلغ فروش (ریال)', 'تحقق برنامه']}
        totals={data.products}
        cells={(p) => [
          qty(p.planned),
          qty(p.produced),
          qty(p.sold),
          formatRial(p.sales_value),
          formatPercent(p.achievement, 1),
        ]}
        formula="تحقق برنامه = Σ تولید ÷ Σ برنامه، در گزارش‌هایی که هر دو را دارند."
        from="از گزارش‌های"
        rows={data.rows}
        part={(r) => `${r.company} (برنامه ${qty(r.planned)}، تولید ${qty(r.produced)} ${r.unit})`}
      />
      <ChartAndTableCard title="فروش به تفکیک شرکت" chart={<SalesChart companies={data.companies} />}>
        <FigureTable
          label="فروش و تحقق برنامه به تفکیک شرکت"
          columns={['شرکت', num('محصول'), num('مبلغ فروش (میلیون ریال)'), num('محصول در حد برنامه')]}
        >
          {data.companies.map((c) => (
            <tr key={c.legal_person_id}>
              <CompanyCell to={REPORTS} id={c.legal_person_id} name={c.company} />
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
        </FigureTable>
      </ChartAndTableCard>
      <Card title="همه گزارش‌ها">
        <FigureTable
          label="گزارش‌های تولید شرکت‌ها"
          columns={[
            'شرکت',
            'محصول',
            'واحد',
            num('برنامه'),
            num('تولید'),
            num('فروش'),
            num('مبلغ فروش (ریال)'),
            num('تحقق برنامه'),
          ]}
        >
          {data.rows.map((r) => (
            <tr key={r.id}>
              <CompanyCell to={REPORTS} id={r.legal_person_id} name={r.company} />
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
        </FigureTable>
        <p className={noteCss}>نام هر شرکت گزارش‌های تولید خود آن شرکت را باز می‌کند.</p>
      </Card>
    </ReportsPage>
  );
}
