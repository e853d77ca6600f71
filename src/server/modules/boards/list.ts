import { sql } from 'drizzle-orm';
import type { ListSpec } from '../../http/list.ts';

/** SQL fragments are static text: every user value travels as a parameter. */
const r = (text: string) => sql.raw(text);

/** Seats of the row's board (a scalar subquery served by board_seats' board_id index). */
const SEAT_COUNT = '(SELECT count(*)::int FROM board_seats s WHERE s.board_id = b.id)';
/** A term is current until its end day has passed (no end: current). */
const IS_CURRENT = '(b.term_end IS NULL OR b.term_end >= CURRENT_DATE)';

/**
 * The boards list (GET /api/person/boards); row shape `BoardRow` (contract/boards.ts). Boards of
 * deleted companies are not listed. Newest term first by default.
 */
export const boardsList: ListSpec = {
  select: r(`b.id, b.company_id, lp.name AS company_name, lp.ticker AS company_ticker,
    b.term_start::text AS term_start, b.term_end::text AS term_end, b.approved_by_assembly, b.ceo_id,
    t.first_name || ' ' || t.last_name AS ceo_name, ${SEAT_COUNT} AS seat_count, ${IS_CURRENT} AS is_current`),
  from: r(`boards b JOIN legal_persons lp ON lp.id = b.company_id
    LEFT JOIN true_persons t ON t.id = b.ceo_id`),
  countFrom: r('boards b JOIN legal_persons lp ON lp.id = b.company_id'),
  id: r('b.id'),
  search: r('lp.search_text'),
  where: r('lp.deleted_at IS NULL'),
  sorts: {
    company_name: { expr: r('lp.name'), type: 'text' },
    term_start: { expr: r('b.term_start'), type: 'date', nullable: true },
    term_end: { expr: r('b.term_end'), type: 'date', nullable: true },
    seat_count: { expr: r(SEAT_COUNT), type: 'int' },
  },
  defaultSort: 'term_start',
  defaultDescending: true,
  filters: {
    company_id: { expr: r('b.company_id'), type: 'int' },
    is_current: { expr: r(IS_CURRENT), type: 'bool' },
    approved_by_assembly: { expr: r('b.approved_by_assembly'), type: 'bool' },
    term_start: { expr: r('b.term_start'), type: 'date' },
    term_end: { expr: r('b.term_end'), type: 'date' },
    company_name: { expr: r('lp.name'), type: 'text' },
  },
};
