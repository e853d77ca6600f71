import { sql } from 'drizzle-orm';
import type { PersonSeatItem, TruePersonDetail } from '../../../contract/persons.ts';
import type { Db } from '../../db/client.ts';
import { isoTimestamp, queryRows } from '../../http/list.ts';
import { contactsOf, holdingsOf } from './legal-detail.ts';

interface SeatRow extends Omit<PersonSeatItem, 'company' | 'on_behalf_of'> {
  company_id: number;
  company_name: string;
  behalf_id: number | null;
  behalf_name: string | null;
}

/** The true person `id` with contacts, board seats, CEO posts and shareholdings, or null (none, or deleted). */
export async function truePersonDetail(db: Db, id: number): Promise<TruePersonDetail | null> {
  const [p] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT tp.id, tp.first_name, tp.last_name, tp.father_name, tp.national_code, tp.gender, tp.mobile,
          tp.email, tp.birth_certificate_number, tp.birth_date::text AS birth_date, tp.education_level,
          tp.field_of_study, tp.is_demo, tp.version,
          ${isoTimestamp(sql.raw('tp.created_at'))} AS created_at, ${isoTimestamp(sql.raw('tp.updated_at'))} AS updated_at,
          c.id AS city_id, c.name AS city_name, pr.id AS province_id, pr.name AS province_name
        FROM true_persons tp
        LEFT JOIN cities c ON c.id = tp.birth_city_id
        LEFT JOIN provinces pr ON pr.id = c.province_id
        WHERE tp.id = ${id} AND tp.deleted_at IS NULL`,
  );
  if (!p) return null;
  const [contacts, seats, ceoOf, shareholdings] = await Promise.all([
    contactsOf(db, 'true', id),
    queryRows<SeatRow>(
      db,
      sql`SELECT s.id, s.board_id, b.company_id, co.name AS company_name,
            CASE WHEN s.representative_id = ${id} AND s.holder_type = 'legal' THEN 'representative' ELSE 'holder' END AS role,
            CASE WHEN s.holder_type = 'legal' THEN s.holder_legal_id END AS behalf_id,
            CASE WHEN s.holder_type = 'legal' THEN hl.name END AS behalf_name,
            s.position, s.is_executive, s.is_independent, s.start_date::text AS start_date,
            s.end_date::text AS end_date, b.term_start::text AS term_start, b.term_end::text AS term_end
          FROM board_seats s
          JOIN boards b ON b.id = s.board_id
          JOIN legal_persons co ON co.id = b.company_id
          LEFT JOIN legal_persons hl ON hl.id = s.holder_legal_id
          WHERE s.id IN (SELECT id FROM board_seats WHERE holder_true_id = ${id}
                         UNION SELECT id FROM board_seats WHERE representative_id = ${id})
          ORDER BY b.term_start DESC NULLS LAST, s.id`,
    ),
    queryRows<{
      board_id: number;
      company_id: number;
      company_name: string;
      term_start: string | null;
      term_end: string | null;
    }>(
      db,
      sql`SELECT b.id AS board_id, b.company_id, co.name AS company_name,
            b.term_start::text AS term_start, b.term_end::text AS term_end
          FROM boards b JOIN legal_persons co ON co.id = b.company_id
          WHERE b.ceo_id = ${id} ORDER BY b.term_start DESC NULLS LAST, b.id`,
    ),
    holdingsOf(db, 'true', id),
  ]);
  const { city_id, city_name, province_id, province_name, ...fields } = p;
  return {
    ...(fields as Omit<
      TruePersonDetail,
      'birth_city' | 'province' | 'contacts' | 'board_seats' | 'ceo_of' | 'shareholdings'
    >),
    birth_city: city_id ? { id: city_id as number, name: city_name as string } : null,
    province: province_id ? { id: province_id as number, name: province_name as string } : null,
    contacts,
    board_seats: seats.map(({ company_id, company_name, behalf_id, behalf_name, ...s }) => ({
      ...s,
      company: { id: company_id, name: company_name },
      on_behalf_of: behalf_id ? { id: behalf_id, name: behalf_name ?? '' } : null,
    })),
    ceo_of: ceoOf.map(({ company_id, company_name, ...b }) => ({
      ...b,
      company: { id: company_id, name: company_name },
    })),
    shareholdings,
  };
}
