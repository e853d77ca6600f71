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
 *     holdings (target < 200 ms), on three shapes: business groups under the state (the real
 *     portfolio's shape: groupedPortfolio), long chains of holdings with cross-holdings, and a
 *     stress case where most companies sit in one big strongly connected set; and at 2,000
 *     companies beside the dense reference the unit tests check against (ml-matrix's LU inverse
 *     of I − A, the baseline of the same run; target ≥ 50× faster);
 *   - one company's owners upward and one holder's companies downward on the 100,000-company
 *     graph (p95 < 20 ms), and the whole portfolio of each state entity, beside the floor of the
 *     same run: a breadth-first search over the same ancestors (descendants), which any answer
 *     must at least visit. On business groups (the target's case) and on long chains, where a
 *     company has about 19,000 owners and the answer's size sets the time (stress).
 */

/**
 * A portfolio of `n` companies with about 3 holdings each, in long chains: 100 state entities at
 * the top; every company held by 1–5 holders of lower index (95% among the 200 companies just
 * above it, 5% anywhere above), so that chains run hundreds of levels deep and a company has
 * thousands of owners (a stress shape: real groups are a few levels deep, as in
 * groupedPortfolio); shares adding up to 30–95%. Three companies in five are operating companies
 * that hold no shares; a fraction `cross` of them hold a small stake in a nearby operating
 * company that holds one in them (two-company cross-holdings, as between sister companies). With `tangle` instead, each company also
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

/**
 * A portfolio of `n` companies shaped like the state's business groups, with about 3 holdings
 * each: 100 state entities at the top; the rest in groups of `groupSize` companies, each group
 * under a mother holding company held by 1–3 state entities (as the ministries' holdings hold
 * their groups). Inside a group every company is held by 1–5 holders of lower index, shares
 * adding up to 30–95%; three companies in five are operating companies that hold no shares. A
 * fraction `crossGroup` of the holdings come from outside the group: a state entity or another
 * group's mother company (the funds and investment companies that hold minority stakes across
 * the portfolio), and a fraction `cross` of operating companies hold each other with a sister
 * company (two-company cross-holdings). A company's owners are then its group's chains up to the
 * mother companies and the state: tens to hundreds of holders, as in a real register.
 */
export function groupedPortfolio(
  n: number,
  { groupSize = 100, crossGroup = 0.1, cross = 0.05 } = {},
  seed = 17,
) {
  const rng = createRng(seed);
  const holdings: Holding[] = [];
  const id = (i: number) => `c${i}`;
  const STATE = 100;
  const held = new Float64Array(n);
  const groupOf = (j: number) => Math.floor((j - STATE) / groupSize);
  const mother = (grp: number) => STATE + grp * groupSize;
  const operating = (j: number) => j !== mother(groupOf(j)) && j % 5 < 3;
  const hold = (h: number, j: number, share: number) => {
    holdings.push({ holder: id(h), company: id(j), share });
    held[j]! += share;
  };
  for (let j = STATE; j < n; j++) {
    const grp = groupOf(j);
    const m = mother(grp);
    const total = 0.3 + 0.65 * rng.next();
    const seen = new Set<number>();
    const k = j === m ? 1 + Math.floor(rng.next() * 3) : 1 + Math.floor(rng.next() * 5);
    for (let t = 0; t < k; t++) {
      let h: number;
      if (j === m) h = Math.floor(rng.next() * STATE);
      else if (rng.next() < crossGroup)
        h =
          grp === 0 || rng.next() < 0.3
            ? Math.floor(rng.next() * STATE)
            : mother(Math.floor(rng.next() * grp));
      else {
        do h = m + Math.floor(rng.next() * (j - m));
        while (operating(h) && h !== m);
      }
      if (seen.has(h)) continue;
      seen.add(h);
    }
    for (const h of seen) hold(h, j, total / seen.size);
    if (operating(j) && rng.next() < cross) {
      const o = j - 5;
      const share = 0.01 + 0.04 * rng.next();
      if (o > m && groupOf(o) === grp && operating(o) && held[o]! + share <= 1 && held[j]! + share <= 1) {
        hold(j, o, share);
        hold(o, j, share);
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
  for (const [shape, make] of [
    ['business groups', () => groupedPortfolio(100_000)],
    ['long chains with cross-holdings', () => portfolioGraph(100_000, { cross: 0.05 })],
    ['one big strongly connected set', () => portfolioGraph(100_000, { tangle: true })],
  ] as const) {
    const t0 = performance.now();
    const { g, holdings, state } = make();
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

  // 3. one company's owners upward and one holder's companies downward: on business groups (the
  // target's case), and on long chains, where a company has some 19,000 owners (stress; its p95
  // is set by the answer's size, so it is reported beside the floor)
  for (const [shape, make] of [
    ['business groups', () => groupedPortfolio(100_000)],
    ['long chains (stress)', () => portfolioGraph(100_000, { cross: 0.05 })],
  ] as const) {
    const { g, state } = make();
    const rng = createRng(99);
    const n = g.ids.length;
    const companies = Array.from({ length: runs * 4 }, () => 100 + Math.floor(rng.next() * (n - 100)));
    // the state entities that hold something (one that holds nothing is not in the graph)
    const stateIds = state.map((id) => g.index.get(id)).filter((i) => i !== undefined);
    for (const [name, query, next, sample] of [
      ['ownership_owners_upward', (i: number) => ownersOf(g, g.ids[i]!), g.inFrom, companies],
      ['ownership_holdings_downward', (i: number) => holdingsOf(g, g.ids[i]!), g.outTo, companies],
      ['ownership_state_entity_holdings', (i: number) => holdingsOf(g, g.ids[i]!), g.outTo, stateIds],
    ] as const) {
      const q: number[] = [];
      const floor: number[] = [];
      let reached = 0;
      for (const i of sample.slice(0, 5)) query(i);
      for (const i of sample) {
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
        shape,
        companies: n,
        queries: sample.length,
        mean_nodes_reached: Math.round(reached / sample.length),
        p50_ms: round(quantile(q, 0.5)),
        p95_ms: round(quantile(q, 0.95)),
        floor_bfs_p95_ms: round(quantile(floor, 0.95)),
        ratio_to_floor: ratio(quantile(q, 0.95), quantile(floor, 0.95)),
        target_p95_ms: 20,
      });
    }
  }
}
