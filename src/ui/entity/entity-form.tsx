import { css } from 'styled-system/css';
import type { ZodType } from 'zod';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { inputSchema } from '~/contract/entity-input.ts';
import { jalaliOfIso } from '~/domain/jalali.ts';
import { toAsciiDigits, toPersianDigits } from '~/domain/persian-text.ts';
import { useForm } from '../form/use-form.ts';
import { FormDialog } from '../managed-list.tsx';
import { FieldControl } from './field-control.tsx';

type Values = Record<string, unknown>;

/** The fields the form edits, in the form's order (`form.order` first, then the description's). */
export function formFields(entity: { fields: Record<string, EntityField> }): [string, EntityField][] {
  const edited = Object.entries(entity.fields).filter(([, f]) => f.form);
  const at = (f: EntityField, i: number) => f.form?.order ?? edited.length + i;
  return edited
    .map((e, i) => [e, at(e[1], i)] as const)
    .sort((a, b) => a[1] - b[1])
    .map(([e]) => e);
}

/** An int as typed: Persian digits, in the field's `scale` (bytes as megabytes, two decimals). */
function typedInt(f: EntityField, v: number): string {
  const scale = f.form?.scale ?? 1;
  return toPersianDigits(String(Math.round((v / scale) * 100) / 100));
}

/**
 * The form's starting values: the row's (or the field's `initial`, or empty) for every field the
 * form edits, as typed: dates Jalali, ints in Persian digits (a month as its option's code), a
 * picked record with its name (`shownAs`).
 */
function initialOf(
  entity: { fields: Record<string, EntityField> },
  row: Values | null,
  extra: Values,
): Values {
  const out: Values = {};
  for (const [name, f] of Object.entries(entity.fields)) {
    if (!f.form) continue;
    const v = row ? row[name] : (extra[name] ?? f.form.initial);
    if (f.picker)
      out[name] = v
        ? { id: Number(v), name: String(row?.[f.shownAs ?? name] ?? ''), national_id: null }
        : null;
    else if (f.type === 'bool') out[name] = !!v;
    else if (f.many) out[name] = [...((v as string[] | undefined) ?? [])];
    else if (v === null || v === undefined) out[name] = '';
    else if (f.type === 'date') out[name] = toPersianDigits(jalaliOfIso(String(v)) ?? '');
    else out[name] = f.type === 'int' && f.format !== 'month' ? typedInt(f, Number(v)) : String(v);
  }
  return out;
}

/** The typed values as the input schema reads them: empty optional fields null, digits ASCII, scaled ints whole. */
function prepareOf(entity: { fields: Record<string, EntityField> }) {
  return (values: Values): Values => {
    const out: Values = {};
    for (const [name, v] of Object.entries(values)) {
      const f = entity.fields[name]!;
      // a picked record is sent as its id
      if (f.picker) out[name] = (v as { id: number } | null)?.id ?? null;
      else if (typeof v !== 'string') out[name] = v;
      else if (f.form?.scale)
        // NaN when not a number, which the schema refuses.
        out[name] = Math.round(Number(toAsciiDigits(v).replace('٫', '.').trim() || 'x') * f.form.scale);
      else if (v === '' && !f.form?.required) out[name] = null;
      else out[name] = f.type === 'text' ? v : toAsciiDigits(v).trim();
    }
    return out;
  };
}

/** The two-column layout (`columns: 2`): a field with `form.wide` spans both. */
const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
  gap: '3',
  '& > [data-wide]': { gridColumn: '1 / -1' },
});

/**
 * The create/edit dialog of an entity's row, for every entity with a dialog (the managed lists,
 * the company reports): a control for every field with `form` (ui/entity/field-control.tsx; in
 * the form's order, the first focused), checked with the entity's input schema
 * (contract/entity-input.ts inputSchema, or `schema` when the entity's messages are its own) and
 * saved by `save`; the server's 422 messages land under their fields and a 409 (edited
 * elsewhere) above the buttons (useForm). A new row starts from each field's `form.initial`,
 * overridden by `initial`. `columns: 2` lays the fields out in two columns.
 */
export function EntityFormDialog<F extends Record<string, EntityField>, Row extends Values>({
  entity,
  row,
  schema,
  initial = {},
  title: ownTitle,
  columns = 1,
  save,
  onClose,
  onSaved,
}: {
  entity: EntityDescription<F>;
  /** The row edited, or null for a new one. */
  row: Row | null;
  /** The body's schema when it is the entity's own (default: inputSchema(entity)). */
  schema?: ZodType;
  /** A new row's values computed on the screen (the next `order`). */
  initial?: Values;
  /** The dialog's title when not «‹title› تازه» / «ویرایش ‹title› «‹name›»». */
  title?: string;
  columns?: 1 | 2;
  save(body: Values): Promise<unknown>;
  onClose(): void;
  onSaved(): void;
}) {
  const form = useForm({
    initial: initialOf(entity, row, initial),
    schema: schema ?? inputSchema(entity),
    prepare: prepareOf(entity),
    save: (body) => save(body as Values),
    onSaved,
  });
  const named = entity.nameInTitles !== false;
  const title =
    ownTitle ??
    (row
      ? named
        ? `ویرایش ${entity.title} «${String(row[entity.display])}»`
        : `ویرایش ${entity.title}`
      : `${entity.title} تازه`);
  const controls = formFields(entity).map(([name, f], i) => {
    const control = (
      <FieldControl
        key={name}
        name={name}
        field={f}
        value={form.values[name]}
        error={form.error(name)}
        autoFocus={i === 0}
        preview={String(form.values[entity.display] ?? '')}
        onChange={(v) => form.set(name, v)}
      />
    );
    return columns === 2 ? (
      <div key={name} data-wide={f.form?.wide ? '' : undefined}>
        {control}
      </div>
    ) : (
      control
    );
  });
  return (
    <FormDialog
      open
      title={title}
      busy={form.busy}
      error={form.errors._?.[0]}
      onClose={onClose}
      onSubmit={(e) => void form.submit(e)}
    >
      {columns === 2 ? <div className={grid}>{controls}</div> : controls}
    </FormDialog>
  );
}
