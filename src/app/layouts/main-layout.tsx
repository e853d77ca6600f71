import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { menuQuery } from '~/features/shell/api.ts';
import { MainHeader } from '~/features/shell/main-header.tsx';
import { MenuDrawer } from '~/features/shell/menu-drawer.tsx';
import { SideMenu } from '~/features/shell/side-menu.tsx';
import { toggleMenu, useShell } from '~/features/shell/ui-state.ts';
import { useClientSession } from '~/lib/command-context.ts';
import { Skeleton } from '~/ui/skeleton.tsx';
import { SkipLink } from './skip-link.tsx';

// The palette's code comes with the shell, so that keys typed right after the first Ctrl+K
// land in its input.
void import('~/features/shell/command-palette.tsx');

const body = css({ display: 'flex', alignItems: 'stretch', minH: 'calc(100vh - 48px)' });
const aside = css({
  position: 'sticky',
  top: '48px',
  alignSelf: 'flex-start',
  flexShrink: 0,
  h: 'calc(100vh - 48px)',
  w: '232px',
  bg: 'surface',
  borderInlineEndWidth: '1px',
  borderInlineEndStyle: 'solid',
  borderInlineEndColor: 'line',
  transition: 'width 150ms ease-out',
  '&[data-collapsed=true]': { w: '56px' },
  '@media (max-width: 600px)': { display: 'none' },
});
const main = css({
  flex: '1',
  minW: '0',
  px: '6',
  py: '5',
  outline: 'none',
  '@media (max-width: 600px)': { px: '3', py: '3' },
  xl: { px: '8' },
});

const skeleton = css({ display: 'flex', flexDirection: 'column', gap: '4', p: '4' });

function MenuSkeleton() {
  return (
    <div className={skeleton} role="status" aria-label="در حال بارگذاری منو">
      {[60, 80, 70, 50, 75, 65].map((w, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} width={`${w}%`} />
      ))}
    </div>
  );
}

/**
 * The main layout: header, the side menu on the inline-start side (right, in RTL) that
 * collapses to icons ([), and the content. At 600 px and below the menu is a drawer. A
 * visitor (public pages) gets the header without the menu.
 */
export function MainLayout({ children }: { children: ReactNode }) {
  const session = useClientSession();
  const pathname = useLocation({ select: (l) => l.pathname });
  const staff = session.signedIn && !!session.role;
  const collapsed = useShell((s) => s.menuCollapsed);
  const menu = useQuery({ ...menuQuery(session.role?.id ?? 0), enabled: staff });
  const items = staff ? (menu.data ?? []) : [];
  return (
    <>
      <SkipLink />
      <MainHeader session={session} withMenu />
      <div className={body}>
        {staff && (
          <aside className={aside} data-collapsed={collapsed}>
            {menu.isPending && items.length === 0 ? (
              <MenuSkeleton />
            ) : (
              <SideMenu items={items} pathname={pathname} collapsed={collapsed} onToggle={toggleMenu} />
            )}
          </aside>
        )}
        <main id="main" tabIndex={-1} className={main}>
          {children}
        </main>
      </div>
      {staff && <MenuDrawer items={items} pathname={pathname} />}
    </>
  );
}
