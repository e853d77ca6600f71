import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { FilterDef } from '~/ui/data-table/types.ts';

/** The users list's filter and its URL schema. */
export const userFilters: readonly FilterDef[] = [
  {
    key: 'status',
    kind: 'enum',
    label: 'وضعیت',
    options: [
      { value: 'waiting', label: 'در انتظار تأیید' },
      { value: 'active', label: 'فعال' },
      { value: 'deactivated', label: 'غیرفعال' },
    ],
  },
];

export const usersSearch = listSearchSchema(userFilters);

/** The roles list has only the search box (matched in the browser: the list is short). */
export const rolesSearch = listSearchSchema([]);
