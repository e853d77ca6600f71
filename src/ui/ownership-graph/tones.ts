import type { GraphTone } from './types.ts';

/**
 * A tone's colours and default words, once for the canvas (as CSS variables on the node) and the
 * SVG export (as they are). Badge text is ≥ 4.5:1 on its background, the stripe ≥ 3:1 on white.
 * The words match the state-share classes' names in the ownership contract.
 */
export const TONES: Record<GraphTone, { label: string; ink: string; soft: string; stripe: string }> = {
  state: { label: 'نهاد دولتی', ink: '#1a3f73', soft: '#e4ecf7', stripe: '#2f5f9e' },
  'state-owned': { label: 'دولتی', ink: '#1b5e20', soft: '#e8f3e8', stripe: '#2e7d32' },
  'state-affiliated': { label: 'وابسته به دولت', ink: '#7a4a00', soft: '#fdf3e1', stripe: '#b26a00' },
  private: { label: 'خصوصی', ink: '#3d3d3d', soft: '#efedeb', stripe: '#757575' },
  person: { label: 'شخص حقیقی', ink: '#6a1b7a', soft: '#f4e9f6', stripe: '#8e44a0' },
};

/** Colours of the canvas and the export that are not a tone's. */
export const GRAPH_COLOURS = {
  ink: '#1f1f1f',
  muted: '#5f5f5f',
  line: '#8c8784',
  surface: '#ffffff',
  canvas: '#f6f5f4',
  /** The control path: the fourth colour's strong variant (3:1 on white). */
  path: '#c88525',
  /** Interlocks: the persons' tone (4.5:1 on the canvas). */
  tie: '#7b2f8c',
};

export const toneLabel = (tone: GraphTone, label?: string) => label ?? TONES[tone].label;
