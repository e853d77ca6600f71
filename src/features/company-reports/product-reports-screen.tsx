import { useQuery } from '@tanstack/react-query';
import { type ProductReportRow, REPORT_PERIOD_LABELS } from '~/contract/company-reports.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { formatNumber, formatPercent, formatRial } from '~/ui/format.ts';
import { productReportsQuery } from './api.ts';
import { CompanyRowsScreen } from './company-rows-screen.tsx';
import { ProductCharts } from './product-chart.tsx';
import { ProductReportForm } from './product-report-form.tsx';
import type { RecordColumn } from './record-table.tsx';

/** Achievement = produced / planned, a fraction shown as ٪ (— without both amounts). */
const columns: RecordColumn<ProductReportRow>[] = [
  { header: 'سال مالی', cell: (r) => toPersianDigits(r.fiscal_year), numeric: true, width: '6rem' },
  { header: 'دوره', cell: (r) => REPORT_PERIOD_LABELS[r.period] ?? r.period, width: '6rem' },
  { header: 'محصول', cell: (r) => r.product },
  { header: 'واحد', cell: (r) => r.unit, width: '6rem' },
  { header: 'برنامه', cell: (r) => formatNumber(r.planned), numeric: true },
  { header: 'تولید', cell: (r) => formatNumber(r.produced), numeric: true },
  { header: 'فروش', cell: (r) => formatNumber(r.sold), numeric: true },
  { header: 'مبلغ فروش (ریال)', cell: (r) => formatRial(r.sales_value), numeric: true },
  { header: 'تحقق برنامه', cell: (r) => formatPercent(r.achievement), numeric: true, width: '7rem' },
];

/** /person/legal-persons/product-reports/{id}: a company's product reports and their chart. */
export function ProductReportsScreen({ id }: { id: number }) {
  const q = useQuery(productReportsQuery(id));
  return (
    <CompanyRowsScreen<ProductReportRow>
      segment="product-reports"
      companyId={id}
      company={q.data?.company}
      rows={q.data?.rows}
      loading={q.isPending}
      error={q.error}
      retry={() => void q.refetch()}
      noun="گزارش تولید"
      caption="گزارش‌های تولید شرکت"
      columns={columns}
      nameOf={(r) => `${r.product} ${toPersianDigits(r.fiscal_year)} ${REPORT_PERIOD_LABELS[r.period] ?? ''}`}
      emptyText="هنوز گزارش تولیدی برای این شرکت ثبت نشده است"
      renderForm={(p) => <ProductReportForm companyId={id} {...p} />}
    >
      {q.data && <ProductCharts rows={q.data.rows} />}
    </CompanyRowsScreen>
  );
}
