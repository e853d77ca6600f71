import {
  type ProductReportRow,
  productReportInput,
  REPORT_PERIOD_LABELS,
  REPORT_PERIODS,
} from '~/contract/company-reports.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { SelectField } from '~/ui/form/fields.tsx';
import type { FormProps } from './company-rows-screen.tsx';
import {
  AmountField,
  CompanyRowDialog,
  ProductFields,
  QuantityField,
  useCompanyRowForm,
  YearField,
} from './form-parts.tsx';

/** Create or edit a product report (contract `productReportInput`, then the server's 422). */
export function ProductReportForm({
  companyId,
  open,
  row,
  onClose,
  onSaved,
}: FormProps<ProductReportRow> & { companyId: number }) {
  const form = useCompanyRowForm(
    'product-reports',
    companyId,
    row,
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
    onSaved,
  );
  const { field } = form;
  return (
    <CompanyRowDialog
      form={form}
      open={open}
      title={row ? 'ویرایش گزارش تولید' : 'گزارش تولید تازه'}
      onClose={onClose}
    >
      <ProductFields field={field} unitHint="مانند تن، حلقه، مترمربع" />
      <YearField label="سال مالی" hint="مانند ۱۴۰۳" {...field('fiscal_year')} />
      <SelectField
        label="دوره"
        required
        empty={null}
        {...field('period')}
        onChange={(v) => form.set('period', v as typeof form.values.period)}
        options={REPORT_PERIODS.map((p) => ({ value: p, label: REPORT_PERIOD_LABELS[p]! }))}
      />
      <QuantityField label="مقدار برنامه" {...field('planned')} />
      <QuantityField label="مقدار تولید" {...field('produced')} />
      <QuantityField label="مقدار فروش" {...field('sold')} />
      <AmountField label="مبلغ فروش (ریال)" {...field('sales_value')} />
    </CompanyRowDialog>
  );
}
