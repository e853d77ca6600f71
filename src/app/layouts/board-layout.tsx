import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Brand } from '~/features/shell/brand.tsx';
import { formatDateLong } from '~/ui/format.ts';

const bar = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '4',
  h: '56px',
  px: '6',
  bg: 'surface',
  borderBottomWidth: '3px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'first',
});
const date = css({ fontSize: '15px', color: 'muted' });
const main = css({ px: '6', py: '5', fontSize: '16px', outline: 'none' });

/** The board layout: a public display (notice board) with the app's name and today's date. */
export function BoardLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <header className={bar}>
        <Brand />
        <span className={date}>{formatDateLong(new Date())}</span>
      </header>
      <main id="main" tabIndex={-1} className={main}>
        {children}
      </main>
    </>
  );
}
