import { type InputHTMLAttributes, type Ref, useLayoutEffect, useRef } from 'react';
import { cx } from 'styled-system/css';
import { toAsciiDigits, toPersianDigits } from '~/domain/persian-text.ts';
import { input as inputCss } from './input.tsx';

const SEPARATOR = '٬';

/** ASCII digits of what was typed (Persian, Arabic or ASCII digits; separators and the rest dropped). */
export function amountDigits(typed: string): string {
  return toAsciiDigits(typed).replace(/\D/g, '');
}

/** A digit string in Persian digits with thousands separators: '1250000' → '۱٬۲۵۰٬۰۰۰'. */
export function groupAmount(digits: string): string {
  const d = amountDigits(digits);
  return toPersianDigits(d.replace(/\B(?=(\d{3})+(?!\d))/g, SEPARATOR));
}

export type AmountInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  /** The amount as ASCII digits ('' when empty); with `signed`, a leading '-' for a negative amount. */
  value: string;
  onChange(digits: string): void;
  /** A negative amount may be typed: a minus sign (-, −) or parentheses around it, as statements write costs. */
  signed?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** Whether typed text asks for a negative amount: a minus sign anywhere before the digits, or parentheses. */
const negativeTyped = (typed: string) => /^[^\d۰-۹٠-٩]*[-−‐–]/.test(typed) || /\(.*\)/.test(typed);

/**
 * An amount typed left to right: digits in any script become Persian digits grouped by
 * thousands (۱۲٬۳۴۵٬۶۷۸) as they are typed, the caret stays after the digit just typed, and
 * `onChange` gets the digit string. Put it inside a `Field` for its label and messages.
 */
export function AmountInput({ value, onChange, signed, className, ref, ...rest }: AmountInputProps) {
  const own = useRef<HTMLInputElement | null>(null);
  /** Digits left of the caret after the last edit, to put the caret back after regrouping. */
  const caretDigits = useRef<number | null>(null);
  const negative = signed === true && value.startsWith('-');
  const shown = (negative ? '−' : '') + groupAmount(value);

  useLayoutEffect(() => {
    const el = own.current;
    const n = caretDigits.current;
    if (!el || n === null || document.activeElement !== el) return;
    caretDigits.current = null;
    let pos = 0;
    for (let seen = 0; pos < shown.length && seen < n; pos++)
      if (shown[pos] !== SEPARATOR && shown[pos] !== '−') seen++;
    el.setSelectionRange(pos, pos);
  }, [shown]);

  return (
    <input
      ref={(el) => {
        own.current = el;
        if (typeof ref === 'function') ref(el);
        else if (ref) ref.current = el;
      }}
      className={cx(inputCss({ ltr: true }), className)}
      inputMode="numeric"
      autoComplete="off"
      value={shown}
      onChange={(e) => {
        const el = e.target;
        caretDigits.current = amountDigits(el.value.slice(0, el.selectionStart ?? el.value.length)).length;
        const digits = amountDigits(el.value);
        // A lone minus is kept, so that typing «−۵» starts with it.
        onChange(signed && negativeTyped(el.value) ? `-${digits}` : digits);
      }}
      {...rest}
    />
  );
}
