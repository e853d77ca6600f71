import type { Hono } from 'hono';
import { report } from './measure.ts';

/**
 * The export benchmark (part of `npm run bench`, called by run.ts per engine): the Excel export of
 * every legal person (GET /api/person/legal-persons/export?format=xlsx, default sort by name)
 * through the real app with a signed-in session, the body read to its last byte and dropped as it
 * comes (as a browser saving to disk would). Reports seconds, bytes, and the process's resident
 * memory: the baseline just before the request, the peak sampled every 20 ms while it runs, and
 * the difference. Targets: under 15 s and under 300 MB above the baseline.
 */

const MB = 1024 * 1024;
const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d;

/** Runs the export once and prints one JSON line (`figure: export_xlsx`). */
export async function benchExport(
  app: Hono,
  cookie: string,
  base: Record<string, unknown>,
  format: 'xlsx' | 'csv' = 'xlsx',
): Promise<void> {
  (globalThis as { gc?: () => void }).gc?.();
  const baseline = process.memoryUsage().rss;
  const heapBaseline = process.memoryUsage().heapUsed;
  let peak = baseline;
  let heapPeak = heapBaseline;
  const sample = () => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.rss);
    heapPeak = Math.max(heapPeak, m.heapUsed);
  };
  const sampler = setInterval(sample, 20);
  const t0 = performance.now();
  let bytes = 0;
  let status = 0;
  let firstByteMs = 0;
  try {
    const res = await app.request(`/api/person/legal-persons/export?format=${format}`, {
      headers: { cookie },
    });
    status = res.status;
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (bytes === 0) firstByteMs = performance.now() - t0;
      bytes += value.byteLength;
      sample();
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - t0) / 1000;
  const deltaMb = (peak - baseline) / MB;
  report({
    figure: `export_${format}`,
    ...base,
    status,
    rows: base.legal_persons,
    seconds: round(seconds, 2),
    first_byte_ms: Math.round(firstByteMs),
    bytes,
    rss_baseline_mb: round(baseline / MB),
    rss_peak_mb: round(peak / MB),
    rss_delta_mb: round(deltaMb),
    // The JavaScript heap alone (PGlite's WebAssembly memory and zlib's buffers are outside it).
    heap_baseline_mb: round(heapBaseline / MB),
    heap_peak_mb: round(heapPeak / MB),
    target: 'seconds < 15 and rss_delta_mb < 300',
    ok: status === 200 && seconds < 15 && deltaMb < 300,
  });
}
