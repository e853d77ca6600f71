import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { layoutGraph } from './layout.ts';
import { sampleOwnershipGraph } from './sample-graph.ts';
import { buildSvg, escapeXml, fitText } from './svg-export.ts';
import type { GraphEdge, GraphNode } from './types.ts';

type Element = { name: string; attributes: Record<string, string>; text: string };

/** Parses the document strictly (throws on anything not well-formed) into its elements. */
function parse(xml: string): Element[] {
  const parser = new SaxesParser();
  const elements: Element[] = [];
  const open: Element[] = [];
  parser.on('error', (e) => {
    throw e;
  });
  parser.on('opentag', (tag) => {
    const el = { name: tag.name, attributes: tag.attributes as Record<string, string>, text: '' };
    elements.push(el);
    open.push(el);
  });
  parser.on('text', (t) => {
    const el = open[open.length - 1];
    if (el) el.text += t;
  });
  parser.on('closetag', () => open.pop());
  parser.write(xml).close();
  return elements;
}

const nodes: GraphNode[] = [
  { id: 'r', label: 'شرکت ملی <نفت> & "گاز"', tone: 'state-owned', root: true, sublabel: 'سهم دولت ۶۲٫۵٪' },
  { id: 's', label: 'دولت', tone: 'state', onPath: true, more: 12 },
  { id: 'p', label: "O'Brien\u202E\u0007", tone: 'person', toneLabel: 'شخص' },
];
const edges: GraphEdge[] = [
  { id: 'e1', holder: 's', company: 'r', label: 'مستقیم ۴۰٪ · یکپارچه ۴۵٫۴٪', onPath: true },
  { id: 'e2', holder: 'p', company: 'r', label: 'نامعلوم', unknown: true },
];
const layout = layoutGraph({ nodes, edges, direction: 'up' });

describe('buildSvg', () => {
  const svg = buildSvg({
    nodes,
    edges,
    layout,
    title: 'مالکان <شرکت>',
    fontFace: { family: 'Vazirmatn', url: 'data:font/woff2;base64,AAAA' },
  });
  const elements = parse(svg);

  it('is a well-formed SVG document of the layout’s size, right to left in Vazirmatn', () => {
    const root = elements[0]!;
    expect(root.name).toBe('svg');
    expect(root.attributes.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(Number(root.attributes.width)).toBe(Math.ceil(layout.width));
    expect(Number(root.attributes.height)).toBe(Math.ceil(layout.height));
    expect(root.attributes['font-family']).toMatch(/^Vazirmatn/);
    expect(elements.find((e) => e.name === 'title')!.text).toBe('مالکان <شرکت>');
    expect(elements.find((e) => e.name === 'style')!.text).toContain("font-family:'Vazirmatn'");
    for (const t of elements.filter((e) => e.name === 'text')) {
      expect(t.attributes.direction).toBe('rtl');
    }
  });

  it('draws one rect per node at its laid-out place, and one path per edge with an arrowhead', () => {
    const rects = elements.filter((e) => e.name === 'rect' && e.attributes.class === 'node');
    expect(rects).toHaveLength(nodes.length);
    const s = layout.nodes.s!;
    expect(rects.some((r) => Number(r.attributes.x) === Math.round(s.x * 10) / 10)).toBe(true);
    const paths = elements.filter((e) => e.name === 'path' && e.attributes.class === 'edge');
    expect(paths).toHaveLength(edges.length);
    for (const p of paths) expect(p.attributes['marker-end']).toMatch(/^url\(#arrow(-path)?\)$/);
    expect(paths.filter((p) => p.attributes['stroke-dasharray'])).toHaveLength(1);
    expect(paths.filter((p) => p.attributes['marker-end'] === 'url(#arrow-path)')).toHaveLength(1);
  });

  it('escapes text and drops characters XML (and honest labels) do not allow', () => {
    const texts = elements.filter((e) => e.name === 'text').map((e) => e.text);
    expect(texts).toContain('شرکت ملی <نفت> & "گاز"');
    expect(texts).toContain("O'Brien");
    expect(texts).toContain('مستقیم ۴۰٪ · یکپارچه ۴۵٫۴٪');
    expect(texts).toContain('۱۲ مورد دیگر');
    expect(texts).toContain('شخص');
    expect(texts).toContain('نهاد دولتی');
    expect(svg).not.toContain('<نفت>');
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });

  it('cuts a long label with an ellipsis', () => {
    expect(fitText('کوتاه', 200, 13)).toBe('کوتاه');
    const long = 'شرکت سرمایه‌گذاری صندوق بازنشستگی کارکنان صنعت نفت و گاز و پتروشیمی';
    const cut = fitText(long, 196, 13);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThan(long.length);
  });

  it('draws the interlocks given as arcs under the edges, escaped, and only between laid-out nodes', () => {
    const withTies = parse(
      buildSvg({
        nodes,
        edges,
        layout,
        title: 'x',
        ties: [
          { id: 't1', a: 's', b: 'p', kind: 'board', label: 'پرویز <ک>', title: 'پرویز عضو هر دو' },
          { id: 't2', a: 's', b: 'missing', kind: 'shareholding', label: 'x', title: 'x' },
        ],
      }),
    );
    const groups = withTies.filter((e) => e.attributes.class === 'tie');
    expect(groups).toHaveLength(1);
    expect(withTies.map((e) => e.text)).toContain('پرویز <ک>');
    // the ties' group comes before the edges', so the edges are drawn over them
    const order = withTies.map((e) => e.attributes.class);
    expect(order.indexOf('ties')).toBeLessThan(order.indexOf('edges'));
    expect(elements.filter((e) => e.attributes.class === 'tie')).toHaveLength(0);
  });

  it('exports 1,000 nodes', () => {
    const big = sampleOwnershipGraph(1000, 1500, 'down');
    const l = layoutGraph({ ...big, direction: 'down' });
    const all = parse(buildSvg({ ...big, layout: l, title: 'x' }));
    expect(all.filter((e) => e.attributes.class === 'node')).toHaveLength(1000);
    expect(all.filter((e) => e.attributes.class === 'edge')).toHaveLength(1500);
  });
});
