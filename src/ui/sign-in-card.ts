import { css } from 'styled-system/css';

/** Shared looks of the sign-in card's content (the card itself is the login layout's). */
export const title = css({ fontSize: '18px', fontWeight: '700', m: '0', mb: '1' });
export const lead = css({ fontSize: '13px', color: 'muted', m: '0', mb: '4' });
export const form = css({ display: 'flex', flexDirection: 'column', gap: '3' });
export const actions = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', mt: '1' });
export const wide = css({ w: '100%' });
export const links = css({
  display: 'flex',
  justifyContent: 'space-between',
  gap: '3',
  mt: '4',
  fontSize: '13px',
  '& a': { color: 'first.text', textDecoration: 'underline', textUnderlineOffset: '3px' },
});
export const alert = css({
  p: '3',
  borderRadius: '4px',
  bg: 'danger.soft',
  color: 'danger',
  fontSize: '13px',
  borderInlineStartWidth: '3px',
  borderInlineStartStyle: 'solid',
  borderInlineStartColor: 'danger',
});
export const note = css({
  p: '3',
  borderRadius: '4px',
  bg: 'subtle',
  color: 'ink',
  fontSize: '13px',
});
export const muted = css({ fontSize: '12px', color: 'muted' });
export const linkButton = css({
  bg: 'transparent',
  border: 'none',
  p: '0',
  color: 'first.text',
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
  cursor: 'pointer',
  fontSize: '13px',
  _disabled: { color: 'muted', textDecoration: 'none', cursor: 'default' },
});
