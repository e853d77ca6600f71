import type { ZodType } from 'zod';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { inputSchema } from '~/contract/entity-input.ts';
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

/** The form's starting values: the row's (or the field's `initial`, or empty) for every field the form edits. */
function initialOf(
  entity: { fields: Record<string, EntityField> },
  row: Values | null,
  extra: Values,
): Values {
  const out: Values = {};
  for (const [name, f] of Object.entries(entity.fields)) {
    if (!f.form) continue;
    const v = row ? row[name] : (extra[name] ?? f.form.initial);
    if (f.type === 'bool') out[name] = !!v;
    else if (f.many) out[name] = [...((v as string[] | undefined) ?? [])];
    else if (v === null || v === undefined) out[name] = '';
    else out[name] = f.type === 'int' ? typedInt(f, Number(v)) : String(v);
  }
  return out;
}

/** The typed values as the input schema reads them: empty optional fields null, digits ASCII, scaled ints whole. */
function prepareOf(entity: { fields: Record<string, EntityField> }) {
  return (values: Values): Values => {
    const out: Values = {};
    for (const [name, v] of Object.entries(values)) {
      const f = entity.fields[name]!;
      if (typeof v !== 'string') out[name] = v;
      else if (f.form?.scale)
        // NaN when not a number, which the schema refuses.
        out[name] = Math.round(Number(toAsciiDigits(v).replace('٫', '.').trim() || 'x') * f.form.scale);
      else if (v === '' && !f.form?.required) out[name] = null;
      else out[name] = f.type === 'text' ? v : toAsciiDigits(v).trim();
    }
    return out;
  };
}

/**
 * The create/edit dialog of an entity's row: a control for every field with `form` (in the form's
 * order, the first focused), checked with the entity's input schema (contract/entity-input.ts
 * inputSchema, or `schema` when the entity's messages are its own) and saved by `save`; the
 * server's 422 messages land under their fields (useForm). A new row starts from each field's
 * `form.initial`, overridden by `initial`.
 */
export function EntityFormDialog<F extends Record<string, EntityField>, Row extends Values>({
  entity,
  row,
  schema,
  initial = {},
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
  const title = row
    ? named
      ? `ویرایش ${entity.title} «${String(row[entity.display])}»`
      : `ویرایش ${entity.title}`
    : `${entity.title} تازه`;
  return (
    <FormDialog
      open
      title={title}
      busy={form.busy}
      error={form.errors._?.[0]}
      onClose={onClose}
      onSubmit={(e) => void form.submit(e)}
    >
      {formFields(entity).map(([name, f], i) => (
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
      ))}
    </FormDialog>
  );
}
