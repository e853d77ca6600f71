import { describe, expect, it } from 'vitest';
import {
  type CompanyState,
  compareDates,
  type DatedHolding,
  hasEndedBy,
  holdingsOn,
  isIsoDay,
  isValidOn,
} from './as-of.ts';
import { buildOwnershipGraph } from './graph.ts';
import { stateShares } from './integrated.ts';

const row = (
  holder: string,
  company: string,
  share: number,
  validFrom: string | null,
  validTo: string | null,
): DatedHolding => ({
  holder,
  company,
  share,
  validFrom,
  validTo,
});

describe('as of a date', () => {
  it('takes both ends as inclusive, and open ends as open', () => {
    const h = row('S', 'A', 0.6, '2020-03-21', '2023-03-20');
    expect(isValidOn(h, '2020-03-20')).toBe(false);
    expect(isValidOn(h, '2020-03-21')).toBe(true);
    expect(isValidOn(h, '2023-03-20')).toBe(true);
    expect(isValidOn(h, '2023-03-21')).toBe(false);
    expect(isValidOn(row('S', 'A', 1, null, null), '1900-01-01')).toBe(true);
    expect(isValidOn(row('S', 'A', 1, '2024-01-01', null), '2099-12-31')).toBe(true);
    expect(hasEndedBy(h, '2023-03-21')).toBe(true);
    expect(hasEndedBy(h, '2023-03-20')).toBe(false);
    expect(hasEndedBy(row('S', 'A', 1, '2024-01-01', null), '2099-12-31')).toBe(false);
  });
  it('recognises ISO days only', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2024-13-01')).toBe(false);
    expect(isIsoDay('1403/01/01')).toBe(false);
    expect(isIsoDay('2024-1-1')).toBe(false);
  });
  it('moves the state share with a transfer: the old holding ends the day before the new one starts', () => {
    // the state holds 60% of A until 1402/12/29 (2024-03-19); from 2024-03-20 a private P holds it
    const rows = [
      row('S', 'A', 0.6, '2015-03-21', '2024-03-19'),
      row('P', 'A', 0.6, '2024-03-20', null),
      row('Q', 'A', 0.4, null, null),
      row('A', 'B', 0.5, null, null),
    ];
    const on = (day: string) => {
      const r = buildOwnershipGraph(holdingsOn(rows, day));
      if (!r.ok) throw new Error('graph');
      return stateShares(r.graph, ['S']).figures;
    };
    expect(on('2024-03-19').get('A')).toBeCloseTo(0.6, 15);
    expect(on('2024-03-19').get('B')).toBeCloseTo(0.3, 15);
    expect(on('2024-03-20').get('A')).toBeUndefined();
    expect(holdingsOn(rows, '2024-03-20').map((h) => h.holder)).toEqual(['P', 'Q', 'A']);
  });
});

describe('comparing two dates', () => {
  const s = (share: number | null, cls: string | null, controller = 'none'): CompanyState => ({
    share,
    class: cls,
    controller,
  });
  it('lists what changed, largest change of share first, and leaves the rest out', () => {
    const before = new Map([
      ['A', s(0.6, 'state-owned', 'S')],
      ['B', s(0.3, 'state-affiliated')],
      ['C', s(0.1, 'state-affiliated')],
      ['D', s(0.2, 'state-affiliated')],
    ]);
    const after = new Map([
      ['A', s(0, 'private', 'P')],
      ['B', s(0.3, 'state-affiliated', 'X')],
      ['C', s(0.1 + 1e-12, 'state-affiliated')],
      ['D', s(null, null)],
      ['E', s(0.55, 'state-owned', 'S')],
    ]);
    const changes = compareDates(before, after);
    expect(changes.map((c) => c.company)).toEqual(['D', 'A', 'E', 'B']);
    const a = changes.find((c) => c.company === 'A')!;
    expect(a.shareChange).toBeCloseTo(-0.6, 15);
    expect(a.classChanged && a.controllerChanged).toBe(true);
    const b = changes.find((c) => c.company === 'B')!;
    expect([b.shareChange, b.classChanged, b.controllerChanged]).toEqual([0, false, true]);
    const d = changes.find((c) => c.company === 'D')!;
    expect([d.shareChange, d.classChanged]).toEqual([null, true]);
    const e = changes.find((c) => c.company === 'E')!;
    expect([e.before, e.shareChange]).toEqual([null, 0.55]);
  });
  it('finds nothing between a date and itself', () => {
    const m = new Map([['A', s(0.6, 'state-owned', 'S')]]);
    expect(compareDates(m, m)).toEqual([]);
  });
  it('takes a company absent on a date as private, with no share and no controller', () => {
    const before = new Map([
      ['F', s(0, 'private')],
      ['G', s(0.2, 'state-affiliated', 'S')],
    ]);
    const after = new Map([
      ['G', s(0.2, 'state-affiliated', 'S')],
      ['H', s(0, 'private')],
    ]);
    expect(compareDates(before, after)).toEqual([]);
    // and changed when it is not private there
    expect(compareDates(new Map([['F', s(0, 'state-affiliated')]]), new Map()).map((c) => c.company)).toEqual(
      ['F'],
    );
    expect(compareDates(new Map(), new Map([['F', s(0, 'private', 'P')]]))).toMatchObject([
      { company: 'F', before: null, shareChange: 0, classChanged: false, controllerChanged: true },
    ]);
  });
  it('counts a share that becomes computable or not as moved, and one not computable on both dates as not', () => {
    const unknown = s(null, 'state-affiliated');
    expect(compareDates(new Map([['A', unknown]]), new Map([['A', unknown]]))).toEqual([]);
    expect(
      compareDates(new Map([['A', unknown]]), new Map([['A', s(0.3, 'state-affiliated')]])),
    ).toMatchObject([{ company: 'A', shareChange: null, classChanged: false, controllerChanged: false }]);
    expect(
      compareDates(new Map([['A', s(0.3, 'state-affiliated')]]), new Map([['A', unknown]])),
    ).toMatchObject([{ company: 'A', shareChange: null }]);
  });
  it('lists a change of share alone, and orders equal changes by id', () => {
    const before = new Map([
      ['Z', s(0.3, 'state-affiliated')],
      ['Y', s(0.3, 'state-affiliated')],
      ['X', s(0.2, 'state-affiliated')],
    ]);
    const after = new Map([
      ['Z', s(0.4, 'state-affiliated')],
      ['Y', s(0.4, 'state-affiliated')],
      ['X', s(0.2 + 1e-6, 'state-affiliated')],
    ]);
    expect(compareDates(before, after).map((c) => c.company)).toEqual(['Y', 'Z', 'X']);
  });
});
