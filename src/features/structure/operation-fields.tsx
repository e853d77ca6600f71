import { css } from 'styled-system/css';
import { OPERATION_KINDS, type OperationKind } from '~/contract/structure.ts';
import { OPERATION_TITLES } from '~/domain/ownership/structure.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { Button } from '~/ui/button.tsx';
import { Field } from '~/ui/field.tsx';
import { Input, input } from '~/ui/input.tsx';
import type { NodePick } from './api.ts';
import type { OperationValues } from './draft-values.ts';
import { NodePicker } from './node-picker.tsx';

const box = css({
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  p: '3',
  m: '0',
  minW: '0',
  '&[data-refused=true]': { borderColor: 'danger' },
});
const legend = css({ fontSize: '13px', fontWeight: 600, px: '1' });
const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: '3' });
const foot = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  mt: '2',
});
const refusal = css({ fontSize: '12px', color: 'danger', m: 0 });
const rule = css({ fontSize: '12px', color: 'muted', m: 0 });

/** What each kind does, in a line under its fields (domain/ownership/structure.ts). */
const RULES: Record<OperationKind, string> = {
  transfer: 'بخشی از سهم واگذارنده به گیرنده می‌رسد.',
  add: 'سهامدار این درصد را افزون بر سهم کنونی‌اش می‌گیرد؛ جمع سهم‌ها از ۱۰۰٪ نمی‌گذرد.',
  remove: 'سهامداری این سهامدار پایان می‌یابد و سهمش شناور می‌شود.',
  divest: 'سهامدار این درصد را به شناور آزاد می‌فروشد؛ کسی سهم نمی‌گیرد.',
  merge:
    'نسبت ادغام: سهم کل شرکت ادغام‌شونده از شرکت پذیرنده پس از ادغام. سهامداران پیشین پذیرنده به همان نسبت رقیق می‌شوند و سهام شرکت ادغام‌شونده به پذیرنده می‌رسد.',
};

export interface OperationFieldsProps {
  index: number;
  value: OperationValues;
  onChange(v: OperationValues): void;
  onRemove(): void;
  /** The messages by field path (`operations.<i>.<field>`). */
  errors: Record<string, string[]>;
  /** Why the saved operation does not apply to the holdings (the server's preview). */
  refusal?: string;
}

/** One operation of a draft: its kind, its persons (pickers) and its share typed as percent. */
export function OperationFields({
  index,
  value,
  onChange,
  onRemove,
  errors,
  refusal: refused,
}: OperationFieldsProps) {
  const path = (f: string) => `operations.${index}.${f}`;
  const err = (f: string) => errors[path(f)]?.[0];
  const pick = (field: keyof OperationValues, label: string, type: 'legal' | null) => (
    <NodePicker
      label={label}
      name={path(field)}
      type={type}
      value={value[field] as NodePick | null}
      onChange={(v) => onChange({ ...value, [field]: v })}
      error={err(field)}
    />
  );
  const percent = (field: 'share' | 'ratio', label: string) => (
    <Field label={label} error={err(field)} hint="مانند ۲۰ یا ۱۲٫۵" required>
      <Input
        ltr
        name={path(field)}
        inputMode="decimal"
        autoComplete="off"
        value={value[field]}
        onChange={(e) => onChange({ ...value, [field]: e.target.value })}
      />
    </Field>
  );
  const n = toPersianDigits(index + 1);
  return (
    <fieldset className={box} data-row={index} data-refused={refused ? true : undefined}>
      <legend className={legend}>عملیات {n}</legend>
      <div className={grid}>
        <Field label="نوع عملیات" error={err('kind')} required>
          <select
            name={path('kind')}
            className={input()}
            value={value.kind}
            onChange={(e) => onChange({ ...value, kind: e.target.value as OperationKind })}
          >
            {OPERATION_KINDS.map((k) => (
              <option key={k} value={k}>
                {OPERATION_TITLES[k]}
              </option>
            ))}
          </select>
        </Field>
        {value.kind === 'merge' ? (
          <>
            {pick('absorbed', 'شرکت ادغام‌شونده', 'legal')}
            {pick('into', 'شرکت پذیرنده', 'legal')}
            {percent('ratio', 'نسبت ادغام (درصد)')}
          </>
        ) : (
          <>
            {pick('company', 'شرکت', 'legal')}
            {value.kind === 'transfer' ? (
              <>
                {pick('from', 'واگذارنده', null)}
                {pick('to', 'گیرنده', null)}
              </>
            ) : (
              pick('holder', value.kind === 'add' ? 'سهامدار' : 'سهامدار کنونی', null)
            )}
            {value.kind !== 'remove' &&
              percent('share', value.kind === 'divest' ? 'سهم واگذارشده (درصد)' : 'سهم (درصد)')}
          </>
        )}
      </div>
      <div className={foot}>
        {refused ? (
          <p className={refusal} role="alert">
            {refused}
          </p>
        ) : (
          <p className={rule}>{RULES[value.kind]}</p>
        )}
        <Button size="sm" onClick={onRemove} aria-label={`حذف عملیات ${n}`}>
          حذف
        </Button>
      </div>
    </fieldset>
  );
}
