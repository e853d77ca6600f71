import { asc, sql } from 'drizzle-orm';
import { z } from 'zod';
import { industry } from '../../../contract/api-system.ts';
import { pickedId } from '../../../contract/ids.ts';
import { type CityOption, cityOption } from '../../../contract/resume.ts';
import { searchKey } from '../../../domain/persian-text.ts';
import { industries } from '../../db/schema/index.ts';
import { escapeLike, queryRows } from '../../http/list.ts';
import { defineRoute } from '../../http/route.ts';

/**
 * GET /api/industries — the TSETMC industry groups for pickers and filters:
 * `{ data: [{ id, code (2-digit sector code), name }] }`, ordered by name. Any signed-in user
 * with a chosen role ('role'); it is reference data, not a register.
 */
const industryList = defineRoute({
  method: 'get',
  path: '/api/industries',
  permission: 'role',
  summary: 'Industry groups (TSETMC sector codes)',
  tags: ['reference'],
  response: z.array(industry),
  async handler({ db }) {
    return db
      .select({ id: industries.id, code: industries.code, name: industries.name })
      .from(industries)
      .orderBy(asc(industries.name));
  },
});

/**
 * GET /api/supervising-bodies — the legal persons some live company names as its supervising body
 * (ministries, state holdings, funds), `{ data: [{ id, name }] }` by name, for filters. Any role.
 */
const supervisingBodyList = defineRoute({
  method: 'get',
  path: '/api/supervising-bodies',
  permission: 'role',
  summary: 'Supervising bodies (for filters)',
  tags: ['reference'],
  response: z.array(z.object({ id: z.number().int(), name: z.string() })),
  handler: ({ db }) =>
    queryRows<{ id: number; name: string }>(
      db,
      sql`SELECT sb.id, sb.name FROM legal_persons sb
          WHERE sb.deleted_at IS NULL AND EXISTS (
            SELECT 1 FROM legal_persons lp WHERE lp.supervising_body_id = sb.id AND lp.deleted_at IS NULL)
          ORDER BY sb.name, sb.id`,
    ),
});

const cityQuery = z.looseObject({
  q: z.string().max(100, 'عبارت جست‌وجو حداکثر ۱۰۰ نویسه است').optional(),
  province_id: pickedId('استان نامعتبر است').optional(),
});

/** At most this many cities per answer. */
const CITY_LIMIT = 30;

/**
 * GET /api/cities?q=&province_id= (public: the resume applicant's birth-city picker needs it) →
 * `{ data: [{ id, name, province }] }`, at most 30, names starting with `q` first, then by name.
 * `q` is matched normalised (ی/ک variants, Persian digits, spaces and ZWNJ ignored); without `q`
 * the first 30 by name (of the province, when given). 422 on a non-numeric `province_id`.
 */
const cityList = defineRoute({
  method: 'get',
  path: '/api/cities',
  permission: 'public',
  summary: 'Cities for pickers (name search, optional province)',
  tags: ['reference'],
  query: cityQuery,
  response: z.array(cityOption),
  async handler({ db, query }) {
    const key = query.q ? searchKey(query.q) : '';
    const name = sql`replace(replace(c.name, ' ', ''), chr(8204), '')`;
    const conds = [sql`TRUE`];
    if (key) conds.push(sql`${name} LIKE ${`%${escapeLike(key)}%`}`);
    if (query.province_id) conds.push(sql`c.province_id = ${query.province_id}`);
    const starts = key ? sql`(${name} LIKE ${`${escapeLike(key)}%`}) DESC,` : sql``;
    return queryRows<CityOption>(
      db,
      sql`SELECT c.id, c.name, p.name AS province FROM cities c JOIN provinces p ON p.id = c.province_id
        WHERE ${sql.join(conds, sql` AND `)}
        ORDER BY ${starts} c.name, c.id LIMIT ${CITY_LIMIT}`,
    );
  },
});

export const referenceRoutes = [industryList, cityList, supervisingBodyList];
