import type { graphlib } from '@dagrejs/dagre';

/**
 * The order of the nodes within each layer, for dagre's `customOrder` (its graph then has every
 * node ranked and every edge cut into one-rank pieces by dummy nodes). What dagre does, by plain
 * arrays: a first order by a depth-first walk in the order the nodes and links were given, then
 * barycentre sweeps down and up, keeping the order with the fewest crossings and stopping after
 * two sweeps that bring none fewer. Dagre's own (a new graph per layer for every sweep) took
 * about two thirds of a 1,000-node layout here; this takes a few tens of milliseconds. Ties keep
 * the order given, so siblings stay in their order (layout.ts mirrors it to read right to left).
 */

type Graph = graphlib.Graph;
type Ranked = { rank?: number; order?: number };
/** A node's neighbours in the next rank up or down: their indices and the links' weights. */
type Links = { other: number[]; weight: number[] };

const MAX_SWEEPS = 12;
const PATIENCE = 2;

/**
 * `fromBottom` (direction 'up': the root is the one company at the bottom): the first walk goes
 * from the bottom up through each company's holders in their given order, and the first sweep
 * goes up; otherwise from the top down through each holder's companies, the first sweep down.
 */
export function orderLayers(g: Graph, fromBottom = false): void {
  // nodes as indices: the sweeps below touch every link a dozen times
  const ids = g.nodes().filter((v) => !(g.children(v)?.length ?? 0));
  const index = new Map(ids.map((v, i) => [v, i]));
  const rank = Int32Array.from(ids, (v) => (g.node(v) as Ranked).rank ?? 0);
  const up: Links[] = ids.map(() => ({ other: [], weight: [] }));
  const down: Links[] = ids.map(() => ({ other: [], weight: [] }));
  const next: number[][] = ids.map(() => []);
  for (const e of g.edges()) {
    const v = index.get(e.v);
    const w = index.get(e.w);
    if (v === undefined || w === undefined) continue;
    if (fromBottom) next[w]!.push(v);
    else next[v]!.push(w);
    if (rank[w] !== rank[v]! + 1) continue;
    const weight = (g.edge(e) as { weight?: number } | undefined)?.weight ?? 1;
    up[w]!.other.push(v);
    up[w]!.weight.push(weight);
    down[v]!.other.push(w);
    down[v]!.weight.push(weight);
  }

  // the first order: depth first from each node in rank order (from the root's end), links as given
  const side = fromBottom ? -1 : 1;
  const starts = ids.map((_, i) => i).sort((a, b) => side * (rank[a]! - rank[b]!) || a - b);
  const layers: number[][] = [];
  const seen = new Uint8Array(ids.length);
  for (const start of starts) {
    const stack = [start];
    while (stack.length) {
      const v = stack.pop()!;
      if (seen[v]) continue;
      seen[v] = 1;
      const r = rank[v]!;
      while (layers.length <= r) layers.push([]);
      layers[r]!.push(v);
      const out = next[v]!;
      for (let i = out.length - 1; i >= 0; i--) if (!seen[out[i]!]) stack.push(out[i]!);
    }
  }

  const pos = new Int32Array(ids.length);
  const place = (layer: number[]) => {
    for (let i = 0; i < layer.length; i++) pos[layer[i]!] = i;
  };
  for (const layer of layers) place(layer);

  /** The layer sorted by its nodes' barycentres over `links`; a node with no links keeps its place. */
  const sweep = (layer: number[], links: Links[]): number[] => {
    const sortable: { v: number; bary: number; i: number }[] = [];
    const fixed: number[] = layer.map(() => -1);
    for (let i = 0; i < layer.length; i++) {
      const v = layer[i]!;
      const { other, weight } = links[v]!;
      if (!other.length) {
        fixed[i] = v;
        continue;
      }
      let sum = 0;
      let total = 0;
      for (let k = 0; k < other.length; k++) {
        sum += pos[other[k]!]! * weight[k]!;
        total += weight[k]!;
      }
      sortable.push({ v, bary: total ? sum / total : i, i });
    }
    sortable.sort((a, b) => a.bary - b.bary || a.i - b.i);
    let n = 0;
    return fixed.map((v) => (v >= 0 ? v : sortable[n++]!.v));
  };

  let best = layers.map((l) => [...l]);
  let fewest = crossings(layers, down, pos);
  for (let i = 0, idle = 0; i < MAX_SWEEPS && idle < PATIENCE && fewest > 0; i++) {
    if (i % 2 === (fromBottom ? 1 : 0)) {
      for (let r = 1; r < layers.length; r++) {
        layers[r] = sweep(layers[r]!, up);
        place(layers[r]!);
      }
    } else {
      for (let r = layers.length - 2; r >= 0; r--) {
        layers[r] = sweep(layers[r]!, down);
        place(layers[r]!);
      }
    }
    const now = crossings(layers, down, pos);
    if (now < fewest) {
      fewest = now;
      best = layers.map((l) => [...l]);
      idle = 0;
    } else idle++;
  }
  for (const layer of best) {
    for (let i = 0; i < layer.length; i++) (g.node(ids[layer[i]!]!) as Ranked).order = i;
  }
}

/** Weighted crossings between each pair of adjacent layers (an inversion count with a Fenwick tree). */
function crossings(layers: number[][], down: Links[], pos: Int32Array): number {
  let total = 0;
  for (let r = 0; r + 1 < layers.length; r++) {
    const south = layers[r + 1]!.length;
    const tree = new Float64Array(south + 1);
    let seenWeight = 0;
    for (const v of layers[r]!) {
      const { other, weight } = down[v]!;
      const ends = other.map((o, k) => [pos[o]!, weight[k]!] as const).sort((a, b) => a[0] - b[0]);
      for (const [p, w] of ends) {
        // the weight already seen that ends right of p crosses this link
        let atOrLeft = 0;
        for (let i = p + 1; i > 0; i -= i & -i) atOrLeft += tree[i]!;
        total += (seenWeight - atOrLeft) * w;
        for (let i = p + 1; i <= south; i += i & -i) tree[i] = tree[i]! + w;
        seenWeight += w;
      }
    }
  }
  return total;
}
