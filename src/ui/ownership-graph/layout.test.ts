import { describe, expect, it } from 'vitest';
import { type LayoutInput, layoutGraph, NODE_HEIGHT, NODE_WIDTH } from './layout.ts';
import { sampleOwnershipGraph } from './sample-graph.ts';
import type { LayoutResult, NodeBox } from './types.ts';

const edge = (holder: string, company: string) => ({
  id: `${holder}>${company}`,
  holder,
  company,
  label: 'مستقیم ۴۰٪',
});
const nodes = (...ids: string[]) => ids.map((id) => ({ id }));
const centreX = (b: NodeBox) => b.x + b.width / 2;

function overlaps(layout: LayoutResult): string[] {
  const boxes = Object.entries(layout.nodes).sort(([, a], [, b]) => a.x - b.x);
  const found: string[] = [];
  for (let i = 0; i < boxes.length; i++) {
    const [a, p] = boxes[i]!;
    for (let j = i + 1; j < boxes.length; j++) {
      const [b, q] = boxes[j]!;
      if (q.x >= p.x + p.width) break;
      if (q.y < p.y + p.height && p.y < q.y + q.height) found.push(`${a}/${b}`);
    }
  }
  return found;
}

describe('layoutGraph', () => {
  // owners of R: A and B hold R, C holds A and R (a link that skips a level)
  const owners: LayoutInput = {
    nodes: nodes('R', 'A', 'B', 'C'),
    edges: [edge('A', 'R'), edge('B', 'R'), edge('C', 'A'), edge('C', 'R')],
    direction: 'up',
  };

  it("draws holders above their companies, the root at the bottom in 'up'", () => {
    const l = layoutGraph(owners);
    expect(l.nodes.R!.layer).toBe(2);
    expect(l.nodes.A!.layer).toBe(1);
    expect(l.nodes.B!.layer).toBe(1);
    expect(l.nodes.C!.layer).toBe(0);
    expect(l.nodes.C!.y).toBeLessThan(l.nodes.A!.y);
    expect(l.nodes.A!.y).toBeLessThan(l.nodes.R!.y);
  });

  it("puts the root on top and a company right below its lowest holder in 'down'", () => {
    const l = layoutGraph({
      nodes: nodes('R', 'A', 'B', 'C', 'D'),
      edges: [edge('R', 'A'), edge('R', 'B'), edge('A', 'C'), edge('R', 'C'), edge('C', 'D')],
      direction: 'down',
    });
    expect(l.nodes.R!.layer).toBe(0);
    expect(l.nodes.A!.layer).toBe(1);
    // B holds nothing: it stays next to the root rather than sinking to the bottom
    expect(l.nodes.B!.layer).toBe(1);
    expect(l.nodes.C!.layer).toBe(2);
    expect(l.nodes.D!.layer).toBe(3);
  });

  it('lays siblings out right to left in the order given', () => {
    const l = layoutGraph({
      nodes: nodes('R', 'A', 'B', 'C'),
      edges: [edge('R', 'A'), edge('R', 'B'), edge('R', 'C')],
      direction: 'down',
    });
    expect(centreX(l.nodes.A!)).toBeGreaterThan(centreX(l.nodes.B!));
    expect(centreX(l.nodes.B!)).toBeGreaterThan(centreX(l.nodes.C!));
    const up = layoutGraph({
      nodes: nodes('R', 'A', 'B', 'A1', 'A2', 'B1'),
      edges: [edge('A', 'R'), edge('B', 'R'), edge('A1', 'A'), edge('A2', 'A'), edge('B1', 'B')],
      direction: 'up',
    });
    const row = (layer: number) =>
      Object.entries(up.nodes)
        .filter(([, b]) => b.layer === layer)
        .sort(([, a], [, b]) => b.x - a.x)
        .map(([id]) => id);
    expect(row(0)).toEqual(['A1', 'A2', 'B1']);
    expect(row(1)).toEqual(['A', 'B']);
  });

  it('routes every edge from the holder down to the company, its label between them', () => {
    const l = layoutGraph(owners);
    for (const e of owners.edges) {
      const route = l.edges[e.id]!;
      const [from, to] = [route.points[0]!, route.points[route.points.length - 1]!];
      const holder = l.nodes[e.holder]!;
      const company = l.nodes[e.company]!;
      expect(from.y).toBeCloseTo(holder.y + holder.height, 0);
      expect(to.y).toBeCloseTo(company.y, 0);
      expect(route.label.y).toBeGreaterThan(holder.y + holder.height);
      expect(route.label.y).toBeLessThan(company.y);
    }
  });

  it('sizes nodes for the canvas and fits them in the layout', () => {
    const l = layoutGraph(owners);
    for (const b of Object.values(l.nodes)) {
      expect([b.width, b.height]).toEqual([NODE_WIDTH, NODE_HEIGHT]);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(l.width + 0.001);
      expect(b.y + b.height).toBeLessThanOrEqual(l.height + 0.001);
    }
    expect(overlaps(l)).toEqual([]);
  });

  it('survives a cross-holding cycle, edges to missing nodes and no nodes at all', () => {
    const l = layoutGraph({
      nodes: nodes('R', 'A', 'B'),
      edges: [edge('A', 'R'), edge('B', 'A'), edge('A', 'B'), edge('X', 'R')],
      direction: 'up',
    });
    expect(Object.keys(l.edges).sort()).toEqual(['A>B', 'A>R', 'B>A']);
    expect(overlaps(l)).toEqual([]);
    expect(layoutGraph({ nodes: [], edges: [], direction: 'down' })).toMatchObject({ nodes: {}, edges: {} });
  });

  for (const direction of ['up', 'down'] as const) {
    it(`lays out 1,000 nodes and 1,500 edges without overlaps (${direction})`, () => {
      const graph = sampleOwnershipGraph(1000, 1500, direction);
      expect(graph.nodes).toHaveLength(1000);
      expect(graph.edges).toHaveLength(1500);
      const t0 = performance.now();
      const l = layoutGraph({ ...graph, direction });
      const ms = performance.now() - t0;
      expect(Object.keys(l.nodes)).toHaveLength(1000);
      expect(Object.keys(l.edges)).toHaveLength(1500);
      expect(overlaps(l)).toEqual([]);
      const root = l.nodes.n0!;
      const layers = Math.max(...Object.values(l.nodes).map((b) => b.layer));
      expect(root.layer).toBe(direction === 'down' ? 0 : layers);
      // generous: the bench measures it in the browser's worker (target < 1 s)
      expect(ms).toBeLessThan(10_000);
    });
  }
});
