import dagre, { type EdgeConfig, type graphlib } from '@dagrejs/dagre';
import { orderLayers } from './order.ts';
import type { EdgeRoute, GraphDirection, GraphEdge, LayoutResult, NodeBox, Point } from './types.ts';

/**
 * The ownership graph's layered layout (dagre), pure so that it runs in a worker and in tests.
 * Edges run from holder to company and are always drawn downward: in direction 'up' the root is
 * the one company at the bottom, in 'down' the one holder at the top. The ranks are the longest
 * path from that end (every company below all its holders; a node as near the root as that
 * allows): dagre's network simplex took 6 s on 1,000 nodes here, the longest path a few ms.
 * Edge labels are dagre label nodes (they never overlap a node or each other). The order within
 * layers is order.ts's (siblings left to right as given); the result is mirrored so that they
 * read right to left.
 */

export const NODE_WIDTH = 220;
export const NODE_HEIGHT = 64;
export const LABEL_HEIGHT = 18;
/** Between nodes of a layer, and between a layer and the labels of the edges below it. */
export const NODE_SEP = 28;
export const RANK_SEP = 72;
export const MARGIN = 24;

/** The box a label needs at 11 px (an estimate: the worker has no fonts to measure with). */
export function labelWidth(text: string): number {
  return Math.min(260, Math.ceil(text.length * 6.2) + 16);
}

export type LayoutInput = {
  nodes: { id: string }[];
  edges: Pick<GraphEdge, 'id' | 'holder' | 'company' | 'label'>[];
  direction: GraphDirection;
};

type DagreGraph = graphlib.Graph;
type Ranked = { rank?: number };

/** Ranks from the sources down: a node one step below its lowest holder (dagre's graph, acyclic by then). */
function rankFromTop(g: DagreGraph): void {
  const waiting = new Map<string, number>();
  const ready: string[] = [];
  for (const v of g.nodes()) {
    (g.node(v) as Ranked).rank = 0;
    const n = g.inEdges(v)?.length ?? 0;
    waiting.set(v, n);
    if (n === 0) ready.push(v);
  }
  for (let v = ready.pop(); v !== undefined; v = ready.pop()) {
    const rank = (g.node(v) as Ranked).rank ?? 0;
    for (const e of g.outEdges(v) ?? []) {
      const w = g.node(e.w) as Ranked;
      w.rank = Math.max(w.rank ?? 0, rank + ((g.edge(e) as { minlen?: number }).minlen ?? 1));
      const left = (waiting.get(e.w) ?? 1) - 1;
      waiting.set(e.w, left);
      if (left === 0) ready.push(e.w);
    }
  }
}

/** How far (px) an edge runs straight out of the holder's box and into the company's, so it leaves and arrives upright. */
const STRAIGHT_END = 10;

/**
 * An edge's points from the middle of the holder's bottom to the middle of the company's top
 * (top and bottom swapped for an edge drawn upward, in a cycle), through dagre's inner points.
 * Dagre's own ends are where the line to the next point leaves the box, which for a far neighbour
 * is its side: the line then ran along the layer across the nodes beside it.
 */
function ports(points: Point[], holder: NodeBox, company: NodeBox): Point[] {
  if (holder === company || points.length < 2) return points;
  const down = holder.y + holder.height / 2 <= company.y + company.height / 2;
  const hx = holder.x + holder.width / 2;
  const cx = company.x + company.width / 2;
  const from = down ? holder.y + holder.height : holder.y;
  const to = down ? company.y : company.y + company.height;
  const step = down ? STRAIGHT_END : -STRAIGHT_END;
  return [
    { x: hx, y: from },
    { x: hx, y: from + step },
    ...points.slice(1, -1),
    { x: cx, y: to - step },
    { x: cx, y: to },
  ];
}

/** Lays out the graph; edges naming a node that is not there are left out. */
export function layoutGraph(input: LayoutInput): LayoutResult {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({
    rankdir: 'TB',
    nodesep: NODE_SEP,
    edgesep: 12,
    ranksep: RANK_SEP,
    marginx: MARGIN,
    marginy: MARGIN,
    // 'down': the root (a source) on top; 'up': the root (a sink) at the bottom
    ranker: (input.direction === 'down' ? rankFromTop : 'longest-path') as unknown as string,
  });
  const ids = new Set(input.nodes.map((n) => n.id));
  const edges = input.edges.filter((e) => ids.has(e.holder) && ids.has(e.company));
  for (const id of ids) g.setNode(id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of edges) {
    g.setEdge(
      e.holder,
      e.company,
      { width: labelWidth(e.label), height: LABEL_HEIGHT, labelpos: 'c' } as EdgeConfig,
      e.id,
    );
  }
  if (ids.size > 0) dagre.layout(g, { customOrder: (graph) => orderLayers(graph, input.direction === 'up') });

  const { width = 0, height = 0 } = g.graph() as { width?: number; height?: number };
  const mirror = (p: Point): Point => ({ x: width - p.x, y: p.y });
  const ys = new Set<number>();
  for (const id of ids) ys.add(g.node(id).y);
  const layerOf = new Map([...ys].sort((a, b) => a - b).map((y, i) => [y, i]));

  const nodes: Record<string, NodeBox> = {};
  for (const id of ids) {
    const n = g.node(id);
    nodes[id] = {
      x: width - n.x - n.width / 2,
      y: n.y - n.height / 2,
      width: n.width,
      height: n.height,
      layer: layerOf.get(n.y) ?? 0,
    };
  }
  const routes: Record<string, EdgeRoute> = {};
  for (const e of edges) {
    const label = g.edge({ v: e.holder, w: e.company, name: e.id }) as {
      points: Point[];
      x?: number;
      y?: number;
      width: number;
      height: number;
    };
    const points = ports(label.points.map(mirror), nodes[e.holder]!, nodes[e.company]!);
    const mid = points[Math.floor(points.length / 2)] ?? { x: 0, y: 0 };
    const at = label.x === undefined || label.y === undefined ? mid : mirror({ x: label.x, y: label.y });
    routes[e.id] = { points, label: { ...at, width: label.width, height: label.height } };
  }
  return { width, height, nodes, edges: routes };
}
