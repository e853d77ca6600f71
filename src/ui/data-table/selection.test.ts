import { describe, expect, it } from 'vitest';
import {
  type CursorState,
  fillGaps,
  heldContext,
  initialCursor,
  isSelectedRow,
  reduceCursor,
  selectedCount,
  selectedIds,
} from './cursor.ts';
import { type KeyContext, keyToAction, type ListAction } from './keys.ts';
import { toFilterQuery } from './search-params.ts';

const rtl: KeyContext = { dir: 'rtl', inFilter: false, inField: false, pageRows: 20 };
const ctx = heldContext(['a', 'b', 'c', 'd', 'e'], 4);
const run = (actions: ListAction[], from: CursorState = initialCursor, c = ctx) =>
  actions.reduce((s, a) => reduceCursor(s, a, c), from);
const ids = (s: CursorState) => Object.keys(s.selection).sort();

describe('selection keys', () => {
  it('reads Ctrl/⌘+A as "all matching" and Ctrl/⌘+Z as undo, by physical key', () => {
    expect(keyToAction({ code: 'KeyA', ctrlKey: true }, rtl)).toEqual({ type: 'select-all' });
    expect(keyToAction({ code: 'KeyA', metaKey: true }, rtl)).toEqual({ type: 'select-all' });
    expect(keyToAction({ code: 'KeyZ', ctrlKey: true }, rtl)).toEqual({ type: 'undo' });
    expect(keyToAction({ code: 'KeyZ', ctrlKey: true, shiftKey: true }, rtl)).toBeNull();
    expect(keyToAction({ code: 'KeyA' }, rtl)).toBeNull();
  });

  it('leaves Ctrl/⌘+A and Ctrl/⌘+Z to text fields and the filter box', () => {
    expect(keyToAction({ code: 'KeyA', ctrlKey: true }, { ...rtl, inField: true })).toBeNull();
    expect(keyToAction({ code: 'KeyA', ctrlKey: true }, { ...rtl, inFilter: true })).toBeNull();
    expect(keyToAction({ code: 'KeyZ', metaKey: true }, { ...rtl, inFilter: true })).toBeNull();
  });

  it('extends with Shift+J/K, Shift+arrows and Shift+Space', () => {
    expect(keyToAction({ code: 'KeyJ', shiftKey: true }, rtl)).toEqual({
      type: 'move',
      delta: 1,
      extend: true,
    });
    expect(keyToAction({ code: 'KeyK', shiftKey: true }, rtl)).toEqual({
      type: 'move',
      delta: -1,
      extend: true,
    });
    expect(keyToAction({ code: 'ArrowUp', shiftKey: true }, rtl)).toEqual({
      type: 'move',
      delta: -1,
      extend: true,
    });
    expect(keyToAction({ code: 'Space', shiftKey: true }, rtl)).toEqual({ type: 'extend' });
  });
});

describe('selection reducer', () => {
  it('toggles with X and extends a range with Shift+J from the focused row', () => {
    const s = run([
      { type: 'move', delta: 1 },
      { type: 'toggle' },
      { type: 'move', delta: 1, extend: true },
      { type: 'move', delta: 1, extend: true },
    ]);
    expect(ids(s)).toEqual(['a', 'b', 'c']);
    expect(selectedIds(s.selection, ['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c']);
    // Shift+K shrinks the same range back.
    expect(ids(run([{ type: 'move', delta: -1, extend: true }], s))).toEqual(['a', 'b']);
  });

  it('selects all matching with Ctrl+A, shows every loaded row, and Esc clears it', () => {
    const s = run([{ type: 'move', delta: 1 }, { type: 'select-all' }]);
    expect(s.all).toBe(true);
    // Rows read after Ctrl+A show as selected too.
    expect(isSelectedRow(s, 6, 'g')).toBe(true);
    const cleared = run([{ type: 'clear-selection' }], s);
    expect(cleared.all).toBe(false);
    expect(selectedCount(cleared.selection)).toBe(0);
  });

  it('leaves "all matching" when a row is toggled, keeping the other loaded rows', () => {
    const s = run([
      { type: 'move', delta: 1 },
      { type: 'select-all' },
      { type: 'move', delta: 1 },
      { type: 'toggle' },
    ]);
    expect(s.all).toBe(false);
    expect(ids(s)).toEqual(['a', 'c', 'd', 'e']);
  });

  it('does nothing on Ctrl+A in an empty list', () => {
    const empty = heldContext([], 2);
    expect(run([{ type: 'select-all' }], initialCursor, empty)).toBe(initialCursor);
  });

  it('sends "all matching" as the list query, without paging or sort', () => {
    expect(
      toFilterQuery({
        q: 'فولاد',
        sortBy: 'name',
        descending: true,
        advanceFilter: [{ field: 'kind', op: 'eq', value: 'holding' }],
        params: { label: 3 },
      }),
    ).toEqual({ q: 'فولاد', advanceFilter: '[{"field":"kind","op":"eq","value":"holding"}]', label: 3 });
  });

  describe('across blocks the windowed list does not hold', () => {
    // 1,000 rows, of which the list holds 0..99 and 900..999 (two blocks of 100)
    const held = (i: number) => (i < 100 || i >= 900 ? `r${i}` : undefined);
    const windowed = { count: 1000, idAt: held, colCount: 3 };
    const go = (actions: ListAction[], from: CursorState = initialCursor) =>
      actions.reduce((st, a) => reduceCursor(st, a, windowed), from);

    it('keeps a Shift range over rows not held as a gap, counted, and fills it as they arrive', () => {
      const s = go([
        { type: 'move', delta: 1 },
        { type: 'goto', index: 95 },
        { type: 'toggle' },
        { type: 'last', extend: true },
      ]);
      expect(s.row).toBe(999);
      expect(s.gaps).toEqual([[100, 899]]);
      expect(selectedCount(s.selection, s.gaps)).toBe(905);
      expect(isSelectedRow(s, 500, 'whatever')).toBe(true);
      expect(isSelectedRow(s, 94, 'r94')).toBe(false);
      // block 5 (500..599) arrives: its rows become ids, the gap splits around it
      const arrived = (i: number) => held(i) ?? (i >= 500 && i < 600 ? `r${i}` : undefined);
      const filled = fillGaps(s, arrived, [[500, 599]]);
      expect(filled.gaps).toEqual([
        [100, 499],
        [600, 899],
      ]);
      expect(filled.selection.r550).toBe(true);
      expect(selectedCount(filled.selection, filled.gaps)).toBe(905);
      // nothing held in the gaps: the same state
      expect(fillGaps(filled, held, [[0, 99]])).toBe(filled);
    });

    it('counts the anchor once when its block was let go before the Shift range', () => {
      const toggledHeld = go([{ type: 'goto', index: 50 }, { type: 'toggle' }]);
      expect(toggledHeld.at).toEqual({ r50: 50 });
      // block 0 let go: only 900..999 held now
      const later = { count: 1000, idAt: (i: number) => (i >= 900 ? `r${i}` : undefined), colCount: 3 };
      const s = [{ type: 'goto', index: 950 } as const, { type: 'extend' } as const].reduce(
        (st, a) => reduceCursor(st, a, later),
        toggledHeld,
      );
      expect(s.gaps).toEqual([[51, 899]]);
      expect(selectedCount(s.selection, s.gaps)).toBe(901);
    });

    it('Shift+K back over the range shrinks it, gaps included', () => {
      const s = go([
        { type: 'goto', index: 50 },
        { type: 'goto', index: 50 },
        { type: 'move', delta: 900, extend: true },
      ]);
      expect(s.gaps).toEqual([[100, 899]]);
      const back = go([{ type: 'move', delta: -900, extend: true }], s);
      expect(back.gaps).toEqual([]);
      expect(selectedCount(back.selection, back.gaps)).toBe(1);
    });

    it('leaving "all matching" keeps every row, the ones not held as a gap', () => {
      const s = go([{ type: 'move', delta: 1 }, { type: 'select-all' }, { type: 'toggle' }]);
      expect(s.all).toBe(false);
      expect(s.gaps).toEqual([[100, 899]]);
      expect(selectedCount(s.selection, s.gaps)).toBe(999);
      expect(s.selection.r0).toBeUndefined();
      expect(s.selection.r1).toBe(true);
    });

    it('goes to a row by number and to the last by Ctrl+End, clamped to the result', () => {
      expect(go([{ type: 'goto', index: 4000 }]).row).toBe(999);
      expect(keyToAction({ code: 'End', ctrlKey: true }, rtl)).toEqual({ type: 'last', extend: false });
      expect(keyToAction({ code: 'Home', ctrlKey: true, shiftKey: true }, rtl)).toEqual({
        type: 'first',
        extend: true,
      });
      expect(keyToAction({ code: 'Semicolon', shiftKey: true }, rtl)).toEqual({ type: 'ask-goto' });
    });
  });
});
