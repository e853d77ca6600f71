import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  BOARD_POSITION_ORDER,
  type BoardEditDetail,
  type BoardSeatDetail,
  type PersonRef,
} from '../../../contract/boards.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../http/list.ts';

/**
 * A board as stored (`BoardState`: the board's columns and its seats in id order, under the
 * API's field names) and as the editor loads it (`BoardEditDetail`). The `etag` is a SHA-256 of
 * the stored state: any change to the board or a seat changes it, a rename of a person does not.
 */

export interface SeatState {
  id: number;
  holder_type: 'legal' | 'true';
  holder_legal_id: number | null;
  holder_true_id: number | null;
  representative_id: number | null;
  position: string;
  is_executive: boolean;
  is_independent: boolean;
  start_date: string | null;
  end_date: string | null;
}

export interface BoardState {
  id: number;
  company_id: number;
  term_start: string | null;
  term_end: string | null;
  approved_by_assembly: boolean;
  ceo_id: number | null;
  seats: SeatState[];
}

/** The fingerprint a PUT must send back (hex SHA-256 of the state's JSON). */
export const etagOf = (state: BoardState) => createHash('sha256').update(JSON.stringify(state)).digest('hex');

/**
 * The stored state of board `id`, or null. `lock` takes the board's row lock (FOR UPDATE) so a
 * concurrent save waits for this transaction.
 */
export async function boardState(db: Db, id: number, lock = false): Promise<BoardState | null> {
  const [b] = await queryRows<Omit<BoardState, 'seats'>>(
    db,
    sql`SELECT id, company_id, term_start::text AS term_start, term_end::text AS term_end,
          approved_by_assembly, ceo_id FROM boards WHERE id = ${id} ${sql.raw(lock ? 'FOR UPDATE' : '')}`,
  );
  if (!b) return null;
  const seats = await queryRows<SeatState>(
    db,
    sql`SELECT id, holder_type, holder_legal_id, holder_true_id, representative_id, position, is_executive,
          is_independent, start_date::text AS start_date, end_date::text AS end_date
        FROM board_seats WHERE board_id = ${id} ORDER BY id`,
  );
  return { ...b, seats };
}

interface NamedPerson extends PersonRef {
  deleted: boolean;
}

/** Names of the legal and true persons `ids` (deleted ones included), by `legal:id` / `true:id`. */
export async function personRefs(db: Db, legal: number[], natural: number[]) {
  const out = new Map<string, NamedPerson>();
  if (legal.length) {
    const rows = await queryRows<NamedPerson>(
      db,
      sql`SELECT id, name, national_id, deleted_at IS NOT NULL AS deleted FROM legal_persons
          WHERE id = ANY(${sql.param(legal)}::int[])`,
    );
    for (const row of rows) out.set(`legal:${row.id}`, row);
  }
  if (natural.length) {
    const rows = await queryRows<NamedPerson>(
      db,
      sql`SELECT id, first_name || ' ' || last_name AS name, national_code AS national_id,
            deleted_at IS NOT NULL AS deleted FROM true_persons WHERE id = ANY(${sql.param(natural)}::int[])`,
    );
    for (const row of rows) out.set(`true:${row.id}`, row);
  }
  return out;
}

/** Board `id` for the editor (seats chairman first, then by id), or null when it or its company is gone. */
export async function boardEditDetail(db: Db, id: number): Promise<BoardEditDetail | null> {
  const state = await boardState(db, id);
  if (!state) return null;
  const legal = [
    state.company_id,
    ...state.seats.flatMap((s) => (s.holder_legal_id ? [s.holder_legal_id] : [])),
  ];
  const natural = [
    ...(state.ceo_id ? [state.ceo_id] : []),
    ...state.seats.flatMap((s) => [s.holder_true_id, s.representative_id].filter((v): v is number => !!v)),
  ];
  const refs = await personRefs(db, legal, natural);
  const company = refs.get(`legal:${state.company_id}`);
  if (!company || company.deleted) return null;
  const ref = (key: string): PersonRef => {
    const p = refs.get(key);
    return { id: Number(key.split(':')[1]), name: p?.name ?? '', national_id: p?.national_id ?? null };
  };
  const seats: BoardSeatDetail[] = state.seats
    .map((s) => ({
      id: s.id,
      holder_type: s.holder_type,
      holder: ref(s.holder_type === 'legal' ? `legal:${s.holder_legal_id}` : `true:${s.holder_true_id}`),
      representative: s.representative_id ? ref(`true:${s.representative_id}`) : null,
      position: s.position,
      is_executive: s.is_executive,
      is_independent: s.is_independent,
      start_date: s.start_date,
      end_date: s.end_date,
    }))
    .sort(
      (a, b) =>
        (BOARD_POSITION_ORDER[a.position] ?? 9) - (BOARD_POSITION_ORDER[b.position] ?? 9) || a.id - b.id,
    );
  return {
    id: state.id,
    company: ref(`legal:${state.company_id}`),
    term_start: state.term_start,
    term_end: state.term_end,
    approved_by_assembly: state.approved_by_assembly,
    ceo: state.ceo_id ? ref(`true:${state.ceo_id}`) : null,
    seats,
    etag: etagOf(state),
  };
}
