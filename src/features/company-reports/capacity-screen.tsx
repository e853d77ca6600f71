import { useQuery } from '@tanstack/react-query';
import { type CapacityRow, capacityInput } from '~/contract/company-reports.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { TextField } from '~/features/persons/edit/fields.tsx';
import { FormDialog, useEntityForm } from '~/features/resume/staff/managed-list.tsx';
import { formatNumber, formatPercent } from '~/ui/format.ts';
import { capacitiesQuery, saveCompanyRow } from './api.ts';
import { CompanyRowsScreen, type FormProps } from './company-rows-screen.tsx';
import { formGrid, QuantityField } from './form-parts.tsx';
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
  const form = useEntityForm(
    capacityInput,
    {
      product: row?.product ?? '',
      unit: row?.unit ?? '',
      fiscal_year: row ? toPersianDigits(row.fiscal_year) : '',
      nominal_capacity: row?.nominal_capacity ?? '',
      actual_production: row?.actual_production ?? '',
    },
    (data) =>
      saveCompanyRow(
        'production-capacities',
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
      title={row ? 'ویرایش ظرفیت تولید' : 'ظرفیت تولید تازه'}
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
          value={values.unit}
          onChange={(v) => set('unit', v)}
          error={errors.unit?.[0]}
        />
        <TextField
          label="سال"
          name="fiscal_year"
          required
          inputMode="numeric"
          maxLength={4}
          hint="مانند ۱۴۰۳"
          value={values.fiscal_year}
          onChange={(v) => set('fiscal_year', v)}
          error={errors.fiscal_year?.[0]}
        />
        <QuantityField
          label="ظرفیت اسمی"
          name="nominal_capacity"
          required
          hint="ظرفیت سالانه پروانه بهره‌برداری"
          value={values.nominal_capacity}
          onChange={(v) => set('nominal_capacity', v)}
          error={errors.nominal_capacity?.[0]}
        />
        <QuantityField
          label="تولید واقعی"
          name="actual_production"
          value={values.actual_production}
          onChange={(v) => set('actual_production', v)}
          error={errors.actual_production?.[0]}
        />
      </div>
    </FormDialog>
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
