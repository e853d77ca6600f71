import type { UseQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { legalPersonEntity } from '~/contract/legal-person.ts';
import {
  legalPersonInput,
  legalPersonUpdate,
  truePersonInput,
  truePersonUpdate,
} from '~/contract/person-forms.ts';
import { truePersonEntity } from '~/contract/true-person.ts';
import { legalPersonQuery, truePersonQuery } from '~/lib/records.ts';
import type { TextField } from '~/ui/form/fields.tsx';
import { wide } from '~/ui/form/record-form.tsx';
import { educationCode, formLabels } from './labels.ts';

/**
 * What the person form (person-form.tsx) edits for each kind, as data: the fields come from the
 * kind's description (contract/legal-person.ts, true-person.ts: section, control, digits, hints,
 * initial values); beside them the kind's routes, schemas and query, and how a field the detail
 * answers as a record (the industry) or in an older form (an education code) opens in the form.
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

const options = (values: readonly string[], labels?: Readonly<Record<string, string>>) =>
  values.map((v) => ({ value: v, label: labels?.[v] ?? v }));

/** The control that edits a field, by its type (a ref by its picker or its option list). */
function controlOf(f: EntityField): FormFieldSpec['control'] {
  if (f.picker) return f.picker === 'city' ? 'city' : 'legal';
  if (f.type === 'ref') return 'industry';
  if (f.type === 'amount' || f.type === 'date') return f.type;
  if (f.type === 'bool') return 'check';
  return f.options ? 'select' : 'text';
}

/** The form's fields of a description, in the form's order (`form.order`, else the description's). */
function formFields<F extends Record<string, EntityField>>(
  entity: EntityDescription<F>,
  read: Partial<Record<keyof F, (detail: Detail) => unknown>> = {},
): FormFieldSpec[] {
  const edited = Object.entries(entity.fields).filter(([, f]) => f.form);
  return edited
    .map(([name, f], i) => ({ name, f, at: f.form?.order ?? i }))
    .sort((a, b) => a.at - b.at)
    .map(({ name, f }) => {
      const form = f.form!;
      return {
        name,
        section: form.section,
        control: controlOf(f),
        required: form.required,
        digits: form.digits,
        unique: f.unique,
        label: f.type === 'bool' ? form.label : undefined,
        options: f.options ? options(f.options, f.optionLabels) : undefined,
        read: read[name as keyof F],
        text: {
          ltr: form.ltr,
          inputMode: form.inputMode,
          autoComplete: form.autoComplete,
          hint: form.hint,
          maxLength: f.max,
          multiline: form.multiline,
          className: form.wide ? wide : undefined,
        },
      };
    });
}

/** A new record's values: the fields' `form.initial`. */
const initialValues = <F extends Record<string, EntityField>>(entity: EntityDescription<F>) =>
  Object.fromEntries(
    Object.entries(entity.fields)
      .filter(([, f]) => f.form?.initial !== undefined)
      .map(([name, f]) => [name, f.form!.initial]),
  );

export const LEGAL: PersonFormKind = {
  list: 'legal',
  view: '/person/legal-persons/view/$id',
  listPath: '/person/legal-persons',
  updateRoute: '/person/legal-persons/update/$id',
  title: legalPersonEntity.title,
  labels: formLabels(legalPersonEntity),
  input: legalPersonInput,
  update: legalPersonUpdate,
  defaults: initialValues(legalPersonEntity),
  nameOf: (v) => String(v.name),
  query: (id) => legalPersonQuery(id) as never,
  missing: { missingTitle: 'این شخص حقوقی پیدا نشد', failedTitle: 'اطلاعات این شخص حقوقی بارگیری نشد' },
  fields: formFields(legalPersonEntity, { industry_id: (d) => (d.industry as { id: number } | null)?.id }),
};

export const TRUE: PersonFormKind = {
  list: 'true',
  view: '/person/true-persons/view/$id',
  listPath: '/person/true-persons',
  updateRoute: '/person/true-persons/update/$id',
  title: truePersonEntity.title,
  labels: formLabels(truePersonEntity),
  input: truePersonInput,
  update: truePersonUpdate,
  nameOf: (v) => `${v.first_name} ${v.last_name}`,
  query: (id) => truePersonQuery(id) as never,
  missing: { missingTitle: 'این شخص حقیقی پیدا نشد', failedTitle: 'اطلاعات این شخص بارگیری نشد' },
  fields: formFields(truePersonEntity, {
    education_level: (d) => educationCode(d.education_level as string | null),
  }),
};
