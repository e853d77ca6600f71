import { count, sql } from 'drizzle-orm';
import { createRng } from '../../domain/random.ts';
import type { Db } from '../db/client.ts';
import { legalPersons } from '../db/schema/index.ts';
import { BOARD_COLUMNS, buildBoards, personPicker, SEAT_COLUMNS } from './boards.ts';
import { bulkInsert, syncSequence } from './bulk.ts';
import {
  BRANCH_COLUMNS,
  buildBranches,
  buildContacts,
  buildMessages,
  CONTACT_COLUMNS,
  MESSAGE_COLUMNS,
} from './extras.ts';
import { LEGAL_COLUMNS, loadContext, TRUE_COLUMNS, truePerson } from './generate.ts';
import { SHAREHOLDING_COLUMNS } from './ledger.ts';
import { buildPortfolio } from './portfolio-model.ts';
import { OWNERSHIP } from './state-bodies.ts';

/** The fixed seed of the demo portfolio: the same database every time. */
export const PORTFOLIO_SEED = 1404;
export const DEMO_TRUE_PERSONS = 3000;

export interface PortfolioStats {
  legalPersons: number;
  truePersons: number;
  shareholdings: number;
  boards: number;
  seats: number;
  branches: number;
  contacts: number;
  ms: number;
}

/**
 * Seeds the demo state portfolio (needs `seedReference` first), once: does nothing and returns
 * null when legal persons already exist. Contents, all generated with a fixed seed except the
 * listed companies' names, tickers, ISINs, markets and industries:
 * - 10 ministries, 8 state pension funds, 22 state holdings (kind ministry / fund / holding);
 * - the 849 listed companies (is_demo false) and ~220 generated companies (is_demo true),
 *   1,108 legal persons in all, in control chains up to five levels below a ministry, with state
 *   stakes in most listed companies and some cross-holdings; every company's holdings sum to at
 *   most 100%;
 * - 3,000 true persons with valid national codes; boards (current term, some past terms) with
 *   3–7 seats and alternates, representatives of legal-person holders, executives, a CEO;
 * - branches, contacts, and a dozen public contact-form messages.
 * Every legal person and true person gets its `search_text`. One transaction.
 */
export async function seedPortfolio(db: Db): Promise<PortfolioStats | null> {
  const [row] = await db.select({ n: count() }).from(legalPersons);
  if ((row?.n ?? 0) > 0) return null;
  const started = performance.now();
  const rng = createRng(PORTFOLIO_SEED);
  const ctx = await loadContext(db);
  const model = buildPortfolio(rng, ctx, DEMO_TRUE_PERSONS);
  const people = Array.from({ length: DEMO_TRUE_PERSONS }, (_, i) => truePerson(rng, ctx, i + 1));
  const byCompany = model.ledger.byCompany();
  const boardOwners = model.entities
    .filter((e) => e.kind !== 'ministry')
    .map((e) => ({
      companyId: e.id,
      legalHolders: (byCompany.get(e.id) ?? [])
        .filter((s) => s.holderType === 'legal' && model.ledger.fractionOf(s) >= 0.05)
        .map((s) => s.holderId),
    }));
  const { boards, seats } = buildBoards(rng, boardOwners, personPicker(rng, 1, DEMO_TRUE_PERSONS), {
    today: ctx.today,
  });
  const companies = model.entities.filter((e) => e.kind === 'company' || e.kind === 'holding');
  const branches = buildBranches(
    rng,
    ctx,
    rng.sample(companies, 140).map((e) => e.id),
  );
  const contacts = buildContacts(
    rng,
    ctx,
    model.entities.map((e) => ({ id: e.id, phone: (e.row.phone as string) ?? null })),
    rng.sample(people, 1500).map((p) => ({ id: p.id as number, mobile: p.mobile as string })),
  );
  const messages = buildMessages(rng, ctx);
  const shareholdings = model.ledger.rows((s) => (s.holderType === 'legal' ? '2015-03-21' : null));
  const legalRows = model.entities.map((e) => e.row);

  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await bulkInsert(t, 'legal_persons', LEGAL_COLUMNS, legalRows);
    await bulkInsert(t, 'true_persons', TRUE_COLUMNS, people);
    await bulkInsert(t, 'shareholdings', SHAREHOLDING_COLUMNS, shareholdings);
    // the state's entities (issue 17): the ministries and the state holdings, as migration 0014
    // marks them in a database seeded before it
    await t.execute(sql`UPDATE legal_persons SET is_state_entity = true
      WHERE kind = 'ministry' OR (kind = 'holding' AND ownership_type = ${OWNERSHIP.state})`);
    await bulkInsert(t, 'boards', BOARD_COLUMNS, boards);
    await bulkInsert(t, 'board_seats', SEAT_COLUMNS, seats);
    await bulkInsert(t, 'branches', BRANCH_COLUMNS, branches);
    await bulkInsert(t, 'contacts', CONTACT_COLUMNS, contacts);
    await bulkInsert(t, 'contact_messages', MESSAGE_COLUMNS, messages);
    for (const table of [
      'legal_persons',
      'true_persons',
      'shareholdings',
      'boards',
      'board_seats',
      'branches',
      'contacts',
      'contact_messages',
    ]) {
      await syncSequence(t, table);
    }
  });
  return {
    legalPersons: legalRows.length,
    truePersons: people.length,
    shareholdings: shareholdings.length,
    boards: boards.length,
    seats: seats.length,
    branches: branches.length,
    contacts: contacts.length,
    ms: Math.round(performance.now() - started),
  };
}
