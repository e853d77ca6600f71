import { Tooltip } from '@ark-ui/react/tooltip';
import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import type { MenuItem } from '~/contract/auth.ts';
import { Icon } from '~/ui/icons.tsx';
import { Kbd } from '~/ui/kbd.tsx';
import { ariaKeyShortcuts } from '~/ui/shortcuts.ts';
import { activeMenuPath } from './active-item.ts';
import { menuIcon } from './menu-icons.ts';

const nav = css({ display: 'flex', flexDirection: 'column', h: '100%', minH: '0' });
const scroll = css({ flex: '1', overflowY: 'auto', overflowX: 'hidden', py: '2' });
const section = css({ mb: '2' });
const heading = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  h: '28px',
  px: '4',
  fontSize: '12px',
  fontWeight: '600',
  color: 'muted',
  whiteSpace: 'nowrap',
  m: '0',
});
const divider = css({ h: '1px', bg: 'line', mx: '3', my: '2' });
const list = css({ listStyle: 'none', m: '0', p: '0', px: '2' });
const link = css({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  h: '32px',
  px: '2',
  borderRadius: '4px',
  fontSize: '13px',
  color: 'ink',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  _hover: { bg: 'subtle' },
  '&[aria-current=page]': { bg: 'first.soft', color: 'first.text', fontWeight: '600' },
  '&[aria-current=page]::before': {
    content: '""',
    position: 'absolute',
    insetInlineStart: '0',
    top: '1.5',
    bottom: '1.5',
    w: '3px',
    borderRadius: '2px',
    bg: 'first',
  },
  '& svg': { flexShrink: 0 },
});
const linkCollapsed = css({ justifyContent: 'center', px: '0' });
const tip = css({
  px: '2',
  py: '1',
  bg: 'ink',
  color: 'white',
  fontSize: '12px',
  borderRadius: '4px',
  zIndex: 50,
});
const foot = css({
  borderTopWidth: '1px',
  borderTopStyle: 'solid',
  borderTopColor: 'line',
  p: '2',
});
const toggle = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  w: '100%',
  h: '32px',
  px: '2',
  borderRadius: '4px',
  fontSize: '12px',
  color: 'muted',
  cursor: 'pointer',
  _hover: { bg: 'subtle', color: 'ink' },
});

export interface SideMenuProps {
  items: readonly MenuItem[];
  pathname: string;
  collapsed?: boolean;
  /** Shows the collapse button (not in the drawer). */
  onToggle?(): void;
  /** Called after a link is followed (the drawer closes). */
  onNavigate?(): void;
}

function Entry({
  item,
  active,
  collapsed,
  onNavigate,
}: {
  item: MenuItem;
  active: boolean;
  collapsed?: boolean;
  onNavigate?(): void;
}) {
  const anchor = (
    <Link
      to={item.path!}
      className={cx(link, collapsed && linkCollapsed)}
      aria-current={active ? 'page' : undefined}
      // Only `active` (activeMenuPath: the longest entry the path is under) marks the entry; the
      // router's own marking, on for any ancestor path, would light /performance beside its screens.
      activeOptions={{ exact: true }}
      aria-label={collapsed ? item.title : undefined}
      onClick={onNavigate}
    >
      <Icon name={menuIcon(item.icon, item.path)} />
      {!collapsed && <span>{item.title}</span>}
    </Link>
  );
  if (!collapsed) return anchor;
  return (
    <Tooltip.Root positioning={{ placement: 'left' }} openDelay={200} closeDelay={0}>
      <Tooltip.Trigger asChild>{anchor}</Tooltip.Trigger>
      <Tooltip.Positioner>
        <Tooltip.Content className={tip}>{item.title}</Tooltip.Content>
      </Tooltip.Positioner>
    </Tooltip.Root>
  );
}

/**
 * The side menu from GET /api/user/menu-list: sections with their entries, the current
 * screen highlighted (aria-current). Collapsed, it shows icons with their names as tooltips.
 */
export function SideMenu({ items, pathname, collapsed, onToggle, onNavigate }: SideMenuProps) {
  const active = activeMenuPath(items, pathname);
  return (
    <nav aria-label="منوی اصلی" className={nav}>
      <div className={scroll}>
        {items.map((s, i) =>
          s.path ? (
            <ul key={s.id} className={list}>
              <li>
                <Entry item={s} active={s.path === active} collapsed={collapsed} onNavigate={onNavigate} />
              </li>
            </ul>
          ) : (
            <div key={s.id} className={section}>
              {collapsed ? (
                i > 0 && <div className={divider} />
              ) : (
                <div className={heading} aria-hidden="true">
                  {s.title}
                </div>
              )}
              <ul className={list} aria-label={s.title}>
                {s.children.map((c) => (
                  <li key={c.id}>
                    <Entry
                      item={c}
                      active={c.path === active}
                      collapsed={collapsed}
                      onNavigate={onNavigate}
                    />
                  </li>
                ))}
              </ul>
            </div>
          ),
        )}
      </div>
      {onToggle && (
        <div className={foot}>
          <button
            type="button"
            className={cx(toggle, collapsed && linkCollapsed)}
            onClick={onToggle}
            aria-expanded={!collapsed}
            aria-keyshortcuts={ariaKeyShortcuts('BracketLeft')}
            aria-label={collapsed ? 'باز کردن منو' : 'جمع کردن منو'}
          >
            <Icon name={collapsed ? 'expand' : 'collapse'} />
            {!collapsed && (
              <>
                <span className={css({ flex: '1', textAlign: 'start' })}>جمع کردن منو</span>
                <Kbd binding="BracketLeft" />
              </>
            )}
          </button>
        </div>
      )}
    </nav>
  );
}
