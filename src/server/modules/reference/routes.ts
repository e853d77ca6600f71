import { asc } from 'drizzle-orm';
import { industries } from '../../db/schema/index.ts';
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
  async handler({ db }) {
    return db
      .select({ id: industries.id, code: industries.code, name: industries.name })
      .from(industries)
      .orderBy(asc(industries.name));
  },
});

export const referenceRoutes = [industryList];
