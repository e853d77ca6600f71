import type { GraphEdge, GraphNode, NodeBox } from './types.ts';

/** The keys that move the focus between nodes (physical keys: `KeyboardEvent.code`). */
export type NavigationKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home';

const centre = (b: NodeBox) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/**
 * The node the focus moves to from `focused` on `key`, by what is drawn: ↑ to a node linked to it
 * (either way) and drawn above it, ↓ to one drawn below (holders are drawn above their companies,
 * so in 'up' ↑ goes to a holder and ↓ to a company it holds, and the same on screen in 'down');
 * of several, the one nearest in x, then in y. ← and → go to the next node of the same layer in
 * that screen direction (physical left and right, whatever the writing direction). Home goes to
 * the root. With nothing in that direction the focus stays; with no focus (or one that is gone)
 * it goes to the root, or the first node laid out.
 */
export function nextFocus(
  nodes: Pick<GraphNode, 'id' | 'root'>[],
  edges: Pick<GraphEdge, 'holder' | 'company'>[],
  positions: Record<string, NodeBox>,
  focused: string | null | undefined,
  key: NavigationKey,
): string | null {
  const home = () =>
    nodes.find((n) => n.root && positions[n.id])?.id ?? nodes.find((n) => positions[n.id])?.id;
  const from = focused ? positions[focused] : undefined;
  if (!focused || !from || key === 'Home') return home() ?? null;
  const at = centre(from);
  let best: string = focused;
  let bestScore = Number.POSITIVE_INFINITY;
  const consider = (id: string, score: number) => {
    if (score < bestScore || (score === bestScore && id < best)) {
      best = id;
      bestScore = score;
    }
  };
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const sign = key === 'ArrowUp' ? -1 : 1;
    for (const e of edges) {
      const other = e.holder === focused ? e.company : e.company === focused ? e.holder : undefined;
      const box = other === undefined || other === focused ? undefined : positions[other];
      if (!other || !box) continue;
      const c = centre(box);
      const dy = (c.y - at.y) * sign;
      if (dy <= 0) continue;
      consider(other, Math.abs(c.x - at.x) * 1000 + dy);
    }
    return best;
  }
  const sign = key === 'ArrowLeft' ? -1 : 1;
  for (const n of nodes) {
    const box = positions[n.id];
    if (!box || n.id === focused || box.layer !== from.layer) continue;
    const dx = (centre(box).x - at.x) * sign;
    if (dx > 0) consider(n.id, dx);
  }
  return best;
}
