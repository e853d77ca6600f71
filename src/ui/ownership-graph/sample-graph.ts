import { toPersianDigits } from '~/domain/persian-text.ts';
import { formatPercent } from '../format.ts';
import type { GraphDirection, GraphEdge, GraphNode, GraphTone } from './types.ts';

/**
 * A generated layered ownership graph for tests and the bench (never for a screen): the root,
 * then levels of 8, 40, 150, 300 ... nodes away from it, each node linked to one node of the level
 * nearer the root and, until `edgeCount` links, to more (four in five to the next level nearer,
 * the rest two levels nearer): cross-holdings and links that skip a level, as real groups have.
 * In 'down' the root holds the first level; in 'up' the first level holds the root. Seeded:
 * the same arguments give the same graph.
 */
export function sampleOwnershipGraph(
  nodeCount: number,
  edgeCount: number,
  direction: GraphDirection,
  seed = 7,
): { nodes: GraphNode[]; edges: GraphEdge[] } {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const sizes = [1];
  for (let left = nodeCount - 1, size = 8; left > 0; size *= 4) {
    sizes.push(Math.min(left, size));
    left -= size;
  }
  const tones: GraphTone[] = ['state-owned', 'state-affiliated', 'private', 'person'];
  const levels: string[][] = [];
  const nodes: GraphNode[] = [];
  sizes.forEach((size, level) => {
    const ids: string[] = [];
    for (let i = 0; i < size; i++) {
      const id = `n${nodes.length}`;
      const tone: GraphTone =
        level === 0 ? 'state-owned' : level === sizes.length - 1 && i === 0 ? 'state' : pick(tones);
      nodes.push({
        id,
        label: `${tone === 'person' ? 'شخص' : 'شرکت نمونه شماره'} ${toPersianDigits(nodes.length)}`,
        sublabel: tone === 'person' ? undefined : `سهم دولت ${formatPercent(random())}`,
        tone,
        root: level === 0 || undefined,
        expandable: level === sizes.length - 1,
      });
      ids.push(id);
    }
    levels.push(ids);
  });
  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  const link = (near: string, far: string) => {
    const [holder, company] = direction === 'down' ? [near, far] : [far, near];
    const key = `${holder}>${company}`;
    if (seen.has(key)) return;
    seen.add(key);
    const share = random();
    edges.push({
      id: `e${edges.length}`,
      holder,
      company,
      label: `مستقیم ${formatPercent(share, 1)} · یکپارچه ${formatPercent(Math.min(1, share * 1.2), 1)}`,
      unknown: random() < 0.03 || undefined,
    });
  };
  for (let level = 1; level < levels.length; level++) {
    for (const id of levels[level]!) link(pick(levels[level - 1]!), id);
  }
  const limit = Math.min(edgeCount, (nodeCount * (nodeCount - 1)) / 2);
  for (let tries = 0; edges.length < limit && tries < edgeCount * 20 && levels.length > 1; tries++) {
    const level = 1 + Math.floor(random() * (levels.length - 1));
    const nearer = level >= 2 && random() < 0.2 ? level - 2 : level - 1;
    link(pick(levels[nearer]!), pick(levels[level]!));
  }
  return { nodes, edges };
}
