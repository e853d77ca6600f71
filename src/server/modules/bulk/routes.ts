import { bulkAnswer, bulkInput, bulkOperationParams } from '../../../contract/bulk.ts';
import { defineMutation } from '../../http/mutation.ts';
import { BULK_PERMISSION, type BulkEntity, runBulk, undoBulk } from './service.ts';

/**
 * Bulk actions on the persons lists and their undo (contract/bulk.ts has the shapes). Each call
 * is one transaction (defineMutation): everything or nothing, with one audit row per affected
 * record (written as one batch).
 */

const bulkRoute = (entity: BulkEntity, path: string, noun: string) =>
  /**
   * POST {path} — `bulkInput` → `{ operation: BulkOperation }`. `ids` or `all` (the list's query:
   * q, advanceFilter JSON, plain filters; at most BULK_CAP = 100,000 rows, else 422 on `all`).
   * 422: no selection / both, `labelId` missing for label and unlabel, unknown label, a label that
   * does not apply to this record type (label only). 404 when none of `ids` is a live record.
   */
  defineMutation({
    method: 'post',
    path,
    permission: BULK_PERMISSION[entity],
    summary: `${noun}: label, unlabel or soft-delete a selection (undoable for 10 s)`,
    tags: ['persons', 'bulk'],
    body: bulkInput,
    response: bulkAnswer,
    handler: ({ db, deps, body, session }) => runBulk(db, { entity, ...body }, session, deps.now()),
  });

export const bulkRoutes = [
  bulkRoute('legal_person', '/api/person/legal-persons/bulk', 'Legal persons'),
  bulkRoute('true_person', '/api/person/true-persons/bulk', 'True persons'),
  /**
   * POST /api/bulk-operations/:id/undo (any role; only the operation's author, while their role
   * holds the permission the action needed) → `{ operation: BulkOperation }` with `undone_at` set.
   * 403 another user's or without that permission; 404 unknown; 409
   * already undone (or its label deleted since); 410 more than 10 s (UNDO_WINDOW_MS) after it ran.
   */
  defineMutation({
    method: 'post',
    path: '/api/bulk-operations/:id/undo',
    permission: 'role',
    summary: 'Undo a bulk action within 10 seconds (its author only)',
    tags: ['bulk'],
    params: bulkOperationParams,
    response: bulkAnswer,
    handler: ({ db, deps, params, session }) => undoBulk(db, params.id, session, deps.now()),
  }),
];
