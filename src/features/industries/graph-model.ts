import type { IndustryGraph, IndustryGraphEdge, IndustryGraphNode } from '~/contract/industries.ts';
import { STATE_CLASS_TITLES } from '~/contract/ownership.ts';
import { formatPercent, UNKNOWN_SHARE } from '~/ui/format.ts';
import type { GraphEdge, GraphNode, GraphTone } from '~/ui/ownership-graph/types.ts';

/**
 * The industry's network (contract/industries.ts `industryGraph`) as the graph view draws it
 * (ui/ownership-graph): a node's tone from its state class, the state's share as its second
 * line, each edge labelled with its direct share. Nothing opens or pages: every holding inside
 * the group that the answer carries is drawn at once.
 */

export function toneOf(n: IndustryGraphNode): { tone: GraphTone; label?: string } {
  if (n.is_state_entity || n.state_class === 'state') return { tone: 'state' };
  if (n.state_class === 'unknown') return { tone: 'private', label: STATE_CLASS_TITLES.unknown };
  return { tone: n.state_class ?? 'private' };
}

export function sublabelOf(n: IndustryGraphNode): string {
  const parts: string[] = [];
  if (n.ticker) parts.push(n.ticker);
  if (n.state_class !== 'state' && n.state_share !== null && n.state_share > 0)
    parts.push(`دولت ${formatPercent(n.state_share, 1)}`);
  return parts.join(' · ');
}

export const edgeId = (e: IndustryGraphEdge) => `${e.holder}>${e.company}`;

export function toView(g: IndustryGraph): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes = g.nodes.map((n): GraphNode => {
    const { tone, label } = toneOf(n);
    return { id: n.key, label: n.name, sublabel: sublabelOf(n), tone, toneLabel: label };
  });
  const edges = g.edges.map(
    (e): GraphEdge => ({
      id: edgeId(e),
      holder: e.holder,
      company: e.company,
      label: e.share === null ? UNKNOWN_SHARE : formatPercent(e.share, 2),
      unknown: e.share === null,
    }),
  );
  return { nodes, edges };
}
