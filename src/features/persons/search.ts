import { LEGAL_STATUS_LABELS, LEGAL_STATUSES } from '~/contract/persons.ts';
import { labelKeys, labelOptions } from '~/lib/labels.ts';
import { fetchIndustryOptions, legalKindFilter, listedFilter, personKeys } from '~/lib/records.ts';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { FilterDef } from '~/ui/data-table/types.ts';

/**
 * The persons lists' filters and their URL schemas. Kept apart from the screens so the route
 * files (in the main bundle) pull in only this and zod, not the screens.
 */

/** Ownership types are stored in Persian (GLOSSARY). */
export const OWNERSHIP_TYPES = ['دولتی', 'شبه‌دولتی', 'عمومی غیردولتی', 'خصوصی'] as const;

export const legalPersonFilters: readonly FilterDef[] = [
  {
    key: 'status',
    kind: 'enum',
    label: 'وضعیت',
    options: LEGAL_STATUSES.map((v) => ({ value: v, label: LEGAL_STATUS_LABELS[v]! })),
  },
  legalKindFilter,
  {
    key: 'ownership',
    field: 'ownership_type',
    kind: 'enum',
    label: 'نوع مالکیت',
    options: OWNERSHIP_TYPES.map((v) => ({ value: v, label: v })),
  },
  listedFilter,
  {
    key: 'industry',
    field: 'industry_id',
    kind: 'enum',
    label: 'صنعت',
    loadOptions: fetchIndustryOptions,
    optionsKey: personKeys.industries,
  },
  {
    key: 'label',
    kind: 'enum',
    label: 'برچسب',
    loadOptions: labelOptions('legal_person'),
    optionsKey: labelKeys.options('legal_person'),
  },
  // Offered in the filter builder (Shift+F) only.
  { key: 'name', kind: 'text', label: 'نام', builderOnly: true },
  { key: 'national_id', kind: 'text', label: 'شناسه ملی', op: 'eq', builderOnly: true },
  { key: 'ticker', kind: 'text', label: 'نماد', builderOnly: true },
  { key: 'registered_capital', kind: 'number', label: 'سرمایه ثبتی (ریال)', builderOnly: true },
  { key: 'employees', kind: 'number', label: 'شمار کارکنان', builderOnly: true },
];

export const legalPersonsSearch = listSearchSchema(legalPersonFilters);

export const GENDER_LABELS: Record<string, string> = { male: 'مرد', female: 'زن' };
export const EDUCATION_LEVELS = ['دیپلم', 'کاردانی', 'کارشناسی', 'کارشناسی ارشد', 'دکتری'] as const;

export const truePersonFilters: readonly FilterDef[] = [
  {
    key: 'gender',
    kind: 'enum',
    label: 'جنسیت',
    options: Object.entries(GENDER_LABELS).map(([value, label]) => ({ value, label })),
  },
  {
    key: 'education',
    field: 'education_level',
    kind: 'enum',
    label: 'تحصیلات',
    options: EDUCATION_LEVELS.map((v) => ({ value: v, label: v })),
  },
  { key: 'field', field: 'field_of_study', kind: 'text', label: 'رشته تحصیلی' },
  {
    key: 'label',
    kind: 'enum',
    label: 'برچسب',
    loadOptions: labelOptions('true_person'),
    optionsKey: labelKeys.options('true_person'),
  },
  { key: 'first_name', kind: 'text', label: 'نام', builderOnly: true },
  { key: 'last_name', kind: 'text', label: 'نام خانوادگی', builderOnly: true },
  { key: 'national_code', kind: 'text', label: 'کد ملی', op: 'eq', builderOnly: true },
  { key: 'birth_date', kind: 'date', label: 'تاریخ تولد', builderOnly: true },
];

export const truePersonsSearch = listSearchSchema(truePersonFilters);
