import { useId } from 'react';
import { css } from 'styled-system/css';
import { Field } from '../field.tsx';
import { Input } from '../input.tsx';
import { Chip } from '../label-chips.tsx';
import type { Option } from './fields.tsx';

/** Controls that pick among a few choices shown at once: several options, a colour. */

const rowCss = css({ display: 'flex', gap: '4', alignItems: 'center', flexWrap: 'wrap' });
const errorCss = css({ color: 'danger', fontSize: '12px' });

/** Any number of `options` as a line of checkboxes under a legend; `value` the codes ticked, in the options' order. */
export function CheckGroupField({
  label,
  options,
  value,
  onChange,
  error,
}: {
  label: string;
  options: readonly Option[];
  value: readonly string[];
  onChange(v: string[]): void;
  error?: string;
}) {
  const id = useId();
  const toggle = (code: string, on: boolean) =>
    onChange(on ? [...value, code] : value.filter((x) => x !== code));
  return (
    <fieldset className={rowCss} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      {options.map((o) => (
        <label key={o.value}>
          <input
            type="checkbox"
            checked={value.includes(o.value)}
            onChange={(e) => toggle(o.value, e.target.checked)}
          />{' '}
          {o.label}
        </label>
      ))}
      {error && (
        <span id={`${id}-error`} role="alert" className={errorCss}>
          {error}
        </span>
      )}
    </fieldset>
  );
}

const swatchesCss = css({ display: 'flex', gap: '1', flexWrap: 'wrap', border: 0, m: 0, p: 0 });
const swatchCss = css({
  w: '24px',
  h: '24px',
  borderRadius: '4px',
  borderWidth: '2px',
  borderStyle: 'solid',
  borderColor: 'transparent',
  cursor: 'pointer',
  '&[aria-pressed=true]': { borderColor: 'ink' },
  _focusVisible: { outline: '2px solid token(colors.fourth)', outlineOffset: '1px' },
});
const colorRowCss = css({ display: 'flex', gap: '2', alignItems: 'center' });

/**
 * A colour `#rrggbb`: typed left to right, or one of `swatches` picked (all readable with white
 * text); a valid colour is previewed as a chip reading `preview` (or «نمونه»).
 */
export function ColorField({
  label,
  name,
  value,
  onChange,
  swatches,
  preview,
  error,
  hint,
  required,
}: {
  label: string;
  name: string;
  value: string;
  onChange(v: string): void;
  swatches: readonly string[];
  preview?: string;
  error?: string;
  hint?: string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <Field label={label} error={error} required={required} hint={hint}>
      <div className={colorRowCss}>
        <Input
          id={id}
          name={name}
          ltr
          value={value}
          maxLength={7}
          style={{ width: '110px' }}
          onChange={(e) => onChange(e.target.value)}
        />
        <fieldset className={swatchesCss} aria-label="رنگ‌های پیشنهادی">
          {swatches.map((c) => (
            <button
              key={c}
              type="button"
              className={swatchCss}
              style={{ backgroundColor: c }}
              aria-label={c}
              aria-pressed={value.toLowerCase() === c}
              onClick={() => onChange(c)}
            />
          ))}
        </fieldset>
        {/^#[0-9a-f]{6}$/i.test(value) && <Chip label={{ name: preview || 'نمونه', color: value }} />}
      </div>
    </Field>
  );
}
