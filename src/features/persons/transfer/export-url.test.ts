import { describe, expect, it } from 'vitest';
import { exportQuerySchema } from '~/contract/person-transfer.ts';
import { exportUrl, templateUrl } from './export-url.ts';

const params = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('exportUrl', () => {
  it('carries the list view (q, sort, filters) and the format to the export endpoint', () => {
    const url = exportUrl(
      'legal',
      {
        q: 'فولاد',
        sortBy: 'registered_capital',
        descending: true,
        advanceFilter: [{ field: 'status', op: 'eq', value: 'active' }],
      },
      { format: 'csv' },
    );
    expect(url.startsWith('/api/person/legal-persons/export?')).toBe(true);
    expect(params(url)).toEqual({
      format: 'csv',
      q: 'فولاد',
      sortBy: 'registered_capital',
      descending: 'true',
      advanceFilter: '[{"field":"status","op":"eq","value":"active"}]',
    });
  });

  it('defaults to xlsx, adds plain filter params and a selection of ids the server reads back', () => {
    const url = exportUrl('true', { params: { gender: 'female' } }, { ids: [3, 7, 7] });
    expect(url.startsWith('/api/person/true-persons/export?')).toBe(true);
    const p = params(url);
    expect(p).toEqual({ format: 'xlsx', gender: 'female', ids: '3,7,7' });
    expect(exportQuerySchema.parse(p)).toMatchObject({ format: 'xlsx', ids: [3, 7], gender: 'female' });
  });

  it('points the template at the import-template route', () => {
    expect(templateUrl('legal', 'csv')).toBe('/api/person/legal-persons/import-template?format=csv');
  });
});
