import { describe, expect, it } from 'vitest';
import { buildQuery } from '../../lib/http.ts';
import {
  activeFilterCount,
  clearFilters,
  formatSort,
  formatSorts,
  listSearchSchema,
  parseSort,
  parseSorts,
  toListParams,
  toListQuery,
  toRequestQuery,
  withFilter,
} from './search-params.ts';
import type { FilterDef } from './types.ts';

const filters: FilterDef[] = [
  {
    key: 'status',
    kind: 'enum',
    label: 'وضعیت',
    options: [
      { value: 'active', label: 'فعال' },
      { value: 'dissolved', label: 'منحل' },
    ],
  },
  { key: 'listed', field: 'is_listed', kind: 'boolean', label: 'بورسی' },
  { key: 'industry', field: 'industry_id', kind: 'enum', label: 'صنعت' },
  { key: 'city', kind: 'text', label: 'شهر' },
];
const schema = listSearchSchema(filters);

describe('listSearchSchema', () => {
  it('keeps valid params and drops unknown ones', () => {
    expect(schema.parse({ q: ' فولاد ', sort: '-registered_capital', status: 'active', foo: 1 })).toEqual({
      q: 'فولاد',
      sort: '-registered_capital',
      status: 'active',
    });
  });

  it('drops malformed values instead of refusing the URL', () => {
    expect(schema.parse({ status: 'nonsense', sort: 'drop table;', listed: 'maybe', city: '' })).toEqual({});
  });

  it('reads booleans whether parsed or left as text', () => {
    expect(schema.parse({ listed: true })).toEqual({ listed: true });
    expect(schema.parse({ listed: 'false' })).toEqual({ listed: false });
  });

  it('accepts numeric ids for enums whose options load later', () => {
    expect(schema.parse({ industry: 27 })).toEqual({ industry: 27 });
  });
});

describe('sort', () => {
  it('round-trips a descending column', () => {
    expect(parseSort('-employees')).toEqual({ id: 'employees', desc: true });
    expect(parseSort('name')).toEqual({ id: 'name', desc: false });
    expect(parseSort(undefined)).toBeNull();
    expect(parseSort('-')).toBeNull();
    expect(formatSort({ id: 'employees', desc: true })).toBe('-employees');
    expect(formatSort(null)).toBeUndefined();
  });
});

describe('several sort keys', () => {
  it('reads and writes up to three keys, dropping repeats and extras', () => {
    expect(parseSorts('ticker,-capital')).toEqual([
      { id: 'ticker', desc: false },
      { id: 'capital', desc: true },
    ]);
    expect(parseSorts('a,-a,b,c,d').map((s) => s.id)).toEqual(['a', 'b', 'c']);
    expect(parseSorts(undefined)).toEqual([]);
    expect(
      formatSorts([
        { id: 'a', desc: true },
        { id: 'b', desc: false },
      ]),
    ).toBe('-a,b');
    expect(formatSorts([])).toBeUndefined();
  });

  it('sends one key as sortBy/descending and several as sortBy=a,-b through sort fields', () => {
    expect(toListQuery({ sort: '-capital' }, [], { sortFields: { capital: 'registered_capital' } })).toEqual({
      sortBy: 'registered_capital',
      descending: true,
    });
    expect(
      toListQuery({ sort: 'ticker,-capital' }, [], { sortFields: { capital: 'registered_capital' } }),
    ).toEqual({ sortBy: 'ticker,-registered_capital' });
  });

  it('keeps a URL with several keys and drops a malformed one', () => {
    const schema = listSearchSchema([]);
    expect(schema.parse({ sort: 'name,-employees' }).sort).toBe('name,-employees');
    expect(schema.parse({ sort: 'name,,x' }).sort).toBeUndefined();
  });
});

describe('toListQuery', () => {
  it('maps the URL to the server query', () => {
    expect(
      toListQuery({ q: 'فولاد', sort: '-capital', status: 'active', listed: false, city: 'اهواز' }, filters, {
        sortFields: { capital: 'registered_capital' },
      }),
    ).toEqual({
      q: 'فولاد',
      sortBy: 'registered_capital',
      descending: true,
      advanceFilter: [
        { field: 'status', op: 'eq', value: 'active' },
        { field: 'is_listed', op: 'eq', value: false },
        { field: 'city', op: 'contains', value: 'اهواز' },
      ],
    });
  });

  it('leaves out what is not set so equal views share a cache key', () => {
    expect(toListQuery({}, filters)).toEqual({});
    expect(toListQuery({ q: '   ' }, filters)).toEqual({});
  });

  it('becomes the query string the server reads', () => {
    const params = toListParams(toListQuery({ sort: 'name', listed: true }, filters), { page: 2 }, 50);
    const qs = new URLSearchParams(buildQuery(toRequestQuery(params)).slice(1));
    expect(qs.get('sortBy')).toBe('name');
    expect(qs.get('descending')).toBe('false');
    expect(qs.get('page')).toBe('2');
    expect(qs.get('per_page')).toBe('50');
    expect(JSON.parse(qs.get('advanceFilter')!)).toEqual([{ field: 'is_listed', op: 'eq', value: true }]);
    expect(qs.has('cursor')).toBe(false);
  });
});

describe('plain parameters', () => {
  it('sends filters and the search box as plain parameters for lists that take them so', () => {
    const query = toListQuery({ q: 'ali', status: 'active', listed: true }, filters, {
      plainFilters: true,
      qParam: 'username',
    });
    expect(query).toEqual({ params: { username: 'ali', status: 'active', is_listed: true } });
    expect(toRequestQuery(toListParams(query, { page: 1 }, 20))).toEqual({
      page: 1,
      per_page: 20,
      username: 'ali',
      status: 'active',
      is_listed: true,
    });
  });
});

describe('filter helpers', () => {
  it('sets, clears and counts filters', () => {
    const s = withFilter({ sort: 'name' }, 'status', 'active');
    expect(s).toEqual({ sort: 'name', status: 'active' });
    expect(activeFilterCount(s, filters)).toBe(1);
    expect(withFilter(s, 'status', undefined)).toEqual({ sort: 'name' });
    expect(clearFilters({ ...s, q: 'x' })).toEqual({ sort: 'name' });
  });
});
