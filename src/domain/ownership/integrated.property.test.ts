import fc from 'fast-check';
import { inverse, Matrix, solve } from 'ml-matrix';
import { describe, expect, it } from 'vitest';
import { createRng } from '../random.ts';
import { buildOwnershipGraph, type Holding, type OwnershipGraph, stronglyConnected } from './graph.ts';
import { holdingsOf, ownersOf, stateShares } from './integrated.ts';

/**
 * The sparse iterative solutions against a dense reference from a maintained matrix library
 * (ml-matrix's LU inverse and solve), on random sparse graphs of 500 companies with cycles.
 * The reference of the corrected figures (integrated.ts): with G = (I − A)⁻¹,
 * L'[i][j] = G[i][j] / G[i][i] for i ≠ j, and 0 on the diagonal.
 */

// Under mutation testing (vitest.mutation.config.ts) each mutant of the ownership modules runs this
// file again: 120 companies test the same sparse solutions in a fifth of the time.
const COMPANIES = process.env.NAZER_MUTATION === '1' ? 120 : 500;
const OUTSIDERS = 40;
const AGREE = 1e-9;

function randomGraph(seed: number, unknownLinks = 0) {
  const rng = createRng(seed);
  const ids = [
    ...Array.from({ length: COMPANIES }, (_, i) => `c${i}`),
    ...Array.from({ length: OUTSIDERS }, (_, i) => `p${i}`),
  ];
  const holdings: Holding[] = [];
  for (let j = 0; j < COMPANIES; j++) {
    const holders = rng.sample(
      ids.filter((id) => id !== `c${j}`),
      rng.int(0, 4),
    );
    if (!holders.length) continue;
    // shares of each company add up to 20%–95%: spectral radius ≤ 0.95, cycles converge
    const total = 0.2 + 0.75 * rng.next();
    const weights = holders.map(() => 0.05 + rng.next());
    const sum = weights.reduce((a, b) => a + b, 0);
    holders.forEach((holder, k) => {
      holdings.push({ holder, company: `c${j}`, share: (total * weights[k]!) / sum });
    });
  }
  for (let u = 0; u < unknownLinks; u++) {
    const k = rng.int(0, holdings.length - 1);
    holdings[k] = { ...holdings[k]!, share: null };
  }
  const r = buildOwnershipGraph(holdings);
  if (!r.ok) throw new Error(r.errors[0]!.message);
  return { g: r.graph, rng };
}

/** The corrected integrated ownership L' (module comment), dense. */
function corrected(A: Matrix) {
  const n = A.rows;
  const G = inverse(Matrix.eye(n, n).sub(A));
  const L = Matrix.zeros(n, n);
  for (let i = 0; i < n; i++) {
    const d = G.get(i, i);
    for (let j = 0; j < n; j++) if (j !== i) L.set(i, j, G.get(i, j) / d);
  }
  return L;
}

/** Dense A (known shares only) in the graph's node order. */
function denseA(g: OwnershipGraph) {
  const n = g.ids.length;
  const A = Matrix.zeros(n, n);
  g.outTo.forEach((to, i) => {
    to.forEach((j, k) => {
      const s = g.outShare[i]![k]!;
      if (!Number.isNaN(s)) A.set(i, j, A.get(i, j) + s);
    });
  });
  return A;
}

/** The largest disagreement seen, and where (one assertion per run instead of one per figure). */
function worst() {
  let max = 0;
  let at = '';
  return {
    see(diff: number, where: () => string) {
      if (!(diff <= max)) {
        max = Number.isNaN(diff) ? Number.POSITIVE_INFINITY : diff;
        at = where();
      }
    },
    check() {
      expect(max, at).toBeLessThan(AGREE);
    },
  };
}

describe('integrated ownership against a dense inverse (ml-matrix), 500 companies', () => {
  it('ownersOf, holdingsOf and stateShares agree to 1e-9 with the corrected (I − A)⁻¹', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const { g, rng } = randomGraph(seed);
        const n = g.ids.length;
        const A = denseA(g);
        const L = corrected(A);
        const w = worst();
        // the graphs have cross-holdings: a strongly connected set of companies of more than one
        expect(Math.max(...stronglyConnected(n, g.outTo).map((c) => c.length))).toBeGreaterThan(1);

        for (const c of rng.sample(g.ids, 40)) {
          const r = ownersOf(g, c);
          expect(r.notComputable.size).toBe(0);
          const col = g.index.get(c)!;
          for (let i = 0; i < n; i++)
            w.see(
              Math.abs((r.figures.get(g.ids[i]!) ?? 0) - L.get(i, col)),
              () => `ownersOf ${c}: ${g.ids[i]}`,
            );
        }
        for (const holder of rng.sample(g.ids, 40)) {
          const r = holdingsOf(g, holder);
          const row = g.index.get(holder)!;
          for (let j = 0; j < n; j++)
            w.see(
              Math.abs((r.figures.get(g.ids[j]!) ?? 0) - L.get(row, j)),
              () => `holdingsOf ${holder}: ${g.ids[j]}`,
            );
        }

        // the state: five outsiders and three companies (so state entities hold each other).
        // sᵀ = 1_Sᵀ A (I − D A)⁻¹, D = diag(not in S): solve (I − D A)ᵀ s = Aᵀ 1_S
        const people = g.ids.filter((id) => id.startsWith('p'));
        const companies = g.ids.filter((id) => id.startsWith('c'));
        const state = [...rng.sample(people, 5), ...rng.sample(companies, 3)];
        const inS = new Set(state.map((id) => g.index.get(id)!));
        const DA = A.clone();
        for (const i of inS) for (let j = 0; j < n; j++) DA.set(i, j, 0);
        const ones = Matrix.zeros(n, 1);
        for (const i of inS) ones.set(i, 0, 1);
        const s = solve(Matrix.eye(n, n).sub(DA).transpose(), A.transpose().mmul(ones));
        const r = stateShares(g, state);
        for (let j = 0; j < n; j++) {
          w.see(Math.abs(r.vector[j]! - s.get(j, 0)), () => `stateShares vector: ${g.ids[j]}`);
          w.see(
            Math.abs((r.figures.get(g.ids[j]!) ?? 0) - s.get(j, 0)),
            () => `stateShares figures: ${g.ids[j]}`,
          );
        }

        // outsiders only: nobody holds them, so the state share is the sum of their rows of L
        const outsiders = rng.sample(people, 6);
        const v = stateShares(g, outsiders).vector;
        for (let j = 0; j < n; j++) {
          let sum = 0;
          for (const id of outsiders) sum += L.get(g.index.get(id)!, j);
          w.see(Math.abs(v[j]! - sum), () => `stateShares of people = Σ rows: ${g.ids[j]}`);
        }
        w.check();
      }),
      { numRuns: 2 },
    );
  }, 60_000);

  it('with unknown links: what is computable agrees, and the rest is exactly what a chain through an unknown link reaches', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const { g, rng } = randomGraph(seed, 5);
        const n = g.ids.length;
        const A = denseA(g);
        const L = corrected(A);
        const unknown: [number, number][] = [];
        g.outTo.forEach((to, u) => {
          to.forEach((v, k) => {
            if (Number.isNaN(g.outShare[u]![k]!)) unknown.push([u, v]);
          });
        });
        /** The nodes reached from `from` along `next` (from excluded unless reached again), never entering `avoid`. */
        const search = (from: number, next: readonly (readonly number[])[], avoid: number) => {
          const seen = new Uint8Array(n);
          const queue = [from];
          for (let q = 0; q < queue.length; q++)
            for (const w of next[queue[q]!]!)
              if (w !== avoid && !seen[w]) {
                seen[w] = 1;
                queue.push(w);
              }
          return seen;
        };
        // a figure (i, j) needs an unknown link u → v when i reaches u without coming back to i
        // and v reaches j without passing through i (the corrected figure's walks)
        const forward = g.ids.map((_, i) => search(i, g.outTo, i));
        const through = (i: number, j: number) => {
          const back = search(j, g.inFrom, i);
          return unknown.some(([u, v]) => (i === u || forward[i]![u]) && v !== i && (v === j || back[v]));
        };
        const w = worst();
        const bad: string[] = [];
        for (const c of rng.sample(g.ids, 60)) {
          const r = ownersOf(g, c);
          const col = g.index.get(c)!;
          for (let i = 0; i < n; i++) {
            const id = g.ids[i]!;
            if (i === col) {
              if (r.figures.has(id) || r.notComputable.has(id)) bad.push(`ownersOf ${c}: itself`);
              continue;
            }
            if (r.notComputable.has(id) !== through(i, col)) bad.push(`ownersOf ${c}: ${id}`);
            if (!r.notComputable.has(id))
              w.see(Math.abs((r.figures.get(id) ?? 0) - L.get(i, col)), () => `ownersOf ${c}: ${id}`);
          }
        }
        for (const holder of rng.sample(g.ids, 60)) {
          const r = holdingsOf(g, holder);
          const row = g.index.get(holder)!;
          for (let j = 0; j < n; j++) {
            const id = g.ids[j]!;
            if (j === row) {
              if (r.figures.has(id) || r.notComputable.has(id)) bad.push(`holdingsOf ${holder}: itself`);
              continue;
            }
            if (r.notComputable.has(id) !== through(row, j)) bad.push(`holdingsOf ${holder}: ${id}`);
            if (!r.notComputable.has(id))
              w.see(Math.abs((r.figures.get(id) ?? 0) - L.get(row, j)), () => `holdingsOf ${holder}: ${id}`);
          }
        }
        expect(bad).toEqual([]);
        w.check();
      }),
      { numRuns: 1 },
    );
  }, 60_000);
});
