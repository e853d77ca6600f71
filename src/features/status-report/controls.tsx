import { useId } from 'react';
import { css, cx } from 'styled-system/css';
import type { FieldSpec } from '~/contract/status-report.ts';
import { AmountInput } from '~/ui/amount-input.tsx';
import { Field } from '~/ui/field.tsx';
import { input as inputCss } from '~/ui/input.tsx';
import { maskJalali } from '~/ui/jalali-input.tsx';
import type { Cell } from './form-values.ts';

/**
 * The control of one report field, by its kind: text, text area, amount (grouped as typed),
 * Jalali date (slashes put in), percentage, head count, select, check box. `FieldControl` wraps it
 * in its label and message; `CellControl` is the same control inside a table cell, named by the
 * column header (`aria-label`) with its message under it.
 */

const selectCss = css({ appearance: 'auto', py: '0' });
const checkCss = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  fontSize: '14px',
  minH: '32px',
  alignSelf: 'end',
  cursor: 'pointer',
  '& input': { w: '16px', h: '16px', accentColor: 'var(--colors-first)' },
});
const cellError = css({ display: 'block', fontSize: '11.5px', color: 'danger', mt: '0.5' });
const centered = css({ display: 'flex', justifyContent: 'center', alignItems: 'center', minH: '32px' });

const NUMERIC = new Set(['legal_id', 'code', 'count', 'year', 'fraction', 'signed_amount', 'date']);
/** Placeholders say the unit only: a sample value would read as data. */
const PLACEHOLDER: Partial<Record<FieldSpec['kind'], string>> = { fraction: '٪' };

interface ControlProps {
  spec: FieldSpec;
  name: string;
  value: Cell;
  onChange(v: Cell): void;
  /** Passed by Field or the cell: id, aria-invalid, aria-describedby, aria-label. */
  [aria: string]: unknown;
}

/** The bare control of `spec` (no label). */
function Control({ spec, name, value, onChange, ...aria }: ControlProps) {
  const text = typeof value === 'string' ? value : '';
  const common = { name, ...aria } as Record<string, unknown>;
  switch (spec.kind) {
    case 'check':
      return (
        <input
          type="checkbox"
          {...common}
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />
      );
    case 'select':
      return (
        <select
          {...common}
          className={cx(inputCss(), selectCss)}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">انتخاب نشده</option>
          {spec.options?.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
    case 'textarea':
      return (
        <textarea
          {...common}
          className={inputCss({ multiline: true })}
          rows={2}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'amount':
      return <AmountInput {...common} value={text} onChange={onChange} />;
    default:
      return (
        <input
          {...common}
          className={inputCss({ ltr: NUMERIC.has(spec.kind) })}
          inputMode={NUMERIC.has(spec.kind) && spec.kind !== 'signed_amount' ? 'numeric' : undefined}
          autoComplete="off"
          placeholder={PLACEHOLDER[spec.kind]}
          maxLength={spec.kind === 'date' ? 10 : undefined}
          value={text}
          onChange={(e) => onChange(spec.kind === 'date' ? maskJalali(e.target.value) : e.target.value)}
        />
      );
  }
}

export interface FieldControlProps {
  spec: FieldSpec;
  value: Cell;
  onChange(v: Cell): void;
  error?: string;
  className?: string;
}

/** A section field with its label, its hint and its message. */
export function FieldControl({ spec, value, onChange, error, className }: FieldControlProps) {
  const id = useId();
  if (spec.kind === 'check')
    return (
      <span className={cx(checkCss, className)}>
        <Control spec={spec} name={spec.name} value={value} onChange={onChange} id={id} />
        <label htmlFor={id}>{spec.label}</label>
      </span>
    );
  return (
    <Field
      label={spec.label}
      error={error}
      required={spec.required}
      className={className}
      hint={spec.kind === 'date' ? 'سال/ماه/روز' : undefined}
    >
      <Control spec={spec} name={spec.name} value={value} onChange={onChange} />
    </Field>
  );
}

export interface CellControlProps {
  spec: FieldSpec;
  /** `rows.{i}.{column}`: the field path the server's messages use. */
  name: string;
  /** Names the control: "تعداد سهام، ردیف ۲". */
  label: string;
  value: Cell;
  onChange(v: Cell): void;
  error?: string;
}

/** A table cell's control with its message under it. */
export function CellControl({ spec, name, label, value, onChange, error }: CellControlProps) {
  const id = useId();
  const control = (
    <Control
      spec={spec}
      name={name}
      value={value}
      onChange={onChange}
      aria-label={label}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      aria-required={spec.required || undefined}
    />
  );
  return (
    <>
      {spec.kind === 'check' ? <span className={centered}>{control}</span> : control}
      {error && (
        <span id={`${id}-error`} role="alert" className={cellError}>
          {error}
        </span>
      )}
    </>
  );
}
