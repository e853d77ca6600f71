import type { OwnershipGraph } from './graph.ts';

/**
 * Boards tied to ownership (issue 17, "Boards tied to ownership"): the seats the state's stake
 * entitles it to, and the interlocks among the boards of the portfolio.
 *
 * Entitled seats. Iran's Amended Commercial Code (لایحه اصلاحی قسمتی از قانون تجارت، ۱۳۴۷),
 * article 88, makes the election of directors cumulative: each shareholder's votes are multiplied
 * by the number of directors to elect, and may be given to one candidate or split among several.
 * Under cumulative voting a holder of a fraction s of the votes can elect k of n directors
 * whatever the others do if and only if s > k/(n + 1) (the standard arithmetic of cumulative
 * voting; e.g. Bhagat & Brickley 1984, "Cumulative voting: the value of minority shareholder
 * voting rights", J. Law & Econ. 27(2): 339–365: electing k of n needs more than k·S/(n + 1) of
 * the S shares voting). So the seats a stake guarantees are
 *     cumulative(s, n) = ceil(s·(n + 1)) − 1, within 0..n,
 * a stake of exactly k/(n + 1) guaranteeing k − 1 (the others can then tie, not beat, it).
 * Beside it, `majority` is the plain-majority reading (a holder of more than half the votes
 * elects every director where each seat is voted on separately): n when s > 1/2, else 0. The
 * figure shown as "entitled" is the cumulative one, since article 88 is the rule of the election.
 * A share that is not known gives no figure (`unknown-share`), never a guess; a board without
 * seats has nothing to divide (`no-seats`).
 *
 * Interlocks, among the boards current on a day (whoever sits: a true person holding a seat, or
 * the representative of a legal person holding it):
 *   - board: one person on the boards of two or more companies, with each seat;
 *   - shareholding: a person on company A's board who directly holds shares in a company B tied
 *     to A by a direct holding (A holds B, B holds A, or both). The "a company the
 *     board's company deals with" is read as "is tied to it by ownership" because the product
 *     has no register of trade between companies yet (contracts come later); when it has, the
 *     companies A deals with can be added to the ties here.
 * Node keys are the ownership graph's (`L<id>` a legal person, `T<id>` a true person).
 */

/** Shares computed from stored fractions: a stake within this of k/(n + 1) counts as equal to it. */
export const SEAT_EPSILON = 1e-9;

/** The seats a fraction `share` of the votes guarantees among `seats` under cumulative voting. */
export function cumulativeSeats(share: number, seats: number): number {
  // an unknown stake (NaN) guarantees nothing; no stake or no seats come to k ≤ 0 below
  if (Number.isNaN(share)) return 0;
  const k = Math.ceil(share * (seats + 1) - SEAT_EPSILON) - 1;
  return Math.max(0, Math.min(seats, k));
}

/** The seats a fraction `share` of the votes elects under plain majority voting: all above 1/2. */
export function majoritySeats(share: number, seats: number): number {
  return seats > 0 && share > 0.5 + SEAT_EPSILON ? seats : 0;
}

/**
 * The least stake (exclusive) that guarantees one more seat than `share` does under cumulative
 * voting: (k + 1)/(n + 1); null when `share` already guarantees every seat.
 */
export function nextSeatAbove(share: number, seats: number): number | null {
  const k = cumulativeSeats(share, seats);
  return k >= seats ? null : (k + 1) / (seats + 1);
}

export type SeatEntitlement =
  | {
      computable: true;
      share: number;
      seats: number;
      /** the seats the stake guarantees under cumulative voting (article 88): the "entitled" figure */
      cumulative: number;
      /** the seats it elects under plain majority voting */
      majority: number;
      /** the stake to exceed for one more cumulative seat; null when it has them all */
      nextAbove: number | null;
    }
  | { computable: false; reason: 'unknown-share' | 'no-seats' };

/** The seats `share` (null: unknown) entitles its holder to on a board of `seats` directors. */
export function seatEntitlement(share: number | null, seats: number): SeatEntitlement {
  if (share === null || Number.isNaN(share)) return { computable: false, reason: 'unknown-share' };
  if (seats <= 0) return { computable: false, reason: 'no-seats' };
  return {
    computable: true,
    share,
    seats,
    cumulative: cumulativeSeats(share, seats),
    majority: majoritySeats(share, seats),
    nextAbove: nextSeatAbove(share, seats),
  };
}

/** A seat on a company's current board, by the person who sits in it. */
export type BoardSeat = {
  /** the seat's id (as stored) */
  id: number;
  /** the company whose board it is */
  company: string;
  /** the true person who sits: the holder, or the legal holder's representative */
  person: string;
  position: string;
  /** the legal person holding the seat when `person` sits for it; null when `person` holds it */
  for: string | null;
};

/** One person on two or more boards: the person's seats, in the order given. */
export type BoardInterlock = { person: string; seats: BoardSeat[] };

/**
 * The persons sitting on the boards of two or more companies among `seats`: most boards first,
 * then by the person's key in the order first met.
 */
export function boardInterlocks(seats: readonly BoardSeat[]): BoardInterlock[] {
  const byPerson = new Map<string, BoardSeat[]>();
  for (const s of seats) {
    const list = byPerson.get(s.person);
    if (list) list.push(s);
    else byPerson.set(s.person, [s]);
  }
  const out: { person: string; seats: BoardSeat[]; boards: number; at: number }[] = [];
  let at = 0;
  for (const [person, list] of byPerson) {
    const boards = new Set(list.map((s) => s.company)).size;
    if (boards >= 2) out.push({ person, seats: list, boards, at: at++ });
  }
  out.sort((a, b) => b.boards - a.boards || a.at - b.at);
  return out.map(({ person, seats: list }) => ({ person, seats: list }));
}

/** A direct holding between two companies; share null when unknown. */
export type Tie = { holder: string; company: string; share: number | null };

/** A board member of `seat.company` who holds shares in `related`, a company tied to it. */
export type ShareholdingInterlock = {
  person: string;
  /** the person's seat on company A's board (`seat.company`) */
  seat: BoardSeat;
  /** company B */
  related: string;
  /** the direct holdings between A and B: A holds B, B holds A, or both */
  ties: Tie[];
  /** the person's direct share in B; null when declared without a figure */
  personShare: number | null;
};

const shareOf = (s: number) => (Number.isNaN(s) ? null : s);

/** Direct links of node `i` in one direction, summed by the other end (graph.ts merges them already). */
function linksOf(to: readonly number[], shares: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (let k = 0; k < to.length; k++) out.set(to[k]!, (out.get(to[k]!) ?? 0) + shares[k]!);
  return out;
}

/**
 * The board members who directly hold shares in a company tied by a direct holding to the
 * company whose board they sit on (module comment), in the order of `seats`, then of the
 * person's holdings.
 */
export function shareholdingInterlocks(
  g: OwnershipGraph,
  seats: readonly BoardSeat[],
): ShareholdingInterlock[] {
  const out: ShareholdingInterlock[] = [];
  for (const seat of seats) {
    const p = g.index.get(seat.person);
    const a = g.index.get(seat.company);
    if (p === undefined || a === undefined) continue;
    const held = linksOf(g.outTo[p]!, g.outShare[p]!);
    const aHolds = linksOf(g.outTo[a]!, g.outShare[a]!);
    const aHeldBy = linksOf(g.inFrom[a]!, g.inShare[a]!);
    // the person's holding in A itself finds no tie: the graph has no company holding itself
    for (const [b, personShare] of held) {
      const ties: Tie[] = [];
      const down = aHolds.get(b);
      if (down !== undefined) ties.push({ holder: seat.company, company: g.ids[b]!, share: shareOf(down) });
      const up = aHeldBy.get(b);
      if (up !== undefined) ties.push({ holder: g.ids[b]!, company: seat.company, share: shareOf(up) });
      if (ties.length)
        out.push({ person: seat.person, seat, related: g.ids[b]!, ties, personShare: shareOf(personShare) });
    }
  }
  return out;
}

/**
 * Both kinds of interlocks restricted to the companies `among` (keys): the seats on their boards
 * only, and shareholding interlocks whose two companies are both among them (the graph screens
 * draw these between the nodes they show).
 */
export function interlocksAmong(
  g: OwnershipGraph,
  seats: readonly BoardSeat[],
  among: ReadonlySet<string>,
): { board: BoardInterlock[]; shareholding: ShareholdingInterlock[] } {
  const inside = seats.filter((s) => among.has(s.company));
  return {
    board: boardInterlocks(inside),
    shareholding: shareholdingInterlocks(g, inside).filter((i) => among.has(i.related)),
  };
}
