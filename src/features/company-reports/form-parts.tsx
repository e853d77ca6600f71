import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import type { ZodType } from 'zod';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { AmountInput } from '~/ui/amount-input.tsx';
import { Field } from '~/ui/field.tsx';
import { TextField } from '~/ui/form/fields.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { input as inputCss } from '~/ui/input.tsx';
import { FormDialog } from '~/ui/managed-list.tsx';
import { type Segment, saveCompanyRow } from './api.ts';

/** The report forms' two-column grid (one column on narrow screens). */
export const formGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
  gap: '3',
});

/** A field bound to a form value (`useForm`'s `field(key)`). */
interface Bound {
  name: string;
  value: string;
  onChange(v: string): void;
  error?: string;
}

interface Props extends Bound {
  label: string;
  required?: boolean;
  hint?: string;
}

/** A quantity in the row's unit: digits (Persian or ASCII), separators and a decimal point. */
export function QuantityField({ label, name, value, onChange, error, required, hint }: Props) {
  return (
    <Field
      label={label}
      error={error}
      required={required}
      hint={hint ?? 'به واحد اندازه‌گیری؛ خالی یعنی گزارش نشده'}
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

/** An amount in IRR, grouped as typed (۱۲٬۳۴۵٬۶۷۸). */
export function AmountField({ label, name, value, onChange, error, required }: Props) {
  return (
    <Field label={label} error={error} required={required} hint="به ریال">
      <AmountInput name={name} value={value} onChange={onChange} />
    </Field>
  );
}

/**
 * A company report row's form state: checked with the contract `schema`, then created (POST)
 * or, for an existing `row`, updated with the version it was read at (PUT; a newer version on
 * the server is refused with 409, nothing overwritten); the server's 422 lands under the fields.
 */
export function useCompanyRowForm<V extends object, I>(
  segment: Segment,
  companyId: number,
  row: { id: number; version: number } | null | undefined,
  schema: ZodType<I>,
  initial: V,
  onSaved: () => void,
) {
  return useForm({
    schema,
    initial,
    save: (data) =>
      saveCompanyRow(
        segment,
        companyId,
        row?.id ?? null,
        row ? { ...(data as object), version: row.version } : (data as object),
      ),
    onSaved,
  });
}

/** The dialog of a report row's form: its fields in the two-column grid. */
export function CompanyRowDialog({
  form,
  open,
  title,
  onClose,
  children,
}: {
  form: { busy: boolean; errors: { _?: string[] }; submit(): void };
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
}) {
  return (
    <FormDialog
      open={open}
      title={title}
      busy={form.busy}
      error={form.errors._?.[0]}
      onClose={onClose}
      onSubmit={form.submit}
    >
      <div className={formGrid}>{children}</div>
    </FormDialog>
  );
}

/** A Jalali year typed in four digits (Persian or ASCII), as every report row has one. */
export function YearField(props: Props) {
  return (
    <TextField {...props} required inputMode="numeric" maxLength={4} hint={props.hint ?? 'مانند ۱۴۰۴'} />
  );
}

/** The product and its unit of measure, the first two fields of every production report. */
export function ProductFields({
  field,
  unitHint,
}: {
  field(key: 'product' | 'unit'): Bound;
  unitHint?: string;
}) {
  return (
    <>
      <TextField label="محصول" required {...field('product')} />
      <TextField label="واحد اندازه‌گیری" required hint={unitHint} {...field('unit')} />
    </>
  );
}
