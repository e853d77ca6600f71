import { css } from 'styled-system/css';

/**
 * The look the figure screens share (portfolio, rating, a company's performance): tables of
 * figures, their scroll box, notes, and the layouts that put a chart beside its table.
 */

/** A table of figures: `num` cells end-aligned in tabular digits, a start-aligned caption, «چگونه؟» details. */
export const tableCss = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: '13px',
  '& th, & td': {
    px: '2',
    py: '1',
    borderBottom: '1px solid token(colors.line)',
    textAlign: 'start',
    verticalAlign: 'top',
  },
  '& td.num, & th.num': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  '& thead th': { color: 'muted', fontWeight: 500 },
  '& caption': { textAlign: 'start', color: 'muted', fontSize: '12px', pb: '1' },
  '& details summary': { cursor: 'pointer', color: 'first', whiteSpace: 'nowrap' },
  '& details[open]': { minW: '220px' },
});
/** A wide table's box: it scrolls sideways rather than the page. */
export const scrollCss = css({ overflowX: 'auto' });
/** Cards one above the other. */
export const sectionsCss = css({ display: 'grid', gap: '4', gridTemplateColumns: 'minmax(0, 1fr)' });
/** A chart and its table side by side from 1024 px, one above the other below. */
export const besideCss = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: 'minmax(0, 1fr)',
  lg: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' },
  alignItems: 'start',
});
/** A small muted note under or above a figure. */
export const noteCss = css({ fontSize: '12px', color: 'muted', m: '0' });
