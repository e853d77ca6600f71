import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { listPageOf } from '../../../contract/api-envelope.ts';
import { type CityRow, cityEntity, cityParams, cityRow, province } from '../../../contract/cities.ts';
import { inputSchema } from '../../../contract/entity-input.ts';
import { listQuerySchema } from '../../../contract/list.ts';
import type { Db } from '../../db/client.ts';
import { cities } from '../../db/schema/index.ts';
import { entityListSpec } from '../../http/entity-list.ts';
import { notFound } from '../../http/errors.ts';
import { listPage, queryRows } from '../../http/list.ts';
import { defineMutation } from '../../http/mutation.ts';
import { defineRoute } from '../../http/route.ts';

/**
 * Cities (contract/cities.ts, the entity described once): the list at /management/cities and the
 * rename; the provinces their filter offers. Permission management.system.
 */

const r = (text: string) => sql.raw(text);

/** Where each field of a city lives. */
const citySource = {
  from: r('cities c JOIN provinces p ON p.id = c.province_id'),
  columns: {
    id: r('c.id'),
    name: r('c.name'),
    county: r('c.county'),
    province_id: r('c.province_id'),
    province: r('p.name'),
    code: r('c.code'),
  },
  // searchKey in SQL (domain/persian-text): lower case, no spaces or ZWNJ, over name, county and code
  search: r(`lower(replace(replace(c.name || ' ' || c.county || ' ' || c.code, chr(8204), ''), ' ', ''))`),
};
const cityList = entityListSpec(cityEntity, citySource);
/** PUT /api/management/cities/:id: the new name. */
const cityInput = inputSchema(cityEntity);

/** One city as the API answers it, or null. */
async function readCity(db: Db, id: number): Promise<CityRow | null> {
  const [row] = await queryRows<CityRow>(
    db,
    sql`SELECT c.id, c.name, c.county, c.province_id, p.name AS province, c.code
        FROM cities c JOIN provinces p ON p.id = c.province_id WHERE c.id = ${id}`,
  );
  return row ?? null;
}

export const cityRoutes = [
  /**
   * GET /api/management/cities (management.system) — `ListPage<CityRow>`; sortBy name (default) |
   * county | province | code; filters name, county (contains, eq), province_id (eq, in), code (eq);
   * q matches name, county and code.
   */
  defineRoute({
    method: 'get',
    path: '/api/management/cities',
    permission: cityEntity.permissions.list,
    summary: 'Cities: paged, sorted, filtered list',
    tags: ['management'],
    query: listQuerySchema,
    response: listPageOf(cityRow),
    handler: ({ db, query }) => listPage(db, cityList, query),
  }),
  /**
   * PUT /api/management/cities/:id (management.system) — `{ name }` → `CityRow`. 404 «شهر یافت
   * نشد»; 422 when the name is empty or longer than 60. Audited as `city` `update` (name before
   * and after).
   */
  defineMutation({
    method: 'put',
    path: '/api/management/cities/:id{[0-9]+}',
    permission: cityEntity.permissions.update!,
    summary: 'Rename a city',
    tags: ['management'],
    params: cityParams,
    body: cityInput,
    response: cityRow,
    audit: { entity: cityEntity.name, action: 'update' },
    async handler({ db, params, body }) {
      const before = await readCity(db, params.id);
      if (!before) throw notFound('شهر یافت نشد');
      await db
        .update(cities)
        .set({ name: String(body.name) })
        .where(eq(cities.id, params.id));
      const after = (await readCity(db, params.id))!;
      return { id: params.id, before: { name: before.name }, after: { name: after.name }, result: after };
    },
  }),
  /** GET /api/provinces (any role) — the 31 provinces `{ id, name }` by name, for filters and forms. */
  defineRoute({
    method: 'get',
    path: '/api/provinces',
    permission: 'role',
    summary: 'The provinces, by name',
    tags: ['reference'],
    response: z.array(province),
    handler: ({ db }) => queryRows(db, sql`SELECT id, name FROM provinces ORDER BY name, id`),
  }),
];
