import { useState } from 'react';
import { css } from 'styled-system/css';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { inputSchema } from '~/contract/entity-input.ts';
import type { LegalPickerRow } from '~/contract/persons.ts';
import { jalaliOfIso } from '~/domain/jalali.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { AmountInput } from '~/ui/amount-input.tsx';
import { Field } from '~/ui/field.tsx';
import { LegalPersonPicker, SelectField, TextField } from '~/ui/form/fields.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { JALALI_MONTHS } from '~/ui/format.ts';
import { input as inputCss } from '~/ui/input.tsx';
import { JalaliField } from '~/ui/jalali-input.tsx';
import { FormDialog } from '~/ui/managed-list.tsx';

/**
 * The create/edit dialog of every company report, generated from its description
 * (contract/company-reports.ts): a control for each field with `form`, in the description's
 * order, in a two-column grid (`form.wide` spans both), checked with the entity's input schema and
 * then the server's 422 under the fields; a 409 (edited elsewhere) shows above the buttons. The
 * control follows the field: a `ref` is the company (searched by name, ticker or national id; the
 * row's `company` is its name), an `enum` a select, a `month` a select of Jalali months, a `plain`
 * int a Jalali year, a `quantity` a decimal in the row's unit, an `amount` rials grouped as typed,
 * a `date` Jalali; text as its `form` says.
 */

type Values = Record<string, string>;
type Row = Record<string, unknown>;

const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
  gap: '3',
  '& > [data-wide]': { gridColumn: '1 / -1' },
});

const jalali = (iso: unknown) => toPersianDigits(jalaliOfIso((iso as string | null) ?? null));

/** The form's starting value of a field: the row's, as typed (Jalali, Persian digits), or the field's initial. */
function initialOf(f: EntityField, value: unknown): string {
  if (value === undefined) return f.form?.initial === undefined ? '' : String(f.form.initial);
  if (value === null) return '';
  if (f.type === 'date') return jalali(value);
  if (f.format === 'plain') return toPersianDigits(String(value));
  return String(value);
}

interface ControlProps {
  name: string;
  field: EntityField;
  value: string;
  error?: string;
  onChange(v: string): void;
}

/** A decimal typed with Persian or ASCII digits and separators (a quantity in the row's unit). */
function DecimalField({ name, field: f, value, error, onChange }: ControlProps) {
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
        value={toPersianDigits(value)}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

/** One control for a field other than the company, by its type and format. */
function Control(p: ControlProps) {
  const { name, field: f, value, error, onChange } = p;
  const common = { label: f.label, name, error, required: f.form?.required, value, onChange };
  if (f.type === 'enum' || f.format === 'month') {
    const options =
      f.format === 'month'
        ? JALALI_MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))
        : (f.options ?? []).map((v) => ({ value: v, label: f.optionLabels?.[v] ?? v }));
    return <SelectField {...common} empty={f.form?.initial ? null : undefined} options={options} />;
  }
  if (f.type === 'date') return <JalaliField {...common} />;
  if (f.format === 'quantity') return <DecimalField {...p} />;
  if (f.type === 'amount')
    return (
      <Field label={f.label} error={error} required={f.form?.required} hint="به ریال">
        <AmountInput name={name} value={value} onChange={onChange} />
      </Field>
    );
  const year = f.format === 'plain';
  return (
    <TextField
      {...common}
      hint={f.form?.hint}
      ltr={f.form?.ltr}
      multiline={f.form?.multiline}
      inputMode={year ? 'numeric' : f.form?.inputMode}
      maxLength={year ? 4 : f.max}
    />
  );
}

export interface ReportFormProps<F extends Record<string, EntityField>> {
  entity: EntityDescription<F>;
  /** The row edited, or null for a new one. */
  row: Row | null;
  /** The dialog's title when not «‹title› تازه» / «ویرایش ‹title›». */
  title?: string;
  save(body: object): Promise<unknown>;
  onClose(): void;
  onSaved(): void;
}

export function ReportFormDialog<F extends Record<string, EntityField>>(props: ReportFormProps<F>) {
  const { entity, row } = props;
  const fields = Object.entries(entity.fields).filter(([, f]) => f.form);
  const [company, setCompany] = useState<LegalPickerRow | null>(
    row?.legal_person_id
      ? { id: Number(row.legal_person_id), name: String(row.company), national_id: null }
      : null,
  );
  const form = useForm({
    schema: inputSchema(entity),
    initial: Object.fromEntries(fields.map(([name, f]) => [name, initialOf(f, row?.[name])])) as Values,
    save: (data) => props.save(data as object),
    onSaved: props.onSaved,
  });
  return (
    <FormDialog
      open
      title={props.title ?? (row ? `ویرایش ${entity.title}` : `${entity.title} تازه`)}
      busy={form.busy}
      error={form.errors._?.[0]}
      onClose={props.onClose}
      onSubmit={form.submit}
    >
      <div className={grid}>
        {fields.map(([name, f]) => (
          <div key={name} data-wide={f.form?.wide ? '' : undefined}>
            {f.type === 'ref' ? (
              <LegalPersonPicker
                label={f.label}
                name={name}
                required={f.form?.required}
                value={company}
                onChange={(v) => {
                  setCompany(v);
                  form.set(name, v ? String(v.id) : '');
                }}
                error={form.error(name)}
              />
            ) : (
              <Control
                name={name}
                field={f}
                value={form.values[name] ?? ''}
                error={form.error(name)}
                onChange={(v) => form.set(name, v)}
              />
            )}
          </div>
        ))}
      </div>
    </FormDialog>
  );
}
