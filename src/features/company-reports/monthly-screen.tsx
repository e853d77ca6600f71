import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { css, cx } from 'styled-system/css';
import { type MonthlyRow, monthlyInput } from '~/contract/company-reports.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { SelectField } from '~/ui/form/fields.tsx';
import { formatNumber, formatRial, JALALI_MONTHS } from '~/ui/format.ts';
import { input as inputCss } from '~/ui/input.tsx';
import { monthlyQuery } from './api.ts';
import { CompanyRowsScreen, type FormProps } from './company-rows-screen.tsx';
import {
  AmountField,
  CompanyRowDialog,
  ProductFields,
  QuantityField,
  useCompanyRowForm,
  YearField,
} from './form-parts.tsx';
import type { RecordColumn } from './record-table.tsx';

const columns: RecordColumn<MonthlyRow>[] = [
  { header: 'سال', cell: (r) => toPersianDigits(r.year), numeric: true, width: '5rem' },
  { header: 'ماه', cell: (r) => JALALI_MONTHS[r.month - 1], width: '6rem' },
  { header: 'محصول', cell: (r) => r.product },
  { header: 'واحد', cell: (r) => r.unit, width: '6rem' },
  { header: 'تولید', cell: (r) => formatNumber(r.production), numeric: true },
  { header: 'مقدار فروش', cell: (r) => formatNumber(r.sales_quantity), numeric: true },
  { header: 'مبلغ فروش (ریال)', cell: (r) => formatRial(r.sales_value), numeric: true },
];

const toolbar = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: '13px' });
const selectCss = css({ appearance: 'auto', py: '0', w: 'auto' });

function MonthlyForm({
  companyId,
  open,
  row,
  onClose,
  onSaved,
}: FormProps<MonthlyRow> & { companyId: number }) {
  const form = useCompanyRowForm(
    'monthly-performance-reports',
    companyId,
    row,
    monthlyInput,
    {
      year: row ? toPersianDigits(row.year) : '',
      month: row ? String(row.month) : '',
      product: row?.product ?? '',
      unit: row?.unit ?? '',
      production: row?.production ?? '',
      sales_quantity: row?.sales_quantity ?? '',
      sales_value: row?.sales_value ?? '',
    },
    onSaved,
  );
  const { field } = form;
  return (
    <CompanyRowDialog
      form={form}
      open={open}
      title={row ? 'ویرایش گزارش ماهانه' : 'گزارش ماهانه تازه'}
      onClose={onClose}
    >
      <YearField label="سال" {...field('year')} />
      <SelectField
        label="ماه"
        required
        {...field('month')}
        options={JALALI_MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))}
      />
      <ProductFields field={field} />
      <QuantityField label="مقدار تولید" {...field('production')} />
      <QuantityField label="مقدار فروش" {...field('sales_quantity')} />
      <AmountField label="مبلغ فروش (ریال)" {...field('sales_value')} />
    </CompanyRowDialog>
  );
}

/**
 * /person/legal-persons/{lid}/monthly-performance-report/list: a company's monthly production
 * and sales, by Jalali year and month, with totals per year (sales value over every product;
 * quantities per product, since units differ) and a year filter kept in the URL.
 */
export function MonthlyScreen({ id, year }: { id: number; year: number | undefined }) {
  const q = useQuery(monthlyQuery(id, year));
  const navigate = useNavigate({ from: '/person/legal-persons/$lid/monthly-performance-report/list' });
  const yearId = useId();
  const years = q.data?.years ?? [];
  const footer = (q.data?.totals ?? []).flatMap((t) => [
    ...t.products.map((p) => ({
      key: `${t.year}-${p.product}-${p.unit}`,
      cells: [
        toPersianDigits(t.year),
        'جمع سال',
        p.product,
        p.unit,
        formatNumber(p.production),
        formatNumber(p.sales_quantity),
        '',
      ],
    })),
    {
      key: `${t.year}-all`,
      cells: [toPersianDigits(t.year), 'جمع سال', 'همه محصولات', '', '', '', formatRial(t.sales_value)],
    },
  ]);
  return (
    <CompanyRowsScreen<MonthlyRow>
      segment="monthly-performance-reports"
      companyId={id}
      company={q.data?.company}
      rows={q.data?.rows}
      loading={q.isPending}
      error={q.error}
      retry={() => void q.refetch()}
      noun="گزارش ماهانه"
      caption="گزارش فعالیت ماهانه شرکت"
      columns={columns}
      nameOf={(r) => `${r.product} ${JALALI_MONTHS[r.month - 1]} ${toPersianDigits(r.year)}`}
      emptyText={year ? 'برای این سال گزارشی ثبت نشده است' : 'هنوز گزارش ماهانه‌ای برای این شرکت ثبت نشده است'}
      footer={footer}
      toolbar={
        <div className={toolbar}>
          <label htmlFor={yearId}>سال</label>
          <select
            id={yearId}
            name="year-filter"
            className={cx(inputCss(), selectCss)}
            value={year ?? ''}
            onChange={(e) =>
              navigate({
                search: { year: e.target.value ? Number(e.target.value) : undefined },
                replace: true,
              })
            }
          >
            <option value="">همه سال‌ها</option>
            {[...new Set([...(year ? [year] : []), ...years])].map((y) => (
              <option key={y} value={y}>
                {toPersianDigits(y)}
              </option>
            ))}
          </select>
        </div>
      }
      renderForm={(p) => <MonthlyForm companyId={id} {...p} />}
    />
  );
}
