import { describe, expect, it } from 'vitest';
import {
  type BoardSeat,
  boardInterlocks,
  cumulativeSeats,
  interlocksAmong,
  majoritySeats,
  nextSeatAbove,
  SEAT_EPSILON,
  seatEntitlement,
  shareholdingInterlocks,
} from './boards.ts';
import { buildOwnershipGraph, type Holding, type OwnershipGraph } from './graph.ts';

const h = (holder: string, company: string, share: number | null): Holding => ({ holder, company, share });
function graphOf(holdings: Holding[]): OwnershipGraph {
  const r = buildOwnershipGraph(holdings);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.graph;
}

describe('entitled seats under cumulative voting', () => {
  it('gives k − 1 at exactly k/(n + 1) and k just above it', () => {
    // n = 5: the steps are at 1/6, 2/6, 3/6, 4/6, 5/6
    for (let k = 1; k <= 5; k++) {
      expect(cumulativeSeats(k / 6, 5), `${k}/6`).toBe(k - 1);
      expect(cumulativeSeats(k / 6 + 1e-6, 5), `${k}/6 + ε`).toBe(k);
      expect(cumulativeSeats(k / 6 - 1e-6, 5), `${k}/6 − ε`).toBe(k - 1);
    }
    // n = 1: more than half elects the only director; exactly half does not
    expect(cumulativeSeats(0.5, 1)).toBe(0);
    expect(cumulativeSeats(0.500001, 1)).toBe(1);
  });

  it('treats a stake computed in floating point as the fraction it stands for', () => {
    // 0.1 + 0.2 = 0.30000000000000004; on 9 seats the step is 3/10: exactly 0.3 guarantees 2
    expect(cumulativeSeats(0.1 + 0.2, 9)).toBe(2);
    // 1/3 held through a chain (0.5 · 2/3) on a board of 2: the step itself, 0 seats
    expect(cumulativeSeats(0.5 * (2 / 3), 2)).toBe(0);
  });

  it('gives nothing for nothing and every seat for everything', () => {
    expect(cumulativeSeats(0, 7)).toBe(0);
    expect(cumulativeSeats(1, 7)).toBe(7);
    expect(cumulativeSeats(1, 1)).toBe(1);
    expect(cumulativeSeats(0.4, 0)).toBe(0);
  });

  it('agrees with the election played out', () => {
    // The holder spreads its s·n votes evenly over k candidates; the others, with (1 − s)·n votes,
    // keep all k out only by putting n − k + 1 candidates each above s·n/k. The holder is sure of
    // k seats when the others cannot (away from the exact steps, where they can only tie).
    const sure = (s: number, n: number, k: number) => ((1 - s) * n) / (n - k + 1) < (s * n) / k;
    for (let n = 1; n <= 11; n++)
      for (let m = 1; m < 1000; m++) {
        const s = m / 1000 + 1e-7;
        let k = 0;
        while (k < n && sure(s, n, k + 1)) k++;
        expect(cumulativeSeats(s, n), `s=${s} n=${n}`).toBe(k);
      }
  });

  it('an unknown stake, none, or no seats guarantee nothing', () => {
    expect(cumulativeSeats(Number.NaN, 5)).toBe(0);
    expect(cumulativeSeats(-0.2, 5)).toBe(0);
    expect(cumulativeSeats(0.6, -1)).toBe(0);
    expect(majoritySeats(0.6, -1)).toBe(0);
    // a stake past one half by no more than the rounding tolerance is one half
    expect(majoritySeats(0.5 + SEAT_EPSILON, 5)).toBe(0);
    expect(majoritySeats(0.5 + 10 * SEAT_EPSILON, 5)).toBe(5);
  });

  it('reads the plain majority beside it', () => {
    expect(majoritySeats(0.5, 5)).toBe(0);
    expect(majoritySeats(0.51, 5)).toBe(5);
    expect(majoritySeats(0.51, 0)).toBe(0);
    // 51% on 5 seats: 3 guaranteed cumulatively (3/6 < 0.51 ≤ 4/6), all 5 by majority
    expect(cumulativeSeats(0.51, 5)).toBe(3);
  });

  it('says what stake the next seat needs', () => {
    expect(nextSeatAbove(0.2, 4)).toBeCloseTo(0.2, 15); // exactly 1/5: one more needs more than 1/5
    expect(nextSeatAbove(0.21, 4)).toBeCloseTo(0.4, 15);
    expect(nextSeatAbove(1, 4)).toBeNull();
  });

  it('is not computable for an unknown share or an empty board', () => {
    expect(seatEntitlement(null, 5)).toEqual({ computable: false, reason: 'unknown-share' });
    expect(seatEntitlement(Number.NaN, 5)).toEqual({ computable: false, reason: 'unknown-share' });
    expect(seatEntitlement(0.3, 0)).toEqual({ computable: false, reason: 'no-seats' });
    expect(seatEntitlement(0.34, 5)).toEqual({
      computable: true,
      share: 0.34,
      seats: 5,
      cumulative: 2,
      majority: 0,
      nextAbove: 0.5,
    });
  });
});

/**
 * A small portfolio: A holds 40% of B; D holds 30% of A; A and E hold each other (20%, 10%).
 * Boards: P on A (holds the seat) and on B (for LH); Q on A only; R on C and D; S on B; T on E.
 * Persons' shares: Q 5% of B, 10% of C; R 1% of A; S an unknown share of A; T 2% of A.
 */
const seat = (id: number, company: string, person: string, position = 'member', f: string | null = null) =>
  ({ id, company, person, position, for: f }) satisfies BoardSeat;
const SEATS: BoardSeat[] = [
  seat(1, 'A', 'P', 'chairman'),
  seat(2, 'B', 'P', 'member', 'LH'),
  seat(3, 'A', 'Q'),
  seat(4, 'C', 'R', 'vice_chairman'),
  seat(5, 'D', 'R'),
  seat(6, 'B', 'S'),
  seat(7, 'E', 'T'),
];
const G = graphOf([
  h('A', 'B', 0.4),
  h('D', 'A', 0.3),
  h('A', 'E', 0.2),
  h('E', 'A', 0.1),
  h('Q', 'B', 0.05),
  h('Q', 'C', 0.1),
  h('R', 'A', 0.01),
  h('S', 'A', null),
  h('T', 'A', 0.02),
]);

describe('interlocks', () => {
  it('lists each person on two or more boards with the seats', () => {
    expect(boardInterlocks(SEATS)).toEqual([
      { person: 'P', seats: [SEATS[0], SEATS[1]] },
      { person: 'R', seats: [SEATS[3], SEATS[4]] },
    ]);
  });

  it('keeps the order persons were first seen in among equals', () => {
    const three = [
      seat(1, 'A', 'X'),
      seat(2, 'A', 'Y'),
      seat(3, 'A', 'Z'),
      seat(4, 'B', 'Z'),
      seat(5, 'B', 'Y'),
      seat(6, 'B', 'X'),
    ];
    expect(boardInterlocks(three).map((i) => i.person)).toEqual(['X', 'Y', 'Z']);
  });

  it('puts the person on most boards first and counts a board once', () => {
    const more = [...SEATS, seat(8, 'E', 'R'), seat(9, 'E', 'R', 'alternate')];
    expect(boardInterlocks(more).map((i) => [i.person, i.seats.length])).toEqual([
      ['R', 4],
      ['P', 2],
    ]);
    expect(boardInterlocks([seat(1, 'A', 'X'), seat(2, 'A', 'X', 'alternate')])).toEqual([]);
  });

  it('finds board members holding shares in a company tied to theirs, either way', () => {
    const found = shareholdingInterlocks(G, SEATS);
    expect(found).toEqual([
      // Q sits on A and holds 5% of B, which A holds (A → B 40%); Q's 10% of C is no tie of A's
      {
        person: 'Q',
        seat: SEATS[2],
        related: 'B',
        ties: [{ holder: 'A', company: 'B', share: 0.4 }],
        personShare: 0.05,
      },
      // R sits on D and holds 1% of A, which D holds (D → A 30%); R's seat on C has no tie
      {
        person: 'R',
        seat: SEATS[4],
        related: 'A',
        ties: [{ holder: 'D', company: 'A', share: 0.3 }],
        personShare: 0.01,
      },
      // S sits on B and holds an unknown share of A, which holds B
      {
        person: 'S',
        seat: SEATS[5],
        related: 'A',
        ties: [{ holder: 'A', company: 'B', share: 0.4 }],
        personShare: null,
      },
      // T sits on E and holds 2% of A: E and A hold each other, both ties named
      {
        person: 'T',
        seat: SEATS[6],
        related: 'A',
        ties: [
          { holder: 'E', company: 'A', share: 0.1 },
          { holder: 'A', company: 'E', share: 0.2 },
        ],
        personShare: 0.02,
      },
    ]);
  });

  it('keeps the ties of unknown share as ties', () => {
    const g = graphOf([h('A', 'B', null), h('Q', 'B', 0.05)]);
    expect(shareholdingInterlocks(g, [seat(3, 'A', 'Q')])).toEqual([
      {
        person: 'Q',
        seat: seat(3, 'A', 'Q'),
        related: 'B',
        ties: [{ holder: 'A', company: 'B', share: null }],
        personShare: 0.05,
      },
    ]);
    // a person with no holdings, or a board's company outside the graph, yields nothing
    expect(shareholdingInterlocks(g, [seat(1, 'A', 'Nobody'), seat(2, 'Z', 'Q')])).toEqual([]);
  });

  it('leaves out a shareholding interlock whose related company is outside the set', () => {
    // Q sits on A and holds 5% of B (held by A): with A alone, B is outside
    expect(interlocksAmong(G, SEATS, new Set(['A'])).shareholding).toEqual([]);
    expect(interlocksAmong(G, SEATS, new Set(['A', 'B'])).shareholding.map((i) => i.person)).toEqual([
      'Q',
      'S',
    ]);
  });

  it('restricts both kinds to a set of companies', () => {
    const among = interlocksAmong(G, SEATS, new Set(['A', 'B', 'C']));
    expect(among.board).toEqual([{ person: 'P', seats: [SEATS[0], SEATS[1]] }]);
    // Q (A, B) is inside; S (B, A) is inside; R's seat is on D and T's on E: outside
    expect(among.shareholding.map((i) => [i.person, i.seat.company, i.related])).toEqual([
      ['Q', 'A', 'B'],
      ['S', 'B', 'A'],
    ]);
  });
});
