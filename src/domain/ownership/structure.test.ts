import { describe, expect, it } from 'vitest';
import { type DatedHolding, holdingsOn } from './as-of.ts';
import {
  applyStructureChange,
  controllerId,
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

describe('the rules of a structure change', () => {
  const SELF = 'شرکت سهام خود را نگه نمی‌دارد';
  const messages = (rows: DatedHolding[], ops: StructureOperation[]) =>
    refused(rows, ops).map((e) => e.message);

  it('refuses a company that is not a legal person, and a holder that is not a person', () => {
    const NODES = 'شرکت باید شخص حقوقی و سهامدار شخص حقیقی یا حقوقی باشد';
    for (const op of [
      { kind: 'add', company: 'L2', holder: 'T5a', share: 0.1 },
      { kind: 'add', company: 'L2', holder: 'aT5', share: 0.1 },
      { kind: 'remove', company: 'L2', holder: 'X1' },
      { kind: 'transfer', company: 'L2', from: 'L1', to: 'P9', share: 0.1 },
      { kind: 'transfer', company: 'T1', from: 'L1', to: 'L9', share: 0.1 },
      { kind: 'merge', absorbed: 'T1', into: 'L2', ratio: 0.5 },
    ] as StructureOperation[])
      expect(messages(base, [op])).toEqual([NODES]);
  });

  it('refuses a share or a merger ratio outside (0, 100%]', () => {
    const SHARE = 'سهم باید میان صفر و ۱۰۰٪ باشد';
    for (const share of [0, -0.1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(messages(base, [{ kind: 'divest', company: 'L2', holder: 'L1', share }])).toEqual([SHARE]);
    expect(messages(base, [{ kind: 'merge', absorbed: 'L2', into: 'L3', ratio: 0 }])).toEqual([
      'نسبت ادغام باید میان صفر و ۱۰۰٪ باشد',
    ]);
    // the whole of a holding is within the bounds
    expect(
      on(
        applied([row('T1', 'L2', 1)], [{ kind: 'transfer', company: 'L2', from: 'T1', to: 'T2', share: 1 }]),
      ),
    ).toEqual(['T2→L2 1']);
  });

  it('refuses a company holding its own shares, and one holder on both sides', () => {
    expect(messages(base, [{ kind: 'transfer', company: 'L2', from: 'L1', to: 'L2', share: 0.1 }])).toEqual([
      SELF,
    ]);
    expect(
      messages(
        [...base, row('L2', 'L2', 0.1)],
        [{ kind: 'transfer', company: 'L2', from: 'L2', to: 'T1', share: 0.1 }],
      ),
    ).toEqual([SELF]);
    expect(messages(base, [{ kind: 'add', company: 'L2', holder: 'L2', share: 0.1 }])).toEqual([SELF]);
    expect(messages(base, [{ kind: 'transfer', company: 'L2', from: 'T1', to: 'T1', share: 0.1 }])).toEqual([
      'واگذارنده و گیرنده یکی است',
    ]);
  });

  it('refuses to add to a holding of unknown share, by a transfer or an addition', () => {
    const rows = [...base, row('T3', 'L3', null)];
    const unknown = 'سهم کنونی «T3» از «L3» نامعلوم است؛ نمی‌توان به آن افزود';
    expect(messages(rows, [{ kind: 'transfer', company: 'L3', from: 'T2', to: 'T3', share: 0.1 }])).toEqual([
      unknown,
    ]);
    expect(messages(rows, [{ kind: 'add', company: 'L3', holder: 'T3', share: 0.01 }])).toEqual([unknown]);
    expect(
      messages([row('T3', 'L3', null)], [{ kind: 'add', company: 'L3', holder: 'T3', share: 0.1 }]),
    ).toEqual([unknown]);
    // two rows of one holder, one of unknown share, make a holding of unknown share, in either order
    for (const rows2 of [
      [row('T1', 'L2', 0.3), row('T1', 'L2', null)],
      [row('T1', 'L2', null), row('T1', 'L2', 0.3)],
    ])
      expect(messages(rows2, [{ kind: 'divest', company: 'L2', holder: 'T1', share: 0.1 }])).toEqual([
        'سهم «T1» از «L2» نامعلوم است؛ بخشی از آن جابه‌جا نمی‌شود',
      ]);
  });

  it('counts only the rows valid on the effective date', () => {
    // T1's 60% ended in 2020: 50% more can be added, and the ended row is not ended again
    const rows = [row('T1', 'L2', 0.6, '2010-01-01', '2020-12-31'), row('T2', 'L2', 0.4)];
    const r = applied(rows, [{ kind: 'add', company: 'L2', holder: 'T5', share: 0.5 }]);
    expect(r.ended).toEqual([]);
    expect(r.holdings).toEqual([
      row('T1', 'L2', 0.6, '2010-01-01', '2020-12-31'),
      row('T2', 'L2', 0.4),
      row('T5', 'L2', 0.5, DAY, null),
    ]);
    expect(messages(rows, [{ kind: 'remove', company: 'L2', holder: 'T1' }])).toEqual([
      '«T1» سهمی از «L2» ندارد',
    ]);
  });

  it('refuses an operation after which a company is held more than 100%, as data already over-held', () => {
    const rows = [row('T7', 'L9', 0.8), row('T8', 'L9', 0.7)];
    expect(refused(rows, [{ kind: 'transfer', company: 'L9', from: 'T7', to: 'T8', share: 0.1 }])).toEqual([
      { index: 0, message: 'جمع سهم‌های معلوم «L9» پس از این عملیات ۱۵۰٪ می‌شود؛ بیش از ۱۰۰٪' },
    ]);
    // removing a holder brings it within 100%
    expect(on(applied(rows, [{ kind: 'remove', company: 'L9', holder: 'T7' }]))).toEqual(['T8→L9 0.7']);
  });

  it('lists each touched company once, in order of first appearance', () => {
    const r = applied(base, [
      { kind: 'divest', company: 'L3', holder: 'T2', share: 0.1 },
      { kind: 'divest', company: 'L2', holder: 'T1', share: 0.1 },
      { kind: 'divest', company: 'L3', holder: 'T2', share: 0.1 },
    ]);
    expect(r.touched).toEqual(['L3', 'L2']);
  });

  it('ends the rows in input order, and returns every row with the added ones after', () => {
    // T1's two rows (share classes) are 0 and 2; T2's is 1
    const rows = [row('T1', 'L2', 0.3), row('T2', 'L2', 0.4), row('T1', 'L2', 0.2)];
    const r = applied(rows, [{ kind: 'transfer', company: 'L2', from: 'T1', to: 'T2', share: 0.1 }]);
    expect(r.ended).toEqual([0, 1, 2]);
    const END = '2025-03-20';
    expect(r.holdings).toEqual([
      row('T1', 'L2', 0.3, null, END),
      row('T2', 'L2', 0.4, null, END),
      row('T1', 'L2', 0.2, null, END),
      row('T1', 'L2', 0.4, DAY, null),
      row('T2', 'L2', 0.5, DAY, null),
    ]);
  });

  it('merges a company that holds several others, or only holds', () => {
    // X (L10) holds 30% of L12 and 40% of L13, and nobody holds X: its holdings pass to Y (L11)
    const rows = [
      row('L10', 'L12', 0.3),
      row('L10', 'L13', 0.4),
      row('L11', 'L13', 0.1),
      row('T1', 'L11', 1),
    ];
    const r = applied(rows, [{ kind: 'merge', absorbed: 'L10', into: 'L11', ratio: 0.2 }]);
    expect(on(r)).toEqual(['L11→L12 0.3', 'L11→L13 0.5', 'T1→L11 0.8']);
  });

  it('refuses to merge a company left with neither holders nor holdings by the operations before', () => {
    const nothing = 'نه سهامداری دارد و نه سهمی از شرکتی';
    const held = [row('T1', 'L10', 1), row('T2', 'L11', 1)];
    const [e] = refused(held, [
      { kind: 'remove', company: 'L10', holder: 'T1' },
      { kind: 'merge', absorbed: 'L10', into: 'L11', ratio: 0.5 },
    ]);
    expect(e).toMatchObject({ index: 1 });
    expect(e!.message).toContain(nothing);
    const holding = [row('L10', 'L12', 0.5), row('T2', 'L11', 1)];
    expect(
      refused(holding, [
        { kind: 'remove', company: 'L12', holder: 'L10' },
        { kind: 'merge', absorbed: 'L10', into: 'L11', ratio: 0.5 },
      ])[0]!.message,
    ).toContain(nothing);
  });

  it('merges holdings of unknown share into holdings of unknown share', () => {
    // T3 holds an unknown part of X (L10), T4 an unknown part of Y (L11), T5 two rows of Y, one unknown
    const rows = [
      row('T1', 'L10', 0.5),
      row('T3', 'L10', null),
      row('T2', 'L11', 0.5),
      row('T4', 'L11', null),
      row('T5', 'L11', null),
      row('T5', 'L11', 0.1),
    ];
    const r = applied(rows, [{ kind: 'merge', absorbed: 'L10', into: 'L11', ratio: 0.5 }]);
    expect(on(r)).toEqual([
      'T1→L11 0.25',
      'T2→L11 0.25',
      'T3→L11 null',
      'T4→L11 null',
      'T5→L11 0.1',
      'T5→L11 null',
    ]);
    // T4's and T5's holdings stay unknown: their rows are left as they are
    expect(r.ended).toEqual([0, 1, 2]);
  });

  it("cancels the holdings between the merging companies, and the absorbed company's own shares", () => {
    // X (L10) holds 20% of Y (L11) and 10% of itself
    const rows = [
      row('L10', 'L11', 0.2),
      row('T2', 'L11', 0.8),
      row('L10', 'L10', 0.1),
      row('T1', 'L10', 0.9),
    ];
    const r = applied(rows, [{ kind: 'merge', absorbed: 'L10', into: 'L11', ratio: 0.5 }]);
    expect(on(r)).toEqual(['T1→L11 0.45', 'T2→L11 0.4']);
    // its own shares are cancelled also when it holds nothing of Y
    const own = [row('L10', 'L10', 0.1), row('T1', 'L10', 0.9), row('T2', 'L11', 1)];
    expect(on(applied(own, [{ kind: 'merge', absorbed: 'L10', into: 'L11', ratio: 0.5 }]))).toEqual([
      'T1→L11 0.45',
      'T2→L11 0.5',
    ]);
  });

  it('leaves a holding of two rows that ends where it was, through the rounding of stored shares', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; the holding is 0.3 after the round trip
    const rows = [row('T1', 'L2', 0.1), row('T1', 'L2', 0.2), row('T2', 'L2', 0.5)];
    const r = applied(rows, [
      { kind: 'transfer', company: 'L2', from: 'T1', to: 'T2', share: 0.1 },
      { kind: 'transfer', company: 'L2', from: 'T2', to: 'T1', share: 0.1 },
    ]);
    expect([r.ended, r.added]).toEqual([[], []]);
  });

  it('names the cycle it would make, refusing the last operation touching it, and not one already there', () => {
    const rows = [row('L2', 'L3', 1), row('T1', 'L2', 1)];
    const errors = refused(rows, [
      { kind: 'transfer', company: 'L2', from: 'T1', to: 'L3', share: 1 },
      { kind: 'transfer', company: 'L3', from: 'L2', to: 'T5', share: 0.5 },
      { kind: 'transfer', company: 'L3', from: 'T5', to: 'L2', share: 0.5 },
      { kind: 'add', company: 'L8', holder: 'T1', share: 0.5 },
    ]);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.index).toBe(2);
    expect(errors[0]!.message).toBe(
      'این تغییر چرخه‌ای از سهامداری می‌سازد که هر شرکت آن را صد درصد از درون چرخه نگه می‌دارد: «L2» ← «L3»',
    );
    // a cycle already in the data is not the change's
    const cyclic = [row('L5', 'L6', 1), row('L6', 'L5', 1), ...base];
    expect(applied(cyclic, [{ kind: 'divest', company: 'L2', holder: 'L1', share: 0.1 }]).ended).toEqual([2]);
    // a refused operation: the cycle is not looked for
    expect(
      refused(rows, [
        { kind: 'transfer', company: 'L2', from: 'T1', to: 'L3', share: 1 },
        { kind: 'remove', company: 'L3', holder: 'T9' },
      ]).map((e) => e.index),
    ).toEqual([1]);
  });

  it('finds the cycle past a share out of range and an over-held company elsewhere in the data', () => {
    const rows = [
      row('L2', 'L3', 1),
      row('T1', 'L2', 1),
      row('T7', 'L9', 1.5),
      row('T8', 'L9', 0.2),
      row('T7', 'L8', 0.8),
      row('T8', 'L8', 0.7),
    ];
    expect(
      refused(rows, [{ kind: 'transfer', company: 'L2', from: 'T1', to: 'L3', share: 1 }])[0]!.message,
    ).toMatch(/چرخه/);
  });

  it('sets aside only the links a share out of range names, also on the companies of the cycle', () => {
    // L2 holds 200% of L5 and L7 -50% of L3: those two links are unknown, not L2's or L3's others
    const rows = [row('L2', 'L3', 1), row('T1', 'L2', 1), row('L2', 'L5', 2), row('L7', 'L3', -0.5)];
    expect(
      refused(rows, [{ kind: 'transfer', company: 'L2', from: 'T1', to: 'L3', share: 1 }])[0]!.message,
    ).toMatch(/چرخه/);
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

  it('orders the unchanged companies: those the operations name first, then by key', () => {
    // L2 changes (and L3 below it); L4 and L5 are named but unchanged; L10, below L5, is neither
    const rows = [...base, row('T3', 'L4', 1), row('T4', 'L5', 1), row('L5', 'L10', 0.5)];
    const r = applied(rows, [{ kind: 'divest', company: 'L2', holder: 'L1', share: 0.1 }]);
    const preview = previewStructureChange(
      holdingsOn(rows, DAY),
      holdingsOn(r.holdings, DAY),
      ['L1'],
      [
        'L2',
        'L5',
        'L4',
        // a person named among them is not a company to preview
        'T1',
      ],
    );
    expect(preview.map((p) => [p.company, p.touched, p.changed])).toEqual([
      ['L2', true, true],
      ['L3', false, true],
      ['L4', true, false],
      ['L5', true, false],
      ['L10', false, false],
    ]);
    expect(preview[2]).toMatchObject({ shareChange: 0, classChanged: false, controllerChanged: false });
  });

  it('shows a company with no holders, a state entity, and a company held round a cycle', () => {
    // L0 (a state entity) holds all of L1, another; L2 and L3 hold parts of each other
    const before = [
      { holder: 'L0', company: 'L1', share: 1 },
      { holder: 'L1', company: 'L2', share: 0.6 },
      { holder: 'L2', company: 'L3', share: 0.5 },
      { holder: 'L3', company: 'L2', share: 0.1 },
    ];
    const after = before.filter((h) => h.holder !== 'L1');
    const preview = previewStructureChange(before, after, ['L0', 'L1'], ['L1', 'L2', 'L77']);
    const by = new Map(preview.map((p) => [p.company, p]));
    expect(by.get('L1')).toMatchObject({
      before: { share: null, class: 'state', controlled: false },
      after: { share: null, class: 'state', controlled: false },
      shareChange: null,
      classChanged: false,
      changed: false,
    });
    // L77 is in neither graph: private, no holder, unchanged
    expect(by.get('L77')).toMatchObject({
      before: { share: 0, class: 'private', controlled: false, controller: { kind: 'none', largest: [] } },
      changed: false,
      holders: [],
    });
    expect(by.get('L2')!.shareChange).toBeCloseTo(-0.6 / (1 - 0.05), 12);
    expect(by.get('L3')!.changed).toBe(true);
    expect(preview.map((p) => p.company)).toEqual(['L2', 'L3', 'L1', 'L77']);
  });

  it('lists the largest holders on either side, unknown figures last', () => {
    // T2 passes most of its 30% to T1; T4's share is unknown
    const before = [
      { holder: 'T1', company: 'L2', share: 0.1 },
      { holder: 'T2', company: 'L2', share: 0.3 },
      // T5 before T3: equal figures are ordered by key, not by the input
      { holder: 'T5', company: 'L2', share: 0.2 },
      { holder: 'T3', company: 'L2', share: 0.2 },
      { holder: 'T4', company: 'L2', share: null },
    ];
    const after = [
      { holder: 'T1', company: 'L2', share: 0.35 },
      { holder: 'T2', company: 'L2', share: 0.05 },
      ...before.slice(2),
    ];
    const [all] = previewStructureChange(before, after, [], ['L2']);
    expect(all!.holders).toEqual([
      { holder: 'T1', before: 0.1, after: 0.35 },
      { holder: 'T2', before: 0.3, after: 0.05 },
      { holder: 'T3', before: 0.2, after: 0.2 },
      { holder: 'T5', before: 0.2, after: 0.2 },
      { holder: 'T4', before: null, after: null },
    ]);
    // the two largest of each side: T2 and T3 before (T3 before T5 by key), T1 and T3 after
    const [two] = previewStructureChange(before, after, [], ['L2'], { top: 2 });
    expect(two!.holders.map((h) => h.holder)).toEqual(['T1', 'T2', 'T3']);
    // a holder only on one side has 0 on the other
    const [gone] = previewStructureChange(before, [after[0]!, ...after.slice(2)], [], ['L2'], { top: 1 });
    expect(gone!.holders).toEqual([
      { holder: 'T1', before: 0.1, after: 0.35 },
      { holder: 'T2', before: 0.3, after: 0 },
    ]);
  });

  it('refuses data with errors unless given a builder that sets them aside', () => {
    const over = [
      { holder: 'T1', company: 'L2', share: 0.8 },
      { holder: 'T2', company: 'L2', share: 0.7 },
    ];
    expect(() => previewStructureChange(over, over, [], ['L2'])).toThrow(/L2 is held 150% in total/);
    const twice = [...over, ...over.map((h) => ({ ...h, company: 'L3' }))];
    expect(() => previewStructureChange(twice, twice, [], ['L2'])).toThrow(/L2 is held .*; L3 is held/);
  });

  it("has no change of share where the state's share is not computable on one side", () => {
    // the state (L1) holds an unknown part of L2; after, 30%
    const before = [{ holder: 'L1', company: 'L2', share: null }];
    const after = [{ holder: 'L1', company: 'L2', share: 0.3 }];
    const [p] = previewStructureChange(before, after, ['L1'], ['L2']);
    expect(p).toMatchObject({
      before: { share: null },
      after: { share: 0.3 },
      shareChange: null,
      changed: true,
    });
    const [q] = previewStructureChange(after, before, ['L1'], ['L2']);
    expect(q).toMatchObject({ before: { share: 0.3 }, after: { share: null }, shareChange: null });
  });

  it('describes a controller, a tie and no controller for comparison', () => {
    expect(
      controllerId({
        kind: 'controller',
        controller: 'T1',
        share: 0.6,
        path: ['T1', 'L2'],
        unknownLinks: [],
      }),
    ).toBe('T1');
    expect(
      controllerId({
        kind: 'tie',
        candidates: [
          { holder: 'T2', share: 0.5 },
          { holder: 'T1', share: 0.5 },
        ],
        circular: false,
        unknownLinks: [],
      }),
    ).toBe('tie:T1,T2');
    expect(controllerId({ kind: 'none', largest: [], unknownLinks: [] })).toBe('none');
  });
});
