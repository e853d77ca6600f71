import { css } from 'styled-system/css';

/**
 * The look of an import's report, shared by every import dialog (persons, statements): the
 * summary line (`data-ok` true or false tints it), and the scrolling table of problems or rows
 * with its sticky header.
 */
export const reportSummary = css({
  p: '3',
  borderRadius: '4px',
  bg: 'subtle',
  '&[data-ok=true]': { bg: 'success.soft', color: 'success' },
  '&[data-ok=false]': { bg: 'danger.soft', color: 'danger' },
});

export const reportTableWrap = css({
  maxH: '280px',
  overflowY: 'auto',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '4px',
});

export const reportTable = css({
  w: '100%',
  borderCollapse: 'collapse',
  fontVariantNumeric: 'tabular-nums',
  '& th, & td': {
    textAlign: 'start',
    px: '2',
    py: '1.5',
    borderBottomWidth: '1px',
    borderBottomStyle: 'solid',
    borderColor: 'line',
  },
  '& th': { position: 'sticky', top: '0', bg: 'surface', fontWeight: '600', color: 'muted' },
});
