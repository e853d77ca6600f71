import '@xyflow/react/dist/style.css';
import { EdgeLabelRenderer, type NodeTypes, ReactFlow, ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '../button.tsx';
import { formatNumber } from '../format.ts';
import { bindShortcuts, type ShortcutMap } from '../shortcuts.ts';
import { toast } from '../toaster.tsx';
import { countLine, describeNode } from './announce.ts';
import { downloadPng, downloadSvg } from './export.ts';
import { FindBox } from './find-box.tsx';
import { GraphEdges } from './graph-edges.tsx';
import { type GraphActions, GraphActionsContext, GraphNodeView, type OwnerFlowNode } from './graph-node.tsx';
import { GraphTies } from './graph-ties.tsx';
import { type NavigationKey, nextFocus } from './navigation.ts';
import type { LayoutResult, OwnershipGraphProps } from './types.ts';
import { useGraphLayout } from './use-graph-layout.ts';
import {
  centreOn,
  firstViewport,
  fitViewport,
  isInView,
  keepInPlace,
  MAX_ZOOM,
  MIN_ZOOM,
  type Size,
} from './viewport.ts';

export type { OwnershipGraphProps } from './types.ts';

const nodeTypes: NodeTypes = { owner: GraphNodeView };
const ARIA_LABELS = {
  'node.a11yDescription.default': '',
  'node.a11yDescription.keyboardDisabled': '',
  'edge.a11yDescription.default': '',
  'handle.ariaLabel': 'اتصال',
};

const frame = css({ display: 'flex', flexDirection: 'column', gap: '2', height: '100%', minHeight: '360px' });
const toolbar = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });
const count = css({ fontSize: '13px', color: 'muted', marginInlineEnd: 'auto' });
const stage = css({
  position: 'relative',
  flex: '1',
  minHeight: '320px',
  bg: 'canvas',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
});
// React Flow's own (unlayered) CSS sets the wrapper's position: `!` wins over it
const canvas = css({
  position: 'absolute!',
  inset: '0',
  borderRadius: '6px',
  _focusVisible: { outline: '2px solid', outlineColor: 'fourth.strong', outlineOffset: '1px' },
  userSelect: 'none',
  // While the canvas moves the drawing is a layer of its own, moved and scaled without being
  // painted again; at rest it is not, so that the browser draws it sharp at the zoom reached (a
  // layer kept for good stays rastered at the scale it had: text blurred after zooming in).
  '&[data-moving] .react-flow__viewport': { willChange: 'transform' },
  // nodes take no pointer while it moves: nothing to restyle for hover, nothing to hit-test
  '&[data-moving] .react-flow__node': { pointerEvents: 'none!' },
});
const hint = css({ fontSize: '12px', color: 'muted', margin: '0' });
const hidden = css({ srOnly: true });

const MOVES: Record<string, NavigationKey> = {
  ArrowUp: 'ArrowUp',
  ArrowDown: 'ArrowDown',
  ArrowLeft: 'ArrowLeft',
  ArrowRight: 'ArrowRight',
  Home: 'Home',
};
/** How long the canvas stays a moving layer after a move ends (d3-zoom ends a wheel move 150 ms after its last notch). */
const SETTLE_MS = 400;
const duration = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches ? 0 : 200;

/**
 * A company's owners (direction 'up') or subsidiaries ('down') as a layered graph on a React Flow
 * canvas, laid out in a worker, right to left. The canvas takes the keys: arrows move along the
 * edges (↑/↓) and the layer (←/→), Enter opens, + / − expand and collapse, M loads more, F shows
 * it all, / finds a node. The focused node is outlined and said by a live region. Exports the
 * drawing as SVG and PNG.
 */
export function OwnershipGraph(props: OwnershipGraphProps) {
  return (
    <ReactFlowProvider>
      <Graph {...props} />
    </ReactFlowProvider>
  );
}

function Graph({
  nodes,
  edges,
  direction,
  label,
  onOpen,
  onExpand,
  onCollapse,
  onMore,
  initialFocus,
  exportName,
  ties,
}: OwnershipGraphProps) {
  const flow = useReactFlow<OwnerFlowNode>();
  const { laid } = useGraphLayout(nodes, edges, direction);
  const layout = laid?.layout;
  const canvasRef = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const [finding, setFinding] = useState(false);
  const [said, say] = useState('');
  const [tiesShown, setTiesShown] = useState(true);
  const hintId = useId();

  const byId = useMemo(() => new Map(nodes.map((n) => [n.id, n])), [nodes]);
  const shown = useMemo(() => (layout ? nodes.filter((n) => layout.nodes[n.id]) : []), [nodes, layout]);
  const shownEdges = useMemo(
    () =>
      layout ? edges.filter((e) => layout.edges[e.id] && byId.has(e.holder) && byId.has(e.company)) : [],
    [edges, layout, byId],
  );
  const shownTies = useMemo(
    () => (layout && ties && tiesShown ? ties.filter((t) => layout.nodes[t.a] && layout.nodes[t.b]) : []),
    [ties, tiesShown, layout],
  );

  const baseNodes = useMemo<OwnerFlowNode[]>(
    () =>
      shown.map((node) => {
        const box = layout!.nodes[node.id]!;
        return {
          id: node.id,
          type: 'owner',
          position: { x: box.x, y: box.y },
          width: box.width,
          height: box.height,
          data: { node, focused: false },
          draggable: false,
          selectable: false,
          connectable: false,
          focusable: false,
        };
      }),
    [shown, layout],
  );
  // Only the focused node's object changes with the focus: React Flow redraws that one alone.
  const flowNodes = useMemo(
    () => baseNodes.map((n) => (n.id === focused ? { ...n, data: { ...n.data, focused: true } } : n)),
    [baseNodes, focused],
  );
  const size = useCallback((): Size => {
    const el = canvasRef.current;
    return { width: el?.clientWidth || 800, height: el?.clientHeight || 600 };
  }, []);

  /** Focuses a node: outlines it, says it, and brings it into view if it is not (or centres it). */
  const focusNode = useCallback(
    (id: string, centre = false) => {
      const box = layout?.nodes[id];
      const node = byId.get(id);
      if (!box || !node) return;
      setFocused(id);
      say(describeNode(node, shownEdges, shownTies));
      const viewport = flow.getViewport();
      if (centre || !isInView(box, viewport, size())) {
        flow.setViewport(centreOn(box, size(), Math.max(viewport.zoom, centre ? 0.8 : 0)), {
          duration: duration(),
        });
      }
    },
    [layout, byId, shownEdges, shownTies, flow, size],
  );

  // After each layout: the first view, or the focused node kept where it was on screen.
  const before = useRef<LayoutResult | null>(null);
  const focusedRef = useRef(focused);
  focusedRef.current = focused;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new layout moves the view; the rest is read as it is then
  useEffect(() => {
    if (!layout) return;
    const previous = before.current;
    before.current = layout;
    const current = focusedRef.current;
    if (!previous) {
      const start = [initialFocus, nodes.find((n) => n.root)?.id, nodes[0]?.id].find(
        (id) => id && layout.nodes[id],
      );
      const isRoot = !!start && !!byId.get(start)?.root;
      const towards = !isRoot ? 'middle' : direction === 'down' ? 'top' : 'bottom';
      flow.setViewport(firstViewport(layout, size(), start ? layout.nodes[start] : undefined, towards));
      if (start) {
        setFocused(start);
        const node = byId.get(start);
        if (node) say(describeNode(node, shownEdges));
      }
      return;
    }
    const was = current ? previous.nodes[current] : undefined;
    const is = current ? layout.nodes[current] : undefined;
    if (was && is) flow.setViewport(keepInPlace(was, is, flow.getViewport()));
    else {
      const home = nextFocus(nodes, edges, layout.nodes, null, 'Home');
      if (home) focusNode(home, true);
    }
  }, [layout]);

  const fitAll = useCallback(() => {
    if (layout) flow.setViewport(fitViewport(layout, size()), { duration: duration() });
  }, [layout, flow, size]);

  const drawing = () => ({ nodes: shown, edges: shownEdges, ties: shownTies, layout: layout!, title: label });
  const exportAs = async (kind: 'svg' | 'png') => {
    if (!layout) return;
    try {
      await (kind === 'svg' ? downloadSvg : downloadPng)(drawing(), exportName);
    } catch {
      toast.negative('ساختن پرونده‌ی تصویر ممکن نشد؛ دوباره بکوشید');
    }
  };

  const act = (run: (id: string) => void, when: (id: string) => boolean, otherwise: string) => () => {
    if (focused && when(focused)) run(focused);
    else say(otherwise);
  };
  const expand = act(
    onExpand,
    (id) => !!byId.get(id)?.expandable && !byId.get(id)?.expanded,
    'این گره گسترش‌پذیر نیست',
  );
  const collapse = act(onCollapse, (id) => !!byId.get(id)?.expanded, 'این گره گسترده نیست');
  const keys: ShortcutMap = {
    Enter: act(onOpen, () => true, ''),
    // + is Shift+= on most layouts; = alone and the keypad's + do the same
    'Shift+Equal': expand,
    Equal: expand,
    NumpadAdd: expand,
    Minus: collapse,
    NumpadSubtract: collapse,
    KeyM: act(onMore, (id) => (byId.get(id)?.more ?? 0) > 0, 'مورد دیگری برای این گره نیست'),
    KeyF: fitAll,
    Slash: () => setFinding(true),
  };
  const toggleTies = () => {
    setTiesShown((on) => !on);
    say(tiesShown ? 'هم‌پیوندی‌ها پنهان شد' : 'هم‌پیوندی‌ها نشان داده شد');
  };
  // bound whatever the props (the keys are bound once): without interlocks, I says so
  keys.KeyI = ties ? toggleTies : () => say('هم‌پیوندی‌ای برای نمایش نیست');
  for (const [code, key] of Object.entries(MOVES)) {
    keys[code] = () => {
      if (!layout) return;
      const next = nextFocus(shown, shownEdges, layout.nodes, focused, key);
      if (next && next !== focused) focusNode(next);
      else if (next) say('در این سو گرهی نیست');
    };
  }
  const latestKeys = useRef(keys);
  latestKeys.current = keys;
  useEffect(() => {
    const el = canvasRef.current;
    if (!el) return;
    const proxied: ShortcutMap = {};
    for (const binding of Object.keys(latestKeys.current)) {
      proxied[binding] = (event) => {
        event.preventDefault();
        latestKeys.current[binding]?.(event);
      };
    }
    return bindShortcuts(proxied, el);
  }, []);

  // Node buttons call the latest handlers through one object that never changes.
  const handlers = useRef({ onExpand, onCollapse, onMore });
  handlers.current = { onExpand, onCollapse, onMore };
  const actions = useMemo<GraphActions>(
    () => ({
      expand: (id) => handlers.current.onExpand(id),
      collapse: (id) => handlers.current.onCollapse(id),
      more: (id) => handlers.current.onMore(id),
    }),
    [],
  );

  const backToCanvas = () => canvasRef.current?.focus({ preventScroll: true });

  // React Flow's handlers never change (a new one would redraw its nodes); they call the latest.
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(settle.current), []);
  const latest = useRef({ focusNode, onOpen, backToCanvas });
  latest.current = { focusNode, onOpen, backToCanvas };
  const flowHandlers = useMemo(
    () => ({
      onNodeClick: (_: unknown, n: OwnerFlowNode) => {
        latest.current.focusNode(n.id);
        latest.current.backToCanvas();
      },
      onNodeDoubleClick: (_: unknown, n: OwnerFlowNode) => latest.current.onOpen(n.id),
      // set on the element, not in state: a render for each wheel notch would cost a frame; taken
      // off a moment after the move ends, so that wheel notches a little apart stay one move
      onMoveStart: () => {
        clearTimeout(settle.current);
        canvasRef.current?.setAttribute('data-moving', '');
      },
      onMoveEnd: () => {
        clearTimeout(settle.current);
        settle.current = setTimeout(() => canvasRef.current?.removeAttribute('data-moving'), SETTLE_MS);
      },
    }),
    [],
  );

  return (
    <div className={frame}>
      <div className={toolbar}>
        <span className={count} aria-live="polite">
          {countLine(shown.length, shownEdges.length)}
        </span>
        <Button size="sm" tone="ghost" shortcut="Slash" onClick={() => setFinding(true)}>
          یافتن
        </Button>
        <Button size="sm" tone="ghost" shortcut="KeyF" onClick={fitAll}>
          نمای کامل
        </Button>
        {ties && (
          <Button size="sm" tone="ghost" shortcut="KeyI" aria-pressed={tiesShown} onClick={toggleTies}>
            هم‌پیوندی‌ها ({formatNumber(ties.length)})
          </Button>
        )}
        <Button size="sm" disabled={!layout} onClick={() => exportAs('svg')}>
          خروجی SVG
        </Button>
        <Button size="sm" disabled={!layout} onClick={() => exportAs('png')}>
          خروجی PNG
        </Button>
      </div>
      <div className={stage}>
        <GraphActionsContext.Provider value={actions}>
          <ReactFlow<OwnerFlowNode>
            ref={canvasRef}
            className={canvas}
            // React Flow's wrapper is the canvas: role="application" (its own), named and focusable here
            tabIndex={0}
            aria-roledescription="نمودار مالکیت"
            aria-label={label}
            aria-describedby={hintId}
            dir="ltr"
            nodes={flowNodes}
            nodeTypes={nodeTypes}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            nodesDraggable={false}
            nodesConnectable={false}
            nodesFocusable={false}
            edgesFocusable={false}
            elementsSelectable={false}
            disableKeyboardA11y
            deleteKeyCode={null}
            selectionKeyCode={null}
            multiSelectionKeyCode={null}
            panActivationKeyCode={null}
            zoomOnDoubleClick={false}
            ariaLabelConfig={ARIA_LABELS}
            onNodeClick={flowHandlers.onNodeClick}
            onNodeDoubleClick={flowHandlers.onNodeDoubleClick}
            onMoveStart={flowHandlers.onMoveStart}
            onMoveEnd={flowHandlers.onMoveEnd}
          >
            {layout && (
              <EdgeLabelRenderer>
                {shownTies.length > 0 && <GraphTies ties={shownTies} layout={layout} />}
                <GraphEdges edges={shownEdges} layout={layout} />
              </EdgeLabelRenderer>
            )}
          </ReactFlow>
        </GraphActionsContext.Provider>
        {finding && (
          <FindBox
            nodes={shown}
            onPick={(id) => {
              setFinding(false);
              focusNode(id, true);
              backToCanvas();
            }}
            onClose={() => {
              setFinding(false);
              backToCanvas();
            }}
          />
        )}
        <div className={hidden} aria-live="polite" aria-atomic="true">
          {said}
        </div>
      </div>
      <p className={hint} id={hintId}>
        ↑ ↓ در امتداد پیوندها · ← → در همان لایه · Enter باز کردن · + و − گسترش و جمع کردن · M موارد دیگر · F
        نمای کامل · / یافتن{ties ? ' · I هم‌پیوندی‌ها' : ''}
      </p>
    </div>
  );
}

export default OwnershipGraph;
