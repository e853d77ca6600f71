import { z } from 'zod';
import { type EntityDescription, type EntityField, valueSchema } from './entity.ts';
import { optionalText, persianText } from './fields.ts';
import { MAX_ID, pickedId } from './ids.ts';

/** The body's shape: a field the form edits, with its own `input` schema's type where it has one. */
type InputShape<F extends Record<string, EntityField>> = {
  [K in keyof F as F[K]['form'] extends object ? K : never]: F[K]['input'] extends z.ZodType
    ? F[K]['input']
    : z.ZodType<unknown>;
};

/**
 * The schema of the body that creates or updates a row: the fields the form edits. Text is
 * normalised Persian (contract/fields.ts), capped at `max`; a required field refuses empty; a
 * ref is a picked id. A field's own `input` schema replaces all of this.
 */
export function inputSchema<F extends Record<string, EntityField>>(e: EntityDescription<F>) {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, f] of Object.entries(e.fields)) {
    if (!f.form) continue;
    if (f.input) {
      shape[k] = f.input;
      continue;
    }
    let s: z.ZodType;
    if (f.type === 'text') s = f.form.required ? persianText(f.label, f.max) : optionalText(f.label, f.max);
    else if (f.type === 'ref') s = pickedId(`${f.label} را برگزینید`);
    else if (f.type === 'int')
      s = z.coerce
        .number({ error: `${f.label} عدد نیست` })
        .int(`${f.label} عدد صحیح نیست`)
        .max(MAX_ID);
    else s = valueSchema(f);
    shape[k] = f.nullable && !f.form.required && f.type !== 'text' ? s.nullable().optional() : s;
  }
  return z.object(shape).meta({ title: `${e.name}Input` }) as unknown as z.ZodObject<InputShape<F>>;
}
