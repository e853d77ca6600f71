import {
  type ProductReportRow,
  productReportInput,
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
} from '~/contract/company-reports.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { SelectField, TextField } from '~/features/persons/edit/fields.tsx';
import { FormDialog, useEntityForm } from '~/features/resume/staff/managed-list.tsx';
import { saveCompanyRow } from './api.ts';
import type { FormProps } from './company-rows-screen.tsx';
import { AmountField, formGrid, QuantityField } from './form-parts.tsx';

/** Create or edit a product report (contract `productReportInput`, then the server's 422). */
export function ProductReportForm({
  companyId,
  open,
  row,
  onClose,
  onSaved,
}: FormProps<ProductReportRow> & { companyId: number }) {
  const form = useEntityForm(
    productReportInput,
    {
      product: row?.product ?? '',
      unit: row?.unit ?? '',
      fiscal_year: row ? toPersianDigits(row.fiscal_year) : '',
      period: row?.period ?? 'annual',
      planned: row?.planned ?? '',
      produced: row?.produced ?? '',
      sold: row?.sold ?? '',
      sales_value: row?.sales_value ?? '',
    },
    (data) =>
      saveCompanyRow(
        'product-reports',
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
      title={row ? 'ویرایش گزارش تولید' : 'گزارش تولید تازه'}
      busy={form.busy}
      error={errors._?.[0]}
      onClose={onClose}
      onSubmit={form.submit}
    >
      <div className={formGrid}>
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
          hint="مانند تن، حلقه، مترمربع"
          value={values.unit}
          onChange={(v) => set('unit', v)}
          error={errors.unit?.[0]}
        />
        <TextField
          label="سال مالی"
          name="fiscal_year"
          required
          inputMode="numeric"
          maxLength={4}
          hint="مانند ۱۴۰۳"
          value={values.fiscal_year}
          onChange={(v) => set('fiscal_year', v)}
          error={errors.fiscal_year?.[0]}
        />
        <SelectField
          label="دوره"
          name="period"
          required
          empty={null}
          value={values.period}
          onChange={(v) => set('period', v as typeof values.period)}
          options={REPORT_PERIODS.map((p) => ({ value: p, label: REPORT_PERIOD_LABELS[p]! }))}
          error={errors.period?.[0]}
        />
        <QuantityField
          label="مقدار برنامه"
          name="planned"
          value={values.planned}
          onChange={(v) => set('planned', v)}
          error={errors.planned?.[0]}
        />
        <QuantityField
          label="مقدار تولید"
          name="produced"
          value={values.produced}
          onChange={(v) => set('produced', v)}
          error={errors.produced?.[0]}
        />
        <QuantityField
          label="مقدار فروش"
          name="sold"
          value={values.sold}
          onChange={(v) => set('sold', v)}
          error={errors.sold?.[0]}
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
