import type { BulkAction, BulkInput, BulkOperation } from '~/contract/bulk.ts';
import type { Label, LabelInput, LabelObjectType } from '~/contract/labels.ts';
import type { ListPage } from '~/contract/list.ts';
import { api } from '~/lib/http.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { EnumOption, ListParams } from '~/ui/data-table/types.ts';

/** The labels calls and the persons lists' bulk calls (shapes in contract/labels.ts, contract/bulk.ts). */

export const labelKeys = {
  list: ['labels', 'list'] as const,
  items: (type?: LabelObjectType) => ['labels', 'items', type ?? 'all'] as const,
  /** The persons lists' `label` filter options (EnumOption[], not Label[]: a key of their own). */
  options: (type: LabelObjectType) => ['labels', 'options', type] as const,
  all: ['labels'] as const,
};

/** GET /api/labels: one page of the managed list. */
export function fetchLabelPage(params: ListParams, signal: AbortSignal) {
  return api<ListPage<Label>>('/api/labels', { query: toRequestQuery(params), signal, quiet: true });
}

/** GET /api/labels/items: every label (that applies to `type`), by name. */
export function fetchLabelItems(type?: LabelObjectType, signal?: AbortSignal) {
  return api<Label[]>('/api/labels/items', { query: { object_type: type }, signal });
}

/** The labels of `type` as options of the persons lists' `label` filter. */
export const labelOptions = (type: LabelObjectType) => async (): Promise<EnumOption[]> =>
  (await fetchLabelItems(type)).map((l) => ({ value: l.id, label: l.name }));

/** POST /api/labels; 422 fields come back as ApiError.fields (quiet: the form shows them). */
export const createLabel = (body: LabelInput) =>
  api<Label>('/api/labels', { method: 'POST', body, quiet: true });

/** PUT /api/labels/:id. */
export const updateLabel = (id: number, body: LabelInput) =>
  api<Label>(`/api/labels/${id}`, { method: 'PUT', body, quiet: true });

/** DELETE /api/labels/:id: the label and its links to records. */
export const deleteLabel = (id: number) =>
  api<{ deleted: true; unlinked: number }>(`/api/labels/${id}`, { method: 'DELETE' });

/** The persons kinds bulk actions apply to, and their paths. */
export const BULK_PATHS = {
  legal_person: '/api/person/legal-persons/bulk',
  true_person: '/api/person/true-persons/bulk',
} as const;

/** POST /api/person/{legal|true}-persons/bulk: one bulk action (failures are toasted). */
export const runBulk = (type: LabelObjectType, body: BulkInput & { action: BulkAction }) =>
  api<{ operation: BulkOperation }>(BULK_PATHS[type], { method: 'POST', body });

/** POST /api/bulk-operations/:id/undo (failures — 409, 410 — are toasted). */
export const undoBulk = (id: string) =>
  api<{ operation: BulkOperation }>(`/api/bulk-operations/${id}/undo`, { method: 'POST' });
