import { LABEL_OBJECT_TYPE_TITLES, LABEL_OBJECT_TYPES } from '~/contract/label-codes.ts';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { FilterDef } from '~/ui/data-table/types.ts';

/** The /label-list filters and URL schema (imported by the route file: keep it small). */
export const labelFilters: readonly FilterDef[] = [
  {
    key: 'type',
    field: 'object_type',
    kind: 'enum',
    label: 'نوع موضوع',
    options: LABEL_OBJECT_TYPES.map((v) => ({ value: v, label: LABEL_OBJECT_TYPE_TITLES[v] })),
  },
];

export const labelListSearch = listSearchSchema(labelFilters);
