import { css } from 'styled-system/css';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { inputSchema } from '~/contract/entity-input.ts';
import type { LegalPickerRow } from '~/contract/persons.ts';
import { jalaliOfIso } from '~/domain/jalali.ts';
import { toPersianDigits } from '~/domain/persian-text.ts';
import { FieldControl } from '~/ui/entity/field-control.tsx';
import { useForm } from '~/ui/form/use-form.ts';
import { FormDialog } from '~/ui/managed-list.tsx';

/**
 * The create/edit dialog of every company report, generated from its description
 * (contract/company-reports.ts): a control for each field with `form`, in the description's
 * order, in a two-column grid (`form.wide` spans both), checked with the entity's input schema and
 * then the server's 422 under the fields; a 409 (edited elsewhere) shows above the buttons. The
 * control follows the field: a `ref` is the company (searched by name, ticker or national id; the
 * row's `company` is its name), an `enum` a select, a `month` a select of Jalali months, a `plain`
 * int a Jalali year, a `quantity` a decimal in the row's unit, an `amount` rials grouped as typed,
 * a `date` Jalali; text as its `form` says.
 */

type Row = Record<string, unknown>;

const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
  gap: '3',
  '& > [data-wide]': { gridColumn: '1 / -1' },
});

const jalali = (iso: unknown) => toPersianDigits(jalaliOfIso((iso as string | null) ?? null));

/**
 * The form's starting value of a field: the row's, as typed (Jalali, Persian digits), or the
 * field's initial; the company as the picked record (its name is the row's `company`).
 */
function initialOf(f: EntityField, value: unknown, row: Row | null): unknown {
  if (f.picker) return value ? { id: Number(value), name: String(row?.company), national_id: null } : null;
  if (value === undefined) return f.form?.initial === undefined ? '' : String(f.form.initial);
  if (value === null) return '';
  if (f.type === 'date') return jalali(value);
  if (f.format === 'plain') return toPersianDigits(String(value));
  return String(value);
}

export interface ReportFormProps<F extends Record<string, EntityField>> {
  entity: EntityDescription<F>;
  /** The row edited, or null for a new one. */
  row: Row | null;
  /** The dialog's title when not «‹title› تازه» / «ویرایش ‹title›». */
  title?: string;
  save(body: object): Promise<unknown>;
  onClose(): void;
  onSaved(): void;
}

export function ReportFormDialog<F extends Record<string, EntityField>>(props: ReportFormProps<F>) {
  const { entity, row } = props;
  const fields = Object.entries(entity.fields).filter(([, f]) => f.form);
  const form = useForm({
    schema: inputSchema(entity),
    initial: Object.fromEntries(fields.map(([name, f]) => [name, initialOf(f, row?.[name], row)])),
    // the picked company is sent as its id
    prepare: (v) =>
      Object.fromEntries(
        Object.entries(v).map(([name, x]) => [
          name,
          entity.fields[name]?.picker ? String((x as LegalPickerRow | null)?.id ?? '') : x,
        ]),
      ),
    save: (data) => props.save(data as object),
    onSaved: props.onSaved,
  });
  return (
    <FormDialog
      open
      title={props.title ?? (row ? `ویرایش ${entity.title}` : `${entity.title} تازه`)}
      busy={form.busy}
      error={form.errors._?.[0]}
      onClose={props.onClose}
      onSubmit={form.submit}
    >
      <div className={grid}>
        {fields.map(([name, f]) => (
          <div key={name} data-wide={f.form?.wide ? '' : undefined}>
            <FieldControl
              name={name}
              field={f}
              value={form.values[name]}
              error={form.error(name)}
              onChange={(v) => form.set(name, v)}
            />
          </div>
        ))}
      </div>
    </FormDialog>
  );
}
