import type { NodeBox, Point } from './types.ts';

/** A tie's arc: its SVG path and the point halfway along it, where its label goes. */
export type TieRoute = { d: string; label: Point };

const r = (v: number) => Math.round(v * 10) / 10;

/** Where the ray from the box's centre towards `towards` leaves the box. */
function border(box: NodeBox, towards: Point): Point {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const dx = towards.x - cx;
  const dy = towards.y - cy;
  if (dx === 0 && dy === 0) return { x: cx, y: cy };
  const t = Math.min(
    dx === 0 ? Number.POSITIVE_INFINITY : box.width / 2 / Math.abs(dx),
    dy === 0 ? Number.POSITIVE_INFINITY : box.height / 2 / Math.abs(dy),
  );
  return { x: cx + dx * t, y: cy + dy * t };
}

/**
 * The arc of a tie between two laid-out nodes: a quadratic curve from border to border that bows
 * away from the straight line between their centres by a fifth of its length (24–90 px), to the
 * side below it (between two nodes of one layer, into the gap under the layer rather than
 * through the nodes between them). Shared by the canvas and the SVG export.
 */
export function tieRoute(a: NodeBox, b: NodeBox): TieRoute {
  const ca = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const cb = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  const dx = cb.x - ca.x;
  const dy = cb.y - ca.y;
  const length = Math.hypot(dx, dy) || 1;
  // the unit normal pointing down the screen (or to the left when the line is vertical)
  let nx = -dy / length;
  let ny = dx / length;
  if (ny < 0 || (ny === 0 && nx > 0)) {
    nx = -nx;
    ny = -ny;
  }
  const bow = Math.min(90, Math.max(24, length / 5));
  const control = { x: (ca.x + cb.x) / 2 + nx * bow, y: (ca.y + cb.y) / 2 + ny * bow };
  const from = border(a, control);
  const to = border(b, control);
  return {
    d: `M${r(from.x)},${r(from.y)} Q${r(control.x)},${r(control.y)} ${r(to.x)},${r(to.y)}`,
    label: {
      x: 0.25 * from.x + 0.5 * control.x + 0.25 * to.x,
      y: 0.25 * from.y + 0.5 * control.y + 0.25 * to.y,
    },
  };
}
