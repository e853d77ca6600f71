import {
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  GENDER_LABELS,
  GENDERS,
  REVIEW_STATUS_LABELS,
  REVIEW_STATUSES,
} from '~/contract/resume.ts';
import { digitsOnly } from '~/domain/identifiers.ts';
import { parseJalaliDate } from '~/domain/jalali.ts';
import { toAsciiDigits } from '~/domain/persian-text.ts';
import { listSearchSchema } from '~/ui/data-table/search-params.ts';
import type { FilterCondition, FilterDef, ListParams, ListSearch } from '~/ui/data-table/types.ts';

/**
 * The resume lists' filters and their URL schemas (imported by the route files: keep it small).
 *
 * DataTable's filters are one value each (a select or a text box). The ranges (years of
 * experience, board seats, submitted date) are declared as text boxes whose `field` names the
 * server field and the bound (`experience_years:gte`); `toServerFilters` turns them into the
 * `advanceFilter` conditions the server reads (numbers, and Jalali days as Tehran-time instants).
 */

const RANGE = ':';
/** Tehran has kept +03:30 all year since 2022. */
const TEHRAN = '+03:30';

type RangeKind = 'number' | 'date';
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

/** A range value as the server wants it, or null when it is not one. */
function rangeValue(kind: RangeKind, bound: string, value: unknown): string | number | null {
  if (kind === 'number') return parseAmount(value);
  const iso = parseJalaliDate(String(value ?? ''));
  if (!iso) return null;
  return bound === 'gte' ? `${iso}T00:00:00${TEHRAN}` : `${iso}T23:59:59.999${TEHRAN}`;
}

const baseSchema = listSearchSchema(resumeFilters);

/**
 * The list's `validateSearch`: the shared schema, then range values that are not a number or
 * a Jalali day are dropped (a hand-edited URL still opens the list, unfiltered by them).
 */
export function resumesSearch(raw: Record<string, unknown>): ListSearch {
  // A hand-typed `?exp_min=10` reaches here as a number (the router reads values as JSON).
  const text: Record<string, unknown> = { ...raw };
  for (const key of [...Object.keys(RANGE_KINDS), 'ncode', 'q']) {
    if (typeof text[key] === 'number') text[key] = String(text[key]);
  }
  const search = baseSchema.parse(text);
  for (const [key, kind] of Object.entries(RANGE_KINDS)) {
    if (search[key] !== undefined && rangeValue(kind, 'gte', search[key]) === null) delete search[key];
  }
  return search;
}

/** The conditions of a page request with the ranges and the national code in the server's terms. */
export function toServerFilters(params: ListParams): ListParams {
  if (!params.advanceFilter?.length) return params;
  const out: FilterCondition[] = [];
  for (const c of params.advanceFilter) {
    const [field, bound] = c.field.split(RANGE) as [string, string | undefined];
    if (bound === 'gte' || bound === 'lte') {
      const kind: RangeKind = field === 'submitted_at' ? 'date' : 'number';
      const value = rangeValue(kind, bound, c.value);
      if (value !== null) out.push({ field, op: bound, value });
    } else if (field === 'national_code') {
      out.push({ ...c, value: digitsOnly(String(c.value)) });
    } else out.push(c);
  }
  return { ...params, advanceFilter: out };
}

/** The questions and provisions lists have the search box only (matched in the browser). */
export const termsSearch = listSearchSchema([]);
export const provisionsSearch = termsSearch;
