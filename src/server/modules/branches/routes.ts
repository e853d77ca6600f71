import { and, eq, sql } from 'drizzle-orm';
import { type Branch, branch, branchInput, ownedBranchParams } from '../../../contract/branches.ts';
import { ownerParams } from '../../../contract/documents.ts';
import { deletedAnswer } from '../../../contract/ids.ts';
import type { Db } from '../../db/client.ts';
import { pgError } from '../../db/pg-errors.ts';
import { branches } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { defineRoute } from '../../http/route.ts';
import { assertOwner, OWNERS } from '../documents/owner.ts';

/**
 * Branches of a legal person (contract/branches.ts) at /person/legal-person-branch/*. Each change
 * runs in one transaction (the legal person's row locked) with one audit row (entity `branch`,
 * `legal_person_id` in before/after, which the company's history tab reads).
 */

const NOT_FOUND = 'شعبه یافت نشد';
const CITY_MISSING = 'شهر یافت نشد؛ آن را از فهرست انتخاب کنید';
const spec = OWNERS.legal;
type Row = typeof branches.$inferSelect;

const auditFields = (r: Row) => ({
  legal_person_id: r.legalPersonId,
  name: r.name,
  city_id: r.cityId,
  address: r.address,
  phone: r.phone,
  manager: r.manager,
});

/** The branch `branchId` of legal person `id` as the API answers it; 404 «شعبه یافت نشد» when there is none. */
async function readBranch(db: Db, id: number, branchId: number): Promise<Branch> {
  const [r] = await queryRows<{
    id: number;
    legal_person_id: number;
    name: string;
    city_id: number | null;
    city_name: string | null;
    province: string | null;
    address: string | null;
    phone: string | null;
    manager: string | null;
  }>(
    db,
    sql`SELECT b.id, b.legal_person_id, b.name, c.id AS city_id, c.name AS city_name, pr.name AS province,
          b.address, b.phone, b.manager
        FROM branches b LEFT JOIN cities c ON c.id = b.city_id LEFT JOIN provinces pr ON pr.id = c.province_id
        WHERE b.id = ${branchId} AND b.legal_person_id = ${id}`,
  );
  if (!r) throw notFound(NOT_FOUND);
  const { city_id, city_name, province, ...rest } = r;
  return { ...rest, city: city_id ? { id: city_id, name: city_name ?? '', province } : null };
}

/** 422 on `city_id` when it names no city. */
async function checkCity(db: Db, cityId: number | null) {
  if (cityId == null) return;
  const [row] = await queryRows<{ id: number }>(db, sql`SELECT id FROM cities WHERE id = ${cityId}`);
  if (!row) throw invalid({ city_id: [CITY_MISSING] });
}

/** Runs `write`; a city deleted between the check and the write is the same 422, never a 500. */
async function fkGuard<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (pgError(e).code === '23503') throw invalid({ city_id: [CITY_MISSING] });
    throw e;
  }
}

const columns = (v: ReturnType<typeof branchInput.parse>) => ({
  name: v.name,
  cityId: v.city_id,
  address: v.address,
  phone: v.phone,
  manager: v.manager,
});

export const branchRoutes = [
  /** GET …/:id/branches/:branchId (`person.legal.view`) — `Branch`; 404 company (missing or deleted) or branch. */
  defineRoute({
    method: 'get',
    path: '/api/person/legal-persons/:id{[0-9]+}/branches/:branchId{[0-9]+}',
    permission: 'person.legal.view',
    summary: 'One branch of a legal person',
    tags: ['branches'],
    params: ownedBranchParams,
    response: branch,
    async handler({ db, params }) {
      await assertOwner(db, spec, params.id);
      return readBranch(db, params.id, params.branchId);
    },
  }),
  /**
   * POST …/:id/branches (`person.legal.edit`) — `branchInput` → `Branch`: name required (≤ 120),
   * city optional (a `cities` id), phone digits (Persian digits and separators accepted), address
   * and manager optional. 422 per field (Persian); 404 company missing or deleted.
   */
  defineRoute({
    method: 'post',
    path: '/api/person/legal-persons/:id{[0-9]+}/branches',
    permission: 'person.legal.edit',
    summary: 'Add a branch to a legal person',
    tags: ['branches'],
    params: ownerParams,
    body: branchInput,
    response: branch,
    async handler({ db, params, body, audit }) {
      const id = await fkGuard(() =>
        db.transaction(async (tx) => {
          await assertOwner(tx, spec, params.id, true);
          await checkCity(tx, body.city_id);
          const [row] = await tx
            .insert(branches)
            .values({ legalPersonId: params.id, ...columns(body) })
            .returning();
          await audit(tx, {
            action: 'create',
            entity: 'branch',
            entityId: row!.id,
            after: auditFields(row!),
          });
          return row!.id;
        }),
      );
      return readBranch(db, params.id, id);
    },
  }),
  /** PUT …/:id/branches/:branchId (`person.legal.edit`) — `branchInput` → `Branch`; 404, 422 as create. */
  defineRoute({
    method: 'put',
    path: '/api/person/legal-persons/:id{[0-9]+}/branches/:branchId{[0-9]+}',
    permission: 'person.legal.edit',
    summary: 'Change a branch of a legal person',
    tags: ['branches'],
    params: ownedBranchParams,
    body: branchInput,
    response: branch,
    async handler({ db, params, body, audit }) {
      await fkGuard(() =>
        db.transaction(async (tx) => {
          await assertOwner(tx, spec, params.id, true);
          const mine = and(eq(branches.id, params.branchId), eq(branches.legalPersonId, params.id));
          const [before] = await tx.select().from(branches).where(mine);
          if (!before) throw notFound(NOT_FOUND);
          await checkCity(tx, body.city_id);
          const [row] = await tx.update(branches).set(columns(body)).where(mine).returning();
          await audit(tx, {
            action: 'update',
            entity: 'branch',
            entityId: row!.id,
            before: auditFields(before),
            after: auditFields(row!),
          });
        }),
      );
      return readBranch(db, params.id, params.branchId);
    },
  }),
  /** DELETE …/:id/branches/:branchId (`person.legal.edit`) → `{ deleted: true }`; 404 company or branch. */
  defineRoute({
    method: 'delete',
    path: '/api/person/legal-persons/:id{[0-9]+}/branches/:branchId{[0-9]+}',
    permission: 'person.legal.edit',
    summary: 'Delete a branch of a legal person',
    tags: ['branches'],
    params: ownedBranchParams,
    response: deletedAnswer,
    async handler({ db, params, audit }) {
      return db.transaction(async (tx) => {
        await assertOwner(tx, spec, params.id, true);
        const [row] = await tx
          .delete(branches)
          .where(and(eq(branches.id, params.branchId), eq(branches.legalPersonId, params.id)))
          .returning();
        if (!row) throw notFound(NOT_FOUND);
        await audit(tx, { action: 'delete', entity: 'branch', entityId: row.id, before: auditFields(row) });
        return { deleted: true as const };
      });
    },
  }),
];
