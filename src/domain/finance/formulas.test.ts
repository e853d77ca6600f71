import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_CHART } from './chart.ts';
import { evaluateFormula, type FormulaInputs, type ParsedFormula, parseFormula } from './formulas.ts';

const known = {
  items: new Set(BUILTIN_CHART.map((c) => c.code)),
  measures: new Set(['board_independence', 'disclosure_timeliness']),
};

const parsed = (text: string): ParsedFormula => {
  const r = parseFormula(text, known);
  if (!r.ok) throw new Error(`${text}: ${r.errors.map((e) => e.messageFa).join(' | ')}`);
  return r.formula;
};
const refused = (text: string) => {
  const r = parseFormula(text, known);
  if (r.ok) throw new Error(`${text} was accepted`);
  return r.errors;
};
const run = (text: string, items: FormulaInputs['items'], measures: FormulaInputs['measures'] = {}) =>
  evaluateFormula(parsed(text), { items, measures });

describe('parseFormula: accepts', () => {
  it('the formulas of the specification, with their references sorted and unique', () => {
    expect(parsed('net_profit / revenue').references).toEqual({
      items: ['net_profit', 'revenue'],
      measures: [],
    });
    expect(parsed('item.net_profit / item.revenue * 100').references).toEqual({
      items: ['net_profit', 'revenue'],
      measures: [],
    });
    expect(
      parsed('0.5 * measure.board_independence + 0.5 * measure.disclosure_timeliness').references,
    ).toEqual({ items: [], measures: ['board_independence', 'disclosure_timeliness'] });
    expect(parsed('(current_assets - current_liabilities) / total_assets').references).toEqual({
      items: ['current_assets', 'current_liabilities', 'total_assets'],
      measures: [],
    });
    // a bare code and item.<code> are the same reference
    expect(parsed('revenue / item.revenue + revenue').references.items).toEqual(['revenue']);
  });

  it('min, max, abs, round, comparisons (chained too) and conditionals', () => {
    expect(run('min(revenue, net_profit, 3)', { revenue: 10, net_profit: 2 })).toEqual({
      ok: true,
      value: 2,
    });
    expect(run('max(revenue)', { revenue: 10 })).toEqual({ ok: true, value: 10 });
    expect(run('abs(net_profit)', { net_profit: -7 })).toEqual({ ok: true, value: 7 });
    expect(run('round(net_profit / revenue, 2)', { net_profit: 1, revenue: 3 })).toEqual({
      ok: true,
      value: 0.33,
    });
    // halves away from zero
    expect(run('round(net_profit)', { net_profit: -2.5 })).toEqual({ ok: true, value: -3 });
    expect(run('round(net_profit)', { net_profit: 2.5 })).toEqual({ ok: true, value: 3 });
    expect(run('revenue > net_profit', { revenue: 2, net_profit: 1 })).toEqual({ ok: true, value: 1 });
    expect(run('revenue <= net_profit', { revenue: 2, net_profit: 1 })).toEqual({ ok: true, value: 0 });
    expect(run('revenue == 2 ? 10 : 20', { revenue: 2 })).toEqual({ ok: true, value: 10 });
    expect(run('revenue != 2 ? 10 : 20', { revenue: 2 })).toEqual({ ok: true, value: 20 });
    expect(run('0 < revenue < 10 ? 1 : 0', { revenue: 5 })).toEqual({ ok: true, value: 1 });
    expect(run('0 < revenue < 10 ? 1 : 0', { revenue: 50 })).toEqual({ ok: true, value: 0 });
    expect(run('-revenue + +net_profit', { revenue: 5, net_profit: 1 })).toEqual({ ok: true, value: -4 });
  });

  it('Persian and Arabic-Indic digits, the Persian decimal point and × ÷ −', () => {
    expect(run('۱۲ * revenue / ٣', { revenue: 5 })).toEqual({ ok: true, value: 20 });
    expect(run('۰٫۵ × measure.board_independence', {}, { board_independence: 0.4 })).toEqual({
      ok: true,
      value: 0.2,
    });
    expect(run('revenue ÷ ۴ − ۱', { revenue: 8 })).toEqual({ ok: true, value: 1 });
    expect(run('max(revenue، ۹)', { revenue: 8 })).toEqual({ ok: true, value: 9 });
    expect(run('revenue > ۰ ؟ ۱ : ۲', { revenue: 8 })).toEqual({ ok: true, value: 1 });
  });
});

describe('parseFormula: refuses', () => {
  it.each([
    ['import(1)', 'import'],
    ['import({}, {override: true})', 'import'],
    ['evaluate("1")', 'evaluate'],
    ['parse("1")', 'parse'],
    ['createUnit("x")', 'createUnit'],
    ['x = 1', 'انتساب'],
    ['item.revenue = 1', 'انتساب'],
    ['f(x) = x', 'تعریف تابع'],
    ['[1,2]', 'آرایه'],
    ['{a: 1}', 'شیء'],
    ['"text"', 'متن'],
    ["'text'", 'متن'],
    ['1 cm', 'ضرب ضمنی'],
    ['2 revenue', 'ضرب ضمنی'],
    ['1 to cm', 'عملگر'],
    ['a.b.c', 'a.b.c'],
    ['item.revenue.x', 'item.revenue.x'],
    ['item["revenue"]', 'دسترسی'],
    ['item?.revenue', 'دسترسی'],
    ['revenue ^ 2', '^'],
    ['revenue mod 2', 'mod'],
    ['revenue and net_profit', 'and'],
    ['not revenue', 'not'],
    ['revenue!', '!'],
    ['revenue%', '%'],
    ['1:3', 'بازه'],
    ['revenue; net_profit', 'یک عبارت'],
    ['true', 'ثابت'],
    ['Infinity', 'ثابت'],
    ['sqrt(revenue)', 'sqrt'],
    ['item.revenue(1)', 'تابع مجاز نیست'],
    ['round(revenue, net_profit)', 'round'],
    ['abs(revenue, net_profit)', 'abs'],
    ['min()', 'min'],
  ])('%s', (text, named) => {
    const errors = refused(text);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.map((e) => e.messageFa).join(' ')).toContain(named);
  });

  it('shapes of published mathjs sandbox escapes, before any evaluation', () => {
    for (const text of [
      'cos.constructor("return process")()',
      '[].map.constructor("return this")()',
      'f = cos.constructor; f("x")',
      'a = {}; a.constructor',
      '"".toString.constructor("return 1")()',
      'import({matrix: cos.constructor}, {override: 1})',
      'item.constructor',
      'item.__proto__',
      'constructor',
    ])
      expect(parseFormula(text, known).ok, text).toBe(false);
  });

  it('an unknown reference, naming it; a bare measure code, with a hint', () => {
    expect(refused('item.unknown')).toEqual([{ messageFa: 'قلم یا سنجه ناشناخته: item.unknown' }]);
    expect(refused('measure.unknown / revenue')).toEqual([
      { messageFa: 'قلم یا سنجه ناشناخته: measure.unknown' },
    ]);
    expect(refused('unknown')).toEqual([{ messageFa: 'قلم یا سنجه ناشناخته: unknown' }]);
    expect(refused('measure.revenue')[0]!.messageFa).toContain('measure.revenue');
    expect(refused('board_independence')[0]!.messageFa).toContain('measure.board_independence');
    // every problem is reported, not only the first
    expect(refused('foo + item.bar')).toHaveLength(2);
  });

  it('empty text', () => {
    expect(refused('')).toEqual([{ messageFa: 'فرمول خالی است.' }]);
    expect(refused('   ')).toEqual([{ messageFa: 'فرمول خالی است.' }]);
  });

  it('a syntax error, with its position (0-based in the text as given)', () => {
    expect(refused('revenue +')).toEqual([{ messageFa: 'خطای نحوی در نویسهٔ ۱۰: عبارت ناتمام است', at: 9 }]);
    expect(refused('(revenue')[0]).toMatchObject({ at: 8 });
    expect(refused('(revenue')[0]!.messageFa).toContain('پرانتز');
    expect(refused('revenue +* 2')[0]).toMatchObject({ at: 9 });
    // positions count Persian digits as one character each
    expect(refused('۱۲ +')[0]).toMatchObject({ at: 4 });
    // Persian words are not codes
    expect(refused('سود / revenue')[0]!.messageFa).toContain('لاتین');
    expect(refused('revenue > 0 ? 1')[0]!.messageFa).toContain(':');
  });

  it('a nesting too deep or a text too long, without throwing', () => {
    expect(parseFormula(`${'('.repeat(3000)}revenue${')'.repeat(3000)}`, known).ok).toBe(false);
    expect(parseFormula('revenue + '.repeat(500), known).ok).toBe(false);
  });
});

describe('evaluateFormula', () => {
  it('computes', () => {
    expect(
      run('(current_assets - current_liabilities) / total_assets', {
        current_assets: 50,
        current_liabilities: 20,
        total_assets: 100,
      }),
    ).toEqual({ ok: true, value: 0.3 });
    expect(
      run(
        '0.5 * measure.board_independence + 0.5 * measure.disclosure_timeliness',
        {},
        {
          board_independence: 0.4,
          disclosure_timeliness: 0.8,
        },
      ).ok,
    ).toBe(true);
  });

  it('names every missing input (null, undefined, NaN, ±Infinity), items first, each sorted', () => {
    const f = parsed(
      'measure.disclosure_timeliness * (revenue - net_profit) / total_assets + measure.board_independence',
    );
    expect(
      evaluateFormula(f, {
        items: { revenue: null, net_profit: Number.NaN, total_assets: 5 },
        measures: { disclosure_timeliness: Number.POSITIVE_INFINITY },
      }),
    ).toEqual({
      ok: false,
      reason: 'missing',
      missing: [
        'item.net_profit',
        'item.revenue',
        'measure.board_independence',
        'measure.disclosure_timeliness',
      ],
    });
  });

  it('a zero denominator, naming its references, or the formula when it has none', () => {
    expect(run('net_profit / revenue', { net_profit: 1, revenue: 0 })).toEqual({
      ok: false,
      reason: 'zero_denominator',
      missing: ['item.revenue'],
    });
    expect(run('net_profit / -revenue', { net_profit: 1, revenue: -0 })).toMatchObject({
      reason: 'zero_denominator',
      missing: ['item.revenue'],
    });
    expect(
      run('revenue / (current_assets - current_liabilities)', {
        revenue: 1,
        current_assets: 4,
        current_liabilities: 4,
      }),
    ).toEqual({
      ok: false,
      reason: 'zero_denominator',
      missing: ['item.current_assets', 'item.current_liabilities'],
    });
    expect(run('revenue / (2 - 2)', { revenue: 1 })).toEqual({
      ok: false,
      reason: 'zero_denominator',
      missing: ['revenue / (2 - 2)'],
    });
    // 0 / 0 too
    expect(run('net_profit / revenue', { net_profit: 0, revenue: 0 })).toMatchObject({
      reason: 'zero_denominator',
    });
    // a denominator so small that the quotient overflows counts as zero
    expect(run('revenue / total_assets', { revenue: 1e10, total_assets: 1e-310 })).toMatchObject({
      reason: 'zero_denominator',
      missing: ['item.total_assets'],
    });
  });

  it('only the branch taken: a guarded division has no zero denominator', () => {
    const f = 'revenue == 0 ? 0 : net_profit / revenue';
    expect(run(f, { revenue: 0, net_profit: 3 })).toEqual({ ok: true, value: 0 });
    expect(run(f, { revenue: 4, net_profit: 3 })).toEqual({ ok: true, value: 0.75 });
  });

  it('a non-finite result is not computable', () => {
    const r = run('revenue * 1e308 * 10', { revenue: 10 });
    expect(r.ok).toBe(false);
  });

  it('never throws, whatever the inputs (property)', () => {
    const formulas = [
      'net_profit / revenue',
      '(current_assets - current_liabilities) / total_assets * 100',
      'revenue == 0 ? -1 : round(net_profit / revenue, 3)',
      'max(net_profit, revenue) / min(total_assets, 1) + abs(measure.board_independence)',
    ].map(parsed);
    const value = fc.oneof(
      fc.double(),
      fc.constant(0),
      fc.constant(null),
      fc.constant(undefined),
      fc.integer({ min: -1e6, max: 1e6 }),
    );
    fc.assert(
      fc.property(
        fc.record({
          net_profit: value,
          revenue: value,
          current_assets: value,
          current_liabilities: value,
          total_assets: value,
        }),
        value,
        (items, bi) => {
          for (const f of formulas) {
            const r = evaluateFormula(f, { items, measures: { board_independence: bi } });
            if (r.ok) expect(Number.isFinite(r.value)).toBe(true);
            else expect(r.missing.length).toBeGreaterThan(0);
          }
        },
      ),
    );
  });

  it('the DuPont identity through formulas: margin × turnover × leverage = ROE (property)', () => {
    const margin = parsed('net_profit / revenue');
    const turnover = parsed('revenue / total_assets');
    const leverage = parsed('total_assets / total_equity');
    const roe = parsed('net_profit / total_equity');
    const product = parsed(
      '(net_profit / revenue) * (revenue / total_assets) * (total_assets / total_equity)',
    );
    const amount = fc.integer({ min: -1e12, max: 1e12 });
    const nonZero = amount.filter((v) => v !== 0);
    fc.assert(
      fc.property(amount, nonZero, nonZero, nonZero, (net_profit, revenue, total_assets, total_equity) => {
        const inputs = { items: { net_profit, revenue, total_assets, total_equity }, measures: {} };
        const [m, t, l, r, p] = [margin, turnover, leverage, roe, product].map((f) =>
          evaluateFormula(f, inputs),
        );
        if (!(m?.ok && t?.ok && l?.ok && r?.ok && p?.ok)) throw new Error('not computable');
        const tol = 1e-9 * Math.max(1, Math.abs(r.value));
        expect(Math.abs(m.value * t.value * l.value - r.value)).toBeLessThanOrEqual(tol);
        expect(Math.abs(p.value - r.value)).toBeLessThanOrEqual(tol);
      }),
    );
  });

  it('speed: one formula for 100,000 company-years (a note, not a timed assertion)', () => {
    const f = parsed('(current_assets - current_liabilities) / total_assets');
    const g = parsed(
      '0.5 * measure.board_independence + 0.5 * measure.disclosure_timeliness + net_profit / revenue',
    );
    const rows = Array.from({ length: 100_000 }, (_, i) => ({
      items: {
        current_assets: 1000 + i,
        current_liabilities: 400 + (i % 97),
        total_assets: i % 1000 === 0 ? 0 : 5000 + i,
        net_profit: 100 + (i % 13),
        revenue: 2000 + i,
      },
      measures: { board_independence: (i % 10) / 10, disclosure_timeliness: i % 7 === 0 ? null : 0.8 },
    }));
    const time = (formula: ParsedFormula) => {
      const start = performance.now();
      let ok = 0;
      for (const row of rows) if (evaluateFormula(formula, row).ok) ok++;
      return { ms: performance.now() - start, ok };
    };
    time(f); // warm-up
    const a = time(f);
    const b = time(g);
    const parseStart = performance.now();
    for (let i = 0; i < 1000; i++)
      parseFormula('(current_assets - current_liabilities) / total_assets', known);
    const parseMs = performance.now() - parseStart;
    console.info(
      `formulas: 100,000 evaluations of a 3-reference formula ${a.ms.toFixed(1)} ms, of a 4-item + 2-measure formula ${b.ms.toFixed(1)} ms; 1,000 parses ${parseMs.toFixed(1)} ms`,
    );
    expect(a.ok).toBe(99_900);
    expect(b.ok).toBe(100_000 - Math.ceil(100_000 / 7));
  }, 60_000); // instrumented (coverage, mutation testing) on a busy machine it takes far longer
});

describe('parseFormula: the rules, one by one', () => {
  const messages = (text: string) => refused(text).map((e) => e.messageFa);

  it('references are sorted whatever their order in the text', () => {
    expect(parsed('total_assets / revenue + cash').references.items).toEqual([
      'cash',
      'revenue',
      'total_assets',
    ]);
    expect(parsed('measure.disclosure_timeliness - measure.board_independence').references.measures).toEqual([
      'board_independence',
      'disclosure_timeliness',
    ]);
  });

  it('a line break, tab or direction mark is a space, one character for one', () => {
    expect(run('revenue\n+\tnet_profit\u200c', { revenue: 2, net_profit: 3 })).toEqual({
      ok: true,
      value: 5,
    });
    // the position after a line break still counts it
    expect(refused('revenue\n+')).toEqual([{ messageFa: 'خطای نحوی در نویسهٔ ۱۰: عبارت ناتمام است', at: 9 }]);
  });

  it('each syntax error in Persian, with its 1-based position in the message', () => {
    expect(refused('(revenue')).toEqual([
      { messageFa: 'خطای نحوی در نویسهٔ ۹: پرانتز بسته «)» کم است', at: 8 },
    ]);
    expect(refused(')')).toEqual([
      { messageFa: 'خطای نحوی در نویسهٔ ۱: اینجا عدد، قلم، سنجه یا پرانتز لازم است', at: 0 },
    ]);
    expect(refused('revenue > 0 ? 1')).toEqual([
      { messageFa: 'خطای نحوی در نویسهٔ ۱۶: بخش «:» عبارت شرطی (… ? … : …) کم است', at: 15 },
    ]);
    expect(refused('revenue + 1 )')).toEqual([
      { messageFa: 'خطای نحوی در نویسهٔ ۱۳: نویسهٔ نابجا «)»', at: 12 },
    ]);
    expect(refused('1 ?. 2')).toEqual([{ messageFa: 'خطای نحوی در نویسهٔ ۳: نویسهٔ نابجا «?.»', at: 2 }]);
    expect(refused('2 3')).toEqual([{ messageFa: 'خطای نحوی در نویسهٔ ۳: بخش نامفهوم «3»', at: 2 }]);
    expect(refused('سود / revenue')).toEqual([
      {
        messageFa:
          'خطای نحوی در نویسهٔ ۱: بخش نامفهوم «سود / revenue»؛ کد قلم‌ها و سنجه‌ها لاتین است (مانند net_profit)',
        at: 0,
      },
    ]);
    // a message mathjs has no Persian for
    expect(refused('revenue ? : 2')).toEqual([
      { messageFa: 'خطای نحوی در نویسهٔ ۱۱: عبارت درست نوشته نشده است', at: 10 },
    ]);
  });

  it.each([
    'Unexpected end of expression',
    'Parenthesis ) expected',
    'Value expected',
    'False part of conditional expression expected',
    'Unexpected operator )',
  ])('a quoted part is not read as the syntax message it contains: «سود %s»', (words) => {
    expect(messages(`سود ${words}`)).toEqual([
      `خطای نحوی در نویسهٔ ۱: بخش نامفهوم «سود ${words}»؛ کد قلم‌ها و سنجه‌ها لاتین است (مانند net_profit)`,
    ]);
  });

  it(`the text is at most ${2000} characters`, () => {
    const at = (n: number) => `revenue${' '.repeat(n - 'revenue'.length)}`;
    expect(parseFormula(at(2000), known).ok).toBe(true);
    expect(refused(at(2001))).toEqual([{ messageFa: 'فرمول بیش از ۲۰۰۰ نویسه است.' }]);
  });

  it('the same problem is reported once', () => {
    expect(messages('foo + foo * foo')).toEqual(['قلم یا سنجه ناشناخته: foo']);
  });

  it('property access only as item.<code> or measure.<code>', () => {
    const access = (t: string) =>
      `دسترسی به ویژگی مجاز نیست: «${t}»؛ فقط item.‹کد قلم› و measure.‹کد سنجه› نوشته می‌شود`;
    expect(messages('foo.revenue')).toEqual([access('foo.revenue')]);
    // a call named item is not the namespace item
    expect(messages('item(1).revenue')).toEqual([access('item(1).revenue')]);
  });

  it('functions only by their plain name, the message naming the callee', () => {
    expect(messages('item.revenue(1)')).toEqual([
      'تابع مجاز نیست: «item.revenue»؛ توابع مجاز: min، max، abs، round',
    ]);
    expect(messages('measure.max(revenue)')).toEqual([
      'تابع مجاز نیست: «measure.max»؛ توابع مجاز: min، max، abs، round',
    ]);
    // what is wrong inside a refused call is reported too
    expect(messages('sqrt(foo)')).toEqual([
      'تابع مجاز نیست: «sqrt»؛ توابع مجاز: min، max، abs، round',
      'قلم یا سنجه ناشناخته: foo',
    ]);
  });

  it('round takes one or two inputs, the second a literal integer 0–15', () => {
    expect(messages('round()')).toEqual(['round یک یا دو ورودی می‌گیرد: «round()»']);
    expect(messages('round(revenue, 2, 3)')).toEqual(['round یک یا دو ورودی می‌گیرد: «round(revenue, 2, 3)»']);
    expect(run('round(revenue, 15)', { revenue: 0.1234567890123456 })).toEqual({
      ok: true,
      value: 0.123456789012346,
    });
    expect(run('round(revenue, 0)', { revenue: 2.5 })).toEqual({ ok: true, value: 3 });
    expect(messages('round(revenue, 16)')).toEqual([
      'ورودی دوم round باید عدد صحیح ۰ تا ۱۵ باشد: «round(revenue, 16)»',
    ]);
    expect(messages('round(revenue, -1)')).toEqual([
      'ورودی دوم round باید عدد صحیح ۰ تا ۱۵ باشد: «round(revenue, -1)»',
    ]);
    expect(messages('round(revenue, 1.5)')).toHaveLength(1);
    // zero rounds to zero, not to −0
    expect(run('round(revenue)', { revenue: 0 })).toEqual({ ok: true, value: 0 });
    expect(Object.is((run('round(revenue)', { revenue: 0.4 }) as { value: number }).value, 0)).toBe(true);
  });

  it('abs takes one input; min and max one or more', () => {
    expect(messages('abs()')).toEqual(['abs یک ورودی می‌گیرد: «abs()»']);
    expect(messages('max()')).toEqual(['max دست‌کم یک ورودی می‌گیرد: «max()»']);
    expect(run('max(revenue, net_profit)', { revenue: 2, net_profit: 3 })).toEqual({ ok: true, value: 3 });
    expect(run('min(revenue, net_profit)', { revenue: 2, net_profit: 3 })).toEqual({ ok: true, value: 2 });
    expect(run('max(revenue, net_profit, cash)', { revenue: 2, net_profit: 3, cash: 1 })).toEqual({
      ok: true,
      value: 3,
    });
  });

  it('each comparison at its boundary (1 true, 0 false)', () => {
    const at = (op: string, a: number, b: number) =>
      run(`revenue ${op} net_profit`, { revenue: a, net_profit: b });
    const table: [string, number, number, number][] = [
      ['<', 1, 2, 1],
      ['<', 2, 2, 0],
      ['<=', 2, 2, 1],
      ['<=', 3, 2, 0],
      ['>', 2, 2, 0],
      ['>', 3, 2, 1],
      ['>=', 2, 2, 1],
      ['>=', 1, 2, 0],
      ['==', 2, 2, 1],
      ['==', 2, 3, 0],
      ['!=', 2, 2, 0],
      ['!=', 2, 3, 1],
    ];
    for (const [op, a, b, value] of table)
      expect(at(op, a, b), `${a} ${op} ${b}`).toEqual({ ok: true, value });
    // chained: every link must hold
    expect(run('0 <= revenue <= 10', { revenue: 10 })).toEqual({ ok: true, value: 1 });
    expect(run('0 <= revenue <= 10', { revenue: 0 })).toEqual({ ok: true, value: 1 });
    expect(run('0 <= revenue <= 10', { revenue: -1 })).toEqual({ ok: true, value: 0 });
  });

  it('a constant must be a finite number', () => {
    expect(messages('NaN')).toEqual(['این ثابت مجاز نیست: «NaN»']);
    expect(messages('null')).toEqual(['این ثابت مجاز نیست: «null»']);
  });
});

describe('evaluateFormula: the zero denominator, exactly', () => {
  it('0 / 0 names the denominator', () => {
    expect(run('net_profit / revenue', { net_profit: 0, revenue: 0 })).toEqual({
      ok: false,
      reason: 'zero_denominator',
      missing: ['item.revenue'],
    });
  });

  it('a negative quotient that overflows names the denominator too', () => {
    expect(run('revenue / total_assets', { revenue: -1e10, total_assets: 1e-310 })).toEqual({
      ok: false,
      reason: 'zero_denominator',
      missing: ['item.total_assets'],
    });
  });

  it('a conditional denominator names the references of both branches and the condition', () => {
    expect(
      run(
        'revenue / (net_profit > 0 ? net_profit : measure.board_independence)',
        { revenue: 1, net_profit: 0 },
        {
          board_independence: 0,
        },
      ),
    ).toEqual({
      ok: false,
      reason: 'zero_denominator',
      missing: ['item.net_profit', 'measure.board_independence'],
    });
  });

  it('a denominator without references, or an overflow, names the formula as written, trimmed', () => {
    expect(run('  revenue / (2 - 2) ', { revenue: 1 })).toEqual({
      ok: false,
      reason: 'zero_denominator',
      missing: ['revenue / (2 - 2)'],
    });
    expect(run(' revenue * 1e308 * 10 ', { revenue: 10 })).toEqual({
      ok: false,
      reason: 'zero_denominator',
      missing: ['revenue * 1e308 * 10'],
    });
  });

  it('never throws: anything else thrown while evaluating is not computable, naming the formula', async () => {
    const { ParsedFormula } = await import('./formulas.ts');
    for (const thrown of [
      undefined,
      null,
      'x',
      new RangeError('stack'),
      { zeroDivision: 'yes', names: ['a'] },
    ]) {
      const f = new ParsedFormula(' revenue ', () => {
        throw thrown;
      }, []);
      expect(evaluateFormula(f, { items: {}, measures: {} }), String(thrown)).toEqual({
        ok: false,
        reason: 'zero_denominator',
        missing: ['revenue'],
      });
    }
  });
});
