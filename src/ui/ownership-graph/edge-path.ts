import type { Point } from './types.ts';

const r = (v: number) => Math.round(v * 10) / 10;

/**
 * An SVG path through a laid-out edge's points: straight from the first to the last for two,
 * otherwise a line to the middle of each leg and a quadratic curve round every bend, so that a
 * long edge bends smoothly past the layers it crosses. Shared by the canvas and the export.
 */
export function edgePath(points: Point[]): string {
  const [first, ...rest] = points;
  if (!first) return '';
  let d = `M${r(first.x)},${r(first.y)}`;
  for (let i = 0; i < rest.length - 1; i++) {
    const p = rest[i]!;
    const q = rest[i + 1]!;
    d += ` Q${r(p.x)},${r(p.y)} ${r((p.x + q.x) / 2)},${r((p.y + q.y) / 2)}`;
  }
  const last = rest[rest.length - 1];
  if (last) d += ` L${r(last.x)},${r(last.y)}`;
  return d;
}
