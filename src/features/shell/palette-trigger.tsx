import { css } from 'styled-system/css';
import { Icon } from '~/ui/icons.tsx';
import { Kbd } from '~/ui/kbd.tsx';
import { ariaKeyShortcuts } from '~/ui/shortcuts.ts';
import { setShell } from './ui-state.ts';

const trigger = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  w: '100%',
  maxW: '420px',
  h: '32px',
  px: '2.5',
  bg: 'canvas',
  color: 'muted',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: '6px',
  fontSize: '13px',
  cursor: 'pointer',
  _hover: { borderColor: 'line.strong', color: 'ink' },
});
const label = css({
  flex: '1',
  textAlign: 'start',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  textOverflow: 'ellipsis',
});

/** The header's search box look-alike that opens the palette, showing its shortcut. */
export function PaletteTrigger({ compact }: { compact?: boolean }) {
  return (
    <button
      type="button"
      className={trigger}
      onClick={() => setShell({ paletteOpen: true })}
      aria-keyshortcuts={ariaKeyShortcuts('$mod+KeyK')}
      aria-haspopup="dialog"
    >
      <Icon name="search" />
      <span className={label}>{compact ? 'جستجو' : 'جستجوی صفحه، فرمان، شرکت یا فرد'}</span>
      <Kbd binding="$mod+KeyK" />
    </button>
  );
}
