import { LEGAL_KIND_LABELS, LEGAL_KINDS } from '~/contract/persons.ts';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { FilterDef } from '~/ui/data-table/types.ts';

/** The all-persons lists' filters and URL schemas (imported by the route files: keep it small). */

export const allLegalFilters: readonly FilterDef[] = [
  {
    key: 'kind',
    kind: 'enum',
    label: 'نوع',
    options: LEGAL_KINDS.map((v) => ({ value: v, label: LEGAL_KIND_LABELS[v]! })),
  },
  {
    key: 'listed',
    field: 'is_listed',
    kind: 'boolean',
    label: 'بورسی',
    trueLabel: 'بورسی',
    falseLabel: 'غیربورسی',
  },
];
export const allLegalSearch = listSearchSchema(allLegalFilters);

export const allPersonsFilters: readonly FilterDef[] = [
  {
    key: 'type',
    kind: 'enum',
    label: 'نوع شخص',
    options: [
      { value: 'legal', label: 'حقوقی' },
      { value: 'true', label: 'حقیقی' },
    ],
  },
];
export const allPersonsSearch = listSearchSchema(allPersonsFilters);
