import type { ListAction } from './keys.ts';

/**
 * The list's focused row and selection as a pure reducer (`reduceCursor`): moves, Shift ranges,
 * toggles, "all matching", and the gaps of a range over rows the windowed list does not hold.
 * keys.ts reads key presses into the actions it takes.
 */

/** Row selection by row id, the shape TanStack Table's row selection keeps. */
export type Selection = Readonly<Record<string, true>>;

/** Row positions `lo`..`hi` (inclusive, 0-based) of the list's result. */
export type RowRange = readonly [lo: number, hi: number];

export interface CursorState {
  /** The focused row's position in the whole result (0-based); -1 before any. */
  row: number;
  /** The focused column's index among the visible columns. */
  col: number;
  /** Where a Shift range starts: the row last toggled, or where the current Shift+move began. */
  anchor: number | null;
  /** The last action was a Shift+move, so the next one continues its range. */
  extending: boolean;
  /** The selection a Shift range adds to (the selection when the anchor was set). */
  base: Selection;
  /** The gaps of `base` (see `gaps`). */
  baseGaps: readonly RowRange[];
  selection: Selection;
  /**
   * Positions selected by a Shift range whose rows were not held when it was made (a range
   * across blocks the windowed list had not read, or had let go): selected by position until
   * their rows arrive (`fillGaps` turns them into ids), or resolved by reading them before a
   * bulk action.
   */
  gaps: readonly RowRange[];
  /**
   * Where each selected id was when it was selected (its row was held then): a range over that
   * position after its block was let go takes the id, not a gap (which would count it twice).
   */
  at: Readonly<Record<string, number>>;
  /**
   * Every row matching the query is selected (Ctrl/⌘+A), held or not: bulk actions send the
   * query, not ids. Any change to the selection leaves this mode, keeping every row selected.
   */
  all: boolean;
}

export interface CursorContext {
  /** Rows in the whole result. */
  count: number;
  /** The id of the row at a position, or undefined while its block is not held. */
  idAt(index: number): string | undefined;
  colCount: number;
}

/** A context over rows all held, in order (tests, short lists). */
export function heldContext(rowIds: readonly string[], colCount: number): CursorContext {
  return { count: rowIds.length, idAt: (i) => rowIds[i], colCount };
}

export const initialCursor: CursorState = {
  row: -1,
  col: 0,
  anchor: null,
  extending: false,
  base: {},
  baseGaps: [],
  selection: {},
  gaps: [],
  at: {},
  all: false,
};

/** Ranges sorted and merged where they overlap or touch. */
export function mergeRanges(ranges: readonly RowRange[]): RowRange[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

/** How many positions the ranges cover. */
export const rangeSize = (ranges: readonly RowRange[]) => ranges.reduce((n, [lo, hi]) => n + hi - lo + 1, 0);

/** Whether a position lies in one of the ranges. */
export const inRanges = (ranges: readonly RowRange[], i: number) =>
  ranges.some(([lo, hi]) => i >= lo && i <= hi);

/**
 * The selection with positions `from`..`to` added: held rows by id, the others as gaps.
 * Only `held` positions are looked up (all of them when not given).
 */
function withRange(
  base: Selection,
  baseGaps: readonly RowRange[],
  ctx: CursorContext,
  from: number,
  to: number,
  known: Readonly<Record<string, number>> = {},
): { selection: Selection; gaps: readonly RowRange[]; at: Readonly<Record<string, number>> } {
  const next: Record<string, true> = { ...base };
  const at: Record<string, number> = { ...known };
  const gaps: RowRange[] = [...baseGaps];
  const [lo, hi] = from <= to ? [from, to] : [to, from];
  // selected ids whose rows were let go, by where they were
  const byPosition = new Map<number, string>();
  for (const id in known) if (known[id]! >= lo && known[id]! <= hi) byPosition.set(known[id]!, id);
  let gapStart = -1;
  for (let i = lo; i <= hi; i++) {
    const id = ctx.idAt(i) ?? byPosition.get(i);
    if (id !== undefined) {
      next[id] = true;
      at[id] = i;
      if (gapStart >= 0) gaps.push([gapStart, i - 1]);
      gapStart = -1;
    } else if (gapStart < 0) gapStart = i;
  }
  if (gapStart >= 0) gaps.push([gapStart, hi]);
  return { selection: next, gaps: gaps.length ? mergeRanges(gaps) : gaps, at };
}

/**
 * The state with the gaps inside `held` (positions whose rows are now held) turned into ids;
 * the same object when nothing changed.
 */
export function fillGaps(
  state: CursorState,
  idAt: CursorContext['idAt'],
  held: readonly RowRange[],
): CursorState {
  if (state.gaps.length === 0 || held.length === 0) return state;
  let selection: Record<string, true> | null = null;
  let at: Record<string, number> | null = null;
  const gaps: RowRange[] = [];
  for (const [lo, hi] of state.gaps) {
    let start = lo;
    for (const [hlo, hhi] of held) {
      const a = Math.max(lo, hlo);
      const b = Math.min(hi, hhi);
      if (a > b) continue;
      let filledTo = a - 1;
      for (let i = a; i <= b; i++) {
        const id = idAt(i);
        if (id === undefined) break;
        selection ??= { ...state.selection };
        at ??= { ...state.at };
        selection[id] = true;
        at[id] = i;
        filledTo = i;
      }
      if (filledTo < a) continue;
      if (a > start) gaps.push([start, a - 1]);
      start = filledTo + 1;
    }
    if (start <= hi) gaps.push([start, hi]);
  }
  if (!selection) return state;
  return { ...state, selection, at: at ?? state.at, gaps: mergeRanges(gaps) };
}

/** Leaves "all matching": every row stays selected, as held ids and gaps for the rest. */
function settle(state: CursorState, ctx: CursorContext): CursorState {
  if (!state.all) return state;
  const { selection, gaps, at } = withRange({}, [], ctx, 0, ctx.count - 1);
  return { ...state, all: false, selection, gaps, at, base: selection, baseGaps: gaps };
}

/**
 * Whether the row at `index` (id `id`) shows as selected: "all matching", its id, or its
 * position in a gap.
 */
export function isSelectedRow(state: CursorState, index: number, id: string): boolean {
  return state.all || !!state.selection[id] || (state.gaps.length > 0 && inRanges(state.gaps, index));
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function toggled(selection: Selection, id: string): Selection {
  const next: Record<string, true> = { ...selection };
  if (next[id]) delete next[id];
  else next[id] = true;
  return next;
}

function moveTo(state: CursorState, target: number, extend: boolean | undefined, ctx: CursorContext) {
  const n = ctx.count;
  if (n === 0) return state;
  const row = clamp(target, 0, n - 1);
  if (!extend) return { ...state, row, extending: false };
  // A Shift+move after a plain move starts a new range at the focused row.
  const anchor = state.extending && state.anchor !== null ? state.anchor : Math.max(0, state.row);
  const base = state.extending ? state.base : state.selection;
  const baseGaps = state.extending ? state.baseGaps : state.gaps;
  return {
    ...state,
    row,
    anchor,
    base,
    baseGaps,
    extending: true,
    ...withRange(base, baseGaps, ctx, anchor, row, state.at),
  };
}

/** The focus and selection after an action. Actions the component performs leave it unchanged. */
export function reduceCursor(state: CursorState, action: ListAction, ctx: CursorContext): CursorState {
  const n = ctx.count;
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
    case 'goto':
      return moveTo(state, action.index, false, ctx);
    case 'column':
      return { ...state, col: clamp(state.col + action.delta, 0, Math.max(0, ctx.colCount - 1)) };
    case 'focus-row':
      return n === 0 ? state : { ...state, row: clamp(action.index, 0, n - 1), extending: false };
    case 'toggle': {
      const id = ctx.idAt(state.row);
      if (id === undefined) return state;
      const selection = toggled(state.selection, id);
      // a row in a gap that is toggled leaves it (unselected), as a held one would
      const gaps = inRanges(state.gaps, state.row) ? cut(state.gaps, state.row) : state.gaps;
      return {
        ...state,
        selection,
        gaps,
        at: placed(state.at, selection, id, state.row),
        anchor: state.row,
        base: selection,
        baseGaps: gaps,
        extending: false,
      };
    }
    case 'extend': {
      if (state.row < 0 || n === 0) return state;
      // Shift+X: from the row last toggled (Gmail's range) to the focused row.
      const anchor = state.anchor ?? state.row;
      const fresh = state.anchor === null;
      const base = fresh ? state.selection : state.base;
      const baseGaps = fresh ? state.gaps : state.baseGaps;
      return {
        ...state,
        anchor,
        base,
        baseGaps,
        extending: false,
        ...withRange(base, baseGaps, ctx, anchor, state.row, state.at),
      };
    }
    case 'click-select': {
      const id = ctx.idAt(action.index);
      if (id === undefined) return state;
      if (action.shift && state.anchor !== null)
        return {
          ...state,
          row: action.index,
          extending: false,
          ...withRange(state.base, state.baseGaps, ctx, state.anchor, action.index, state.at),
        };
      const selection = toggled(state.selection, id);
      const gaps = inRanges(state.gaps, action.index) ? cut(state.gaps, action.index) : state.gaps;
      return {
        ...state,
        row: action.index,
        selection,
        gaps,
        at: placed(state.at, selection, id, action.index),
        anchor: action.index,
        base: selection,
        baseGaps: gaps,
        extending: false,
      };
    }
    case 'clear-selection':
      return Object.keys(state.selection).length === 0 &&
        state.gaps.length === 0 &&
        state.anchor === null &&
        !state.all
        ? state
        : {
            ...state,
            selection: {},
            base: {},
            gaps: [],
            baseGaps: [],
            at: {},
            anchor: null,
            extending: false,
            all: false,
          };
    case 'select-all':
      return n === 0
        ? state
        : {
            ...state,
            all: true,
            selection: {},
            gaps: [],
            base: {},
            baseGaps: [],
            at: {},
            anchor: null,
            extending: false,
          };
    default:
      return state;
  }
}

/** Where the selected ids are, with `id` at `index` when selected, gone when not. */
function placed(
  at: Readonly<Record<string, number>>,
  selection: Selection,
  id: string,
  index: number,
): Record<string, number> {
  const next = { ...at };
  if (selection[id]) next[id] = index;
  else delete next[id];
  return next;
}

/** The ranges without position `i`. */
function cut(ranges: readonly RowRange[], i: number): RowRange[] {
  const out: RowRange[] = [];
  for (const [lo, hi] of ranges) {
    if (i < lo || i > hi) out.push([lo, hi]);
    else {
      if (lo < i) out.push([lo, i - 1]);
      if (i < hi) out.push([i + 1, hi]);
    }
  }
  return out;
}

/** Selected row ids, those of `inOrder` first in that order (the held rows), then the rest. */
export function selectedIds(selection: Selection, inOrder: readonly string[] = []): string[] {
  const loaded = inOrder.filter((id) => selection[id]);
  const seen = new Set(loaded);
  return [...loaded, ...Object.keys(selection).filter((id) => selection[id] && !seen.has(id))];
}

/** How many rows the selection holds (its ids and its gaps). */
export function selectedCount(selection: Selection, gaps: readonly RowRange[] = []): number {
  let n = 0;
  for (const k in selection) if (selection[k]) n++;
  return n + rangeSize(gaps);
}
