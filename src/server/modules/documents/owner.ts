import { sql } from 'drizzle-orm';
import type { OwnerType } from '../../../contract/documents.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';

/**
 * The owners of documents and contacts (a legal or a true person): their tables, permissions and
 * "not found" messages, and the checks every owner-scoped call makes first.
 */

export interface OwnerSpec {
  type: OwnerType;
  table: 'legal_persons' | 'true_persons';
  view: string;
  edit: string;
  notFound: string;
}

export const OWNERS: Record<OwnerType, OwnerSpec> = {
  legal: {
    type: 'legal',
    table: 'legal_persons',
    view: 'person.legal.view',
    edit: 'person.legal.edit',
    notFound: 'شخص حقوقی یافت نشد',
  },
  true: {
    type: 'true',
    table: 'true_persons',
    view: 'person.true.view',
    edit: 'person.true.edit',
    notFound: 'شخص حقیقی یافت نشد',
  },
};

/**
 * The literal paths of an owner's documents or contacts (`:id{[0-9]+}` the owner): the list
 * (`/api/person/legal-persons/:id{[0-9]+}/contacts`) and one row of it (`…/:contactId{[0-9]+}`).
 */
export interface OwnerPaths {
  list: string;
  item: string;
}

/**
 * Throws 404 (Persian) unless owner `id` of `spec` exists and is not soft-deleted. With `lock`
 * (inside a transaction) the owner's row is locked, so concurrent writes to its documents,
 * contacts or branches run one after another and a delete of the owner waits for them.
 */
export async function assertOwner(db: Db, spec: OwnerSpec, id: number, lock = false): Promise<void> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT id FROM ${sql.raw(spec.table)} WHERE id = ${id} AND deleted_at IS NULL ${sql.raw(lock ? 'FOR UPDATE' : '')}`,
  );
  if (!row) throw notFound(spec.notFound);
}
