import type { InputHTMLAttributes } from 'react';
import { parseJalaliDate } from '~/domain/jalali.ts';
import { toAsciiDigits, toPersianDigits } from '~/domain/persian-text.ts';
import { Field } from './field.tsx';
import { formatDateLong } from './format.ts';
import { input as inputCss } from './input.tsx';

/** Digits typed (Persian or ASCII) → `۱۳۶۵/۰۴/۲۱` as they come: the slashes are put in for the user. */
export function maskJalali(raw: string): string {
  const typed = toAsciiDigits(raw);
  // Keep what the user wrote when they typed the separators themselves (1365/4/21).
  if (/^\d{1,4}([/\-.]\d{0,2}){0,2}$/.test(typed) && /[/\-.]/.test(typed)) {
    return toPersianDigits(typed.replace(/[-.]/g, '/'));
  }
  const d = typed.replace(/\D/g, '').slice(0, 8);
  const parts = [d.slice(0, 4), d.slice(4, 6), d.slice(6, 8)].filter(Boolean);
  return toPersianDigits(parts.join('/'));
}

export type JalaliFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
};

/**
 * A Jalali date typed as ۱۳۶۵/۰۴/۲۱: digits only, the slashes come by themselves; once it is a
 * real day of the calendar the hint spells it out (۲۱ تیر ۱۳۶۵), so a slip shows at once.
 */
export function JalaliField({ label, value, onChange, error, required, ...rest }: JalaliFieldProps) {
  const iso = value ? parseJalaliDate(value) : null;
  const hint = iso ? formatDateLong(iso) : 'سال/ماه/روز، مانند ۱۳۶۵/۰۴/۲۱';
  return (
    <Field label={label} error={error} hint={hint} required={required}>
      <input
        className={inputCss({ ltr: true })}
        inputMode="numeric"
        placeholder="۱۳۶۵/۰۴/۲۱"
        autoComplete="off"
        maxLength={10}
        value={value}
        onChange={(e) => onChange(maskJalali(e.target.value))}
        {...rest}
      />
    </Field>
  );
}
