import { describe, expect, it } from 'vitest';
import { type CursorState, heldContext, initialCursor, reduceCursor, selectedCount } from './cursor.ts';
import { type KeyContext, keyToAction, type ListAction } from './keys.ts';

const rtl: KeyContext = { dir: 'rtl', inFilter: false, inField: false, pageRows: 20 };
const ctx = heldContext(['a', 'b', 'c', 'd', 'e'], 4);
const run = (actions: ListAction[], from: CursorState = initialCursor) =>
  actions.reduce((s, a) => reduceCursor(s, a, ctx), from);

describe('keyToAction', () => {
  it('reads physical keys, so a Persian layout works', () => {
    // On a Persian layout KeyJ types "ت" but its code is still KeyJ.
    expect(keyToAction({ code: 'KeyJ' }, rtl)).toEqual({ type: 'move', delta: 1, extend: false });
    expect(keyToAction({ code: 'KeyK' }, rtl)).toEqual({ type: 'move', delta: -1, extend: false });
    expect(keyToAction({ code: 'ArrowDown', shiftKey: true }, rtl)).toEqual({
      type: 'move',
      delta: 1,
      extend: true,
    });
    expect(keyToAction({ code: 'PageDown' }, rtl)).toEqual({ type: 'move', delta: 20, extend: false });
    expect(keyToAction({ code: 'Enter' }, rtl)).toEqual({ type: 'open' });
    expect(keyToAction({ code: 'KeyX' }, rtl)).toEqual({ type: 'toggle' });
    expect(keyToAction({ code: 'Space', shiftKey: true }, rtl)).toEqual({ type: 'extend' });
    expect(keyToAction({ code: 'Slash' }, rtl)).toEqual({ type: 'focus-filter' });
    expect(keyToAction({ code: 'KeyS' }, rtl)).toEqual({ type: 'sort' });
    expect(keyToAction({ code: 'KeyS', shiftKey: true }, rtl)).toEqual({ type: 'sort-add' });
    expect(keyToAction({ code: 'KeyV', shiftKey: true }, rtl)).toEqual({ type: 'columns' });
  });

  it('swaps the horizontal arrows in right-to-left, not the vertical ones', () => {
    expect(keyToAction({ code: 'ArrowRight' }, rtl)).toEqual({ type: 'column', delta: -1 });
    expect(keyToAction({ code: 'ArrowLeft' }, rtl)).toEqual({ type: 'column', delta: 1 });
    const ltr = { ...rtl, dir: 'ltr' as const };
    expect(keyToAction({ code: 'ArrowRight' }, ltr)).toEqual({ type: 'column', delta: 1 });
    expect(keyToAction({ code: 'ArrowUp' }, ltr)).toEqual(keyToAction({ code: 'ArrowUp' }, rtl));
  });

  it('never fires while the user types, and leaves the filter box on Esc or Enter', () => {
    expect(keyToAction({ code: 'KeyJ' }, { ...rtl, inField: true })).toBeNull();
    expect(keyToAction({ code: 'KeyJ' }, { ...rtl, inFilter: true })).toBeNull();
    expect(keyToAction({ code: 'Slash' }, { ...rtl, inFilter: true })).toBeNull();
    expect(keyToAction({ code: 'Escape' }, { ...rtl, inFilter: true })).toEqual({ type: 'leave-filter' });
    expect(keyToAction({ code: 'Enter' }, { ...rtl, inFilter: true })).toEqual({ type: 'leave-filter' });
  });

  it('leaves modified keys to the rest of the app (Ctrl+K is the palette, ? the sheet)', () => {
    expect(keyToAction({ code: 'KeyK', ctrlKey: true }, rtl)).toBeNull();
    expect(keyToAction({ code: 'KeyK', metaKey: true }, rtl)).toBeNull();
    expect(keyToAction({ code: 'Slash', shiftKey: true }, rtl)).toBeNull();
  });
});

describe('reduceCursor', () => {
  it('moves within the loaded rows', () => {
    expect(run([{ type: 'move', delta: 1 }]).row).toBe(0);
    expect(run([{ type: 'move', delta: -1 }]).row).toBe(4);
    expect(run([{ type: 'last' }, { type: 'move', delta: 1 }]).row).toBe(4);
    expect(run([{ type: 'first' }, { type: 'move', delta: -20 }]).row).toBe(0);
    expect(
      run([
        { type: 'move', delta: 20 },
        { type: 'move', delta: 20 },
      ]).row,
    ).toBe(4);
  });

  it('moves between columns and stops at the edges', () => {
    expect(run([{ type: 'column', delta: -1 }]).col).toBe(0);
    expect(
      run([
        { type: 'column', delta: 1 },
        { type: 'column', delta: 1 },
      ]).col,
    ).toBe(2);
    expect(run(Array(9).fill({ type: 'column', delta: 1 })).col).toBe(3);
  });

  it('toggles the focused row', () => {
    const s = run([{ type: 'move', delta: 1 }, { type: 'move', delta: 1 }, { type: 'toggle' }]);
    expect(s.selection).toEqual({ b: true });
    expect(run([{ type: 'toggle' }], s).selection).toEqual({});
  });

  it('extends with Shift from the anchor, and shrinks when moving back', () => {
    let s = run([{ type: 'move', delta: 1 }, { type: 'toggle' }]);
    s = run(
      [
        { type: 'move', delta: 1, extend: true },
        { type: 'move', delta: 1, extend: true },
      ],
      s,
    );
    expect(s.selection).toEqual({ a: true, b: true, c: true });
    s = run([{ type: 'move', delta: -1, extend: true }], s);
    expect(s.selection).toEqual({ a: true, b: true });
  });

  it('keeps earlier selections when a new range starts elsewhere', () => {
    let s = run([{ type: 'move', delta: 1 }, { type: 'toggle' }, { type: 'last' }]);
    s = run([{ type: 'move', delta: -1, extend: true }], s);
    expect(s.selection).toEqual({ a: true, d: true, e: true });
    expect(selectedCount(s.selection)).toBe(3);
  });

  it('selects a range with Shift+X and with Shift+click', () => {
    let s = run([
      { type: 'move', delta: 1 },
      { type: 'toggle' },
      { type: 'move', delta: 2 },
      { type: 'extend' },
    ]);
    expect(s.selection).toEqual({ a: true, b: true, c: true });
    s = run([
      { type: 'click-select', index: 3, shift: false },
      { type: 'click-select', index: 1, shift: true },
    ]);
    expect(s.selection).toEqual({ b: true, c: true, d: true });
    expect(s.row).toBe(1);
  });

  it('clears the selection on Esc', () => {
    const s = run([{ type: 'move', delta: 1 }, { type: 'toggle' }, { type: 'clear-selection' }]);
    expect(s.selection).toEqual({});
    expect(s.anchor).toBeNull();
  });

  it('does nothing on an empty list', () => {
    const empty = heldContext([], 3);
    expect(reduceCursor(initialCursor, { type: 'move', delta: 1 }, empty)).toBe(initialCursor);
    expect(reduceCursor(initialCursor, { type: 'toggle' }, empty)).toBe(initialCursor);
  });
});
