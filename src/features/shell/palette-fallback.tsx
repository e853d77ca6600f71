import { css } from 'styled-system/css';
import { setShell, useShell } from './ui-state.ts';

const backdrop = css({ position: 'fixed', inset: '0', bg: 'rgba(20, 16, 14, 0.45)', zIndex: 40 });
const box = css({
  position: 'fixed',
  top: '12vh',
  insetInline: '0',
  mx: 'auto',
  w: 'calc(100% - 32px)',
  maxW: '760px',
  zIndex: 41,
  bg: 'surface',
  borderRadius: '8px',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
});
const input = css({
  w: '100%',
  h: '48px',
  px: '4',
  border: 'none',
  bg: 'transparent',
  fontSize: '15px',
  outline: 'none',
  borderRadius: '8px',
});

/**
 * Stands in for the palette while its code loads (the first Ctrl+K on a slow line): it keeps
 * what the user types, and the palette opens with that text.
 */
export function PaletteFallback() {
  const draft = useShell((s) => s.paletteDraft);
  return (
    <>
      <div className={backdrop} />
      <div className={box} role="dialog" aria-label="جستجو و فرمان‌ها" aria-busy="true">
        <input
          className={input}
          value={draft}
          autoFocus
          aria-label="جستجو و فرمان‌ها"
          placeholder="در حال آماده‌سازی…"
          onChange={(e) => setShell({ paletteDraft: e.target.value })}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setShell({ paletteOpen: false, paletteDraft: '' });
          }}
        />
      </div>
    </>
  );
}
