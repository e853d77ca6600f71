import { sql } from 'drizzle-orm';
import {
  type BoardEntitlement,
  type BoardInterlockRow,
  ENTITLEMENT_REASON_TEXT,
  type EntitlementReason,
  INTERLOCK_SORTS,
  type InterlockKind,
  type InterlockNode,
  type InterlockRow,
  type InterlockSeat,
  type InterlocksAmongAnswer,
  type InterlocksQueryValues,
  type SeatFigures,
  type ShareholdingInterlockRow,
  type StateSeat,
} from '../../../contract/board-ownership.ts';
import type { ListPage } from '../../../contract/list.ts';
import type { OwnershipNode } from '../../../contract/ownership.ts';
import { todayIso } from '../../../domain/jalali.ts';
import {
  type BoardInterlock,
  type BoardSeat,
  boardInterlocks,
  interlocksAmong as domainInterlocksAmong,
  type SeatEntitlement,
  type ShareholdingInterlock,
  seatEntitlement,
  shareholdingInterlocks,
} from '../../../domain/ownership/boards.ts';
import { controlledBy } from '../../../domain/ownership/control.ts';
import type { Link, OwnershipGraph } from '../../../domain/ownership/graph.ts';
import { searchKey } from '../../../domain/persian-text.ts';
import type { Db } from '../../db/client.ts';
import { invalid } from '../../http/errors.ts';
import { queryRows } from '../../http/list.ts';
import { describeNodes, linkKeys, namedLinks, nodeOf } from './nodes.ts';
import { nodeExists } from './queries.ts';
import { legalKey, type OwnershipOnDay, type OwnershipSnapshot, ownershipOn, trueKey } from './store.ts';

/**
 * Boards tied to ownership (contract/board-ownership.ts, rules in domain/ownership/boards.ts):
 * the current boards of a day read from the database, the state's share and control from the
 * ownership graph of that day (store.ts), both put together by the pure rules.
 */

/** A seat of a current board as stored, with its board and whoever sits in it. */
export type CurrentSeat = {
  id: number;
  boardId: number;
  companyId: number;
  position: string;
  holderType: 'legal' | 'true';
  holderLegalId: number | null;
  /** the true person sitting: the holder, or the legal holder's representative (null: none recorded) */
  personId: number | null;
};

/**
 * The current board of each company on `day` (the newest term whose dates contain it: null
 * ends open) and its seats current on `day`, for live companies (all, or those of `companyIds`),
 * in company, position, seat order. A seat whose sitting person is deleted keeps its place (it
 * is a seat of the board) without a person.
 */
export async function currentSeats(
  db: Db,
  day: string,
  companyIds?: readonly number[],
): Promise<CurrentSeat[]> {
  const only = companyIds ? sql`AND b.company_id = ANY(${sql.param([...companyIds])}::int[])` : sql``;
  return queryRows<CurrentSeat>(
    db,
    sql`WITH cur AS (
          SELECT DISTINCT ON (b.company_id) b.id, b.company_id
          FROM boards b JOIN legal_persons c ON c.id = b.company_id AND c.deleted_at IS NULL
          WHERE (b.term_start IS NULL OR b.term_start <= ${day}::date)
            AND (b.term_end IS NULL OR b.term_end >= ${day}::date) ${only}
          ORDER BY b.company_id, b.term_start DESC NULLS LAST, b.id DESC)
        SELECT s.id, s.board_id AS "boardId", cur.company_id AS "companyId", s.position,
          s.holder_type AS "holderType", s.holder_legal_id AS "holderLegalId",
          CASE WHEN t.deleted_at IS NULL THEN t.id END AS "personId"
        FROM cur JOIN board_seats s ON s.board_id = cur.id
        LEFT JOIN true_persons t ON t.id = COALESCE(s.holder_true_id, s.representative_id)
        WHERE (s.start_date IS NULL OR s.start_date <= ${day}::date)
          AND (s.end_date IS NULL OR s.end_date >= ${day}::date)
        ORDER BY cur.company_id,
          CASE s.position WHEN 'chairman' THEN 0 WHEN 'vice_chairman' THEN 1 WHEN 'member' THEN 2 ELSE 3 END, s.id`,
  );
}

/** The seats with a sitting person, as the domain reads them. */
const seatsOfPersons = (seats: readonly CurrentSeat[]): BoardSeat[] =>
  seats.flatMap((s) =>
    s.personId === null
      ? []
      : [
          {
            id: s.id,
            company: legalKey(s.companyId),
            person: trueKey(s.personId),
            position: s.position,
            for: s.holderType === 'legal' && s.holderLegalId !== null ? legalKey(s.holderLegalId) : null,
          },
        ],
  );

const figures = (e: SeatEntitlement): SeatFigures | null =>
  e.computable ? { cumulative: e.cumulative, majority: e.majority, next_above: e.nextAbove } : null;

/**
 * The share of `company`'s votes held directly by `voters`; null with the links when one of those
 * holdings has an unknown share.
 */
function votesOf(g: OwnershipGraph, company: string, voters: ReadonlySet<string>) {
  const c = g.index.get(company);
  const unknown: Link[] = [];
  let share = 0;
  if (c !== undefined)
    g.inFrom[c]!.forEach((h, k) => {
      const holder = g.ids[h]!;
      if (!voters.has(holder)) return;
      const s = g.inShare[c]![k]!;
      if (Number.isNaN(s)) unknown.push({ holder, company });
      else share += s;
    });
  return { share: unknown.length ? null : share, unknown };
}

/** Links without repeats, in order. */
const distinctLinks = (links: readonly Link[]) => [
  ...new Map(links.map((l) => [`${l.holder}>${l.company}`, l])).values(),
];

/**
 * The seats the state's stake entitles it to on `companyId`'s current board on `day`, beside the
 * seats held for the state (contract `boardEntitlement`); null when there is no such live legal
 * person. The state's seats: those whose holder is a state entity or a company the state controls
 * at `threshold` (control.ts `controlledBy`, the state's entities as one owner).
 */
export async function boardEntitlement(
  db: Db,
  companyId: number,
  { day = todayIso(), threshold = 0.5 }: { day?: string; threshold?: number } = {},
): Promise<BoardEntitlement | null> {
  const key = legalKey(companyId);
  if (!(await nodeExists(db, key))) return null;
  const { snapshot, onDay } = await ownershipOn(db, day);
  const g = onDay.graph;
  const [[board], seats] = await Promise.all([
    currentBoard(db, companyId, day),
    currentSeats(db, day, [companyId]),
  ]);
  const state = new Set(snapshot.stateIds);
  const controlled = controlledBy(g, snapshot.stateIds, threshold);
  const isState = state.has(key);
  const classification = onDay.classes().get(key);
  const shareKnown = !isState && classification !== undefined;
  const share = shareKnown ? classification.share : null;
  const unknownLinks = shareKnown ? classification.unknownLinks : [];
  const main = seats.filter((s) => s.position !== 'alternate');
  const n = board ? main.length : null;

  type ForState = { seat: CurrentSeat; holder: string; via: StateSeat['via']; share: number | null };
  const forState = seats.flatMap((s): ForState[] => {
    if (s.holderType !== 'legal' || s.holderLegalId === null) return [];
    const holder = legalKey(s.holderLegalId);
    if (state.has(holder)) return [{ seat: s, holder, via: 'state-entity', share: null }];
    const held = controlled.get(holder);
    return held === undefined ? [] : [{ seat: s, holder, via: 'controlled', share: held }];
  });
  const held = forState.filter((f) => f.seat.position !== 'alternate').length;

  const reason: EntitlementReason | null = !board
    ? 'no-board'
    : n === 0
      ? 'no-seats'
      : isState
        ? 'state-entity'
        : !shareKnown
          ? 'no-holders'
          : share === null
            ? 'unknown-share'
            : null;
  const entitled = reason === null ? figures(seatEntitlement(share, n!)) : null;
  const votes = votesOf(g, key, new Set([...state, ...controlled.keys()]));
  const voteSeats =
    board && n && !isState && votes.share !== null ? figures(seatEntitlement(votes.share, n)) : null;

  const persons = await queryRows<{ id: number; name: string }>(
    db,
    sql`SELECT id, first_name || ' ' || last_name AS name FROM true_persons
        WHERE id = ANY(${sql.param(forState.flatMap((f) => (f.seat.personId ? [f.seat.personId] : [])))}::int[])`,
  );
  const personName = new Map(persons.map((p) => [p.id, p.name]));
  const names = await describeNodes(
    db,
    [key, ...forState.map((f) => f.holder), ...linkKeys(unknownLinks), ...linkKeys(votes.unknown)],
    snapshot,
    onDay,
  );
  const stateSeats: StateSeat[] = forState.map((f) => ({
    seat_id: f.seat.id,
    position: f.seat.position,
    holder: nodeOf(names, f.holder),
    representative:
      f.seat.personId === null ? null : { id: f.seat.personId, name: personName.get(f.seat.personId) ?? '' },
    via: f.via,
    control_share: f.share,
  }));
  return {
    company: nodeOf(names, key),
    as_of: day,
    threshold,
    board: board ?? null,
    seats: n,
    state_share: share,
    unknown_links: namedLinks(names, distinctLinks([...unknownLinks, ...votes.unknown])),
    entitled,
    votes: { share: isState ? null : votes.share, seats: voteSeats },
    held,
    difference: entitled ? held - entitled.cumulative : null,
    reason,
    reason_text: reason ? ENTITLEMENT_REASON_TEXT[reason] : null,
    state_seats: stateSeats,
  };
}

/** The current board of a company on `day` (as `currentSeats` picks it), or none. */
function currentBoard(db: Db, companyId: number, day: string) {
  return queryRows<{ id: number; term_start: string | null; term_end: string | null }>(
    db,
    sql`SELECT b.id, b.term_start::text AS term_start, b.term_end::text AS term_end FROM boards b
        WHERE b.company_id = ${companyId}
          AND (b.term_start IS NULL OR b.term_start <= ${day}::date) AND (b.term_end IS NULL OR b.term_end >= ${day}::date)
        ORDER BY b.term_start DESC NULLS LAST, b.id DESC LIMIT 1`,
  );
}

/** Both kinds of interlocks on a day, with what is needed to name them. */
export type Interlocks = {
  day: string;
  board: BoardInterlock[];
  shareholding: ShareholdingInterlock[];
  snapshot: OwnershipSnapshot;
  onDay: OwnershipOnDay;
};

/** Every interlock of the portfolio on `day` (domain/ownership/boards.ts). */
export async function portfolioInterlocks(db: Db, day: string = todayIso()): Promise<Interlocks> {
  const [{ snapshot, onDay }, seats] = await Promise.all([ownershipOn(db, day), currentSeats(db, day)]);
  const sitting = seatsOfPersons(seats);
  return {
    day,
    board: boardInterlocks(sitting),
    shareholding: shareholdingInterlocks(onDay.graph, sitting),
    snapshot,
    onDay,
  };
}

/** The keys the rows of both kinds name. */
export function interlockKeys(
  board: readonly BoardInterlock[],
  shareholding: readonly ShareholdingInterlock[],
) {
  const keys = new Set<string>();
  const seat = (s: BoardSeat) => {
    keys.add(s.company);
    if (s.for) keys.add(s.for);
  };
  for (const i of board) {
    keys.add(i.person);
    i.seats.forEach(seat);
  }
  for (const i of shareholding) {
    keys.add(i.person);
    keys.add(i.related);
    seat(i.seat);
    for (const t of i.ties) keys.add(t.holder).add(t.company);
  }
  return keys;
}

/** The node of `key` as the interlocks name it. */
function refOf(names: Map<string, OwnershipNode>, key: string): InterlockNode {
  const { key: k, id, name, ticker, state_class } = nodeOf(names, key);
  return { key: k, id, name, ticker, state_class };
}

const namedSeat = (names: Map<string, OwnershipNode>, s: BoardSeat): InterlockSeat => ({
  seat_id: s.id,
  company: refOf(names, s.company),
  position: s.position,
  for: s.for ? refOf(names, s.for) : null,
});

/** A board interlock as the API answers it. */
export const boardRow = (names: Map<string, OwnershipNode>, i: BoardInterlock): BoardInterlockRow => ({
  kind: 'board',
  id: i.person,
  person: refOf(names, i.person),
  boards: new Set(i.seats.map((s) => s.company)).size,
  seats: i.seats.map((s) => namedSeat(names, s)),
});

/** A shareholding interlock as the API answers it. */
export const shareholdingRow = (
  names: Map<string, OwnershipNode>,
  i: ShareholdingInterlock,
): ShareholdingInterlockRow => ({
  kind: 'shareholding',
  id: `${i.seat.id}:${i.related}`,
  person: refOf(names, i.person),
  seat: namedSeat(names, i.seat),
  related: refOf(names, i.related),
  ties: i.ties.map((t) => ({
    holder: refOf(names, t.holder),
    company: refOf(names, t.company),
    share: t.share,
  })),
  person_share: i.personShare,
});

/**
 * The interlocks among `companyIds` on `day` (today by default), both kinds, for the graph
 * screens: persons on two or more of these companies' boards (their seats on these boards only),
 * and board members of one of them holding shares in another tied to it.
 */
export async function interlocksAmong(
  db: Db,
  companyIds: readonly number[],
  day: string = todayIso(),
): Promise<InterlocksAmongAnswer> {
  const [{ snapshot, onDay }, seats] = await Promise.all([
    ownershipOn(db, day),
    currentSeats(db, day, companyIds),
  ]);
  const found = domainInterlocksAmong(onDay.graph, seatsOfPersons(seats), new Set(companyIds.map(legalKey)));
  const names = await describeNodes(db, interlockKeys(found.board, found.shareholding), snapshot, onDay);
  return {
    as_of: day,
    board: found.board.map((i) => boardRow(names, i)),
    shareholding: found.shareholding.map((i) => shareholdingRow(names, i)),
  };
}

type SortTerm = { key: string; desc: boolean };
const collator = new Intl.Collator('fa');
/** Sort keys whose natural order is highest first (a figure); names go from the top. */
const HIGHEST_FIRST = new Set(['boards', 'person_share']);

/** `sortBy` / `descending` of the list (contract `INTERLOCK_SORTS`); 422 on an unknown or repeated key. */
function sortTerms(
  kind: InterlockKind,
  sortBy: string | undefined,
  descending: boolean | undefined,
): SortTerm[] {
  const allowed = INTERLOCK_SORTS[kind];
  const given = !!sortBy?.trim();
  const tokens = given ? sortBy!.split(',').map((t) => t.trim()) : [allowed[0]!];
  const bad = (message: string) => invalid({ sortBy: [message] }, message);
  if (tokens.length > 3) throw bad('مرتب‌سازی حداکثر بر اساس ۳ ستون ممکن است');
  const seen = new Set<string>();
  return tokens.map((token, i) => {
    const prefixed = token.startsWith('-');
    const key = prefixed ? token.slice(1) : token;
    if (!allowed.includes(key)) throw bad(`مرتب‌سازی بر اساس «${key}» در این فهرست ممکن نیست`);
    if (seen.has(key)) throw bad(`ستون «${key}» دو بار در مرتب‌سازی آمده است`);
    seen.add(key);
    const natural = HIGHEST_FIRST.has(key);
    return { key, desc: prefixed || (i === 0 && (descending ?? (given ? false : natural))) };
  });
}

/** A row's value for a sort key (null: unknown, last either way). */
function sortValue(row: InterlockRow, key: string): number | string | null {
  if (key === 'boards') return row.kind === 'board' ? row.boards : null;
  if (key === 'person') return row.person.name;
  if (row.kind !== 'shareholding') return null;
  if (key === 'company') return row.seat.company.name;
  if (key === 'related') return row.related.name;
  return row.person_share;
}

function compareRows(terms: readonly SortTerm[]) {
  return (a: InterlockRow, b: InterlockRow): number => {
    for (const { key, desc } of terms) {
      const x = sortValue(a, key);
      const y = sortValue(b, key);
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      const c = typeof x === 'string' ? collator.compare(x, y as string) : x - (y as number);
      if (c !== 0) return desc ? -c : c;
    }
    return collator.compare(a.person.name, b.person.name) || collator.compare(a.id, b.id);
  };
}

/** A row position as `cursor` / `before` carry it: base64url JSON `{ p }`, opaque as every list's cursor. */
const encodePosition = (p: number) => Buffer.from(JSON.stringify({ p })).toString('base64url');

/** The row position of a `cursor` / `before` (encodePosition); 422 on anything else. */
function positionOf(text: string, field: 'cursor' | 'before'): number {
  let p: unknown;
  try {
    p = (JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { p?: unknown } | null)?.p;
  } catch {
    p = undefined;
  }
  if (typeof p !== 'number' || !Number.isInteger(p) || p < 0 || p > 1_000_000_000)
    throw invalid({ [field]: ['نشانگر صفحه نامعتبر است'] }, 'نشانگر صفحه نامعتبر است');
  return p;
}

/** The nodes a row names (what `q` is matched against). */
const rowNodes = (r: InterlockRow): InterlockNode[] =>
  r.kind === 'board'
    ? [r.person, ...r.seats.flatMap((s) => (s.for ? [s.company, s.for] : [s.company]))]
    : [r.person, r.seat.company, r.related, ...(r.seat.for ? [r.seat.for] : [])];

/**
 * One page of the interlocks of `kind` on `as_of` (contract `interlocksQuery`), touching company
 * `company_id` when given (a board interlock with a seat on its board; a shareholding interlock
 * whose board's company or related company it is), matching `q` (a person's or company's name or
 * ticker), sorted and paged in memory (cursors carry row positions). Null when `company_id` names
 * no live legal person. 422 on an unknown sort, an advanced filter, a bad cursor.
 */
export async function interlockPage(
  db: Db,
  query: InterlocksQueryValues,
): Promise<ListPage<InterlockRow> | null> {
  if (query.advanceFilter)
    throw invalid(
      { advanceFilter: ['این فهرست فیلتر پیشرفته ندارد؛ با جستجو یا شرکت محدودش کنید'] },
      'این فهرست فیلتر پیشرفته ندارد',
    );
  const terms = sortTerms(query.kind, query.sortBy, query.descending);
  const company = query.company_id ? legalKey(query.company_id) : null;
  if (company && !(await nodeExists(db, company))) return null;
  const found = await portfolioInterlocks(db, query.as_of);
  const board =
    query.kind !== 'board'
      ? []
      : company
        ? found.board.filter((i) => i.seats.some((s) => s.company === company))
        : found.board;
  const shareholding =
    query.kind !== 'shareholding'
      ? []
      : company
        ? found.shareholding.filter((i) => i.seat.company === company || i.related === company)
        : found.shareholding;
  const names = await describeNodes(db, interlockKeys(board, shareholding), found.snapshot, found.onDay);
  let rows: InterlockRow[] =
    query.kind === 'board'
      ? board.map((i) => boardRow(names, i))
      : shareholding.map((i) => shareholdingRow(names, i));
  const q = query.q ? searchKey(query.q) : '';
  if (q) {
    const keyOf = new Map<string, string>();
    const matches = (n: InterlockNode) => {
      let k = keyOf.get(n.key);
      if (k === undefined) {
        k = `${searchKey(n.name)} ${n.ticker ? searchKey(n.ticker) : ''}`;
        keyOf.set(n.key, k);
      }
      return k.includes(q);
    };
    rows = rows.filter((r) => rowNodes(r).some(matches));
  }
  rows.sort(compareRows(terms));
  const perPage = query.per_page;
  let start: number;
  let end: number;
  if (query.before) {
    end = Math.min(positionOf(query.before, 'before'), rows.length);
    start = Math.max(0, end - perPage);
  } else {
    start = query.cursor ? positionOf(query.cursor, 'cursor') : (query.offset ?? (query.page - 1) * perPage);
    end = Math.min(rows.length, start + perPage);
  }
  return {
    data: rows.slice(start, end),
    total: rows.length,
    page: Math.floor(start / perPage) + 1,
    per_page: perPage,
    next_cursor: end < rows.length ? encodePosition(end) : null,
    prev_cursor: start > 0 ? encodePosition(start) : null,
  };
}
