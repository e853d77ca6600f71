import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RowBlocks } from './row-blocks.ts';

type Row = { id: number };

/** A result of `total` rows, ids 1..total, read a block at a time as a server would answer. */
const source = (total: number, size: number) => (block: number) =>
  Array.from({ length: Math.max(0, Math.min(size, total - block * size)) }, (_, i) => ({
    id: block * size + i + 1,
  }));

const blocksOf = (size: number, capacity: number) =>
  new RowBlocks<Row>({ idOf: (r) => String(r.id), size, capacity });

/** Reads every wanted block for rows first..last until none is wanted, as the list would. */
function show(cache: RowBlocks<Row>, read: (b: number) => Row[], total: number, first: number, last: number) {
  for (let wanted = cache.wanted(first, last); wanted.length; wanted = cache.wanted(first, last))
    for (const b of wanted) {
      cache.reading(b);
      cache.put(b, read(b), total);
    }
}

describe('RowBlocks: the rows of a list held in blocks around the viewport', () => {
  it('asks only for block 0 before the total is known, then for the viewport’s blocks and one beyond each end', () => {
    const cache = blocksOf(100, 10);
    expect(cache.wanted(0, 30)).toEqual([0]);
    cache.reading(0);
    expect(cache.wanted(0, 30)).toEqual([]);
    cache.put(0, source(1_000_000, 100)(0), 1_000_000);
    expect(cache.total).toBe(1_000_000);
    // a jump to row 500,000: its block first, then the neighbours
    expect(cache.wanted(500_000, 500_030)).toEqual([5000, 4999, 5001]);
    // the last row: nothing past the end is asked for
    expect(cache.wanted(999_990, 999_999)).toEqual([9999, 9998]);
  });

  it('shows placeholders until a block arrives, and the rows after', () => {
    const cache = blocksOf(100, 10);
    cache.put(0, source(250, 100)(0), 250);
    expect(cache.row(5)).toEqual({ id: 6 });
    expect(cache.row(150)).toBeUndefined();
    cache.put(1, source(250, 100)(1), 250);
    expect(cache.row(150)).toEqual({ id: 151 });
    expect(cache.row(249)).toBeUndefined();
  });

  it('keeps at most `capacity` blocks, dropping the farthest from the viewport first', () => {
    const cache = blocksOf(10, 3);
    const read = source(1000, 10);
    for (const at of [0, 100, 200, 300]) show(cache, read, 1000, at, at + 5);
    expect(cache.held().length).toBeLessThanOrEqual(3);
    expect(cache.held()).toContain(30);
    expect(cache.row(300)).toEqual({ id: 301 });
    expect(cache.row(0)).toBeUndefined();
  });

  it('finds the blocks holding a changed row, and reads them again once dropped', () => {
    const cache = blocksOf(10, 5);
    const read = source(100, 10);
    show(cache, read, 100, 0, 15);
    expect(cache.holding('14')).toEqual([1]);
    cache.drop(cache.holding('14'));
    expect(cache.row(13)).toBeUndefined();
    expect(cache.wanted(0, 15)).toEqual([1]);
  });

  it('asks again for a block whose read failed', () => {
    const cache = blocksOf(10, 5);
    cache.put(0, source(100, 10)(0), 100);
    expect(cache.wanted(50, 55)).toEqual([5, 4, 6]);
    cache.reading(5);
    expect(cache.wanted(50, 55)).toEqual([4, 6]);
    cache.failed(5);
    expect(cache.wanted(50, 55)).toContain(5);
  });

  it('takes a smaller total as it comes, and drops the blocks past the new end', () => {
    const cache = blocksOf(10, 10);
    show(cache, source(100, 10), 100, 85, 99);
    expect(cache.held()).toContain(9);
    cache.put(0, source(42, 10)(0), 42);
    expect(cache.total).toBe(42);
    expect(Math.max(...cache.held())).toBeLessThanOrEqual(4);
    expect(cache.row(95)).toBeUndefined();
  });

  it('under any walk through the result: rows are the source’s, the viewport is whole, memory is bounded', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 3, max: 8 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 40 })), { minLength: 1, maxLength: 40 }),
        (total, size, capacity, walk) => {
          const cache = blocksOf(size, capacity);
          const read = source(total, size);
          show(cache, read, total, 0, 0);
          for (const [at, height] of walk) {
            const first = total === 0 ? 0 : at % total;
            const last = Math.min(Math.max(total - 1, 0), first + height);
            show(cache, read, total, first, last);
            // every row on screen is there, and is the source's row at that place
            for (let i = first; i <= last && i < total; i++) expect(cache.row(i)).toEqual({ id: i + 1 });
            // the blocks on screen and one read ahead on each side are never dropped
            const shown = cache.blockOf(last) - cache.blockOf(first) + 3;
            expect(cache.held().length).toBeLessThanOrEqual(Math.max(capacity, shown));
            expect(cache.wanted(first, last, 0)).toEqual([]);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
