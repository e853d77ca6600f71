import type { Link, OwnershipGraph } from './graph.ts';

/**
 * Explain a figure (issue 17, "Explain every figure"): the chains of holdings from a holder to a
 * company that make up its integrated share, largest product of shares first.
 *
 * A chain is a simple path: no node is visited twice. The integrated share (integrated.ts) is
 * the sum over all walks, so on a graph without cycles it equals the sum of the products of all
 * the chains; where a chain meets a cycle, the walks that go round the cycle add to the figure
 * beyond the listed chains (e.g. the "two-company cross-holding" test: X → A → B is 0.2, and the
 * figure 0.22727… adds the walks X → A → B → A → B …).
 *
 * Search: best first on the product of shares, which can only shrink as a chain grows (every
 * share is ≤ 1), so chains come out in non-increasing order of product (the argument of
 * Dijkstra 1959, "A note on two problems in connexion with graphs", Numer. Math. 1, with
 * multiplication of factors ≤ 1 in place of addition of non-negative lengths). A link of unknown
 * share counts as 1 for the ordering; a chain with such a link has product null and names the
 * link, after every chain of known product. Bounded by `limit` chains and `maxExpansions`
 * partial chains (then `truncated` is true).
 */

export type Chain = {
  /** the nodes from the holder to the company, in order */
  nodes: string[];
  /** the product of the shares along the chain; null when a link's share is unknown */
  product: number | null;
  unknownLinks: Link[];
};

export type ChainsResult = {
  chains: Chain[];
  /** the search stopped (at `limit` or `maxExpansions`) before it had looked at every chain: there may be more */
  truncated: boolean;
};

/** A partial chain to extend, or a finished one waiting for its turn (`done`). */
type Partial =
  | { priority: number; node: number; path: number[]; unknown: number[]; done?: undefined }
  | { priority: number; done: Chain };

export function chains(
  g: OwnershipGraph,
  holder: string,
  company: string,
  { limit = 20, maxExpansions = 100_000 }: { limit?: number; maxExpansions?: number } = {},
): ChainsResult {
  const h = g.index.get(holder);
  const c = g.index.get(company);
  if (h === undefined || c === undefined || limit <= 0) return { chains: [], truncated: false };
  const heap: Partial[] = [];
  const push = (p: Partial) => {
    heap.push(p);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]!.priority >= heap[i]!.priority) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  };
  const pop = (): Partial => {
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && heap[l]!.priority > heap[m]!.priority) m = l;
        if (r < heap.length && heap[r]!.priority > heap[m]!.priority) m = r;
        if (m === i) break;
        [heap[m], heap[i]] = [heap[i]!, heap[m]!];
        i = m;
      }
    }
    return top;
  };
  const known: Chain[] = [];
  const unknown: Chain[] = [];
  let expansions = 0;
  let truncated = false;
  push({ node: h, priority: 1, path: [h], unknown: [] });
  while (heap.length) {
    const p = pop();
    if (p.done) {
      (p.done.product === null ? unknown : known).push(p.done);
      if (known.length + unknown.length >= limit) {
        truncated = heap.length > 0;
        break;
      }
      continue;
    }
    if (expansions++ >= maxExpansions) {
      truncated = true;
      break;
    }
    const to = g.outTo[p.node]!;
    for (let k = 0; k < to.length; k++) {
      const w = to[k]!;
      const s = g.outShare[p.node]![k]!;
      const isUnknown = Number.isNaN(s);
      const unknownLinks = isUnknown ? [...p.unknown, p.path.length - 1] : p.unknown;
      const priority = p.priority * (isUnknown ? 1 : s);
      if (w === c) {
        const nodes = [...p.path, w];
        const done: Chain = {
          nodes: nodes.map((v) => g.ids[v]!),
          product: unknownLinks.length ? null : priority,
          unknownLinks: unknownLinks.map((i) => ({
            holder: g.ids[nodes[i]!]!,
            company: g.ids[nodes[i + 1]!]!,
          })),
        };
        // a finished chain waits on the heap, so that chains leave in order of product
        push({ priority, done });
        continue;
      }
      if (p.path.includes(w)) continue;
      push({ node: w, priority, path: [...p.path, w], unknown: unknownLinks });
    }
  }
  const all = [...known, ...unknown];
  return { chains: all, truncated };
}
