import type { UseQueryOptions } from '@tanstack/react-query';
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
import { legalPersonQuery, truePersonQuery } from '~/lib/records.ts';
import type { TextField } from '~/ui/form/fields.tsx';
import { wide } from '~/ui/form/record-form.tsx';
import { GENDER_LABELS } from '../search.ts';
import { EDUCATION_LABELS, educationCode, LEGAL_FIELD_LABELS, TRUE_FIELD_LABELS } from './labels.ts';

/**
 * What the person form (person-form.tsx) edits for each kind, as data: every field of the kind's
 * input schema with its section, control and digits, the kind's routes, nouns, schemas and query.
 */

export type Detail = Record<string, unknown> & {
  id: number;
  version: number;
  province?: { name: string } | null;
};
export type Values = Record<string, unknown>;
type TextProps = Partial<Parameters<typeof TextField>[0]>;

/**
 * One field of a person's form, under its API name (its 422 messages' key). A picked record
 * (`city`, `legal`) is held as the record under the name without `_id` (also the control's name)
 * and sent as its id.
 */
export interface FormFieldSpec {
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
export interface PersonFormKind {
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

export const LEGAL: PersonFormKind = {
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

export const TRUE: PersonFormKind = {
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
