import type { BulkAction, BulkInput, BulkOperation } from '~/contract/bulk.ts';
import { api } from '~/lib/http.ts';

/** The persons lists' bulk calls (shapes in contract/bulk.ts). */

/** The persons kinds bulk actions apply to, and their paths. */
export const BULK_PATHS = {
  legal_person: '/api/person/legal-persons/bulk',
  true_person: '/api/person/true-persons/bulk',
} as const;

/** POST /api/person/{legal|true}-persons/bulk: one bulk action (failures are toasted). */
export const runBulk = (type: keyof typeof BULK_PATHS, body: BulkInput & { action: BulkAction }) =>
  api<{ operation: BulkOperation }>(BULK_PATHS[type], { method: 'POST', body });

/** POST /api/bulk-operations/:id/undo (failures — 409, 410 — are toasted). */
export const undoBulk = (id: string) =>
  api<{ operation: BulkOperation }>(`/api/bulk-operations/${id}/undo`, { method: 'POST' });
