import { z } from 'zod';
import { DRAFT_STATUS_TITLES, DRAFT_STATUSES } from '~/contract/structure.ts';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { FilterDef, ListSearch } from '~/ui/data-table/types.ts';

/**
 * The URL of /person/corporate-structure-modification (imported by the route file: keep it
 * small): the drafts list's view (q, sort, `status`) and `draft`, the draft open in the editor
 * (its id, or `new`); without `draft` the screen is the list.
 */
export const draftFilters: readonly FilterDef[] = [
  {
    key: 'status',
    kind: 'enum',
    label: 'وضعیت',
    options: DRAFT_STATUSES.map((s) => ({ value: s, label: DRAFT_STATUS_TITLES[s] })),
  },
];

const listSearch = listSearchSchema(draftFilters);
const draftParam = z
  .union([z.literal('new'), z.coerce.number().int().positive().max(2_147_483_647)])
  .optional()
  .catch(undefined);

export type StructureSearch = ListSearch & { draft?: number | 'new' };

/** The route's `validateSearch`: a malformed value is dropped, so a stale link still opens. */
export function structureSearch(raw: Record<string, unknown>): StructureSearch {
  const draft = draftParam.parse(raw.draft);
  return { ...listSearch.parse(raw), ...(draft === undefined ? {} : { draft }) };
}
