import { sql } from 'drizzle-orm';
import {
  type CompanyShareholders,
  companyShareholders as companyShareholdersSchema,
} from '../../../contract/boards.ts';
import { idParams } from '../../../contract/persons.ts';
import { roleHolds } from '../../auth/permissions.ts';
import { TRUE_CODES_PERMISSION, withoutTrueHolderCodes } from '../../auth/visibility.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { defineRoute } from '../../http/route.ts';
import { shareholdersOf } from '../persons/legal-detail.ts';

/**
 * The direct shareholders of company `id` (contract/boards.ts `CompanyShareholders`), largest
 * percentage first, or null when the company does not exist or is deleted. The totals count the
 * holdings valid today (no `valid_to`, or not passed yet).
 */
export async function companyShareholders(db: Db, id: number): Promise<CompanyShareholders | null> {
  const [company] = await queryRows<CompanyShareholders['company']>(
    db,
    sql`SELECT id, name, ticker, share_count::text AS share_count FROM legal_persons
        WHERE id = ${id} AND deleted_at IS NULL`,
  );
  if (!company) return null;
  const [shareholders, [totals]] = await Promise.all([
    shareholdersOf(db, id),
    queryRows<{ total: string; free: string }>(
      db,
      sql`SELECT COALESCE(sum(percentage), 0)::numeric(9, 6)::text AS total,
            GREATEST(0, 1 - COALESCE(sum(percentage), 0))::numeric(9, 6)::text AS free
          FROM shareholdings WHERE company_id = ${id} AND directness = 'direct'
            AND (valid_from IS NULL OR valid_from <= CURRENT_DATE) AND (valid_to IS NULL OR valid_to >= CURRENT_DATE)`,
    ),
  ]);
  return {
    company,
    shareholders,
    total_percentage: totals?.total ?? '0.000000',
    free_float: totals?.free ?? '1.000000',
  };
}

/** A company's shareholders screen (/person/shareholder/{legalId}). */
export const shareholderRoutes = [
  /**
   * GET /api/person/shareholders/:id (`person.legal.view`) — `CompanyShareholders`: holder, type,
   * share count, percentage (fraction 0..1, 6 decimals), class, valid from/to (ISO), the sum of
   * the current percentages and the free float (1 − sum, not below 0). 404 «شخص حقوقی یافت نشد».
   * True persons' national codes only for a role holding `person.true.view` (else null).
   */
  defineRoute({
    method: 'get',
    path: '/api/person/shareholders/:id{[0-9]+}',
    permission: 'person.legal.view',
    summary: "A company's direct shareholders with totals and free float",
    tags: ['persons'],
    params: idParams,
    response: companyShareholdersSchema,
    async handler({ db, params, session }) {
      const found = await companyShareholders(db, params.id);
      if (!found) throw notFound('شخص حقوقی یافت نشد');
      if (await roleHolds(db, session, TRUE_CODES_PERMISSION)) return found;
      return { ...found, shareholders: withoutTrueHolderCodes(found.shareholders) };
    },
  }),
];
