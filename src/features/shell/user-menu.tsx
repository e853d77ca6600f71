import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { Icon } from '~/ui/icons.tsx';
import { Kbd } from '~/ui/kbd.tsx';
import { type CookieUser, displayName } from './current-user.ts';
import { setShell } from './ui-state.ts';

const roleLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  h: '32px',
  px: '2',
  borderRadius: '4px',
  fontSize: '13px',
  color: 'ink',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  _hover: { bg: 'subtle' },
  '& small': { color: 'muted', fontSize: '12px' },
});
const trigger = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  h: '32px',
  px: '2',
  borderRadius: '4px',
  fontSize: '13px',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  _hover: { bg: 'subtle' },
});
const avatar = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '24px',
  h: '24px',
  borderRadius: '50%',
  bg: 'second',
  color: 'second.on',
  fontSize: '12px',
  fontWeight: '600',
});
const content = css({
  minW: '220px',
  py: '1',
  bg: 'surface',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line.strong',
  borderRadius: '6px',
  outline: 'none',
  zIndex: 30,
});
const itemCss = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  h: '32px',
  px: '3',
  fontSize: '13px',
  cursor: 'pointer',
  '&[data-highlighted]': { bg: 'first.soft', color: 'first.text' },
});
const who = css({
  px: '3',
  py: '2',
  fontSize: '12px',
  color: 'muted',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
  mb: '1',
});
const hideNarrow = css({ '@media (max-width: 1024px)': { display: 'none' } });

export interface UserMenuProps {
  user: CookieUser | null;
  roleTitle: string | null;
  onSignOut(): void;
  onSwitchRole(): void;
}

/** The current role (a link to switch it) and the user menu (shortcuts, switch role, sign out). */
export function UserMenu({ user, roleTitle, onSignOut, onSwitchRole }: UserMenuProps) {
  const name = displayName(user);
  return (
    <>
      {roleTitle && (
        <Link to="/auth/select-role" className={roleLink} title="تغییر نقش">
          <Icon name="role" />
          <span className={hideNarrow}>
            <small>نقش: </small>
            {roleTitle}
          </span>
        </Link>
      )}
      <Menu.Root
        lazyMount
        unmountOnExit
        positioning={{ placement: 'bottom-start', gutter: 6 }}
        onSelect={({ value }) => {
          if (value === 'sign-out') onSignOut();
          else if (value === 'role') onSwitchRole();
          else if (value === 'shortcuts') setShell({ sheetOpen: true });
        }}
      >
        <Menu.Trigger className={trigger} aria-label={`منوی کاربر: ${name}`}>
          <span className={avatar} aria-hidden="true">
            {name.slice(0, 1)}
          </span>
          <span className={hideNarrow}>{name}</span>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content className={content} dir="rtl">
              <div className={who}>
                {user?.username && (
                  <div>
                    <bdi>{user.username}</bdi>
                  </div>
                )}
                {roleTitle && <div>نقش: {roleTitle}</div>}
              </div>
              <Menu.Item value="shortcuts" className={itemCss}>
                <Icon name="keyboard" />
                <span className={css({ flex: '1' })}>میان‌برهای صفحه‌کلید</span>
                <Kbd binding="Shift+Slash" />
              </Menu.Item>
              <Menu.Item value="role" className={itemCss}>
                <Icon name="role" />
                تغییر نقش
              </Menu.Item>
              <Menu.Item value="sign-out" className={itemCss}>
                <Icon name="logout" />
                خروج از سامانه
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
    </>
  );
}
