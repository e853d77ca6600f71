import { sql } from 'drizzle-orm';
import { createRng, type Rng } from '../../domain/random.ts';
import type { Db } from '../db/client.ts';
import { BOARD_COLUMNS, buildBoards, personPicker, SEAT_COLUMNS } from './boards.ts';
import { bulkInsert, maxId, query, syncSequence } from './bulk.ts';
import {
  capitalBetween,
  companyFields,
  companyName,
  LEGAL_COLUMNS,
  legalSearchText,
  loadContext,
  logUniform,
  type Row,
  type SeedContext,
  TRUE_COLUMNS,
  truePerson,
} from './generate.ts';
import { SHAREHOLDING_COLUMNS, ShareLedger } from './ledger.ts';
import { seedReference } from './reference.ts';
import { LEGAL_FORMS, OWNERSHIP } from './state-bodies.ts';

export interface ScaleStats {
  addedLegalPersons: number;
  addedTruePersons: number;
  shareholdings: number;
  boards: number;
  seats: number;
  ms: number;
}

const CHUNK = 20_000;

/**
 * Tops the database up to `n` legal persons and `3n` true persons in all (rows already there
 * count), for load tests and benchmarks: generated companies (is_demo) with valid national ids,
 * 1–3 legal and 0–2 true shareholders each (within 100%), and one current board of 3–5 seats (no alternates);
 * generated people with valid national codes. Everything travels in bulk
 * `INSERT ... SELECT * FROM unnest(...)` statements of 20,000 rows; the tables are analysed
 * at the end. `log` receives progress lines.
 */
export async function seedScale(
  db: Db,
  n: number,
  log: (line: string) => void = () => {},
): Promise<ScaleStats> {
  const started = performance.now();
  await seedReference(db);
  const [counts] = await query<{ l: number; t: number }>(
    db,
    sql`SELECT (SELECT count(*) FROM legal_persons)::int AS l, (SELECT count(*) FROM true_persons)::int AS t`,
  );
  const addLegal = Math.max(0, n - (counts?.l ?? 0));
  const addTrue = Math.max(0, 3 * n - (counts?.t ?? 0));
  const rng = createRng(0x5ca1e + (counts?.l ?? 0));
  const ctx = await loadContext(db);
  const stats: ScaleStats = {
    addedLegalPersons: addLegal,
    addedTruePersons: addTrue,
    shareholdings: 0,
    boards: 0,
    seats: 0,
    ms: 0,
  };

  // Building the secondary indexes once at the end is several times faster than keeping them up
  // to date row by row (unique indexes stay, so identifiers are still checked); they are rebuilt
  // even when loading fails halfway.
  const indexes = addLegal + addTrue > 50_000 ? await secondaryIndexes(db) : [];
  for (const ix of indexes) await db.execute(sql.raw(`DROP INDEX IF EXISTS "${ix.name}"`));
  try {
    await loadPeople(db, rng, ctx, addTrue);
    log(`true persons +${addTrue} in ${Math.round(performance.now() - started)} ms`);
    await loadCompanies(db, rng, ctx, addLegal, stats, (done) =>
      log(`legal persons ${done}/${addLegal} in ${Math.round(performance.now() - started)} ms`),
    );
  } finally {
    const t0 = performance.now();
    for (const ix of indexes) await db.execute(sql.raw(ix.def));
    if (indexes.length) log(`${indexes.length} indexes rebuilt in ${Math.round(performance.now() - t0)} ms`);
  }
  if (skipTriggers) await checkReferences(db);
  await db.execute(sql`ANALYZE legal_persons, true_persons, shareholdings, boards, board_seats`);
  stats.ms = Math.round(performance.now() - started);
  return stats;
}

async function loadPeople(db: Db, rng: Rng, ctx: SeedContext, count: number) {
  const first = (await maxId(db, 'true_persons')) + 1;
  for (let done = 0; done < count; done += CHUNK) {
    const rows: Row[] = [];
    for (let i = done; i < Math.min(done + CHUNK, count); i++) rows.push(truePerson(rng, ctx, first + i));
    await loadTransaction(db, (t) => bulkInsert(t, 'true_persons', TRUE_COLUMNS, rows));
  }
  await syncSequence(db, 'true_persons');
}

/** Companies in chunks, each chunk with its shareholdings and boards, in one transaction. */
async function loadCompanies(
  db: Db,
  rng: Rng,
  ctx: SeedContext,
  count: number,
  stats: ScaleStats,
  progress: (done: number) => void,
) {
  const personCount = (await maxId(db, 'true_persons')) || 1;
  const pick = personPicker(rng, 1, personCount);
  const firstLegal = (await maxId(db, 'legal_persons')) + 1;
  let shareId = await maxId(db, 'shareholdings');
  let boardId = await maxId(db, 'boards');
  let seatId = await maxId(db, 'board_seats');
  for (let done = 0; done < count; done += CHUNK) {
    const size = Math.min(CHUNK, count - done);
    const rows = Array.from({ length: size }, (_, i) => scaleCompany(rng, ctx, firstLegal + done + i));
    const ledger = new ShareLedger();
    for (const r of rows) ledger.addCompany(r.id as number, BigInt(r.share_count as string));
    const lastId = firstLegal + done + size - 1;
    for (const r of rows) {
      const id = r.id as number;
      for (let h = rng.int(1, 3); h > 0; h--) {
        ledger.grant(id, 'legal', rng.int(1, lastId), h === 1 ? 0.3 + rng.next() * 0.7 : rng.next() * 0.3);
      }
      for (let p = rng.int(0, 2); p > 0; p--) {
        ledger.grant(id, 'true', rng.int(1, personCount), 0.001 + rng.next() * 0.05);
      }
    }
    const stakes = ledger.rows(() => null, shareId + 1);
    const byCompany = ledger.byCompany();
    const { boards, seats } = buildBoards(
      rng,
      rows.map((r) => ({
        companyId: r.id as number,
        legalHolders: (byCompany.get(r.id as number) ?? [])
          .filter((s) => s.holderType === 'legal')
          .map((s) => s.holderId),
      })),
      pick,
      {
        firstBoardId: boardId,
        firstSeatId: seatId,
        pastShare: 0,
        maxSeats: 5,
        alternates: false,
        today: ctx.today,
      },
    );
    await loadTransaction(db, async (t) => {
      await bulkInsert(t, 'legal_persons', LEGAL_COLUMNS, rows);
      await bulkInsert(t, 'shareholdings', SHAREHOLDING_COLUMNS, stakes);
      await bulkInsert(t, 'boards', BOARD_COLUMNS, boards);
      await bulkInsert(t, 'board_seats', SEAT_COLUMNS, seats);
    });
    shareId += stakes.length;
    boardId += boards.length;
    seatId += seats.length;
    stats.shareholdings += stakes.length;
    stats.boards += boards.length;
    stats.seats += seats.length;
    progress(done + size);
  }
  for (const t of ['legal_persons', 'shareholdings', 'boards', 'board_seats']) await syncSequence(db, t);
}

let skipTriggers: boolean | undefined;

/**
 * Runs one chunk of the load in a transaction. When the database user may (a superuser: PGlite,
 * a local PostgreSQL), the transaction skips the per-row foreign-key triggers
 * (`SET LOCAL session_replication_role = replica`), which otherwise cost more than the inserts;
 * the generator only refers to rows that exist, and `checkReferences` proves it afterwards.
 */
async function loadTransaction(db: Db, fn: (t: Db) => Promise<void>) {
  if (skipTriggers === undefined) {
    const [row] = await query<{ s: boolean }>(
      db,
      sql`SELECT rolsuper AS s FROM pg_roles WHERE rolname = current_user`,
    );
    skipTriggers = row?.s === true;
  }
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    if (skipTriggers) await t.execute(sql`SET LOCAL session_replication_role = replica`);
    await fn(t);
  });
}

/** Foreign keys of the loaded tables, as (table, column, referenced table). */
const REFERENCES: [string, string, string][] = [
  ['true_persons', 'birth_city_id', 'cities'],
  ['legal_persons', 'registration_city_id', 'cities'],
  ['legal_persons', 'industry_id', 'industries'],
  ['shareholdings', 'company_id', 'legal_persons'],
  ['shareholdings', 'holder_legal_id', 'legal_persons'],
  ['shareholdings', 'holder_true_id', 'true_persons'],
  ['boards', 'company_id', 'legal_persons'],
  ['boards', 'ceo_id', 'true_persons'],
  ['board_seats', 'board_id', 'boards'],
  ['board_seats', 'holder_legal_id', 'legal_persons'],
  ['board_seats', 'holder_true_id', 'true_persons'],
  ['board_seats', 'representative_id', 'true_persons'],
];

/** Throws when a loaded row refers to a missing row (set-based anti-joins, one pass per key). */
async function checkReferences(db: Db) {
  for (const [table, column, target] of REFERENCES) {
    const [row] = await query<{ n: number }>(
      db,
      sql.raw(`SELECT count(*)::int AS n FROM "${table}" x WHERE x."${column}" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "${target}" y WHERE y.id = x."${column}")`),
    );
    if (row?.n) throw new Error(`${row.n} rows of ${table}.${column} refer to missing ${target}`);
  }
}

/** Non-unique, non-primary indexes of the tables the scale seed fills, with their definitions. */
function secondaryIndexes(db: Db) {
  return query<{ name: string; def: string }>(
    db,
    sql`SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
        FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
        WHERE x.indrelid IN ('legal_persons'::regclass, 'true_persons'::regclass, 'shareholdings'::regclass,
                             'boards'::regclass, 'board_seats'::regclass)
          AND NOT x.indisprimary AND NOT x.indisunique
        ORDER BY i.relname`,
  );
}

const STATUSES = [
  ...Array(40).fill('active'),
  'dissolving',
  'dissolving',
  'dissolved',
  'divested',
  'divested',
  'merged',
];
const OWNERSHIPS = [
  OWNERSHIP.state,
  OWNERSHIP.quasiState,
  OWNERSHIP.quasiState,
  OWNERSHIP.publicNonState,
  OWNERSHIP.private,
];
const FORMS = [
  LEGAL_FORMS.private,
  LEGAL_FORMS.private,
  LEGAL_FORMS.private,
  LEGAL_FORMS.limited,
  LEGAL_FORMS.public,
  LEGAL_FORMS.cooperative,
];

/** One generated company of the scale data set (serial number in the name keeps names apart). */
function scaleCompany(rng: Rng, ctx: SeedContext, id: number): Row {
  const { name, industry_id } = companyName(rng, ctx, id);
  const fields = companyFields(rng, ctx, capitalBetween(rng, 9, 14));
  return {
    ...fields,
    id,
    name,
    kind: rng.chance(0.97) ? 'company' : 'holding',
    legal_form: rng.pick(FORMS),
    ownership_type: rng.pick(OWNERSHIPS),
    industry_id,
    is_listed: false,
    status: rng.pick(STATUSES),
    website: null,
    employees: logUniform(rng, 10, 20_000),
    search_text: legalSearchText(name, null, fields.national_id),
  };
}
