import { css } from 'styled-system/css';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { AmountInput } from '~/ui/amount-input.tsx';
import { Field } from '~/ui/field.tsx';
import { input as inputCss } from '~/ui/input.tsx';

/** The report forms' two-column grid (one column on narrow screens). */
export const formGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
  gap: '3',
});

interface Props {
  label: string;
  name: string;
  value: string;
  onChange(v: string): void;
  error?: string;
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
