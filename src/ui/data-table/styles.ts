import { css } from 'styled-system/css';

/** Row and header height (px): dense but readable, per the design brief's 32–36 px. */
export const ROW_HEIGHT = 34;
export const HEADER_HEIGHT = 36;
/** Width of the selection column. */
export const CHECK_WIDTH = 36;

export const root = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  minWidth: 0,
});

export const scroller = css({
  display: 'block',
  position: 'relative',
  borderCollapse: 'separate',
  overflow: 'auto',
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  outline: 'none',
  fontSize: '13px',
  // keeps rows scrolled into view clear of the sticky header
  scrollPaddingTop: `${HEADER_HEIGHT}px`,
  '&:focus-visible': { outline: '2px solid', outlineColor: 'fourth.strong', outlineOffset: '1px' },
  // While the grid has focus the focused row wears the focus ring and its focused cell a tint.
  '&:focus tbody tr[data-focused]': { boxShadow: 'inset 0 0 0 2px token(colors.fourth.strong)' },
  // the tint over the row's colour, opaque, so that text run on from the cell before stays hidden
  '&:focus tbody td[data-focused]': {
    backgroundImage:
      'linear-gradient(color-mix(in srgb, token(colors.fourth) 20%, transparent), color-mix(in srgb, token(colors.fourth) 20%, transparent))',
  },
  '& tbody[data-placeholder] tr': { opacity: 0.6 },
});

const rowBase = {
  display: 'grid',
  alignItems: 'stretch',
  height: `${ROW_HEIGHT}px`,
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
} as const;

export const head = css({ display: 'block', position: 'sticky', top: 0, zIndex: 1 });

export const headerRow = css({
  ...rowBase,
  height: `${HEADER_HEIGHT}px`,
  bg: 'subtle',
  borderBottomColor: 'line.strong',
});

export const headerCell = css({
  display: 'flex',
  alignItems: 'center',
  gap: '1',
  px: '2',
  fontWeight: 600,
  color: 'ink',
  textAlign: 'start',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  '&[data-numeric]': { justifyContent: 'flex-end' },
  '&[data-focused]': { boxShadow: 'inset 0 -2px 0 0 token(colors.fourth.strong)' },
});

export const sortButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  maxWidth: '100%',
  p: 0,
  border: 'none',
  bg: 'transparent',
  font: 'inherit',
  fontWeight: 600,
  color: 'inherit',
  cursor: 'pointer',
  textAlign: 'start',
  '& > span:first-child': { overflow: 'hidden', textOverflow: 'ellipsis' },
  '&:hover': { color: 'first.text' },
});

export const sortMark = css({ fontSize: '11px', color: 'first.text', minWidth: '10px' });

export const body = css({ display: 'block', position: 'relative' });

export const messageRow = css({ display: 'grid' });

export const row = css({
  ...rowBase,
  position: 'absolute',
  top: 0,
  insetInlineStart: 0,
  width: '100%',
  bg: 'surface',
  cursor: 'default',
  // A row's size is fixed: its layout, style and paint stay its own, so mounting one as the
  // grid scrolls re-lays and repaints that row only.
  contain: 'strict',
  '&:hover': { bg: 'canvas' },
  '&[aria-selected=true]': { bg: 'first.soft' },
  // The focused row: a bar at the inline start and a ring while the grid has focus.
  '&[data-focused]': { boxShadow: 'inset -3px 0 0 0 token(colors.fourth.strong)' },
});

/**
 * A body cell: one line, cut with an ellipsis, centred by its line height. A block, not a flex
 * box, so that the cell itself cuts its text (no wrapper element per cell: rows mount on every
 * scrolled frame, and each element costs style and layout).
 */
export const cell = css({
  display: 'block',
  px: '2',
  minWidth: 0,
  lineHeight: `${ROW_HEIGHT - 1}px`,
  whiteSpace: 'nowrap',
  // Text too long for its cell runs on under the next cell, whose own background (the row's,
  // inherited) covers it; the row's paint containment cuts the last cell's. No clip per cell:
  // each clip is a paint chunk the browser lays into layers on every scrolled frame (two clips
  // per row of 11 cells doubled that step, measured here). Grid items paint one after another
  // in document order, so the next cell always paints over.
  bg: 'inherit',
  '& > *': { verticalAlign: 'middle' },
  '&[data-numeric]': {
    textAlign: 'end',
    fontVariantNumeric: 'tabular-nums',
    fontFeatureSettings: '"tnum"',
  },
  // A cell chosen on its own (X on a selectable cell): tinted as a chosen row, and outlined.
  '&[aria-selected=true]': { bg: 'first.soft', boxShadow: 'inset 0 0 0 2px token(colors.first)' },
});

export const checkCell = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  cursor: 'pointer',
});

/** The drawn selection mark (a box, filled and ticked when the row is selected). */
export const checkMark = css({
  display: 'block',
  width: '14px',
  height: '14px',
  borderRadius: '3px',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line.strong',
  bg: 'surface',
  '&[data-checked]': {
    bg: 'first',
    borderColor: 'first',
    // a tick: the bottom and end borders of a rotated box
    _after: {
      content: '""',
      display: 'block',
      width: '4px',
      height: '8px',
      marginInlineStart: '4px',
      marginTop: '1px',
      borderColor: 'first.on',
      borderStyle: 'solid',
      borderWidth: '0 2px 2px 0',
      transform: 'rotate(45deg)',
    },
  },
});

export const skeletonBar = css({
  display: 'inline-block',
  height: '10px',
  width: '70%',
  borderRadius: '3px',
  bg: 'subtle',
});

export const message = css({
  gridColumn: '1 / -1',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2',
  py: '10',
  px: '4',
  textAlign: 'center',
  color: 'muted',
  fontSize: '14px',
  whiteSpace: 'normal',
  '& strong': { color: 'ink', fontSize: '15px' },
  '&[data-tone=danger] strong': { color: 'danger' },
});

export const kbd = css({
  display: 'inline-block',
  minWidth: '20px',
  px: '1',
  mx: '0.5',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line.strong',
  borderBottomWidth: '2px',
  borderRadius: '4px',
  bg: 'surface',
  color: 'ink',
  fontSize: '12px',
  lineHeight: '18px',
  textAlign: 'center',
  fontFamily: 'body',
  // A key's name reads left to right inside Persian text ("Ctrl+Enter", not scrambled by it).
  direction: 'ltr',
  unicodeBidi: 'isolate',
});

export const statusLine = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minHeight: '24px',
  fontSize: '13px',
  color: 'muted',
  '& [data-count]': { color: 'ink', fontWeight: 600, fontVariantNumeric: 'tabular-nums' },
});

export const toolbar = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: '2',
});

export const field = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5',
  fontSize: '12px',
  color: 'muted',
  '& input, & select': {
    height: '32px',
    px: '2',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'line.strong',
    borderRadius: '4px',
    bg: 'surface',
    color: 'ink',
    fontSize: '13px',
  },
  '& select': { minWidth: '120px', maxWidth: '220px' },
  '&[data-active] select': { borderColor: 'first', bg: 'first.soft' },
});

export const searchField = css({ flex: '1 1 260px', maxWidth: '420px', '& input': { width: '100%' } });

export const button = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  height: '32px',
  px: '3',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line.strong',
  borderRadius: '4px',
  bg: 'surface',
  color: 'ink',
  fontSize: '13px',
  cursor: 'pointer',
  '&:hover': { bg: 'subtle' },
  '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
});

export const visuallyHidden = css({ srOnly: true });

/** Grid and the focused row's detail side by side (stacked on narrow screens). */
export const withDetail = css({
  display: 'grid',
  gap: '3',
  alignItems: 'start',
  md: { gridTemplateColumns: 'minmax(0, 1fr) 340px' },
});

export const detail = css({
  overflow: 'auto',
  p: '4',
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  fontSize: '13px',
  '& p': { m: 0, color: 'muted' },
});

/** The filter builder (filter-builder.tsx). */
export const builder = css({ display: 'flex', flexDirection: 'column', gap: '3', fontSize: '13px' });
export const builderHint = css({ color: 'muted', fontSize: '12px' });
export const builderMode = css({ display: 'flex', alignItems: 'center', gap: '2' });
export const builderList = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  listStyle: 'none',
  p: 0,
  m: 0,
});
export const builderGroup = css({
  '& fieldset': {
    borderWidth: '1px',
    borderStyle: 'dashed',
    borderColor: 'line.strong',
    borderRadius: '6px',
    p: '2',
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
  },
});
export const builderRow = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '2',
  '& select, & input': {
    height: '32px',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'line.strong',
    borderRadius: '4px',
    bg: 'surface',
    px: '2',
    minWidth: '9rem',
  },
  '& [aria-invalid=true]': { borderColor: 'danger' },
});
export const builderActions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });
export const builderError = css({ color: 'danger', fontSize: '12px', flexBasis: '100%' });
