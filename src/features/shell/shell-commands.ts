import { SCREENS } from '~/contract/route-registry.ts';
import type { Command } from '~/lib/commands.ts';
import { getShell, setShell, toggleMenu } from './ui-state.ts';

export const NAV_GROUP = 'رفتن به';
export const GENERAL_GROUP = 'عمومی';

/** Screens a person navigates to by name: built, without parameters, not the sign-in pages. */
const NAVIGABLE = SCREENS.filter(
  (s) => s.status === 'built' && !s.path.includes('{') && s.layout !== 'login',
);

/**
 * One "go to" command per navigable screen of the route registry, with the registry's `keys`
 * (`G` then a letter) as its shortcut. Visible when the current role may open the path.
 */
export const navigationCommands: Command[] = NAVIGABLE.map((s) => ({
  id: `nav:${s.path}`,
  title: s.title,
  keywords: [s.path, ...(s.keywords ?? []), ...(s.menu ? [s.menu] : [])],
  hint: s.path,
  shortcut: s.keys,
  group: NAV_GROUP,
  isVisible: (ctx) => (s.permission === null ? true : ctx.hasRole && ctx.canOpen(s.path)),
  run: (ctx) => ctx.navigate(s.path),
}));

/** The shell's own commands. `signOut` is the logout flow (the logout statechart). */
export function shellCommands(signOut: () => void): Command[] {
  return [
    {
      id: 'shell.palette',
      title: 'جستجو و فرمان‌ها',
      keywords: ['palette', 'search', 'command'],
      shortcut: '$mod+KeyK',
      group: GENERAL_GROUP,
      palette: false,
      run: () => setShell({ paletteOpen: !getShell().paletteOpen, sheetOpen: false }),
    },
    {
      id: 'shell.shortcuts',
      title: 'فهرست میان‌برهای صفحه‌کلید',
      keywords: ['shortcuts', 'keys', 'help', 'کلید'],
      shortcut: 'Shift+Slash',
      group: GENERAL_GROUP,
      run: () => setShell({ sheetOpen: true, paletteOpen: false }),
    },
    {
      id: 'shell.menu',
      title: 'جمع یا باز کردن منو',
      keywords: ['sidebar', 'menu', 'collapse'],
      shortcut: 'BracketLeft',
      group: GENERAL_GROUP,
      isVisible: (ctx) => ctx.hasRole,
      run: toggleMenu,
    },
    {
      id: 'shell.role',
      title: 'تغییر نقش',
      keywords: ['role', 'switch'],
      group: GENERAL_GROUP,
      isVisible: (ctx) => ctx.signedIn,
      run: (ctx) => ctx.navigate('/auth/select-role'),
    },
    {
      id: 'shell.sign-out',
      title: 'خروج از سامانه',
      keywords: ['logout', 'sign out', 'exit'],
      group: GENERAL_GROUP,
      isVisible: (ctx) => ctx.signedIn,
      run: signOut,
    },
    {
      id: 'shell.sign-in',
      title: 'ورود به سامانه',
      keywords: ['login', 'sign in'],
      group: GENERAL_GROUP,
      isVisible: (ctx) => !ctx.signedIn,
      run: (ctx) => ctx.navigate('/auth/login'),
    },
    {
      id: 'shell.back',
      title: 'بستن یا بازگشت یک سطح',
      shortcut: 'Escape',
      group: GENERAL_GROUP,
      palette: false,
      bindKey: false,
      run: () => {},
    },
  ];
}
