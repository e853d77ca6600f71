import { type LayoutInput, layoutGraph } from './layout.ts';
import type { LayoutReply, LayoutRequest } from './layout.worker.ts';
import type { LayoutResult } from './types.ts';

export type LayoutAnswer = { result: LayoutResult /** time spent laying out, in the worker */; ms: number };

export interface LayoutRunner {
  /** Lays `input` out; an answer arrives for every call, in order. */
  run(input: LayoutInput): Promise<LayoutAnswer>;
  dispose(): void;
}

/**
 * Runs the layout in a Web Worker (one per runner, started on the first request), or on the
 * calling thread where there are no workers (tests, server rendering). A worker that fails
 * (it could not load) is dropped and its requests are laid out here.
 */
export function createLayoutRunner(): LayoutRunner {
  let worker: Worker | null = null;
  let failed = typeof Worker === 'undefined';
  let seq = 0;
  const waiting = new Map<number, { input: LayoutInput; resolve(answer: LayoutAnswer): void }>();
  const local = (input: LayoutInput): LayoutAnswer => {
    const t0 = performance.now();
    return { result: layoutGraph(input), ms: performance.now() - t0 };
  };
  const fallBack = () => {
    failed = true;
    worker?.terminate();
    worker = null;
    for (const { input, resolve } of waiting.values()) resolve(local(input));
    waiting.clear();
  };
  const start = () => {
    const w = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
    w.onmessage = (event: MessageEvent<LayoutReply>) => {
      const job = waiting.get(event.data.seq);
      waiting.delete(event.data.seq);
      job?.resolve({ result: event.data.result, ms: event.data.ms });
    };
    w.onerror = fallBack;
    return w;
  };
  return {
    run(input) {
      if (failed) return Promise.resolve().then(() => local(input));
      worker ??= start();
      const request: LayoutRequest = { seq: ++seq, input };
      return new Promise((resolve) => {
        waiting.set(request.seq, { input, resolve });
        worker!.postMessage(request);
      });
    },
    dispose() {
      worker?.terminate();
      worker = null;
      waiting.clear();
    },
  };
}
