import { cloneElement, isValidElement, type ReactElement, type ReactNode, useId } from 'react';
import { css, cx } from 'styled-system/css';

const wrap = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const labelCss = css({ fontSize: '13px', fontWeight: '500', color: 'ink' });
const required = css({ color: 'danger', marginInlineStart: '1' });
const hintCss = css({ fontSize: '12px', color: 'muted' });
const errorCss = css({ fontSize: '12px', color: 'danger' });

export interface FieldProps {
  label: ReactNode;
  /** The control (Input, Textarea, select ...); it gets the id, aria-invalid and aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
  /** One or more messages from validation or the server (the first is shown). */
  error?: string | string[] | null;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

/**
 * A labelled form control with its hint and its error, wired for screen readers. The error
 * replaces the hint and is announced (role="alert").
 */
export function Field({ label, children, error, hint, required: isRequired, className }: FieldProps) {
  const id = useId();
  const message = Array.isArray(error) ? error[0] : error;
  const describedBy = message ? `${id}-error` : hint ? `${id}-hint` : undefined;
  const control = isValidElement(children)
    ? cloneElement(children, {
        id: (children.props.id as string | undefined) ?? id,
        'aria-invalid': message ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': isRequired || undefined,
      })
    : children;
  const controlId = (children.props.id as string | undefined) ?? id;
  return (
    <div className={cx(wrap, className)}>
      <label htmlFor={controlId} className={labelCss}>
        {label}
        {isRequired && (
          <span className={required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      {control}
      {message ? (
        <span id={`${id}-error`} role="alert" className={errorCss}>
          {message}
        </span>
      ) : (
        hint && (
          <span id={`${id}-hint`} className={hintCss}>
            {hint}
          </span>
        )
      )}
    </div>
  );
}
