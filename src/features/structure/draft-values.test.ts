import { describe, expect, it } from 'vitest';
import type { StructureDraftDetail } from '~/contract/structure.ts';
import {
  blankOperation,
  type DraftValues,
  fingerprint,
  percentOf,
  prepare,
  valuesOf,
} from './draft-values.ts';

const pick = (key: string, name = key) => ({ id: 1, key, name, national_id: null });

describe('the editor values', () => {
  it('turn into the API body: percent (Persian digits) → fraction, Jalali → ISO, only the fields of the kind', () => {
    const v: DraftValues = {
      title: 'انتقال',
      effective_on: '۱۴۰۴/۰۱/۰۱',
      operations: [
        {
          ...blankOperation('transfer'),
          company: pick('L2'),
          from: pick('L1'),
          to: pick('T3'),
          share: '۱۲٫۵',
          holder: pick('T9'),
        },
        { ...blankOperation('merge'), absorbed: pick('L4'), into: pick('L5'), ratio: '25%' },
        { ...blankOperation('remove'), company: pick('L2'), holder: pick('T3'), share: 'ignored' },
      ],
    };
    const r = prepare(v);
    expect(r).toEqual({
      ok: true,
      body: {
        title: 'انتقال',
        effective_on: '2025-03-21',
        operations: [
          { kind: 'transfer', company: 'L2', from: 'L1', to: 'T3', share: 0.125 },
          { kind: 'merge', absorbed: 'L4', into: 'L5', ratio: 0.25 },
          { kind: 'remove', company: 'L2', holder: 'T3' },
        ],
      },
    });
  });

  it('name every missing or wrong field by its path, in Persian', () => {
    const r = prepare({
      title: '',
      effective_on: '۱۴۰۴/۱۳/۰۱',
      operations: [{ ...blankOperation('add'), company: pick('T2'), share: '۱۲۰' }],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(Object.keys(r.errors).sort()).toEqual(
      ['effective_on', 'operations.0.company', 'operations.0.holder', 'operations.0.share', 'title'].sort(),
    );
    expect(r.errors['operations.0.company']![0]).toBe('شرکت باید شخصی حقوقی باشد');
    expect(r.errors['operations.0.holder']![0]).toBe('سهامدار را برگزینید');
  });

  it('read a saved draft back as it was typed', () => {
    const d = {
      title: 'ادغام',
      effective_on: '2025-03-21',
      operations: [
        { kind: 'divest', company: 'L2', holder: 'T3', share: 0.3333 },
        { kind: 'merge', absorbed: 'L4', into: 'L5', ratio: 0.5 },
      ],
      nodes: [
        { key: 'L2', type: 'legal', id: 2, name: 'شرکت ب' },
        { key: 'T3', type: 'true', id: 3, name: 'سارا' },
      ],
    } as unknown as StructureDraftDetail;
    const v = valuesOf(d);
    expect(v.effective_on).toBe('۱۴۰۴/۰۱/۰۱');
    expect(v.operations[0]).toMatchObject({
      kind: 'divest',
      share: '۳۳٫۳۳',
      holder: { key: 'T3', name: 'سارا' },
    });
    expect(v.operations[1]).toMatchObject({ ratio: '۵۰', into: { key: 'L5', name: 'L5' } });
    expect(percentOf(0.125)).toBe('۱۲٫۵');
    const body = prepare(v);
    expect(body.ok && body.body.operations).toEqual(d.operations);
    expect(fingerprint(v)).toBe(fingerprint(valuesOf(d)));
  });
});
