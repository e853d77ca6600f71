import { formatNumber } from '../persian-text.ts';
import { type CompanyState, compareDates, type DatedHolding, holdingsOn, isValidOn } from './as-of.ts';
import { type ControlResult, type StateClass, stateClasses, ultimateController } from './control.ts';
import {
  type BuildResult,
  buildOwnershipGraph,
  type Holding,
  type OwnershipDataError,
  type OwnershipGraph,
  SHARE_SUM_TOLERANCE,
} from './graph.ts';
import { ownersOf } from './integrated.ts';

/**
 * A change of the corporate structure drafted by an analyst (issue 17,
 * /person/corporate-structure-modification): operations on the direct holdings, applied all or
 * nothing on an effective date, and their effect on the state's share, class and control.
 *
 * Nodes are keys: `L<id>` a legal person, `T<id>` a true person; a company is always `L<id>`.
 * Shares are fractions in (0, 1]; results are rounded to SHARE_DECIMALS decimals, the precision
 * the holdings are stored with (shareholdings.percentage numeric(9, 6)).
 *
 * Operations, applied in order to the holdings valid on the effective date (each sees what the
 * ones before it did):
 *   - transfer {company, from, to, share}: `from` passes `share` of the company to `to`; refused
 *     when `from` holds less, or its share (or `to`'s) is not known.
 *   - add {company, holder, share}: `holder` gets `share` more of the company; refused when the
 *     company's known holdings would then exceed 100% (graph.ts: a company's shares are divided
 *     among its holders).
 *   - remove {company, holder}: the holder's holding ends (its part goes to the free float).
 *   - divest {company, holder, share}: the holder sells `share` to the free float: its holding
 *     shrinks and nobody else gains; refused when it holds less.
 *   - merge {absorbed, into, ratio}: the absorbed company is merged into `into` (a merger by
 *     absorption). `ratio` is the fraction of the merged `into` that a whole absorbed company is
 *     worth, so `into` issues new shares: its former holders are diluted to (1 − ratio) of their
 *     shares, and whoever held x of the absorbed company holds x·ratio of `into` (added to what it
 *     held there). What the absorbed company held in other companies passes to `into` (added to
 *     `into`'s own holding). A holding of either company in the other is cancelled (a company
 *     does not hold its own shares); the absorbed company's own holders end, and it holds nothing.
 *     Totals stay within 100%: (1 − ratio)·Σ_into + ratio·Σ_absorbed ≤ 1.
 * After each operation, a company whose known holdings exceed 100% refuses it; after all, a cycle
 * of holdings the change makes divergent (graph.ts) refuses the last operation touching it. An
 * operation on a company that has a holding starting after the effective date is refused: the
 * change would be recorded before a later one it cannot see.
 *
 * Dates (as-of.ts: both ends inclusive): a holding the change ends or alters gets valid_to =
 * effective_on − 1 day (one that started on effective_on itself is superseded: left out); the
 * holdings it creates or alters start on effective_on, open-ended. A
 * holder's several rows in one company (share classes) become one row when an operation touches
 * them. A holding that ends up where it was (the same total share) is left as it is.
 */

export type StructureOperation =
  | { kind: 'transfer'; company: string; from: string; to: string; share: number }
  | { kind: 'add'; company: string; holder: string; share: number }
  | { kind: 'remove'; company: string; holder: string }
  | { kind: 'divest'; company: string; holder: string; share: number }
  | { kind: 'merge'; absorbed: string; into: string; ratio: number };

export type StructureOperationKind = StructureOperation['kind'];

/** Persian names of the operations, as messages and screens call them. */
export const OPERATION_TITLES: Record<StructureOperationKind, string> = {
  transfer: 'انتقال سهم',
  add: 'افزودن سهامدار',
  remove: 'حذف سهامدار',
  divest: 'واگذاری به شناور آزاد',
  merge: 'ادغام',
};

/** An operation that cannot be applied: its index in the list (from 0) and why, in Persian. */
export type OperationError = { index: number; message: string };

/** A holding the change creates: valid from the effective date, open-ended. */
export type NewHolding = Holding & {
  validFrom: string;
  validTo: null;
  /** indices (in the input) of the rows it continues (same holder and company); [] when new */
  continues: number[];
};

export type StructureChange =
  | {
      ok: true;
      effectiveOn: string;
      /** the valid_to the ended rows get: the day before effectiveOn */
      endOn: string;
      /** indices (in the input) of the rows the change ends */
      ended: number[];
      /**
       * indices (in the input) of the ended rows that started on effectiveOn itself: the change
       * supersedes them on their first day (valid_to = effectiveOn − 1 would precede their
       * valid_from), so they are left out of `holdings` (the server deletes them)
       */
      superseded: number[];
      added: NewHolding[];
      /** every holding after the change: the input (ended rows with their new valid_to) and the added */
      holdings: DatedHolding[];
      /** the companies whose holders change, in order of first appearance */
      touched: string[];
    }
  | { ok: false; errors: OperationError[]; touched: string[] };

/** Decimals of a stored share (fraction). */
export const SHARE_DECIMALS = 6;
const SCALE = 10 ** SHARE_DECIMALS;
/** A share rounded to what is stored. */
export const roundShare = (x: number) => Math.round(x * SCALE) / SCALE;

/** The ISO day before `iso`. */
export function dayBefore(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** A fraction as a Persian percentage, up to four decimals: 0.305 → «۳۰٫۵٪». */
export const percentText = (x: number) => `${formatNumber(Math.round(x * 100 * 1e4) / 1e4)}٪`;

const isCompany = (key: string) => /^L\d+$/.test(key);
const isNode = (key: string) => /^[LT]\d+$/.test(key);

/** The companies an operation names as companies (those whose holders it changes directly). */
export function operationCompanies(op: StructureOperation): string[] {
  return op.kind === 'merge' ? [op.absorbed, op.into] : [op.company];
}

/** Every node an operation names (companies and holders). */
export function operationNodes(op: StructureOperation): string[] {
  switch (op.kind) {
    case 'transfer':
      return [op.company, op.from, op.to];
    case 'merge':
      return [op.absorbed, op.into];
    default:
      return [op.company, op.holder];
  }
}

/** `initial`: the sum of its rows' shares (null: not known); `share`: what the change makes of it. */
type Entry = { share: number | null; initial: number | null; sources: number[] };

const sum = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);
const times = (a: number | null, k: number) => (a === null ? null : a * k);

/** The live holdings being changed: (holder, company) → one entry. */
class Book {
  private readonly pairs = new Map<string, { holder: string; company: string; entry: Entry }>();
  private readonly holdersOf = new Map<string, Set<string>>();
  private readonly heldBy = new Map<string, Set<string>>();

  constructor(rows: readonly DatedHolding[], day: string) {
    rows.forEach((r, i) => {
      if (!isValidOn(r, day)) return;
      const e = this.pair(r.holder, r.company).entry;
      e.share = e.initial = sum(e.initial, r.share);
      e.sources.push(i);
    });
  }

  private pair(holder: string, company: string) {
    const k = `${holder}\u0000${company}`;
    let p = this.pairs.get(k);
    if (!p) {
      p = { holder, company, entry: { share: 0, initial: 0, sources: [] } };
      this.pairs.set(k, p);
      if (!this.holdersOf.has(company)) this.holdersOf.set(company, new Set());
      this.holdersOf.get(company)!.add(holder);
      if (!this.heldBy.has(holder)) this.heldBy.set(holder, new Set());
      this.heldBy.get(holder)!.add(company);
    }
    return p;
  }

  /** The holder's share of the company: 0 when none, null when not known. */
  share(holder: string, company: string): number | null {
    const p = this.pairs.get(`${holder}\u0000${company}`);
    return p ? p.entry.share : 0;
  }

  /** Sets the holder's share of the company (0: no holding), rounded. */
  set(holder: string, company: string, share: number | null) {
    const e = this.pair(holder, company).entry;
    e.share = share === null ? null : Math.max(0, roundShare(share));
  }

  /** The holders of `company` with a share other than 0 (null counts). */
  holders(company: string): [string, number | null][] {
    return [...(this.holdersOf.get(company) ?? [])]
      .map((h) => [h, this.share(h, company)] as [string, number | null])
      .filter(([, s]) => s !== 0);
  }

  /** What `holder` holds (share other than 0). */
  holdings(holder: string): [string, number | null][] {
    return [...(this.heldBy.get(holder) ?? [])]
      .map((c) => [c, this.share(holder, c)] as [string, number | null])
      .filter(([, s]) => s !== 0);
  }

  /** The sum of the company's known holdings. */
  total(company: string): number {
    let t = 0;
    for (const [, s] of this.holders(company)) t += s ?? 0;
    return t;
  }

  /** The pairs whose share differs from what their rows held. */
  *changes() {
    for (const { holder, company, entry } of this.pairs.values()) {
      const { initial, share } = entry;
      const same =
        initial === null || share === null
          ? initial === share
          : Math.abs(initial - share) <= SHARE_SUM_TOLERANCE;
      if (!same) yield { holder, company, share, sources: entry.sources };
    }
  }
}

/** Why `op` cannot be applied whatever the holdings (its nodes, its amount, a later holding), or null. */
function check(
  op: StructureOperation,
  companies: readonly string[],
  later: ReadonlySet<string>,
  n: (k: string) => string,
): string | null {
  if (!operationNodes(op).every(isNode) || !companies.every(isCompany))
    return 'شرکت باید شخص حقوقی و سهامدار شخص حقیقی یا حقوقی باشد';
  const laterOne = companies.find((c) => later.has(c));
  if (laterOne)
    return `برای ${n(laterOne)} سهامداری از پس از تاریخ اجرا ثبت شده است؛ تاریخ اجرا را پس از آن بگذارید`;
  const amount = op.kind === 'merge' ? op.ratio : op.kind === 'remove' ? 1 : op.share;
  if (!(amount > 0 && amount <= 1))
    return op.kind === 'merge' ? 'نسبت ادغام باید میان صفر و ۱۰۰٪ باشد' : 'سهم باید میان صفر و ۱۰۰٪ باشد';
  return null;
}

type Cycle = Extract<OwnershipDataError, { kind: 'divergent-cycle' }>;

/**
 * The divergent cycles of `holdings` (graph.ts). The builder looks for cycles only once the other
 * errors are gone, so the links those name (a share out of range, the holdings of an over-held
 * company) are first set aside as unknown shares, as the server's store does (store.ts
 * buildTolerant): a cycle through unknown shares is not divergent.
 */
function divergentCycles(holdings: readonly Holding[]): Cycle[] {
  const cyclesOf = (r: BuildResult) =>
    r.ok ? [] : r.errors.filter((e): e is Cycle => e.kind === 'divergent-cycle');
  const r = buildOwnershipGraph(holdings);
  if (r.ok || cyclesOf(r).length) return cyclesOf(r);
  // the errors are of the other kinds: once their links are unknown, none is left
  const bad = (h: Holding) =>
    r.errors.some((e) =>
      e.kind === 'over-held'
        ? e.company === h.company
        : e.kind === 'share-out-of-range' && e.holder === h.holder && e.company === h.company,
    );
  return cyclesOf(buildOwnershipGraph(holdings.map((h) => (bad(h) ? { ...h, share: null } : h))));
}

/**
 * Applies one operation to `book` (module comment), adding the companies whose holders it
 * changed to `changed`; answers why it cannot, or null. It changes nothing when it refuses.
 */
function step(
  book: Book,
  op: StructureOperation,
  n: (k: string) => string,
  changed: Set<string>,
): string | null {
  const set = (holder: string, company: string, share: number | null) => {
    book.set(holder, company, share);
    changed.add(company);
  };
  /** The holder's known share of the company when it holds at least `share` of it, else why not. */
  const ownShare = (holder: string, company: string, share: number): number | string => {
    const held = book.share(holder, company);
    if (held === 0) return `${n(holder)} سهمی از ${n(company)} ندارد`;
    if (held === null) return `سهم ${n(holder)} از ${n(company)} نامعلوم است؛ بخشی از آن جابه‌جا نمی‌شود`;
    if (share > held + SHARE_SUM_TOLERANCE)
      return `${n(holder)} تنها ${percentText(held)} از ${n(company)} دارد؛ ${percentText(share)} از آن جابه‌جا نمی‌شود`;
    return held;
  };
  const unknownTo = (holder: string, company: string) =>
    `سهم کنونی ${n(holder)} از ${n(company)} نامعلوم است؛ نمی‌توان به آن افزود`;
  const SELF = 'شرکت سهام خود را نگه نمی‌دارد';

  switch (op.kind) {
    case 'transfer': {
      if (op.from === op.to) return 'واگذارنده و گیرنده یکی است';
      if (op.to === op.company || op.from === op.company) return SELF;
      const held = ownShare(op.from, op.company, op.share);
      if (typeof held === 'string') return held;
      const theirs = book.share(op.to, op.company);
      if (theirs === null) return unknownTo(op.to, op.company);
      set(op.from, op.company, held - op.share);
      set(op.to, op.company, theirs + op.share);
      return null;
    }
    case 'add': {
      if (op.holder === op.company) return SELF;
      const theirs = book.share(op.holder, op.company);
      if (theirs === null) return unknownTo(op.holder, op.company);
      const total = book.total(op.company) + op.share;
      if (total > 1 + SHARE_SUM_TOLERANCE)
        return `جمع سهم‌های معلوم ${n(op.company)} با این افزودن ${percentText(total)} می‌شود؛ بیش از ۱۰۰٪`;
      set(op.holder, op.company, theirs + op.share);
      return null;
    }
    case 'remove': {
      if (book.share(op.holder, op.company) === 0) return `${n(op.holder)} سهمی از ${n(op.company)} ندارد`;
      set(op.holder, op.company, 0);
      return null;
    }
    case 'divest': {
      const held = ownShare(op.holder, op.company, op.share);
      if (typeof held === 'string') return held;
      set(op.holder, op.company, held - op.share);
      return null;
    }
    case 'merge': {
      const { absorbed, into, ratio } = op;
      if (absorbed === into) return 'شرکت ادغام‌شونده و پذیرنده یکی است';
      const absorbedHolders = book.holders(absorbed);
      const absorbedHoldings = book.holdings(absorbed);
      if (absorbedHolders.length === 0 && absorbedHoldings.length === 0)
        return `${n(absorbed)} نه سهامداری دارد و نه سهمی از شرکتی؛ ادغام آن چیزی را تغییر نمی‌دهد`;
      // the former holders of `into` are diluted; a holding of either company in the other is cancelled
      for (const [h, s] of book.holders(into)) set(h, into, times(s, 1 - ratio));
      for (const [h, s] of absorbedHolders) {
        set(h, absorbed, 0);
        if (h !== into && h !== absorbed) set(h, into, sum(book.share(h, into), times(s, ratio)));
      }
      for (const [c, s] of absorbedHoldings) {
        set(absorbed, c, 0);
        if (c !== into && c !== absorbed) set(into, c, sum(book.share(into, c), s));
      }
      return null;
    }
  }
}

/**
 * Applies `operations` to `rows` on `effectiveOn` (module comment), all or nothing: either the
 * rows to end and to add, or every refused operation with its reason. `nameOf` names a node in
 * the messages (its key by default).
 */
export function applyStructureChange(
  rows: readonly DatedHolding[],
  operations: readonly StructureOperation[],
  effectiveOn: string,
  nameOf: (key: string) => string = (k) => k,
): StructureChange {
  const n = (k: string) => `«${nameOf(k)}»`;
  const book = new Book(rows, effectiveOn);
  const errors: OperationError[] = [];
  const touched: string[] = [];
  const lastTouch = new Map<string, number>();
  const later = new Set(rows.filter((r) => (r.validFrom ?? '') > effectiveOn).map((r) => r.company));

  for (const [index, op] of operations.entries()) {
    const companies = operationCompanies(op);
    for (const c of companies) if (!touched.includes(c)) touched.push(c);
    const changed = new Set<string>();
    const message = check(op, companies, later, n) ?? step(book, op, n, changed);
    if (message) {
      errors.push({ index, message });
      continue;
    }
    for (const c of changed) {
      lastTouch.set(c, index);
      const total = book.total(c);
      if (total > 1 + SHARE_SUM_TOLERANCE)
        errors.push({
          index,
          message: `جمع سهم‌های معلوم ${n(c)} پس از این عملیات ${percentText(total)} می‌شود؛ بیش از ۱۰۰٪`,
        });
    }
  }

  if (errors.length) return { ok: false, errors, touched };

  const endOn = dayBefore(effectiveOn);
  const endedSet = new Set<number>();
  const added: NewHolding[] = [];
  for (const c of book.changes()) {
    for (const i of c.sources) endedSet.add(i);
    if (c.share !== 0)
      added.push({
        holder: c.holder,
        company: c.company,
        share: c.share,
        validFrom: effectiveOn,
        validTo: null,
        continues: c.sources,
      });
  }
  const ended = [...endedSet].sort((a, b) => a - b);
  const superseded = ended.filter((i) => (rows[i]!.validFrom ?? '') >= effectiveOn);
  const dropped = new Set(superseded);
  const holdings: DatedHolding[] = [];
  rows.forEach((r, i) => {
    if (dropped.has(i)) return;
    const { holder, company, share, validFrom } = r;
    holdings.push({ holder, company, share, validFrom, validTo: endedSet.has(i) ? endOn : r.validTo });
  });
  for (const a of added)
    holdings.push({
      holder: a.holder,
      company: a.company,
      share: a.share,
      validFrom: a.validFrom,
      validTo: null,
    });

  // a divergent cycle the change makes: refused on the last operation touching one of its companies
  const cycles = (hs: readonly DatedHolding[]) => divergentCycles(holdingsOn(hs, effectiveOn));
  const known = new Set(cycles(rows).map((e) => [...e.cycle].sort().join(',')));
  for (const e of cycles(holdings)) {
    if (known.has([...e.cycle].sort().join(','))) continue;
    errors.push({
      index: Math.max(...e.cycle.map((c) => lastTouch.get(c) ?? 0)),
      message: `این تغییر چرخه‌ای از سهامداری می‌سازد که هر شرکت آن را صد درصد از درون چرخه نگه می‌دارد: ${e.cycle.map(n).join(' ← ')}`,
    });
  }
  if (errors.length) return { ok: false, errors, touched };
  return { ok: true, effectiveOn, endOn, ended, superseded, added, holdings, touched };
}

/** The state's view of one company on one side of a change. */
export type CompanySide = {
  /** the state's integrated share (fraction); null when not computable or a state entity */
  share: number | null;
  /** 'state' for a state entity; null when not computable */
  class: StateClass | 'state' | null;
  /** the state (its entities as one owner) controls the company */
  controlled: boolean;
  controller: ControlResult;
};

/** One holder's integrated share before and after: 0 when it holds none, null when not computable. */
export type HolderFigures = { holder: string; before: number | null; after: number | null };

export type CompanyPreview = {
  company: string;
  /** named by an operation (not only downstream of one) */
  touched: boolean;
  before: CompanySide;
  after: CompanySide;
  /** after − before of the state's share; null when either is not computable */
  shareChange: number | null;
  classChanged: boolean;
  controllerChanged: boolean;
  /** the share, class or controller moved (as-of.ts compareDates) */
  changed: boolean;
  /** the largest holders on either side (integrated shares, largest first) */
  holders: HolderFigures[];
};

/** How many holders of each side a preview lists. */
export const PREVIEW_TOP_HOLDERS = 5;

/** A stable description of a controller for comparing two sides. */
export function controllerId(r: ControlResult): string {
  if (r.kind === 'controller') return r.controller;
  if (r.kind === 'tie')
    return `tie:${r.candidates
      .map((c) => c.holder)
      .sort()
      .join(',')}`;
  return 'none';
}

/** The companies reached from `start` by holdings in `g` (start included where it is a node). */
function downstream(g: OwnershipGraph, start: Iterable<string>, into: Set<string>) {
  const queue: number[] = [];
  for (const k of start) {
    into.add(k);
    const i = g.index.get(k);
    if (i !== undefined) queue.push(i);
  }
  const seen = new Set(queue);
  for (let q = 0; q < queue.length; q++)
    for (const w of g.outTo[queue[q]!]!)
      if (!seen.has(w)) {
        seen.add(w);
        queue.push(w);
        into.add(g.ids[w]!);
      }
}

function side(
  g: OwnershipGraph,
  company: string,
  state: Set<string>,
  classes: ReturnType<typeof stateClasses>,
) {
  const controller = ultimateController(g, company);
  if (state.has(company)) return { share: null, class: 'state' as const, controlled: false, controller };
  const c = classes.get(company);
  return {
    share: c ? c.share : 0,
    class: c ? c.class : ('private' as const),
    controlled: c?.controlled ?? false,
    controller,
  };
}

function topHolders(g: OwnershipGraph, company: string) {
  const { figures, notComputable } = ownersOf(g, company);
  const all = new Map<string, number | null>(figures);
  for (const k of notComputable.keys()) all.set(k, null);
  return all;
}

/**
 * The effect of a change (issue 17, "preview its effect"): for each affected company — those in
 * `affected` (the companies the operations touch) and every company downstream of them in the
 * graph before or after — the state's integrated share, its class and the state's control
 * (control.ts stateClasses), the ultimate controller (control.ts, threshold 50%), and the
 * integrated shares of its largest holders (integrated.ts ownersOf), before and after. Changed
 * companies come first, largest change of the state's share first, as compareDates (as-of.ts)
 * orders two dates; then the unchanged ones by key. `build` builds a graph from holdings (the
 * server passes one that sets data errors aside); by default a graph with data errors throws.
 */
export function previewStructureChange(
  before: readonly Holding[],
  after: readonly Holding[],
  stateIds: readonly string[],
  affected: readonly string[],
  {
    build = strictGraph,
    top = PREVIEW_TOP_HOLDERS,
  }: { build?: (h: readonly Holding[]) => OwnershipGraph; top?: number } = {},
): CompanyPreview[] {
  const gb = build(before);
  const ga = build(after);
  const companies = new Set<string>();
  downstream(gb, affected, companies);
  downstream(ga, affected, companies);
  const state = new Set(stateIds);
  const cb = stateClasses(gb, stateIds);
  const ca = stateClasses(ga, stateIds);
  const sides = new Map<string, { before: CompanySide; after: CompanySide }>();
  for (const c of companies) {
    if (!isCompany(c)) continue;
    sides.set(c, { before: side(gb, c, state, cb), after: side(ga, c, state, ca) });
  }
  const asState = (s: CompanySide): CompanyState => ({
    share: s.share,
    class: s.class,
    controller: controllerId(s.controller),
  });
  const changes = compareDates(
    new Map([...sides].map(([k, v]) => [k, asState(v.before)])),
    new Map([...sides].map(([k, v]) => [k, asState(v.after)])),
  );
  const changedOrder = new Map(changes.map((c, i) => [c.company, i]));
  const touched = new Set(affected);
  const out: CompanyPreview[] = [];
  for (const [company, s] of sides) {
    const hb = topHolders(gb, company);
    const ha = topHolders(ga, company);
    const rank = (m: Map<string, number | null>) =>
      [...m]
        .sort((x, y) => (y[1] ?? -1) - (x[1] ?? -1) || (x[0] < y[0] ? -1 : 1))
        .slice(0, top)
        .map(([k]) => k);
    const keys = [...new Set([...rank(hb), ...rank(ha)])];
    const holders = keys
      .map((holder) => ({
        holder,
        before: hb.has(holder) ? hb.get(holder)! : 0,
        after: ha.has(holder) ? ha.get(holder)! : 0,
      }))
      .sort(
        (x, y) =>
          Math.max(y.after ?? 0, y.before ?? 0) - Math.max(x.after ?? 0, x.before ?? 0) ||
          (x.holder < y.holder ? -1 : 1),
      );
    // a state entity's share is null (side)
    const b = s.before.share;
    const a = s.after.share;
    out.push({
      company,
      touched: touched.has(company),
      before: s.before,
      after: s.after,
      shareChange: a === null || b === null ? null : a - b,
      classChanged: s.before.class !== s.after.class,
      controllerChanged: controllerId(s.before.controller) !== controllerId(s.after.controller),
      changed: changedOrder.has(company),
      holders,
    });
  }
  return out.sort((x, y) => {
    const i = changedOrder.get(x.company) ?? Number.POSITIVE_INFINITY;
    const j = changedOrder.get(y.company) ?? Number.POSITIVE_INFINITY;
    if (i !== j) return i - j;
    if (x.touched !== y.touched) return x.touched ? -1 : 1;
    return x.company < y.company ? -1 : 1;
  });
}

function strictGraph(h: readonly Holding[]): OwnershipGraph {
  const r = buildOwnershipGraph(h);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.graph;
}
