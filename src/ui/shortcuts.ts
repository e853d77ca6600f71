import { createKeybindingsHandler } from 'tinykeys';

/**
 * Keyboard shortcuts on physical keys. A binding is a tinykeys string written with
 * `KeyboardEvent.code` names, so it works whatever layout types the letter: `$mod+KeyK`
 * (Ctrl on Windows/Linux, ⌘ on macOS), `Shift+Slash` (the `?` key), sequences `KeyG KeyL`.
 * Never write `e.key` letters (`k`): on a Persian layout that key types `ن`.
 *
 * Plain keys and sequences do not fire while the user types in an input, a textarea, a select
 * or a contenteditable element; bindings with a modifier ($mod, Control, Meta, Alt) do.
 */

export type ShortcutMap = Record<string, (event: KeyboardEvent) => void>;

const MODIFIED = /(^|\s)(\$mod|Control|Meta|Alt)\+/;

/** True when the binding holds a modifier that makes it safe while typing. */
export function isModified(binding: string): boolean {
  return MODIFIED.test(binding);
}

/** True when keys pressed at `target` are text being typed. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  if (el.closest('[contenteditable=""], [contenteditable="true"]')) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (el as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type);
}

/**
 * A keydown listener for a map of bindings that skips plain keys while typing and keys the
 * page already handled (`event.defaultPrevented`, e.g. a table that consumed Esc).
 */
export function createShortcutListener(map: ShortcutMap): (event: KeyboardEvent) => void {
  const modified: ShortcutMap = {};
  const plain: ShortcutMap = {};
  for (const [binding, handler] of Object.entries(map)) {
    (isModified(binding) ? modified : plain)[binding] = handler;
  }
  const onModified = createKeybindingsHandler(modified);
  const onPlain = createKeybindingsHandler(plain);
  return (event) => {
    if (event.defaultPrevented || event.isComposing) return;
    onModified(event);
    if (!isTypingTarget(event.target)) onPlain(event);
  };
}

/** Binds shortcuts on `target` (default: window); answers the function that unbinds them. */
export function bindShortcuts(map: ShortcutMap, target: Window | HTMLElement = window): () => void {
  const listener = createShortcutListener(map) as EventListener;
  target.addEventListener('keydown', listener);
  return () => target.removeEventListener('keydown', listener);
}

const KEY_LABELS: Record<string, string> = {
  Slash: '/',
  'Shift+Slash': '?',
  Escape: 'Esc',
  Enter: 'Enter',
  Space: 'Space',
  Backspace: '⌫',
  Delete: 'Del',
  Tab: 'Tab',
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Period: '.',
  Comma: ',',
  Minus: '-',
  Equal: '=',
  Semicolon: ';',
  Quote: "'",
  Backquote: '`',
  Home: 'Home',
  End: 'End',
  PageUp: 'PgUp',
  PageDown: 'PgDn',
};

const MOD_LABELS = (mac: boolean): Record<string, string> => ({
  $mod: mac ? '⌘' : 'Ctrl',
  Control: 'Ctrl',
  Meta: mac ? '⌘' : 'Meta',
  Alt: mac ? '⌥' : 'Alt',
  Shift: 'Shift',
});

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The keys of a binding as they are shown: one array of key caps per press of the sequence.
 * `$mod+KeyK` → [['Ctrl', 'K']]; `KeyG KeyL` → [['G'], ['L']]; `Shift+Slash` → [['?']].
 */
export function shortcutKeys(binding: string, mac = isMac()): string[][] {
  const mods = MOD_LABELS(mac);
  return binding
    .trim()
    .split(/\s+/)
    .map((press) => {
      if (KEY_LABELS[press]) return [KEY_LABELS[press]!];
      const bits = press.split(/\b\+/);
      const key = bits.pop()!;
      const shifted = bits.includes('Shift') ? KEY_LABELS[`Shift+${key}`] : undefined;
      const caps = bits.filter((m) => !(shifted && m === 'Shift')).map((m) => mods[m] ?? m);
      return [...caps, shifted ?? KEY_LABELS[key] ?? key.replace(/^(Key|Digit|Numpad)/, '')];
    });
}

/** A binding as words for screen readers and `aria-keyshortcuts`: `$mod+KeyK` → `Control+K`. */
export function ariaKeyShortcuts(binding: string, mac = isMac()): string {
  return shortcutKeys(binding, mac)
    .map((press) =>
      press
        .map((k) => (k === 'Ctrl' ? 'Control' : k === '⌘' ? 'Meta' : k === 'Esc' ? 'Escape' : k))
        .join('+'),
    )
    .join(' ');
}
