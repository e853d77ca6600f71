import { describe, expect, it } from 'vitest';
import { chains } from './chains.ts';
import { buildOwnershipGraph, type Holding, type OwnershipGraph } from './graph.ts';
import { ownersOf } from './integrated.ts';

const h = (holder: string, company: string, share: number | null): Holding => ({ holder, company, share });

function graphOf(holdings: Holding[]): OwnershipGraph {
  const r = buildOwnershipGraph(holdings);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.graph;
}

const paths = (r: ReturnType<typeof chains>) => r.chains.map((c) => c.nodes.join('>'));

/** Every simple path from `from` to `to`, by depth-first search, with its product. */
function allChains(holdings: Holding[], from: string, to: string) {
  const out: { nodes: string; product: number }[] = [];
  const walk = (node: string, path: string[], product: number) => {
    for (const x of holdings.filter((l) => l.holder === node)) {
      if (x.company === to) out.push({ nodes: [...path, to].join('>'), product: product * x.share! });
      else if (!path.includes(x.company)) walk(x.company, [...path, x.company], product * x.share!);
    }
  };
  walk(from, [from], 1);
  return out.sort((a, b) => b.product - a.product);
}

describe('the chains from a holder to a company', () => {
  // X holds seven companies, each of which holds part of C: the products come out of order of
  // the holdings, so that only the search's ordering puts them largest first
  const fan = [
    h('X', 'A1', 0.1),
    h('X', 'A2', 0.7),
    h('X', 'A3', 0.3),
    h('X', 'A4', 0.9),
    h('X', 'A5', 0.2),
    h('X', 'A6', 0.5),
    h('X', 'A7', 0.4),
    h('A1', 'C', 0.3),
    h('A2', 'C', 0.05),
    h('A3', 'C', 0.2),
    h('A4', 'C', 0.1),
    h('A5', 'C', 0.14),
    h('A6', 'C', 0.11),
    h('A7', 'C', 0.08),
  ];

  it('come largest product first, and sum to the integrated share on a graph without cycles', () => {
    const g = graphOf(fan);
    const r = chains(g, 'X', 'C');
    // products: A4 0.09, A3 0.06, A6 0.055, A2 0.035, A7 0.032, A1 0.03, A5 0.028
    expect(paths(r)).toEqual(['X>A4>C', 'X>A3>C', 'X>A6>C', 'X>A2>C', 'X>A7>C', 'X>A1>C', 'X>A5>C']);
    expect(r.truncated).toBe(false);
    const sum = r.chains.reduce((t, c) => t + c.product!, 0);
    expect(sum).toBeCloseTo(ownersOf(g, 'C').figures.get('X')!, 12);
  });

  it('are every simple path, in non-increasing order of product, on a larger graph', () => {
    // a fixed pseudo-random graph on 14 companies: n0 holds parts of later ones, and so on
    let seed = 7;
    const rand = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const holdings: Holding[] = [];
    const N = 14;
    for (let j = 1; j < N; j++) {
      const holders = [...Array(j).keys()].filter(() => rand() < 0.45);
      // each company's holders hold at most 100% of it between them
      for (const i of holders)
        holdings.push(h(`n${i}`, `n${j}`, Math.round((rand() / holders.length) * 1e6) / 1e6 || 1e-6));
    }
    const expected = allChains(holdings, 'n0', `n${N - 1}`);
    expect(expected.length).toBeGreaterThan(20);
    const r = chains(graphOf(holdings), 'n0', `n${N - 1}`, { limit: 1000 });
    expect(r.truncated).toBe(false);
    expect(paths(r)).toEqual(expected.map((c) => c.nodes));
    for (const [i, c] of r.chains.entries()) expect(c.product).toBeCloseTo(expected[i]!.product, 15);
  });

  it('visit no node twice, where the holdings go round a cycle', () => {
    // A and B hold half of each other: X > A > B > A > C is a walk, not a chain
    const g = graphOf([
      h('X', 'A', 0.5),
      h('A', 'B', 0.5),
      h('B', 'A', 0.5),
      h('B', 'C', 0.3),
      h('A', 'C', 0.2),
    ]);
    const r = chains(g, 'X', 'C');
    expect(paths(r)).toEqual(['X>A>C', 'X>A>B>C']);
    expect(r.chains.map((c) => c.product)).toEqual([0.1, 0.075]);
    expect(r.truncated).toBe(false);
  });

  it('put a chain through a link of unknown share last, naming the link', () => {
    const g = graphOf([h('X', 'U', null), h('U', 'C', 0.9), h('X', 'A', 0.1), h('A', 'C', 0.1)]);
    const r = chains(g, 'X', 'C');
    expect(r.chains.map((c) => [c.nodes.join('>'), c.product, c.unknownLinks])).toEqual([
      ['X>A>C', 0.010000000000000002, []],
      ['X>U>C', null, [{ holder: 'X', company: 'U' }]],
    ]);
  });

  it('are none, and not cut short, for an id that is not in the graph or a limit of 0', () => {
    const g = graphOf(fan);
    const none = { chains: [], truncated: false };
    expect(chains(g, 'nobody', 'C')).toEqual(none);
    // even with no expansion allowed: an unknown company has no chain to look for
    expect(chains(g, 'X', 'nobody', { maxExpansions: 0 })).toEqual(none);
    expect(chains(g, 'X', 'C', { limit: 0 })).toEqual(none);
  });

  it('stop at the limit, truncated only when some were left unlooked at', () => {
    const g = graphOf(fan);
    expect(chains(g, 'X', 'C', { limit: 6 })).toMatchObject({ truncated: true });
    expect(paths(chains(g, 'X', 'C', { limit: 2 }))).toEqual(['X>A4>C', 'X>A3>C']);
    // the seventh is the last: nothing is left
    const all = chains(g, 'X', 'C', { limit: 7 });
    expect([all.chains.length, all.truncated]).toEqual([7, false]);
    // chains of unknown product count towards the limit too
    const u = graphOf([
      h('X', 'U', null),
      h('X', 'V', null),
      h('U', 'C', 0.5),
      h('V', 'C', 0.4),
      h('X', 'A', 0.1),
      h('A', 'C', 0.1),
    ]);
    const r = chains(u, 'X', 'C', { limit: 2 });
    expect([paths(r), r.truncated]).toEqual([['X>U>C', 'X>V>C'], true]);
  });

  it('stop after maxExpansions partial chains, truncated', () => {
    const g = graphOf([h('X', 'A', 0.5), h('A', 'C', 0.5)]);
    // X is expanded; A would be the second
    expect(chains(g, 'X', 'C', { maxExpansions: 1 })).toEqual({ chains: [], truncated: true });
    expect(chains(g, 'X', 'C', { maxExpansions: 2 })).toMatchObject({
      chains: [{ product: 0.25 }],
      truncated: false,
    });
  });
});
