import { useQuery } from '@tanstack/react-query';
import { type CapacityRow, capacityInput } from '~/contract/company-reports.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { formatNumber, formatPercent } from '~/ui/format.ts';
import { capacitiesQuery } from './api.ts';
import { CompanyRowsScreen, type FormProps } from './company-rows-screen.tsx';
import {
  CompanyRowDialog,
  ProductFields,
  QuantityField,
  useCompanyRowForm,
  YearField,
} from './form-parts.tsx';
import type { RecordColumn } from './record-table.tsx';

/** Utilisation = actual production / nominal capacity (a fraction shown as ٪; above ۱۰۰٪ when exceeded). */
const columns: RecordColumn<CapacityRow>[] = [
  { header: 'سال', cell: (r) => toPersianDigits(r.fiscal_year), numeric: true, width: '6rem' },
  { header: 'محصول', cell: (r) => r.product },
  { header: 'واحد', cell: (r) => r.unit, width: '6rem' },
  { header: 'ظرفیت اسمی', cell: (r) => formatNumber(r.nominal_capacity), numeric: true },
  { header: 'تولید واقعی', cell: (r) => formatNumber(r.actual_production), numeric: true },
  { header: 'بهره‌برداری از ظرفیت', cell: (r) => formatPercent(r.utilisation), numeric: true, width: '9rem' },
];

function CapacityForm({
  companyId,
  open,
  row,
  onClose,
  onSaved,
}: FormProps<CapacityRow> & { companyId: number }) {
  const form = useCompanyRowForm(
    'production-capacities',
    companyId,
    row,
    capacityInput,
    {
      product: row?.product ?? '',
      unit: row?.unit ?? '',
      fiscal_year: row ? toPersianDigits(row.fiscal_year) : '',
      nominal_capacity: row?.nominal_capacity ?? '',
      actual_production: row?.actual_production ?? '',
    },
    onSaved,
  );
  const { field } = form;
  return (
    <CompanyRowDialog
      form={form}
      open={open}
      title={row ? 'ویرایش ظرفیت تولید' : 'ظرفیت تولید تازه'}
      onClose={onClose}
    >
      <ProductFields field={field} />
      <YearField label="سال" hint="مانند ۱۴۰۳" {...field('fiscal_year')} />
      <QuantityField
        label="ظرفیت اسمی"
        required
        hint="ظرفیت سالانه پروانه بهره‌برداری"
        {...field('nominal_capacity')}
      />
      <QuantityField label="تولید واقعی" {...field('actual_production')} />
    </CompanyRowDialog>
  );
}

/** /person/legal-persons/production-capacity/{id}: capacity per product and year with utilisation ٪. */
export function CapacityScreen({ id }: { id: number }) {
  const q = useQuery(capacitiesQuery(id));
  return (
    <CompanyRowsScreen<CapacityRow>
      segment="production-capacities"
      companyId={id}
      company={q.data?.company}
      rows={q.data?.rows}
      loading={q.isPending}
      error={q.error}
      retry={() => void q.refetch()}
      noun="ظرفیت تولید"
      caption="ظرفیت تولید شرکت"
      columns={columns}
      nameOf={(r) => `${r.product} ${toPersianDigits(r.fiscal_year)}`}
      emptyText="هنوز ظرفیت تولیدی برای این شرکت ثبت نشده است"
      renderForm={(p) => <CapacityForm companyId={id} {...p} />}
    >
      <p style={{ fontSize: '12px', color: 'var(--colors-muted)', margin: 0 }}>
        بهره‌برداری از ظرفیت = تولید واقعی ÷ ظرفیت اسمی (هر دو به واحد محصول در همان سال).
      </p>
    </CompanyRowsScreen>
  );
}
