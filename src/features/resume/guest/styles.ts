import { css } from 'styled-system/css';

/** Looks shared by the applicant's screens (logical properties only: RTL). */
export const page = css({
  minH: '100vh',
  bg: 'canvas',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '4',
  py: '6',
  px: '4',
});
export const brand = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  fontWeight: '700',
  color: 'first.text',
});
export const card = css({
  w: '100%',
  maxW: '420px',
  p: '6',
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '8px',
});
export const wideCard = css({
  w: '100%',
  maxW: '920px',
  p: '6',
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '8px',
  '@media (max-width: 600px)': { p: '4' },
});
export const heading = css({ fontSize: '18px', fontWeight: '700', m: '0', mb: '3', outline: 'none' });
export const grid = css({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  gap: '3',
});
export const full = css({ gridColumn: '1 / -1' });
export const row = css({
  p: '3',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
});
export const rowHead = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '2',
});
export const rowTitle = css({ fontSize: '14px', fontWeight: '600', m: '0' });
export const stack = css({ display: 'flex', flexDirection: 'column', gap: '3' });
export const nav = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '2',
  flexWrap: 'wrap',
  mt: '5',
  pt: '4',
  borderTopWidth: '1px',
  borderTopStyle: 'solid',
  borderTopColor: 'line',
});
export const navGroup = css({ display: 'flex', gap: '2', alignItems: 'center' });
export const check = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  fontSize: '14px',
  cursor: 'pointer',
});
export const select = css({
  h: '32px',
  px: '2',
  w: '100%',
  bg: 'surface',
  color: 'ink',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line.strong',
  borderRadius: '4px',
  fontSize: '14px',
  '&[aria-invalid=true]': { borderColor: 'danger' },
});
export const fieldError = css({ fontSize: '12px', color: 'danger' });
export const hint = css({ fontSize: '12px', color: 'muted' });
/** A refusal's banner: the sign-in card's. */
export { alert } from '~/ui/sign-in-card.ts';
export const note = css({
  p: '3',
  borderRadius: '4px',
  bg: 'success.soft',
  color: 'success',
  fontSize: '13px',
  borderInlineStartWidth: '3px',
  borderInlineStartStyle: 'solid',
  borderInlineStartColor: 'success',
});
export const fieldset = css({
  border: 'none',
  p: '0',
  m: '0',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
});
export const legend = css({ fontSize: '13px', fontWeight: '500', mb: '1', p: '0' });
export const srOnly = css({ srOnly: true });
export const printLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  h: '32px',
  px: '3',
  borderRadius: '4px',
  bg: 'first',
  color: 'first.on',
  fontWeight: '500',
  textDecoration: 'none',
});
/** The native file input stays focusable but unseen; its label is the button (Persian text). */
export const fileInput = css({ position: 'absolute', w: '1px', h: '1px', opacity: 0, overflow: 'hidden' });
export const fileButton = css({
  alignSelf: 'flex-start',
  display: 'inline-flex',
  alignItems: 'center',
  h: '32px',
  px: '3',
  bg: 'surface',
  color: 'ink',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line.strong',
  borderRadius: '4px',
  fontSize: '14px',
  cursor: 'pointer',
  _hover: { bg: 'subtle' },
  '&:has(+ input:focus-visible)': {
    outline: '2px solid',
    outlineColor: 'fourth.strong',
    outlineOffset: '1px',
  },
});
