import { memo } from 'react';
import { css } from 'styled-system/css';
import { edgePath } from './edge-path.ts';
import { GRAPH_COLOURS } from './tones.ts';
import type { GraphEdge, LayoutResult } from './types.ts';

const svg = css({
  position: 'absolute',
  insetBlockStart: '0',
  left: '0',
  overflow: 'visible',
  pointerEvents: 'none',
});
const line = css({
  fill: 'none',
  stroke: 'line.strong',
  strokeWidth: '1.2px',
  '&[data-path]': { stroke: 'fourth.strong', strokeWidth: '2.5px' },
  '&[data-unknown]': { strokeDasharray: '6 4' },
});
const labelBox = css({ fill: 'canvas', '&[data-path]': { fill: 'surface' } });
const labelText = css({
  fontSize: '11px',
  fill: 'muted',
  '&[data-path]': { fill: 'ink', fontWeight: 600 },
});
const PATH_COLOUR = `var(--color-fourth-strong, ${GRAPH_COLOURS.path})`;

export type GraphEdgesProps = { edges: GraphEdge[]; layout: LayoutResult };

/**
 * Every edge in one SVG under the nodes (drawn into React Flow's viewport, so that it pans and
 * zooms with them): from holder to company along the layout's points, an arrowhead at the
 * company, the label on a plain box; the control path thicker in the accent colour, an unknown
 * share dashed. Not React Flow edges: 1,500 of those are 1,500 store subscriptions run on every
 * frame of a pan, and each needs a handle on its nodes; this is drawn once per layout.
 * The SVG is left-to-right geometry: `left`, not a logical inset.
 */
export const GraphEdges = memo(function GraphEdges({ edges, layout }: GraphEdgesProps) {
  // the control path last, over the rest
  const ordered = [...edges].sort((a, b) => Number(!!a.onPath) - Number(!!b.onPath));
  return (
    <svg
      className={svg}
      width={Math.ceil(layout.width)}
      height={Math.ceil(layout.height)}
      aria-hidden="true"
      data-testid="graph-edges"
    >
      <defs>
        <marker
          id="og-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          markerUnits="userSpaceOnUse"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" fill={GRAPH_COLOURS.line} />
        </marker>
        <marker
          id="og-arrow-path"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="9"
          markerHeight="9"
          markerUnits="userSpaceOnUse"
          orient="auto"
        >
          <path d="M0,0 L10,5 L0,10 z" style={{ fill: PATH_COLOUR }} />
        </marker>
      </defs>
      {ordered.map((edge) => {
        const route = layout.edges[edge.id];
        return (
          route && (
            <path
              key={edge.id}
              className={line}
              d={edgePath(route.points)}
              markerEnd={edge.onPath ? 'url(#og-arrow-path)' : 'url(#og-arrow)'}
              data-edge={edge.id}
              data-path={edge.onPath || undefined}
              data-unknown={edge.unknown || undefined}
            />
          )
        );
      })}
      {/* the labels over every line, so that no other edge's line runs through one */}
      {ordered.map((edge) => {
        const route = layout.edges[edge.id];
        if (!route || !edge.label) return null;
        const { x, y, width, height } = route.label;
        const path = edge.onPath || undefined;
        return (
          <g key={edge.id}>
            <rect
              className={labelBox}
              data-path={path}
              x={x - width / 2}
              y={y - height / 2}
              width={width}
              height={height}
              rx={3}
            />
            <text className={labelText} data-path={path} x={x} y={y + 4} direction="rtl" textAnchor="middle">
              {edge.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
});
