import { digitsOnly } from '~/domain/identifiers.ts';
import { parseJalaliDate } from '~/domain/jalali.ts';
import type { FilterNode, ListParams } from '~/ui/data-table/types.ts';
import { parseAmount, RANGE, type RangeKind } from './search.ts';

/**
 * The resume list's filters in the server's terms (loaded with the screen, not with the app:
 * it needs the Jalali calendar and the identifier checks).
 */

/** Tehran has kept +03:30 all year since 2022. */
const TEHRAN = '+03:30';

/** A range value as the server wants it, or null when it is not one. */
function rangeValue(kind: RangeKind, bound: string, value: unknown): string | number | null {
  if (kind === 'number') return parseAmount(value);
  const iso = parseJalaliDate(String(value ?? ''));
  if (!iso) return null;
  return bound === 'gte' ? `${iso}T00:00:00${TEHRAN}` : `${iso}T23:59:59.999${TEHRAN}`;
}

/** The conditions of a page request with the ranges and the national code in the server's terms. */
export function toServerFilters(params: ListParams): ListParams {
  if (!params.advanceFilter?.length) return params;
  const out: FilterNode[] = [];
  for (const c of params.advanceFilter) {
    // The resume list has no filter builder: only the bar's conditions arrive here.
    if ('and' in c || 'or' in c) {
      out.push(c);
      continue;
    }
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
