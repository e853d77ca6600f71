import type { Rng } from '../../domain/random.ts';
import {
  capitalBetween,
  companyFields,
  companyName,
  createdAt,
  legalSearchText,
  logUniform,
  phoneIn,
  type Row,
  type SeedContext,
  uniqueLegalId,
} from './generate.ts';
import { ShareLedger } from './ledger.ts';
import { readListedCompanies } from './reference.ts';
import { FUNDS, HOLDINGS, LEGAL_FORMS, MINISTRIES, OWNERSHIP } from './state-bodies.ts';

export type EntityKind = 'ministry' | 'fund' | 'holding' | 'company';

/** One legal person of the generated portfolio while it is being built. */
export interface Entity {
  id: number;
  kind: EntityKind;
  row: Row;
  /** Length of the control chain from a ministry or fund (0 for those; -1 outside any chain). */
  depth: number;
  /** The controlling (largest state) shareholder, when there is one. */
  parentId: number | null;
  listed: boolean;
}

export interface PortfolioModel {
  entities: Entity[];
  byId: Map<number, Entity>;
  ledger: ShareLedger;
}

/** How many generated (non-listed) companies sit at each control depth below the state. */
const GENERATED_AT_DEPTH: Record<number, number> = { 2: 92, 3: 60, 4: 36, 5: 23 };

/**
 * Builds the demo's legal persons and their shareholdings in memory: 10 ministries, 8 pension
 * funds, 22 state holdings, the 849 listed companies and ~220 generated companies in control
 * chains up to five levels deep (ministry → holding → company → subsidiary → ...), state stakes
 * in most listed companies, some cross-holdings and small stakes of true persons
 * (ids 1..personCount). Deterministic for a given generator state.
 */
export function buildPortfolio(rng: Rng, ctx: SeedContext, personCount: number): PortfolioModel {
  const entities: Entity[] = [];
  const byId = new Map<number, Entity>();
  const ledger = new ShareLedger();
  const tehran = ctx.tehranCities.find((c) => c.name === 'تهران') ?? ctx.tehranCities[0]!;
  const add = (kind: EntityKind, row: Row, depth: number, parentId: number | null, listed = false) => {
    const e: Entity = { id: entities.length + 1, kind, row, depth, parentId, listed };
    row.id = e.id;
    entities.push(e);
    byId.set(e.id, e);
    if (row.share_count) ledger.addCompany(e.id, BigInt(row.share_count as string));
    return e;
  };
  const body = (name: string, kind: EntityKind, extra: Row): Row => {
    const nationalId = uniqueLegalId(rng, ctx);
    return {
      name,
      kind,
      national_id: nationalId,
      registration_city_id: tehran.id,
      status: 'active',
      address: `تهران، خیابان ${rng.pick(['ولیعصر', 'انقلاب', 'آزادی', 'شریعتی', 'مطهری'])}، پلاک ${rng.int(1, 300)}`,
      phone: phoneIn(rng, tehran),
      website: `https://www.body${entities.length + 1}.example`,
      employees: logUniform(rng, 400, 40_000),
      is_demo: true,
      is_listed: false,
      search_text: legalSearchText(name, null, nationalId),
      created_at: createdAt(rng, ctx),
      ...extra,
    };
  };

  const ministries = MINISTRIES.map((name) =>
    add('ministry', body(name, 'ministry', { ownership_type: OWNERSHIP.state }), 0, null),
  );
  const funds = FUNDS.map((f) =>
    add(
      'fund',
      body(f.name, 'fund', {
        legal_form: LEGAL_FORMS.fund,
        ownership_type: OWNERSHIP.publicNonState,
        supervising_body_id: ministries[f.ministry]!.id,
      }),
      0,
      null,
    ),
  );
  const holdings = HOLDINGS.map((h) => {
    const fields = companyFields(rng, ctx, capitalBetween(rng, 13, 15), { headOffice: true });
    const row: Row = {
      ...fields,
      name: h.name,
      kind: 'holding',
      legal_form: LEGAL_FORMS.private,
      ownership_type: OWNERSHIP.state,
      industry_id: ctx.industryIdByCode.get(h.sector) ?? null,
      supervising_body_id: ministries[h.ministry]!.id,
      status: 'active',
      is_listed: false,
      website: `https://www.holding${entities.length + 1}.example`,
      employees: logUniform(rng, 500, 60_000),
      search_text: legalSearchText(h.name, null, fields.national_id),
    };
    const e = add('holding', row, 1, ministries[h.ministry]!.id);
    const own = rng.chance(0.75) ? 1 : 0.8 + rng.next() * 0.15;
    ledger.grant(e.id, 'legal', ministries[h.ministry]!.id, own);
    if (own < 1) ledger.grant(e.id, 'legal', rng.pick(funds).id, 1);
    return e;
  });

  // The real listed companies, with generated registry numbers.
  const listed = readListedCompanies().map((c) => {
    const fields = companyFields(rng, ctx, capitalBetween(rng, 11, 15));
    const row: Row = {
      ...fields,
      name: c.name,
      kind: 'company',
      legal_form: LEGAL_FORMS.public,
      industry_id: c.sector_code ? (ctx.industryIdByCode.get(c.sector_code) ?? null) : null,
      is_listed: true,
      ticker: c.symbol,
      isin: c.isin,
      market: c.market,
      tsetmc_inscode: c.tsetmc_inscode || null,
      status: rng.chance(0.97) ? 'active' : rng.pick(['dissolving', 'merged']),
      employees: logUniform(rng, 50, 30_000),
      is_demo: false,
      search_text: legalSearchText(c.name, c.symbol, fields.national_id),
    };
    return { e: add('company', row, -1, null, true), sector: c.sector_code };
  });
  const stateSeed: Entity[] = [...holdings];
  for (const { e, sector } of listed) {
    const matching = holdings.filter((h) => HOLDINGS[h.id - holdings[0]!.id]!.sector === sector);
    if (rng.chance(0.55)) {
      const holder = matching.length && rng.chance(0.7) ? rng.pick(matching) : rng.pick(holdings);
      ledger.grant(e.id, 'legal', holder.id, 0.12 + rng.next() * 0.53);
      if (rng.chance(0.3)) ledger.grant(e.id, 'legal', rng.pick(funds).id, 0.03 + rng.next() * 0.17);
      if (rng.chance(0.08)) ledger.grant(e.id, 'legal', rng.pick(ministries).id, 0.05 + rng.next() * 0.2);
    } else if (rng.chance(0.35)) {
      ledger.grant(e.id, 'legal', rng.pick(funds).id, 0.05 + rng.next() * 0.3);
    }
  }
  const investors = listed.filter((l) => l.sector === '56').map((l) => l.e);
  for (let i = 0; i < 150 && investors.length; i++) {
    ledger.grant(rng.pick(listed).e.id, 'legal', rng.pick(investors).id, 0.01 + rng.next() * 0.07);
  }
  const byCompany = ledger.byCompany();
  for (const { e } of listed) {
    const top = (byCompany.get(e.id) ?? []).find((s) => s.holderType === 'legal');
    if (top && ledger.fractionOf(top) >= 0.1) {
      const parent = byId.get(top.holderId)!;
      if (parent.kind !== 'company') {
        e.parentId = parent.id;
        e.depth = parent.depth + 1;
      }
    }
  }

  // Generated companies in control chains: one investment company per fund, then depths 2..5.
  const generated = (parent: Entity, depth: number) => {
    const { name, industry_id } = companyName(rng, ctx);
    const fields = companyFields(rng, ctx, capitalBetween(rng, 9, 13.5));
    const form = rng.pick([
      ...Array(8).fill(LEGAL_FORMS.private),
      LEGAL_FORMS.limited,
      LEGAL_FORMS.public,
      LEGAL_FORMS.cooperative,
    ]) as string;
    const row: Row = {
      ...fields,
      name,
      kind: 'company',
      legal_form: form,
      industry_id,
      is_listed: false,
      status: rng.pick([...Array(22).fill('active'), 'dissolving', 'dissolved', 'divested', 'merged']),
      website: rng.chance(0.5) ? `https://www.company${entities.length + 1}.example` : null,
      employees: logUniform(rng, 15, 8000),
      search_text: legalSearchText(name, null, fields.national_id),
    };
    const e = add('company', row, depth, parent.id);
    ledger.grant(e.id, 'legal', parent.id, rng.chance(0.4) ? 1 : 0.51 + rng.next() * 0.44);
    if (rng.chance(0.5)) {
      const co = rng.pick([...stateSeed, ...funds]);
      if (co.id !== parent.id) ledger.grant(e.id, 'legal', co.id, rng.next() * ledger.freeFraction(e.id));
    }
    const people = rng.chance(0.4) ? rng.int(1, 3) : 0;
    for (let i = 0; i < people; i++) {
      ledger.grant(e.id, 'true', rng.int(1, personCount), 0.002 + rng.next() * 0.028);
    }
    return e;
  };
  const fundCompanies = funds.map((f) => generated(f, 1));
  for (let depth = 2; depth <= 5; depth++) {
    const parents = entities.filter(
      (e) => e.depth === depth - 1 && (e.kind === 'holding' || e.kind === 'company') && e.row.share_count,
    );
    if (depth === 2) parents.push(...fundCompanies);
    for (let i = 0; i < GENERATED_AT_DEPTH[depth]!; i++) generated(rng.pick(parents), depth);
  }
  addCrossHoldings(rng, entities, ledger);
  for (const { e } of listed.filter(() => rng.chance(0.14))) {
    for (let i = rng.int(1, 2); i > 0; i--)
      ledger.grant(e.id, 'true', rng.int(1, personCount), 0.001 + rng.next() * 0.02);
  }
  classify(entities, byId, ledger);
  return { entities, byId, ledger };
}

/** Mutual stakes between generated companies (six pairs and one three-company cycle) and two listed pairs. */
function addCrossHoldings(rng: Rng, entities: Entity[], ledger: ShareLedger) {
  const free = (e: Entity) => ledger.freeFraction(e.id) >= 0.04;
  const gen = entities.filter((e) => e.kind === 'company' && !e.listed && free(e));
  const lis = entities.filter((e) => e.listed && free(e));
  const stake = (a: Entity, b: Entity) =>
    ledger.grant(b.id, 'legal', a.id, 0.02 + rng.next() * Math.min(0.08, ledger.freeFraction(b.id) - 0.02));
  const pairs = [...rng.sample(gen, 12), ...rng.sample(lis, 4)];
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    stake(pairs[i]!, pairs[i + 1]!);
    stake(pairs[i + 1]!, pairs[i]!);
  }
  const [a, b, c] = rng.sample(
    gen.filter((e) => !pairs.includes(e)),
    3,
  );
  if (a && b && c) {
    stake(a, b);
    stake(b, c);
    stake(c, a);
  }
}

/** Sets ownership_type and supervising_body_id of companies from their shareholders, parents first. */
function classify(entities: Entity[], byId: Map<number, Entity>, ledger: ShareLedger) {
  const stakes = ledger.byCompany();
  const order = entities.filter((e) => e.kind === 'company').sort((x, y) => x.depth - y.depth || x.id - y.id);
  for (const e of order) {
    let state = 0;
    let quasi = 0;
    let pub = 0;
    for (const s of stakes.get(e.id) ?? []) {
      if (s.holderType !== 'legal') continue;
      const h = byId.get(s.holderId)!;
      const f = ledger.fractionOf(s);
      const type = h.row.ownership_type;
      if (h.kind === 'ministry' || h.kind === 'holding' || type === OWNERSHIP.state) state += f;
      else if (type === OWNERSHIP.quasiState) quasi += f;
      else if (h.kind === 'fund' || type === OWNERSHIP.publicNonState) pub += f;
    }
    e.row.ownership_type =
      state > 0.5
        ? OWNERSHIP.state
        : state + quasi > 0.5 || state >= 0.2
          ? OWNERSHIP.quasiState
          : pub >= 0.2 || state + quasi + pub > 0.5
            ? OWNERSHIP.publicNonState
            : OWNERSHIP.private;
    if (e.parentId) e.row.supervising_body_id = e.parentId;
  }
}
