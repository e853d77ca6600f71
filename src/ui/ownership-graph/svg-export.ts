import { formatNumber } from '../format.ts';
import { edgePath } from './edge-path.ts';
import { tieRoute } from './tie-route.ts';
import { GRAPH_COLOURS, TONES, toneLabel } from './tones.ts';
import type { GraphEdge, GraphNode, GraphTie, LayoutResult } from './types.ts';

/**
 * The ownership graph as a standalone SVG document, drawn from the laid-out positions (not a
 * screenshot): a rect per node with its label, badge and sublabel, a path per edge with an
 * arrowhead at the company and its label, right-to-left text in Vazirmatn (embedded when
 * `fontFace` is given, so that the file reads the same where the font is not installed).
 */

export const FONT_FAMILY = 'Vazirmatn, Tahoma, sans-serif';

export type SvgExportOptions = {
  nodes: GraphNode[];
  edges: GraphEdge[];
  /** Interlocks drawn as arcs under the edges (none when omitted). */
  ties?: GraphTie[];
  layout: LayoutResult;
  /** The document's title (the canvas's label). */
  title: string;
  /** The control path's colour (the theme's fourth colour, strong). */
  pathColour?: string;
  /** A font to embed: `url` is a data: URL of a woff2 file. */
  fontFace?: { family: string; url: string };
};

// Characters XML 1.0 does not allow, and the bidirectional controls a label must not smuggle in.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\u202A-\u202E\u2066-\u2069]/g;
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text for XML content or a quoted attribute. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** `text` cut with an ellipsis to about `width` px at `size` px (an estimate of Vazirmatn's widths). */
export function fitText(text: string, width: number, size: number): string {
  const max = Math.max(1, Math.floor(width / (size * 0.56)));
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

const n = (v: number) => String(Math.round(v * 10) / 10);

function nodeSvg(node: GraphNode, layout: LayoutResult, pathColour: string): string {
  const box = layout.nodes[node.id];
  if (!box) return '';
  const tone = TONES[node.tone];
  const { x, y, width: w, height: h } = box;
  const right = x + w - 12;
  const stroke = node.onPath ? pathColour : node.root ? GRAPH_COLOURS.ink : GRAPH_COLOURS.line;
  const strokeWidth = node.onPath || node.root ? 2 : 1;
  const badge = toneLabel(node.tone, node.toneLabel);
  const badgeWidth = Math.min(110, badge.length * 6.2 + 12);
  const more = node.more && node.more > 0 ? `${formatNumber(node.more)} مورد دیگر` : '';
  const sublabelWidth = w - 24 - badgeWidth - 8 - (more ? 70 : 0);
  const parts = [
    `<g class="node-group" data-id="${escapeXml(node.id)}">`,
    `<title>${escapeXml(node.label)}</title>`,
    `<rect class="node" x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="6" fill="${GRAPH_COLOURS.surface}" stroke="${stroke}" stroke-width="${strokeWidth}"/>`,
    `<path d="M${n(x + w - 4)},${n(y + 1)} h3 v${n(h - 2)} h-3 z" fill="${tone.stripe}"/>`,
    `<text x="${n(right)}" y="${n(y + 24)}" font-size="13" font-weight="600" fill="${GRAPH_COLOURS.ink}" direction="rtl" text-anchor="start">${escapeXml(fitText(node.label, w - 24, 13))}</text>`,
    `<rect class="badge" x="${n(right - badgeWidth)}" y="${n(y + 36)}" width="${n(badgeWidth)}" height="18" rx="3" fill="${tone.soft}"/>`,
    `<text x="${n(right - 6)}" y="${n(y + 49)}" font-size="11" fill="${tone.ink}" direction="rtl" text-anchor="start">${escapeXml(badge)}</text>`,
  ];
  if (node.sublabel && sublabelWidth > 30) {
    parts.push(
      `<text x="${n(right - badgeWidth - 8)}" y="${n(y + 49)}" font-size="11" fill="${GRAPH_COLOURS.muted}" direction="rtl" text-anchor="start">${escapeXml(fitText(node.sublabel, sublabelWidth, 11))}</text>`,
    );
  }
  if (more) {
    parts.push(
      `<text x="${n(x + 10)}" y="${n(y + 49)}" font-size="11" fill="${GRAPH_COLOURS.muted}" direction="rtl" text-anchor="end">${escapeXml(more)}</text>`,
    );
  }
  parts.push('</g>');
  return parts.join('');
}

function edgeSvg(edge: GraphEdge, layout: LayoutResult, pathColour: string): string {
  const route = layout.edges[edge.id];
  if (!route) return '';
  const colour = edge.onPath ? pathColour : GRAPH_COLOURS.line;
  const dash = edge.unknown ? ' stroke-dasharray="6 4"' : '';
  return `<path class="edge" d="${edgePath(route.points)}" fill="none" stroke="${colour}" stroke-width="${edge.onPath ? 2.5 : 1.2}"${dash} marker-end="url(#${edge.onPath ? 'arrow-path' : 'arrow'})"/>`;
}

function edgeLabelSvg(edge: GraphEdge, layout: LayoutResult): string {
  const route = layout.edges[edge.id];
  if (!route || !edge.label) return '';
  const { x, y, width, height } = route.label;
  return `<g class="edge-label"><rect x="${n(x - width / 2)}" y="${n(y - height / 2)}" width="${n(width)}" height="${n(height)}" rx="3" fill="${edge.onPath ? GRAPH_COLOURS.surface : GRAPH_COLOURS.canvas}"/><text x="${n(x)}" y="${n(y + 4)}" font-size="11" fill="${edge.onPath ? GRAPH_COLOURS.ink : GRAPH_COLOURS.muted}"${edge.onPath ? ' font-weight="600"' : ''} direction="rtl" text-anchor="middle">${escapeXml(edge.label)}</text></g>`;
}

function tieSvg(tie: GraphTie, layout: LayoutResult): string {
  const a = layout.nodes[tie.a];
  const b = layout.nodes[tie.b];
  if (!a || !b) return '';
  const { d, label } = tieRoute(a, b);
  const dash = tie.kind === 'shareholding' ? '1.5 4" stroke-linecap="round' : '5 4';
  return `<g class="tie"><title>${escapeXml(tie.title)}</title><path d="${d}" fill="none" stroke="${GRAPH_COLOURS.tie}" stroke-width="${tie.kind === 'shareholding' ? 2 : 1.6}" stroke-dasharray="${dash}"/><text x="${n(label.x)}" y="${n(label.y + 4)}" font-size="11" font-weight="600" fill="${GRAPH_COLOURS.tie}" stroke="${GRAPH_COLOURS.canvas}" stroke-width="3" paint-order="stroke" direction="rtl" text-anchor="middle">${escapeXml(fitText(tie.label, 160, 11))}</text></g>`;
}

const marker = (id: string, colour: string) =>
  `<marker id="${id}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" markerUnits="userSpaceOnUse" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${colour}"/></marker>`;

/** The SVG document, as text (UTF-8). */
export function buildSvg({
  nodes,
  edges,
  ties = [],
  layout,
  title,
  pathColour,
  fontFace,
}: SvgExportOptions): string {
  const path = pathColour ?? GRAPH_COLOURS.path;
  const width = Math.max(1, Math.ceil(layout.width));
  const height = Math.max(1, Math.ceil(layout.height));
  const font = fontFace
    ? `<style>@font-face{font-family:'${fontFace.family.replace(/['\\<>&]/g, '')}';src:url(${fontFace.url.replace(/[()'"\s<>&]/g, '')}) format('woff2');}</style>`
    : '';
  // the interlocks, the edges, then their labels over every line, then the nodes; the control
  // path last of the edges
  const ordered = [...edges].sort((a, b) => Number(!!a.onPath) - Number(!!b.onPath));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>\n',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" direction="rtl" font-family="${FONT_FAMILY}">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs>${font}${marker('arrow', GRAPH_COLOURS.line)}${marker('arrow-path', path)}</defs>`,
    `<rect class="background" width="${width}" height="${height}" fill="${GRAPH_COLOURS.canvas}"/>`,
    `<g class="ties">${ties.map((t) => tieSvg(t, layout)).join('')}</g>`,
    `<g class="edges">${ordered.map((e) => edgeSvg(e, layout, path)).join('')}</g>`,
    `<g class="edge-labels">${ordered.map((e) => edgeLabelSvg(e, layout)).join('')}</g>`,
    `<g class="nodes">${nodes.map((node) => nodeSvg(node, layout, path)).join('')}</g>`,
    '</svg>\n',
  ].join('');
}
