import { useQuery } from '@tanstack/react-query';
import type { EntityDescription, EntityField } from '~/contract/entity.ts';
import { inputSchema } from '~/contract/entity-input.ts';
import { toAsciiDigits } from '~/domain/persian-text.ts';
import { OPTION_LOADERS, optionKey } from '~/lib/options.ts';
import { CheckField, SelectField, TextField } from '../form/fields.tsx';
import { useForm } from '../form/use-form.ts';
import { JalaliField } from '../jalali-input.tsx';
import { FormDialog } from '../managed-list.tsx';

type Values = Record<string, unknown>;

/** The form's starting values: the row's (or empty) for every field the form edits. */
function initialOf(entity: { fields: Record<string, EntityField> }, row: Values | null): Values {
  const out: Values = {};
  for (const [name, f] of Object.entries(entity.fields)) {
    if (!f.form) continue;
    const v = row?.[name];
    out[name] = f.type === 'bool' ? !!v : v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/** The typed values as the input schema reads them: empty optional fields null, digits ASCII. */
function prepareOf(entity: { fields: Record<string, EntityField> }) {
  return (values: Values): Values => {
    const out: Values = {};
    for (const [name, v] of Object.entries(values)) {
      const f = entity.fields[name]!;
      if (typeof v !== 'string') out[name] = v;
      else if (v === '' && !f.form?.required) out[name] = null;
      else out[name] = f.type === 'text' ? v : toAsciiDigits(v);
    }
    return out;
  };
}

/** One control for field `name`, by its type. */
function Control({
  name,
  field: f,
  value,
  error,
  onChange,
}: {
  name: string;
  field: EntityField;
  value: unknown;
  error?: string;
  onChange(v: unknown): void;
}) {
  const options = useQuery({
    queryKey: optionKey(f.optionsFrom ?? 'provinces'),
    queryFn: OPTION_LOADERS[f.optionsFrom ?? 'provinces'],
    enabled: !!f.optionsFrom,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const common = { label: f.label, name, error, required: f.form?.required };
  if (f.type === 'bool')
    return <CheckField label={f.label} name={name} checked={!!value} onChange={onChange} />;
  if (f.type === 'date') return <JalaliField {...common} value={String(value)} onChange={onChange} />;
  if (f.type === 'enum' || f.type === 'ref') {
    const list = f.optionsFrom
      ? (options.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))
      : (f.options ?? []).map((v) => ({ value: v, label: f.optionLabels?.[v] ?? v }));
    return <SelectField {...common} value={String(value)} onChange={onChange} options={list} />;
  }
  const numeric = f.type === 'int' || f.type === 'amount';
  return (
    <TextField
      {...common}
      value={String(value)}
      onChange={onChange}
      ltr={numeric}
      inputMode={numeric ? 'numeric' : undefined}
      maxLength={f.max}
    />
  );
}

/**
 * The create/edit dialog of an entity's row: a control for every field with `form`, checked with
 * the entity's input schema (contract/entity.ts inputSchema) and saved by `save`; the server's
 * 422 messages land under their fields (useForm).
 */
export function EntityFormDialog<F extends Record<string, EntityField>, Row extends Values>({
  entity,
  row,
  save,
  onClose,
  onSaved,
}: {
  entity: EntityDescription<F>;
  /** The row edited, or null for a new one. */
  row: Row | null;
  save(body: Values): Promise<unknown>;
  onClose(): void;
  onSaved(): void;
}) {
  const form = useForm({
    initial: initialOf(entity, row),
    schema: inputSchema(entity),
    prepare: prepareOf(entity),
    save: (body) => save(body as Values),
    onSaved,
  });
  const title = row ? `ویرایش ${entity.title} «${String(row[entity.display])}»` : `${entity.title} تازه`;
  return (
    <FormDialog
      open
      title={title}
      busy={form.busy}
      error={form.errors._?.[0]}
      onClose={onClose}
      onSubmit={(e) => void form.submit(e)}
    >
      {Object.entries(entity.fields)
        .filter(([, f]) => f.form)
        .map(([name, f]) => (
          <Control
            key={name}
            name={name}
            field={f}
            value={form.values[name]}
            error={form.error(name)}
            onChange={(v) => form.set(name, v)}
          />
        ))}
    </FormDialog>
  );
}
