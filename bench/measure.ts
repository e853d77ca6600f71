/** Timing helpers: run a function repeatedly and report percentiles in milliseconds. */

export interface Timing {
  n: number;
  p50_ms: number;
  p95_ms: number;
  max_ms: number;
}

/** The q-quantile (0..1) of sorted samples, nearest-rank. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

const round = (v: number) => Math.round(v * 100) / 100;

/** Runs `fn` `warmup` times unmeasured, then `runs` times, and returns p50/p95/max. */
export async function time(fn: () => Promise<unknown>, runs = 50, warmup = 5): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return summary(samples);
}

/**
 * Times `a` and `b` alternately (a, b, a, b ...) after `warmup` unmeasured pairs, so that both see
 * the same machine noise (GC, a neighbour's load); returns each one's p50/p95/max.
 */
export async function timePair(
  a: () => Promise<unknown>,
  b: () => Promise<unknown>,
  runs = 50,
  warmup = 5,
): Promise<[Timing, Timing]> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    await a();
    sa.push(performance.now() - t0);
    t0 = performance.now();
    await b();
    sb.push(performance.now() - t0);
  }
  return [summary(sa), summary(sb)];
}

function summary(samples: number[]): Timing {
  samples.sort((x, y) => x - y);
  return {
    n: samples.length,
    p50_ms: round(quantile(samples, 0.5)),
    p95_ms: round(quantile(samples, 0.95)),
    max_ms: round(samples[samples.length - 1]!),
  };
}

/** Prints one figure as a JSON line. */
export function report(figure: Record<string, unknown>) {
  console.log(JSON.stringify(figure));
}

export const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
