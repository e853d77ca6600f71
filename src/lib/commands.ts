import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * Commands as typed data, in one registry that feeds the palette (Ctrl/⌘+K), the global
 * shortcuts and the `?` sheet. The shell registers navigation and its own commands; each
 * feature registers its commands while its screen is mounted (`useRegisterCommands`).
 */

/** What a command can see and do when it is shown or run. */
export interface CommandContext {
  /** The current path (no query string). */
  pathname: string;
  navigate(to: string): void;
  signedIn: boolean;
  /** A role is chosen (staff screens are open). */
  hasRole: boolean;
  isSuperAdmin: boolean;
  /** True when the current role may open `path` (public, super admin, or a permitted pattern). */
  canOpen(path: string): boolean;
}

export interface Command {
  /** Unique and stable (recent items are remembered by it): `nav:/person/legal-persons`, `persons.export`. */
  id: string;
  /** Persian title, as shown in the palette and the sheet. */
  title: string;
  /** Extra words to match, Persian and Latin (`['companies', 'شرکت']`). */
  keywords?: string[];
  /** Physical-key binding (`$mod+KeyE`, `KeyG KeyL`, `Shift+Slash`); see src/ui/shortcuts.ts. */
  shortcut?: string;
  /** Persian group heading (`رفتن به`, `عمومی`, `اشخاص حقوقی` ...). */
  group: string;
  /** Secondary text shown beside the title (a path, a hint). */
  hint?: string;
  /** Hidden (from the palette and the sheet, and its key unbound) when this answers false. */
  isVisible?(ctx: CommandContext): boolean;
  /** Shown but greyed out when this answers false. */
  isEnabled?(ctx: CommandContext): boolean;
  /** Listed in the palette (default true). Keys like J/K set false: the sheet lists them only. */
  palette?: boolean;
  /** The registry binds `shortcut` globally (default true). False when a component handles the key itself. */
  bindKey?: boolean;
  run(ctx: CommandContext): void;
}

type Listener = () => void;
const sources = new Map<symbol, readonly Command[]>();
const listeners = new Set<Listener>();
let snapshot: readonly Command[] = [];

function publish() {
  const byId = new Map<string, Command>();
  // Later registrations win, so a screen can override a shell command with the same id.
  for (const list of sources.values()) for (const c of list) byId.set(c.id, c);
  snapshot = [...byId.values()];
  for (const l of listeners) l();
}

/** Adds commands; answers the function that removes them again. */
export function registerCommands(commands: readonly Command[]): () => void {
  const key = Symbol('commands');
  sources.set(key, commands);
  publish();
  return () => {
    sources.delete(key);
    publish();
  };
}

/** Every registered command (unfiltered). */
export function allCommands(): readonly Command[] {
  return snapshot;
}

export function subscribeCommands(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every registered command, re-rendering when the registry changes. */
export function useCommands(): readonly Command[] {
  return useSyncExternalStore(subscribeCommands, allCommands, allCommands);
}

/** The commands that `ctx` may see. */
export function visibleCommands(commands: readonly Command[], ctx: CommandContext): Command[] {
  return commands.filter((c) => c.isVisible?.(ctx) ?? true);
}

/**
 * Registers `commands` while the calling component is mounted. Pass a stable array (module
 * constant or useMemo); `run` may close over fresh state, the latest is always called.
 */
export function useRegisterCommands(commands: readonly Command[]): void {
  const latest = useRef(commands);
  latest.current = commands;
  const signature = commands.map((c) => `${c.id}|${c.title}|${c.shortcut ?? ''}|${c.group}`).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-register only when what is shown changes
  useEffect(() => {
    const proxied = latest.current.map<Command>((c) => ({
      ...c,
      run: (ctx) => latest.current.find((x) => x.id === c.id)?.run(ctx),
      isVisible:
        c.isVisible && ((ctx) => latest.current.find((x) => x.id === c.id)?.isVisible?.(ctx) ?? true),
      isEnabled:
        c.isEnabled && ((ctx) => latest.current.find((x) => x.id === c.id)?.isEnabled?.(ctx) ?? true),
    }));
    return registerCommands(proxied);
  }, [signature]);
}
