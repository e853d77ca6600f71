import { type UseQueryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { Fragment, type ReactNode, useMemo } from 'react';
import type { z } from 'zod';
import {
  EDUCATION_VALUES,
  GENDER_VALUES,
  LEGAL_FORMS,
  legalPersonInput,
  legalPersonUpdate,
  OWNERSHIP_TYPES,
  truePersonInput,
  truePersonUpdate,
} from '~/contract/person-forms.ts';
import { LEGAL_KIND_LABELS, LEGAL_KINDS, LEGAL_STATUS_LABELS, LEGAL_STATUSES } from '~/contract/persons.ts';
import { jalaliOfIso } from '~/domain/jalali.ts';
import { toPersianDigits, toPersianDigitsInText } from '~/domain/persian-text.ts';
import { legalPersonQuery, truePersonQuery } from '~/lib/records.ts';
import { parseId } from '~/lib/route-params.ts';
import { AmountInput } from '~/ui/amount-input.tsx';
import { CityCombobox } from '~/ui/city-combobox.tsx';
import { Field } from '~/ui/field.tsx';
import { CheckField, IndustrySelect, LegalPersonPicker, SelectField, TextField } from '~/ui/form/fields.tsx';
import { DuplicateLink, FormSection, RecordFormPage, wide, withLink } from '~/ui/form/record-form.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { JalaliField } from '~/ui/jalali-input.tsx';
import { RecordUnavailable } from '~/ui/record/record-unavailable.tsx';
import { toast } from '~/ui/toaster.tsx';
import { listSearchFor } from '../navigation.ts';
import { GENDER_LABELS } from '../search.ts';
import { afterSave, createPerson, updatePerson } from './api.ts';
import { EDUCATION_LABELS, educationCode, LEGAL_FIELD_LABELS, TRUE_FIELD_LABELS } from './labels.ts';

/**
 * The create and update pages of legal and true persons (/person/legal-persons/create,
 * /person/legal-persons/update/{id}, and the same under true-persons): one form, every field of
 * the kind's input schema, described as data below (section, control, digits); what the kinds
 * do differently is in their descriptions, not in branches.
 */

type Detail = Record<string, unknown> & { id: number; version: number; province?: { name: string } | null };
type Values = Record<string, unknown>;
type TextProps = Partial<Parameters<typeof TextField>[0]>;

/**
 * One field of a person's form, under its API name (its 422 messages' key). A picked record
 * (`city`, `legal`) is held as the record under the name without `_id` (also the control's name)
 * and sent as its id.
 */
interface FormFieldSpec {
  name: string;
  section: string;
  control: 'text' | 'select' | 'date' | 'city' | 'amount' | 'check' | 'industry' | 'legal';
  required?: boolean;
  /** Shown in Persian digits: every character (`all`), or the digits among words (`text`). */
  digits?: 'all' | 'text';
  /** A text box's own props (ltr, inputMode, hint …). */
  text?: TextProps;
  options?: readonly { value: string; label: string }[];
  /** A check box's sentence (instead of the field's label). */
  label?: string;
  /** A national id/code: a duplicate links to the record that has it. */
  unique?: boolean;
  /** The value the form opens with from the record (default: by control and digits). */
  read?(detail: Detail): unknown;
}

/** What tells the legal person's form from the true person's. */
interface PersonFormKind {
  list: 'legal' | 'true';
  view: '/person/legal-persons/view/$id' | '/person/true-persons/view/$id';
  listPath: '/person/legal-persons' | '/person/true-persons';
  updateRoute: '/person/legal-persons/update/$id' | '/person/true-persons/update/$id';
  /** «شخص حقوقی». */
  title: string;
  labels: Record<string, string>;
  fields: FormFieldSpec[];
  input: z.ZodType;
  update: z.ZodType;
  /** The values a new record opens with (default: empty). */
  defaults?: Values;
  /** How the record is called in the page title and the toast. */
  nameOf(values: Values): string;
  query(id: number): UseQueryOptions<Detail, Error, Detail, readonly unknown[]>;
  /** The update page's texts when the record cannot be shown. */
  missing: { missingTitle: string; failedTitle: string };
}

const options = (values: readonly string[], labels?: Record<string, string>) =>
  values.map((v) => ({ value: v, label: labels?.[v] ?? v }));
const numeric = (extra: TextProps = {}): TextProps => ({ ltr: true, inputMode: 'numeric', ...extra });

const LEGAL: PersonFormKind = {
  list: 'legal',
  view: '/person/legal-persons/view/$id',
  listPath: '/person/legal-persons',
  updateRoute: '/person/legal-persons/update/$id',
  title: 'شخص حقوقی',
  labels: LEGAL_FIELD_LABELS,
  input: legalPersonInput,
  update: legalPersonUpdate,
  defaults: { kind: 'company', status: 'active', is_listed: false },
  nameOf: (v) => String(v.name),
  query: (id) => legalPersonQuery(id) as never,
  missing: { missingTitle: 'این شخص حقوقی پیدا نشد', failedTitle: 'اطلاعات این شخص حقوقی بارگیری نشد' },
  fields: [
    { name: 'name', section: 'هویت', control: 'text', required: true, text: { className: wide } },
    {
      name: 'kind',
      section: 'هویت',
      control: 'select',
      required: true,
      options: options(LEGAL_KINDS, LEGAL_KIND_LABELS),
    },
    {
      name: 'national_id',
      section: 'هویت',
      control: 'text',
      digits: 'all',
      unique: true,
      text: numeric({ maxLength: 20, hint: '۱۱ رقم؛ برای وزارتخانه‌ها اختیاری' }),
    },
    {
      name: 'status',
      section: 'هویت',
      control: 'select',
      required: true,
      options: options(LEGAL_STATUSES, LEGAL_STATUS_LABELS),
    },
    { name: 'ownership_type', section: 'هویت', control: 'select', options: options(OWNERSHIP_TYPES) },
    {
      name: 'industry_id',
      section: 'هویت',
      control: 'industry',
      read: (d) => (d.industry as { id: number } | null)?.id,
    },
    { name: 'supervising_body_id', section: 'هویت', control: 'legal' },
    { name: 'legal_form', section: 'ثبت', control: 'select', options: options(LEGAL_FORMS) },
    { name: 'registration_number', section: 'ثبت', control: 'text', digits: 'all', text: { ltr: true } },
    { name: 'registration_date', section: 'ثبت', control: 'date' },
    { name: 'registration_city_id', section: 'ثبت', control: 'city' },
    {
      name: 'economic_code',
      section: 'ثبت',
      control: 'text',
      digits: 'all',
      text: numeric({ maxLength: 20, hint: '۱۲ رقم' }),
    },
    { name: 'registered_capital', section: 'سرمایه و سهام', control: 'amount' },
    { name: 'share_count', section: 'سرمایه و سهام', control: 'amount' },
    { name: 'nominal_share_value', section: 'سرمایه و سهام', control: 'amount' },
    {
      name: 'employees',
      section: 'سرمایه و سهام',
      control: 'text',
      digits: 'all',
      text: numeric({ maxLength: 12 }),
    },
    { name: 'is_listed', section: 'بورس', control: 'check', label: 'در بورس یا فرابورس پذیرفته شده است' },
    { name: 'ticker', section: 'بورس', control: 'text', text: { hint: 'نماد معاملاتی، مانند فخوز' } },
    {
      name: 'phone',
      section: 'تماس',
      control: 'text',
      digits: 'all',
      text: { ltr: true, inputMode: 'tel', autoComplete: 'tel' },
    },
    {
      name: 'postal_code',
      section: 'تماس',
      control: 'text',
      digits: 'all',
      text: numeric({ maxLength: 20, hint: '۱۰ رقم' }),
    },
    {
      name: 'website',
      section: 'تماس',
      control: 'text',
      text: { ltr: true, inputMode: 'url', autoComplete: 'url' },
    },
    {
      name: 'address',
      section: 'تماس',
      control: 'text',
      digits: 'text',
      text: { multiline: true, className: wide },
    },
  ],
};

const TRUE: PersonFormKind = {
  list: 'true',
  view: '/person/true-persons/view/$id',
  listPath: '/person/true-persons',
  updateRoute: '/person/true-persons/update/$id',
  title: 'شخص حقیقی',
  labels: TRUE_FIELD_LABELS,
  input: truePersonInput,
  update: truePersonUpdate,
  nameOf: (v) => `${v.first_name} ${v.last_name}`,
  query: (id) => truePersonQuery(id) as never,
  missing: { missingTitle: 'این شخص حقیقی پیدا نشد', failedTitle: 'اطلاعات این شخص بارگیری نشد' },
  fields: [
    {
      name: 'first_name',
      section: 'هویت',
      control: 'text',
      required: true,
      text: { autoComplete: 'given-name' },
    },
    {
      name: 'last_name',
      section: 'هویت',
      control: 'text',
      required: true,
      text: { autoComplete: 'family-name' },
    },
    { name: 'father_name', section: 'هویت', control: 'text' },
    {
      name: 'national_code',
      section: 'هویت',
      control: 'text',
      required: true,
      digits: 'all',
      unique: true,
      text: numeric({ maxLength: 20, hint: '۱۰ رقم' }),
    },
    { name: 'gender', section: 'هویت', control: 'select', options: options(GENDER_VALUES, GENDER_LABELS) },
    { name: 'birth_date', section: 'تولد', control: 'date' },
    { name: 'birth_city_id', section: 'تولد', control: 'city' },
    { name: 'birth_certificate_number', section: 'تولد', control: 'text', digits: 'all', text: numeric() },
    {
      name: 'mobile',
      section: 'تماس',
      control: 'text',
      digits: 'all',
      text: { ltr: true, inputMode: 'tel', autoComplete: 'tel', hint: 'مانند ۰۹۱۲۳۴۵۶۷۸۹' },
    },
    {
      name: 'email',
      section: 'تماس',
      control: 'text',
      text: { ltr: true, inputMode: 'email', autoComplete: 'email' },
    },
    {
      name: 'education_level',
      section: 'تحصیلات',
      control: 'select',
      options: options(EDUCATION_VALUES, EDUCATION_LABELS),
      read: (d) => educationCode(d.education_level as string | null),
    },
    { name: 'field_of_study', section: 'تحصیلات', control: 'text' },
  ],
};

/** A picked record is held under its field's name without `_id`. */
const held = (f: FormFieldSpec) =>
  f.control === 'city' || f.control === 'legal' ? f.name.replace(/_id$/, '') : f.name;

/** The value a field opens with: empty for a new record, else read from the record. */
function initialOf(f: FormFieldSpec, detail: Detail | null, defaults: Values = {}): unknown {
  if (!detail) return defaults[f.name] ?? (f.control === 'city' || f.control === 'legal' ? null : '');
  if (f.read) {
    const own = f.read(detail);
    return own === undefined || own === null ? '' : String(own);
  }
  const raw = detail[held(f)];
  if (f.control === 'check') return raw;
  if (f.control === 'city') return raw ? { ...(raw as object), province: detail.province?.name ?? '' } : null;
  if (f.control === 'legal') return raw ? { ...(raw as object), national_id: null } : null;
  if (raw === null || raw === undefined) return '';
  if (f.control === 'date') return toPersianDigits(jalaliOfIso(raw as string) ?? '');
  if (f.digits === 'all') return toPersianDigits(raw as string);
  if (f.digits === 'text') return toPersianDigitsInText(raw as string);
  return raw;
}

/** The values as the schema reads them: picked records → their ids, no industry → null. */
function prepare(kind: PersonFormKind, v: Values): Values {
  const out: Values = { ...v };
  for (const f of kind.fields) {
    if (f.control === 'city' || f.control === 'legal') {
      delete out[held(f)];
      out[f.name] = (v[held(f)] as { id: number } | null)?.id ?? null;
    } else if (f.control === 'industry') out[f.name] = v[f.name] || null;
  }
  return out;
}

function PersonForm({
  kind,
  detail,
  onReload,
}: {
  kind: PersonFormKind;
  detail: Detail | null;
  onReload?(): void;
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const initial = useMemo(
    () => Object.fromEntries(kind.fields.map((f) => [held(f), initialOf(f, detail, kind.defaults)])),
    [kind, detail],
  );
  const form = useForm({
    send: 'input',
    initial,
    schema: detail ? kind.update : kind.input,
    prepare: (v: Values) => (detail ? { ...prepare(kind, v), version: detail.version } : prepare(kind, v)),
    save: (input) => (detail ? updatePerson(kind.list, detail.id, input) : createPerson(kind.list, input)),
    onSaved: async (saved, input) => {
      const name = kind.nameOf(input as Values);
      toast.positive(detail ? `تغییرات «${name}» ذخیره شد` : `«${name}» ثبت شد`);
      await afterSave(client, kind.list, saved.id);
      void navigate({ to: kind.view, params: { id: String(saved.id) }, replace: true });
    },
  });
  const { values: v, set, error } = form;

  const control = (f: FormFieldSpec): ReactNode => {
    const label = kind.labels[f.name] ?? f.name;
    const common = { label, name: held(f), error: error(f.name), required: f.required };
    const value = v[held(f)];
    const onChange = (x: unknown) => set(held(f), x);
    switch (f.control) {
      case 'select':
        return (
          <SelectField
            {...common}
            value={value as string}
            onChange={onChange}
            options={f.options ?? []}
            empty={f.required ? null : undefined}
          />
        );
      case 'date':
        return <JalaliField {...common} value={value as string} onChange={onChange} />;
      case 'city':
        return <CityCombobox {...common} value={value as never} onChange={onChange} />;
      case 'legal':
        return (
          <LegalPersonPicker {...common} value={value as never} onChange={onChange} exclude={detail?.id} />
        );
      case 'industry':
        return <IndustrySelect {...common} value={value as string} onChange={onChange} />;
      case 'check':
        return (
          <CheckField
            key={f.name}
            label={f.label ?? label}
            name={f.name}
            checked={!!value}
            onChange={onChange}
          />
        );
      case 'amount':
        return (
          <Field label={label} error={error(f.name)}>
            <AmountInput name={f.name} value={value as string} onChange={onChange} />
          </Field>
        );
      default: {
        const box = <TextField {...common} {...f.text} value={value as string} onChange={onChange} />;
        return f.unique ? (
          <div className={withLink}>
            {box}
            {error(f.name) && <DuplicateLink conflict={form.conflict} />}
          </div>
        ) : (
          box
        );
      }
    }
  };
  const sections = [...new Set(kind.fields.map((f) => f.section))];
  const cancel = () =>
    detail
      ? navigate({ to: kind.view, params: { id: String(detail.id) } })
      : navigate({ to: kind.listPath, search: listSearchFor(kind.list) });

  return (
    <RecordFormPage
      title={detail ? `ویرایش ${kind.nameOf(detail)}` : `ثبت ${kind.title}`}
      label={detail ? `ویرایش ${kind.title}` : `ثبت ${kind.title}`}
      form={form}
      onCancel={cancel}
      onReload={onReload}
    >
      {sections.map((s) => (
        <FormSection key={s} title={s}>
          {kind.fields
            .filter((f) => f.section === s)
            .map((f) => (
              <Fragment key={f.name}>{control(f)}</Fragment>
            ))}
        </FormSection>
      ))}
    </RecordFormPage>
  );
}

/** The update page: the record as loaded, saved with its `version`. */
function PersonUpdateScreen({ kind }: { kind: PersonFormKind }) {
  const { id: raw } = useParams({ from: kind.updateRoute });
  const query = useQuery(kind.query(parseId(raw) ?? 0));
  const p = query.data;
  if (!p) return <RecordUnavailable query={query} {...kind.missing} />;
  return (
    <PersonForm key={`${p.id}:${p.version}`} kind={kind} detail={p} onReload={() => void query.refetch()} />
  );
}

/** /person/legal-persons/create */
export const LegalPersonCreateScreen = () => <PersonForm kind={LEGAL} detail={null} />;
/** /person/legal-persons/update/{id} */
export const LegalPersonUpdateScreen = () => <PersonUpdateScreen kind={LEGAL} />;
/** /person/true-persons/create */
export const TruePersonCreateScreen = () => <PersonForm kind={TRUE} detail={null} />;
/** /person/true-persons/update/{id} */
export const TruePersonUpdateScreen = () => <PersonUpdateScreen kind={TRUE} />;
