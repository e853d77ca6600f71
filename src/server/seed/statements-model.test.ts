import { describe, expect, it } from 'vitest';
import { article141, article141History } from '../../domain/finance/article141.ts';
import { checkStatement, NON_NEGATIVE_ITEMS } from '../../domain/finance/checks.ts';
import { filingDueDate } from '../../domain/finance/filing.ts';
import { LINE_ITEM_KEYS } from '../../domain/finance/line-items.ts';
import {
  applyMove,
  INITIAL_STATEMENT_ENTRY,
  restoreStatementEntry,
  type StatementEntryContext,
  type StatementEntryEvent,
} from '../../domain/finance/statement-entry.ts';
import { parseJalaliDate } from '../../domain/jalali.ts';
import { createRng } from '../../domain/random.ts';
import { type GeneratedStatement, generateStatements, type StatementCompany } from './statements-model.ts';

const YEARS = [1400, 1401, 1402, 1403, 1404];
/** 1405/02/30: 1404 has ended, its due date (1405/04/29, four months on) has not come. */
const NOW = '2026-05-20T09:00:00.000Z';
const OPTS = { years: YEARS, reviewerId: 7, preparerId: 3, now: NOW };

function makeCompanies(n: number): StatementCompany[] {
  const rng = createRng(9);
  return Array.from({ length: n }, (_, i) => ({
    id: 1000 + i,
    capitalIrr:
      i % 7 === 0
        ? null
        : i % 3 === 0
          ? String(BigInt(rng.int(1, 999)) * 10n ** BigInt(rng.int(9, 13)))
          : BigInt(rng.int(1, 999)) * 10n ** BigInt(rng.int(9, 13)),
    listed: i % 5 === 0,
    manufacturing: i % 2 === 0,
    employees: i % 4 === 0 ? null : rng.int(20, 20_000),
  }));
}

const COMPANIES = makeCompanies(400);
const STATEMENTS = generateStatements(createRng(42), COMPANIES, OPTS);
const filled = (s: GeneratedStatement) => Object.keys(s.items).length > 0;
const byKey = new Map(STATEMENTS.map((s) => [`${s.legalPersonId}/${s.fiscalYear}`, s]));
const previousOf = (s: GeneratedStatement) => {
  const p = byKey.get(`${s.legalPersonId}/${s.fiscalYear - 1}`);
  return p && filled(p) ? p : undefined;
};
const checksOf = (s: GeneratedStatement) =>
  checkStatement(s.items, {
    previous: previousOf(s)?.items ?? null,
    dividends: s.items.dividends,
    otherOperating: s.items.other_operating,
  });
const share = (part: number, whole: number) => part / whole;
const deadline = (year: number) =>
  Date.parse(
    `${filingDueDate((parseJalaliDate(`${year}/12/30`) ?? parseJalaliDate(`${year}/12/29`))!, 12)}T23:59:59.999+03:30`,
  );

/** The events of a generated history (a save passes its checks before a submit, else as the statement). */
function eventsOf(s: GeneratedStatement): StatementEntryEvent[] {
  const h = s.entry.history;
  return h.map((m, i): StatementEntryEvent => {
    const f = { by: m.by, at: m.at };
    if (m.to === 'draft')
      return {
        type: 'SAVE_DRAFT',
        checksPassed: h[i + 1]?.to === 'submitted' ? true : !s.traits.inconsistent,
        ...f,
      };
    if (m.to === 'submitted') return { type: 'SUBMIT', ...f };
    if (m.to === 'reviewed') return { type: 'REVIEW', ...f };
    return { type: 'RETURN', note: m.note ?? '', ...f };
  });
}

describe('generateStatements', () => {
  it('gives one annual statement per company-year at most, in order, with every item', () => {
    expect(byKey.size).toBe(STATEMENTS.length);
    const companyIds = COMPANIES.map((c) => c.id);
    let last = -1;
    for (const s of STATEMENTS) {
      const order = companyIds.indexOf(s.legalPersonId) * 10_000 + s.fiscalYear;
      expect(order).toBeGreaterThan(last);
      last = order;
      expect(YEARS).toContain(s.fiscalYear);
      expect(s.periodMonths).toBe(12);
      expect(s.periodEnd).toBe(
        parseJalaliDate(`${s.fiscalYear}/12/30`) ?? parseJalaliDate(`${s.fiscalYear}/12/29`),
      );
      if (!filled(s)) {
        expect(s.entry).toEqual(INITIAL_STATEMENT_ENTRY);
        expect(s.fiscalYear).toBe(1404);
        expect(s.audited).toBe(false);
        continue;
      }
      expect(Object.keys(s.items).sort()).toEqual([...LINE_ITEM_KEYS, 'other_operating', 'dividends'].sort());
      for (const v of Object.values(s.items)) expect(Number.isSafeInteger(v)).toBe(true);
      expect(s.items.dividends).toBeGreaterThanOrEqual(0);
    }
    expect(STATEMENTS.find((s) => s.periodEnd === '2025-03-20')?.fiscalYear).toBe(1403); // 1403/12/30
    expect(STATEMENTS.find((s) => s.fiscalYear === 1402)?.periodEnd).toBe('2024-03-19'); // 1402/12/29
  });

  it('capital is the registered capital in million IRR, constant over the years', () => {
    for (const c of COMPANIES) {
      const caps = new Set(
        STATEMENTS.filter((s) => s.legalPersonId === c.id && filled(s)).map((s) => s.items.capital),
      );
      expect(caps.size).toBeLessThanOrEqual(1);
      const [cap] = [...caps];
      if (cap === undefined) continue;
      expect(cap).toBeGreaterThanOrEqual(1);
      if (c.capitalIrr !== null)
        expect(cap).toBe(Math.max(1, Number((BigInt(c.capitalIrr) + 500_000n) / 1_000_000n)));
    }
  });

  it('consistent statements pass every error check and the retained-earnings movement', () => {
    let withPrevious = 0;
    for (const s of STATEMENTS.filter((x) => filled(x) && !x.traits.inconsistent)) {
      const failed = checksOf(s).filter((r) => r.status === 'failed');
      expect(failed.map((r) => `${s.legalPersonId}/${s.fiscalYear} ${r.id}`)).toEqual([]);
      const skipped = checksOf(s).filter((r) => r.status === 'skipped');
      if (previousOf(s)) {
        withPrevious++;
        expect(skipped).toEqual([]);
      }
    }
    expect(withPrevious).toBeGreaterThan(1000);
  });

  it('an inconsistent statement fails exactly one error check and is a draft whose checks failed', () => {
    const inconsistent = STATEMENTS.filter((s) => s.traits.inconsistent);
    expect(inconsistent.length).toBeGreaterThan(0);
    const ids = new Set<string>();
    for (const s of inconsistent) {
      const failed = checksOf(s).filter((r) => r.status === 'failed');
      expect(failed.filter((r) => r.severity === 'error')).toHaveLength(1);
      expect(failed.filter((r) => r.severity === 'warning')).toEqual([]);
      ids.add(failed[0]!.id.split('.')[0]!);
      expect(s.entry.state).toBe('draft');
      expect(s.entry.checksPassed).toBe(false);
    }
    expect(ids.size).toBeGreaterThanOrEqual(4);
  });

  it('keeps the figures plausible: signs, growth, wages and intermediate consumption', () => {
    for (const s of STATEMENTS.filter((x) => filled(x) && !x.traits.inconsistent)) {
      const x = s.items;
      for (const k of NON_NEGATIVE_ITEMS) expect(x[k]).toBeGreaterThanOrEqual(0);
      expect(x.cost_of_revenue).toBeLessThan(0);
      expect(x.operating_expenses).toBeLessThanOrEqual(0);
      expect(x.finance_costs).toBeLessThanOrEqual(0);
      expect(x.intermediate_consumption).toBeGreaterThan(0);
      expect(x.wages).toBeLessThan(-(x.cost_of_revenue! + x.operating_expenses!));
      expect(x.total_equity).toBe(x.total_assets! - x.total_liabilities!);
      expect(x.total_equity).toBeGreaterThanOrEqual(x.capital! + x.retained_earnings!); // reserves ≥ 0
      const c = COMPANIES.find((co) => co.id === s.legalPersonId)!;
      if (c.employees !== null) expect(x.employees).toBe(c.employees);
      const p = previousOf(s);
      if (p && !p.traits.inconsistent && p.items.revenue! >= 1000) {
        const g = x.revenue! / p.items.revenue!;
        expect(g).toBeGreaterThan(0.7);
        expect(g).toBeLessThan(1.6);
      }
    }
  });

  it('has the intended shares of missing, late, loss, article 141 and inconsistent statements', () => {
    const older = YEARS.slice(0, -1);
    const present = (ys: number[]) => STATEMENTS.filter((s) => ys.includes(s.fiscalYear)).length;
    const missingOlder = 1 - share(present(older), COMPANIES.length * older.length);
    const missingLatest = 1 - share(present([1404]), COMPANIES.length);
    const filedOlder = STATEMENTS.filter((s) => s.filedAt !== null && s.fiscalYear < 1404);
    const late = share(filedOlder.filter((s) => s.traits.late).length, filedOlder.length);
    const withItems = STATEMENTS.filter(filled);
    const loss = share(withItems.filter((s) => s.traits.loss).length, withItems.length);
    const inconsistent = share(withItems.filter((s) => s.traits.inconsistent).length, withItems.length);
    const art141Companies = new Set(
      STATEMENTS.filter((s) => s.traits.article141).map((s) => s.legalPersonId),
    );
    const art141 = share(art141Companies.size, COMPANIES.length);
    const audited = STATEMENTS.filter((s) => s.audited && s.fiscalYear < 1404);
    const auditedShare = share(audited.length, present(older));
    const unqualified = share(
      audited.filter((s) => s.auditorOpinion === 'unqualified').length,
      audited.length,
    );
    const reviewedOlder = share(
      STATEMENTS.filter((s) => s.fiscalYear < 1404 && s.entry.state === 'reviewed').length,
      present(older),
    );
    expect(missingOlder).toBeGreaterThan(0.03);
    expect(missingOlder).toBeLessThan(0.1);
    expect(missingLatest).toBeGreaterThan(0.17);
    expect(missingLatest).toBeLessThan(0.33);
    expect(late).toBeGreaterThan(0.07);
    expect(late).toBeLessThan(0.18);
    expect(loss).toBeGreaterThan(0.1);
    expect(loss).toBeLessThan(0.21);
    expect(inconsistent).toBeGreaterThan(0.02);
    expect(inconsistent).toBeLessThan(0.065);
    expect(art141).toBeGreaterThan(0.015);
    expect(art141).toBeLessThan(0.09);
    expect(auditedShare).toBeGreaterThan(0.7);
    expect(auditedShare).toBeLessThan(0.9);
    expect(unqualified).toBeGreaterThan(0.6);
    expect(unqualified).toBeLessThan(0.85);
    expect(reviewedOlder).toBeGreaterThan(0.8);
    for (const s of STATEMENTS) expect(s.audited).toBe(s.auditorOpinion !== null);
  });

  it('loss and article 141 traits say what the figures show', () => {
    for (const s of STATEMENTS.filter(filled)) {
      expect(s.traits.loss).toBe(s.items.net_profit! < 0);
      const a = article141(s.items);
      expect(a.ok && a.value.reached).toBe(s.traits.article141);
    }
    const art141Companies = new Set(
      STATEMENTS.filter((s) => s.traits.article141).map((s) => s.legalPersonId),
    );
    for (const id of art141Companies) {
      const mine = STATEMENTS.filter((s) => s.legalPersonId === id && filled(s));
      const h = article141History(mine.map((s) => ({ fiscalYear: s.fiscalYear, items: s.items })));
      expect(h.firstReached).not.toBeNull();
      expect(byKey.get(`${id}/${h.firstReached}`)?.traits.article141).toBe(true);
      // the year it is first reached is in the history: the year before (when filed) has not
      const before = byKey.get(`${id}/${h.firstReached! - 1}`);
      if (before && filled(before)) expect(before.traits.article141).toBe(false);
      // never in the first year of the range: it is crossed in a later one
      const first = byKey.get(`${id}/${YEARS[0]}`);
      if (first && filled(first)) expect(first.traits.article141).toBe(false);
    }
  });

  it('entry contexts are what the machine gives, with increasing timestamps up to now', () => {
    const nowMs = Date.parse(NOW);
    const states = new Map<string, number>();
    for (const s of STATEMENTS) {
      expect(restoreStatementEntry(s.entry).value).toBe(s.entry.state);
      // replayed move by move through the real machine
      let ctx: StatementEntryContext = INITIAL_STATEMENT_ENTRY;
      for (const e of eventsOf(s)) {
        const next = applyMove(ctx, e);
        expect(next).not.toBeNull();
        ctx = next!;
      }
      expect(ctx).toEqual(s.entry);

      const h = s.entry.history;
      const end = Date.parse(`${s.periodEnd}T23:59:59.999Z`);
      let prev = end;
      for (const m of h) {
        const t = Date.parse(m.at);
        expect(t).toBeGreaterThan(prev);
        expect(t).toBeLessThanOrEqual(nowMs);
        prev = t;
        expect(m.by).toBe(m.to === 'draft' || m.to === 'submitted' ? OPTS.preparerId : OPTS.reviewerId);
        if (m.to === 'returned') expect(m.note).toMatch(/[\u0600-\u06FF]/);
      }
      const firstSubmit = h.find((m) => m.to === 'submitted');
      expect(s.filedAt).toBe(firstSubmit?.at ?? null);
      expect(s.traits.late).toBe(s.filedAt !== null && Date.parse(s.filedAt) > deadline(s.fiscalYear));
      const key = `${s.fiscalYear === 1404 ? 'latest' : 'older'}:${s.entry.state}`;
      states.set(key, (states.get(key) ?? 0) + 1);
    }
    for (const st of ['not_started', 'draft', 'submitted', 'returned', 'reviewed'])
      expect(states.get(`latest:${st}`) ?? 0).toBeGreaterThan(0);
    expect(states.get('older:not_started')).toBeUndefined();
    // some reviewed statements went through a return and a correction
    expect(
      STATEMENTS.some(
        (s) => s.entry.state === 'reviewed' && s.entry.history.some((m) => m.to === 'returned'),
      ),
    ).toBe(true);
    // the latest year's due date has not come: nothing in it is late
    expect(STATEMENTS.some((s) => s.fiscalYear === 1404 && s.traits.late)).toBe(false);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const again = generateStatements(createRng(42), COMPANIES, OPTS);
    expect(again).toEqual(STATEMENTS);
    const other = generateStatements(createRng(43), COMPANIES, OPTS);
    expect(other).not.toEqual(STATEMENTS);
  });

  it('leaves out years that have not ended and marks late filings after the due date', () => {
    const later = generateStatements(createRng(1), COMPANIES.slice(0, 100), {
      ...OPTS,
      years: [1403, 1404, 1405],
      now: '2026-11-27T07:00:00.000Z', // 1405/09/06: 1405 has not ended, 1404's due date is past
    });
    expect(later.some((s) => s.fiscalYear === 1405)).toBe(false);
    expect(later.some((s) => s.fiscalYear === 1404 && s.traits.late)).toBe(true);
    for (const s of later)
      for (const m of s.entry.history)
        expect(Date.parse(m.at)).toBeLessThanOrEqual(Date.parse('2026-11-27T07:00:00.000Z'));
    expect(generateStatements(createRng(1), COMPANIES, { ...OPTS, years: [] })).toEqual([]);
    expect(() => generateStatements(createRng(1), COMPANIES, { ...OPTS, reviewerId: 0 })).toThrow(RangeError);
  });
});
