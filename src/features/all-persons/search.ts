import { legalKindFilter, listedFilter } from '~/lib/records.ts';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { FilterDef } from '~/ui/data-table/types.ts';

/** The all-persons lists' filters and URL schemas (imported by the route files: keep it small). */

export const allLegalFilters: readonly FilterDef[] = [legalKindFilter, listedFilter];
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
