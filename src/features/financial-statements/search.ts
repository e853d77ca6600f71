import { statementEntity } from '~/contract/financial-statements.ts';
import { entryMatrixEntity } from '~/contract/statement-matrix.ts';
import { jalaliOfIso, todayIso } from '~/domain/jalali.ts';
import type { ListSearch } from '~/ui/data-table/types.ts';
import { entityFilters, entitySearch } from '~/ui/entity/filters.ts';

/** The statements list's filters and URL schema, from the description (kept apart from the screen for the route file). */
export const statementFilters = entityFilters(statementEntity);
export const statementSearch = entitySearch(statementEntity);

/** The entry-state matrix's filters (from its description) and URL: the list's view and `to`, the last fiscal year shown. */
export const matrixFilters = entityFilters(entryMatrixEntity);
const listSearch = entitySearch(entryMatrixEntity);
export type MatrixSearch = ListSearch & { to?: number };
export const matrixSearch = (input: Record<string, unknown>): MatrixSearch => {
  const to = Number(input.to);
  return {
    ...listSearch.parse(input),
    ...(Number.isInteger(to) && to >= 1300 && to <= 1500 ? { to } : {}),
  };
};

/** How many fiscal years the matrix shows. */
export const MATRIX_YEARS = 5;

/**
 * The fiscal years the matrix shows: `MATRIX_YEARS` ending at `to`, by default the latest ended
 * Jalali year (the year before today's).
 */
export function matrixRange(to?: number): { from: number; to: number } {
  const last = to ?? Number(jalaliOfIso(todayIso()).slice(0, 4)) - 1;
  return { from: last - MATRIX_YEARS + 1, to: last };
}
