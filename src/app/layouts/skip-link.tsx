import { css } from 'styled-system/css';

const skip = css({
  position: 'absolute',
  insetInlineStart: '2',
  top: '-40px',
  zIndex: 100,
  px: '3',
  py: '1.5',
  bg: 'first',
  color: 'first.on',
  borderRadius: '4px',
  _focus: { top: '2' },
});

/** The first Tab stop: jumps over the header and menu to the content. */
export function SkipLink() {
  return (
    <a href="#main" className={skip}>
      رفتن به محتوا
    </a>
  );
}
