import { inverse, Matrix } from 'ml-matrix';
import {
  buildOwnershipGraph,
  type Holding,
  type OwnershipGraph,
  stronglyConnected,
} from '../src/domain/ownership/graph.ts';
import { holdingsOf, ownersOf, stateShares } from '../src/domain/ownership/integrated.ts';
import { createRng } from '../src/domain/random.ts';
import { quantile, ratio, report } from './measure.ts';

/**
 * Issue 17's figures of the ownership analytics (domain/ownership, pure code: no database, so
 * one run serves both engines):
 *   - the state's share of every company as one vector, on 100,000 companies and 300,000
 *     holdings (target < 200 ms), on a portfolio shaped like the real one (pyramids under the
 *     state and a few cross-holdings) and on a stress case where most companies sit in one big
 *     strongly connected set; and at 2,000 companies beside the dense reference the unit tests
 *     check against (ml-matrix's LU inverse of I − A, the baseline of the same run; target ≥ 50×
 *     faster);
 *   - one company's owners upward and one holder's companies downward on the 100,000-company
 *     graph (p95 < 20 ms), beside the floor of the same run: a breadth-first search over the same
 *     ancestors (descendants), which any answer must at least visit.
 */

/**
 * A portfolio of `n` companies with about 3 holdings each, shaped like the state's: 100 state
 * entities at the top; every company held by 1–5 holders of lower index (pyramids: 70% within
 * its own group of nearby companies, 30% anywhere above), shares adding up to 30–95%. Three
 * companies in five are operating companies that hold no shares; a fraction `cross` of them
 * hold a small stake in another operating company of their group that holds one in them (two-
 * company cross-holdings, as between sister companies). With `tangle` instead, each company also
 * holds a stake in one of its own holders, which ties most of the portfolio into one strongly
 * connected set (the stress case of the state-share vector).
 */
export function portfolioGraph(n: number, { cross = 0.02, tangle = false } = {}, seed = 17) {
  const rng = createRng(seed);
  const holdings: Holding[] = [];
  const id = (i: number) => `c${i}`;
  const STATE = 100;
  const held = new Float64Array(n);
  const operating = (i: number) => i >= STATE && i % 5 < 3;
  const holderAbove = (j: number) => {
    for (;;) {
      const h =
        rng.next() < 0.95 ? Math.max(0, j - 1 - Math.floor(rng.next() * 200)) : Math.floor(rng.next() * j);
      if (!operating(h) || tangle) return h;
    }
  };
  for (let j = STATE; j < n; j++) {
    const k = 1 + Math.floor(rng.next() * 5);
    const total = 0.3 + 0.65 * rng.next();
    const seen = new Set<number>();
    for (let t = 0; t < k; t++) {
      const h = holderAbove(j);
      if (seen.has(h)) continue;
      seen.add(h);
      holdings.push({ holder: id(h), company: id(j), share: total / k });
      held[j]! += total / k;
    }
    const share = 0.01 + 0.04 * rng.next();
    if (tangle) {
      const h = [...seen][0]!;
      if (h >= STATE && held[h]! + share <= 1) {
        holdings.push({ holder: id(j), company: id(h), share });
        held[h]! += share;
      }
    } else if (operating(j) && rng.next() < cross) {
      // a sister operating company nearby, not yet in a cross-holding
      const o = j - 5 + (j % 5 === 0 ? 1 : 0);
      if (operating(o) && held[o]! + share <= 1 && held[j]! + share <= 1) {
        holdings.push({ holder: id(j), company: id(o), share });
        holdings.push({ holder: id(o), company: id(j), share });
        held[o]! += share;
        held[j]! += share;
      }
    }
  }
  const r = buildOwnershipGraph(holdings);
  if (!r.ok) throw new Error(`bench graph: ${r.errors[0]!.message}`);
  return { g: r.graph, holdings, state: Array.from({ length: STATE }, (_, i) => id(i)) };
}

const ms = (t0: number) => performance.now() - t0;
const round = (v: number) => Math.round(v * 100) / 100;

/** `runs` timings of `fn` after three unmeasured runs (the compiler's warm-up). */
function timeSync(fn: () => unknown, runs: number): number[] {
  for (let i = 0; i < 3; i++) fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    out.push(ms(t0));
  }
  return out.sort((a, b) => a - b);
}

/** A breadth-first search from `start` along `next`: the floor of any query over that part. */
function visit(g: OwnershipGraph, start: number, next: readonly (readonly number[])[]) {
  const seen = new Uint8Array(g.ids.length);
  const queue = [start];
  seen[start] = 1;
  for (let q = 0; q < queue.length; q++)
    for (const w of next[queue[q]!]!)
      if (!seen[w]) {
        seen[w] = 1;
        queue.push(w);
      }
  return queue.length;
}

function dense(g: OwnershipGraph, state: string[]) {
  const n = g.ids.length;
  const A = Matrix.zeros(n, n);
  g.outTo.forEach((to, i) => {
    to.forEach((j, k) => {
      A.set(i, j, A.get(i, j) + g.outShare[i]![k]!);
    });
  });
  const G = inverse(Matrix.eye(n, n).sub(A));
  // the state's share through the inverse: Σ over state rows (no state entity is held here)
  const s = new Float64Array(n);
  for (const id of state) {
    const i = g.index.get(id);
    if (i === undefined) continue;
    for (let j = 0; j < n; j++) if (j !== i) s[j]! += G.get(i, j);
  }
  return s;
}

export async function ownershipBench(runs = 30) {
  // 1. the state-share vector, 100,000 companies
  for (const [shape, options] of [
    ['pyramids with cross-holdings', { cross: 0.05 }],
    ['one big strongly connected set', { tangle: true }],
  ] as const) {
    const t0 = performance.now();
    const { g, holdings, state } = portfolioGraph(100_000, options);
    const largest = Math.max(...stronglyConnected(g.ids.length, g.outTo).map((c) => c.length));
    const built = ms(t0);
    const samples = timeSync(() => stateShares(g, state), Math.min(runs, 15));
    report({
      figure: 'ownership_state_share_vector',
      shape,
      companies: g.ids.length,
      holdings: holdings.length,
      largest_cycle_set: largest,
      build_graph_ms: round(built),
      p50_ms: round(quantile(samples, 0.5)),
      p95_ms: round(quantile(samples, 0.95)),
      target_ms: 200,
    });
  }

  // 2. beside the dense reference at 2,000 companies
  {
    const { g, state } = portfolioGraph(2_000, { cross: 0.05 }, 5);
    const sparse = timeSync(() => stateShares(g, state), 20);
    const t0 = performance.now();
    const ref = dense(g, state);
    const denseMs = ms(t0);
    const v = stateShares(g, state).vector;
    let worst = 0;
    for (let j = 0; j < ref.length; j++) worst = Math.max(worst, Math.abs(ref[j]! - v[j]!));
    const p50 = quantile(sparse, 0.5);
    report({
      figure: 'ownership_state_share_vs_dense',
      companies: g.ids.length,
      sparse_p50_ms: round(p50),
      dense_inverse_ms: round(denseMs),
      faster_x: ratio(denseMs, p50),
      target_faster_x: 50,
      max_difference: worst,
    });
  }

  // 3. one company's owners upward and one holder's companies downward
  {
    const { g } = portfolioGraph(100_000, { cross: 0.05 });
    const rng = createRng(99);
    const n = g.ids.length;
    const companies = Array.from({ length: runs * 4 }, () => 100 + Math.floor(rng.next() * (n - 100)));
    for (const [name, query, next] of [
      ['ownership_owners_upward', (i: number) => ownersOf(g, g.ids[i]!), g.inFrom],
      ['ownership_holdings_downward', (i: number) => holdingsOf(g, g.ids[i]!), g.outTo],
    ] as const) {
      const q: number[] = [];
      const floor: number[] = [];
      let reached = 0;
      for (const i of companies.slice(0, 5)) query(i);
      for (const i of companies) {
        let t0 = performance.now();
        query(i);
        q.push(ms(t0));
        t0 = performance.now();
        reached += visit(g, i, next);
        floor.push(ms(t0));
      }
      q.sort((a, b) => a - b);
      floor.sort((a, b) => a - b);
      report({
        figure: name,
        companies: n,
        queries: companies.length,
        mean_nodes_reached: Math.round(reached / companies.length),
        p50_ms: round(quantile(q, 0.5)),
        p95_ms: round(quantile(q, 0.95)),
        floor_bfs_p95_ms: round(quantile(floor, 0.95)),
        ratio_to_floor: ratio(quantile(q, 0.95), quantile(floor, 0.95)),
        target_p95_ms: 20,
      });
    }
  }
}
