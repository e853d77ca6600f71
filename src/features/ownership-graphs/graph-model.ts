import type { InterlocksAmongAnswer } from '~/contract/board-ownership.ts';
import type { GraphEdgeAnswer, GraphNodeAnswer, OwnershipGraphAnswer } from '~/contract/ownership.ts';
import { GRAPH_PAGE, STATE_CLASS_TITLES } from '~/contract/ownership.ts';
import { formatDate, formatPercent, UNKNOWN_SHARE } from '~/ui/format.ts';
import type { GraphEdge, GraphNode, GraphTie, GraphTone } from '~/ui/ownership-graph/types.ts';

/**
 * The graph answer (contract/ownership.ts) as the graph view draws it (ui/ownership-graph): a
 * node's tone from its state class, its figures as the second line, and how many of its links
 * are not shown yet ("N more"); the edges' labels from their direct shares.
 */

export function toneOf(n: GraphNodeAnswer): { tone: GraphTone; label?: string } {
  if (n.type === 'true') return { tone: 'person' };
  if (n.is_state_entity || n.state_class === 'state') return { tone: 'state' };
  if (n.state_class === 'unknown') return { tone: 'private', label: STATE_CLASS_TITLES.unknown };
  return { tone: n.state_class ?? 'private' };
}

/** The second line of a node: its integrated share relative to the root, and the state's share. */
export function sublabelOf(n: GraphNodeAnswer, direction: 'up' | 'down', depth0: boolean): string {
  const parts: string[] = [];
  if (!depth0)
    parts.push(
      `${direction === 'up' ? 'سهم یکپارچه' : 'در اختیار'} ${n.integrated === null ? 'نامعلوم' : formatPercent(n.integrated, 2)}`,
    );
  if (n.type === 'legal' && n.state_class !== 'state' && n.state_share !== null && n.state_share > 0)
    parts.push(`دولت ${formatPercent(n.state_share, 1)}`);
  return parts.join(' · ');
}

export function edgeLabel(e: GraphEdgeAnswer): string {
  const share = e.share === null ? UNKNOWN_SHARE : formatPercent(e.share, 2);
  return e.ended ? `${share} · تا ${formatDate(e.valid_to)}` : share;
}

export function toView(g: OwnershipGraphAnswer): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes = g.nodes.map((n): GraphNode => {
    const { tone, label } = toneOf(n);
    return {
      id: n.key,
      label: n.name,
      sublabel: sublabelOf(n, g.direction, n.key === g.root),
      tone,
      toneLabel: label,
      root: n.key === g.root,
      onPath: n.on_control_path,
      more: n.open ? n.links_total - n.links_shown : 0,
      expanded: n.open && n.links_shown > 0,
      expandable: !n.open && n.links_total > 0,
    };
  });
  const edges = g.edges.map(
    (e): GraphEdge => ({
      id: `${e.holder}>${e.company}${e.ended ? `@${e.valid_to}` : ''}`,
      holder: e.holder,
      company: e.company,
      label: edgeLabel(e),
      onPath: e.on_control_path,
      unknown: e.share === null || e.ended,
    }),
  );
  return { nodes, edges };
}

/** The open map as the answer shows it (what the server opened by itself, on the first answer). */
export function openOf(g: OwnershipGraphAnswer): Map<string, number> {
  return new Map(g.nodes.filter((n) => n.open).map((n) => [n.key, Math.max(n.links_shown, GRAPH_PAGE)]));
}

/** Expanding, collapsing and paging a node, on the open map. */
export const expand = (open: Map<string, number>, key: string) =>
  open.has(key) ? open : new Map(open).set(key, GRAPH_PAGE);
export const collapse = (open: Map<string, number>, key: string, root: string) => {
  if (key === root || !open.has(key)) return open;
  const next = new Map(open);
  next.delete(key);
  return next;
};
export const more = (open: Map<string, number>, key: string) =>
  new Map(open).set(key, (open.get(key) ?? 0) + GRAPH_PAGE);

/**
 * The interlocks among a graph's companies (GET /api/ownership/graph/:id/interlocks) as ties the
 * graph view draws: a person on several of its boards ties those companies in the graph's order,
 * each to the next (k boards, k − 1 arcs: a chain, not every pair); a board member holding
 * shares in a company tied to the board's company ties those two. Only ties between nodes the
 * graph has are kept.
 */
export function tiesOf(answer: InterlocksAmongAnswer, nodeOrder: readonly string[]): GraphTie[] {
  const place = new Map(nodeOrder.map((key, i) => [key, i]));
  const ties: GraphTie[] = [];
  for (const row of answer.board) {
    const companies = [...new Set(row.seats.map((s) => s.company.key))]
      .filter((key) => place.has(key))
      .sort((x, y) => place.get(x)! - place.get(y)!);
    const names = new Map(row.seats.map((s) => [s.company.key, s.company.name]));
    for (let i = 1; i < companies.length; i++)
      ties.push({
        id: `board:${row.person.key}:${companies[i - 1]}:${companies[i]}`,
        a: companies[i - 1]!,
        b: companies[i]!,
        kind: 'board',
        label: row.person.name,
        title: `${row.person.name} عضو هیئت مدیرهٔ ${names.get(companies[i - 1]!)} و ${names.get(companies[i]!)}`,
      });
  }
  for (const row of answer.shareholding) {
    const a = row.seat.company.key;
    const b = row.related.key;
    if (!place.has(a) || !place.has(b)) continue;
    const share = row.person_share === null ? UNKNOWN_SHARE : formatPercent(row.person_share, 2);
    ties.push({
      id: `shareholding:${row.id}`,
      a,
      b,
      kind: 'shareholding',
      label: row.person.name,
      title: `${row.person.name} عضو هیئت مدیرهٔ ${row.seat.company.name} و سهامدار ${row.related.name} (${share})`,
    });
  }
  return ties;
}
