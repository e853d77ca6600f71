import {
  capacityEntity,
  monthlyEntity,
  type ProductReportRow,
  productReportEntity,
} from '~/contract/company-reports.ts';
import { companyReport } from './company-rows-screen.tsx';
import { ProductCharts } from './product-chart.tsx';

/**
 * A company's own reports as their screens show them: the description (contract/company-reports.ts)
 * and what is each report's own: the fields that name a row, the empty text, and what goes below
 * the table (the product reports' planned-against-produced chart, the capacity's formula).
 */

/** /person/legal-persons/product-reports/{id}: a company's product reports and their chart. */
export const productReports = companyReport({
  entity: productReportEntity,
  nameFields: ['product', 'fiscal_year', 'period'],
  emptyText: 'هنوز گزارش تولیدی برای این شرکت ثبت نشده است',
  below: (rows) => <ProductCharts rows={rows as unknown as ProductReportRow[]} />,
});

/** /person/legal-persons/production-capacity/{id}: capacity per product and year with utilisation ٪. */
export const capacities = companyReport({
  entity: capacityEntity,
  nameFields: ['product', 'fiscal_year'],
  emptyText: 'هنوز ظرفیت تولیدی برای این شرکت ثبت نشده است',
  below: () => (
    <p style={{ fontSize: '12px', color: 'var(--colors-muted)', margin: 0 }}>
      بهره‌برداری از ظرفیت = تولید واقعی ÷ ظرفیت اسمی (هر دو به واحد محصول در همان سال).
    </p>
  ),
});

/** The monthly activity (its screen adds the year filter and the totals: monthly-screen.tsx). */
export const monthlyReports = companyReport({
  entity: monthlyEntity,
  nameFields: ['product', 'month', 'year'],
  emptyText: 'هنوز گزارش ماهانه‌ای برای این شرکت ثبت نشده است',
});
