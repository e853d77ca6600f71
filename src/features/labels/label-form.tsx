import { useId } from 'react';
import { css } from 'styled-system/css';
import {
  LABEL_OBJECT_TYPE_TITLES,
  LABEL_OBJECT_TYPES,
  type Label,
  type LabelObjectType,
  labelInput,
} from '~/contract/labels.ts';
import { Field } from '~/ui/field.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { Input } from '~/ui/input.tsx';
import { Chip } from '~/ui/label-chips.tsx';
import { checkRow, FormDialog } from '~/ui/managed-list.tsx';
import { createLabel, updateLabel } from './api.ts';

/** Colours offered as one-key picks (all readable with white text); any #rrggbb may be typed. */
export const LABEL_COLORS = [
  '#c62828',
  '#ad1457',
  '#6a1b9a',
  '#1565c0',
  '#00695c',
  '#2e7d32',
  '#b35900',
  '#4e342e',
  '#424242',
];

const swatches = css({ display: 'flex', gap: '1', flexWrap: 'wrap', border: 0, m: 0, p: 0 });
const swatch = css({
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
const colorRow = css({ display: 'flex', gap: '2', alignItems: 'center' });

interface LabelFormProps {
  open: boolean;
  row: Label | null;
  onClose(): void;
  onSaved(): void;
}

/** Create or edit a label: name, colour, object types (the contract's schema, then the server's 422). */
export function LabelForm({ open, row, onClose, onSaved }: LabelFormProps) {
  const id = useId();
  const form = useForm({
    schema: labelInput,
    initial: {
      name: row?.name ?? '',
      color: row?.color ?? LABEL_COLORS[3]!,
      object_types: (row?.object_types ?? [...LABEL_OBJECT_TYPES]) as LabelObjectType[],
    },
    save: (data) => (row ? updateLabel(row.id, data) : createLabel(data)),
    onSaved,
  });
  const { values, set, errors } = form;
  const toggleType = (t: LabelObjectType, on: boolean) =>
    set('object_types', on ? [...values.object_types, t] : values.object_types.filter((x) => x !== t));
  return (
    <FormDialog
      open={open}
      title={row ? 'ویرایش برچسب' : 'برچسب تازه'}
      busy={form.busy}
      error={errors._?.[0]}
      onClose={onClose}
      onSubmit={form.submit}
    >
      <Field label="نام برچسب" error={errors.name} required hint="حداکثر ۴۰ نویسه، یکتا">
        <Input
          id={`${id}-name`}
          value={values.name}
          maxLength={60}
          autoFocus
          onChange={(e) => set('name', e.target.value)}
        />
      </Field>
      <Field label="رنگ" error={errors.color} required hint="یکی از رنگ‌ها یا کد #rrggbb">
        <div className={colorRow}>
          <Input
            id={`${id}-color`}
            ltr
            value={values.color}
            maxLength={7}
            style={{ width: '110px' }}
            onChange={(e) => set('color', e.target.value)}
          />
          <fieldset className={swatches} aria-label="رنگ‌های پیشنهادی">
            {LABEL_COLORS.map((c) => (
              <button
                key={c}
                type="button"
                className={swatch}
                style={{ backgroundColor: c }}
                aria-label={c}
                aria-pressed={values.color.toLowerCase() === c}
                onClick={() => set('color', c)}
              />
            ))}
          </fieldset>
          {/^#[0-9a-f]{6}$/i.test(values.color) && (
            <Chip label={{ name: values.name || 'نمونه', color: values.color }} />
          )}
        </div>
      </Field>
      <fieldset className={checkRow} aria-describedby={errors.object_types ? `${id}-types-error` : undefined}>
        <legend>موضوع‌هایی که این برچسب روی آن‌ها گذاشته می‌شود</legend>
        {LABEL_OBJECT_TYPES.map((t) => (
          <label key={t}>
            <input
              type="checkbox"
              checked={values.object_types.includes(t)}
              onChange={(e) => toggleType(t, e.target.checked)}
            />{' '}
            {LABEL_OBJECT_TYPE_TITLES[t]}
          </label>
        ))}
        {errors.object_types && (
          <span id={`${id}-types-error`} role="alert" className={css({ color: 'danger', fontSize: '12px' })}>
            {errors.object_types[0]}
          </span>
        )}
      </fieldset>
    </FormDialog>
  );
}
