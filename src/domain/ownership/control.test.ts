import { describe, expect, it } from 'vitest';
import { classOfStateShare, controlledBy, stateClasses, ultimateController } from './control.ts';
import { buildOwnershipGraph, type Holding, type OwnershipGraph } from './graph.ts';

const h = (holder: string, company: string, share: number | null): Holding => ({ holder, company, share });
function graphOf(holdings: Holding[]): OwnershipGraph {
  const r = buildOwnershipGraph(holdings);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.graph;
}

describe('ultimate controller', () => {
  it('direct majority', () => {
    // P 60% > 50%: P controls C
    const g = graphOf([h('P', 'C', 0.6), h('Q', 'C', 0.4)]);
    expect(ultimateController(g, 'C')).toEqual({
      kind: 'controller',
      controller: 'P',
      share: 0.6,
      path: ['P', 'C'],
      unknownLinks: [],
    });
  });

  it('follows a chain of majorities to the top', () => {
    // G 51% of H, H 51% of C: H controls C, G controls H, so G is the ultimate controller
    // (its combined share in C is H's 51%, not the product 26.01%)
    const g = graphOf([h('G', 'H', 0.51), h('H', 'C', 0.51), h('O', 'C', 0.49)]);
    const r = ultimateController(g, 'C');
    expect(r).toMatchObject({ kind: 'controller', controller: 'G', path: ['G', 'H', 'C'] });
    if (r.kind === 'controller') expect(r.share).toBeCloseTo(0.51, 15);
  });

  it('combines a direct holding with those of controlled entities', () => {
    // G holds 30% of C directly and 60% of S (so controls S); S holds 25% of C.
    // G's combined share in C = 0.30 + 0.25 = 0.55 > 0.5; no one else has more than 45%.
    const holdings = [h('G', 'C', 0.3), h('G', 'S', 0.6), h('S', 'C', 0.25), h('O', 'C', 0.45)];
    const g = graphOf(holdings);
    const r = ultimateController(g, 'C');
    expect(r).toMatchObject({ kind: 'controller', controller: 'G' });
    if (r.kind === 'controller') expect(r.share).toBeCloseTo(0.55, 15);
    expect(controlledBy(g, ['G']).get('C')).toBeCloseTo(0.55, 15);
  });

  it('changes its answer with the threshold', () => {
    const g = graphOf([h('G', 'C', 0.3), h('G', 'S', 0.6), h('S', 'C', 0.25), h('O', 'C', 0.45)]);
    // at 60%: G does not control S (60% is not above 60%), so its share in C is 30%: no controller
    expect(ultimateController(g, 'C', { threshold: 0.6 })).toMatchObject({
      kind: 'none',
      largest: [{ holder: 'O', share: 0.45 }],
    });
    // at 40%: O's 45% is above the threshold, and so is G's 55%: two controllers at the top, a tie
    expect(ultimateController(g, 'C', { threshold: 0.4 })).toMatchObject({
      kind: 'tie',
      circular: false,
      candidates: [{ holder: 'G' }, { holder: 'O', share: 0.45 }],
    });
    // P 40%, Q 35%, R 25%: none at 50%; P alone at 36%; P and Q tie at 30%
    const g2 = graphOf([h('P', 'C', 0.4), h('Q', 'C', 0.35), h('R', 'C', 0.25)]);
    expect(ultimateController(g2, 'C').kind).toBe('none');
    expect(ultimateController(g2, 'C', { threshold: 0.36 })).toMatchObject({
      kind: 'controller',
      controller: 'P',
    });
    expect(ultimateController(g2, 'C', { threshold: 0.3 })).toMatchObject({ kind: 'tie', circular: false });
  });

  it('reports a tie', () => {
    // at 30%, P (40%) and Q (40%) both control C and neither controls the other
    const g = graphOf([h('P', 'C', 0.4), h('Q', 'C', 0.4), h('R', 'C', 0.2)]);
    expect(ultimateController(g, 'C', { threshold: 0.3 })).toEqual({
      kind: 'tie',
      circular: false,
      candidates: [
        { holder: 'P', share: 0.4 },
        { holder: 'Q', share: 0.4 },
      ],
      unknownLinks: [],
    });
  });

  it('reports a circle of control as a tie', () => {
    // A 60% of B, B 60% of A, A 60% of C: A and B control each other, both control C
    const g = graphOf([h('A', 'B', 0.6), h('B', 'A', 0.6), h('A', 'C', 0.6)]);
    const r = ultimateController(g, 'C');
    expect(r).toMatchObject({ kind: 'tie', circular: true });
    if (r.kind === 'tie') expect(r.candidates.map((c) => c.holder).sort()).toEqual(['A', 'B']);
  });

  it('no controller: a 50/50 split names both largest holders', () => {
    const g = graphOf([h('P', 'C', 0.5), h('Q', 'C', 0.5)]);
    expect(ultimateController(g, 'C')).toEqual({
      kind: 'none',
      largest: [
        { holder: 'P', share: 0.5 },
        { holder: 'Q', share: 0.5 },
      ],
      unknownLinks: [],
    });
    expect(ultimateController(g, 'nobody')).toMatchObject({ kind: 'none', largest: [] });
  });

  it('names holdings of unknown share that could change the answer', () => {
    const g = graphOf([h('P', 'C', 0.4), h('Q', 'C', null)]);
    expect(ultimateController(g, 'C')).toEqual({
      kind: 'none',
      largest: [{ holder: 'P', share: 0.4 }],
      unknownLinks: [{ holder: 'Q', company: 'C' }],
    });
    // only holdings of unknown share: no largest holder
    expect(ultimateController(graphOf([h('Q', 'C', null)]), 'C')).toMatchObject({
      kind: 'none',
      largest: [],
    });
  });

  it('leaves out of a circle of control an entity the circle controls', () => {
    // A and B control each other; A controls D, which controls C: D is below the circle
    const g = graphOf([h('A', 'B', 0.6), h('B', 'A', 0.6), h('A', 'D', 0.6), h('D', 'C', 0.6)]);
    const r = ultimateController(g, 'C');
    expect(r).toMatchObject({ kind: 'tie', circular: true });
    if (r.kind === 'tie') expect(r.candidates.map((c) => c.holder).sort()).toEqual(['A', 'B']);
  });

  it('does not count the company among its own controllers, where it holds its holder', () => {
    // H holds 60% of C and C holds 60% of H
    const g = graphOf([h('H', 'C', 0.6), h('C', 'H', 0.6)]);
    expect(ultimateController(g, 'C')).toMatchObject({
      kind: 'controller',
      controller: 'H',
      path: ['H', 'C'],
    });
  });

  it('gives the path through controlled entities only', () => {
    // G holds 10% of N (not controlled), which holds 20% of C; G controls S, which holds 60% of C
    const g = graphOf([h('G', 'N', 0.1), h('N', 'C', 0.2), h('G', 'S', 0.6), h('S', 'C', 0.6)]);
    expect(ultimateController(g, 'C')).toMatchObject({
      kind: 'controller',
      controller: 'G',
      path: ['G', 'S', 'C'],
    });
  });
});

describe('control by a set of owners', () => {
  it('passes over holdings of unknown share and the owners themselves', () => {
    // P holds an unknown part of C directly, and controls S, which holds 60% of C; P holds 60% of Q, another owner
    const g = graphOf([h('P', 'C', null), h('P', 'S', 0.6), h('S', 'C', 0.6), h('P', 'Q', 0.6)]);
    expect(controlledBy(g, ['P', 'Q'])).toEqual(
      new Map([
        ['S', 0.6],
        ['C', 0.6],
      ]),
    );
  });
});

describe('state classes', () => {
  // MIN is the state. MIN 60% of A (state-owned); MIN 30% and A 30% of B: state share
  // 0.3 + 0.6·0.3 = 0.48 ≤ 50%, but the state controls B (30% + 30% through A = 60%):
  // state-affiliated. MIN 10% of C: state-affiliated. D is held by P only: private.
  // A 90% of E: state share 0.54: state-owned. A ? of F: not computable, not controlled.
  const g = graphOf([
    h('MIN', 'A', 0.6),
    h('MIN', 'B', 0.3),
    h('A', 'B', 0.3),
    h('MIN', 'C', 0.1),
    h('P', 'D', 1),
    h('A', 'E', 0.9),
    h('A', 'F', null),
  ]);
  const classes = stateClasses(g, ['MIN']);
  it('classes every company from the state share vector and state control', () => {
    expect(classes.get('A')).toMatchObject({ class: 'state-owned', controlled: true });
    expect(classes.get('A')!.share).toBeCloseTo(0.6, 15);
    expect(classes.get('B')).toMatchObject({ class: 'state-affiliated', controlled: true });
    expect(classes.get('B')!.share).toBeCloseTo(0.48, 15);
    expect(classes.get('C')).toMatchObject({ class: 'state-affiliated', controlled: false });
    expect(classes.get('D')).toMatchObject({ class: 'private', share: 0, controlled: false });
    expect(classes.get('E')).toMatchObject({ class: 'state-owned' });
    expect(classes.get('E')!.share).toBeCloseTo(0.54, 15);
    expect(classes.get('F')).toEqual({
      class: null,
      share: null,
      controlled: false,
      unknownLinks: [{ holder: 'A', company: 'F' }],
    });
    expect(classes.has('MIN')).toBe(false);
    // a holder nobody holds is not a company
    expect(classes.has('P')).toBe(false);
    expect(classes.get('A')!.unknownLinks).toEqual([]);
    // a state entity held by another is the state, not a company of it
    expect(stateClasses(graphOf([h('MIN', 'ORG', 1), h('ORG', 'A', 0.6)]), ['MIN', 'ORG']).has('ORG')).toBe(
      false,
    );
  });
  it('uses the thresholds as stated: > 50% owned, > 0 affiliated', () => {
    expect(classOfStateShare(0.5000001, false)).toBe('state-owned');
    expect(classOfStateShare(0.5, false)).toBe('state-affiliated');
    expect(classOfStateShare(0, true)).toBe('state-affiliated');
    expect(classOfStateShare(0, false)).toBe('private');
    expect(classOfStateShare(null, true)).toBe('state-affiliated');
    expect(classOfStateShare(null, false)).toBe(null);
  });
});
