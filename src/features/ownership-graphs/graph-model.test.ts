import { describe, expect, it } from 'vitest';
import type { InterlockNode, InterlocksAmongAnswer } from '~/contract/board-ownership.ts';
import { tiesOf } from './graph-model.ts';

const node = (key: string, name: string): InterlockNode => ({
  key,
  id: Number(key.slice(1)),
  name,
  ticker: null,
  state_class: null,
});
const seat = (company: InterlockNode, id: number) => ({ seat_id: id, company, position: 'عضو', for: null });
const A = node('L1', 'الف');
const B = node('L2', 'ب');
const C = node('L3', 'پ');
const P = node('T9', 'پرویز');

describe('tiesOf', () => {
  it("chains a person's boards in the graph's order, and keeps only ties between its nodes", () => {
    const answer: InterlocksAmongAnswer = {
      as_of: '2026-11-27',
      board: [{ kind: 'board', id: 'T9', person: P, boards: 3, seats: [seat(C, 1), seat(A, 2), seat(B, 3)] }],
      shareholding: [
        {
          kind: 'shareholding',
          id: '2:L3',
          person: P,
          seat: seat(A, 2),
          related: C,
          ties: [{ holder: A, company: C, share: 0.4 }],
          person_share: 0.05,
        },
      ],
    };
    const ties = tiesOf(answer, ['L2', 'L1', 'L3']);
    expect(ties.map((t) => [t.kind, t.a, t.b])).toEqual([
      ['board', 'L2', 'L1'],
      ['board', 'L1', 'L3'],
      ['shareholding', 'L1', 'L3'],
    ]);
    expect(ties[2]!.title).toBe('پرویز عضو هیئت مدیرهٔ الف و سهامدار پ (۵٪)');
    // C not drawn: one board arc left, and no shareholding tie
    expect(tiesOf(answer, ['L1', 'L2']).map((t) => [t.a, t.b])).toEqual([['L1', 'L2']]);
  });
});
