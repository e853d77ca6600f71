import type { Rng } from '../../domain/random.ts';
import type { BulkType } from './bulk.ts';
import type { Row } from './generate.ts';

export const BOARD_COLUMNS: Record<string, BulkType> = {
  id: 'int',
  company_id: 'int',
  term_start: 'date',
  term_end: 'date',
  approved_by_assembly: 'bool',
  ceo_id: 'int',
};

export const SEAT_COLUMNS: Record<string, BulkType> = {
  id: 'int',
  board_id: 'int',
  holder_type: 'text',
  holder_legal_id: 'int',
  holder_true_id: 'int',
  representative_id: 'int',
  position: 'text',
  is_executive: 'bool',
  is_independent: 'bool',
  start_date: 'date',
  end_date: 'date',
};

export interface BoardInput {
  companyId: number;
  /** Legal-person shareholders able to hold a seat, largest first. */
  legalHolders: number[];
}

/** Picks true persons: most often from a pool of board regulars (interlocking boards), else anyone. */
export function personPicker(rng: Rng, firstId: number, count: number, regulars = Math.ceil(count / 5)) {
  return () => firstId + (rng.chance(0.7) ? rng.int(0, regulars - 1) : rng.int(0, count - 1));
}

/** Adds whole years to an ISO date (29 February becomes 28 February). */
const addYears = (iso: string, years: number) =>
  `${Number(iso.slice(0, 4)) + years}${iso.slice(4).replace('-02-29', '-02-28')}`;

/**
 * Boards for `companies`: a current two-year term (started in the two years before `today`) with 3–7 main seats
 * (chairman, vice_chairman, members) and 0–2 alternates; seats go to the larger legal-person
 * shareholders (with a true-person representative) or to true persons; the CEO sits on the
 * board as an executive member about half the time; some non-executive individuals are
 * independent. `pastShare` of companies also get the previous, ended term.
 * Ids start after `firstBoardId` / `firstSeatId`.
 */
export function buildBoards(
  rng: Rng,
  companies: readonly BoardInput[],
  pickPerson: () => number,
  opts: {
    firstBoardId?: number;
    firstSeatId?: number;
    pastShare?: number;
    maxSeats?: number;
    /** Give some boards alternate members (default true). */
    alternates?: boolean;
    today?: Date;
  } = {},
): { boards: Row[]; seats: Row[] } {
  const boards: Row[] = [];
  const seats: Row[] = [];
  let boardId = opts.firstBoardId ?? 0;
  let seatId = opts.firstSeatId ?? 0;
  const term = (c: BoardInput, start: string, current: boolean) => {
    const end = addYears(start, 2);
    const ceo = pickPerson();
    const id = ++boardId;
    boards.push({
      id,
      company_id: c.companyId,
      term_start: start,
      term_end: end,
      approved_by_assembly: rng.chance(0.92),
      ceo_id: ceo,
    });
    const main = Math.min(rng.pick([3, 5, 5, 5, 7]), opts.maxSeats ?? 7);
    const alternates = opts.alternates === false ? 0 : rng.pick([0, 0, 1, 2]);
    const used = new Set<number>([ceo]);
    const fresh = () => {
      for (let i = 0; i < 20; i++) {
        const p = pickPerson();
        if (!used.has(p)) {
          used.add(p);
          return p;
        }
      }
      return pickPerson();
    };
    const ceoSeat = rng.chance(0.5) ? rng.int(1, main - 1) : -1;
    const extraExec = rng.chance(0.2) ? rng.int(1, main - 1) : -1;
    for (let i = 0; i < main + alternates; i++) {
      const position = i >= main ? 'alternate' : i === 0 ? 'chairman' : i === 1 ? 'vice_chairman' : 'member';
      const person = i === ceoSeat ? ceo : fresh();
      const legal = i < main && i < c.legalHolders.length && rng.chance(0.85) ? c.legalHolders[i]! : null;
      const executive = i === ceoSeat || (i === extraExec && i !== 0);
      seats.push({
        id: ++seatId,
        board_id: id,
        holder_type: legal ? 'legal' : 'true',
        holder_legal_id: legal,
        holder_true_id: legal ? null : person,
        representative_id: legal ? person : null,
        position,
        is_executive: executive,
        is_independent: !executive && !legal && position !== 'alternate' && rng.chance(0.4),
        start_date: start,
        end_date: current ? null : end,
      });
    }
  };
  const today = (opts.today ?? new Date()).getTime();
  for (const c of companies) {
    const start = new Date(today - rng.int(20, 700) * 86_400_000).toISOString().slice(0, 10);
    if (rng.chance(opts.pastShare ?? 0.3)) term(c, addYears(start, -2), false);
    term(c, start, true);
  }
  return { boards, seats };
}
