import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { altmanZ } from './altman.ts';
import { BUILTIN_CHART } from './chart.ts';
import { type ParsedFormula, parseFormula } from './formulas.ts';
import {
  DEFAULT_RATING_BANDS,
  DEFAULT_RATING_FORMULAS,
  DEFAULT_RATING_ITEMS,
  DEFAULT_RATING_MEASURES,
  GRADE_EPSILON,
  gradeOf,
  normaliseScore,
  RATING_DIMENSIONS,
  type RatingBand,
  type RatingItem,
  rate,
  ratingValues,
  validateRatingConfig,
} from './rating.ts';
import { ratios } from './ratios.ts';

const item = (
  code: string,
  dimension: RatingItem['dimension'],
  weight: number,
  scale: RatingItem['scale'] = { min: 0, max: 100, higherIsBetter: true },
): RatingItem => ({
  code,
  nameFa: `شاخص ${code}`,
  dimension,
  weight,
  source: { kind: 'measure', code },
  scale,
});

const ITEMS: RatingItem[] = [
  item('g1', 'governance', 3),
  item('t1', 'transparency', 2),
  item('e1', 'economic', 4),
  item('m1', 'managers', 1),
];
const BANDS = DEFAULT_RATING_BANDS;

describe('normaliseScore', () => {
  it('maps linearly to 0–100, clamps, and respects the direction', () => {
    const up = { min: 0, max: 0.1, higherIsBetter: true };
    const down = { min: 1, max: 5, higherIsBetter: false };
    expect(normaliseScore(0.05, up)).toBeCloseTo(50);
    expect(normaliseScore(-1, up)).toBe(0);
    expect(normaliseScore(0.5, up)).toBe(100);
    expect(normaliseScore(1, down)).toBe(100);
    expect(normaliseScore(4, down)).toBeCloseTo(25);
    expect(normaliseScore(9, down)).toBe(0);
    expect(normaliseScore(-3, down)).toBe(100);
  });

  it('is always within 0–100 and monotone in the direction (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
        fc.double({ noNaN: true, min: 1e-3, max: 1e3 }),
        fc.boolean(),
        (a, b, width, higherIsBetter) => {
          const scale = { min: -width, max: width, higherIsBetter };
          const sa = normaliseScore(a, scale);
          const sb = normaliseScore(b, scale);
          expect(sa).toBeGreaterThanOrEqual(0);
          expect(sa).toBeLessThanOrEqual(100);
          if (a <= b) expect(higherIsBetter ? sa <= sb : sa >= sb).toBe(true);
        },
      ),
    );
  });
});

describe('rate', () => {
  it('the weighted mean of all items, with dimensions and a grade', () => {
    const r = rate(ITEMS, { g1: 90, t1: 80, e1: 70, m1: 60 }, BANDS);
    if (!r.ok) throw new Error(r.reason);
    expect(r.score).toBeCloseTo((3 * 90 + 2 * 80 + 4 * 70 + 1 * 60) / 10);
    expect(r.grade).toBe('B'); // 77
    expect(r.labelFa).toBe('خوب');
    expect(r.coverage).toBe(1);
    expect(r.missing).toEqual([]);
    expect(r.byDimension.governance).toEqual({ score: 90, weight: 3, weightCovered: 1 });
    expect(r.byDimension.economic).toEqual({ score: 70, weight: 4, weightCovered: 1 });
  });

  it('renormalises the weights over the computable items', () => {
    const r = rate(ITEMS, { g1: 90, t1: 80, e1: 70, m1: null }, BANDS);
    if (!r.ok) throw new Error(r.reason);
    expect(r.score).toBeCloseTo((3 * 90 + 2 * 80 + 4 * 70) / 9);
    expect(r.coverage).toBeCloseTo(0.9);
    expect(r.missing).toEqual(['m1']);
    expect(r.byDimension.managers).toEqual({ score: null, weight: 1, weightCovered: 0 });
    // the rating is also the covered-weight mean of the dimension scores
    const dims = RATING_DIMENSIONS.map((d) => r.byDimension[d]);
    const num = dims.reduce((s, d) => s + (d.score ?? 0) * d.weight * d.weightCovered, 0);
    const den = dims.reduce((s, d) => s + d.weight * d.weightCovered, 0);
    expect(num / den).toBeCloseTo(r.score);
  });

  it('a dimension half covered', () => {
    const items = [...ITEMS, item('e2', 'economic', 4)];
    const r = rate(items, { g1: 90, t1: 80, e1: 70, m1: 60, e2: undefined }, BANDS);
    expect(r.ok && r.byDimension.economic).toEqual({ score: 70, weight: 8, weightCovered: 0.5 });
  });

  it('raw values are normalised on each item’s scale (lower is better too)', () => {
    const items = [
      item('roa', 'economic', 1, { min: 0, max: 0.1, higherIsBetter: true }),
      item('debt', 'economic', 1, { min: 0.3, max: 1, higherIsBetter: false }),
    ];
    const r = rate(items, { roa: { ok: true, value: 0.05 }, debt: 0.65 }, BANDS);
    if (!r.ok) throw new Error(r.reason);
    expect(r.items[0]!.score).toBeCloseTo(50);
    expect(r.items[1]!.score).toBeCloseTo(50); // 49.999999999999986 in binary
    expect(r.items[1]!.score).toBeLessThan(50);
    expect(r.score).toBeCloseTo(50);
    // graded D all the same: a band's minimum is reached within rounding
    expect(r.grade).toBe('D');
    expect(gradeOf(54.9999999999999, BANDS).grade).toBe('C');
  });

  it('below the minimum coverage: not computable, naming the missing items', () => {
    // 5 of 10 covered < 0.6
    const r = rate(ITEMS, { g1: 90, t1: 80, e1: null }, BANDS);
    expect(r.ok).toBe(false);
    if (r.ok || r.reason !== 'insufficient_coverage') throw new Error('expected insufficient coverage');
    expect(r.missing).toEqual(['e1', 'm1']);
    expect(r.coverage).toBeCloseTo(0.5);
    expect(r.messageFa).toContain('«شاخص e1»');
    expect(r.messageFa).toContain('۵۰٪');
    expect(r).not.toHaveProperty('score');
    // exactly at the minimum is enough (0.3 + 0.3 is not exactly 0.6 in binary)
    const tenths = [item('a', 'economic', 0.3), item('b', 'economic', 0.3), item('c', 'economic', 0.4)];
    expect(rate(tenths, { a: 50, b: 50 }, BANDS).ok).toBe(true);
    // the minimum is configurable
    expect(rate(ITEMS, { g1: 90, t1: 80 }, BANDS, { minCoverage: 0.5 }).ok).toBe(true);
    expect(rate(ITEMS, { g1: 90, t1: 80, e1: 70 }, BANDS, { minCoverage: 0.95 }).ok).toBe(false);
    // nothing computable is never a score, even with a minimum of 0
    expect(rate(ITEMS, {}, BANDS, { minCoverage: 0 }).ok).toBe(false);
  });

  it('keeps why an item was not computable', () => {
    const r = rate(
      ITEMS,
      {
        g1: 90,
        t1: 80,
        e1: 70,
        m1: { ok: false, reason: 'zero_denominator', missing: ['item.revenue'] },
      },
      BANDS,
    );
    expect(r.ok && r.items.find((i) => i.code === 'm1')?.notComputable).toEqual({
      reason: 'zero_denominator',
      missing: ['item.revenue'],
    });
  });

  it('non-finite values and values of unknown codes are not used', () => {
    const r = rate(ITEMS, { g1: Number.NaN, t1: Number.POSITIVE_INFINITY, e1: 70, m1: 60, zz: 1 }, BANDS, {
      minCoverage: 0.5,
    });
    expect(r.ok && r.missing).toEqual(['g1', 't1']);
  });
});

describe('bands', () => {
  it('a score reaching a band’s minimum is in it', () => {
    expect(gradeOf(100, BANDS).grade).toBe('A');
    expect(gradeOf(85, BANDS).grade).toBe('A');
    expect(gradeOf(84.999, BANDS).grade).toBe('B');
    expect(gradeOf(70, BANDS).grade).toBe('B');
    expect(gradeOf(55, BANDS).grade).toBe('C');
    expect(gradeOf(40, BANDS).grade).toBe('D');
    expect(gradeOf(39.9, BANDS).grade).toBe('E');
    expect(gradeOf(0, BANDS).grade).toBe('E');
  });

  it('every score has exactly the band of the first minimum it reaches (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (score) => {
        const band = gradeOf(score, BANDS);
        expect(score + GRADE_EPSILON).toBeGreaterThanOrEqual(band.minScore);
        const i = BANDS.indexOf(band);
        if (i > 0) expect(score + GRADE_EPSILON).toBeLessThan(BANDS[i - 1]!.minScore);
      }),
    );
  });
});

describe('validateRatingConfig', () => {
  const messages = (items: readonly RatingItem[], bands: readonly RatingBand[], minCoverage?: number) => {
    const r = validateRatingConfig(items, bands, { minCoverage });
    return r.ok ? [] : r.errors.map((e) => e.messageFa);
  };

  it('accepts the defaults and the test configuration', () => {
    expect(validateRatingConfig(DEFAULT_RATING_ITEMS, DEFAULT_RATING_BANDS)).toEqual({ ok: true });
    expect(validateRatingConfig(ITEMS, BANDS)).toEqual({ ok: true });
  });

  it('weights must be positive numbers', () => {
    expect(messages([item('a', 'economic', 0)], BANDS)).toEqual([
      'وزن شاخص «شاخص a» باید عددی بزرگ‌تر از صفر باشد.',
    ]);
    expect(messages([item('a', 'economic', -1)], BANDS)).toHaveLength(1);
    expect(messages([item('a', 'economic', Number.NaN)], BANDS)).toHaveLength(1);
  });

  it('items: codes unique, a known dimension, a valid scale, some items', () => {
    expect(messages([item('a', 'economic', 1), item('a', 'economic', 1)], BANDS)).toEqual([
      'کد شاخص تکراری است: a',
    ]);
    expect(messages([item('a', 'finance' as never, 1)], BANDS)[0]).toContain('گروه شاخص');
    expect(
      messages([item('a', 'economic', 1, { min: 1, max: 1, higherIsBetter: true })], BANDS)[0],
    ).toContain('بازهٔ نرمال‌سازی');
    expect(messages([], BANDS)).toEqual(['هیچ شاخصی برای رتبه‌بندی تعریف نشده است.']);
  });

  it('bands strictly descending and covering 0', () => {
    const band = (grade: RatingBand['grade'], minScore: number): RatingBand => ({
      grade,
      labelFa: grade,
      minScore,
    });
    expect(messages(ITEMS, [band('A', 80), band('B', 80), band('C', 0)])[0]).toContain('نزولی');
    expect(messages(ITEMS, [band('A', 50), band('B', 70), band('C', 0)])[0]).toContain('نزولی');
    expect(messages(ITEMS, [band('A', 80), band('B', 10)])).toEqual([
      'کف پایین‌ترین رده باید صفر باشد تا هر امتیازی رده‌ای داشته باشد؛ اکنون ۱۰ است.',
    ]);
    expect(messages(ITEMS, [band('A', 120), band('B', 0)])[0]).toContain('۱۰۰');
    expect(messages(ITEMS, [band('A', 50), band('A', 0)])).toEqual(['ردهٔ A تکراری است.']);
    expect(messages(ITEMS, [])).toContain('هیچ رده‌ای برای رتبه‌بندی تعریف نشده است.');
    expect(messages(ITEMS, BANDS, 1.5)).toHaveLength(1);
  });

  it('rate answers invalid_config rather than a number', () => {
    const r = rate([item('a', 'economic', -1)], { a: 50 }, BANDS);
    expect(r).toMatchObject({ ok: false, reason: 'invalid_config' });
  });
});

describe('defaults', () => {
  const known = {
    items: new Set(BUILTIN_CHART.map((c) => c.code)),
    measures: new Set(DEFAULT_RATING_MEASURES.map((m) => m.code)),
  };
  const formulas = new Map<string, ParsedFormula>(
    DEFAULT_RATING_FORMULAS.map((f) => {
      const r = parseFormula(f.text, known);
      if (!r.ok) throw new Error(`${f.code}: ${r.errors.map((e) => e.messageFa).join(' | ')}`);
      return [f.code, r.formula];
    }),
  );

  it('cover the four dimensions, weights adding up to 100, every source defined', () => {
    expect(new Set(DEFAULT_RATING_ITEMS.map((i) => i.dimension))).toEqual(new Set(RATING_DIMENSIONS));
    expect(DEFAULT_RATING_ITEMS.reduce((s, i) => s + i.weight, 0)).toBe(100);
    for (const i of DEFAULT_RATING_ITEMS) {
      if (i.source.kind === 'formula') expect(formulas.has(i.source.code), i.code).toBe(true);
      else expect(known.measures.has(i.source.code), i.code).toBe(true);
      expect(i.nameFa).not.toBe(i.code);
    }
    expect(DEFAULT_RATING_BANDS.map((b) => b.grade)).toEqual(['A', 'B', 'C', 'D', 'E']);
  });

  it('the formulas agree with ratios.ts and altman.ts (property)', () => {
    const amount = fc.integer({ min: -1e9, max: 1e9 });
    fc.assert(
      fc.property(
        fc.record({
          net_profit: amount,
          revenue: amount,
          total_assets: amount,
          total_equity: amount,
          total_liabilities: amount,
          current_assets: amount,
          current_liabilities: amount,
          retained_earnings: amount,
          operating_profit: amount,
        }),
        (items) => {
          const v = ratingValues(DEFAULT_RATING_ITEMS, formulas, { items, measures: {} });
          const r = ratios(items);
          const same = (a: (typeof v)[string] | undefined, b: typeof r.returnOnAssets) => {
            expect(a?.ok).toBe(b.ok);
            if (a?.ok && b.ok) expect(a.value).toBeCloseTo(b.value, 9);
          };
          same(v.roa, r.returnOnAssets);
          same(v.net_margin, r.netProfitMargin);
          same(v.asset_turnover, r.assetTurnover);
          if (items.total_equity > 0) same(v.roe, r.returnOnEquity);
          else expect(v.roe).toEqual({ ok: true, value: -1 });
          const z = altmanZ('z_double_prime', items);
          expect(v.altman_z_double_prime?.ok).toBe(z.ok);
          if (z.ok && v.altman_z_double_prime?.ok)
            expect(Math.abs(v.altman_z_double_prime.value - z.value.value)).toBeLessThanOrEqual(
              1e-9 * Math.max(1, Math.abs(z.value.value)),
            );
        },
      ),
    );
  });

  it('rate a company end to end from its statement and measures', () => {
    const items = {
      current_assets: 400,
      current_liabilities: 250,
      total_assets: 1000,
      total_liabilities: 550,
      total_equity: 450,
      retained_earnings: 150,
      operating_profit: 120,
      net_profit: 80,
      revenue: 900,
    };
    const measures = {
      board_independence: 0.4,
      audit_committee: 1,
      internal_control_score: 70,
      disclosure_timeliness: 0.9,
      audit_opinion_score: 50,
      public_reporting_score: 60,
      performance_contract_achievement: 0.8,
      budget_deviation: 0.1,
      manager_tenure_score: 75,
    };
    const full = rate(
      DEFAULT_RATING_ITEMS,
      ratingValues(DEFAULT_RATING_ITEMS, formulas, { items, measures }),
      DEFAULT_RATING_BANDS,
    );
    if (!full.ok) throw new Error(full.reason);
    expect(full.coverage).toBe(1);
    expect(full.score).toBeGreaterThan(0);
    expect(full.score).toBeLessThan(100);
    expect(full.grade).toBe(gradeOf(full.score, DEFAULT_RATING_BANDS).grade);
    // ROA 0.08 on 0–0.15
    expect(full.items.find((i) => i.code === 'roa')?.score).toBeCloseTo((0.08 / 0.15) * 100);
    // debt ratio 0.55 on 0.3–1, lower is better
    expect(full.items.find((i) => i.code === 'leverage')?.score).toBeCloseTo(((1 - 0.55) / 0.7) * 100);

    // without the measures only economic strength (35 of 100) is known: not computable
    const statementOnly = rate(
      DEFAULT_RATING_ITEMS,
      ratingValues(DEFAULT_RATING_ITEMS, formulas, { items, measures: {} }),
      DEFAULT_RATING_BANDS,
    );
    expect(statementOnly).toMatchObject({ ok: false, reason: 'insufficient_coverage', coverage: 0.35 });
    if (!statementOnly.ok && statementOnly.reason === 'insufficient_coverage') {
      expect(statementOnly.missing).toContain('board_independence');
      expect(statementOnly.items.find((i) => i.code === 'audit_committee')?.notComputable).toEqual({
        reason: 'missing',
        missing: ['measure.audit_committee'],
      });
    }
  });

  it('a formula code that is not defined is named', () => {
    const v = ratingValues(DEFAULT_RATING_ITEMS, new Map(), { items: {}, measures: {} });
    expect(v.roa).toEqual({ ok: false, reason: 'missing', missing: ['formula.roa'] });
  });
});

describe('the limits of each rule, exactly', () => {
  const band = (grade: RatingBand['grade'], minScore: number, labelFa = ''): RatingBand => ({
    grade,
    labelFa,
    minScore,
  });
  const messages = (items: readonly RatingItem[], bands: readonly RatingBand[], minCoverage?: number) => {
    const r = validateRatingConfig(items, bands, { minCoverage });
    return r.ok ? [] : r.errors.map((e) => e.messageFa);
  };

  it('a score short of a minimum by exactly the rounding tolerance still reaches it; below every band, the last', () => {
    expect(gradeOf(85 - GRADE_EPSILON, BANDS).grade).toBe('A');
    expect(gradeOf(85 - 10 * GRADE_EPSILON, BANDS).grade).toBe('B');
    // bands whose lowest minimum is above the score: the lowest band, not undefined
    expect(gradeOf(-5, BANDS).grade).toBe('E');
    expect(gradeOf(10, [band('A', 50), band('B', 20)]).grade).toBe('B');
  });

  it('an item needs a code, finite scale ends and a source; names fall back to the code', () => {
    const noCode = {
      ...item('', 'economic', 1),
      nameFa: 'بی‌کد',
      source: { kind: 'measure' as const, code: 'x' },
    };
    expect(messages([noCode], BANDS)).toEqual(['شاخص «بی‌کد» کد ندارد.']);
    for (const scale of [
      { min: Number.NaN, max: 1, higherIsBetter: true },
      { min: 0, max: Number.POSITIVE_INFINITY, higherIsBetter: true },
      { min: 2, max: 1, higherIsBetter: true },
    ])
      expect(messages([item('a', 'economic', 1, scale)], BANDS)).toEqual([
        'بازهٔ نرمال‌سازی شاخص «شاخص a» نامعتبر است: کمینه باید عددی کمتر از بیشینه باشد.',
      ]);
    const noSource = {
      ...item('a', 'economic', 1),
      nameFa: '',
      source: { kind: 'measure' as const, code: '' },
    };
    expect(messages([noSource], BANDS)).toEqual(['منبع شاخص «a» (فرمول یا سنجه) تعیین نشده است.']);
  });

  it('band minimums from 0 to 100 inclusive, named by label or grade, each below the one before', () => {
    expect(messages(ITEMS, [band('A', 100), band('B', 0)])).toEqual([]);
    expect(messages(ITEMS, [band('A', -1, 'منفی'), band('B', 0)])[0]).toBe(
      'کف امتیاز ردهٔ «منفی» باید عددی از ۰ تا ۱۰۰ باشد.',
    );
    expect(messages(ITEMS, [band('A', Number.NaN), band('B', 0)])[0]).toBe(
      'کف امتیاز ردهٔ «A» باید عددی از ۰ تا ۱۰۰ باشد.',
    );
    expect(messages(ITEMS, [band('A', 100.5), band('B', 0)])).toHaveLength(1);
    expect(messages(ITEMS, [band('A', 50, 'خوب'), band('B', 70, 'بهتر'), band('C', 0)])).toEqual([
      'کف امتیاز رده‌ها باید نزولی باشد: کف ردهٔ «بهتر» (۷۰) از ردهٔ پیش از آن (۵۰) کمتر نیست.',
    ]);
  });

  it('the minimum coverage is a fraction from 0 to 1 inclusive', () => {
    expect(messages(ITEMS, BANDS, 0)).toEqual([]);
    expect(messages(ITEMS, BANDS, 1)).toEqual([]);
    for (const bad of [-0.1, 1.01, Number.NaN])
      expect(messages(ITEMS, BANDS, bad)).toEqual(['حداقل پوشش وزن‌ها باید عددی از ۰ تا ۱ باشد.']);
  });

  it('coverage exactly at the minimum rates; the message gives both in percent, to a tenth', () => {
    // g1 + t1 = 5 of 10: coverage 0.5
    expect(rate(ITEMS, { g1: 90, t1: 80 }, BANDS, { minCoverage: 0.5 + 1e-9 }).ok).toBe(true);
    const r = rate(ITEMS, { g1: 90, t1: 80 }, BANDS, { minCoverage: 0.555 });
    if (r.ok || r.reason !== 'insufficient_coverage') throw new Error('expected insufficient coverage');
    expect(r.messageFa).toBe(
      'رتبه قابل محاسبه نیست: تنها ۵۰٪ وزن شاخص‌ها در دست است (حداقل ۵۵٫۵٪). شاخص‌های بی‌مقدار: «شاخص e1»، «شاخص m1».',
    );
    // an item with no Persian name is named by its code
    const unnamed = [{ ...item('x', 'economic', 1), nameFa: '' }, item('y', 'economic', 1)];
    const u = rate(unnamed, { y: 50 }, BANDS, { minCoverage: 0.9 });
    expect(u.ok === false && u.reason === 'insufficient_coverage' && u.messageFa).toContain('«x»');
  });

  it('an item absent from the values is missing with no further reason', () => {
    const r = rate(ITEMS, { g1: 90, t1: 80, e1: 70 }, BANDS);
    expect(r.ok && r.items.find((i) => i.code === 'm1')).toEqual({
      code: 'm1',
      dimension: 'managers',
      weight: 1,
      raw: null,
      score: null,
      notComputable: { reason: 'missing', missing: [] },
    });
  });
});
