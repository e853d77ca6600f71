import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { MainHeader } from '~/features/shell/main-header.tsx';
import { useClientSession } from '~/lib/command-context.ts';
import { SkipLink } from './skip-link.tsx';

const main = css({ w: '100%', minH: 'calc(100vh - 40px)', p: '3', outline: 'none' });

/** The data-rock layout: the full window width for a pivot table, under a thin header. */
export function DataRockLayout({ children }: { children: ReactNode }) {
  const session = useClientSession();
  return (
    <>
      <SkipLink />
      <MainHeader session={session} thin />
      <main id="main" tabIndex={-1} className={main}>
        {children}
      </main>
    </>
  );
}
