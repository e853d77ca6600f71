import type { MathNode } from 'mathjs';
import { create, parseDependencies } from 'mathjs/number';
import { toAsciiDigits, toPersianDigits } from '../persian-text.ts';
import { type Computed, isPresent } from './line-items.ts';

/**
 * Performance formulas (فرمول‌های شاخص عملکرد): text that staff write, such as
 * `net_profit / revenue`, `item.net_profit / item.revenue * 100`,
 * `0.5 * measure.board_independence + 0.5 * measure.disclosure_timeliness` or
 * `(current_assets - current_liabilities) / total_assets`, parsed once and evaluated for many
 * company-years. Glossary ("Finance and performance", performance item, measure, unit, formula):
 * "a formula combines measures and statement items". Pure: no I/O, no clock.
 *
 * References:
 *   item.<code>     a line item of the chart (chart.ts; million IRR, `employees` a head count) of
 *                   the company's statement for the year;
 *   measure.<code>  a measure's value (سنجه) for the company and year;
 *   <code>          a bare chart code, shorthand for item.<code> (bare measure codes are refused:
 *                   they must be written measure.<code>).
 * Allowed: numbers (decimal, exponent), + - * /, unary minus and plus, parentheses, the functions
 * min, max (one or more arguments), abs (one) and round (one, or a second that is a literal
 * integer 0–15: digits after the point; halves round away from zero), the comparisons
 * < <= > >= == != (also chained, `0 < x < 1`; they give 1 or 0; == is exact) and the conditional
 * `c ? a : b` (c true when not 0; only the branch taken is evaluated, so
 * `revenue == 0 ? 0 : net_profit / revenue` has no zero denominator). Nothing else: no
 * assignment, function definition, matrix, string, boolean, unit, implicit multiplication
 * (`2 x`, `1 cm`), percent sign, power, `and`/`or`/`not`, or property access other than the two
 * namespaces. Persian and Arabic-Indic digits, the Persian decimal point (٫), comma (،) and
 * question mark (؟), and the signs × ÷ − are accepted as their ASCII forms.
 *
 * Expression library: mathjs 15.2.0 (npm `mathjs`, Apache-2.0), used ONLY as a parser. Chosen
 * because it is maintained, has a documented security model ("Security" page of its docs: no
 * JavaScript `eval` or `new Function` since v4; the functions that can reach its internals are
 * `import`, `createUnit`, `evaluate`, `parse`, `simplify`, `derivative`, `resolve`), ships its own
 * TypeScript types, and its parser gives a plain syntax tree we can check node by node.
 * Rejected: expr-eval (CVE-2025-12735, GHSA-jc85-fpwf-qm7x: arbitrary code through functions
 * passed to evaluate; unmaintained), filtrex (compiles to JavaScript with `new Function`), jexl
 * (evaluates property access on context objects; more than is needed here).
 * Version: 15.2.0 or newer is required: 15.2.0 fixed "two security vulnerabilities that allowed
 * executing arbitrary JavaScript via the expression parser" (mathjs HISTORY.md), published as
 * GHSA-5v89-rwgr-qj6g (CVE-2026-41139) and GHSA-29qv-4j9f-fjw5 (CVE-2026-40897), affecting
 * 13.1.0–15.1.x; both are in mathjs' EVALUATOR and neither can be reached here, because:
 *   1. user text is only ever given to mathjs' `parse`, never to its `evaluate`/`compile`, and
 *      never to JavaScript's `eval`/`new Function`;
 *   2. the instance is the smallest mathjs offers: its number-only entry `mathjs/number` and
 *      `create({ parseDependencies })` (the parser and what it needs, not `create(all)`), and, as
 *      the security page advises, `import`, `createUnit`, `evaluate`, `parse`, `simplify`,
 *      `derivative`, `resolve` and `compile` are then overridden in it to throw (the parser kept
 *      is the reference taken before);
 *   3. the tree is checked against the allow-list above (a FunctionNode is accepted only when its
 *      callee is a plain SymbolNode named min/max/abs/round, an AccessorNode only as
 *      item.<known code> / measure.<known code>), and any other node refuses the formula;
 *   4. the accepted tree is turned into a small tree of closures written here (add, divide,
 *      compare, …) over an array of the referenced values: nothing of mathjs runs at evaluation.
 *
 * Evaluation (`evaluateFormula`): every referenced input must be a finite number, else
 * `{ ok: false, reason: 'missing', missing }` naming each absent one as `item.<code>` /
 * `measure.<code>` (items first, each group sorted). A division whose denominator is 0 (or so small
 * that the quotient overflows) gives `zero_denominator` naming the references of the
 * denominator, or, when the denominator has none (`1 / (2 - 2)`), the formula's text. A result that
 * is not finite for any other reason (overflow beyond ±1.8e308, impossible with amounts in million
 * IRR) is also reported as `zero_denominator` naming the formula's text: `Computed` has no third
 * reason. Never throws for a parsed formula.
 *
 * Speed: the closures are built once by `parseFormula`; one evaluation reads the referenced
 * inputs and runs them (measured in formulas.test.ts: 100,000 company-years of
 * `(current_assets - current_liabilities) / total_assets` in about 10–30 ms here; a parse about
 * 0.1 ms). The cost is mathjs' loading: importing this module loads `mathjs/number`, about 1.5 s
 * in Node on this machine (the full `mathjs` entry: about 2.5–3 s), once per process; bundled for
 * the browser it adds about 43 kB gzipped.
 */

/** What a formula may name: chart codes (item.) and measure codes (measure.). */
export interface KnownReferences {
  items: ReadonlySet<string>;
  measures: ReadonlySet<string>;
}

/** One reason a text is not a formula; `at`: 0-based index in the text, for syntax errors. */
export interface FormulaError {
  messageFa: string;
  at?: number;
}

export type ParseFormulaResult = { ok: true; formula: ParsedFormula } | { ok: false; errors: FormulaError[] };

/** The inputs of one company-year: line items (million IRR) and measures, by code. */
export interface FormulaInputs {
  items: Readonly<Record<string, number | null | undefined>>;
  measures: Readonly<Record<string, number | null | undefined>>;
}

/** The longest formula text accepted (characters). */
export const MAX_FORMULA_LENGTH = 2000;

/** The functions a formula may call, with how many arguments each takes. */
export const FORMULA_FUNCTIONS = ['min', 'max', 'abs', 'round'] as const;

// ---------------------------------------------------------------------------------------------
// The mathjs instance: the parser only, with the functions the security page names disabled.

const math = create({ parseDependencies: parseDependencies! }, { number: 'number' });
const mathParse = math.parse;
const disabled = (name: string) => () => {
  throw new Error(`Function ${name} is disabled`);
};
math.import(
  Object.fromEntries(
    ['import', 'createUnit', 'evaluate', 'parse', 'simplify', 'derivative', 'resolve', 'compile'].map(
      (name) => [name, disabled(name)],
    ),
  ),
  { override: true },
);

// ---------------------------------------------------------------------------------------------
// Compiled form.

type Env = number[];
type Fn = (env: Env) => number;

/** Thrown (as a plain object, no stack) by a division with a zero denominator; caught in evaluate. */
interface ZeroDivision {
  zeroDivision: true;
  names: string[];
}

interface Ref {
  ns: 'item' | 'measure';
  code: string;
}

/** A formula that parsed and passed the checks: evaluate it with `evaluateFormula`. */
export class ParsedFormula {
  /** The text as given. */
  readonly text: string;
  /** The references, sorted and unique: chart codes (bare or item.) and measure codes. */
  readonly references: { readonly items: readonly string[]; readonly measures: readonly string[] };
  readonly #fn: Fn;
  readonly #slots: readonly Ref[];
  readonly #env: Env;

  /** Made by `parseFormula` only. */
  constructor(text: string, fn: Fn, slots: readonly Ref[]) {
    this.text = text;
    this.#fn = fn;
    this.#slots = slots;
    this.#env = new Array<number>(slots.length).fill(0);
    const items = slots.filter((s) => s.ns === 'item').map((s) => s.code);
    const measures = slots.filter((s) => s.ns === 'measure').map((s) => s.code);
    // slots are unique (one per reference: Checker.#ref)
    this.references = { items: items.sort(), measures: measures.sort() };
  }

  /** See `evaluateFormula`. */
  evaluate(inputs: FormulaInputs): Computed<number> {
    const slots = this.#slots;
    // Evaluation is synchronous and never re-enters, so one scratch array per formula is safe.
    const env = this.#env;
    let missing: string[] | null = null;
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i]!;
      const v = s.ns === 'item' ? inputs.items[s.code] : inputs.measures[s.code];
      if (isPresent(v)) env[i] = v;
      else if (missing) missing.push(`${s.ns}.${s.code}`);
      else missing = [`${s.ns}.${s.code}`];
    }
    if (missing) return { ok: false, reason: 'missing', missing: sortRefs(missing) };
    let value: number;
    try {
      value = this.#fn(env);
    } catch (e) {
      if (isZeroDivision(e)) return { ok: false, reason: 'zero_denominator', missing: [...e.names] };
      return { ok: false, reason: 'zero_denominator', missing: [this.text.trim()] };
    }
    if (!Number.isFinite(value))
      return { ok: false, reason: 'zero_denominator', missing: [this.text.trim()] };
    return { ok: true, value };
  }
}

const isZeroDivision = (e: unknown): e is ZeroDivision =>
  typeof e === 'object' && e !== null && (e as ZeroDivision).zeroDivision === true;

/** `item.` names before `measure.` names, each group sorted: in code-unit order, "item." < "measure.". */
const sortRefs = (names: string[]) => names.sort();

/**
 * `formula` for one company-year's `inputs`: the value, or why there is none (see the module
 * comment: `missing` naming `item.x` / `measure.y`, `zero_denominator` naming the denominator's
 * references or the formula). Never throws.
 */
export const evaluateFormula = (formula: ParsedFormula, inputs: FormulaInputs): Computed<number> =>
  formula.evaluate(inputs);

// ---------------------------------------------------------------------------------------------
// Parsing and checking.

/**
 * The ASCII form mathjs reads, one character for one (so that a position in it is a position in
 * the text): Persian/Arabic digits, ٫ ، ؟ × ÷ −, and line breaks, tabs and direction marks as
 * spaces (a line break would otherwise start a second expression).
 */
function toParserText(text: string): string {
  return toAsciiDigits(text).replace(/[٫،؟×÷−\n\r\t\u200c\u200e\u200f]/g, (ch) => {
    switch (ch) {
      case '٫':
        return '.';
      case '،':
        return ',';
      case '؟':
        return '?';
      case '×':
        return '*';
      case '÷':
        return '/';
      case '−':
        return '-';
      default:
        return ' ';
    }
  });
}

const fa = (n: number) => toPersianDigits(n);
const quote = (s: string) => `«${s}»`;

/** A Persian message for mathjs' English syntax error text (without its " (char N)"). */
function syntaxDetailFa(message: string): string {
  if (/^Unexpected end of expression/.test(message)) return 'عبارت ناتمام است';
  if (/^Parenthesis \) expected/.test(message)) return 'پرانتز بسته «)» کم است';
  if (/^Value expected/.test(message)) return 'اینجا عدد، قلم، سنجه یا پرانتز لازم است';
  if (/^False part of conditional expression expected/.test(message))
    return 'بخش «:» عبارت شرطی (… ? … : …) کم است';
  const operator = /^Unexpected operator (.+) \(char \d+\)$/.exec(message);
  if (operator) return `نویسهٔ نابجا ${quote(operator[1]!)}`;
  const part = /(?:Unexpected part|Syntax error in part) "(.*)"/.exec(message);
  if (part)
    return /[\u0600-\u06ff]/.test(part[1]!)
      ? `بخش نامفهوم ${quote(part[1]!)}؛ کد قلم‌ها و سنجه‌ها لاتین است (مانند net_profit)`
      : `بخش نامفهوم ${quote(part[1]!)}`;
  return 'عبارت درست نوشته نشده است';
}

const COMPARISON_FNS: Record<string, (a: number, b: number) => boolean> = {
  smaller: (a, b) => a < b,
  smallerEq: (a, b) => a <= b,
  larger: (a, b) => a > b,
  largerEq: (a, b) => a >= b,
  equal: (a, b) => a === b,
  unequal: (a, b) => a !== b,
};

/** The comparison named `name` by mathjs (`smaller`, …), or undefined. */
const comparison = (name: string) => (Object.hasOwn(COMPARISON_FNS, name) ? COMPARISON_FNS[name] : undefined);

/** A checked and compiled sub-expression: its closure and the references it reads. */
interface Part {
  fn: Fn;
  refs: Set<string>;
}

/** Rounds half away from zero to `digits` decimals. */
function roundHalfAway(x: number, digits: number): number {
  const f = 10 ** digits;
  const r = Math.round(Math.abs(x) * f) / f;
  return x < 0 ? -r : r;
}

class Checker {
  readonly errors: FormulaError[] = [];
  readonly slots: Ref[] = [];
  readonly #slotOf = new Map<string, number>();

  constructor(
    readonly known: KnownReferences,
    readonly text: string,
  ) {}

  #fail(messageFa: string): Part {
    if (!this.errors.some((e) => e.messageFa === messageFa)) this.errors.push({ messageFa });
    return { fn: () => Number.NaN, refs: new Set() };
  }

  #ref(ns: 'item' | 'measure', code: string): Part {
    const key = `${ns}.${code}`;
    let slot = this.#slotOf.get(key);
    if (slot === undefined) {
      slot = this.slots.length;
      this.slots.push({ ns, code });
      this.#slotOf.set(key, slot);
    }
    const i = slot;
    return { fn: (env) => env[i]!, refs: new Set([key]) };
  }

  #children(nodes: readonly MathNode[]): Part[] {
    return nodes.map((n) => this.check(n));
  }

  check(node: MathNode): Part {
    const n = node as MathNode & Record<string, any>;
    switch (node.type) {
      case 'ConstantNode': {
        const v = n.value;
        if (typeof v === 'string') return this.#fail(`متن (رشته) مجاز نیست: ${quote(node.toString())}`);
        if (!Number.isFinite(v)) return this.#fail(`این ثابت مجاز نیست: ${quote(node.toString())}`);
        return { fn: () => v, refs: new Set() };
      }
      case 'SymbolNode': {
        const name = n.name as string;
        if (this.known.items.has(name)) return this.#ref('item', name);
        if (this.known.measures.has(name))
          return this.#fail(`قلم یا سنجه ناشناخته: ${name} (برای سنجه بنویسید measure.${name})`);
        return this.#fail(`قلم یا سنجه ناشناخته: ${name}`);
      }
      case 'AccessorNode':
        return this.#accessor(n);
      case 'ParenthesisNode':
        return this.check(n.content as MathNode);
      case 'OperatorNode':
        return this.#operator(n);
      case 'RelationalNode': {
        const conds = n.conditionals as string[];
        const tests = conds.map(comparison);
        if (tests.some((t) => t === undefined))
          return this.#fail(`این مقایسه مجاز نیست: ${quote(node.toString())}`);
        const params = this.#children(n.params as MathNode[]);
        const fns = params.map((p) => p.fn);
        const ts = tests as ((a: number, b: number) => boolean)[];
        return {
          fn: (env) => {
            let left = fns[0]!(env);
            for (let i = 0; i < ts.length; i++) {
              const right = fns[i + 1]!(env);
              if (!ts[i]!(left, right)) return 0;
              left = right;
            }
            return 1;
          },
          refs: union(params),
        };
      }
      case 'ConditionalNode': {
        const [c, t, f] = this.#children([n.condition, n.trueExpr, n.falseExpr]) as [Part, Part, Part];
        const cf = c.fn;
        const tf = t.fn;
        const ff = f.fn;
        return { fn: (env) => (cf(env) !== 0 ? tf(env) : ff(env)), refs: union([c, t, f]) };
      }
      case 'FunctionNode':
        return this.#function(n);
      case 'AssignmentNode':
        return this.#fail(`انتساب مجاز نیست: ${quote(node.toString())}`);
      case 'FunctionAssignmentNode':
        return this.#fail(`تعریف تابع مجاز نیست: ${quote(node.toString())}`);
      case 'ArrayNode':
        return this.#fail(`ماتریس و آرایه مجاز نیست: ${quote(node.toString())}`);
      case 'ObjectNode':
        return this.#fail(`شیء مجاز نیست: ${quote(node.toString())}`);
      case 'RangeNode':
        return this.#fail(`بازه مجاز نیست: ${quote(node.toString())}`);
      case 'BlockNode':
        return this.#fail('فرمول باید یک عبارت باشد («;» مجاز نیست)');
      default:
        return this.#fail(`این ساختار مجاز نیست: ${quote(node.toString())}`);
    }
  }

  #accessor(n: Record<string, any>): Part {
    const object = n.object as MathNode & { name?: string };
    // `a.b` is parsed as an index with one dimension, the constant string "b"
    const index = n.index as { dotNotation: boolean; dimensions: { value?: unknown }[] };
    const text = (n as MathNode).toString();
    if (
      object.type !== 'SymbolNode' ||
      (object.name !== 'item' && object.name !== 'measure') ||
      n.optionalChaining === true ||
      !index.dotNotation
    )
      return this.#fail(
        `دسترسی به ویژگی مجاز نیست: ${quote(text)}؛ فقط item.‹کد قلم› و measure.‹کد سنجه› نوشته می‌شود`,
      );
    const ns = object.name;
    const code = index.dimensions[0]!.value as string;
    if (!(ns === 'item' ? this.known.items : this.known.measures).has(code))
      return this.#fail(`قلم یا سنجه ناشناخته: ${ns}.${code}`);
    return this.#ref(ns, code);
  }

  #operator(n: Record<string, any>): Part {
    const text = (n as MathNode).toString();
    if (n.implicit === true)
      return this.#fail(
        `ضرب ضمنی مجاز نیست: ${quote(text)}؛ علامت * را بنویسید (واحد اندازه‌گیری هم پذیرفته نیست)`,
      );
    if (n.isPercentage === true) return this.#fail('نشانهٔ درصد «%» مجاز نیست؛ به‌جای آن ‎/ 100 بنویسید');
    const fnName = n.fn as string;
    const args = n.args as MathNode[];
    // mathjs gives the unary operators one argument and the binary ones two
    if (fnName === 'unaryMinus' || fnName === 'unaryPlus') {
      const a = this.check(args[0]!);
      const af = a.fn;
      return { fn: fnName === 'unaryMinus' ? (env) => -af(env) : af, refs: a.refs };
    }
    const compare = comparison(fnName);
    const binary = ['add', 'subtract', 'multiply', 'divide'].includes(fnName);
    if (compare || binary) {
      const [a, b] = this.#children(args) as [Part, Part];
      const af = a.fn;
      const bf = b.fn;
      const refs = union([a, b]);
      if (compare) return { fn: (env) => (compare(af(env), bf(env)) ? 1 : 0), refs };
      switch (fnName) {
        case 'add':
          return { fn: (env) => af(env) + bf(env), refs };
        case 'subtract':
          return { fn: (env) => af(env) - bf(env), refs };
        case 'multiply':
          return { fn: (env) => af(env) * bf(env), refs };
        default: {
          const signal: ZeroDivision = {
            zeroDivision: true,
            names: b.refs.size > 0 ? sortRefs([...b.refs]) : [this.text],
          };
          return {
            fn: (env) => {
              const d = bf(env);
              if (d === 0) throw signal;
              const a = af(env);
              const q = a / d;
              // a finite numerator over a denominator so small that the quotient overflows
              if ((q === Infinity || q === -Infinity) && Number.isFinite(a)) throw signal;
              return q;
            },
            refs,
          };
        }
      }
    }
    return this.#fail(`عملگر مجاز نیست: ${quote(n.op as string)} در ${quote(text)}`);
  }

  #function(n: Record<string, any>): Part {
    const callee = n.fn as MathNode & { name?: string };
    const text = (n as MathNode).toString();
    const allowed = 'توابع مجاز: min، max، abs، round';
    if (callee.type !== 'SymbolNode' || !(FORMULA_FUNCTIONS as readonly string[]).includes(callee.name!)) {
      const failed = this.#fail(`تابع مجاز نیست: ${quote(callee.toString())}؛ ${allowed}`);
      this.#children(n.args as MathNode[]); // to report what is wrong inside too
      return failed;
    }
    const name = callee.name as (typeof FORMULA_FUNCTIONS)[number];
    const argNodes = n.args as MathNode[];
    if (name === 'round') {
      if (argNodes.length !== 1 && argNodes.length !== 2)
        return this.#fail(`round یک یا دو ورودی می‌گیرد: ${quote(text)}`);
      let digits = 0;
      if (argNodes.length === 2) {
        const d = argNodes[1] as MathNode & { value?: unknown };
        // only a ConstantNode has a value; a negative literal is an operator node
        if (!Number.isInteger(d.value) || (d.value as number) > 15)
          return this.#fail(`ورودی دوم round باید عدد صحیح ${fa(0)} تا ${fa(15)} باشد: ${quote(text)}`);
        digits = d.value as number;
      }
      const a = this.check(argNodes[0]!);
      const af = a.fn;
      return { fn: (env) => roundHalfAway(af(env), digits), refs: a.refs };
    }
    if (name === 'abs') {
      if (argNodes.length !== 1) return this.#fail(`abs یک ورودی می‌گیرد: ${quote(text)}`);
      const a = this.check(argNodes[0]!);
      const af = a.fn;
      return { fn: (env) => Math.abs(af(env)), refs: a.refs };
    }
    if (argNodes.length === 0) return this.#fail(`${name} دست‌کم یک ورودی می‌گیرد: ${quote(text)}`);
    const parts = this.#children(argNodes);
    const fns = parts.map((p) => p.fn);
    const pick = name === 'min' ? Math.min : Math.max;
    const fn: Fn = (env) => {
      let r = fns[0]!(env);
      for (let i = 1; i < fns.length; i++) r = pick(r, fns[i]!(env));
      return r;
    };
    return { fn, refs: union(parts) };
  }
}

const union = (parts: readonly Part[]): Set<string> => {
  const s = new Set<string>();
  for (const p of parts) for (const r of p.refs) s.add(r);
  return s;
};

/**
 * Parses and checks a formula's `text` against the `known` chart and measure codes. On success
 * the formula is compiled and ready for `evaluateFormula`; otherwise every problem found, in
 * Persian: empty text, a syntax error (with its position `at`, 0-based), an unknown reference
 * («قلم یا سنجه ناشناخته: item.x»), a construct that is not allowed (naming it). Never throws.
 */
export function parseFormula(text: string, known: KnownReferences): ParseFormulaResult {
  if (text.trim() === '') return { ok: false, errors: [{ messageFa: 'فرمول خالی است.' }] };
  if (text.length > MAX_FORMULA_LENGTH)
    return {
      ok: false,
      errors: [{ messageFa: `فرمول بیش از ${fa(MAX_FORMULA_LENGTH)} نویسه است.` }],
    };
  const source = toParserText(text);
  let root: MathNode;
  try {
    root = mathParse(source);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const char = (e as { char?: unknown }).char;
    // mathjs' SyntaxError carries the 1-based position `char`; a RangeError has none
    if (typeof char === 'number') {
      const at = Math.min(char - 1, text.length);
      return {
        ok: false,
        errors: [{ messageFa: `خطای نحوی در نویسهٔ ${fa(at + 1)}: ${syntaxDetailFa(message)}`, at }],
      };
    }
    // Nesting too deep for the parser (RangeError) or another failure without a position.
    return { ok: false, errors: [{ messageFa: `خطای نحوی: ${syntaxDetailFa(message)}` }] };
  }
  const checker = new Checker(known, text.trim());
  let part: Part;
  try {
    part = checker.check(root);
  } catch {
    return { ok: false, errors: [{ messageFa: 'فرمول بیش از حد تودرتو است.' }] };
  }
  if (checker.errors.length > 0) return { ok: false, errors: checker.errors };
  return { ok: true, formula: new ParsedFormula(text, part.fn, checker.slots) };
}
