import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Contact, contact, contactInput, ownedContactParams } from '../../../contract/contacts.ts';
import { ownerParams } from '../../../contract/documents.ts';
import { deletedAnswer } from '../../../contract/ids.ts';
import type { Db } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { type AnyRoute, defineRoute, type RouteContext } from '../../http/route.ts';
import { assertOwner, OWNERS, type OwnerPaths, type OwnerSpec } from '../documents/owner.ts';

/**
 * Contacts of legal and true persons (contract/contacts.ts). Each change runs in one transaction
 * (the owner's row locked, so two saves of one owner cannot both leave a primary of one kind)
 * with one audit row per contact changed (entity `contact`, `owner_type` + `owner_id` in
 * before/after, which the owner's history tab reads): making one primary clears the others of its
 * kind, each of those audited as an update.
 */

const NOT_FOUND = 'راه ارتباطی یافت نشد';
type Row = typeof contacts.$inferSelect;
type Audit = RouteContext<unknown, unknown, unknown>['audit'];

const toContact = (r: Row): Contact => ({
  id: r.id,
  kind: r.kind as Contact['kind'],
  value: r.value,
  is_primary: r.isPrimary,
});

const auditFields = (r: Row) => ({
  owner_type: r.ownerType,
  owner_id: r.ownerId,
  kind: r.kind,
  value: r.value,
  is_primary: r.isPrimary,
});

/** The contacts of an owner, primary first, then by kind and id. */
export function ownerContacts(db: Db, spec: OwnerSpec, id: number) {
  return queryRows<Contact>(
    db,
    sql`SELECT id, kind, value, is_primary FROM contacts
        WHERE owner_type = ${spec.type} AND owner_id = ${id} ORDER BY is_primary DESC, kind, id`,
  );
}

/** Clears `is_primary` on the owner's other contacts of `kind` (auditing each), inside `tx`. */
async function clearPrimary(
  tx: Db,
  spec: OwnerSpec,
  ownerId: number,
  kind: string,
  keepId: number,
  audit: Audit,
) {
  const cleared = await tx
    .update(contacts)
    .set({ isPrimary: false })
    .where(
      and(
        eq(contacts.ownerType, spec.type),
        eq(contacts.ownerId, ownerId),
        eq(contacts.kind, kind),
        eq(contacts.isPrimary, true),
        ne(contacts.id, keepId),
      ),
    )
    .returning();
  for (const row of cleared) {
    await audit(tx, {
      action: 'update',
      entity: 'contact',
      entityId: row.id,
      before: auditFields({ ...row, isPrimary: true }),
      after: auditFields(row),
    });
  }
}

function ownerRoutes(spec: OwnerSpec, paths: OwnerPaths): AnyRoute[] {
  return [
    /** GET …/:id/contacts (view) — `Contact[]`, primary first; 404 owner missing or deleted. */
    defineRoute({
      method: 'get',
      path: paths.list,
      permission: spec.view,
      summary: `Contacts of a ${spec.type} person`,
      tags: ['contacts'],
      params: ownerParams,
      response: z.array(contact),
      async handler({ db, params }) {
        await assertOwner(db, spec, params.id);
        return ownerContacts(db, spec, params.id);
      },
    }),
    /**
     * POST …/:id/contacts (edit) — `contactInput` → `Contact`. The value is stored normalised per
     * kind (mobile `09xxxxxxxxx`, phone/fax digits, email lower case, website with its scheme);
     * 422 per field (Persian); 404 owner missing or deleted.
     */
    defineRoute({
      method: 'post',
      path: paths.list,
      permission: spec.edit,
      summary: `Add a contact of a ${spec.type} person`,
      tags: ['contacts'],
      params: ownerParams,
      body: contactInput,
      response: contact,
      async handler({ db, params, body, audit }) {
        return db.transaction(async (tx) => {
          await assertOwner(tx, spec, params.id, true);
          const [row] = await tx
            .insert(contacts)
            .values({
              ownerType: spec.type,
              ownerId: params.id,
              kind: body.kind,
              value: body.value,
              isPrimary: body.is_primary,
            })
            .returning();
          if (row!.isPrimary) await clearPrimary(tx, spec, params.id, row!.kind, row!.id, audit);
          await audit(tx, {
            action: 'create',
            entity: 'contact',
            entityId: row!.id,
            after: auditFields(row!),
          });
          return toContact(row!);
        });
      },
    }),
    /** PUT …/:id/contacts/:contactId (edit) — `contactInput` → `Contact`; 404 owner or contact; 422 as create. */
    defineRoute({
      method: 'put',
      path: paths.item,
      permission: spec.edit,
      summary: `Change a contact of a ${spec.type} person`,
      tags: ['contacts'],
      params: ownedContactParams,
      body: contactInput,
      response: contact,
      async handler({ db, params, body, audit }) {
        return db.transaction(async (tx) => {
          await assertOwner(tx, spec, params.id, true);
          const mine = and(
            eq(contacts.id, params.contactId),
            eq(contacts.ownerType, spec.type),
            eq(contacts.ownerId, params.id),
          );
          const [before] = await tx.select().from(contacts).where(mine);
          if (!before) throw notFound(NOT_FOUND);
          const [row] = await tx
            .update(contacts)
            .set({ kind: body.kind, value: body.value, isPrimary: body.is_primary })
            .where(mine)
            .returning();
          if (row!.isPrimary) await clearPrimary(tx, spec, params.id, row!.kind, row!.id, audit);
          await audit(tx, {
            action: 'update',
            entity: 'contact',
            entityId: row!.id,
            before: auditFields(before),
            after: auditFields(row!),
          });
          return toContact(row!);
        });
      },
    }),
    /** DELETE …/:id/contacts/:contactId (edit) → `{ deleted: true }`; 404 owner or contact. */
    defineRoute({
      method: 'delete',
      path: paths.item,
      permission: spec.edit,
      summary: `Delete a contact of a ${spec.type} person`,
      tags: ['contacts'],
      params: ownedContactParams,
      response: deletedAnswer,
      async handler({ db, params, audit }) {
        return db.transaction(async (tx) => {
          await assertOwner(tx, spec, params.id, true);
          const [row] = await tx
            .delete(contacts)
            .where(
              and(
                eq(contacts.id, params.contactId),
                eq(contacts.ownerType, spec.type),
                eq(contacts.ownerId, params.id),
              ),
            )
            .returning();
          if (!row) throw notFound(NOT_FOUND);
          await audit(tx, {
            action: 'delete',
            entity: 'contact',
            entityId: row.id,
            before: auditFields(row),
          });
          return { deleted: true as const };
        });
      },
    }),
  ];
}

export const contactRoutes: AnyRoute[] = [
  ...ownerRoutes(OWNERS.legal, {
    list: '/api/person/legal-persons/:id{[0-9]+}/contacts',
    item: '/api/person/legal-persons/:id{[0-9]+}/contacts/:contactId{[0-9]+}',
  }),
  ...ownerRoutes(OWNERS.true, {
    list: '/api/person/true-persons/:id{[0-9]+}/contacts',
    item: '/api/person/true-persons/:id{[0-9]+}/contacts/:contactId{[0-9]+}',
  }),
];
