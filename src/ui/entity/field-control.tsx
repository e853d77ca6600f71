import type { EntityField } from '~/contract/entity.ts';
import type { LegalPickerRow } from '~/contract/persons.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { AmountInput } from '../amount-input.tsx';
import { type City, CityCombobox } from '../city-combobox.tsx';
import { Field } from '../field.tsx';
import { CheckGroupField, ColorField } from '../form/choice-fields.tsx';
import { CheckField, LegalPersonPicker, SelectField, SourceSelect, TextField } from '../form/fields.tsx';
import { JALALI_MONTHS } from '../format.ts';
import { input as inputCss } from '../input.tsx';
import { JalaliField } from '../jalali-input.tsx';

/**
 * The one control of an entity's field, in every form generated from a description (the managed
 * lists' dialog, the company reports' dialog, the persons' page): the field's type, format and
 * `form` properties choose it. The value is as the form holds it: text as typed, a bool, a list
 * of codes (`many`), or the picked record (a city with its province, a legal person); each form
 * turns its values into the body (and a row into its values) for the record it edits.
 */
export interface FieldControlProps {
  name: string;
  field: EntityField;
  value: unknown;
  error?: string;
  onChange(value: unknown): void;
  /** The form's first control takes the focus. */
  autoFocus?: boolean;
  /** What a colour's chip reads (the row's name as typed). */
  preview?: string;
  /** A legal person picker leaves this record out (a company cannot supervise itself). */
  exclude?: number;
}

/** The options of an enum (its labels), of a text field offering `options`, or a month's names. */
function optionsOf(f: EntityField) {
  if (f.format === 'month') return JALALI_MONTHS.map((m, i) => ({ value: String(i + 1), label: m }));
  return (f.options ?? []).map((v) => ({ value: v, label: f.optionLabels?.[v] ?? v }));
}

/** A decimal typed with Persian or ASCII digits and separators (a quantity in the row's unit). */
function DecimalField({ name, field: f, value, error, onChange }: FieldControlProps) {
  return (
    <Field
      label={f.label}
      error={error}
      required={f.form?.required}
      hint={f.form?.hint ?? 'به واحد اندازه‌گیری؛ خالی یعنی گزارش نشده'}
    >
      <input
        className={inputCss({ ltr: true })}
        name={name}
        inputMode="decimal"
        autoComplete="off"
        maxLength={30}
        value={toPersianDigits(String(value))}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

export function FieldControl(p: FieldControlProps) {
  const { name, field: f, value, error, onChange } = p;
  const form = f.form;
  const label = form?.label ?? f.label;
  const common = { label, name, error, required: form?.required, hint: form?.hint };
  if (f.type === 'bool')
    return <CheckField label={label} name={name} checked={!!value} onChange={onChange} />;
  if (f.type === 'date') return <JalaliField {...common} value={String(value)} onChange={onChange} />;
  if (f.picker === 'city')
    return <CityCombobox {...common} value={value as City | null} onChange={onChange} />;
  if (f.picker === 'legal_person')
    return (
      <LegalPersonPicker
        {...common}
        value={value as LegalPickerRow | null}
        onChange={onChange}
        exclude={p.exclude}
      />
    );
  // A select offers no empty choice when the field must have one and starts with it.
  const empty = form?.required && form.initial !== undefined ? null : form?.placeholder;
  if (f.optionsFrom && !f.many)
    return (
      <SourceSelect
        {...common}
        source={f.optionsFrom}
        value={String(value)}
        onChange={onChange}
        empty={empty}
      />
    );
  if (f.type === 'enum' || f.options || f.format === 'month') {
    if (f.many)
      return (
        <CheckGroupField
          label={label}
          options={optionsOf(f)}
          value={value as string[]}
          onChange={onChange}
          error={error}
        />
      );
    return (
      <SelectField
        {...common}
        value={String(value)}
        onChange={onChange}
        options={optionsOf(f)}
        empty={empty}
      />
    );
  }
  if (f.format === 'quantity') return <DecimalField {...p} />;
  if (f.type === 'amount')
    return (
      <Field label={label} error={error} required={form?.required} hint={form?.hint}>
        <AmountInput name={name} value={String(value)} onChange={onChange} />
      </Field>
    );
  if (form?.swatches)
    return (
      <ColorField
        {...common}
        value={String(value)}
        onChange={onChange}
        swatches={form.swatches}
        preview={p.preview ?? ''}
      />
    );
  const year = f.format === 'plain';
  const numeric = f.type === 'int';
  return (
    <TextField
      {...common}
      value={String(value)}
      onChange={onChange}
      ltr={form?.ltr ?? (numeric && !year)}
      inputMode={form?.scale ? 'decimal' : (form?.inputMode ?? (numeric || year ? 'numeric' : undefined))}
      autoComplete={form?.autoComplete}
      multiline={form?.multiline || !!form?.rows}
      rows={form?.rows}
      maxLength={year ? 4 : f.max}
      autoFocus={p.autoFocus}
    />
  );
}
