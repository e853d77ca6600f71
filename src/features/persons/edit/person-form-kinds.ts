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
import type { TextField } from '~/ui/form/fields.tsx';
import { wide } from '~/ui/form/record-form.tsx';
import { LEGAL_PERSON, type PersonKind, TRUE_PERSON } from '../kinds.ts';
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

/** A kind's form: its kind (kinds.ts), and the fields, names, schemas and new values it edits. */
export interface PersonFormKind extends PersonKind {
  labels: Record<string, string>;
  fields: FormFieldSpec[];
  input: z.ZodType;
  update: z.ZodType;
  /** The values a new record opens with (default: empty). */
  defaults?: Values;
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
  ...LEGAL_PERSON,
  labels: formLabels(legalPersonEntity),
  input: legalPersonInput,
  update: legalPersonUpdate,
  defaults: initialValues(legalPersonEntity),
  fields: formFields(legalPersonEntity, { industry_id: (d) => (d.industry as { id: number } | null)?.id }),
};

export const TRUE: PersonFormKind = {
  ...TRUE_PERSON,
  labels: formLabels(truePersonEntity),
  input: truePersonInput,
  update: truePersonUpdate,
  fields: formFields(truePersonEntity, {
    education_level: (d) => educationCode(d.education_level as string | null),
  }),
};
