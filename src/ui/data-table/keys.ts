/**
 * The list's keys as pure functions: `keyToAction` reads a key press by its physical code
 * (`KeyboardEvent.code`, so a Persian layout works) and `reduceCursor` moves the focused row
 * and the selection. The component only wires them to the DOM.
 */

export type ListAction =
  /** J/K, ↑/↓ (±1), PageDown/PageUp (± a screenful); with Shift the selection follows. */
  | { type: 'move'; delta: number; extend?: boolean }
  | { type: 'first'; extend?: boolean }
  | { type: 'last'; extend?: boolean }
  /** ←/→ by visual direction: in RTL → goes to the previous column. */
  | { type: 'column'; delta: number }
  /** X or Space: select or unselect the focused row. */
  | { type: 'toggle' }
  /** Shift+X or Shift+Space: select from the anchor to the focused row. */
  | { type: 'extend' }
  | { type: 'clear-selection' }
  /** Ctrl/⌘+A: every row matching the list's query, loaded or not ("all matching (N)"). */
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
    if (e.altKey || e.shiftKey || ctx.inFilter || ctx.inField) return null;
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

/** Row selection by row id, the shape TanStack Table's row selection keeps. */
export type Selection = Readonly<Record<string, true>>;

export interface CursorState {
  /** The focused row's index among the loaded rows; -1 before any. */
  row: number;
  /** The focused column's index among the visible columns. */
  col: number;
  /** Where a Shift range starts: the row last toggled, or where the current Shift+move began. */
  anchor: number | null;
  /** The last action was a Shift+move, so the next one continues its range. */
  extending: boolean;
  /** The selection a Shift range adds to (the selection when the anchor was set). */
  base: Selection;
  selection: Selection;
  /**
   * Every row matching the query is selected (Ctrl/⌘+A), loaded or not: bulk actions send the
   * query, not ids. Any change to the selection leaves this mode, keeping the loaded rows.
   */
  all: boolean;
}

export interface CursorContext {
  /** Ids of the loaded rows, in display order. */
  rowIds: readonly string[];
  colCount: number;
}

export const initialCursor: CursorState = {
  row: -1,
  col: 0,
  anchor: null,
  extending: false,
  base: {},
  selection: {},
  all: false,
};

/** Every loaded row selected. */
export function allOf(ids: readonly string[]): Selection {
  const out: Record<string, true> = {};
  for (const id of ids) out[id] = true;
  return out;
}

/** Leaves "all matching": the loaded rows stay selected, as plain row selection. */
function settle(state: CursorState, ctx: CursorContext): CursorState {
  if (!state.all) return state;
  const selection = allOf(ctx.rowIds);
  return { ...state, all: false, selection, base: selection };
}

/** The selection to show: every loaded row in "all matching" mode (rows loaded later too). */
export function visibleSelection(state: CursorState, rowIds: readonly string[]): Selection {
  return state.all ? allOf(rowIds) : state.selection;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function withRange(base: Selection, ids: readonly string[], from: number, to: number): Selection {
  const next: Record<string, true> = { ...base };
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  for (let i = lo; i <= hi; i++) {
    const id = ids[i];
    if (id !== undefined) next[id] = true;
  }
  return next;
}

function toggled(selection: Selection, id: string): Selection {
  const next: Record<string, true> = { ...selection };
  if (next[id]) delete next[id];
  else next[id] = true;
  return next;
}

function moveTo(state: CursorState, target: number, extend: boolean | undefined, ctx: CursorContext) {
  const n = ctx.rowIds.length;
  if (n === 0) return state;
  const row = clamp(target, 0, n - 1);
  if (!extend) return { ...state, row, extending: false };
  // A Shift+move after a plain move starts a new range at the focused row.
  const anchor = state.extending && state.anchor !== null ? state.anchor : Math.max(0, state.row);
  const base = state.extending ? state.base : state.selection;
  return {
    ...state,
    row,
    anchor,
    base,
    extending: true,
    selection: withRange(base, ctx.rowIds, anchor, row),
  };
}

/** The focus and selection after an action. Actions the component performs leave it unchanged. */
export function reduceCursor(state: CursorState, action: ListAction, ctx: CursorContext): CursorState {
  const n = ctx.rowIds.length;
  const changesSelection =
    action.type === 'toggle' ||
    action.type === 'extend' ||
    action.type === 'click-select' ||
    (action.type === 'move' && action.extend) ||
    ((action.type === 'first' || action.type === 'last') && action.extend);
  if (changesSelection && state.all) return reduceCursor(settle(state, ctx), action, ctx);
  switch (action.type) {
    case 'move':
      return moveTo(
        state,
        state.row < 0 ? (action.delta > 0 ? 0 : n - 1) : state.row + action.delta,
        action.extend,
        ctx,
      );
    case 'first':
      return moveTo(state, 0, action.extend, ctx);
    case 'last':
      return moveTo(state, n - 1, action.extend, ctx);
    case 'column':
      return { ...state, col: clamp(state.col + action.delta, 0, Math.max(0, ctx.colCount - 1)) };
    case 'focus-row':
      return n === 0 ? state : { ...state, row: clamp(action.index, 0, n - 1), extending: false };
    case 'toggle': {
      const id = ctx.rowIds[state.row];
      if (id === undefined) return state;
      const selection = toggled(state.selection, id);
      return { ...state, selection, anchor: state.row, base: selection, extending: false };
    }
    case 'extend': {
      if (state.row < 0 || n === 0) return state;
      // Shift+X: from the row last toggled (Gmail's range) to the focused row.
      const anchor = state.anchor ?? state.row;
      const base = state.anchor === null ? state.selection : state.base;
      return {
        ...state,
        anchor,
        base,
        extending: false,
        selection: withRange(base, ctx.rowIds, anchor, state.row),
      };
    }
    case 'click-select': {
      const id = ctx.rowIds[action.index];
      if (id === undefined) return state;
      if (action.shift && state.anchor !== null)
        return {
          ...state,
          row: action.index,
          extending: false,
          selection: withRange(state.base, ctx.rowIds, state.anchor, action.index),
        };
      const selection = toggled(state.selection, id);
      return {
        ...state,
        row: action.index,
        selection,
        anchor: action.index,
        base: selection,
        extending: false,
      };
    }
    case 'clear-selection':
      return Object.keys(state.selection).length === 0 && state.anchor === null && !state.all
        ? state
        : { ...state, selection: {}, base: {}, anchor: null, extending: false, all: false };
    case 'select-all':
      return n === 0
        ? state
        : { ...state, all: true, selection: allOf(ctx.rowIds), base: {}, anchor: null, extending: false };
    default:
      return state;
  }
}

/** Selected row ids, in display order of `rowIds` (ids not loaded come last). */
export function selectedIds(selection: Selection, rowIds: readonly string[]): string[] {
  const loaded = rowIds.filter((id) => selection[id]);
  const seen = new Set(loaded);
  return [...loaded, ...Object.keys(selection).filter((id) => selection[id] && !seen.has(id))];
}

/** How many rows the selection holds. */
export function selectedCount(selection: Selection): number {
  let n = 0;
  for (const k in selection) if (selection[k]) n++;
  return n;
}
