import { css } from 'styled-system/css';

/** Reading text on the public pages: a comfortable measure, 1.9 line height. */
export const prose = css({
  maxW: '760px',
  fontSize: '14px',
  lineHeight: '1.9',
  '& h2': { fontSize: '16px', fontWeight: '700', mt: '6', mb: '2' },
  '& p': { m: '0', mb: '3' },
  '& ul, & ol': { m: '0', mb: '3', paddingInlineStart: '5' },
  '& li': { mb: '1' },
  '& table': { borderCollapse: 'collapse', w: '100%', fontSize: '13px', mb: '4' },
  '& th, & td': {
    textAlign: 'start',
    py: '1.5',
    px: '2',
    borderBottomWidth: '1px',
    borderBottomStyle: 'solid',
    borderBottomColor: 'line',
  },
  '& th': { color: 'muted', fontWeight: '600' },
});
