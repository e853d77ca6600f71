import {
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  GENDER_LABELS,
  GENDERS,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
} from '~/contract/resume-codes.ts';
import { toAsciiDigits } from '~/domain/persian-text.ts';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { FilterDef, ListSearch } from '~/ui/data-table/types.ts';

/**
 * The resume lists' filters and their URL schemas (imported by the route files: keep it small).
 *
 * DataTable's filters are one value each (a select or a text box). The ranges (years of
 * experience, board seats, submitted date) are declared as text boxes whose `field` names the
 * server field and the bound (`experience_years:gte`); `toServerFilters` turns them into the
 * `advanceFilter` conditions the server reads (numbers, and Jalali days as Tehran-time instants).
 */

export const RANGE = ':';
export type RangeKind = 'number' | 'date';
const RANGE_KINDS: Record<string, RangeKind> = {
  exp_min: 'number',
  exp_max: 'number',
  seats_min: 'number',
  from: 'date',
  to: 'date',
};

export const resumeFilters: readonly FilterDef[] = [
  {
    key: 'status',
    field: 'review_status',
    kind: 'enum',
    label: 'وضعیت بررسی',
    options: REVIEW_STATUSES.map((v) => ({ value: v, label: REVIEW_STATUS_LABELS[v] })),
  },
  { key: 'ncode', field: 'national_code', kind: 'text', op: 'eq', label: 'کد ملی' },
  {
    key: 'level',
    field: 'education_level',
    kind: 'enum',
    label: 'بالاترین مدرک',
    options: EDUCATION_LEVELS.map((v) => ({ value: v, label: EDUCATION_LEVEL_LABELS[v] })),
  },
  { key: 'field', kind: 'text', label: 'رشته' },
  { key: 'exp_min', field: `experience_years${RANGE}gte`, kind: 'text', op: 'eq', label: 'سابقه از (سال)' },
  { key: 'exp_max', field: `experience_years${RANGE}lte`, kind: 'text', op: 'eq', label: 'سابقه تا (سال)' },
  { key: 'seats_min', field: `board_seats${RANGE}gte`, kind: 'text', op: 'eq', label: 'کرسی هیئت مدیره از' },
  { key: 'from', field: `submitted_at${RANGE}gte`, kind: 'text', op: 'eq', label: 'ارسال از (شمسی)' },
  { key: 'to', field: `submitted_at${RANGE}lte`, kind: 'text', op: 'eq', label: 'ارسال تا (شمسی)' },
  {
    key: 'gender',
    kind: 'enum',
    label: 'جنسیت',
    options: GENDERS.map((v) => ({ value: v, label: GENDER_LABELS[v] })),
  },
];

/** A typed number of years or seats (Persian digits too), or null. */
export function parseAmount(value: unknown): number | null {
  const s = toAsciiDigits(String(value ?? ''))
    .trim()
    .replace('٫', '.');
  if (!/^\d{1,3}(\.\d)?$/.test(s)) return null;
  return Number(s);
}

/** Whether a typed range value has the right shape: a number, or a Jalali day `1405/09/02`. */
function rangeShape(kind: RangeKind, value: unknown): boolean {
  if (kind === 'number') return parseAmount(value) !== null;
  return /^\d{4}\/\d{1,2}\/\d{1,2}$/.test(toAsciiDigits(String(value ?? '')).trim());
}

const baseSchema = listSearchSchema(resumeFilters);

/**
 * The list's `validateSearch`: the shared schema, then range values that are not a number or
 * a Jalali-looking day are dropped (a hand-edited URL still opens the list, unfiltered by them);
 * days that do not exist are dropped when the page is asked for (server-filters.ts).
 */
export function resumesSearch(raw: Record<string, unknown>): ListSearch {
  // A hand-typed `?exp_min=10` reaches here as a number (the router reads values as JSON).
  const text: Record<string, unknown> = { ...raw };
  for (const key of [...Object.keys(RANGE_KINDS), 'ncode', 'q']) {
    if (typeof text[key] === 'number') text[key] = String(text[key]);
  }
  const search = baseSchema.parse(text);
  for (const [key, kind] of Object.entries(RANGE_KINDS)) {
    if (search[key] !== undefined && !rangeShape(kind, search[key])) delete search[key];
  }
  return search;
}

/** The questions and provisions lists have the search box only (matched in the browser). */
export const termsSearch = listSearchSchema([]);
export const provisionsSearch = termsSearch;
