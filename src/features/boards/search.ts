import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { FilterDef } from '~/ui/data-table/types.ts';

/** The boards list's filters and URL schema (imported by the route file: keep it small). */
export const boardFilters: readonly FilterDef[] = [
  {
    key: 'current',
    field: 'is_current',
    kind: 'boolean',
    label: 'دوره',
    trueLabel: 'دوره جاری',
    falseLabel: 'دوره‌های پایان‌یافته',
  },
  {
    key: 'approved',
    field: 'approved_by_assembly',
    kind: 'boolean',
    label: 'تصویب مجمع',
    trueLabel: 'مصوب مجمع',
    falseLabel: 'بدون تصویب',
  },
  { key: 'company_name', kind: 'text', label: 'نام شرکت', builderOnly: true },
  { key: 'term_start', kind: 'date', label: 'آغاز دوره', builderOnly: true },
  { key: 'term_end', kind: 'date', label: 'پایان دوره', builderOnly: true },
];

export const boardsSearch = listSearchSchema(boardFilters);
