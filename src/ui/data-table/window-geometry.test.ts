import { describe, expect, it } from 'vitest';
import { HEADER_HEIGHT, ROW_HEIGHT } from './styles.ts';
import { MAX_BODY_PX, OVERSCAN, windowGeometry, windowItems } from './use-row-virtualizer.ts';

const view = HEADER_HEIGHT + 20 * ROW_HEIGHT; // a viewport of 20 rows under the header

describe('the window geometry', () => {
  it('shows the rows under the header at a scroll offset, and brings a row into view with the least move', () => {
    const g = windowGeometry(100_000, view);
    expect(g.bodyPx).toBe(100_000 * ROW_HEIGHT);
    expect(g.ratio).toBe(1);
    expect(g.shown(0)).toEqual([0, 19]);
    expect(g.shown(10 * ROW_HEIGHT + 5)).toEqual([10, 30]);
    expect(g.shift(12345)).toBe(0);
    // below the viewport: its bottom edge at the viewport's; above: its top at the header's
    expect(g.offsetFor(25, 'auto', 0)).toBe(6 * ROW_HEIGHT);
    expect(g.offsetFor(3, 'auto', 10 * ROW_HEIGHT)).toBe(3 * ROW_HEIGHT);
    expect(g.offsetFor(12, 'auto', 10 * ROW_HEIGHT)).toBe(10 * ROW_HEIGHT);
    expect(g.offsetFor(500, 'center', 0)).toBe(500 * ROW_HEIGHT - (19 * ROW_HEIGHT) / 2);
    expect(g.shown(g.bodyPx - 20 * ROW_HEIGHT)).toEqual([99_980, 99_999]);
  });

  it('scales a result taller than the browser allows, every row still reachable and drawn in view', () => {
    const count = 3_000_000;
    const g = windowGeometry(count, view);
    expect(g.bodyPx).toBe(MAX_BODY_PX);
    expect(g.ratio).toBeGreaterThan(12);
    const maxScroll = g.bodyPx - 20 * ROW_HEIGHT;
    expect(g.shown(maxScroll)[1]).toBe(count - 1);
    for (const index of [0, 1_234_567, count - 1]) {
      const at = g.offsetFor(index, 'auto', 0);
      const [first, last] = g.shown(at);
      expect(index >= first && index <= last, `row ${index}`).toBe(true);
      // drawn inside the viewport: its top (in the body) minus the shift, between the scroll offset and its end
      const top = index * ROW_HEIGHT - g.shift(at);
      expect(top).toBeGreaterThanOrEqual(at - 1);
      expect(top + ROW_HEIGHT).toBeLessThanOrEqual(at + 20 * ROW_HEIGHT + 1);
    }
  });

  it('shows nothing past the end of a short result', () => {
    const g = windowGeometry(5, view);
    expect(g.shown(0)).toEqual([0, 4]);
    expect(g.bodyPx).toBe(5 * ROW_HEIGHT);
  });

  it('draws a window of whole slots: a row scrolled in takes the element of the row scrolled out', () => {
    const g = windowGeometry(100_000, view);
    const span = g.span;
    expect(span).toBeGreaterThanOrEqual(21 + 2 * OVERSCAN);
    const at = (first: number) => new Map(windowItems(first, 100_000, span).map((it) => [it.slot, it.index]));
    for (const first of [0, OVERSCAN - 1, OVERSCAN, OVERSCAN + 1, 500, 99_990]) {
      const items = windowItems(first, 100_000, span);
      // the rows shown are drawn, each in its own slot, at its own offset
      const shown = g.shown(first * ROW_HEIGHT);
      for (let i = shown[0]; i <= shown[1]; i++) expect(items.some((it) => it.index === i)).toBe(true);
      expect(new Set(items.map((it) => it.slot)).size).toBe(items.length);
      for (const it of items) expect(it.top).toBe(it.index * ROW_HEIGHT);
    }
    // one row further: every slot keeps its row but one, which takes the next row
    const before = at(500);
    const after = at(501);
    const moved = [...after].filter(([slot, index]) => before.get(slot) !== index);
    expect(moved).toEqual([[(500 - OVERSCAN) % span, 500 - OVERSCAN + span]]);
    // a short result: every row, once
    expect(windowItems(0, 7, span).map((it) => it.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(windowItems(0, 0, span)).toEqual([]);
  });
});
