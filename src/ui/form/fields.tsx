import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import type { OptionSource } from '~/contract/entity.ts';
import type { LegalPickerRow } from '~/contract/persons.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { OPTION_LOADERS, optionKey } from '~/lib/options.ts';
import { searchLegalPersons } from '~/lib/records.ts';
import { SearchCombobox } from '~/ui/city-combobox.tsx';
import { Field } from '~/ui/field.tsx';
import { input as inputCss } from '~/ui/input.tsx';

/** The controls of the forms, each inside its labelled Field. */

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

interface BaseProps {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

/** A text box; `ltr` for codes and numbers typed left to right; `multiline` a textarea of `rows` (2). */
export function TextField({
  value,
  onChange,
  ltr,
  multiline,
  rows = 2,
  inputMode,
  autoComplete,
  maxLength,
  autoFocus,
  ...p
}: BaseProps & {
  value: string;
  onChange(v: string): void;
  ltr?: boolean;
  multiline?: boolean;
  rows?: number;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'url' | 'text';
  autoComplete?: string;
  maxLength?: number;
  autoFocus?: boolean;
}) {
  return (
    <Field label={p.label} error={p.error} hint={p.hint} required={p.required} className={p.className}>
      {multiline ? (
        <textarea
          className={inputCss({ multiline: true })}
          name={p.name}
          rows={rows}
          value={value}
          maxLength={maxLength}
          autoFocus={autoFocus}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          className={inputCss({ ltr })}
          name={p.name}
          value={value}
          autoFocus={autoFocus}
          inputMode={inputMode}
          autoComplete={autoComplete ?? 'off'}
          maxLength={maxLength}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

export interface Option {
  value: string;
  label: string;
}

/** A native select (the arrow keys and typed letters work as everywhere); '' is "not set". */
export function SelectField({
  value,
  onChange,
  options,
  empty = 'انتخاب نشده',
  ...p
}: BaseProps & {
  value: string;
  onChange(v: string): void;
  options: readonly Option[];
  empty?: string | null;
}) {
  return (
    <Field label={p.label} error={p.error} hint={p.hint} required={p.required} className={p.className}>
      <select
        className={cx(inputCss(), selectCss)}
        name={p.name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {empty !== null && <option value="">{empty}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A yes/no checkbox with its label beside it. */
export function CheckField({
  label,
  name,
  checked,
  onChange,
}: {
  label: string;
  name: string;
  checked: boolean;
  onChange(v: boolean): void;
}) {
  return (
    <label className={checkCss}>
      <input type="checkbox" name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/**
 * A select of an option source (lib/options.ts: provinces, industries, labels), loaded once and
 * cached; the record's own value shows (as «…») even before the list arrives.
 */
export function SourceSelect({
  source,
  ...p
}: BaseProps & { source: OptionSource; value: string; onChange(v: string): void; empty?: string | null }) {
  const loaded = useQuery({
    queryKey: optionKey(source),
    queryFn: OPTION_LOADERS[source],
    staleTime: 600_000,
  });
  const options = (loaded.data ?? []).map((o) => ({ value: String(o.value), label: o.label }));
  const known = options.some((o) => o.value === p.value);
  return (
    <SelectField
      {...p}
      options={known || !p.value ? options : [...options, { value: p.value, label: '…' }]}
      hint={loaded.isError ? `فهرست ${p.label} بارگیری نشد` : p.hint}
    />
  );
}

/**
 * The supervising body: a legal person searched by name, ticker or national id
 * (GET /api/person/all-legal-persons?q=); `exclude` keeps a record from supervising itself.
 */
export function LegalPersonPicker({
  value,
  onChange,
  exclude,
  ...p
}: BaseProps & {
  value: LegalPickerRow | null;
  onChange(v: LegalPickerRow | null): void;
  exclude?: number;
}) {
  return (
    <SearchCombobox<LegalPickerRow>
      label={p.label}
      name={p.name}
      value={value}
      onChange={onChange}
      error={p.error}
      queryKey={['persons', 'legal', 'picker', exclude ?? 0]}
      search={async (q, signal) => (await searchLegalPersons(q, signal)).filter((r) => r.id !== exclude)}
      describe={(r) => (r.national_id ? <span dir="ltr">{toPersianDigits(r.national_id)}</span> : null)}
      listLabel="اشخاص حقوقی"
      hint="بخشی از نام، نماد یا شناسه ملی را بنویسید و از فهرست برگزینید"
    />
  );
}
