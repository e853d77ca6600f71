import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId } from 'react';
import { css, cx } from 'styled-system/css';
import { type MonthlyRow, monthlyInput } from '~/contract/company-reports.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { SelectField, TextField } from '~/features/persons/edit/fields.tsx';
import { FormDialog, useEntityForm } from '~/features/resume/staff/managed-list.tsx';
import { formatNumber, formatRial, JALALI_MONTHS } from '~/ui/format.ts';
import { input as inputCss } from '~/ui/input.tsx';
import { monthlyQuery, saveCompanyRow } from './api.ts';
import { CompanyRowsScreen, type FormProps } from './company-rows-screen.tsx';
import { AmountField, formGrid, QuantityField } from './form-parts.tsx';
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
  const form = useEntityForm(
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
    (data) =>
      saveCompanyRow(
        'monthly-performance-reports',
        companyId,
        row?.id ?? null,
        row ? { ...data, version: row.version } : data,
      ),
    onSaved,
  );
  const { values, set, errors } = form;
  return (
    <FormDialog
      open={open}
      title={row ? 'ویرایش گزارش ماهانه' : 'گزارش ماهانه تازه'}
      busy={form.busy}
      error={errors._?.[0]}
      onClose={onClose}
      onSubmit={form.submit}
    >
      <div className={formGrid}>
        <TextField
          label="سال"
          name="year"
          required
          inputMode="numeric"
          maxLength={4}
          hint="مانند ۱۴۰۴"
          value={values.year}
          onChange={(v) => set('year', v)}
          error={errors.year?.[0]}
        />
        <SelectField
          label="ماه"
          name="month"
          required
          value={values.month}
          onChange={(v) => set('month', v)}
          options={JALALI_MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))}
          error={errors.month?.[0]}
        />
        <TextField
          label="محصول"
          name="product"
          required
          value={values.product}
          onChange={(v) => set('product', v)}
          error={errors.product?.[0]}
        />
        <TextField
          label="واحد اندازه‌گیری"
          name="unit"
          required
          value={values.unit}
          onChange={(v) => set('unit', v)}
          error={errors.unit?.[0]}
        />
        <QuantityField
          label="مقدار تولید"
          name="production"
          value={values.production}
          onChange={(v) => set('production', v)}
          error={errors.production?.[0]}
        />
        <QuantityField
          label="مقدار فروش"
          name="sales_quantity"
          value={values.sales_quantity}
          onChange={(v) => set('sales_quantity', v)}
          error={errors.sales_quantity?.[0]}
        />
        <AmountField
          label="مبلغ فروش (ریال)"
          name="sales_value"
          value={values.sales_value}
          onChange={(v) => set('sales_value', v)}
          error={errors.sales_value?.[0]}
        />
      </div>
    </FormDialog>
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
