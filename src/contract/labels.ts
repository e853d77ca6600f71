import { z } from 'zod';
import { persianText, positiveId } from './fields.ts';

/**
 * Labels (برچسب): staff manage them at `/label-list` (permission `labels`) and set them on
 * records of the object types each one applies to. Shared by the server's validation and the
 * client's forms and chips.
 *
 * Calls (all under /api/labels):
 * - GET  /api/labels              (labels)  paged list: `ListPage<Label>`; q on the name; sortBy name | created_at;
 *                                           filter `object_type` (plain or advanceFilter).
 * - GET  /api/labels/items        (role)    every label for pickers and chips: `Label[]` by name;
 *                                           `?object_type=legal_person` keeps those that apply to it.
 * - POST /api/labels              (labels)  `labelInput` → `Label`; 422 per field.
 * - PUT  /api/labels/:id          (labels)  `labelInput` → `Label`; 404, 422 per field.
 * - DELETE /api/labels/:id        (labels)  → `{ deleted: true, unlinked: n }` (its links to records go with it); 404.
 */

export { LABEL_OBJECT_TYPE_TITLES, LABEL_OBJECT_TYPES, type LabelObjectType } from './label-codes.ts';

import { LABEL_OBJECT_TYPES, type LabelObjectType } from './label-codes.ts';

/** A colour as `#rrggbb` (lower case once parsed). */
export const labelColor = z
  .string({ error: 'رنگ را انتخاب کنید' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'رنگ باید به شکل #rrggbb باشد (مثلاً #2e7d32)')
  .transform((v) => v.toLowerCase());

/** Body of create and update. */
export const labelInput = z.object({
  name: persianText('نام برچسب', 40),
  color: labelColor,
  object_types: z
    .array(z.enum(LABEL_OBJECT_TYPES, { error: 'نوع موضوع نامعتبر است' }), {
      error: 'دست‌کم یک نوع موضوع را انتخاب کنید',
    })
    .min(1, 'دست‌کم یک نوع موضوع را انتخاب کنید')
    .max(LABEL_OBJECT_TYPES.length)
    .transform((v) => [...new Set(v)]),
});
export type LabelInput = z.input<typeof labelInput>;

/** A label as the API answers it; timestamps ISO 8601 UTC. */
export interface Label {
  id: number;
  name: string;
  color: string;
  object_types: LabelObjectType[];
  /** Records carrying it (list only; 0 in items). */
  uses: number;
  created_at: string;
  updated_at: string;
}

/** A label as a row of a persons list carries it: `labels: LabelChip[]`, by name. */
export interface LabelChip {
  id: number;
  name: string;
  color: string;
}

/** A list row with its labels (the persons lists add `labels` to their rows). */
export type Labelled<T> = T & { labels?: LabelChip[] };

export const labelIdParams = z.object({ id: positiveId });

/** Query of GET /api/labels/items. */
export const labelItemsQuery = z.looseObject({
  object_type: z.enum(LABEL_OBJECT_TYPES, { error: 'نوع موضوع نامعتبر است' }).optional(),
});
