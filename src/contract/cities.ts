import { z } from 'zod';
import { defineEntity, rowSchema } from './entity.ts';
import { positiveId } from './ids.ts';

/**
 * The cities of Iran (data/iran-cities.json: 1,354 cities with their county, province and
 * official code), managed at /management/cities (permission management.system): listed, filtered
 * by province, county or name, and renamed. Codes, counties and provinces are the official
 * register's and not edited here.
 */
export const cityEntity = defineEntity({
  name: 'city',
  title: 'شهر',
  plural: 'شهرها',
  id: 'id',
  display: 'name',
  defaultSort: 'name',
  search: 'نام شهر، شهرستان یا کد',
  permissions: { list: 'management.system', update: 'management.system' },
  paths: { list: '/api/management/cities', item: '/api/management/cities/:id{[0-9]+}' },
  fields: {
    id: { type: 'int', label: 'شناسه' },
    name: {
      type: 'text',
      label: 'نام شهر',
      max: 60,
      column: { width: 200, grow: true },
      sort: true,
      filter: ['contains', 'eq'],
      builderOnly: true,
      form: { section: 'مشخصات', required: true },
    },
    county: {
      type: 'text',
      label: 'شهرستان',
      column: { width: 180 },
      sort: true,
      filter: ['contains', 'eq'],
    },
    province_id: { type: 'ref', label: 'استان', optionsFrom: 'provinces', filter: ['eq', 'in'] },
    province: { type: 'text', label: 'استان', column: { width: 160 }, sort: true },
    code: {
      type: 'text',
      label: 'کد رسمی',
      column: { width: 130 },
      sort: true,
      filter: ['eq'],
      builderOnly: true,
    },
  },
});

export const cityRow = rowSchema(cityEntity);
export type CityRow = z.infer<typeof cityRow>;
export const cityParams = z.object({ id: positiveId });

/** A province (GET /api/provinces). */
export const province = z.object({ id: z.number().int(), name: z.string() });
