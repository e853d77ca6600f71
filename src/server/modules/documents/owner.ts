import { sql } from 'drizzle-orm';
import type { OwnerType } from '../../../contract/documents.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import type { SessionInfo } from '../../http/route.ts';

/**
 * The owners of documents and contacts (a legal or a true person): their tables, permissions and
 * "not found" messages, and the checks every owner-scoped call makes first.
 */

export interface OwnerSpec {
  type: OwnerType;
  /** Path segment under /api/person: `legal-persons` | `true-persons`. */
  segment: 'legal-persons' | 'true-persons';
  table: 'legal_persons' | 'true_persons';
  view: string;
  edit: string;
  notFound: string;
}

export const OWNERS: Record<OwnerType, OwnerSpec> = {
  legal: {
    type: 'legal',
    segment: 'legal-persons',
    table: 'legal_persons',
    view: 'person.legal.view',
    edit: 'person.legal.edit',
    notFound: 'شخص حقوقی یافت نشد',
  },
  true: {
    type: 'true',
    segment: 'true-persons',
    table: 'true_persons',
    view: 'person.true.view',
    edit: 'person.true.edit',
    notFound: 'شخص حقیقی یافت نشد',
  },
};

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

/** True when the session's role is super_admin or holds permission `ident`. */
export async function roleHolds(db: Db, session: SessionInfo | null, ident: string): Promise<boolean> {
  const role = session?.role;
  if (!role) return false;
  if (role.type === 'super_admin') return true;
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`SELECT EXISTS (
          SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
          WHERE rp.role_id = ${role.id} AND p.ident = ${ident}
        ) AS ok`,
  );
  return row?.ok === true;
}

/** Throws 403 unless the session's role holds `ident`. */
export async function requirePermission(db: Db, session: SessionInfo | null, ident: string) {
  if (!(await roleHolds(db, session, ident))) throw forbidden();
}
