import { Link, useNavigate } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import type { ClientSession } from '~/lib/session.ts';
import { logout } from '~/machines/app-actors.ts';
import { button } from '~/ui/button.tsx';
import { Icon } from '~/ui/icons.tsx';
import { ariaKeyShortcuts } from '~/ui/shortcuts.ts';
import { Brand } from './brand.tsx';
import { readCurrentUser } from './current-user.ts';
import { KeepAliveBadges } from './keep-alive-badges.tsx';
import { PaletteTrigger } from './palette-trigger.tsx';
import { toggleMenu, useShell } from './ui-state.ts';
import { UserMenu } from './user-menu.tsx';

const bar = css({
  position: 'sticky',
  top: '0',
  zIndex: 20,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 2fr) minmax(0, 1fr)',
  alignItems: 'center',
  gap: '3',
  h: '48px',
  px: '3',
  bg: 'surface',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
  '@media (max-width: 1024px)': { gridTemplateColumns: 'auto minmax(0, 1fr) auto' },
});
const thin = css({ h: '40px' });
const start = css({ display: 'flex', alignItems: 'center', gap: '1', minW: '0' });
const centre = css({ display: 'flex', justifyContent: 'center', minW: '0' });
const end = css({ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: '1', minW: '0' });
const menuButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '32px',
  h: '32px',
  borderRadius: '4px',
  cursor: 'pointer',
  _hover: { bg: 'subtle' },
});
const onlyNarrow = css({ '@media (min-width: 601px)': { display: 'none' } });

export interface MainHeaderProps {
  session: ClientSession;
  /** The thin bar of the map and data-rock layouts (40 px, no menu button). */
  thin?: boolean;
  /** Show the button that opens the menu drawer on narrow screens. */
  withMenu?: boolean;
}

/**
 * The header: logo and name (inline-start), the palette trigger (centre), keep-alive badges,
 * the role with its switch and the user menu (inline-end). Visitors get a sign-in link.
 */
export function MainHeader({ session, thin: isThin, withMenu }: MainHeaderProps) {
  const navigate = useNavigate();
  const drawerOpen = useShell((s) => s.drawerOpen);
  const staff = session.signedIn && !!session.role;
  return (
    <header className={cx(bar, isThin && thin)}>
      <div className={start}>
        {withMenu && staff && (
          <button
            type="button"
            className={cx(menuButton, onlyNarrow)}
            onClick={toggleMenu}
            aria-label="منو"
            aria-expanded={drawerOpen}
            aria-keyshortcuts={ariaKeyShortcuts('BracketLeft')}
          >
            <Icon name="menu" />
          </button>
        )}
        <Brand />
      </div>
      <div className={centre}>
        <PaletteTrigger />
      </div>
      <div className={end}>
        {staff && <KeepAliveBadges roleId={session.role!.id} />}
        {session.signedIn ? (
          <UserMenu
            user={readCurrentUser()}
            roleTitle={session.role?.title ?? null}
            onSwitchRole={() => navigate({ to: '/auth/select-role' })}
            onSignOut={logout}
          />
        ) : (
          <Link to="/auth/login" className={button({ tone: 'primary', size: 'sm' })}>
            ورود
          </Link>
        )}
      </div>
    </header>
  );
}
