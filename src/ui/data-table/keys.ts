/**
 * The list's keys as a pure function: `keyToAction` reads a key press by its physical code
 * (`KeyboardEvent.code`, so a Persian layout works); cursor.ts `reduceCursor` moves the focused
 * row and the selection. The component only wires them to the DOM.
 */

export type ListAction =
  /** J/K, ↑/↓ (±1), PageDown/PageUp (± a screenful); with Shift the selection follows. */
  | { type: 'move'; delta: number; extend?: boolean }
  | { type: 'first'; extend?: boolean }
  | { type: 'last'; extend?: boolean }
  /** "Go to row N" (`:` or the palette): the row at this position (0-based). */
  | { type: 'goto'; index: number }
  /** `:`: asks for a row number to go to. */
  | { type: 'ask-goto' }
  /** ←/→ by visual direction: in RTL → goes to the previous column. */
  | { type: 'column'; delta: number }
  /** X or Space: select or unselect the focused row. */
  | { type: 'toggle' }
  /** Shift+X or Shift+Space: select from the anchor to the focused row. */
  | { type: 'extend' }
  | { type: 'clear-selection' }
  /** Ctrl/⌘+A: every row matching the list's query, held or not ("all matching (N)"). */
  | { type: 'select-all' }
  /** A click on a row. */
  | { type: 'focus-row'; index: number }
  /** A click on a row's checkbox (Shift extends from the anchor). */
  | { type: 'click-select'; index: number; shift: boolean }
  // Actions without state: the component performs them.
  | { type: 'open' }
  | { type: 'focus-filter' }
  | { type: 'leave-filter' }
  | { type: 'sort' }
  /** Shift+S: the focused column as a further sort key (or its direction turned). */
  | { type: 'sort-add' }
  /** Shift+V: the column chooser (shown columns and their widths). */
  | { type: 'columns' }
  | { type: 'clear-filters' }
  /** Shift+F: the filter builder (conditions in AND/OR groups). */
  | { type: 'filter-builder' }
  | { type: 'retry' }
  /** Ctrl/⌘+Z: undo the last bulk action while its undo bar shows. */
  | { type: 'undo' };

/** The part of a KeyboardEvent the mapping reads. */
export interface KeyPress {
  code: string;
  shiftKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}

export interface KeyContext {
  dir: 'rtl' | 'ltr';
  /** Focus is in the list's own filter box. */
  inFilter: boolean;
  /** Focus is in some other field where the user types (input, select, textarea, contenteditable). */
  inField: boolean;
  /** Rows in a screenful, for PageUp/PageDown. */
  pageRows: number;
}

/** The action a key press asks for, or null when the list should leave it alone. */
export function keyToAction(e: KeyPress, ctx: KeyContext): ListAction | null {
  if (e.ctrlKey || e.metaKey) {
    // Ctrl/⌘+A and Ctrl/⌘+Z keep their text meaning in fields; other modified keys are the app's.
    if (e.altKey || ctx.inFilter || ctx.inField) return null;
    // Ctrl+Home / Ctrl+End: the first and the last row of the whole result (spreadsheets' keys)
    if (e.code === 'Home') return { type: 'first', extend: !!e.shiftKey };
    if (e.code === 'End') return { type: 'last', extend: !!e.shiftKey };
    if (e.shiftKey) return null;
    if (e.code === 'KeyA') return { type: 'select-all' };
    if (e.code === 'KeyZ') return { type: 'undo' };
    return null;
  }
  if (e.altKey) return null;
  const shift = !!e.shiftKey;
  if (ctx.inFilter) {
    if (e.code === 'Escape' || ((e.code === 'Enter' || e.code === 'NumpadEnter') && !shift))
      return { type: 'leave-filter' };
    if (e.code === 'ArrowDown' && !shift) return { type: 'leave-filter' };
    return null;
  }
  if (ctx.inField) return null;
  switch (e.code) {
    case 'KeyJ':
    case 'ArrowDown':
      return { type: 'move', delta: 1, extend: shift };
    case 'KeyK':
    case 'ArrowUp':
      return { type: 'move', delta: -1, extend: shift };
    case 'PageDown':
      return { type: 'move', delta: Math.max(1, ctx.pageRows), extend: shift };
    case 'PageUp':
      return { type: 'move', delta: -Math.max(1, ctx.pageRows), extend: shift };
    case 'Home':
      return { type: 'first', extend: shift };
    case 'End':
      return { type: 'last', extend: shift };
    case 'ArrowLeft':
      return shift ? null : { type: 'column', delta: ctx.dir === 'rtl' ? 1 : -1 };
    case 'ArrowRight':
      return shift ? null : { type: 'column', delta: ctx.dir === 'rtl' ? -1 : 1 };
    case 'Enter':
    case 'NumpadEnter':
      return shift ? null : { type: 'open' };
    case 'KeyX':
    case 'Space':
      return shift ? { type: 'extend' } : { type: 'toggle' };
    case 'Semicolon':
      // Shift+Semicolon is `:` on a Latin layout: "go to row N" (vim's and less's key)
      return shift ? { type: 'ask-goto' } : null;
    case 'Slash':
      // Shift+Slash is `?`, the shortcut sheet's key.
      return shift ? null : { type: 'focus-filter' };
    case 'Escape':
      return shift ? null : { type: 'clear-selection' };
    case 'KeyS':
      return shift ? { type: 'sort-add' } : { type: 'sort' };
    case 'KeyC':
      return shift ? { type: 'clear-filters' } : null;
    case 'KeyF':
      return shift ? { type: 'filter-builder' } : null;
    case 'KeyR':
      return shift ? null : { type: 'retry' };
    case 'KeyV':
      return shift ? { type: 'columns' } : null;
    default:
      return null;
  }
}
