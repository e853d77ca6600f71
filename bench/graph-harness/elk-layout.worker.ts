import ELK from 'elkjs/lib/elk.bundled.js';
import type { LayoutReply, LayoutRequest } from '~/ui/ownership-graph/layout.worker.ts';
import { elkLayout } from './elk-layout.ts';

// elk.bundled.js, loaded in a worker, takes self.onmessage for its own dispatcher: ours is set after it.
const elk = new ELK();

self.onmessage = async (event: MessageEvent<LayoutRequest>) => {
  const t0 = performance.now();
  const result = await elkLayout(elk, event.data.input);
  const reply: LayoutReply = { seq: event.data.seq, result, ms: performance.now() - t0 };
  self.postMessage(reply);
};
