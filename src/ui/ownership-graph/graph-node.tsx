import type { Node, NodeProps } from '@xyflow/react';
import { type CSSProperties, createContext, type MouseEvent, memo, useContext } from 'react';
import { css, cx } from 'styled-system/css';
import { formatNumber } from '../format.ts';
import { TONES, toneLabel } from './tones.ts';
import type { GraphNode } from './types.ts';

export type OwnerNodeData = { node: GraphNode; focused: boolean };
export type OwnerFlowNode = Node<OwnerNodeData, 'owner'>;

/** What a node's buttons do; one stable object for every node, so that none redraws for it. */
export type GraphActions = {
  expand(id: string): void;
  collapse(id: string): void;
  more(id: string): void;
};
export const GraphActionsContext = createContext<GraphActions | null>(null);

const box = css({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  gap: '1',
  width: '100%',
  height: '100%',
  paddingInlineStart: '3',
  paddingInlineEnd: '2',
  bg: 'surface',
  color: 'ink',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line.strong',
  borderInlineStartWidth: '4px',
  borderInlineStartColor: 'var(--tone-stripe)',
  borderRadius: '6px',
  fontSize: '13px',
  lineHeight: '1.3',
  textAlign: 'start',
  cursor: 'pointer',
  '&[data-root]': { borderColor: 'ink', borderWidth: '2px', borderInlineStartWidth: '4px' },
  '&[data-path]': { borderColor: 'fourth.strong', borderWidth: '2px', borderInlineStartWidth: '4px' },
  '&[data-focused]': { outline: '2px solid', outlineColor: 'fourth.strong', outlineOffset: '3px' },
});
const row = css({ display: 'flex', alignItems: 'center', gap: '2', minWidth: 0 });
const title = css({
  flex: '1',
  minWidth: 0,
  fontWeight: 600,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
const badge = css({
  flexShrink: 0,
  paddingInline: '1.5',
  borderRadius: '3px',
  fontSize: '11px',
  lineHeight: '18px',
  bg: 'var(--tone-soft)',
  color: 'var(--tone-ink)',
});
const sub = css({
  flex: '1',
  minWidth: 0,
  fontSize: '11px',
  color: 'muted',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
const chip = css({
  flexShrink: 0,
  height: '20px',
  paddingInline: '1.5',
  borderRadius: '3px',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  bg: 'surface',
  color: 'first.text',
  fontSize: '11px',
  lineHeight: '1',
  cursor: 'pointer',
  _hover: { bg: 'subtle' },
});
const toggle = css({ width: '20px', paddingInline: '0', fontSize: '14px', fontWeight: 600 });

/** Keeps a button's click from also focusing the node, dragging the canvas or zooming it. */
const only = (act: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  act();
};

/**
 * A node: its label, its tone's badge (colour and words) and sublabel; a + or − button when it
 * can be expanded or collapsed and «N مورد دیگر» when links are not shown yet. Its buttons are
 * for the mouse (tabIndex −1): the canvas's keys (+, −, M) do the same for the focused node.
 */
export const GraphNodeView = memo(function GraphNodeView({ data }: NodeProps<OwnerFlowNode>) {
  const actions = useContext(GraphActionsContext);
  const { node, focused } = data;
  const tone = TONES[node.tone];
  const style = {
    '--tone-stripe': tone.stripe,
    '--tone-soft': tone.soft,
    '--tone-ink': tone.ink,
  } as CSSProperties;
  return (
    <div
      dir="rtl"
      className={box}
      style={style}
      data-id={node.id}
      data-focused={focused || undefined}
      data-root={node.root || undefined}
      data-path={node.onPath || undefined}
    >
      <div className={row}>
        <span className={title} title={node.label}>
          {node.label}
        </span>
        {node.expandable && !node.expanded && (
          <button
            type="button"
            tabIndex={-1}
            className={cx(chip, toggle, 'nodrag', 'nopan')}
            aria-label={`گسترش ${node.label}`}
            onClick={only(() => actions?.expand(node.id))}
          >
            +
          </button>
        )}
        {node.expanded && (
          <button
            type="button"
            tabIndex={-1}
            className={cx(chip, toggle, 'nodrag', 'nopan')}
            aria-label={`جمع کردن ${node.label}`}
            onClick={only(() => actions?.collapse(node.id))}
          >
            −
          </button>
        )}
      </div>
      <div className={row}>
        <span className={badge}>{toneLabel(node.tone, node.toneLabel)}</span>
        <span className={sub}>{node.sublabel}</span>
        {node.more !== undefined && node.more > 0 && (
          <button
            type="button"
            tabIndex={-1}
            className={cx(chip, 'nodrag', 'nopan')}
            onClick={only(() => actions?.more(node.id))}
          >
            {formatNumber(node.more)} مورد دیگر
          </button>
        )}
      </div>
    </div>
  );
});
