import type { Label, LabelObjectType } from '~/contract/labels.ts';
import type { EnumOption } from '~/ui/data-table/types.ts';
import { api } from './http.ts';

/**
 * Labels as reference data every list may use (a filter's options, a bulk label dialog's
 * choices); the managed list itself is the labels feature's. Shapes: src/contract/labels.ts.
 */

export const labelKeys = {
  list: ['labels', 'list'] as const,
  items: (type?: LabelObjectType) => ['labels', 'items', type ?? 'all'] as const,
  /** The persons lists' `label` filter options (EnumOption[], not Label[]: a key of their own). */
  options: (type: LabelObjectType) => ['labels', 'options', type] as const,
  all: ['labels'] as const,
};

/** GET /api/labels/items: every label (that applies to `type`), by name. */
export function fetchLabelItems(type?: LabelObjectType, signal?: AbortSignal) {
  return api<Label[]>('/api/labels/items', { query: { object_type: type }, signal });
}

/** The labels of `type` as options of the persons lists' `label` filter. */
export const labelOptions = (type: LabelObjectType) => async (): Promise<EnumOption[]> =>
  (await fetchLabelItems(type)).map((l) => ({ value: l.id, label: l.name }));
