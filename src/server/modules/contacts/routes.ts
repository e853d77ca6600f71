import { and, eq, ne, sql } from 'drizzle-orm';
import { type Contact, contact, contactEntity, contactInput } from '../../../contract/contacts.ts';
import { contacts } from '../../db/schema/index.ts';
import { queryRows } from '../../http/list.ts';
import { type OwnedWrite, type Owner, ownedRoutes } from '../../http/owned.ts';

/**
 * Contacts of legal and true persons (contract/contacts.ts `contactEntity`), served by the
 * sub-record routes (http/owned.ts). Each change runs in one transaction (the owner's row locked,
 * so two saves of one owner cannot both leave a primary of one kind) with one audit row per
 * contact changed (entity `contact`, `owner_type` + `owner_id` in before/after, which the owner's
 * history tab reads): making one primary clears the others of its kind, each of those audited as
 * an update.
 */

type Row = typeof contacts.$inferSelect;

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

/** The contact `id` of `owner` (a condition). */
const mine = (owner: Owner, id: number) =>
  and(eq(contacts.id, id), eq(contacts.ownerType, owner.type), eq(contacts.ownerId, owner.id));

/**
 * The outcome of a saved contact `row` (`before` when changed): when it is primary, the owner's
 * other primaries of its kind are cleared, each audited as an update (before the contact's own row).
 */
async function saved({ db, owner, audit }: OwnedWrite<unknown>, row: Row, before?: Row) {
  if (row.isPrimary) {
    const cleared = await db
      .update(contacts)
      .set({ isPrimary: false })
      .where(
        and(
          eq(contacts.ownerType, owner.type),
          eq(contacts.ownerId, owner.id),
          eq(contacts.kind, row.kind),
          eq(contacts.isPrimary, true),
          ne(contacts.id, row.id),
        ),
      )
      .returning();
    for (const c of cleared) {
      const entry = { before: auditFields({ ...c, isPrimary: true }), after: auditFields(c) };
      await audit(db, { action: 'update', entity: contactEntity.name, entityId: c.id, ...entry });
    }
  }
  const states = { before: before && auditFields(before), after: auditFields(row) };
  return { id: row.id, ...states, result: toContact(row) };
}

/**
 * GET, POST /api/person/{legal-persons|true-persons}/:id/contacts and PUT, DELETE …/:contactId
 * (the person's view / edit permission): `Contact[]` primary first; `contactInput` → `Contact`,
 * the value stored normalised per kind (mobile `09xxxxxxxxx`, phone/fax digits, email lower case,
 * website with its scheme), 422 per field (Persian); `{ deleted: true }`. 404 when the person is
 * missing or deleted, or has no such contact.
 */
export const contactRoutes = ownedRoutes(contactEntity, {
  paths: {
    legal: {
      list: '/api/person/legal-persons/:id{[0-9]+}/contacts',
      item: '/api/person/legal-persons/:id{[0-9]+}/contacts/:contactId{[0-9]+}',
    },
    true: {
      list: '/api/person/true-persons/:id{[0-9]+}/contacts',
      item: '/api/person/true-persons/:id{[0-9]+}/contacts/:contactId{[0-9]+}',
    },
  },
  tags: ['contacts'],
  notFound: 'راه ارتباطی یافت نشد',
  row: contact,
  list: (db, owner) =>
    queryRows<Contact>(
      db,
      sql`SELECT id, kind, value, is_primary FROM contacts
          WHERE owner_type = ${owner.type} AND owner_id = ${owner.id} ORDER BY is_primary DESC, kind, id`,
    ),
  create: {
    body: contactInput,
    async write(ctx) {
      const { kind, value, is_primary } = ctx.body;
      const values = { ownerType: ctx.owner.type, ownerId: ctx.owner.id, kind, value, isPrimary: is_primary };
      const [row] = await ctx.db.insert(contacts).values(values).returning();
      return saved(ctx, row!);
    },
  },
  update: {
    body: contactInput,
    async write(ctx) {
      const [before] = await ctx.db.select().from(contacts).where(mine(ctx.owner, ctx.rowId));
      if (!before) return null;
      const [row] = await ctx.db
        .update(contacts)
        .set({ kind: ctx.body.kind, value: ctx.body.value, isPrimary: ctx.body.is_primary })
        .where(mine(ctx.owner, ctx.rowId))
        .returning();
      return saved(ctx, row!, before);
    },
  },
  async remove(db, owner, id) {
    const [row] = await db.delete(contacts).where(mine(owner, id)).returning();
    return row ? { before: auditFields(row) } : null;
  },
});
