/**
 * The ownership graph: who holds how much of which company, as a sparse adjacency, checked
 * before any figure is computed from it.
 *
 * Terms (shared/GLOSSARY.md, "Ownership and governance"): a shareholding has a holder (a legal
 * or true person) and a company (a legal person) and a percentage; here the percentage is a
 * fraction in (0, 1]. A holding whose share is not known (declared, but without a figure) has
 * share null: it is kept as a link, and every figure that would need it is "not computable"
 * with the link named (issue 17, "Declared versus computed"), never a guessed number.
 *
 * Data errors (issue 17, "Analytics"), each reported with the ids involved, never as a number:
 *   - share-out-of-range: a share that is not a finite number in (0, 1];
 *   - over-held: a company whose direct holders (known shares) hold more than 100% of it in total
 *     (a company's shares are divided among its holders: Σ_i A[i][j] ≤ 1);
 *   - divergent-cycle: a cycle of holdings through which 100% or more would be held, so that the
 *     series Σ_k A^k does not converge. With every company's column sum ≤ 1 (checked above) the
 *     spectral radius of A is ≤ 1 and it equals 1 exactly on a strongly connected set of
 *     companies each held 100% by members of the set (Perron–Frobenius theory of non-negative
 *     matrices: the spectral radius lies between the least and the greatest column sum, and for an
 *     irreducible matrix reaches the greatest only when all column sums are equal; Horn & Johnson,
 *     "Matrix Analysis", 2nd ed., 2013, ch. 8, §8.1 and §8.4). Such a set is reported with one of
 *     its cycles, company ids in order (for two companies each holding 100% of the other:
 *     ['A', 'B']). A cycle whose product of shares is ≥ 1 is one of these (every share is then 1).
 * A holder id equal to its company id (a company holding its own shares) is a cycle of length 1.
 * Two rows for the same holder and company (e.g. two share classes) are added up; if either
 * share is unknown, the link is unknown.
 */

/** One declared holding; share is a fraction in (0, 1], or null when the figure is unknown. */
export type Holding = { holder: string; company: string; share: number | null };

/** A link of the graph, named in errors and in "not computable" figures: the holder holds part of the company. */
export type Link = { holder: string; company: string };

export type OwnershipDataError =
  | { kind: 'share-out-of-range'; holder: string; company: string; share: number; message: string }
  | { kind: 'over-held'; company: string; total: number; message: string }
  | { kind: 'divergent-cycle'; cycle: string[]; message: string };

/** Tolerance of the sum checks: rounding of shares entered as percentages. */
export const SHARE_SUM_TOLERANCE = 1e-9;

/** Sparse adjacency in both directions, nodes indexed 0..n-1. */
export type OwnershipGraph = {
  readonly ids: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  /** out[i]: the companies i holds, with the share (NaN: unknown). */
  readonly outTo: readonly number[][];
  readonly outShare: readonly number[][];
  /** in[j]: the holders of j, with the share (NaN: unknown). */
  readonly inFrom: readonly number[][];
  readonly inShare: readonly number[][];
};

export type BuildResult = { ok: true; graph: OwnershipGraph } | { ok: false; errors: OwnershipDataError[] };

const pct = (x: number) => `${(x * 100).toFixed(4).replace(/\.?0+$/, '')}%`;

/** Builds and checks the graph (see the module comment for the errors). */
export function buildOwnershipGraph(holdings: readonly Holding[]): BuildResult {
  const errors: OwnershipDataError[] = [];
  const index = new Map<string, number>();
  const ids: string[] = [];
  const idOf = (id: string) => {
    let i = index.get(id);
    if (i === undefined) {
      i = ids.length;
      ids.push(id);
      index.set(id, i);
    }
    return i;
  };
  // (holder, company) → summed share; NaN when unknown
  const merged = new Map<string, { h: number; c: number; share: number }>();
  for (const { holder, company, share } of holdings) {
    if (share !== null && !(Number.isFinite(share) && share > 0 && share <= 1)) {
      errors.push({
        kind: 'share-out-of-range',
        holder,
        company,
        share,
        message: `share of ${holder} in ${company} is ${share}: a share must be a fraction in (0, 1]`,
      });
      continue;
    }
    const h = idOf(holder);
    const c = idOf(company);
    const key = `${h}\u0000${c}`;
    const s = share === null ? Number.NaN : share;
    const prev = merged.get(key);
    if (prev) prev.share += s;
    else merged.set(key, { h, c, share: s });
  }
  const n = ids.length;
  const outTo: number[][] = Array.from({ length: n }, () => []);
  const outShare: number[][] = Array.from({ length: n }, () => []);
  const inFrom: number[][] = Array.from({ length: n }, () => []);
  const inShare: number[][] = Array.from({ length: n }, () => []);
  for (const { h, c, share } of merged.values()) {
    outTo[h]!.push(c);
    outShare[h]!.push(share);
    inFrom[c]!.push(h);
    inShare[c]!.push(share);
  }
  for (let j = 0; j < n; j++) {
    let total = 0;
    for (const s of inShare[j]!) if (!Number.isNaN(s)) total += s;
    if (total > 1 + SHARE_SUM_TOLERANCE)
      errors.push({
        kind: 'over-held',
        company: ids[j]!,
        total,
        message: `${ids[j]} is held ${pct(total)} in total by its direct holders: more than 100%`,
      });
  }
  const graph: OwnershipGraph = { ids, index, outTo, outShare, inFrom, inShare };
  if (errors.length === 0) errors.push(...divergentCycles(graph));
  return errors.length ? { ok: false, errors } : { ok: true, graph };
}

/**
 * Strongly connected components, flat: component k is nodes[start[k] .. start[k + 1]), and
 * count components came out. No array per component, which matters when one query meets tens of
 * thousands of one-node components on a graph of 100,000 companies.
 */
export type Components = { readonly nodes: Int32Array; readonly start: Int32Array; readonly count: number };

/**
 * Strongly connected components (Tarjan 1972, "Depth-first search and linear graph algorithms",
 * SIAM J. Comput. 1(2)), iterative, over the nodes reached from `roots` (all nodes when omitted)
 * following `next[v]`, entering only the nodes whose `allowed` mask is 1 (all when omitted).
 * Components come out in reverse topological order of the condensation: a component comes after
 * every component it reaches.
 */
export function components(
  n: number,
  next: readonly (readonly number[])[],
  roots?: ArrayLike<number>,
  allowed?: Uint8Array,
  scratch: ComponentsScratch = componentsScratch(n),
): Components {
  const { order, low, onStack, stack, nodes, start, workNode, workEdge } = scratch;
  let sp = 0;
  let filled = 0;
  let count = 0;
  let counter = 0;
  // the depth-first search's own stack is two typed arrays (node, next edge to look at): no
  // allocation per node
  let wp = 0;
  const rootCount = roots ? roots.length : n;
  for (let r = 0; r < rootCount; r++) {
    const root = roots ? roots[r]! : r;
    if (order[root] !== -1 || (allowed && !allowed[root])) continue;
    workNode[wp] = root;
    workEdge[wp++] = 0;
    order[root] = low[root] = counter++;
    stack[sp++] = root;
    onStack[root] = 1;
    while (wp > 0) {
      const v = workNode[wp - 1]!;
      const edges = next[v]!;
      const e = workEdge[wp - 1]!;
      if (e < edges.length) {
        workEdge[wp - 1] = e + 1;
        const w = edges[e]!;
        if (allowed && !allowed[w]) continue;
        if (order[w] === -1) {
          order[w] = low[w] = counter++;
          stack[sp++] = w;
          onStack[w] = 1;
          workNode[wp] = w;
          workEdge[wp++] = 0;
        } else if (onStack[w] && order[w]! < low[v]!) low[v] = order[w]!;
        continue;
      }
      wp--;
      if (wp > 0) {
        const parent = workNode[wp - 1]!;
        if (low[v]! < low[parent]!) low[parent] = low[v]!;
      }
      if (low[v] === order[v]) {
        let w: number;
        do {
          w = stack[--sp]!;
          onStack[w] = 0;
          nodes[filled++] = w;
        } while (w !== v);
        start[++count] = filled;
      }
    }
  }
  // leave the scratch as it was given: every node visited is in a component
  for (let i = 0; i < filled; i++) order[nodes[i]!] = -1;
  return { nodes, start, count };
}

/**
 * The working arrays of `components` for a graph of n nodes, which a caller running many queries
 * on one graph keeps and passes again (no allocation per query). `components` leaves them ready
 * for the next call; the nodes and start of its answer are views into them, valid until then.
 */
export type ComponentsScratch = {
  order: Int32Array;
  low: Int32Array;
  onStack: Uint8Array;
  stack: Int32Array;
  nodes: Int32Array;
  start: Int32Array;
  workNode: Int32Array;
  workEdge: Int32Array;
};

export function componentsScratch(n: number): ComponentsScratch {
  return {
    order: new Int32Array(n).fill(-1),
    low: new Int32Array(n),
    onStack: new Uint8Array(n),
    stack: new Int32Array(n),
    nodes: new Int32Array(n),
    start: new Int32Array(n + 1),
    workNode: new Int32Array(n),
    workEdge: new Int32Array(n),
  };
}

/** The same components (see `components`), one array each. */
export function stronglyConnected(
  n: number,
  next: readonly (readonly number[])[],
  roots?: ArrayLike<number>,
  allowed?: Uint8Array,
): number[][] {
  const { nodes, start, count } = components(n, next, roots, allowed);
  return Array.from({ length: count }, (_, k) => Array.from(nodes.subarray(start[k]!, start[k + 1]!)));
}

/** The divergent cycles (module comment): closed strongly connected sets held 100% from inside. */
function divergentCycles(g: OwnershipGraph): OwnershipDataError[] {
  const n = g.ids.length;
  // known links only: an unknown share cannot be checked
  const known = g.outTo.map((to, i) => to.filter((_, k) => !Number.isNaN(g.outShare[i]![k]!)));
  const errors: OwnershipDataError[] = [];
  // every node is in a component: each entry is set below
  const compOf = new Int32Array(n);
  const comps = stronglyConnected(n, known);
  comps.forEach((comp, ci) => {
    for (const v of comp) compOf[v] = ci;
  });
  comps.forEach((comp, ci) => {
    let closed = true;
    for (const j of comp) {
      let inside = 0;
      const from = g.inFrom[j]!;
      for (let k = 0; k < from.length; k++) {
        const s = g.inShare[j]![k]!;
        if (compOf[from[k]!] === ci && !Number.isNaN(s)) inside += s;
      }
      if (inside < 1 - SHARE_SUM_TOLERANCE) closed = false;
    }
    // (a single company is closed only with a holding of 100% of itself)
    if (!closed) return;
    const cycle = cycleIn(comp, known, compOf, ci).map((v) => g.ids[v]!);
    errors.push({
      kind: 'divergent-cycle',
      cycle,
      message: `the holdings around ${[...cycle, cycle[0]].join(' → ')} hold each company 100% within the cycle: integrated ownership diverges`,
    });
  });
  return errors;
}

/**
 * One cycle inside a strongly connected component, in holding order, walked from the member that
 * appears first in the input (so the answer does not depend on the search order).
 */
function cycleIn(comp: number[], next: number[][], compOf: Int32Array, ci: number): number[] {
  const seenAt = new Map<number, number>();
  const path: number[] = [];
  let v = comp.reduce((a, b) => (b < a ? b : a));
  while (!seenAt.has(v)) {
    seenAt.set(v, path.length);
    path.push(v);
    v = next[v]!.find((w) => compOf[w] === ci)!;
  }
  return path.slice(seenAt.get(v)!);
}
