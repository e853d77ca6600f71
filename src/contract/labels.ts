import { z } from 'zod';
import { positiveId } from './fields.ts';
import { deletedAnswer } from './ids.ts';

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

import { rowSchema } from './entity.ts';
import { inputSchema } from './entity-input.ts';
import { LABEL_OBJECT_TYPES } from './label-codes.ts';
import { labelEntity } from './label-entity.ts';

/** Body of create and update: the description's form fields (contract/label-entity.ts). */
export const labelInput = inputSchema(labelEntity);
export type LabelInput = z.input<typeof labelInput>;

/** A label as a row of a persons list carries it: `labels: LabelChip[]`, by name. */
export const labelChip = z.object({ id: z.number().int(), name: z.string(), color: z.string() });
export type LabelChip = z.infer<typeof labelChip>;

/** A label as the API answers it (the description's row); timestamps ISO 8601 UTC. */
export const label = rowSchema(labelEntity);
export type Label = z.infer<typeof label>;

/** A list row with its labels (the persons lists add `labels` to their rows). */
export type Labelled<T> = T & { labels?: LabelChip[] };

/** The schema of a list row with its labels, as the persons lists answer it. */
export const labelled = <T extends z.ZodObject>(row: T) => row.extend({ labels: z.array(labelChip) });

/** DELETE /api/labels/:id answer: `{ deleted: true, unlinked }` (links to records removed with it). */
export const labelDeleted = deletedAnswer.extend({ unlinked: z.number().int() });

export const labelIdParams = z.object({ id: positiveId });

/** Query of GET /api/labels/items. */
export const labelItemsQuery = z.looseObject({
  object_type: z.enum(LABEL_OBJECT_TYPES, { error: 'نوع موضوع نامعتبر است' }).optional(),
});
