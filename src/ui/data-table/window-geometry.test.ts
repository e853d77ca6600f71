import { describe, expect, it } from 'vitest';
import { HEADER_HEIGHT, ROW_HEIGHT } from './styles.ts';
import { MAX_BODY_PX, windowGeometry } from './use-row-virtualizer.ts';

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
});
