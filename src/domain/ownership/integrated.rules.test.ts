// The rules of integrated.ts checked against its formula computed densely (module comment):
// N = (I − A)⁻¹, L = N − I, the corrected share L'[i][j] = L[i][j] / N[i][i] (i ≠ j), and the
// state share sᵀ = 1_Sᵀ A (I − D A)⁻¹; then the unknown links, the set of owners, and the
// iteration's stopping rule, each on a small graph written here.
import { describe, expect, it } from 'vitest';
import { buildOwnershipGraph, type Holding, type OwnershipGraph } from './graph.ts';
import { holdingsOf, MAX_SWEEPS, NotConvergedError, ownersOf, stateShares } from './integrated.ts';

const h = (holder: string, company: string, share: number | null): Holding => ({ holder, company, share });

function graphOf(holdings: Holding[]): OwnershipGraph {
  const r = buildOwnershipGraph(holdings);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.graph;
}

/** The inverse of a small dense matrix (Gauss–Jordan with partial pivoting). */
function inverse(m: number[][]): number[][] {
  const n = m.length;
  const a = m.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < n; col++) {
    let p = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[p]![col]!)) p = r;
    [a[col], a[p]] = [a[p]!, a[col]!];
    const pivot = a[col]![col]!;
    for (let k = 0; k < 2 * n; k++) a[col]![k]! /= pivot;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = a[r]![col]!;
      for (let k = 0; k < 2 * n; k++) a[r]![k]! -= f * a[col]![k]!;
    }
  }
  return a.map((row) => row.slice(n));
}

/** The dense figures of a graph of known shares. */
function dense(holdings: Holding[]) {
  const ids = [...new Set(holdings.flatMap((x) => [x.holder, x.company]))].sort();
  const at = new Map(ids.map((id, i) => [id, i]));
  const A = ids.map(() => ids.map(() => 0));
  for (const x of holdings) A[at.get(x.holder)!]![at.get(x.company)!]! += x.share!;
  const N = inverse(A.map((row, i) => row.map((v, j) => (i === j ? 1 : 0) - v)));
  const corrected = (i: number, j: number) => N[i]![j]! / N[i]![i]!;
  const figures = (pairs: [string, number][]) => Object.fromEntries(pairs.filter(([, v]) => v > 0));
  return {
    ownersOf: (c: string) =>
      figures(ids.filter((id) => id !== c).map((id) => [id, corrected(at.get(id)!, at.get(c)!)])),
    holdingsOf: (o: string) =>
      figures(ids.filter((id) => id !== o).map((id) => [id, corrected(at.get(o)!, at.get(id)!)])),
    stateShares: (S: string[]) => {
      const inS = ids.map((id) => S.includes(id));
      const M = inverse(A.map((row, i) => row.map((v, j) => (i === j ? 1 : 0) - (inS[i] ? 0 : v))));
      const seed = ids.map((_, j) => ids.reduce((sum, _id, k) => sum + (inS[k] ? A[k]![j]! : 0), 0));
      return figures(ids.map((id, j) => [id, seed.reduce((sum, v, k) => sum + v * M[k]![j]!, 0)]));
    },
    ids,
  };
}

function expectFigures(actual: Map<string, number>, expected: Record<string, number>, digits = 13) {
  expect(Object.keys(Object.fromEntries(actual)).sort()).toEqual(Object.keys(expected).sort());
  for (const [k, v] of Object.entries(expected)) expect(actual.get(k)).toBeCloseTo(v, digits);
}

/** Every query of the graph, one after the other on the same graph (its workspace reused). */
function expectDense(holdings: Holding[]) {
  const g = graphOf(holdings);
  const d = dense(holdings);
  for (let round = 0; round < 2; round++)
    for (const id of d.ids) {
      expectFigures(ownersOf(g, id).figures, d.ownersOf(id));
      expectFigures(holdingsOf(g, id).figures, d.holdingsOf(id));
      expectFigures(stateShares(g, [id]).figures, d.stateShares([id]));
    }
  return { g, d };
}

describe('own shares and cycles against the dense formula', () => {
  it('a company holding its own shares, in no cycle with others', () => {
    // X —40%→ H, H holds 20% of itself, H —50%→ C. H's share of C: its walks that do not come
    // back to H, 0.5 (plain 0.5/0.8); X in no cycle: 0.4·0.5/0.8 = 0.25; X in H 0.4/0.8
    const { g } = expectDense([h('X', 'H', 0.4), h('H', 'H', 0.2), h('H', 'C', 0.5)]);
    expectFigures(ownersOf(g, 'C').figures, { H: 0.5, X: 0.25 });
    expectFigures(holdingsOf(g, 'X').figures, { H: 0.5, C: 0.25 });
  });

  it('a company holding its own shares inside a cross-holding', () => {
    expectDense([h('X', 'A', 0.4), h('A', 'B', 0.5), h('B', 'A', 0.3), h('A', 'A', 0.2), h('B', 'C', 0.6)]);
  });

  it('a cycle held by another cycle: the upper one reads the final figures of the lower one', () => {
    expectDense([
      h('D', 'E', 0.5),
      h('E', 'D', 0.4),
      h('D', 'A', 0.3),
      h('E', 'B', 0.2),
      h('A', 'B', 0.5),
      h('B', 'A', 0.5),
      h('B', 'C', 0.6),
      h('Y', 'D', 0.1),
    ]);
  });

  it('the state as a set of owners, some of them in a cycle', () => {
    const holdings = [
      h('D', 'E', 0.5),
      h('E', 'D', 0.4),
      h('D', 'A', 0.3),
      h('A', 'B', 0.5),
      h('B', 'A', 0.5),
    ];
    const g = graphOf(holdings);
    const d = dense(holdings);
    expectFigures(stateShares(g, ['D', 'E']).figures, d.stateShares(['D', 'E']));
    expectFigures(stateShares(g, ['D', 'B']).figures, d.stateShares(['D', 'B']));
    // a set: an owner named twice is counted once
    expectFigures(stateShares(g, ['D', 'D', 'E']).figures, d.stateShares(['D', 'E']));
  });

  it('two state entities holding the same company add up', () => {
    const g = graphOf([h('M1', 'X', 0.3), h('M2', 'X', 0.2), h('X', 'Y', 0.5)]);
    expectFigures(stateShares(g, ['M1', 'M2']).figures, { X: 0.5, Y: 0.25 });
  });

  it('a figure too small for a double is not a holding', () => {
    const g = graphOf([h('A', 'B', 1e-200), h('B', 'C', 1e-200)]);
    expectFigures(holdingsOf(g, 'A').figures, { B: 1e-200 });
  });
});

describe('unknown links', () => {
  const unknown = (holder: string, company: string): Holding => ({ holder, company, share: null });

  it('an unknown link past the company, on a walk that comes back to it, makes the figure not computable', () => {
    // X ⇄ Y, X —40%→ C —30%→ W —?→ C: the walks X → C → W → C → … count (C may be revisited)
    const g = graphOf([
      h('X', 'Y', 0.5),
      h('Y', 'X', 0.5),
      h('X', 'C', 0.4),
      h('C', 'W', 0.3),
      unknown('W', 'C'),
    ]);
    const r = ownersOf(g, 'C');
    expect(r.figures.size).toBe(0);
    const link = [{ holder: 'W', company: 'C' }];
    expect(Object.fromEntries(r.notComputable)).toEqual({ X: link, Y: link, W: link });
  });

  it('an unknown link further up a chain from a holder in a cycle', () => {
    // X ⇄ Y, X —50%→ U —?→ V —50%→ C
    const g = graphOf([
      h('X', 'Y', 0.5),
      h('Y', 'X', 0.5),
      h('X', 'U', 0.5),
      unknown('U', 'V'),
      h('V', 'C', 0.5),
    ]);
    const r = ownersOf(g, 'C');
    expectFigures(r.figures, { V: 0.5 });
    const link = [{ holder: 'U', company: 'V' }];
    expect(Object.fromEntries(r.notComputable)).toEqual({ X: link, Y: link, U: link });
  });

  it('an unknown link on walks that come back to the holder does not count for it', () => {
    // X —50%→ A —?→ B —50%→ X, X —30%→ C: X's walks to C that do not pass through X again are
    // X → C alone; B's are B → X → C; A's all pass the unknown link
    const g = graphOf([h('X', 'A', 0.5), unknown('A', 'B'), h('B', 'X', 0.5), h('X', 'C', 0.3)]);
    const r = ownersOf(g, 'C');
    expectFigures(r.figures, { X: 0.3, B: 0.15 });
    expect(Object.fromEntries(r.notComputable)).toEqual({ A: [{ holder: 'A', company: 'B' }] });
  });

  it("an unknown link out of the holder that only leads back to it is not in the holder's figure", () => {
    // X —?→ A —50%→ X, X —30%→ C
    const g = graphOf([unknown('X', 'A'), h('A', 'X', 0.5), h('X', 'C', 0.3)]);
    const r = ownersOf(g, 'C');
    expectFigures(r.figures, { X: 0.3, A: 0.15 });
    expect(r.notComputable.size).toBe(0);
  });

  it('downward: each company past an unknown link names it once, and every unknown link it is past', () => {
    // S —?→ A ⇄ B; S —?→ D, A —50%→ C, D —50%→ C
    const g = graphOf([
      unknown('S', 'A'),
      h('A', 'B', 0.5),
      h('B', 'A', 0.5),
      unknown('S', 'D'),
      h('A', 'C', 0.25),
      h('D', 'C', 0.5),
    ]);
    const r = holdingsOf(g, 'S');
    expect(r.figures.size).toBe(0);
    const SA = { holder: 'S', company: 'A' };
    const SD = { holder: 'S', company: 'D' };
    expect(Object.fromEntries(r.notComputable)).toEqual({ A: [SA], B: [SA], C: [SA, SD], D: [SD] });
  });
});

describe('the iteration inside a cycle', () => {
  it('stops within its error bound on a cycle that converges slowly', () => {
    // A ⇄ B at 95%: a sweep shrinks the error by about 0.9025; X —5%→ A. X in A = 0.05/(1 − 0.9025)
    const g = graphOf([h('A', 'B', 0.95), h('B', 'A', 0.95), h('X', 'A', 0.05)]);
    const inA = 0.05 / (1 - 0.95 * 0.95);
    const r = holdingsOf(g, 'X').figures;
    expect(Math.abs(r.get('A')! - inA)).toBeLessThan(1e-13);
    expect(Math.abs(r.get('B')! - 0.95 * inA)).toBeLessThan(1e-13);
    const up = ownersOf(g, 'B').figures;
    expect(Math.abs(up.get('X')! - 0.95 * inA)).toBeLessThan(1e-13);
  });

  it('gives up naming the cycle, and leaves the graph fit for the next query', () => {
    // B ⇄ A at 99.99999% (not a data error, but about 3·10⁸ sweeps), A —30%→ D ⇄ E at 50%
    const g = graphOf([
      h('A', 'B', 0.9999999),
      h('B', 'A', 0.9999999),
      h('A', 'D', 0.3),
      h('D', 'E', 0.5),
      h('E', 'D', 0.5),
    ]);
    let error: unknown;
    try {
      ownersOf(g, 'A');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(NotConvergedError);
    expect([...(error as NotConvergedError).component].sort()).toEqual(['A', 'B']);
    expect((error as Error).message).toMatch(
      new RegExp(`^integrated ownership did not converge within ${MAX_SWEEPS} sweeps on (A, B|B, A)$`),
    );
    // B's holdings: A 0.9999999 directly, D = 0.3·A/(1 − 0.25), E = D/2
    const a = 0.9999999;
    expectFigures(holdingsOf(g, 'B').figures, { A: a, D: 0.4 * a, E: 0.2 * a });
  });
});
