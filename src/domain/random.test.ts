import { describe, expect, it } from 'vitest';
import { createRng } from './random.ts';

/**
 * The demo data's generator (random.ts): mulberry32, whose first outputs for a seed are checked
 * against an independent implementation of the published algorithm (computed apart from this
 * code), and the helpers' contracts: bounds inclusive, every element reachable, permutations.
 */

describe('createRng', () => {
  it('gives mulberry32’s published sequence for a seed, the same each time', () => {
    const expected: Record<number, number[]> = {
      1: [0.6270739405881613, 0.002735721180215478, 0.5274470399599522],
      42: [0.6011037519201636, 0.44829055899754167, 0.8524657934904099],
      4294967295: [0.8964226141106337, 0.189478256739676, 0.7156526781618595],
    };
    for (const [seed, values] of Object.entries(expected)) {
      const rng = createRng(Number(seed));
      expect([rng.next(), rng.next(), rng.next()]).toEqual(values);
    }
    // a seed is taken as 32 bits: −1 is 2³²−1
    expect(createRng(-1).next()).toBe(expected[4294967295]![0]);
  });

  it('int(min, max) reaches both bounds and nothing outside', () => {
    const rng = createRng(7);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const v = rng.int(-2, 3);
      expect(Number.isInteger(v)).toBe(true);
      seen.add(v);
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([-2, -1, 0, 1, 2, 3]);
    expect(createRng(3).int(5, 5)).toBe(5);
  });

  it('pick reaches every element and refuses an empty list', () => {
    const rng = createRng(11);
    const items = ['الف', 'ب', 'پ', 'ت'];
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) seen.add(rng.pick(items));
    expect([...seen].sort()).toEqual([...items].sort());
    expect(() => rng.pick([])).toThrow('pick from an empty list');
  });

  it('chance(p) is never true at 0, always at 1, and about p between', () => {
    const rng = createRng(5);
    let hits = 0;
    for (let i = 0; i < 1000; i++) {
      expect(rng.chance(0)).toBe(false);
      expect(rng.chance(1)).toBe(true);
      if (rng.chance(0.25)) hits++;
    }
    expect(hits).toBeGreaterThan(180);
    expect(hits).toBeLessThan(320);
  });

  it('digits(n) gives n decimal digits, every digit reachable, leading zeros kept', () => {
    const rng = createRng(9);
    expect(rng.digits(0)).toBe('');
    const all = Array.from({ length: 200 }, () => rng.digits(10));
    for (const d of all) expect(d).toMatch(/^[0-9]{10}$/);
    expect(new Set(all.join('')).size).toBe(10);
    expect(all.some((d) => d.startsWith('0'))).toBe(true);
  });

  it('shuffle gives a new permutation and leaves its input alone; every order is reachable', () => {
    const rng = createRng(13);
    const items = [1, 2, 3] as const;
    const orders = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const out = rng.shuffle(items);
      expect(out).not.toBe(items);
      expect([...out].sort()).toEqual([1, 2, 3]);
      orders.add(out.join(''));
    }
    expect(items).toEqual([1, 2, 3]);
    expect(orders.size).toBe(6);
    expect(rng.shuffle([])).toEqual([]);
  });

  it('sample(k) gives k distinct items, all of them when k is larger, none when k < 1', () => {
    const rng = createRng(17);
    const items = ['a', 'b', 'c', 'd', 'e'];
    const two = rng.sample(items, 2);
    expect(two).toHaveLength(2);
    expect(new Set(two).size).toBe(2);
    for (const x of two) expect(items).toContain(x);
    expect([...rng.sample(items, 9)].sort()).toEqual(items);
    expect(rng.sample(items, 0)).toEqual([]);
    expect(rng.sample(items, -3)).toEqual([]);
  });
});
