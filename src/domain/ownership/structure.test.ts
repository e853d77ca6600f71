import { describe, expect, it } from 'vitest';
import { type DatedHolding, holdingsOn } from './as-of.ts';
import {
  applyStructureChange,
  dayBefore,
  previewStructureChange,
  type StructureChange,
  type StructureOperation,
} from './structure.ts';

const row = (
  holder: string,
  company: string,
  share: number | null,
  validFrom: string | null = null,
  validTo: string | null = null,
): DatedHolding => ({ holder, company, share, validFrom, validTo });

const DAY = '2025-03-21';

function applied(rows: DatedHolding[], ops: StructureOperation[], day = DAY) {
  const r = applyStructureChange(rows, ops, day);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r;
}
/** The holdings valid on `day` after the change, as `holder→company share` lines, sorted. */
const on = (r: Extract<StructureChange, { ok: true }>, day = DAY) =>
  holdingsOn(r.holdings, day)
    .map((h) => `${h.holder}→${h.company} ${h.share}`)
    .sort();
const refused = (rows: DatedHolding[], ops: StructureOperation[]) => {
  const r = applyStructureChange(rows, ops, DAY);
  if (r.ok) throw new Error('applied');
  return r.errors;
};

// S (a state entity) 60% of A, P 40% of A; A 70% of B, Q 30% of B
const base = [row('L1', 'L2', 0.6), row('T1', 'L2', 0.4), row('L2', 'L3', 0.7), row('T2', 'L3', 0.3)];

describe('applying a structure change', () => {
  it('transfers part of a holding: the old rows end the day before, the new start on the day', () => {
    const r = applied(base, [{ kind: 'transfer', company: 'L2', from: 'L1', to: 'T1', share: 0.2 }]);
    expect(r.endOn).toBe('2025-03-20');
    expect(r.ended).toEqual([0, 1]);
    expect(r.superseded).toEqual([]);
    expect(r.added).toEqual([
      { holder: 'L1', company: 'L2', share: 0.4, validFrom: DAY, validTo: null, continues: [0] },
      { holder: 'T1', company: 'L2', share: 0.6, validFrom: DAY, validTo: null, continues: [1] },
    ]);
    expect(on(r)).toEqual(['L1→L2 0.4', 'L2→L3 0.7', 'T1→L2 0.6', 'T2→L3 0.3']);
    // the day before, the old figures
    expect(on(r, '2025-03-20')).toEqual(['L1→L2 0.6', 'L2→L3 0.7', 'T1→L2 0.4', 'T2→L3 0.3']);
    expect(r.touched).toEqual(['L2']);
  });

  it('transfers a whole holding to a new holder, and ends the old row without a new one', () => {
    const r = applied(base, [{ kind: 'transfer', company: 'L3', from: 'T2', to: 'T9', share: 0.3 }]);
    expect(r.ended).toEqual([3]);
    expect(r.added.map((a) => [a.holder, a.share, a.continues])).toEqual([['T9', 0.3, []]]);
  });

  it('refuses a transfer of more than the holder has, naming the figures', () => {
    const [e] = refused(base, [
      { kind: 'remove', company: 'L3', holder: 'T2' },
      { kind: 'transfer', company: 'L2', from: 'T1', to: 'L1', share: 0.5 },
    ]);
    expect(e).toEqual({ index: 1, message: '«T1» تنها ۴۰٪ از «L2» دارد؛ ۵۰٪ از آن جابه‌جا نمی‌شود' });
    expect(
      refused(base, [{ kind: 'transfer', company: 'L2', from: 'T7', to: 'L1', share: 0.1 }])[0]!.message,
    ).toBe('«T7» سهمی از «L2» ندارد');
    expect(
      refused(base, [{ kind: 'transfer', company: 'L2', from: 'T1', to: 'T1', share: 0.1 }]),
    ).toHaveLength(1);
  });

  it('adds a holder within 100%, and refuses one that would exceed it', () => {
    const rows = [row('L1', 'L2', 0.6), row('T1', 'L2', 0.3)];
    const r = applied(rows, [{ kind: 'add', company: 'L2', holder: 'T5', share: 0.1 }]);
    expect(r.ended).toEqual([]);
    expect(on(r)).toEqual(['L1→L2 0.6', 'T1→L2 0.3', 'T5→L2 0.1']);
    const [e] = refused(rows, [{ kind: 'add', company: 'L2', holder: 'T5', share: 0.15 }]);
    expect(e!.message).toBe('جمع سهم‌های معلوم «L2» با این افزودن ۱۰۵٪ می‌شود؛ بیش از ۱۰۰٪');
    // a holding of unknown share does not count in the sum
    expect(
      applyStructureChange(
        [...rows, row('T3', 'L2', null)],
        [{ kind: 'add', company: 'L2', holder: 'T5', share: 0.1 }],
        DAY,
      ).ok,
    ).toBe(true);
  });

  it('adds to an existing holding: its rows (two share classes) become one', () => {
    const rows = [row('L1', 'L2', 0.3), row('L1', 'L2', 0.2), row('T1', 'L2', 0.4)];
    const r = applied(rows, [{ kind: 'add', company: 'L2', holder: 'L1', share: 0.1 }]);
    expect(r.ended).toEqual([0, 1]);
    expect(r.added).toEqual([
      { holder: 'L1', company: 'L2', share: 0.6, validFrom: DAY, validTo: null, continues: [0, 1] },
    ]);
  });

  it('removes a holder, also one of unknown share; refuses one that holds nothing', () => {
    const r = applied([...base, row('T3', 'L3', null)], [{ kind: 'remove', company: 'L3', holder: 'T3' }]);
    expect(r.ended).toEqual([4]);
    expect(r.added).toEqual([]);
    expect(refused(base, [{ kind: 'remove', company: 'L3', holder: 'T1' }])[0]!.message).toBe(
      '«T1» سهمی از «L3» ندارد',
    );
  });

  it('divests to the free float: the holding shrinks and nobody gains', () => {
    const r = applied(base, [{ kind: 'divest', company: 'L2', holder: 'L1', share: 0.25 }]);
    expect(on(r)).toEqual(['L1→L2 0.35', 'L2→L3 0.7', 'T1→L2 0.4', 'T2→L3 0.3']);
    expect(refused(base, [{ kind: 'divest', company: 'L2', holder: 'L1', share: 0.7 }])).toHaveLength(1);
    // a holding of unknown share cannot be divested in part
    expect(
      refused([row('T3', 'L2', null)], [{ kind: 'divest', company: 'L2', holder: 'T3', share: 0.1 }])[0]!
        .message,
    ).toBe('سهم «T3» از «L2» نامعلوم است؛ بخشی از آن جابه‌جا نمی‌شود');
  });

  it('merges: the absorbed holders get ratio of the merged company, its holdings pass on', () => {
    // S 100% of X; P 100% of Y; X 50% of C, Y 20% of C; X is merged into Y, worth 25% of the merged Y
    const rows = [row('L1', 'L10', 1), row('T1', 'L11', 1), row('L10', 'L12', 0.5), row('L11', 'L12', 0.2)];
    const r = applied(rows, [{ kind: 'merge', absorbed: 'L10', into: 'L11', ratio: 0.25 }]);
    expect(on(r)).toEqual(['L11→L12 0.7', 'L1→L11 0.25', 'T1→L11 0.75']);
    expect(r.touched).toEqual(['L10', 'L11']);
    // a holding of one merging company in the other is cancelled
    const cross = applied(
      [row('T1', 'L10', 0.6), row('L11', 'L10', 0.4), row('T2', 'L11', 1)],
      [{ kind: 'merge', absorbed: 'L10', into: 'L11', ratio: 0.5 }],
    );
    expect(on(cross)).toEqual(['T1→L11 0.3', 'T2→L11 0.5']);
    expect(refused(rows, [{ kind: 'merge', absorbed: 'L99', into: 'L11', ratio: 0.5 }])).toHaveLength(1);
    expect(refused(rows, [{ kind: 'merge', absorbed: 'L10', into: 'L10', ratio: 0.5 }])).toHaveLength(1);
  });

  it('applies operations in order, each on what the ones before left', () => {
    const r = applied(base, [
      { kind: 'transfer', company: 'L2', from: 'L1', to: 'T4', share: 0.6 },
      { kind: 'divest', company: 'L2', holder: 'T4', share: 0.1 },
    ]);
    expect(on(r)).toEqual(['L2→L3 0.7', 'T1→L2 0.4', 'T2→L3 0.3', 'T4→L2 0.5']);
  });

  it('is all or nothing: every refused operation is named, and nothing is returned to write', () => {
    const r = applyStructureChange(
      base,
      [
        { kind: 'divest', company: 'L2', holder: 'L1', share: 0.1 },
        { kind: 'remove', company: 'L3', holder: 'T8' },
        { kind: 'add', company: 'L3', holder: 'T8', share: 0.5 },
      ],
      DAY,
      (k) => ({ L3: 'شرکت ب', T8: 'هوشنگ' })[k] ?? k,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.index)).toEqual([1, 2]);
    expect(r.errors[0]!.message).toBe('«هوشنگ» سهمی از «شرکت ب» ندارد');
  });

  it('leaves a holding that ends where it was, and supersedes a row that starts on the day', () => {
    const rows = [row('L1', 'L2', 0.5, DAY), row('T1', 'L2', 0.5, '2020-01-01')];
    const back = applied(rows, [
      { kind: 'transfer', company: 'L2', from: 'L1', to: 'T1', share: 0.1 },
      { kind: 'transfer', company: 'L2', from: 'T1', to: 'L1', share: 0.1 },
    ]);
    expect([back.ended, back.added]).toEqual([[], []]);
    const r = applied(rows, [{ kind: 'transfer', company: 'L2', from: 'L1', to: 'T1', share: 0.1 }]);
    expect(r.superseded).toEqual([0]);
    expect(r.holdings.filter((h) => h.holder === 'L1').map((h) => [h.share, h.validFrom, h.validTo])).toEqual(
      [[0.4, DAY, null]],
    );
  });

  it('refuses a change before a holding recorded later, and a divergent cycle it would make', () => {
    const later = [...base, row('T5', 'L3', 0.05, '2026-01-01')];
    expect(refused(later, [{ kind: 'divest', company: 'L3', holder: 'T2', share: 0.1 }])[0]!.message).toMatch(
      /پس از تاریخ اجرا/,
    );
    // A holds 100% of B; B buys all of A: each held 100% from inside the cycle
    const rows = [row('L2', 'L3', 1), row('T1', 'L2', 1)];
    const [e] = refused(rows, [{ kind: 'transfer', company: 'L2', from: 'T1', to: 'L3', share: 1 }]);
    expect(e!.index).toBe(0);
    expect(e!.message).toMatch(/چرخه/);
    // still found when another company of the portfolio is over-held (a data error set aside)
    const messy = [...rows, row('T7', 'L9', 0.8), row('T8', 'L9', 0.7)];
    expect(
      refused(messy, [{ kind: 'transfer', company: 'L2', from: 'T1', to: 'L3', share: 1 }])[0]!.message,
    ).toMatch(/چرخه/);
  });

  it('rounds shares to the stored precision and counts days across months', () => {
    const r = applied([row('T1', 'L2', 0.3)], [{ kind: 'divest', company: 'L2', holder: 'T1', share: 0.1 }]);
    expect(r.added[0]!.share).toBe(0.2);
    expect(dayBefore('2024-03-01')).toBe('2024-02-29');
    expect(dayBefore('2025-01-01')).toBe('2024-12-31');
  });
});

describe('previewing a structure change', () => {
  it('shows the state share, class and controller of the touched company and those downstream', () => {
    // before: the state (L1) holds 60% of A (L2): A is state-owned, controlled by L1; A holds 70%
    // of B (L3): B's state share 0.6·0.7 = 42%, affiliated (and controlled through A).
    // L1 transfers 20% of A to P (T1): L1 40%, P 60%. A: 40%, affiliated, controlled by P;
    // B: 0.4·0.7 = 28%, affiliated, its ultimate controller P through A.
    const r = applied(base, [{ kind: 'transfer', company: 'L2', from: 'L1', to: 'T1', share: 0.2 }]);
    const preview = previewStructureChange(
      holdingsOn(base, DAY),
      holdingsOn(r.holdings, DAY),
      ['L1'],
      r.touched,
    );
    expect(preview.map((p) => p.company)).toEqual(['L2', 'L3']);
    const [a, b] = preview;
    expect(a).toMatchObject({
      touched: true,
      changed: true,
      classChanged: true,
      controllerChanged: true,
      before: {
        share: 0.6,
        class: 'state-owned',
        controlled: true,
        controller: { kind: 'controller', controller: 'L1' },
      },
      after: {
        class: 'state-affiliated',
        controlled: false,
        controller: { kind: 'controller', controller: 'T1' },
      },
    });
    expect(a!.after.share).toBeCloseTo(0.4, 15);
    expect(a!.shareChange).toBeCloseTo(-0.2, 15);
    expect(a!.holders).toEqual([
      { holder: 'L1', before: 0.6, after: 0.4 },
      { holder: 'T1', before: 0.4, after: 0.6 },
    ]);
    expect(b).toMatchObject({
      touched: false,
      changed: true,
      classChanged: false,
      controllerChanged: true,
      before: { class: 'state-affiliated', controlled: true, controller: { controller: 'L1' } },
      after: { class: 'state-affiliated', controlled: false, controller: { controller: 'T1' } },
    });
    expect(b!.before.share).toBeCloseTo(0.42, 15);
    expect(b!.after.share).toBeCloseTo(0.28, 15);
    const figures = new Map(b!.holders.map((h) => [h.holder, [h.before, h.after]]));
    expect(figures.get('L2')).toEqual([0.7, 0.7]);
    expect(figures.get('T1')![0]).toBeCloseTo(0.28, 15);
    expect(figures.get('T1')![1]).toBeCloseTo(0.42, 15);
    expect(b!.holders[0]!.holder).toBe('L2');
  });

  it('turns a company private when the state divests all of it, and lists unchanged companies last', () => {
    const rows = [...base, row('T3', 'L4', 1)];
    const r = applied(rows, [{ kind: 'remove', company: 'L2', holder: 'L1' }]);
    const preview = previewStructureChange(
      holdingsOn(rows, DAY),
      holdingsOn(r.holdings, DAY),
      ['L1'],
      [...r.touched, 'L4'],
    );
    expect(preview.map((p) => [p.company, p.before.class, p.after.class, p.changed])).toEqual([
      ['L2', 'state-owned', 'private', true],
      ['L3', 'state-affiliated', 'private', true],
      ['L4', 'private', 'private', false],
    ]);
    expect(preview[0]!.after.share).toBe(0);
    expect(preview[0]!.after.controller).toEqual({
      kind: 'none',
      largest: [{ holder: 'T1', share: 0.4 }],
      unknownLinks: [],
    });
  });
});
