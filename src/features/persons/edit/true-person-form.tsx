import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useMemo } from 'react';
import {
  EDUCATION_VALUES,
  GENDER_VALUES,
  truePersonInput,
  truePersonUpdate,
} from '~/contract/person-forms.ts';
import type { TruePersonDetail } from '~/contract/persons.ts';
import { jalaliOfIso } from '~/domain/jalali.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { truePersonQuery } from '~/lib/records.ts';
import { parseId } from '~/lib/route-params.ts';
import { type City, CityCombobox } from '~/ui/city-combobox.tsx';
import { SelectField, TextField } from '~/ui/form/fields.tsx';
import { DuplicateLink, FormSection, RecordFormPage, withLink } from '~/ui/form/record-form.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { JalaliField } from '~/ui/jalali-input.tsx';
import { RecordUnavailable } from '~/ui/record/record-unavailable.tsx';
import { toast } from '~/ui/toaster.tsx';
import { listSearchFor } from '../navigation.ts';
import { GENDER_LABELS } from '../search.ts';
import { afterSave, createPerson, updatePerson } from './api.ts';
import { EDUCATION_LABELS, educationCode, TRUE_FIELD_LABELS as L } from './labels.ts';

/** /person/true-persons/create and /person/true-persons/update/{id}: every field of `truePersonInput`. */

interface TrueValues {
  first_name: string;
  last_name: string;
  father_name: string;
  national_code: string;
  birth_certificate_number: string;
  birth_date: string;
  birth_city: City | null;
  gender: string;
  mobile: string;
  email: string;
  education_level: string;
  field_of_study: string;
}

const EMPTY_VALUES: TrueValues = {
  first_name: '',
  last_name: '',
  father_name: '',
  national_code: '',
  birth_certificate_number: '',
  birth_date: '',
  birth_city: null,
  gender: '',
  mobile: '',
  email: '',
  education_level: '',
  field_of_study: '',
};

const fa = (v: string | null | undefined) => (v ? toPersianDigits(v) : '');

function valuesOf(p: TruePersonDetail): TrueValues {
  return {
    first_name: p.first_name,
    last_name: p.last_name,
    father_name: p.father_name ?? '',
    national_code: fa(p.national_code),
    birth_certificate_number: fa(p.birth_certificate_number),
    birth_date: fa(jalaliOfIso(p.birth_date)),
    birth_city: p.birth_city ? { ...p.birth_city, province: p.province?.name ?? '' } : null,
    gender: p.gender ?? '',
    mobile: fa(p.mobile),
    email: p.email ?? '',
    education_level: educationCode(p.education_level),
    field_of_study: p.field_of_study ?? '',
  };
}

function prepare(v: TrueValues) {
  const { birth_city, ...rest } = v;
  return { ...rest, birth_city_id: birth_city?.id ?? null };
}

function TruePersonForm({ detail, onReload }: { detail: TruePersonDetail | null; onReload?(): void }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const initial = useMemo(() => (detail ? valuesOf(detail) : EMPTY_VALUES), [detail]);
  const form = useForm({
    send: 'input',
    initial,
    schema: detail ? truePersonUpdate : truePersonInput,
    prepare: (v: TrueValues) => (detail ? { ...prepare(v), version: detail.version } : prepare(v)),
    save: (input) => (detail ? updatePerson('true', detail.id, input) : createPerson('true', input)),
    onSaved: async (saved, input) => {
      const name = `${input.first_name} ${input.last_name}`;
      toast.positive(detail ? `تغییرات «${name}» ذخیره شد` : `«${name}» ثبت شد`);
      await afterSave(client, 'true', saved.id);
      void navigate({ to: '/person/true-persons/view/$id', params: { id: String(saved.id) }, replace: true });
    },
  });
  const { values: v, set, error } = form;
  const text = (name: keyof TrueValues & string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField
      label={L[name] ?? name}
      name={name}
      value={v[name] as string}
      onChange={(x) => set(name, x as never)}
      error={error(name)}
      {...extra}
    />
  );
  const cancel = () =>
    detail
      ? navigate({ to: '/person/true-persons/view/$id', params: { id: String(detail.id) } })
      : navigate({ to: '/person/true-persons', search: listSearchFor('true') });

  return (
    <RecordFormPage
      title={detail ? `ویرایش ${detail.first_name} ${detail.last_name}` : 'ثبت شخص حقیقی'}
      label={detail ? 'ویرایش شخص حقیقی' : 'ثبت شخص حقیقی'}
      form={form}
      onCancel={cancel}
      onReload={onReload}
    >
      <FormSection title="هویت">
        {text('first_name', { required: true, autoComplete: 'given-name' })}
        {text('last_name', { required: true, autoComplete: 'family-name' })}
        {text('father_name')}
        <div className={withLink}>
          {text('national_code', {
            required: true,
            ltr: true,
            inputMode: 'numeric',
            maxLength: 20,
            hint: '۱۰ رقم',
          })}
          {error('national_code') && <DuplicateLink conflict={form.conflict} />}
        </div>
        <SelectField
          label={L.gender!}
          name="gender"
          value={v.gender}
          onChange={(x) => set('gender', x)}
          options={GENDER_VALUES.map((g) => ({ value: g, label: GENDER_LABELS[g] ?? g }))}
          error={error('gender')}
        />
      </FormSection>
      <FormSection title="تولد">
        <JalaliField
          label={L.birth_date!}
          name="birth_date"
          value={v.birth_date}
          onChange={(x) => set('birth_date', x)}
          error={error('birth_date')}
        />
        <CityCombobox
          label={L.birth_city_id!}
          name="birth_city"
          value={v.birth_city}
          onChange={(x) => set('birth_city', x)}
          error={error('birth_city_id')}
        />
        {text('birth_certificate_number', { ltr: true, inputMode: 'numeric' })}
      </FormSection>
      <FormSection title="تماس">
        {text('mobile', { ltr: true, inputMode: 'tel', autoComplete: 'tel', hint: 'مانند ۰۹۱۲۳۴۵۶۷۸۹' })}
        {text('email', { ltr: true, inputMode: 'email', autoComplete: 'email' })}
      </FormSection>
      <FormSection title="تحصیلات">
        <SelectField
          label={L.education_level!}
          name="education_level"
          value={v.education_level}
          onChange={(x) => set('education_level', x)}
          options={EDUCATION_VALUES.map((e) => ({ value: e, label: EDUCATION_LABELS[e] ?? e }))}
          error={error('education_level')}
        />
        {text('field_of_study')}
      </FormSection>
    </RecordFormPage>
  );
}

/** /person/true-persons/create */
export function TruePersonCreateScreen() {
  return <TruePersonForm detail={null} />;
}

/** /person/true-persons/update/{id}: the record as loaded, saved with its `version`. */
export function TruePersonUpdateScreen() {
  const { id: raw } = useParams({ from: '/person/true-persons/update/$id' });
  const id = parseId(raw) ?? 0;
  const query = useQuery(truePersonQuery(id));
  const p = query.data;
  if (!p)
    return (
      <RecordUnavailable
        query={query}
        missingTitle="این شخص حقیقی پیدا نشد"
        failedTitle="اطلاعات این شخص بارگیری نشد"
      />
    );
  return <TruePersonForm key={`${p.id}:${p.version}`} detail={p} onReload={() => void query.refetch()} />;
}
