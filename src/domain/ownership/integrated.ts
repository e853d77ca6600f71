import {
  type Components,
  type ComponentsScratch,
  components,
  componentsScratch,
  type Link,
  type OwnershipGraph,
} from './graph.ts';

/**
 * Integrated ownership (مالکیت یکپارچه; shared/GLOSSARY.md "Ownership and governance", issue 17
 * "Analytics"): the share of company j held by i through every chain of holdings.
 *
 * With A[i][j] the fraction of j held directly by i, the share of j held by i through every
 * chain is the sum over all paths (walks) i → … → j of the product of the shares along them:
 *     L = A + A² + A³ + … = (I − A)⁻¹ − I,
 * the "integrated ownership" of Brioschi, Buzzacchi & Colombo (1989, "Risk capital financing
 * and the separation of ownership and control in business groups", J. Banking & Finance 13),
 * which Vitali, Glattfelder & Battiston (2011, "The network of global corporate control", PLoS
 * ONE 6(10): e25995) start from for indirect ownership (their Fig. 1 caption: with cycles the
 * recursive paths must be taken into account, Supporting Information S1, §3.1 "The existing
 * methodology"). The series converges when the spectral radius of A is below 1, which
 * buildOwnershipGraph guarantees or reports as a divergent cycle.
 *
 * Corrected for cross-holdings (Vitali, Glattfelder & Battiston 2011, Supporting Information S1
 * §3.2–3.3): the plain sum counts, for a holder i inside a cycle, the walks that leave i, come
 * back to i and leave again, so i is credited with its own shares held through the cycle on top
 * of its stake. The correction counts each holder's chains once: the integrated share of j held
 * by i is the sum over the walks i → … → j that do not pass through i again,
 *     L'[i][j] = L[i][j] / (I − A)⁻¹[i][i]   (i ≠ j),   L'[i][i] = 0,
 * because every walk from i to j is a walk from i back to i (weight (I − A)⁻¹[i][i] in all)
 * followed by one that does not return to i (the "first-passage" decomposition of walks,
 * e.g. Stanley, "Enumerative Combinatorics" vol. 1, 2nd ed., 2012, §4.7). This is the division by
 * the diagonal of (I − A)⁻¹ that Vitali et al.'s breadth-first algorithm amounts to, as their SI
 * §3.3 proves and Glattfelder (2019, "The bow-tie centrality", Advances in Complex Systems
 * 22(6): 1950018) writes in closed form. A holder in no cycle has (I − A)⁻¹[i][i] = 1 and keeps
 * the plain figure. A company's share of itself through a cycle is not a holding and is not
 * reported. Example, the test "a two-company cross-holding" (X holds 50% of A; A holds 40% of B;
 * B holds 30% of A): X is in no cycle, so X's share of A is 0.5/(1 − 0.12) = 0.56818… (A's
 * shares held back by A through B leave more of A to its other holders) and of B 0.2/0.88; A's
 * share of B is the plain 0.4/0.88 divided by (I − A)⁻¹[A][A] = 1/0.88, that is 0.4; B's share
 * of A is 0.3.
 *
 * Computation: never the dense matrix. Each query solves one sparse linear system on the part of
 * the graph it needs, component by component of the condensation (Tarjan's strongly connected
 * components) in topological order; acyclic parts are then exact in one pass, and inside a cycle
 * the system is solved by Gauss–Seidel iteration (Saad, "Iterative Methods for Sparse Linear
 * Systems", 2nd ed., 2003, ch. 4), which converges for I − A with A ≥ 0 and spectral radius
 * < 1 (I − A is then a non-singular M-matrix, and Gauss–Seidel a regular splitting of it; Saad
 * 2003, ch. 4; Varga, "Matrix Iterative Analysis", 2nd ed., 2000, ch. 3). A component stops
 * iterating when its last change δ is ≤ 1000·TOLERANCE and the error bound δ·q/(1 − q) (q the
 * largest contraction ratio of the last three sweeps) is ≤ TOLERANCE; after MAX_SWEEPS sweeps
 * it throws NotConvergedError naming the component (a cycle held just under 100% from inside).
 *
 * Unknown shares: a figure whose chains include a link of unknown share is "not computable",
 * with the unknown links named; a figure none of whose chains has an unknown link is computed
 * exactly (issue 17, "Declared versus computed").
 */

export const TOLERANCE = 1e-14;
export const MAX_SWEEPS = 100_000;

export type IntegratedFigures = {
  /** id → integrated share, for every computable figure that is > 0 */
  figures: Map<string, number>;
  /** id → the links of unknown share that make the figure not computable */
  notComputable: Map<string, Link[]>;
};

export class NotConvergedError extends Error {
  constructor(readonly component: string[]) {
    super(`integrated ownership did not converge within ${MAX_SWEEPS} sweeps on ${component.join(', ')}`);
  }
}

const isUnknown = Number.isNaN;

/**
 * The working arrays of the queries on one graph, kept between queries: a query on a graph of
 * 100,000 companies would otherwise allocate some 5 MB, and the garbage collector's pauses would
 * set its p95. Between queries each array holds its resting value (noted below); a query puts
 * back the values of the nodes it touched, and only those, when it ends (`release`).
 */
type Workspace = {
  /** 0: reached by the query */
  seen: Uint8Array;
  /** the nodes reached, in order (no resting value) */
  queue: Int32Array;
  /** 1: taken as 0 in the system */
  skip: Uint8Array;
  /** 0: in the system */
  allow: Uint8Array;
  /** 1: outside the walks counted by withoutReturn */
  outside: Uint8Array;
  /** 0: one of the owners taken as one holder */
  inS: Uint8Array;
  /** 0 */
  b: Float64Array;
  /** 0 */
  x: Float64Array;
  /** −1: a component's local index in solve */
  local: Int32Array;
  tarjan: ComponentsScratch;
};

const workspaces = new WeakMap<OwnershipGraph, Workspace>();

/**
 * The workspace of `g`. One per graph is enough: JavaScript runs one query at a time, a query
 * calls no other, and each puts the resting values back before it returns or throws.
 */
function take(g: OwnershipGraph): Workspace {
  const n = g.ids.length;
  let ws = workspaces.get(g);
  if (ws) return ws;
  ws = {
    seen: new Uint8Array(n),
    queue: new Int32Array(n),
    skip: new Uint8Array(n).fill(1),
    allow: new Uint8Array(n),
    outside: new Uint8Array(n).fill(1),
    inS: new Uint8Array(n),
    b: new Float64Array(n),
    x: new Float64Array(n),
    local: new Int32Array(n).fill(-1),
    tarjan: componentsScratch(n),
  };
  workspaces.set(g, ws);
  return ws;
}

/** Puts back the resting values of the nodes of `list` and `also`. */
function release(ws: Workspace, list: ArrayLike<number>, also: readonly number[]) {
  const reset = (v: number) => {
    ws.seen[v] = 0;
    ws.skip[v] = 1;
    ws.allow[v] = 0;
    ws.outside[v] = 1;
    ws.inS[v] = 0;
    ws.b[v] = 0;
    ws.x[v] = 0;
  };
  for (let i = 0; i < list.length; i++) reset(list[i]!);
  for (const v of also) reset(v);
}

/**
 * The nodes reached from `start` (start included) by following `next`: the workspace's seen
 * mask, and the list in the order reached (a view into its queue).
 */
function reach(start: ArrayLike<number>, next: readonly (readonly number[])[], ws: Workspace) {
  const { seen, queue } = ws;
  let length = 0;
  for (let i = 0; i < start.length; i++) {
    const v = start[i]!;
    if (!seen[v]) {
      seen[v] = 1;
      queue[length++] = v;
    }
  }
  for (let q = 0; q < length; q++) {
    const to = next[queue[q]!]!;
    for (let k = 0; k < to.length; k++) {
      const w = to[k]!;
      if (!seen[w]) {
        seen[w] = 1;
        queue[length++] = w;
      }
    }
  }
  return { seen, list: queue.subarray(0, length) };
}

/** `nodes` as components of one node each, in order (`whole`: as one component). */
function asComponents(nodes: ArrayLike<number>, whole: boolean): Components {
  const m = nodes.length;
  return {
    nodes: Int32Array.from(nodes),
    start: whole ? Int32Array.of(0, m) : Int32Array.from({ length: m + 1 }, (_, i) => i),
    count: whole ? 1 : m,
  };
}

/**
 * Solves x_v = (b_v + Σ_{(w, a) ∈ deps(v), w ≠ v} a·x_w) / (1 − a_vv) for the nodes of `comps`,
 * taken in the given order (each component after those it depends on); x starts at 0.
 * `local` is scratch of the graph's size filled with −1, and is left so.
 */
function solve(
  g: OwnershipGraph,
  comps: Components,
  depTo: readonly (readonly number[])[],
  depShare: readonly (readonly number[])[],
  /** 1 for the nodes whose x is taken as 0 (outside the system, or not computable) */
  skip: Uint8Array,
  b: Float64Array,
  x: Float64Array,
  local: Int32Array,
) {
  const { nodes, start } = comps;
  for (let ci = 0; ci < comps.count; ci++) {
    const first = start[ci]!;
    const m = start[ci + 1]! - first;
    if (m === 1) {
      const v = nodes[first]!;
      const to = depTo[v]!;
      const sh = depShare[v]!;
      let sum = b[v]!;
      let diag = 0;
      for (let k = 0; k < to.length; k++) {
        const w = to[k]!;
        const a = sh[k]!;
        if (skip[w] || isUnknown(a)) continue;
        if (w === v) diag += a;
        else sum += a * x[w]!;
      }
      x[v] = sum / (1 - diag);
      continue;
    }
    // Gather the component once, as compressed rows over local indices: the constant part of
    // each row (b and the nodes outside the component, already final), the diagonal, and the
    // links inside; the sweeps then touch only these arrays.
    const comp = nodes.subarray(first, first + m);
    for (let i = 0; i < m; i++) local[comp[i]!] = i;
    const constant = new Float64Array(m);
    const pivot = new Float64Array(m);
    const rowStart = new Int32Array(m + 1);
    const cols: number[] = [];
    const vals: number[] = [];
    for (let i = 0; i < m; i++) {
      const v = comp[i]!;
      const to = depTo[v]!;
      const sh = depShare[v]!;
      let c = b[v]!;
      let diag = 0;
      for (let k = 0; k < to.length; k++) {
        const w = to[k]!;
        const a = sh[k]!;
        if (skip[w] || isUnknown(a)) continue;
        if (w === v) diag += a;
        else if (local[w] !== -1) {
          cols.push(local[w]!);
          vals.push(a);
        } else c += a * x[w]!;
      }
      constant[i] = c;
      pivot[i] = 1 / (1 - diag);
      rowStart[i + 1] = cols.length;
    }
    const col = Int32Array.from(cols);
    const val = Float64Array.from(vals);
    const xl = new Float64Array(m);
    // the contraction ratio is estimated from the last three sweeps (it fluctuates from sweep
    // to sweep), and the iteration stops on the bound δ·q/(1 − q) only once δ is small too
    let d1 = Number.POSITIVE_INFINITY;
    let d2 = Number.POSITIVE_INFINITY;
    let d3 = Number.POSITIVE_INFINITY;
    let sweeps = 0;
    for (;;) {
      let delta = 0;
      for (let i = 0; i < m; i++) {
        let sum = constant[i]!;
        for (let k = rowStart[i]!; k < rowStart[i + 1]!; k++) sum += val[k]! * xl[col[k]!]!;
        const nv = sum * pivot[i]!;
        const d = Math.abs(nv - xl[i]!);
        if (d > delta) delta = d;
        xl[i] = nv;
      }
      sweeps++;
      if (delta === 0) break;
      const q = Math.max(delta / d1, d1 / d2, d2 / d3);
      if (sweeps > 3 && q < 1 && delta <= TOLERANCE * 1e3 && (delta * q) / (1 - q) <= TOLERANCE) break;
      d3 = d2;
      d2 = d1;
      d1 = delta;
      if (sweeps >= MAX_SWEEPS) {
        for (let i = 0; i < m; i++) local[comp[i]!] = -1;
        throw new NotConvergedError(Array.from(comp, (v) => g.ids[v]!));
      }
    }
    for (let i = 0; i < m; i++) {
      x[comp[i]!] = xl[i]!;
      local[comp[i]!] = -1;
    }
  }
}

/** The links of unknown share of each graph, as (holder, company) pairs: found once per graph. */
const unknownLinks = new WeakMap<OwnershipGraph, Int32Array>();

function unknownLinksOf(g: OwnershipGraph): Int32Array {
  let pairs = unknownLinks.get(g);
  if (!pairs) {
    const found: number[] = [];
    g.outTo.forEach((to, u) => {
      to.forEach((v, k) => {
        if (isUnknown(g.outShare[u]![k]!)) found.push(u, v);
      });
    });
    pairs = Int32Array.from(found);
    unknownLinks.set(g, pairs);
  }
  return pairs;
}

/**
 * For each unknown link u → v that passes the `relevant` test, marks the nodes `spread` reaches
 * from `from(u, v)` as not computable, naming the link.
 */
function taint(
  g: OwnershipGraph,
  relevant: (u: number, v: number) => boolean,
  from: (u: number, v: number) => number,
  spread: (t: number) => readonly number[],
): Map<number, Link[]> {
  const out = new Map<number, Link[]>();
  const pairs = unknownLinksOf(g);
  for (let p = 0; p < pairs.length; p += 2) {
    const u = pairs[p]!;
    const v = pairs[p + 1]!;
    if (!relevant(u, v)) continue;
    const link = { holder: g.ids[u]!, company: g.ids[v]! };
    const start = from(u, v);
    const seen = new Set([start]);
    const queue = [start];
    for (let q = 0; q < queue.length; q++) {
      const t = queue[q]!;
      const list = out.get(t);
      if (list) list.push(link);
      else out.set(t, [link]);
      for (const w of spread(t)) {
        if (!seen.has(w)) {
          seen.add(w);
          queue.push(w);
        }
      }
    }
  }
  return out;
}

/**
 * Marks the nodes of `list` that are computable (not in `bad`, nor in `also`) in the workspace:
 * allow 1 (in the system), skip 0.
 */
function active(ws: Workspace, list: ArrayLike<number>, bad: Map<number, Link[]>, also?: Uint8Array) {
  const { skip, allow } = ws;
  for (let i = 0; i < list.length; i++) {
    const v = list[i]!;
    if ((bad.size && bad.has(v)) || also?.[v]) continue;
    skip[v] = 0;
    allow[v] = 1;
  }
  return { skip, allow };
}

/** The figures of the nodes of `list` (but `except`): computable ones > 0, and the not computable. */
function result(
  g: OwnershipGraph,
  list: ArrayLike<number>,
  x: Float64Array,
  bad: Map<number, Link[]>,
  except = -1,
) {
  const figures = new Map<string, number>();
  const notComputable = new Map<string, Link[]>();
  for (let i = 0; i < list.length; i++) {
    const v = list[i]!;
    if (v === except) continue;
    const links = bad.size ? bad.get(v) : undefined;
    if (links) notComputable.set(g.ids[v]!, links);
    else if (x[v]! > 0) figures.set(g.ids[v]!, x[v]!);
  }
  return { figures, notComputable };
}

/**
 * Every holder's integrated share of one company (upward), corrected for cross-holdings (module
 * comment): for holder h, the walks h → … → company that do not pass through h again.
 *
 * First the plain column of (I − A)⁻¹ − I, x_h = Σ_k A[h][k]·(δ_k,company + x_k), over the
 * holders from which the company can be reached; that is already the corrected figure of every
 * holder in no cycle. For a holder h inside a cycle (a strongly connected set of holders, or a
 * holding of its own shares), the system is solved again on h's cycle set with h taken out
 * (the nodes downstream keep their values: they cannot reach h), and h's figure is
 * Σ_{k ≠ h} A[h][k]·(δ_k,company + x'_k). Its "not computable" test is made on the same walks:
 * an unknown link counts when h reaches it without passing through h again and it reaches the
 * company without passing through h. The company's own share of itself is not reported.
 * An unknown id gives empty figures.
 */
export function ownersOf(g: OwnershipGraph, company: string): IntegratedFigures {
  const c = g.index.get(company);
  const n = g.ids.length;
  if (c === undefined) return { figures: new Map(), notComputable: new Map() };
  const ws = take(g);
  let ancList: Int32Array = new Int32Array(0);
  try {
    // ancestors of c (strict: nodes with a path to c, c itself only through a cycle)
    const reached = reach(g.inFrom[c]!, g.inFrom, ws);
    const anc = reached.seen;
    ancList = reached.list;
    const bad = taint(
      g,
      (_u, v) => v === c || anc[v] === 1,
      (u) => u,
      (t) => g.inFrom[t]!,
    );
    const { skip, allow } = active(ws, ancList, bad);
    const comps = components(n, g.outTo, ancList, allow, ws.tarjan);
    const { b, x, local } = ws;
    // one entry per holder (the graph adds up its rows)
    for (let k = 0; k < g.inFrom[c]!.length; k++) {
      const s = g.inShare[c]![k]!;
      if (!isUnknown(s)) b[g.inFrom[c]![k]!] = s;
    }
    solve(g, comps, g.outTo, g.outShare, skip, b, x, local);
    // the cycle sets among the ancestors, whatever their taint (a cycle with an unknown link may
    // still give a computable figure to a holder whose own walks avoid it); without any unknown
    // link upward (the usual case), the sets solved above are all of them, and none is tainted
    const clean = bad.size === 0;
    const cycleSets = clean ? comps : components(n, g.outTo, ancList, anc, ws.tarjan);
    const corrected = new Map<number, number>();
    const correctedBad = new Map<number, Link[]>();
    // outside the system: not an ancestor (h itself is added for each h below)
    const { outside } = ws;
    for (let i = 0; i < ancList.length; i++) outside[ancList[i]!] = 0;
    outside[c] = 0;
    const { nodes, start } = cycleSets;
    for (let ci = 0; ci < cycleSets.count; ci++) {
      const first = start[ci]!;
      const m = start[ci + 1]! - first;
      if (m === 1 && !g.outTo[nodes[first]!]!.includes(nodes[first]!)) continue;
      const comp = nodes.slice(first, first + m);
      for (const h of comp) {
        const links = clean ? [] : unknownAvoiding(g, h, c, anc);
        if (links.length) {
          correctedBad.set(h, links);
          continue;
        }
        corrected.set(h, withoutReturn(g, h, c, comp, outside, b, x, local));
      }
    }
    for (const [h, v] of corrected) {
      x[h] = v;
      bad.delete(h);
    }
    for (const [h, links] of correctedBad) bad.set(h, links);
    return result(g, ancList, x, bad, c);
  } finally {
    release(ws, ancList, [c]);
  }
}

/**
 * The unknown links on the walks from h to c that do not pass through h again (h ≠ c; c may
 * be revisited), restricted to the ancestors `anc` of c.
 */
function unknownAvoiding(g: OwnershipGraph, h: number, c: number, anc: Uint8Array): Link[] {
  // F: reached from h without entering h again (h is in F from the start), among the ancestors
  // (c itself only when it is its own ancestor: otherwise no walk through c comes back to it);
  // B: reaching c without passing through h (the holders of an ancestor are ancestors)
  const forward = new Set<number>([h]);
  const queue = [h];
  for (let q = 0; q < queue.length; q++)
    for (const w of g.outTo[queue[q]!]!)
      if (anc[w] === 1 && !forward.has(w)) {
        forward.add(w);
        queue.push(w);
      }
  const backward = new Set<number>([c]);
  const back = [c];
  for (let q = 0; q < back.length; q++)
    for (const w of g.inFrom[back[q]!]!)
      if (w !== h && !backward.has(w)) {
        backward.add(w);
        back.push(w);
      }
  const links: Link[] = [];
  for (const u of forward)
    g.outTo[u]!.forEach((v, k) => {
      if (backward.has(v) && isUnknown(g.outShare[u]![k]!))
        links.push({ holder: g.ids[u]!, company: g.ids[v]! });
    });
  return links;
}

/**
 * h's share of c over the walks that leave h and do not come back to it: the column system
 * solved again on h's cycle set `comp` without h (outside it, x holds the final values).
 * x and the values of comp are left as they were.
 */
function withoutReturn(
  g: OwnershipGraph,
  h: number,
  c: number,
  comp: Int32Array,
  /** 1 outside the ancestors of c; h is added for the call (a walk through h again is not counted) */
  skip: Uint8Array,
  b: Float64Array,
  x: Float64Array,
  local: Int32Array,
): number {
  const rest = comp.filter((v) => v !== h);
  const saved = Float64Array.from(comp, (v) => x[v]!);
  skip[h] = 1;
  if (rest.length) solve(g, asComponents(rest, true), g.outTo, g.outShare, skip, b, x, local);
  let sum = 0;
  const to = g.outTo[h]!;
  for (let i = 0; i < to.length; i++) {
    const k = to[i]!;
    const a = g.outShare[h]![i]!;
    // skip[h] is 1: a walk back to h is not counted
    if (isUnknown(a) || skip[k]) continue;
    sum += a * ((k === c ? 1 : 0) + x[k]!);
  }
  for (let i = 0; i < comp.length; i++) x[comp[i]!] = saved[i]!;
  skip[h] = 0;
  return sum;
}

/**
 * One holder's integrated share of every company (downward), corrected for cross-holdings
 * (module comment): y_j = A[holder][j] + Σ_{k ≠ holder} y_k·A[k][j], the walks from the holder
 * that do not pass through it again (the holder taken as a set of one owner, as stateShares
 * takes the state). The holder's share of itself is not reported.
 */
export function holdingsOf(g: OwnershipGraph, holder: string): IntegratedFigures {
  const h = g.index.get(holder);
  if (h === undefined) return { figures: new Map(), notComputable: new Map() };
  const { figures, notComputable } = fromOwners(g, [h], false);
  figures.delete(holder);
  notComputable.delete(holder);
  return { figures, notComputable };
}

export type StateShares = IntegratedFigures & {
  /** by node index of the graph: the state's integrated share (0 when none, NaN when not computable) */
  vector: Float64Array;
};

/**
 * The integrated share held by the set S of state entities (issue 17, "State share"), for every
 * company, as one vector: s_j = Σ_{k ∈ S} A[k][j] + Σ_{k ∉ S} s_k·A[k][j], the sum over the
 * chains that start at a state entity and pass through no other state entity (S is one owner:
 * a ministry's holding in a state holding company is not counted again through the holding).
 * In matrix form sᵀ = 1_Sᵀ A (I − D A)⁻¹ with D the diagonal of the indicator of "not in S".
 * A walk never comes back to S, so this is the corrected integrated ownership (module comment)
 * of S taken as one holder. A state entity held by another gets its state share too.
 * Unknown ids in `stateIds` are ignored.
 */
export function stateShares(g: OwnershipGraph, stateIds: Iterable<string>): StateShares {
  const seeds: number[] = [];
  for (const id of stateIds) {
    const i = g.index.get(id);
    if (i !== undefined) seeds.push(i);
  }
  return fromOwners(g, seeds, true);
}

/** The corrected integrated share of the set `owners` taken as one holder, in every company. */
function fromOwners(g: OwnershipGraph, owners: readonly number[], withVector: boolean): StateShares {
  const n = g.ids.length;
  const ws = take(g);
  const { inS } = ws;
  const seeds: number[] = [];
  let descList: Int32Array = new Int32Array(0);
  try {
    // a set: an owner named twice is one seed
    for (const i of owners) {
      if (!inS[i]) {
        inS[i] = 1;
        seeds.push(i);
      }
    }
    const reached = reach(
      seeds.flatMap((s) => g.outTo[s]!),
      g.outTo,
      ws,
    );
    const desc = reached.seen;
    descList = reached.list;
    const bad = taint(
      g,
      (u) => inS[u] === 1 || desc[u] === 1,
      (_u, v) => v,
      (t) => (inS[t] ? [] : g.outTo[t]!),
    );
    // the cycle sets do not run through S (no walk passes through S); an owner reached again
    // (a state entity held by others) is computed last, from the rest
    const { skip, allow } = active(ws, descList, bad, inS);
    const comps = components(n, g.inFrom, descList, allow, ws.tarjan);
    const { b, x, local } = ws;
    for (const s of seeds) {
      g.outTo[s]!.forEach((j, k) => {
        const a = g.outShare[s]![k]!;
        if (!isUnknown(a)) b[j] = b[j]! + a;
      });
    }
    solve(g, comps, g.inFrom, g.inShare, skip, b, x, local);
    // the owners last (an owner held by no one reached gets its b, 0; a not computable one NaN below)
    solve(g, asComponents(seeds, false), g.inFrom, g.inShare, skip, b, x, local);
    for (const v of bad.keys()) x[v] = Number.NaN;
    return { ...result(g, descList, x, bad), vector: withVector ? x.slice() : new Float64Array(0) };
  } finally {
    release(ws, descList, seeds);
  }
}
