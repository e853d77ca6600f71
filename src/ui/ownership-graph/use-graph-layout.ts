import { useEffect, useMemo, useRef, useState } from 'react';
import type { LayoutInput } from './layout.ts';
import { createLayoutRunner, type LayoutRunner } from './layout-client.ts';
import type { GraphDirection, GraphEdge, GraphNode, LayoutResult } from './types.ts';

export type Laid = { key: string; layout: LayoutResult; ms: number };

/** What the layout depends on: ids, links and label lengths; not tones, sublabels or flags. */
function shapeKey(nodes: GraphNode[], edges: GraphEdge[], direction: GraphDirection): string {
  const parts: string[] = [direction];
  for (const n of nodes) parts.push(n.id);
  parts.push('');
  for (const e of edges) parts.push(`${e.id}\u0001${e.holder}\u0001${e.company}\u0001${e.label.length}`);
  return parts.join('\u0000');
}

/**
 * The layout of the graph, computed in a worker whenever its shape changes (a new node or link,
 * a new direction); until the new one arrives the previous one stays (`pending` is true), so the
 * canvas never goes blank. Answers to superseded requests are dropped.
 */
export function useGraphLayout(
  nodes: GraphNode[],
  edges: GraphEdge[],
  direction: GraphDirection,
): { laid: Laid | null; pending: boolean } {
  const runner = useRef<LayoutRunner | null>(null);
  const [laid, setLaid] = useState<Laid | null>(null);
  const key = useMemo(() => shapeKey(nodes, edges, direction), [nodes, edges, direction]);
  const latest = useRef({ nodes, edges, direction });
  latest.current = { nodes, edges, direction };

  useEffect(() => {
    const r = createLayoutRunner();
    runner.current = r;
    return () => {
      r.dispose();
      runner.current = null;
    };
  }, []);

  useEffect(() => {
    let live = true;
    const { nodes, edges, direction } = latest.current;
    const input: LayoutInput = {
      nodes: nodes.map((n) => ({ id: n.id })),
      edges: edges.map(({ id, holder, company, label }) => ({ id, holder, company, label })),
      direction,
    };
    runner.current?.run(input).then((answer) => {
      if (live) setLaid({ key, layout: answer.result, ms: answer.ms });
    });
    return () => {
      live = false;
    };
  }, [key]);

  return { laid, pending: laid?.key !== key };
}
