import { describe, expect, it } from 'vitest';
import { chains } from './chains.ts';
import { buildOwnershipGraph, type Holding, type OwnershipGraph } from './graph.ts';
import { holdingsOf, MAX_SWEEPS, NotConvergedError, ownersOf, stateShares } from './integrated.ts';

const h = (holder: string, company: string, share: number | null): Holding => ({ holder, company, share });

function graphOf(holdings: Holding[]): OwnershipGraph {
  const r = buildOwnershipGraph(holdings);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.graph;
}

const obj = (m: Map<string, number>) => Object.fromEntries(m);
function expectFigures(actual: Map<string, number>, expected: Record<string, number>) {
  expect(Object.keys(obj(actual)).sort()).toEqual(Object.keys(expected).sort());
  for (const [k, v] of Object.entries(expected)) expect(actual.get(k)).toBeCloseTo(v, 12);
}

describe('a chain', () => {
  // S —60%→ A —50%→ B —40%→ C
  const g = graphOf([h('S', 'A', 0.6), h('A', 'B', 0.5), h('B', 'C', 0.4)]);
  it('multiplies the shares along the chain, upward', () => {
    // B: 0.4; A: 0.5·0.4 = 0.2; S: 0.6·0.5·0.4 = 0.12
    const r = ownersOf(g, 'C');
    expectFigures(r.figures, { B: 0.4, A: 0.2, S: 0.12 });
    expect(r.notComputable.size).toBe(0);
  });
  it('and downward', () => {
    // A: 0.6; B: 0.6·0.5 = 0.3; C: 0.3·0.4 = 0.12
    expectFigures(holdingsOf(g, 'S').figures, { A: 0.6, B: 0.3, C: 0.12 });
  });
  it('explains the figure with its one chain', () => {
    const r = chains(g, 'S', 'C');
    expect(r.chains).toHaveLength(1);
    expect(r.chains[0]!.nodes).toEqual(['S', 'A', 'B', 'C']);
    expect(r.chains[0]!.product).toBeCloseTo(0.12, 15);
  });
  it('gives nothing for an unknown id', () => {
    expect(ownersOf(g, 'nobody').figures.size).toBe(0);
    expect(holdingsOf(g, 'nobody').figures.size).toBe(0);
  });
});

describe('a diamond', () => {
  // X —50%→ A —30%→ C;  X —40%→ B —20%→ C
  const g = graphOf([h('X', 'A', 0.5), h('X', 'B', 0.4), h('A', 'C', 0.3), h('B', 'C', 0.2)]);
  it('adds the two paths', () => {
    // X in C = 0.5·0.3 + 0.4·0.2 = 0.15 + 0.08 = 0.23
    expectFigures(ownersOf(g, 'C').figures, { A: 0.3, B: 0.2, X: 0.23 });
    expectFigures(holdingsOf(g, 'X').figures, { A: 0.5, B: 0.4, C: 0.23 });
  });
  it('lists the chains largest first, summing to the figure', () => {
    const r = chains(g, 'X', 'C');
    expect(r.chains.map((c) => c.nodes.join('>'))).toEqual(['X>A>C', 'X>B>C']);
    expect(r.chains[0]!.product).toBeCloseTo(0.15, 15);
    expect(r.chains[1]!.product).toBeCloseTo(0.08, 15);
    expect(r.truncated).toBe(false);
    expect(chains(g, 'X', 'C', { limit: 1 })).toMatchObject({
      chains: [{ nodes: ['X', 'A', 'C'] }],
      truncated: true,
    });
    // the search itself is bounded: one expansion (X) finds no chain yet
    expect(chains(g, 'X', 'C', { maxExpansions: 1 })).toEqual({ chains: [], truncated: true });
  });
});

describe('a two-company cross-holding (corrected as Vitali et al. 2011: see integrated.ts)', () => {
  // X —50%→ A —40%→ B —30%→ A. The A→B→A loop has product 0.4·0.3 = 0.12: (I − A)⁻¹ holds the
  // factor 1/(1 − 0.12) = 1/0.88 on every walk that may go round it, and (I − A)⁻¹[A][A] =
  // (I − A)⁻¹[B][B] = 1/0.88.
  const g = graphOf([h('X', 'A', 0.5), h('A', 'B', 0.4), h('B', 'A', 0.3)]);
  it('counts each holder once: a holder in the cycle is not credited with its own shares held back through it', () => {
    // owners of B: A's walks to B that do not return to A: the link, 0.4 (plain sum 0.4/0.88);
    // X is in no cycle: 0.5·0.4/0.88 = 0.227272…; B's share of itself is not a holding
    expectFigures(ownersOf(g, 'B').figures, { A: 0.4, X: 0.2 / 0.88 });
    // owners of A: B 0.3 (plain 0.3/0.88); X 0.5/0.88 = 0.568181… (A's 12% held back through B
    // leaves more of A to X)
    expectFigures(ownersOf(g, 'A').figures, { B: 0.3, X: 0.5 / 0.88 });
    expectFigures(holdingsOf(g, 'X').figures, { A: 0.5 / 0.88, B: 0.2 / 0.88 });
    expectFigures(holdingsOf(g, 'A').figures, { B: 0.4 });
    expectFigures(holdingsOf(g, 'B').figures, { A: 0.3 });
  });
  it('explains with simple chains only (the loops are the rest of the figure)', () => {
    const r = chains(g, 'X', 'B');
    expect(r.chains.map((c) => c.nodes)).toEqual([['X', 'A', 'B']]);
    expect(r.chains[0]!.product).toBeCloseTo(0.2, 15);
  });
});

describe('a three-company cycle', () => {
  // A —50%→ B —50%→ C —50%→ A, and X —40%→ A. Cycle product 0.125; 1/(1 − 0.125) = 8/7.
  const g = graphOf([h('A', 'B', 0.5), h('B', 'C', 0.5), h('C', 'A', 0.5), h('X', 'A', 0.4)]);
  it('converges to the geometric series for an outside holder', () => {
    // X in A = 0.4·8/7 = 0.457142…; in B = 0.2·8/7 = 0.228571…; in C = 0.1·8/7 = 0.114285…
    expectFigures(holdingsOf(g, 'X').figures, { A: 0.4 / 0.875, B: 0.2 / 0.875, C: 0.1 / 0.875 });
  });
  it('gives a member of the cycle its chain once round', () => {
    // owners of A: C 0.5; B 0.5·0.5 = 0.25 (plain 0.25·8/7); X 0.4·8/7; A itself not reported
    expectFigures(ownersOf(g, 'A').figures, { C: 0.5, B: 0.25, X: 0.4 / 0.875 });
    expectFigures(holdingsOf(g, 'A').figures, { B: 0.5, C: 0.25 });
  });
});

describe('a holder in a cycle through an unknown link', () => {
  // X —50%→ A —?→ X, and X —30%→ C: X's own walks to C never go round the cycle, so X's figure
  // is computable; A's (A → X → C) is not.
  const g = graphOf([h('X', 'A', 0.5), { holder: 'A', company: 'X', share: null }, h('X', 'C', 0.3)]);
  it('computes what avoids the unknown link and names it where it does not', () => {
    const r = ownersOf(g, 'C');
    expectFigures(r.figures, { X: 0.3 });
    expect(r.notComputable.get('A')).toEqual([{ holder: 'A', company: 'X' }]);
    expectFigures(holdingsOf(g, 'X').figures, { A: 0.5, C: 0.3 });
  });
});

describe('data errors', () => {
  it('names a divergent two-company cycle', () => {
    const r = buildOwnershipGraph([h('A', 'B', 1), h('B', 'A', 1)]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ kind: 'divergent-cycle', cycle: ['A', 'B'] });
    expect(r.errors[0]!.message).toContain('A → B → A');
  });
  it('names a divergent three-company cycle in holding order', () => {
    // P —100%→ Q —100%→ R —100%→ P: each held 100% from inside the cycle
    const r = buildOwnershipGraph([h('Q', 'R', 1), h('P', 'Q', 1), h('R', 'P', 1), h('Z', 'W', 0.5)]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const e = r.errors[0]!;
    expect(e.kind).toBe('divergent-cycle');
    if (e.kind !== 'divergent-cycle') return;
    const rotations = [
      ['P', 'Q', 'R'],
      ['Q', 'R', 'P'],
      ['R', 'P', 'Q'],
    ];
    expect(rotations).toContainEqual(e.cycle);
  });
  it('names a divergent set whose companies are held 100% from inside without one cycle of 100% links', () => {
    // A and B each hold 50% of the other and 50% of themselves (own shares): every column sums to 1 inside
    const r = buildOwnershipGraph([h('A', 'B', 0.5), h('B', 'A', 0.5), h('A', 'A', 0.5), h('B', 'B', 0.5)]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]).toMatchObject({ kind: 'divergent-cycle' });
  });
  it('names a self-holding of 100%', () => {
    const r = buildOwnershipGraph([h('A', 'A', 1)]);
    expect(!r.ok && r.errors[0]).toMatchObject({ kind: 'divergent-cycle', cycle: ['A'] });
  });
  it('accepts a cycle held partly from outside', () => {
    // A —100%→ B —60%→ A, X —40%→ A: column of A sums to 1 but only 0.6 inside: ρ < 1
    const g = graphOf([h('A', 'B', 1), h('B', 'A', 0.6), h('X', 'A', 0.4)]);
    // X in A = 0.4/(1 − 0.6) = 1; X in B = 1·1 = 1: X owns everything through the cycle
    expectFigures(holdingsOf(g, 'X').figures, { A: 1, B: 1 });
    // inside it, each holds what its chain once round gives: A 100% of B, B 60% of A
    expectFigures(ownersOf(g, 'B').figures, { A: 1, X: 1 });
    expectFigures(ownersOf(g, 'A').figures, { B: 0.6, X: 1 });
  });
  it('gives up, naming the cycle, where a cycle is held just under 100% from inside', () => {
    // A and B each hold 99.99999% of the other: spectral radius 0.9999999, not a data error, but
    // Gauss–Seidel would need about 3·10⁸ sweeps to converge
    const g = graphOf([h('A', 'B', 0.9999999), h('B', 'A', 0.9999999)]);
    expect(() => ownersOf(g, 'A')).toThrow(NotConvergedError);
    expect(() => ownersOf(g, 'A')).toThrow(`within ${MAX_SWEEPS} sweeps on`);
  });
  it('refuses shares outside (0, 1]', () => {
    const r = buildOwnershipGraph([
      h('A', 'B', 1.2),
      h('A', 'C', 0),
      h('A', 'D', -0.1),
      h('A', 'E', Number.NaN),
    ]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.kind)).toEqual(Array(4).fill('share-out-of-range'));
    expect(r.errors[0]!.message).toContain('A in B');
  });
  it('refuses a company held more than 100% by its direct holders', () => {
    const r = buildOwnershipGraph([h('X', 'A', 0.7), h('Y', 'A', 0.4), h('Y', 'B', 0.4)]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ kind: 'over-held', company: 'A' });
    expect(r.errors[0]!.message).toContain('110%');
  });
  it('adds up two rows for the same holder and company', () => {
    const g = graphOf([h('X', 'A', 0.2), h('X', 'A', 0.3)]);
    expectFigures(ownersOf(g, 'A').figures, { X: 0.5 });
  });
});

describe('an unknown share in a chain', () => {
  // S —60%→ A —?→ B —50%→ C;  S —10%→ C;  Y —30%→ B
  const g = graphOf([
    h('S', 'A', 0.6),
    h('A', 'B', null),
    h('B', 'C', 0.5),
    h('S', 'C', 0.1),
    h('Y', 'B', 0.3),
  ]);
  const missing = [{ holder: 'A', company: 'B' }];
  it('upward: the holders whose chains pass the unknown link are not computable, naming it', () => {
    const r = ownersOf(g, 'C');
    // B: 0.5; Y: 0.3·0.5 = 0.15 (no unknown link on its chain)
    expectFigures(r.figures, { B: 0.5, Y: 0.15 });
    expect(Object.fromEntries(r.notComputable)).toEqual({ A: missing, S: missing });
  });
  it('downward: the companies past the unknown link are not computable', () => {
    const r = holdingsOf(g, 'S');
    expectFigures(r.figures, { A: 0.6 });
    expect(Object.fromEntries(r.notComputable)).toEqual({ B: missing, C: missing });
  });
  it('state share too, and the chains say which link is unknown', () => {
    const r = stateShares(g, ['S']);
    expectFigures(r.figures, { A: 0.6 });
    expect([...r.notComputable.keys()].sort()).toEqual(['B', 'C']);
    expect(Number.isNaN(r.vector[g.index.get('C')!]!)).toBe(true);
    const c = chains(g, 'S', 'C');
    // S → C (0.1) known, first; S → A → B → C has the unknown link A → B
    expect(c.chains.map((x) => [x.nodes.join('>'), x.product])).toEqual([
      ['S>C', 0.1],
      ['S>A>B>C', null],
    ]);
    expect(c.chains[1]!.unknownLinks).toEqual(missing);
  });
});

describe('state share', () => {
  it('counts the state as one owner: a ministry holding a state holding is not counted twice', () => {
    // MIN —100%→ HOLD —50%→ X; both MIN and HOLD are state entities.
    // State share of X = 0.5 (not 0.5 through MIN→HOLD→X plus 0.5 through HOLD→X).
    const g = graphOf([h('MIN', 'HOLD', 1), h('HOLD', 'X', 0.5), h('P', 'X', 0.5)]);
    const r = stateShares(g, ['MIN', 'HOLD']);
    expect(r.figures.get('X')).toBeCloseTo(0.5, 15);
    // the state entities that are held by the state show their share too
    expect(r.figures.get('HOLD')).toBeCloseTo(1, 15);
  });
  it('goes round cycles', () => {
    // G —40%→ A —40%→ B —30%→ A; state share of A = 0.4/0.88, of B = 0.16/0.88
    const g = graphOf([h('G', 'A', 0.4), h('A', 'B', 0.4), h('B', 'A', 0.3)]);
    expectFigures(stateShares(g, ['G']).figures, { A: 0.4 / 0.88, B: 0.16 / 0.88 });
  });
});
