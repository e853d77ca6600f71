import type { InputHTMLAttributes } from 'react';
import { Field } from '~/ui/field.tsx';
import { input as inputCss } from '~/ui/input.tsx';

export type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: string;
  /** Typed left to right (usernames, digits, passwords). */
  ltr?: boolean;
};

/** A labelled input with its hint and error (ui/Field around a native input). */
export function TextField({ label, error, hint, ltr, ...rest }: TextFieldProps) {
  return (
    <Field label={label} error={error} hint={hint}>
      <input className={inputCss({ ltr })} {...rest} />
    </Field>
  );
}
