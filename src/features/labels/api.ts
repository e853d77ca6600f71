import type { Label, LabelInput } from '~/contract/labels.ts';
import type { ListPage } from '~/contract/list.ts';
import { api } from '~/lib/http.ts';
import { toRequestQuery } from '~/ui/data-table/search-params.ts';
import type { ListParams } from '~/ui/data-table/types.ts';

/** The labels managed list's calls (shapes in contract/labels.ts); the label options every list uses are in lib/labels.ts. */

/** GET /api/labels: one page of the managed list. */
export function fetchLabelPage(params: ListParams, signal: AbortSignal) {
  return api<ListPage<Label>>('/api/labels', { query: toRequestQuery(params), signal, quiet: true });
}

/** POST /api/labels; 422 fields come back as ApiError.fields (quiet: the form shows them). */
export const createLabel = (body: LabelInput) =>
  api<Label>('/api/labels', { method: 'POST', body, quiet: true });

/** PUT /api/labels/:id. */
export const updateLabel = (id: number, body: LabelInput) =>
  api<Label>(`/api/labels/${id}`, { method: 'PUT', body, quiet: true });

/** DELETE /api/labels/:id: the label and its links to records. */
export const deleteLabel = (id: number) =>
  api<{ deleted: true; unlinked: number }>(`/api/labels/${id}`, { method: 'DELETE' });
