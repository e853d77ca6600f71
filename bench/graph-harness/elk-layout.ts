import type { ELK, ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api.js';
import {
  LABEL_HEIGHT,
  type LayoutInput,
  labelWidth,
  NODE_HEIGHT,
  NODE_WIDTH,
} from '~/ui/ownership-graph/layout.ts';
import type { EdgeRoute, LayoutResult, NodeBox } from '~/ui/ownership-graph/types.ts';

/**
 * The same layout by ELK's layered algorithm, for the bench's comparison only (elkjs never enters
 * the product bundle): the same node and label sizes and spacings as layout.ts, the result in the
 * same shape, mirrored for right to left. ELK at its fastest that still draws this graph: the
 * longest-path layering (as layout.ts), thoroughness 1, simple node placement and polyline edges.
 * Its defaults (network simplex, thoroughness 7, Brandes–Köpf, orthogonal edges) took over 5
 * minutes on 1,000 nodes in Node (300 nodes: 3.4 s); these settings 4–7 s.
 */
export async function elkLayout(elk: ELK, input: LayoutInput): Promise<LayoutResult> {
  const ids = new Set(input.nodes.map((n) => n.id));
  const edges = input.edges.filter((e) => ids.has(e.holder) && ids.has(e.company));
  const graph: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.padding': '[top=24,left=24,bottom=24,right=24]',
      'elk.spacing.nodeNode': '28',
      'elk.layered.spacing.nodeNodeBetweenLayers': '72',
      'elk.edgeLabels.placement': 'CENTER',
      'elk.layered.layering.strategy': 'LONGEST_PATH',
      'elk.layered.thoroughness': '1',
      'elk.layered.nodePlacement.strategy': 'SIMPLE',
      'elk.edgeRouting': 'POLYLINE',
    },
    children: [...ids].map((id) => ({ id, width: NODE_WIDTH, height: NODE_HEIGHT })),
    edges: edges.map(
      (e): ElkExtendedEdge => ({
        id: e.id,
        sources: [e.holder],
        targets: [e.company],
        labels: [{ text: e.label, width: labelWidth(e.label), height: LABEL_HEIGHT }],
      }),
    ),
  };
  const out = await elk.layout(graph);
  const width = out.width ?? 0;
  const mirror = (p: { x: number; y: number }) => ({ x: width - p.x, y: p.y });
  const nodes: Record<string, NodeBox> = {};
  const ys = [...new Set((out.children ?? []).map((c) => c.y ?? 0))].sort((a, b) => a - b);
  for (const c of out.children ?? []) {
    nodes[c.id] = {
      x: width - (c.x ?? 0) - (c.width ?? NODE_WIDTH),
      y: c.y ?? 0,
      width: c.width ?? NODE_WIDTH,
      height: c.height ?? NODE_HEIGHT,
      layer: ys.indexOf(c.y ?? 0),
    };
  }
  const routes: Record<string, EdgeRoute> = {};
  for (const e of out.edges ?? []) {
    const s = e.sections?.[0];
    const points = s ? [s.startPoint, ...(s.bendPoints ?? []), s.endPoint].map(mirror) : [];
    const l = e.labels?.[0];
    const w = l?.width ?? 0;
    const h = l?.height ?? 0;
    const at = mirror({ x: (l?.x ?? 0) + w / 2, y: (l?.y ?? 0) + h / 2 });
    routes[e.id] = { points, label: { ...at, width: w, height: h } };
  }
  return { width, height: out.height ?? 0, nodes, edges: routes };
}
