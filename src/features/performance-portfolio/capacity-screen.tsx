import * as Plot from '@observablehq/plot';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { CapacityRowOf } from '~/contract/performance-portfolio.ts';
import { Card } from '~/ui/card.tsx';
import { noteCss } from '~/ui/figure-styles.ts';
import { formatNumber, formatPercent } from '~/ui/format.ts';
import { capacityQuery } from './api.ts';
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
import { COLOURS, Pending, yearText } from './parts.tsx';
import type { PortfolioSearch } from './search.ts';

/**
 * /performance/production-capacity: the production capacities companies keep, across the
 * portfolio for a year: per product and unit (nominal capacity, actual production, utilisation),
 * utilisation by company and product (a chart with a rule at full capacity, and its table), each
 * row opening the company's own capacity screen.
 */

const CAPACITY = '/person/legal-persons/production-capacity/$id';

function UtilisationChart({ rows }: { rows: CapacityRowOf[] }) {
  const data = rows
    .filter((r) => r.utilisation !== null)
    .map((r) => ({ name: `${r.company} — ${r.product}`, value: r.utilisation! }));
  const tone = (v: number) => (v >= 0.8 ? COLOURS.good : v >= 0.5 ? COLOURS.middle : COLOURS.bad);
  return (
    <NameBars
      data={data}
      alt={`بهره‌برداری از ظرفیت: ${data.map((d) => `${d.name}: ${formatPercent(d.value, 1)}`).join('؛ ')}`}
      caption="تولید واقعی ÷ ظرفیت اسمی هر محصول هر شرکت؛ خط عمودی ظرفیت کامل (۱۰۰٪). سبز دست‌کم ۸۰٪، زرد ۵۰ تا ۸۰٪، قرمز کمتر از ۵۰٪. همین ارقام در جدول کنار نمودار آمده است."
      rowHeight={22}
      marginLeft={230}
      xLabel="بهره‌برداری از ظرفیت"
      tickFormat={(v) => formatPercent(v, 0)}
      fill={(d) => tone(d.value)}
      title={(d) => `${d.name}: ${formatPercent(d.value, 1)}`}
      marks={[Plot.ruleX([1], { stroke: COLOURS.second, strokeDasharray: '4 3' })]}
    />
  );
}

export function CapacityScreen() {
  const search = useSearch({ from: '/performance/production-capacity' });
  const navigate = useNavigate({ from: '/performance/production-capacity' });
  const query = useQuery(capacityQuery(search));
  const data = query.data;
  if (!data) return <Pending error={query.error} pending={query.isPending} />;
  return (
    <ReportsPage
      title="ظرفیت تولید شرکت‌ها"
      description={`ظرفیت اسمی و تولید واقعی سال ${yearText(data.fiscal_year)}، از ظرفیت‌هایی که برای هر شرکت ثبت شده است؛ مقدارها به واحد هر محصول.`}
      search={search}
      years={data.years}
      onChange={(next: Partial<PortfolioSearch>) =>
        navigate({ search: (prev) => ({ ...prev, ...next }), replace: true })
      }
      empty={data.rows.length === 0 ? 'برای این سال ظرفیت تولیدی ثبت نشده است.' : null}
    >
      <ProductTotalsCard
        label="ظرفیت و تولید به تفکیک محصول و واحد"
        columns={['ظرفیت اسمی', 'تولید واقعی', 'بهره‌برداری']}
        totals={data.products}
        cells={(p) => [qty(p.nominal_capacity), qty(p.actual_production), formatPercent(p.utilisation, 1)]}
        formula="بهره‌برداری = Σ تولید واقعی ÷ Σ ظرفیت اسمی، در ردیف‌هایی که تولید واقعی دارند."
        from="از ظرفیت‌های"
        rows={data.rows}
        part={(r) =>
          `${r.company} (ظرفیت ${qty(r.nominal_capacity)}، تولید ${qty(r.actual_production)} ${r.unit})`
        }
      />
      <ChartAndTableCard
        title="بهره‌برداری از ظرفیت به تفکیک شرکت و محصول"
        chart={<UtilisationChart rows={data.rows} />}
      >
        <FigureTable
          label="ظرفیت تولید شرکت‌ها"
          columns={['شرکت', 'محصول', num('ظرفیت اسمی'), num('تولید واقعی'), num('بهره‌برداری')]}
        >
          {data.rows.map((r) => (
            <tr key={r.id}>
              <CompanyCell to={CAPACITY} id={r.legal_person_id} name={r.company} />
              <td>
                {r.product} ({r.unit})
              </td>
              <td className="num">{qty(r.nominal_capacity)}</td>
              <td className="num">{qty(r.actual_production)}</td>
              <td className="num">{formatPercent(r.utilisation, 1)}</td>
            </tr>
          ))}
        </FigureTable>
      </ChartAndTableCard>
      <Card title="میانگین بهره‌برداری هر شرکت">
        <FigureTable
          label="میانگین بهره‌برداری از ظرفیت هر شرکت"
          columns={['شرکت', num('محصول'), num('میانگین بهره‌برداری')]}
        >
          {data.companies.map((c) => (
            <tr key={c.legal_person_id}>
              <CompanyCell to={CAPACITY} id={c.legal_person_id} name={c.company} />
              <td className="num">{formatNumber(c.products)}</td>
              <td className="num">{formatPercent(c.mean_utilisation, 1)}</td>
            </tr>
          ))}
        </FigureTable>
        <p className={noteCss}>
          میانگین ساده بهره‌برداری محصولات هر شرکت (بدون وزن، چون واحدها متفاوت‌اند)؛ نام هر شرکت ظرفیت‌های خود
          آن را باز می‌کند.
        </p>
      </Card>
    </ReportsPage>
  );
}
