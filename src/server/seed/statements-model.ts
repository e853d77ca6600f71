import { filingDueDate } from '../../domain/finance/filing.ts';
import { LINE_ITEM_KEYS } from '../../domain/finance/line-items.ts';
import {
  applyMove,
  type EntryState,
  INITIAL_STATEMENT_ENTRY,
  type StatementEntryContext,
  type StatementEntryEvent,
} from '../../domain/finance/statement-entry.ts';
import { parseJalaliDate } from '../../domain/jalali.ts';
import type { Rng } from '../../domain/random.ts';

/**
 * Demo annual financial statements of state companies: line items that tie (checks.ts), retained
 * earnings that roll forward from year to year, article 141 cases, late filings, and entry states
 * replayed through the statement entry machine (statement-entry.ts). Pure: no I/O, no clock (the
 * seed's "today" is passed in), all randomness from the given generator.
 */

/** One company the statements are generated for. */
export interface StatementCompany {
  id: number;
  /** registered capital in IRR (a bigint or decimal string, may be null → pick a plausible one) */
  capitalIrr: bigint | string | null;
  listed: boolean;
  /** manufacturing or not (drives cost structure) */
  manufacturing: boolean;
  employees: number | null;
}

/** The auditor's opinion on an audited statement. */
export type AuditorOpinion = 'unqualified' | 'qualified' | 'adverse' | 'disclaimer';

/** One generated annual statement (one company, one Jalali fiscal year). */
export interface GeneratedStatement {
  legalPersonId: number;
  /** Jalali year, e.g. 1403 */
  fiscalYear: number;
  periodMonths: 12;
  /** ISO date of the last day of Esfand (30 in leap years, else 29) */
  periodEnd: string;
  /**
   * items keyed by line item key (every LINE_ITEM_KEYS entry) plus 'other_operating' and
   * 'dividends' (dividends POSITIVE amount declared from retained earnings during the year);
   * million IRR; employees a head count. Empty for a statement in `not_started`.
   */
  items: Record<string, number>;
  audited: boolean;
  /** null when not audited */
  auditorOpinion: AuditorOpinion | null;
  /** the entry context after replaying the moves through applyMove (state, checksPassed, history) */
  entry: StatementEntryContext;
  /** ISO timestamp of the first SUBMIT (null when never submitted) */
  filedAt: string | null;
  /** what the generator intended, for tests and for a screen badge */
  traits: { late: boolean; inconsistent: boolean; loss: boolean; article141: boolean };
}

/** Options of `generateStatements`. */
export interface GenerateStatementsOptions {
  /** Jalali fiscal years (any order; duplicates ignored), e.g. [1399, 1400, 1401, 1402, 1403] */
  years: readonly number[];
  /** user id (positive integer) of the reviewer: REVIEW and RETURN moves */
  reviewerId: number;
  /** user id (positive integer) of the preparer: SAVE_DRAFT and SUBMIT moves */
  preparerId: number;
  /** ISO timestamp, the seed's "today": no move and no filing is later */
  now: string;
}

const DAY_MS = 86_400_000;
/** 08:00 Tehran (+03:30) as an offset from UTC midnight: moves are made in office hours. */
const OFFICE_OPEN_MS = 4.5 * 3_600_000;

/** Reasons a reviewer gives when returning a statement (the first is the classic one). */
const RETURN_NOTES = [
  'تراز آزمایشی با ترازنامه نمی‌خواند؛ اصلاح شود',
  'هزینه‌های مالی با یادداشت تسهیلات دریافتی مغایرت دارد؛ اصلاح شود',
  'سود انباشته با صورت تغییرات در حقوق مالکانه تطبیق داده شود',
  'تعداد کارکنان با فهرست بیمه مطابقت ندارد',
  'گزارش حسابرس مستقل و بازرس قانونی پیوست نشده است',
  'بهای تمام‌شده درآمدهای عملیاتی بدون یادداشت تفکیکی آمده است؛ تکمیل شود',
] as const;
/** Reason for reopening a reviewed statement. */
const REOPEN_NOTE = 'پس از بررسی، تجدید ارائه صورت‌های مالی لازم است؛ ارقام اصلاح و دوباره ارسال شود';

/** The error checks an inconsistent statement breaks (exactly one of them), with weights. */
const FAULTS = [
  ['balance', 0.3],
  ['gross_profit', 0.15],
  ['operating_profit', 0.15],
  ['liabilities_split', 0.15],
  ['current_assets_components', 0.1],
  ['assets_within_total', 0.05],
  ['non_negative', 0.1],
] as const;
type Fault = (typeof FAULTS)[number][0];

type Outcome = Exclude<EntryState, 'not_started'>;

interface YearDates {
  year: number;
  /** ISO date of the fiscal year end (last day of Esfand) */
  end: string;
  /** UTC midnight of `end`, ms */
  endMs: number;
  /** ISO date of the filing due date: four months after the year end (domain/finance/filing.ts, 29 or 30 Tir) */
  due: string;
  /** whole days from `end` to `due` */
  dueDay: number;
  /** end of the due day in Tehran (+03:30), ms: a filing after it is late */
  deadlineMs: number;
}

function yearDates(year: number): YearDates {
  const end = parseJalaliDate(`${year}/12/30`) ?? parseJalaliDate(`${year}/12/29`);
  const due = end ? filingDueDate(end, 12) : null;
  if (!end || !due) throw new RangeError(`fiscal year out of range: ${year}`);
  const endMs = Date.parse(`${end}T00:00:00Z`);
  return {
    year,
    end,
    endMs,
    due,
    dueDay: Math.round((Date.parse(`${due}T00:00:00Z`) - endMs) / DAY_MS),
    deadlineMs: Date.parse(`${due}T23:59:59.999+03:30`),
  };
}

const uniform = (rng: Rng, a: number, b: number) => a + rng.next() * (b - a);
const logUniform = (rng: Rng, a: number, b: number) =>
  Math.exp(Math.log(a) + rng.next() * (Math.log(b) - Math.log(a)));

/** Registered capital in million IRR (rounded, at least 1), or null when absent or unusable. */
function capitalMillions(raw: bigint | string | null): number | null {
  let irr: bigint | null = null;
  if (typeof raw === 'bigint') irr = raw;
  else if (typeof raw === 'string') {
    const s = raw.trim();
    if (/^\d+$/.test(s)) irr = BigInt(s);
    else if (s !== '') {
      const n = Number(s);
      if (Number.isFinite(n) && n >= 0) return Math.max(1, Math.round(n / 1e6));
    }
  }
  if (irr === null || irr < 0n) return null;
  return Math.max(1, Number((irr + 500_000n) / 1_000_000n));
}

/** Entry moves, each decided by `applyMove` (see `EntryReplayer`). */
class EntryReplayer {
  private readonly decided = new Map<
    string,
    { to: EntryState; checksPassed: boolean; note: string | null }
  >();

  /**
   * The context after `event`, exactly as `applyMove(context, event)` returns it; throws when the
   * machine refuses the move. The machine's guards and its `record` action read only the state,
   * `checksPassed` and the event (never the history), and every `at` here is a well-formed
   * `toISOString()`, so the decision for one (state, checksPassed, move, checksPassed of a save,
   * user, note) is asked of `applyMove` once and reused: replaying 100,000 statements move by
   * move through XState costs ~30 µs a move. The unit test replays every history through
   * `applyMove` itself and compares.
   */
  move(context: StatementEntryContext, event: StatementEntryEvent): StatementEntryContext {
    const key = `${context.state}|${context.checksPassed}|${event.type}|${
      event.type === 'SAVE_DRAFT' ? event.checksPassed : ''
    }|${event.by}|${event.note ?? ''}`;
    let d = this.decided.get(key);
    if (!d) {
      const next = applyMove(
        { state: context.state, checksPassed: context.checksPassed, history: [] },
        event,
      );
      if (!next) throw new Error(`statement entry: ${event.type} refused in state ${context.state}`);
      d = { to: next.state, checksPassed: next.checksPassed, note: next.history[0]!.note };
      this.decided.set(key, d);
    }
    return {
      state: d.to,
      checksPassed: d.checksPassed,
      history: [
        ...context.history,
        { from: context.state, to: d.to, by: event.by, at: event.at, note: d.note },
      ],
    };
  }
}

/** One planned move: its type, the day after the year end it is made on, and its fields. */
interface Step {
  type: StatementEntryEvent['type'];
  day: number;
  checksPassed?: boolean;
  note?: string;
}

/**
 * The moves leading to `outcome`. Saves pass their checks except the last ones of an
 * inconsistent statement (which ends as a draft); the first SUBMIT is on time (by `dueDay`) or
 * `late`.
 */
function planMoves(rng: Rng, outcome: Outcome, inconsistent: boolean, late: boolean, dueDay: number): Step[] {
  const steps: Step[] = [];
  let day = rng.int(15, 90);
  const save = (passed: boolean) => steps.push({ type: 'SAVE_DRAFT', day, checksPassed: passed });
  const after = (min: number, max: number) => {
    day += rng.int(min, max);
  };
  /** First save(s) then the first submission, on time or late. */
  const firstSubmission = () => {
    const submitDay = late ? dueDay + rng.int(1, 200) : rng.int(day + 1, Math.max(day + 1, dueDay));
    save(true);
    for (let extra = rng.int(0, 2); extra > 0; extra--) {
      const next = day + rng.int(1, 12);
      if (next >= submitDay) break;
      day = next;
      save(true);
    }
    day = submitDay;
    steps.push({ type: 'SUBMIT', day });
  };
  const returned = (note: string) => {
    after(3, 40);
    steps.push({ type: 'RETURN', day, note });
  };
  const resubmit = () => {
    after(2, 30);
    save(true);
    after(1, 20);
    steps.push({ type: 'SUBMIT', day });
  };
  const review = () => {
    after(3, 60);
    steps.push({ type: 'REVIEW', day });
  };
  const returnNote = () => (rng.chance(0.4) ? RETURN_NOTES[0] : rng.pick(RETURN_NOTES));

  if (outcome === 'draft') {
    if (inconsistent && rng.chance(0.3)) {
      // handed in, returned, and the correction broke a check
      firstSubmission();
      returned(RETURN_NOTES[0]);
      after(2, 30);
    }
    const passed = !inconsistent;
    save(passed);
    for (let extra = rng.int(0, 2); extra > 0; extra--) {
      after(1, 20);
      save(passed);
    }
    return steps;
  }
  firstSubmission();
  if (outcome === 'submitted') {
    if (rng.chance(0.15)) {
      returned(returnNote());
      resubmit();
    }
    return steps;
  }
  if (outcome === 'returned') {
    if (rng.chance(0.2)) {
      review();
      returned(REOPEN_NOTE);
    } else returned(returnNote());
    return steps;
  }
  // reviewed
  const r = rng.next();
  if (r < 0.15) {
    returned(returnNote());
    resubmit();
  } else if (r < 0.18) {
    review();
    returned(REOPEN_NOTE);
    resubmit();
  }
  review();
  return steps;
}

/**
 * Timestamps of `steps` (ISO, strictly increasing, office hours in Tehran), squeezed into
 * (year end, now] when the plan runs past `now`; null when there is no room for them.
 */
function stepTimes(rng: Rng, steps: readonly Step[], endMs: number, nowMs: number): string[] | null {
  const ms = steps.map((s) => endMs + s.day * DAY_MS + OFFICE_OPEN_MS + rng.int(0, 8 * 3600 - 1) * 1000);
  const last = ms[ms.length - 1]!;
  if (last > nowMs) {
    const base = endMs + DAY_MS + OFFICE_OPEN_MS;
    const room = nowMs - base - steps.length * 1000;
    if (room < steps.length * 60_000) return null;
    const scale = room / (last - base);
    let prev = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < ms.length; i++) {
      const t = Math.max(base + Math.floor(((ms[i]! - base) * scale) / 1000) * 1000, prev + 1000);
      ms[i] = t;
      prev = t;
    }
  }
  return ms.map((t) => new Date(t).toISOString());
}

function pickWeighted<T>(rng: Rng, options: readonly (readonly [T, number])[]): T {
  let r = rng.next() * options.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of options) {
    r -= w;
    if (r < 0) return v;
  }
  return options[options.length - 1]![0];
}

/** Outcome weights: older years, the latest year while it may still be filed, and after its due date. */
const OUTCOMES_OLDER = [
  ['reviewed', 0.93],
  ['submitted', 0.025],
  ['returned', 0.02],
  ['draft', 0.025],
] as const;
const OUTCOMES_LATEST_OPEN = [
  ['not_started', 0.15],
  ['draft', 0.25],
  ['submitted', 0.3],
  ['returned', 0.05],
  ['reviewed', 0.25],
] as const;
const OUTCOMES_LATEST_DUE = [
  ['not_started', 0.04],
  ['draft', 0.1],
  ['submitted', 0.25],
  ['returned', 0.06],
  ['reviewed', 0.55],
] as const;

/** A non-zero slip of a few digits, of either sign. */
const slip = (rng: Rng) => (rng.chance(0.5) ? 1 : -1) * rng.int(1, 999);

/** Breaks exactly one error check of `items` (see FAULTS); never touches retained earnings or net profit. */
function breakOneCheck(rng: Rng, items: Record<string, number>, fault: Fault): void {
  const v = (k: string) => items[k]!;
  switch (fault) {
    case 'balance':
      items.total_equity = v('total_equity') + slip(rng);
      break;
    case 'gross_profit':
      items.cost_of_revenue = v('cost_of_revenue') - rng.int(1, 999);
      break;
    case 'operating_profit':
      items.operating_expenses = v('operating_expenses') - rng.int(1, 999);
      break;
    case 'liabilities_split':
      items.non_current_liabilities = v('non_current_liabilities') + rng.int(1, 999);
      break;
    case 'current_assets_components':
      items.inventory = v('current_assets') - v('cash') - v('receivables') + rng.int(1, 999);
      break;
    case 'assets_within_total':
      items.fixed_assets = v('total_assets') - v('current_assets') + rng.int(1, 999);
      break;
    case 'non_negative': {
      // an amount typed with a sign: cash, or the payroll entered as a cost
      const k = rng.chance(0.5) ? 'cash' : 'wages';
      items[k] = v(k) > 0 ? -v(k) : -rng.int(1, 99);
      break;
    }
  }
}

/**
 * Annual financial statements for every company over `opts.years` (Jalali fiscal years),
 * deterministic for a given `rng` state (same state, companies and options → same output).
 * Output: company by company in input order, fiscal years ascending.
 *
 * Shapes and units: `items` carries every LINE_ITEM_KEYS key plus `other_operating` (the net of
 * the other operating lines, signed as filed) and `dividends` (declared during the year out of
 * retained earnings, POSITIVE), all integers in million IRR signed as filed (costs, expenses and
 * finance costs negative), `employees` a head count, `wages` and `intermediate_consumption`
 * positive. `capital` = registered capital / 1e6 rounded (at least 1; a plausible one when
 * absent), constant over the years. A statement in `not_started` has `items = {}` and the
 * initial entry context.
 *
 * Rules the figures keep (so every error check of `checkStatement` passes, given
 * `otherOperating` = items.other_operating, and the retained-earnings warning passes against the
 * previous year's statement with `dividends` = items.dividends):
 * - total_assets = total_liabilities + total_equity; total_liabilities = current + non-current;
 *   cash + receivables + inventory ≤ current_assets; current_assets + fixed_assets ≤ total_assets;
 *   total_equity = capital + retained_earnings + reserves (reserves ≥ 0, not an item), so it may
 *   be negative (total_equity is not among NON_NEGATIVE_ITEMS) after heavy losses.
 * - gross_profit = revenue + cost_of_revenue; operating_profit = gross_profit + operating_expenses
 *   + other_operating; net_profit = operating_profit + finance_costs + non-operating items and tax.
 * - retained_earnings = previous retained_earnings + net_profit − dividends, exactly, also over a
 *   year with no statement; dividends ≤ previous retained earnings when those are positive, else 0.
 * - Revenue grows by about the inflation rate (nominal −25 % … +55 % a year); assets follow it.
 *
 * Traits (`traits` says what was intended; `loss` ⇔ net_profit < 0, `article141` ⇔ article 141
 * reached on that statement, `late` ⇔ `filedAt` after the end of the due date in Tehran, four
 * months after the year end (domain/finance/filing.ts); all false on a `not_started` statement):
 * - ~6 % of company-years have no statement at all, ~25 % in the latest year that can have one;
 *   fiscal years ending after `now` never have one. About a tenth of companies are poor filers
 *   (more missing and late years).
 * - ~15 % of statements show a loss; ~5 % of companies (with two years or more) cross article 141
 *   (retained earnings ≤ −½ capital) in a year after the first and stay past it; no other company
 *   ever reaches it.
 * - ~4 % of statements are inconsistent: exactly one error check fails (a slip of 1–999 in one
 *   cell: balance, a subtotal, a component sum or a sign); these are drafts whose last save's
 *   checks failed (the machine allows nothing else: a returned statement's figures are the
 *   submitted ones, which passed).
 * - ~12 % of filed statements are filed late.
 * - Entry: moves replayed through `applyMove` from INITIAL_STATEMENT_ENTRY (throws if one is
 *   refused): the preparer saves and submits, the reviewer reviews or returns with a Persian note;
 *   older years are mostly reviewed (some after a return and correction, a few reopened), the
 *   latest year is a mix of not_started, draft, submitted, returned and reviewed. Timestamps are
 *   strictly increasing, after the year end and never after `now`; `filedAt` is the first SUBMIT.
 * - `audited` ~80 % before the latest year (fewer in it); opinions ~75 % unqualified, ~20 %
 *   qualified, adverse and disclaimer rare (more often for article 141 companies).
 *
 * Throws a RangeError on a user id that is not a positive integer, an unparsable `now`, or a
 * fiscal year outside 1200–1498.
 */
export function generateStatements(
  rng: Rng,
  companies: readonly StatementCompany[],
  opts: GenerateStatementsOptions,
): GeneratedStatement[] {
  for (const [name, id] of [
    ['reviewerId', opts.reviewerId],
    ['preparerId', opts.preparerId],
  ] as const) {
    if (!Number.isSafeInteger(id) || id <= 0)
      throw new RangeError(`${name} must be a positive integer: ${id}`);
  }
  const nowMs = Date.parse(opts.now);
  if (Number.isNaN(nowMs)) throw new RangeError(`now is not an ISO timestamp: ${opts.now}`);
  const wanted = new Set(opts.years);
  if (wanted.size === 0) return [];
  for (const y of wanted)
    if (!Number.isInteger(y)) throw new RangeError(`fiscal year must be an integer: ${y}`);
  const first = Math.min(...wanted);
  const lastYear = Math.max(...wanted);
  // every year of the range is modelled (retained earnings roll forward through all of them)
  const dates: YearDates[] = [];
  for (let y = first; y <= lastYear; y++) dates.push(yearDates(y));
  const span = dates.length;
  /** Whether year index i can have a statement (wanted, and ended at least a day before now). */
  const fileable = dates.map((d) => wanted.has(d.year) && d.endMs + 2 * DAY_MS <= nowMs);
  const latestIdx = fileable.lastIndexOf(true);
  if (latestIdx < 0) return [];
  const latestOpen = dates[latestIdx]!.deadlineMs > nowMs;
  const firstIdx = fileable.indexOf(true);

  const replayer = new EntryReplayer();
  const out: GeneratedStatement[] = [];

  for (const company of companies) {
    // ----- the company's profile (constant over the years)
    const givenCapital = capitalMillions(company.capitalIrr);
    const capital =
      givenCapital ?? Math.round(company.listed ? logUniform(rng, 50_000, 5e7) : logUniform(rng, 1_000, 5e6));
    const manufacturing = company.manufacturing;
    const poorFiler = rng.chance(0.1);
    // article 141: crosses the threshold in year index k (not the first fileable one), stays past it
    const art141 = latestIdx > firstIdx && rng.chance(0.05);
    const reachIdx = art141 ? rng.int(firstIdx + 1, latestIdx) : -1;
    const chronicLoss = !art141 && rng.chance(0.25);
    const lossChance = art141 ? 0.6 : chronicLoss ? 0.33 : 0.065;
    const baseMargin = art141 ? uniform(rng, 0.005, 0.04) : uniform(rng, 0.04, 0.2);
    const taxRate = uniform(rng, 0.05, 0.25);
    const payout = uniform(rng, 0.2, 0.8);
    const interestRate = uniform(rng, 0.03, 0.09);
    const turnover = manufacturing ? uniform(rng, 0.5, 1.4) : uniform(rng, 0.3, 1.2);
    const costShare = manufacturing ? uniform(rng, 0.03, 0.08) : uniform(rng, 0.06, 0.16);
    const currentShare = uniform(rng, 0.3, 0.7);
    const wageShare = manufacturing ? uniform(rng, 0.06, 0.18) : uniform(rng, 0.12, 0.32);
    const wageFactor = uniform(rng, 0.6, 1.6);
    /** Yearly cost of one employee, million IRR (about 2.5 billion IRR in 1403, +30 %/yr). */
    const wagePerHead = (year: number) => wageFactor * 2_500 * 1.3 ** (year - 1403);
    const givenEmployees =
      company.employees !== null && Number.isFinite(company.employees) && company.employees >= 0
        ? Math.round(company.employees)
        : null;

    let revenue = Math.max(capital * (art141 ? uniform(rng, 2, 5) : uniform(rng, 0.5, 4)), 50);
    if (givenEmployees !== null)
      revenue = Math.max(revenue, (givenEmployees * wagePerHead(first)) / wageShare);
    revenue = Math.round(revenue / (1 + uniform(rng, 0.2, 0.35))); // the year before the first
    let employees = givenEmployees ?? Math.max(3, Math.round((revenue * wageShare) / wagePerHead(first - 1)));

    // ----- opening balances (end of the year before the first)
    const notReachedFloor = 0 - Math.floor((capital - 1) / 2); // retained earnings ≥ this: not reached
    const floorOther = Math.max(0 - Math.floor(0.4 * capital), notReachedFloor);
    const floorBefore141 = Math.max(0 - Math.floor(0.45 * capital), notReachedFloor);
    let retained = art141
      ? Math.max(0 - Math.round(capital * uniform(rng, 0.05, 0.3)), floorBefore141)
      : Math.max(Math.round(revenue * uniform(rng, -0.03, 0.35)), floorOther);
    let reserves = Math.round(capital * (art141 ? uniform(rng, 0, 0.05) : uniform(rng, 0.02, 0.4)));
    let liabilities = Math.round((revenue / turnover) * uniform(rng, 0.3, 0.6));
    let totalAssets = Math.round(revenue / turnover);
    let lastProfit = Math.round(revenue * baseMargin);

    for (let i = 0; i < span; i++) {
      const d = dates[i]!;
      // ----- the year's economics (modelled whether or not a statement is filed)
      const growth = rng.chance(0.1) ? uniform(rng, -0.25, 0.05) : uniform(rng, 0.05, 0.55);
      revenue = Math.max(1, Math.round(revenue * (1 + growth)));
      if (givenEmployees === null) employees = Math.max(3, Math.round(employees * uniform(rng, 0.96, 1.05)));

      let dividends = 0;
      if (retained > 0 && lastProfit > 0 && !rng.chance(0.15))
        dividends = Math.min(retained, Math.round(lastProfit * payout));

      const reached = art141 && i >= reachIdx;
      const wantLoss = reached || rng.chance(lossChance);
      const margin = wantLoss
        ? -(art141 ? uniform(rng, 0.03, 0.3) : uniform(rng, 0.01, 0.15))
        : Math.min(0.25, Math.max(0.005, baseMargin + uniform(rng, -0.04, 0.05)));
      let net = Math.round(margin * revenue);
      if (wantLoss) net = Math.min(net, -1);
      if (!art141 || i < reachIdx)
        net = Math.max(net, (art141 ? floorBefore141 : floorOther) - retained + dividends);
      if (art141 && i === reachIdx) {
        const target = 0 - Math.ceil(capital / 2) - Math.round(capital * uniform(rng, 0.01, 0.2));
        net = Math.min(net, target - retained + dividends);
      }

      // income statement, from the net profit up
      const opex = 0 - Math.round(revenue * costShare * uniform(rng, 0.85, 1.15));
      const otherOperating = Math.round(revenue * uniform(rng, -0.015, 0.02));
      const financeCosts = 0 - Math.round(Math.min(liabilities * interestRate, revenue * 0.12));
      const nonOperating = Math.round(revenue * uniform(rng, -0.005, 0.02));
      const preTax = net > 0 ? Math.round(net / (1 - taxRate)) : net;
      const operatingProfit = preTax - financeCosts - nonOperating;
      const grossProfit = operatingProfit - opex - otherOperating;
      const costOfRevenue = grossProfit - revenue;
      const costs = -costOfRevenue - opex;
      const wages = Math.min(
        Math.round(employees * wagePerHead(d.year) * uniform(rng, 0.95, 1.05)),
        Math.floor(costs * 0.9),
      );
      const intermediate = Math.max(1, Math.round((costs - wages) * uniform(rng, 0.6, 0.9)));

      // balance sheet
      retained = retained + net - dividends;
      if (rng.chance(0.08)) reserves += Math.round(totalAssets * uniform(rng, 0.01, 0.08)); // revaluation
      const equity = capital + retained + reserves;
      totalAssets = Math.max(
        1,
        Math.round(revenue / (turnover * uniform(rng, 0.9, 1.1))),
        equity > 0 ? Math.ceil(equity / 0.85) : 1,
      );
      liabilities = totalAssets - equity;
      const currentAssets = Math.round(totalAssets * Math.min(0.95, currentShare * uniform(rng, 0.9, 1.1)));
      const fixedAssets = Math.floor((totalAssets - currentAssets) * uniform(rng, 0.45, 0.9));
      const cash = Math.floor(currentAssets * uniform(rng, 0.03, 0.2));
      const receivables = Math.floor(currentAssets * uniform(rng, 0.2, 0.45));
      const inventory = Math.floor(
        currentAssets * (manufacturing ? uniform(rng, 0.15, 0.35) : uniform(rng, 0, 0.12)),
      );
      const currentLiabilities = Math.round(liabilities * uniform(rng, 0.5, 0.85));
      lastProfit = net;

      // ----- the statement, if any
      if (!fileable[i]) continue;
      const latest = i === latestIdx;
      if (rng.chance(latest ? (poorFiler ? 0.6 : 0.21) : poorFiler ? 0.3 : 0.0333)) continue;

      const outcome: EntryState = latest
        ? pickWeighted(rng, latestOpen ? OUTCOMES_LATEST_OPEN : OUTCOMES_LATEST_DUE)
        : pickWeighted(rng, OUTCOMES_OLDER);
      const inconsistent = outcome !== 'not_started' && rng.chance(0.042);
      const lateWanted = rng.chance(poorFiler ? 0.4 : 0.1);
      let steps: Step[] = [];
      let times: string[] | null = [];
      if (outcome !== 'not_started') {
        steps = planMoves(rng, inconsistent ? 'draft' : outcome, inconsistent, lateWanted, d.dueDay);
        times = stepTimes(rng, steps, d.endMs, nowMs);
      }
      if (outcome === 'not_started' || times === null) {
        out.push({
          legalPersonId: company.id,
          fiscalYear: d.year,
          periodMonths: 12,
          periodEnd: d.end,
          items: {},
          audited: false,
          auditorOpinion: null,
          entry: { ...INITIAL_STATEMENT_ENTRY, history: [] },
          filedAt: null,
          traits: { late: false, inconsistent: false, loss: false, article141: false },
        });
        continue;
      }

      const values: Record<(typeof LINE_ITEM_KEYS)[number], number> = {
        cash,
        receivables,
        inventory,
        current_assets: currentAssets,
        fixed_assets: fixedAssets,
        total_assets: totalAssets,
        current_liabilities: currentLiabilities,
        non_current_liabilities: liabilities - currentLiabilities,
        total_liabilities: liabilities,
        capital,
        retained_earnings: retained,
        total_equity: equity,
        revenue,
        cost_of_revenue: costOfRevenue,
        gross_profit: grossProfit,
        operating_expenses: opex,
        operating_profit: operatingProfit,
        finance_costs: financeCosts,
        net_profit: net,
        employees,
        wages,
        intermediate_consumption: intermediate,
      };
      const items: Record<string, number> = {};
      for (const k of LINE_ITEM_KEYS) items[k] = values[k];
      items.other_operating = otherOperating;
      items.dividends = dividends;
      if (inconsistent) breakOneCheck(rng, items, pickWeighted(rng, FAULTS));

      let entry: StatementEntryContext = { ...INITIAL_STATEMENT_ENTRY, history: [] };
      let filedAt: string | null = null;
      for (let s = 0; s < steps.length; s++) {
        const step = steps[s]!;
        const at = times[s]!;
        const event: StatementEntryEvent =
          step.type === 'SAVE_DRAFT'
            ? { type: 'SAVE_DRAFT', checksPassed: step.checksPassed === true, by: opts.preparerId, at }
            : step.type === 'SUBMIT'
              ? { type: 'SUBMIT', by: opts.preparerId, at }
              : step.type === 'REVIEW'
                ? { type: 'REVIEW', by: opts.reviewerId, at }
                : { type: 'RETURN', note: step.note!, by: opts.reviewerId, at };
        entry = replayer.move(entry, event);
        if (step.type === 'SUBMIT' && filedAt === null) filedAt = at;
      }

      const audited = latest
        ? rng.chance(entry.state === 'draft' ? 0.15 : 0.5)
        : rng.chance(poorFiler ? 0.6 : 0.82);
      let auditorOpinion: AuditorOpinion | null = null;
      if (audited) {
        const r = rng.next();
        const [unq, qual, adv] = art141 ? [0.45, 0.85, 0.9] : [0.75, 0.95, 0.975];
        auditorOpinion =
          r < unq ? 'unqualified' : r < qual ? 'qualified' : r < adv ? 'adverse' : 'disclaimer';
      }

      out.push({
        legalPersonId: company.id,
        fiscalYear: d.year,
        periodMonths: 12,
        periodEnd: d.end,
        items,
        audited,
        auditorOpinion,
        entry,
        filedAt,
        traits: {
          late: filedAt !== null && Date.parse(filedAt) > d.deadlineMs,
          inconsistent,
          loss: net < 0,
          article141: reached,
        },
      });
    }
  }
  return out;
}
