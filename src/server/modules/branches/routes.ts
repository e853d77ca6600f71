import { and, eq, sql } from 'drizzle-orm';
import { type Branch, branch, branchEntity, branchInput } from '../../../contract/branches.ts';
import type { Db } from '../../db/client.ts';
import { branches } from '../../db/schema/index.ts';
import { invalid } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { type Owner, ownedRoutes } from '../../http/owned.ts';

/**
 * Branches of a legal person (contract/branches.ts `branchEntity`), edited at
 * /person/legal-person-branch/*, served by the sub-record routes (http/owned.ts). Each change runs
 * in one transaction (the legal person's row locked) with one audit row (entity `branch`,
 * `legal_person_id` in before/after, which the company's history tab reads).
 */

const CITY_MISSING = 'شهر یافت نشد؛ آن را از فهرست انتخاب کنید';
type Row = typeof branches.$inferSelect;

const auditFields = (r: Row) => ({
  legal_person_id: r.legalPersonId,
  name: r.name,
  city_id: r.cityId,
  address: r.address,
  phone: r.phone,
  manager: r.manager,
});

/** The branch `branchId` of legal person `owner` as the API answers it, or null. */
async function readBranch(db: Db, owner: Owner, branchId: number): Promise<Branch | null> {
  const [r] = await queryRows<
    Omit<Branch, 'city'> & { city_id: number | null; city_name: string | null; province: string | null }
  >(
    db,
    sql`SELECT b.id, b.legal_person_id, b.name, c.id AS city_id, c.name AS city_name, pr.name AS province,
          b.address, b.phone, b.manager
        FROM branches b LEFT JOIN cities c ON c.id = b.city_id LEFT JOIN provinces pr ON pr.id = c.province_id
        WHERE b.id = ${branchId} AND b.legal_person_id = ${owner.id}`,
  );
  if (!r) return null;
  const { city_id, city_name, province, ...rest } = r;
  return { ...rest, city: city_id ? { id: city_id, name: city_name ?? '', province } : null };
}

/** The columns of a branch from its input; 422 on `city_id` when it names no city. */
async function columns(db: Db, v: ReturnType<typeof branchInput.parse>) {
  if (v.city_id != null) {
    const [city] = await queryRows<{ id: number }>(db, sql`SELECT id FROM cities WHERE id = ${v.city_id}`);
    if (!city) throw invalid({ city_id: [CITY_MISSING] });
  }
  return { name: v.name, cityId: v.city_id, address: v.address, phone: v.phone, manager: v.manager };
}

/** The branch `id` of `owner` (a condition). */
const mine = (owner: Owner, id: number) => and(eq(branches.id, id), eq(branches.legalPersonId, owner.id));

/**
 * GET, PUT, DELETE /api/person/legal-persons/:id/branches/:branchId and POST …/:id/branches
 * (`person.legal.view` to read, `person.legal.edit` to change): `Branch`; `branchInput` →
 * `Branch`: name required (≤ 120), city optional (a `cities` id), phone digits (Persian digits and
 * separators accepted), address and manager optional, 422 per field (Persian), also for a city
 * deleted meanwhile; `{ deleted: true }`. 404 when the company is missing or deleted, or has no
 * such branch.
 */
export const branchRoutes = ownedRoutes(branchEntity, {
  paths: {
    legal: {
      list: '/api/person/legal-persons/:id{[0-9]+}/branches',
      item: '/api/person/legal-persons/:id{[0-9]+}/branches/:branchId{[0-9]+}',
    },
  },
  tags: ['branches'],
  notFound: 'شعبه یافت نشد',
  row: branch,
  read: readBranch,
  onForeignKey: () => invalid({ city_id: [CITY_MISSING] }),
  create: {
    body: branchInput,
    async write({ db, owner, body }) {
      const values = { legalPersonId: owner.id, ...(await columns(db, body)) };
      const [row] = await db.insert(branches).values(values).returning();
      return { id: row!.id, after: auditFields(row!), result: await readBranch(db, owner, row!.id) };
    },
  },
  update: {
    body: branchInput,
    async write({ db, owner, body, rowId }) {
      const [before] = await db.select().from(branches).where(mine(owner, rowId));
      if (!before) return null;
      const [row] = await db
        .update(branches)
        .set(await columns(db, body))
        .where(mine(owner, rowId))
        .returning();
      const states = { before: auditFields(before), after: auditFields(row!) };
      return { id: rowId, ...states, result: await readBranch(db, owner, rowId) };
    },
  },
  async remove(db, owner, id) {
    const [row] = await db.delete(branches).where(mine(owner, id)).returning();
    return row ? { before: auditFields(row) } : null;
  },
});
