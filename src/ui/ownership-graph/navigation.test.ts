import { describe, expect, it } from 'vitest';
import { layoutGraph } from './layout.ts';
import { type NavigationKey, nextFocus } from './navigation.ts';
import type { GraphDirection, NodeBox } from './types.ts';

const edge = (holder: string, company: string) => ({
  id: `${holder}>${company}`,
  holder,
  company,
  label: '',
});

/** Owners of R: A, B and C hold R (A first); A1 and A2 hold A; C1 holds C. */
const owners = {
  nodes: [
    { id: 'R', root: true },
    { id: 'A' },
    { id: 'B' },
    { id: 'C' },
    { id: 'A1' },
    { id: 'A2' },
    { id: 'C1' },
  ],
  edges: [edge('A', 'R'), edge('B', 'R'), edge('C', 'R'), edge('A1', 'A'), edge('A2', 'A'), edge('C1', 'C')],
};
/** Subsidiaries of R: the same shape upside down. */
const subsidiaries = {
  nodes: owners.nodes,
  edges: owners.edges.map((e) => edge(e.company, e.holder)),
};

function walker(graph: typeof owners, direction: GraphDirection) {
  const positions = layoutGraph({ ...graph, direction }).nodes;
  return (from: string | null, ...keys: NavigationKey[]) =>
    keys.reduce<string | null>((at, key) => nextFocus(graph.nodes, graph.edges, positions, at, key), from);
}

describe('nextFocus', () => {
  it('starts at the root', () => {
    const go = walker(owners, 'up');
    expect(go(null, 'ArrowUp')).toBe('R');
    expect(go('gone', 'ArrowLeft')).toBe('R');
    expect(go('A1', 'Home')).toBe('R');
  });

  it("in 'up', ↑ goes to a holder and ↓ to the company it holds", () => {
    const go = walker(owners, 'up');
    // R's holders are drawn above it; the nearest in x is the middle one
    expect(go('R', 'ArrowUp')).toBe('B');
    expect(go('A', 'ArrowUp')).toMatch(/^A[12]$/);
    expect(go('A1', 'ArrowDown')).toBe('A');
    expect(go('A1', 'ArrowDown', 'ArrowDown')).toBe('R');
    // nothing above B: the focus stays
    expect(go('B', 'ArrowUp')).toBe('B');
    expect(go('R', 'ArrowDown')).toBe('R');
  });

  it("in 'down', ↑ and ↓ keep their screen sense: ↓ to a subsidiary, ↑ to its holder", () => {
    const go = walker(subsidiaries, 'down');
    expect(go('R', 'ArrowDown')).toBe('B');
    expect(go('C1', 'ArrowUp')).toBe('C');
    expect(go('C1', 'ArrowUp', 'ArrowUp')).toBe('R');
    expect(go('R', 'ArrowUp')).toBe('R');
  });

  it('← and → move along the layer on screen, right to left from the first sibling', () => {
    for (const [graph, direction] of [
      [owners, 'up'],
      [subsidiaries, 'down'],
    ] as const) {
      const go = walker(graph, direction);
      // siblings read right to left: A is rightmost, so ← walks A, B, C
      expect(go('A', 'ArrowLeft')).toBe('B');
      expect(go('A', 'ArrowLeft', 'ArrowLeft')).toBe('C');
      expect(go('C', 'ArrowLeft')).toBe('C');
      expect(go('C', 'ArrowRight', 'ArrowRight')).toBe('A');
      expect(go('A', 'ArrowRight')).toBe('A');
      // the next layer is not the same layer: A2 → C1 skips nothing in between
      expect(go('A2', 'ArrowLeft')).toBe('C1');
    }
  });

  it('follows edges either way, so a cross-holding drawn upward is still reached', () => {
    const box = (x: number, y: number, layer: number): NodeBox => ({ x, y, width: 10, height: 10, layer });
    const positions = { R: box(0, 100, 1), H: box(0, 0, 0), K: box(50, 0, 0) };
    const nodes = [{ id: 'R', root: true }, { id: 'H' }, { id: 'K' }];
    // R holds K back (a cycle): K is drawn above R all the same
    const edges = [edge('H', 'R'), edge('R', 'K')];
    expect(nextFocus(nodes, edges, positions, 'R', 'ArrowUp')).toBe('H');
    expect(nextFocus(nodes, edges, positions, 'K', 'ArrowDown')).toBe('R');
    expect(nextFocus(nodes, edges, positions, 'H', 'ArrowRight')).toBe('K');
  });
});
