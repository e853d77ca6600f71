import { type LayoutInput, layoutGraph } from './layout.ts';

/** The layout off the main thread: one request in, one answer out (with its time in ms). */
export type LayoutRequest = { seq: number; input: LayoutInput };
export type LayoutReply = { seq: number; result: ReturnType<typeof layoutGraph>; ms: number };

self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const t0 = performance.now();
  const result = layoutGraph(event.data.input);
  const reply: LayoutReply = { seq: event.data.seq, result, ms: performance.now() - t0 };
  self.postMessage(reply);
};
