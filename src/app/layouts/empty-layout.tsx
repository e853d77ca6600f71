import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

const main = css({ minH: '100vh', bg: 'surface', outline: 'none' });

/** The empty layout: nothing around the screen (print views, the resume form, /gpt). */
export function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" tabIndex={-1} className={main}>
      {children}
    </main>
  );
}
