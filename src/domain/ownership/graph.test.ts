import { describe, expect, it } from 'vitest';
import { buildOwnershipGraph, type Holding } from './graph.ts';

const h = (holder: string, company: string, share: number | null): Holding => ({ holder, company, share });

const errorsOf = (holdings: Holding[]) => {
  const r = buildOwnershipGraph(holdings);
  return r.ok ? [] : r.errors;
};
const cyclesOf = (holdings: Holding[]) =>
  errorsOf(holdings).flatMap((e) => (e.kind === 'divergent-cycle' ? [e.cycle] : []));

describe('the checks of the ownership graph', () => {
  it('names an over-held company with its total, unknown shares aside', () => {
    const [e, ...more] = errorsOf([h('P', 'C', 0.8), h('Q', 'C', 0.505), h('R', 'C', null)]);
    expect(more).toEqual([]);
    expect(e).toMatchObject({
      kind: 'over-held',
      company: 'C',
      message: 'C is held 130.5% in total by its direct holders: more than 100%',
    });
    if (e!.kind === 'over-held') expect(e!.total).toBeCloseTo(1.305, 15);
    expect(errorsOf([h('P', 'C', 0.8), h('Q', 'C', 0.7)])[0]!.message).toBe(
      'C is held 150% in total by its direct holders: more than 100%',
    );
  });

  it('looks for divergent cycles only once the other errors are gone', () => {
    const cycle = [h('A', 'B', 1), h('B', 'A', 1)];
    expect(cyclesOf(cycle)).toEqual([['A', 'B']]);
    expect(errorsOf([...cycle, h('P', 'C', 0.8), h('Q', 'C', 0.7)]).map((e) => e.kind)).toEqual([
      'over-held',
    ]);
  });

  it('finds a cycle through known shares only', () => {
    // A and B hold each other wholly; B holds an unknown part of C, which holds an unknown part of A
    expect(cyclesOf([h('A', 'B', 1), h('B', 'A', 1), h('B', 'C', null), h('C', 'A', null)])).toEqual([
      ['A', 'B'],
    ]);
  });

  it('names a company holding all of itself, and not one holding part of itself or none', () => {
    expect(cyclesOf([h('A', 'A', 1)])).toEqual([['A']]);
    expect(errorsOf([h('A', 'A', 0.5), h('P', 'A', 0.5)])).toEqual([]);
    expect(errorsOf([h('P', 'A', 1)])).toEqual([]);
  });

  it('walks the cycle from the company first in the input, inside the set held 100%', () => {
    // C → A → B → C, each wholly; A also holds part of X, outside the cycle, first
    expect(cyclesOf([h('A', 'X', 0.5), h('C', 'A', 1), h('A', 'B', 1), h('B', 'C', 1)])).toEqual([
      ['A', 'B', 'C'],
    ]);
    // A holds half of B and C the other half; B holds all of C, C all of A: from A the walk
    // reaches the cycle B → C → B, which is the one named
    expect(cyclesOf([h('A', 'B', 0.5), h('C', 'B', 0.5), h('B', 'C', 1), h('C', 'A', 1)])).toEqual([
      ['B', 'C'],
    ]);
  });
});
