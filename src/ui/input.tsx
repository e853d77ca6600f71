import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { cva, cx } from 'styled-system/css';

/** Text inputs: 32 px high, a 3:1 border, the focus ring from the global style, red when invalid. */
export const input = cva({
  base: {
    display: 'block',
    w: '100%',
    minW: '0',
    h: '32px',
    px: '2',
    bg: 'surface',
    color: 'ink',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'line.strong',
    borderRadius: '4px',
    fontSize: '14px',
    _placeholder: { color: 'muted' },
    _focusVisible: { borderColor: 'fourth.strong' },
    _disabled: { bg: 'subtle', cursor: 'not-allowed' },
    '&[aria-invalid=true]': { borderColor: 'danger' },
  },
  variants: {
    multiline: { true: { h: 'auto', minH: '80px', py: '1.5', resize: 'vertical' } },
    /** Numbers and codes typed left to right (national id, mobile, amounts). */
    ltr: { true: { direction: 'ltr', textAlign: 'end', fontVariantNumeric: 'tabular-nums' } },
  },
});

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ltr?: boolean };

export function Input({ className, ltr, ...rest }: InputProps) {
  return <input className={cx(input({ ltr }), className)} {...rest} />;
}

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

export function Textarea({ className, ...rest }: TextareaProps) {
  return <textarea className={cx(input({ multiline: true }), className)} {...rest} />;
}
