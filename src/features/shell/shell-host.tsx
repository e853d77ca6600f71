import { lazy, Suspense, useEffect, useState } from 'react';
import { useCommandContext } from '~/lib/command-context.ts';
import { registerCommands } from '~/lib/commands.ts';
import { logout } from '~/machines/app-actors.ts';
import { CommandKeys } from './command-keys.tsx';
import { PaletteFallback } from './palette-fallback.tsx';
import { navigationCommands, shellCommands } from './shell-commands.ts';
import { useShell } from './ui-state.ts';

const ShellPalette = lazy(() => import('./command-palette.tsx').then((m) => ({ default: m.ShellPalette })));
const ShortcutSheet = lazy(() => import('./shortcut-sheet.tsx').then((m) => ({ default: m.ShortcutSheet })));

const SHELL_COMMANDS = [...navigationCommands, ...shellCommands(logout)];

/** True from the first time `open` is true: a lazily loaded part then stays mounted. */
function useOnceTrue(open: boolean): boolean {
  const [seen, setSeen] = useState(open);
  useEffect(() => {
    if (open) setSeen(true);
  }, [open]);
  return seen || open;
}

/**
 * Everything keyboard-wide, mounted once under the router: the shell's commands in the
 * registry, their keys, and the palette and the `?` sheet (each loaded when first opened).
 */
export function ShellHost() {
  const ctx = useCommandContext();
  const paletteOpen = useShell((s) => s.paletteOpen);
  const sheetOpen = useShell((s) => s.sheetOpen);
  const showPalette = useOnceTrue(paletteOpen);
  const showSheet = useOnceTrue(sheetOpen);
  useEffect(() => registerCommands(SHELL_COMMANDS), []);
  return (
    <>
      <CommandKeys ctx={ctx} />
      <Suspense fallback={paletteOpen ? <PaletteFallback /> : null}>
        {showPalette && <ShellPalette ctx={ctx} />}
      </Suspense>
      <Suspense fallback={null}>{showSheet && <ShortcutSheet ctx={ctx} />}</Suspense>
    </>
  );
}
