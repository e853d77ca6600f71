import { legalPersonEntity } from '~/contract/legal-person.ts';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { FilterDef } from '~/ui/data-table/types.ts';
import { entityFilters } from '~/ui/entity/filters.ts';

/** The all-persons lists' filters and URL schemas (imported by the route files: keep it small). */

/** The legal person's own kind and listed filters (URL `kind`, `listed`), as its list offers them. */
export const allLegalFilters: readonly FilterDef[] = entityFilters(legalPersonEntity).filter(
  (f) => f.key === 'kind' || f.key === 'listed',
);
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
