import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import {
  LEGAL_FORMS,
  legalPersonInput,
  legalPersonUpdate,
  OWNERSHIP_TYPES,
} from '~/contract/person-forms.ts';
import {
  LEGAL_KIND_LABELS,
  LEGAL_KINDS,
  LEGAL_STATUS_LABELS,
  LEGAL_STATUSES,
  type LegalPersonDetail,
  type LegalPickerRow,
} from '~/contract/persons.ts';
import { jalaliOfIso } from '~/domain/jalali.ts';
import { toPersianDigits, toPersianDigitsInText } from '~/domain/persian-text.ts';
import { legalPersonQuery } from '~/lib/records.ts';
import { parseId } from '~/lib/route-params.ts';
import { AmountInput } from '~/ui/amount-input.tsx';
import { type City, CityCombobox } from '~/ui/city-combobox.tsx';
import { Field } from '~/ui/field.tsx';
import { CheckField, IndustrySelect, LegalPersonPicker, SelectField, TextField } from '~/ui/form/fields.tsx';
import { DuplicateLink, FormSection, RecordFormPage, wide, withLink } from '~/ui/form/record-form.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { JalaliField } from '~/ui/jalali-input.tsx';
import { RecordUnavailable } from '~/ui/record/record-unavailable.tsx';
import { toast } from '~/ui/toaster.tsx';
import { listSearchFor } from '../navigation.ts';
import { afterSave, createPerson, updatePerson } from './api.ts';
import { LEGAL_FIELD_LABELS as L } from './labels.ts';

/** /person/legal-persons/create and /person/legal-persons/update/{id}: every field of `legalPersonInput`. */

interface LegalValues {
  name: string;
  kind: string;
  national_id: string;
  registration_number: string;
  registration_date: string;
  registration_city: City | null;
  legal_form: string;
  economic_code: string;
  ownership_type: string;
  registered_capital: string;
  share_count: string;
  nominal_share_value: string;
  industry_id: string;
  supervising_body: LegalPickerRow | null;
  is_listed: boolean;
  ticker: string;
  status: string;
  address: string;
  postal_code: string;
  phone: string;
  website: string;
  employees: string;
}

const EMPTY_VALUES: LegalValues = {
  name: '',
  kind: 'company',
  national_id: '',
  registration_number: '',
  registration_date: '',
  registration_city: null,
  legal_form: '',
  economic_code: '',
  ownership_type: '',
  registered_capital: '',
  share_count: '',
  nominal_share_value: '',
  industry_id: '',
  supervising_body: null,
  is_listed: false,
  ticker: '',
  status: 'active',
  address: '',
  postal_code: '',
  phone: '',
  website: '',
  employees: '',
};

const fa = (v: string | number | null | undefined) =>
  v === null || v === undefined ? '' : toPersianDigits(v);

function valuesOf(p: LegalPersonDetail): LegalValues {
  return {
    name: p.name,
    kind: p.kind,
    national_id: fa(p.national_id),
    registration_number: fa(p.registration_number),
    registration_date: fa(jalaliOfIso(p.registration_date)),
    registration_city: p.registration_city
      ? { ...p.registration_city, province: p.province?.name ?? '' }
      : null,
    legal_form: p.legal_form ?? '',
    economic_code: fa(p.economic_code),
    ownership_type: p.ownership_type ?? '',
    registered_capital: p.registered_capital ?? '',
    share_count: p.share_count ?? '',
    nominal_share_value: p.nominal_share_value ?? '',
    industry_id: p.industry ? String(p.industry.id) : '',
    supervising_body: p.supervising_body ? { ...p.supervising_body, national_id: null } : null,
    is_listed: p.is_listed,
    ticker: p.ticker ?? '',
    status: p.status,
    address: toPersianDigitsInText(p.address ?? ''),
    postal_code: fa(p.postal_code),
    phone: fa(p.phone),
    website: p.website ?? '',
    employees: fa(p.employees),
  };
}

function prepare(v: LegalValues) {
  const { registration_city, supervising_body, ...rest } = v;
  return {
    ...rest,
    registration_city_id: registration_city?.id ?? null,
    supervising_body_id: supervising_body?.id ?? null,
    industry_id: v.industry_id || null,
  };
}

const options = (values: readonly string[], labels?: Record<string, string>) =>
  values.map((v) => ({ value: v, label: labels?.[v] ?? v }));

function LegalPersonForm({ detail, onReload }: { detail: LegalPersonDetail | null; onReload?(): void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const initial = useMemo(() => (detail ? valuesOf(detail) : EMPTY_VALUES), [detail]);
  const toView = (id: number) =>
    navigate({ to: '/person/legal-persons/view/$id', params: { id: String(id) }, replace: true });
  const form = useForm({
    send: 'input',
    initial,
    schema: detail ? legalPersonUpdate : legalPersonInput,
    prepare: (v: LegalValues) => (detail ? { ...prepare(v), version: detail.version } : prepare(v)),
    save: (input) => (detail ? updatePerson('legal', detail.id, input) : createPerson('legal', input)),
    onSaved: async (saved, input) => {
      toast.positive(detail ? `تغییرات «${input.name}» ذخیره شد` : `«${input.name}» ثبت شد`);
      await afterSave(client, 'legal', saved.id);
      void toView(saved.id);
    },
  });
  const { values: v, set, error } = form;
  const text = (name: keyof LegalValues & string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={L[name] ?? name}
      name={name}
      value={v[name] as string}
      onChange={(x) => set(name, x as never)}
      error={error(name)}
      {...extra}
    />
  );
  const amount = (name: 'registered_capital' | 'share_count' | 'nominal_share_value') => (
    <Field label={L[name]} error={error(name)}>
      <AmountInput name={name} value={v[name]} onChange={(x) => set(name, x)} />
    </Field>
  );
  const cancel = () =>
    detail
      ? navigate({ to: '/person/legal-persons/view/$id', params: { id: String(detail.id) } })
      : navigate({ to: '/person/legal-persons', search: listSearchFor('legal') });

  return (
    <RecordFormPage
      title={detail ? `ویرایش ${detail.name}` : 'ثبت شخص حقوقی'}
      label={detail ? 'ویرایش شخص حقوقی' : 'ثبت شخص حقوقی'}
      form={form}
      onCancel={cancel}
      onReload={onReload}
    >
      <FormSection title="هویت">
        {text('name', { required: true, className: wide })}
        <SelectField
          label={L.kind!}
          name="kind"
          required
          value={v.kind}
          onChange={(x) => set('kind', x)}
          options={options(LEGAL_KINDS, LEGAL_KIND_LABELS)}
          empty={null}
          error={error('kind')}
        />
        <div className={withLink}>
          {text('national_id', {
            ltr: true,
            inputMode: 'numeric',
            maxLength: 20,
            hint: '۱۱ رقم؛ برای وزارتخانه‌ها اختیاری',
          })}
          {error('national_id') && <DuplicateLink conflict={form.conflict} />}
        </div>
        <SelectField
          label={L.status!}
          name="status"
          required
          value={v.status}
          onChange={(x) => set('status', x)}
          options={options(LEGAL_STATUSES, LEGAL_STATUS_LABELS)}
          empty={null}
          error={error('status')}
        />
        <SelectField
          label={L.ownership_type!}
          name="ownership_type"
          value={v.ownership_type}
          onChange={(x) => set('ownership_type', x)}
          options={options(OWNERSHIP_TYPES)}
          error={error('ownership_type')}
        />
        <IndustrySelect
          label={L.industry_id!}
          name="industry_id"
          value={v.industry_id}
          onChange={(x) => set('industry_id', x)}
          error={error('industry_id')}
        />
        <LegalPersonPicker
          label={L.supervising_body_id!}
          name="supervising_body"
          value={v.supervising_body}
          onChange={(x) => set('supervising_body', x)}
          exclude={detail?.id}
          error={error('supervising_body_id')}
        />
      </FormSection>
      <FormSection title="ثبت">
        <SelectField
          label={L.legal_form!}
          name="legal_form"
          value={v.legal_form}
          onChange={(x) => set('legal_form', x)}
          options={options(LEGAL_FORMS)}
          error={error('legal_form')}
        />
        {text('registration_number', { ltr: true })}
        <JalaliField
          label={L.registration_date!}
          name="registration_date"
          value={v.registration_date}
          onChange={(x) => set('registration_date', x)}
          error={error('registration_date')}
        />
        <CityCombobox
          label={L.registration_city_id!}
          name="registration_city"
          value={v.registration_city}
          onChange={(x) => set('registration_city', x)}
          error={error('registration_city_id')}
        />
        {text('economic_code', { ltr: true, inputMode: 'numeric', maxLength: 20, hint: '۱۲ رقم' })}
      </FormSection>
      <FormSection title="سرمایه و سهام">
        {amount('registered_capital')}
        {amount('share_count')}
        {amount('nominal_share_value')}
        {text('employees', { ltr: true, inputMode: 'numeric', maxLength: 12 })}
      </FormSection>
      <FormSection title="بورس">
        <CheckField
          label="در بورس یا فرابورس پذیرفته شده است"
          name="is_listed"
          checked={v.is_listed}
          onChange={(x) => set('is_listed', x)}
        />
        {text('ticker', { hint: 'نماد معاملاتی، مانند فخوز' })}
      </FormSection>
      <FormSection title="تماس">
        {text('phone', { ltr: true, inputMode: 'tel', autoComplete: 'tel' })}
        {text('postal_code', { ltr: true, inputMode: 'numeric', maxLength: 20, hint: '۱۰ رقم' })}
        {text('website', { ltr: true, inputMode: 'url', autoComplete: 'url' })}
        {text('address', { multiline: true, className: wide })}
      </FormSection>
    </RecordFormPage>
  );
}

/** /person/legal-persons/create */
export function LegalPersonCreateScreen() {
  return <LegalPersonForm detail={null} />;
}

/** /person/legal-persons/update/{id}: the record as loaded, saved with its `version`. */
export function LegalPersonUpdateScreen() {
  const { id: raw } = useParams({ from: '/person/legal-persons/update/$id' });
  const id = parseId(raw) ?? 0;
  const query = useQuery(legalPersonQuery(id));
  const p = query.data;
  if (!p)
    return (
      <RecordUnavailable
        query={query}
        missingTitle="این شخص حقوقی پیدا نشد"
        failedTitle="اطلاعات این شخص حقوقی بارگیری نشد"
      />
    );
  return <LegalPersonForm key={`${p.id}:${p.version}`} detail={p} onReload={() => void query.refetch()} />;
}
