import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '~/lib/storage.ts';

/** The shell's own view state: palette, shortcut sheet, menu collapsed (remembered), drawer. */
export interface ShellState {
  paletteOpen: boolean;
  sheetOpen: boolean;
  menuCollapsed: boolean;
  drawerOpen: boolean;
  /** Text typed after Ctrl+K while the palette's code was still loading; the palette starts with it. */
  paletteDraft: string;
}

const COLLAPSED_KEY = 'nazer.menu-collapsed';

let state: ShellState = {
  paletteOpen: false,
  sheetOpen: false,
  menuCollapsed: readJson<boolean>(COLLAPSED_KEY, false),
  drawerOpen: false,
  paletteDraft: '',
};
const listeners = new Set<() => void>();

export function setShell(patch: Partial<ShellState>): void {
  state = { ...state, ...patch };
  if (patch.menuCollapsed !== undefined) writeJson(COLLAPSED_KEY, patch.menuCollapsed);
  for (const l of listeners) l();
}

export function getShell(): ShellState {
  return state;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useShell<T>(select: (s: ShellState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(state),
  );
}

/** ≤ 600 px: the menu is a drawer. */
export const DRAWER_QUERY = '(max-width: 600px)';

/** Toggles the menu: collapses it to icons on wide screens, opens the drawer on narrow ones. */
export function toggleMenu(): void {
  if (typeof window !== 'undefined' && window.matchMedia(DRAWER_QUERY).matches) {
    setShell({ drawerOpen: !state.drawerOpen });
  } else setShell({ menuCollapsed: !state.menuCollapsed });
}
