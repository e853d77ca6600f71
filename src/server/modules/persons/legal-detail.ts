import { sql } from 'drizzle-orm';
import type {
  BoardDetail,
  BoardSeatItem,
  BranchItem,
  ContactItem,
  HoldingItem,
  LegalPersonDetail,
  ShareholderItem,
} from '../../../contract/persons.ts';
import type { Db } from '../../db/client.ts';
import { isoTimestamp, queryRows } from '../../http/list.ts';
import { STATE_CLASS_SQL, STATE_SHARE_SQL } from '../ownership/classes.ts';

const POSITION_ORDER = sql.raw(
  `CASE s.position WHEN 'chairman' THEN 0 WHEN 'vice_chairman' THEN 1 WHEN 'member' THEN 2 ELSE 3 END`,
);

/** Contacts of a legal or true person, primary first. */
export function contactsOf(db: Db, ownerType: 'legal' | 'true', ownerId: number) {
  return queryRows<ContactItem>(
    db,
    sql`SELECT id, kind, value, is_primary FROM contacts
        WHERE owner_type = ${ownerType} AND owner_id = ${ownerId} ORDER BY is_primary DESC, kind, id`,
  );
}

/** The latest board term of a company with its seats and CEO, or null. */
export async function currentBoard(db: Db, companyId: number): Promise<BoardDetail | null> {
  const [b] = await queryRows<{
    id: number;
    term_start: string | null;
    term_end: string | null;
    approved_by_assembly: boolean;
    ceo_id: number | null;
    ceo_name: string | null;
    ceo_code: string | null;
  }>(
    db,
    sql`SELECT b.id, b.term_start::text AS term_start, b.term_end::text AS term_end, b.approved_by_assembly,
          b.ceo_id, t.first_name || ' ' || t.last_name AS ceo_name, t.national_code AS ceo_code
        FROM boards b LEFT JOIN true_persons t ON t.id = b.ceo_id
        WHERE b.company_id = ${companyId}
        ORDER BY b.term_start DESC NULLS LAST, b.id DESC LIMIT 1`,
  );
  if (!b) return null;
  const seats = await queryRows<BoardSeatItem & { rep_id: number | null; rep_name: string | null }>(
    db,
    sql`SELECT s.id, s.position, s.holder_type,
          COALESCE(s.holder_legal_id, s.holder_true_id) AS holder_id,
          CASE WHEN s.holder_type = 'legal' THEN hl.name ELSE ht.first_name || ' ' || ht.last_name END AS holder_name,
          s.representative_id AS rep_id, r.first_name || ' ' || r.last_name AS rep_name,
          s.is_executive, s.is_independent, s.start_date::text AS start_date, s.end_date::text AS end_date
        FROM board_seats s
        LEFT JOIN legal_persons hl ON hl.id = s.holder_legal_id
        LEFT JOIN true_persons ht ON ht.id = s.holder_true_id
        LEFT JOIN true_persons r ON r.id = s.representative_id
        WHERE s.board_id = ${b.id}
        ORDER BY ${POSITION_ORDER}, s.id`,
  );
  return {
    id: b.id,
    term_start: b.term_start,
    term_end: b.term_end,
    approved_by_assembly: b.approved_by_assembly,
    ceo: b.ceo_id ? { id: b.ceo_id, name: b.ceo_name ?? '', national_code: b.ceo_code } : null,
    seats: seats.map(({ rep_id, rep_name, ...s }) => ({
      ...s,
      representative: rep_id ? { id: rep_id, name: rep_name ?? '' } : null,
    })),
  };
}

/**
 * The direct holders of company `id` (largest percentage first, holdings of unknown share last),
 * current and ended: the company's view and its shareholders screen. Declared indirect interests
 * are not holders (issue 17): they are shown beside the computed figures.
 */
export function shareholdersOf(db: Db, id: number) {
  return queryRows<ShareholderItem>(
    db,
    sql`SELECT sh.id, sh.holder_type, COALESCE(sh.holder_legal_id, sh.holder_true_id) AS holder_id,
          CASE WHEN sh.holder_type = 'legal' THEN hl.name ELSE ht.first_name || ' ' || ht.last_name END AS holder_name,
          CASE WHEN sh.holder_type = 'legal' THEN hl.national_id ELSE ht.national_code END AS holder_national_id,
          sh.share_count::text AS share_count, sh.percentage::text AS percentage, sh.share_class,
          sh.valid_from::text AS valid_from, sh.valid_to::text AS valid_to
        FROM shareholdings sh
        LEFT JOIN legal_persons hl ON hl.id = sh.holder_legal_id
        LEFT JOIN true_persons ht ON ht.id = sh.holder_true_id
        WHERE sh.company_id = ${id} AND sh.directness = 'direct'
        ORDER BY sh.percentage DESC NULLS LAST, sh.id`,
  );
}

/** Companies a holder owns shares of (largest stake first). */
export function holdingsOf(db: Db, holderType: 'legal' | 'true', holderId: number) {
  const col = sql.raw(holderType === 'legal' ? 'sh.holder_legal_id' : 'sh.holder_true_id');
  return queryRows<HoldingItem>(
    db,
    sql`SELECT sh.id, sh.company_id, c.name AS company_name, c.ticker AS company_ticker,
          sh.share_count::text AS share_count, sh.percentage::text AS percentage
        FROM shareholdings sh JOIN legal_persons c ON c.id = sh.company_id
        WHERE ${col} = ${holderId} AND sh.directness = 'direct'
        ORDER BY sh.percentage DESC NULLS LAST, sh.id`,
  );
}

/** The legal person `id` with everything the view screen shows, or null when it does not exist or is deleted. */
export async function legalPersonDetail(db: Db, id: number): Promise<LegalPersonDetail | null> {
  const [p] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT lp.id, lp.name, lp.kind, lp.national_id, lp.registration_number,
          lp.registration_date::text AS registration_date, lp.legal_form, lp.economic_code, lp.ownership_type,
          lp.registered_capital::text AS registered_capital, lp.share_count::text AS share_count,
          lp.nominal_share_value::text AS nominal_share_value, lp.is_listed, lp.ticker, lp.isin, lp.market,
          lp.tsetmc_inscode, lp.fiscal_year_end, lp.auditor, lp.status, lp.address, lp.postal_code, lp.phone,
          lp.website, lp.employees, lp.is_demo, lp.version,
          ${sql.raw(STATE_CLASS_SQL)} AS state_class, ${sql.raw(STATE_SHARE_SQL)}::float8 AS state_share,
          ${isoTimestamp(sql.raw('lp.created_at'))} AS created_at, ${isoTimestamp(sql.raw('lp.updated_at'))} AS updated_at,
          c.id AS city_id, c.name AS city_name, pr.id AS province_id, pr.name AS province_name,
          i.id AS industry_id, i.code AS industry_code, i.name AS industry_name,
          sb.id AS sb_id, sb.name AS sb_name
        FROM legal_persons lp
        LEFT JOIN cities c ON c.id = lp.registration_city_id
        LEFT JOIN provinces pr ON pr.id = c.province_id
        LEFT JOIN industries i ON i.id = lp.industry_id
        LEFT JOIN legal_persons sb ON sb.id = lp.supervising_body_id
        WHERE lp.id = ${id} AND lp.deleted_at IS NULL`,
  );
  if (!p) return null;
  const [branches, contacts, shareholders, holdings, board] = await Promise.all([
    queryRows<BranchItem>(
      db,
      sql`SELECT b.id, b.name, c.name AS city, pr.name AS province, b.address, b.phone, b.manager
          FROM branches b LEFT JOIN cities c ON c.id = b.city_id LEFT JOIN provinces pr ON pr.id = c.province_id
          WHERE b.legal_person_id = ${id} ORDER BY b.name, b.id`,
    ),
    contactsOf(db, 'legal', id),
    shareholdersOf(db, id),
    holdingsOf(db, 'legal', id),
    currentBoard(db, id),
  ]);
  const {
    city_id,
    city_name,
    province_id,
    province_name,
    industry_id,
    industry_code,
    industry_name,
    sb_id,
    sb_name,
    ...fields
  } = p;
  return {
    ...(fields as Omit<
      LegalPersonDetail,
      | 'registration_city'
      | 'province'
      | 'industry'
      | 'supervising_body'
      | 'branches'
      | 'contacts'
      | 'shareholders'
      | 'holdings'
      | 'board'
    >),
    registration_city: city_id ? { id: city_id as number, name: city_name as string } : null,
    province: province_id ? { id: province_id as number, name: province_name as string } : null,
    industry: industry_id
      ? { id: industry_id as number, code: industry_code as string, name: industry_name as string }
      : null,
    supervising_body: sb_id ? { id: sb_id as number, name: sb_name as string } : null,
    branches,
    contacts,
    shareholders,
    holdings,
    board,
  };
}
