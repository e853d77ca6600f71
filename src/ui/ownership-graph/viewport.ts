import type { NodeBox } from './types.ts';

/** React Flow's viewport: the screen is (layout × zoom) + (x, y). */
export type Viewport = { x: number; y: number; zoom: number };
export type Size = { width: number; height: number };

export const MIN_ZOOM = 0.05;
export const MAX_ZOOM = 2;
/** Below this zoom labels cannot be read: a first view that would need less centres the focus instead. */
export const READABLE_ZOOM = 0.6;
const PAD = 24;

/** The whole layout centred in the canvas, at most at zoom 1. */
export function fitViewport(layout: Size, canvas: Size): Viewport {
  const zoom = Math.max(
    MIN_ZOOM,
    Math.min(
      1,
      (canvas.width - 2 * PAD) / Math.max(1, layout.width),
      (canvas.height - 2 * PAD) / Math.max(1, layout.height),
    ),
  );
  return {
    x: (canvas.width - layout.width * zoom) / 2,
    y: (canvas.height - layout.height * zoom) / 2,
    zoom,
  };
}

/** The viewport that puts `box`'s centre in the canvas's centre at `zoom`. */
export function centreOn(box: NodeBox, canvas: Size, zoom: number): Viewport {
  return {
    x: canvas.width / 2 - (box.x + box.width / 2) * zoom,
    y: canvas.height / 2 - (box.y + box.height / 2) * zoom,
    zoom,
  };
}

/** True when all of `box` is on screen (with a margin). */
export function isInView(box: NodeBox, viewport: Viewport, canvas: Size): boolean {
  const left = box.x * viewport.zoom + viewport.x;
  const top = box.y * viewport.zoom + viewport.y;
  return (
    left >= PAD / 2 &&
    top >= PAD / 2 &&
    left + box.width * viewport.zoom <= canvas.width - PAD / 2 &&
    top + box.height * viewport.zoom <= canvas.height - PAD / 2
  );
}

/** The viewport after a re-layout that keeps a node where it was on screen (the one the user is on). */
export function keepInPlace(before: NodeBox, after: NodeBox, viewport: Viewport): Viewport {
  return {
    x: viewport.x - (after.x - before.x) * viewport.zoom,
    y: viewport.y - (after.y - before.y) * viewport.zoom,
    zoom: viewport.zoom,
  };
}

/**
 * The first view: the whole graph when it can be read so; else, at zoom 1, the focused node
 * centred across and, if it is the root, a quarter from the edge it is drawn at (the top in
 * 'down', the bottom in 'up'), so that the screen shows what lies beyond it.
 */
export function firstViewport(
  layout: Size,
  canvas: Size,
  focus: NodeBox | undefined,
  towards: 'top' | 'bottom' | 'middle' = 'middle',
): Viewport {
  const fit = fitViewport(layout, canvas);
  if (fit.zoom >= READABLE_ZOOM || !focus) return fit;
  const view = centreOn(focus, canvas, 1);
  const shift = towards === 'middle' ? 0 : (towards === 'top' ? -1 : 1) * (canvas.height / 4);
  return { ...view, y: view.y + shift };
}
