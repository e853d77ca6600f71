import { describe, expect, it } from 'vitest';
import { toConditions } from '~/ui/data-table/search-params.ts';
import { parseAmount, resumeFilters, resumesSearch } from './search.ts';
import { toServerFilters } from './server-filters.ts';

const params = (search: Record<string, string>) => ({
  page: 1,
  per_page: 50,
  advanceFilter: toConditions(search, resumeFilters),
});

describe('resume list filters', () => {
  it('sends the ranges as gte/lte conditions on the server fields', () => {
    const out = toServerFilters(
      params({ exp_min: '۵', exp_max: '12.5', seats_min: '2', status: 'received' }),
    );
    expect(out.advanceFilter).toEqual([
      { field: 'review_status', op: 'eq', value: 'received' },
      { field: 'experience_years', op: 'gte', value: 5 },
      { field: 'experience_years', op: 'lte', value: 12.5 },
      { field: 'board_seats', op: 'gte', value: 2 },
    ]);
  });

  it('turns Jalali days into the whole day in Tehran time', () => {
    const out = toServerFilters(params({ from: '۱۴۰۵/۰۱/۰۱', to: '1405/1/31' }));
    expect(out.advanceFilter).toEqual([
      { field: 'submitted_at', op: 'gte', value: '2026-03-21T00:00:00+03:30' },
      { field: 'submitted_at', op: 'lte', value: '2026-04-20T23:59:59.999+03:30' },
    ]);
  });

  it('sends the national code as ASCII digits, exact', () => {
    const out = toServerFilters(params({ ncode: '۰۰۱ ۲۳۴ ۵۶۷۸' }));
    expect(out.advanceFilter).toEqual([{ field: 'national_code', op: 'eq', value: '0012345678' }]);
  });

  it('drops range values that are not numbers or Jalali-looking days from the URL, and days that do not exist from the request', () => {
    expect(resumesSearch({ exp_min: 'abc', to: '30-12-1402', seats_min: '3', q: 'رضا' })).toEqual({
      q: 'رضا',
      seats_min: '3',
    });
    // 1402 was not a leap year: the URL keeps what was typed, the request leaves it out.
    expect(resumesSearch({ to: '1402/12/30' })).toEqual({ to: '1402/12/30' });
    const params = {
      page: 1,
      per_page: 50,
      advanceFilter: [{ field: 'submitted_at:lte', op: 'eq', value: '1402/12/30' }],
    };
    expect(toServerFilters(params as never).advanceFilter).toEqual([]);
    expect(resumesSearch({ exp_min: 10, ncode: 12345 })).toEqual({ exp_min: '10', ncode: '12345' });
    expect(parseAmount('۱۲٫۵')).toBe(12.5);
    expect(parseAmount('-1')).toBeNull();
  });
});
