import { describe, expect, it } from 'vitest';
import {
  type CursorState,
  initialCursor,
  type KeyContext,
  keyToAction,
  type ListAction,
  reduceCursor,
  selectedCount,
  selectedIds,
  visibleSelection,
} from './keys.ts';
import { toFilterQuery } from './search-params.ts';

const rtl: KeyContext = { dir: 'rtl', inFilter: false, inField: false, pageRows: 20 };
const ctx = { rowIds: ['a', 'b', 'c', 'd', 'e'], colCount: 4 };
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
    expect(selectedIds(s.selection, ctx.rowIds)).toEqual(['a', 'b', 'c']);
    // Shift+K shrinks the same range back.
    expect(ids(run([{ type: 'move', delta: -1, extend: true }], s))).toEqual(['a', 'b']);
  });

  it('selects all matching with Ctrl+A, shows every loaded row, and Esc clears it', () => {
    const s = run([{ type: 'move', delta: 1 }, { type: 'select-all' }]);
    expect(s.all).toBe(true);
    // Rows loaded after Ctrl+A show as selected too.
    const more = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    expect(Object.keys(visibleSelection(s, more))).toEqual(more);
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
    const empty = { rowIds: [], colCount: 2 };
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
});
