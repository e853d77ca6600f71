import { memo } from 'react';
import { css } from 'styled-system/css';
import { fitText } from './svg-export.ts';
import { tieRoute } from './tie-route.ts';
import { GRAPH_COLOURS } from './tones.ts';
import type { GraphTie, LayoutResult } from './types.ts';

const svg = css({
  position: 'absolute',
  insetBlockStart: '0',
  left: '0',
  overflow: 'visible',
  pointerEvents: 'none',
});
const arc = css({
  fill: 'none',
  strokeWidth: '1.6px',
  strokeDasharray: '5 4',
  '&[data-kind="shareholding"]': { strokeDasharray: '1.5 4', strokeLinecap: 'round', strokeWidth: '2px' },
});
const text = css({ fontSize: '11px', fontWeight: 600 });

export type GraphTiesProps = { ties: GraphTie[]; layout: LayoutResult };

/**
 * The interlocks as dashed arcs between the nodes they tie (a person on both boards; dotted: a
 * board member holding shares in the other company), each with the person's name, in one SVG in
 * React Flow's viewport like the edges. They take no part in the layout.
 */
export const GraphTies = memo(function GraphTies({ ties, layout }: GraphTiesProps) {
  return (
    <svg
      className={svg}
      width={Math.ceil(layout.width)}
      height={Math.ceil(layout.height)}
      aria-hidden="true"
      data-testid="graph-ties"
    >
      {ties.map((tie) => {
        const a = layout.nodes[tie.a];
        const b = layout.nodes[tie.b];
        if (!a || !b) return null;
        const { d, label } = tieRoute(a, b);
        return (
          <g key={tie.id} data-tie={tie.id}>
            <title>{tie.title}</title>
            <path className={arc} d={d} stroke={GRAPH_COLOURS.tie} data-kind={tie.kind} />
            <text
              className={text}
              x={label.x}
              y={label.y + 4}
              fill={GRAPH_COLOURS.tie}
              stroke={GRAPH_COLOURS.canvas}
              strokeWidth={3}
              paintOrder="stroke"
              direction="rtl"
              textAnchor="middle"
            >
              {fitText(tie.label, 160, 11)}
            </text>
          </g>
        );
      })}
    </svg>
  );
});
