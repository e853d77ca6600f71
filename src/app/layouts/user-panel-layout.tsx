import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { SCREENS } from '~/contract/route-registry.ts';
import { MainHeader } from '~/features/shell/main-header.tsx';
import { useClientSession } from '~/lib/command-context.ts';
import { SkipLink } from './skip-link.tsx';

const PANEL = SCREENS.filter((s) => s.layout === 'user-panel' && !s.path.includes('{'));

const body = css({
  display: 'grid',
  gridTemplateColumns: '200px minmax(0, 1fr)',
  gap: '6',
  maxW: '1200px',
  mx: 'auto',
  px: '6',
  py: '5',
  '@media (max-width: 600px)': { gridTemplateColumns: '1fr', px: '3', gap: '3' },
});
const nav = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  '& a': {
    display: 'flex',
    alignItems: 'center',
    h: '32px',
    px: '3',
    borderRadius: '4px',
    color: 'ink',
    textDecoration: 'none',
    fontSize: '13px',
    _hover: { bg: 'subtle' },
  },
  '& a[aria-current=page]': { bg: 'first.soft', color: 'first.text', fontWeight: '600' },
  '@media (max-width: 600px)': { flexDirection: 'row', overflowX: 'auto' },
});
const main = css({ minW: '0', outline: 'none' });

/** The user-panel layout: the person's own pages (profile, job) with their own small menu. */
export function UserPanelLayout({ children }: { children: ReactNode }) {
  const session = useClientSession();
  return (
    <>
      <SkipLink />
      <MainHeader session={session} />
      <div className={body}>
        <nav aria-label="پنل کاربری" className={nav}>
          {PANEL.map((s) => (
            <Link key={s.path} to={s.path} activeProps={{ 'aria-current': 'page' }}>
              {s.title}
            </Link>
          ))}
        </nav>
        <main id="main" tabIndex={-1} className={main}>
          {children}
        </main>
      </div>
    </>
  );
}
