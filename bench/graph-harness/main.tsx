import '~/app/index.css';
import { ReactFlow, ReactFlowProvider } from '@xyflow/react';
import { createRoot } from 'react-dom/client';
import type { LayoutInput } from '~/ui/ownership-graph/layout.ts';
import type { LayoutReply, LayoutRequest } from '~/ui/ownership-graph/layout.worker.ts';
import { createLayoutRunner } from '~/ui/ownership-graph/layout-client.ts';
import { OwnershipGraph } from '~/ui/ownership-graph/ownership-graph.tsx';
import { sampleOwnershipGraph } from '~/ui/ownership-graph/sample-graph.ts';
import { MAX_ZOOM, MIN_ZOOM } from '~/ui/ownership-graph/viewport.ts';

/**
 * The graph bench's page (bench/graph.ts builds and serves it). `?view=graph` (default): the real
 * OwnershipGraph with a generated layered graph of `nodes` (1,000) and `edges` (1,500), filling
 * the window; `?view=empty&w=&h=`: an empty React Flow canvas of that size, with the graph's
 * canvas settings; `?view=layout`: times the layout of that graph in the product's worker
 * (dagre) and in a harness-only ELK worker, and leaves the figures in `window.__layout`.
 */

declare global {
  interface Window {
    __layout?: { dagre: Timing; elk: Timing };
    __layoutError?: string;
  }
}
type Timing = { cold_ms: number; round_trip_ms: number[]; in_worker_ms: number[] };

const query = new URLSearchParams(location.search);
const view = query.get('view') ?? 'graph';
const nodeCount = Number(query.get('nodes') ?? 1000);
const edgeCount = Number(query.get('edges') ?? 1500);
const runs = Number(query.get('runs') ?? 5);
const elkRuns = Number(query.get('elkRuns') ?? 3);
const graph = sampleOwnershipGraph(nodeCount, edgeCount, 'down');
const root = createRoot(document.getElementById('root')!);

async function time(run: () => Promise<{ ms: number }>, runs: number): Promise<Timing> {
  let t0 = performance.now();
  await run();
  const cold = performance.now() - t0;
  const timing: Timing = { cold_ms: cold, round_trip_ms: [], in_worker_ms: [] };
  for (let i = 0; i < runs; i++) {
    t0 = performance.now();
    const { ms } = await run();
    timing.round_trip_ms.push(performance.now() - t0);
    timing.in_worker_ms.push(ms);
  }
  return timing;
}

function elkRunner() {
  const worker = new Worker(new URL('./elk-layout.worker.ts', import.meta.url), { type: 'module' });
  let seq = 0;
  return (input: LayoutInput) =>
    new Promise<LayoutReply>((resolve, reject) => {
      const request: LayoutRequest = { seq: ++seq, input };
      worker.onmessage = (e: MessageEvent<LayoutReply>) => resolve(e.data);
      worker.onerror = (e) => reject(new Error(e.message));
      worker.postMessage(request);
    });
}

async function layoutBench() {
  const input: LayoutInput = {
    nodes: graph.nodes.map(({ id }) => ({ id })),
    edges: graph.edges.map(({ id, holder, company, label }) => ({ id, holder, company, label })),
    direction: 'down',
  };
  const dagre = createLayoutRunner();
  const elk = elkRunner();
  window.__layout = {
    dagre: await time(() => dagre.run(input), runs),
    elk: await time(() => elk(input), elkRuns),
  };
  root.render(<p>done</p>);
}

const noop = () => {};

if (view === 'layout') {
  layoutBench().catch((e) => {
    window.__layoutError = String(e?.stack ?? e);
  });
} else if (view === 'empty') {
  root.render(
    <div style={{ width: Number(query.get('w')), height: Number(query.get('h')), margin: 8 }} dir="ltr">
      <ReactFlowProvider>
        <ReactFlow
          nodes={[]}
          edges={[]}
          minZoom={MIN_ZOOM}
          maxZoom={MAX_ZOOM}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          zoomOnDoubleClick={false}
        />
      </ReactFlowProvider>
    </div>,
  );
} else {
  root.render(
    <div style={{ height: '100vh', padding: 8, boxSizing: 'border-box' }}>
      <OwnershipGraph
        nodes={graph.nodes}
        edges={graph.edges}
        direction="down"
        label="زیرمجموعه‌های شرکت نمونه"
        onOpen={noop}
        onExpand={noop}
        onCollapse={noop}
        onMore={noop}
        exportName="bench"
      />
    </div>,
  );
}
