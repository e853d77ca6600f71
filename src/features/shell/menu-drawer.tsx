import { Dialog as Ark } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { css } from 'styled-system/css';
import type { MenuItem } from '~/contract/auth.ts';
import { Brand } from './brand.tsx';
import { SideMenu } from './side-menu.tsx';
import { setShell, useShell } from './ui-state.ts';

const backdrop = css({
  position: 'fixed',
  inset: '0',
  bg: 'rgba(20, 16, 14, 0.45)',
  zIndex: 40,
  '&[data-state=open]': { animation: 'fadeIn 300ms ease-out' },
  '&[data-state=closed]': { animation: 'fadeOut 300ms ease-in' },
});
const positioner = css({ position: 'fixed', insetBlock: '0', insetInlineStart: '0', zIndex: 41 });
const content = css({
  display: 'flex',
  flexDirection: 'column',
  h: '100dvh',
  w: 'min(280px, 85vw)',
  bg: 'surface',
  borderInlineEndWidth: '1px',
  borderInlineEndStyle: 'solid',
  borderInlineEndColor: 'line',
  outline: 'none',
});
const head = css({
  display: 'flex',
  alignItems: 'center',
  h: '48px',
  px: '3',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
});

/** At 600 px and below the side menu is a drawer from the inline-start side. */
export function MenuDrawer({ items, pathname }: { items: readonly MenuItem[]; pathname: string }) {
  const open = useShell((s) => s.drawerOpen);
  return (
    <Ark.Root open={open} onOpenChange={(d) => setShell({ drawerOpen: d.open })} lazyMount unmountOnExit>
      <Portal>
        <Ark.Backdrop className={backdrop} />
        <Ark.Positioner className={positioner} dir="rtl">
          <Ark.Content className={content}>
            <Ark.Title className={css({ srOnly: true })}>منو</Ark.Title>
            <div className={head}>
              <Brand />
            </div>
            <SideMenu items={items} pathname={pathname} onNavigate={() => setShell({ drawerOpen: false })} />
          </Ark.Content>
        </Ark.Positioner>
      </Portal>
    </Ark.Root>
  );
}
