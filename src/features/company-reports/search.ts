import { CODAL_KINDS, MINUTES_KIND_LABELS, MINUTES_KINDS } from '~/contract/company-report-codes.ts';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { FilterDef } from '~/ui/data-table/types.ts';
import { codalCompanyOptions, minutesCompanyOptions, reportKeys } from './api.ts';

/**
 * The Codal and minutes lists' filters and URL schemas, apart from the screens so the route
 * files (in the main bundle) pull in only this and zod.
 */

export const codalFilters: readonly FilterDef[] = [
  {
    key: 'company',
    field: 'legal_person_id',
    kind: 'enum',
    label: 'شرکت',
    loadOptions: codalCompanyOptions,
    optionsKey: reportKeys.codalCompanies,
  },
  {
    key: 'kind',
    kind: 'enum',
    label: 'نوع اطلاعیه',
    options: CODAL_KINDS.map((k) => ({ value: k, label: k })),
  },
  // Date range: the filter builder (Shift+F) with ≥ and ≤ on the publish day.
  { key: 'published_date', kind: 'date', label: 'تاریخ انتشار', builderOnly: true },
  { key: 'title', kind: 'text', label: 'عنوان', builderOnly: true },
  { key: 'ticker', kind: 'text', label: 'نماد', op: 'eq', builderOnly: true },
];
export const codalSearch = listSearchSchema(codalFilters);

export const minutesFilters: readonly FilterDef[] = [
  {
    key: 'company',
    field: 'legal_person_id',
    kind: 'enum',
    label: 'شرکت',
    loadOptions: minutesCompanyOptions,
    optionsKey: reportKeys.minutesCompanies,
  },
  {
    key: 'kind',
    kind: 'enum',
    label: 'نوع جلسه',
    options: MINUTES_KINDS.map((k) => ({ value: k, label: MINUTES_KIND_LABELS[k]! })),
  },
  { key: 'meeting_date', kind: 'date', label: 'تاریخ جلسه', builderOnly: true },
  { key: 'follow_up_date', kind: 'date', label: 'تاریخ پیگیری', builderOnly: true },
  { key: 'title', kind: 'text', label: 'عنوان', builderOnly: true },
];
export const minutesSearch = listSearchSchema(minutesFilters);
