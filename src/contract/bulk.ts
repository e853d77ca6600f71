import { z } from 'zod';
import { MAX_ID, positiveId } from './ids.ts';

/**
 * Bulk actions on the persons lists, and their undo.
 *
 * POST /api/person/legal-persons/bulk (`person.legal.edit`) and
 * POST /api/person/true-persons/bulk (`person.true.edit`), body `BulkInput`:
 * - `action`: 'label' (set `labelId` on each record), 'unlabel' (remove it), 'delete' (soft delete);
 * - the selection: `ids` (record ids, 1..BULK_CAP) or `all` (the list's query as the list sends it:
 *   `q`, `advanceFilter` as JSON text, plain filter parameters; every record matching it, at most
 *   BULK_CAP, else 422 on `all`).
 * Answers `{ data: { operation: BulkOperation } }`. Everything runs in one transaction: a refusal
 * (422 unknown label or a label that does not apply to the record type, 404 none of the ids
 * found ...) writes nothing.
 *
 * POST /api/bulk-operations/:id/undo (signed in with a role; only the operation's author): reverts
 * it in one transaction → `{ data: { operation: BulkOperation } }` (`undone_at` set). 403 another
 * user's, 404 unknown, 409 already undone, 410 the undo window (UNDO_WINDOW_MS) has passed.
 */

/** The most records one bulk call may touch. */
export const BULK_CAP = 100_000;
/** How long after a bulk action its author may undo it, in milliseconds. */
export const UNDO_WINDOW_MS = 10_000;

export const BULK_ACTIONS = ['label', 'unlabel', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The list query of "all matching" (what the list sends for its rows, without paging). */
export const bulkAllQuery = z.looseObject({
  q: z.string().max(200).optional(),
  advanceFilter: z.string().max(8000).optional(),
});

export const bulkInput = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: 'عملیات گروهی نامعتبر است' }),
    labelId: positiveId.optional(),
    ids: z
      .array(z.number().int().positive().max(MAX_ID), { error: 'فهرست ردیف‌ها نامعتبر است' })
      .min(1, 'دست‌کم یک ردیف را انتخاب کنید')
      .max(BULK_CAP, `حداکثر ${BULK_CAP.toLocaleString('fa-IR')} ردیف در یک عملیات`)
      .optional(),
    all: bulkAllQuery.optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.ids === undefined) === (v.all === undefined))
      ctx.addIssue({
        code: 'custom',
        path: ['ids'],
        message: 'ردیف‌ها را انتخاب کنید یا «همه موارد» را بفرستید',
      });
    if (v.action !== 'delete' && v.labelId === undefined)
      ctx.addIssue({ code: 'custom', path: ['labelId'], message: 'برچسب را انتخاب کنید' });
  });
export type BulkInput = z.input<typeof bulkInput>;

/** A bulk action as stored for undo. Timestamps ISO 8601 UTC. */
export const bulkOperation = z.object({
  id: z.uuid(),
  /**
   * A persons' action (BULK_ACTIONS), a statements' move (`review`, `return`), or an issues' verb
   * (`move`, `assign`, `priority`, `label`, `unlabel`: contract/issues.ts ISSUE_BULK_VERBS).
   */
  action: z.enum([...BULK_ACTIONS, 'review', 'return', 'move', 'assign', 'priority']),
  /** 'legal_person' | 'true_person' | 'financial_statement' | 'issue'. */
  entity_type: z.string(),
  /** Records the action changed (a record that already had the label is not counted). */
  affected: z.number().int(),
  undo_until: z.string(),
  undone_at: z.string().nullable(),
});
export type BulkOperation = z.infer<typeof bulkOperation>;

/** Answer of a bulk action and of its undo: `{ operation }`. */
export const bulkAnswer = z.object({ operation: bulkOperation });

export const bulkOperationParams = z.object({ id: z.uuid('شناسه عملیات نامعتبر است') });
