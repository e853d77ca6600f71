import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { MainHeader } from '~/features/shell/main-header.tsx';
import { useClientSession } from '~/lib/command-context.ts';
import { SkipLink } from './skip-link.tsx';

const canvas = css({
  position: 'relative',
  h: 'calc(100vh - 40px)',
  w: '100%',
  overflow: 'hidden',
  bg: 'surface',
});

/**
 * The map layout (ownership graphs, workflow designer): a thin header and a full-bleed canvas
 * that fills the rest of the window; the screen lays out its own panels over it.
 */
export function MapLayout({ children }: { children: ReactNode }) {
  const session = useClientSession();
  return (
    <>
      <SkipLink />
      <MainHeader session={session} thin />
      <main id="main" tabIndex={-1} className={canvas}>
        {children}
      </main>
    </>
  );
}
