import { css } from 'styled-system/css';

/** The frame, heading and muted line of the notifications' preview panels (schemas and messages). */
export const previewPanel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  p: '3',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '4px',
  minW: '0',
});
export const previewHeading = css({ fontSize: '13px', fontWeight: '600', m: 0 });
export const previewMuted = css({ fontSize: '12px', color: 'muted', m: 0 });
