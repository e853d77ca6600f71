import { describe, expect, it } from 'vitest';
import { tieRoute } from './tie-route.ts';

const box = (x: number, y: number) => ({ x, y, width: 200, height: 60, layer: 0 });

describe('tieRoute', () => {
  it('bows below two nodes of one layer, from border to border', () => {
    const { d, label } = tieRoute(box(0, 0), box(600, 0));
    // centres (100, 30) and (700, 30): 600 apart, so the bow is the 90 px cap, downward
    expect(label.x).toBeCloseTo(400, 6);
    expect(label.y).toBeGreaterThan(30);
    const [start, , end] = d.slice(1).split(/ Q| /);
    const [sx, sy] = start!.split(',').map(Number);
    const [ex, ey] = end!.split(',').map(Number);
    // leaves through the bottom of each box (y = 60), on the sides facing each other
    expect(sy).toBeCloseTo(60, 0);
    expect(ey).toBeCloseTo(60, 0);
    expect(sx).toBeGreaterThan(100);
    expect(ex).toBeLessThan(700);
  });

  it('is the same arc either way round, and keeps to the 24 px floor when close', () => {
    const one = tieRoute(box(0, 0), box(0, 100));
    const other = tieRoute(box(0, 100), box(0, 0));
    expect(one.label.x).toBeCloseTo(other.label.x, 6);
    expect(one.label.y).toBeCloseTo(other.label.y, 6);
    // a vertical line bows to the left, by at least 24 px at the control point (12 at the middle)
    expect(one.label.x).toBeLessThanOrEqual(100 - 12 + 1e-9);
  });
});
