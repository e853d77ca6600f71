import { sql } from 'drizzle-orm';
import { type BoardEditDetail, type BoardInput, boardInput } from '../../src/contract/boards.ts';
import { jalaliOfIso } from '../../src/domain/jalali.ts';
import type { Rng } from '../../src/domain/random.ts';
import type { SeatState } from '../../src/server/modules/boards/detail.ts';
import { boardState, etagOf } from '../../src/server/modules/boards/detail.ts';
import type { ApiClient } from '../support/api-client.ts';
import {
  canon,
  compareAudits,
  diff,
  type FaultRun,
  newVerdict,
  type Snapshot,
  sleep,
  type Verdict,
  type Write,
} from './fault-kit.ts';

/**
 * Boards of directors with their seats (POST / PUT /api/person/boards): a board and 1–9 seats in
 * one transaction, each with its audit rows (one for the board, one per seat added, changed or
 * removed). Edits open the board (GET, its seat ids and etag), keep some seats (changed), drop
 * others and add new ones. Each board of the run has a unique term start (Jalali years 1200–1299,
 * which no real board has), so even a board whose create was never answered is found.
 *
 * The check: each write's audit rows (by rid) are exactly the ones it must write, or — for an
 * unacknowledged write — none; the board holds exactly the state of its last committed write (every
 * field of the board and of every seat; kept seats under their ids); when that write was
 * acknowledged, the etag of the stored board equals the one it answered. A board without all its
 * seats, or seats without their audit rows, is a half write.
 */

/** A seat's stored columns, as the board's etag reads them (boards/detail.ts). */
export type SeatFields = Omit<SeatState, 'id'>;

interface State {
  company_id: number;
  term_start: string;
  term_end: string;
  approved_by_assembly: boolean;
  ceo_id: number | null;
  /** Seats; `id` known for seats kept from the state before (null for new ones). */
  seats: (SeatFields & { id: number | null })[];
}

interface BoardStep {
  write: Write;
  /** The state this write asks for. */
  state: State;
  /** The state it was made from (edits: as the GET before it read it). */
  before: State | null;
}

interface BoardTrack {
  termStart: string;
  /** The Jalali terms as sent (an edit sends them again). */
  jalali: { start: string; end: string };
  id: number | null;
  steps: BoardStep[];
}

/** Persons a board may seat: seeded, never deleted by the run. */
export interface BoardRefs {
  companies: number[];
  legal: number[];
  natural: number[];
}

/** Boards of the run have term starts before this ISO date (Jalali 1200–1299). */
const RUN_TERMS_BEFORE = '1921-01-01';
const pad = (n: number) => String(n).padStart(2, '0');

export class BoardBook {
  readonly tracks: BoardTrack[] = [];
  private next = 0;
  /** A unique Jalali term (start, end two years later) for the next board. */
  term(): { start: string; end: string } {
    const n = this.next++;
    const y = 1200 + Math.floor(n / 336);
    const md = `${pad(Math.floor((n % 336) / 28) + 1)}/${pad((n % 28) + 1)}`;
    return { start: `${y}/${md}`, end: `${y + 2}/${md}` };
  }
}

type Position = 'chairman' | 'vice_chairman' | 'member' | 'alternate';
const POSITIONS = (i: number, rng: Rng): Position =>
  i === 0 ? 'chairman' : i === 1 ? 'vice_chairman' : rng.pick(['member', 'alternate'] as const);

/** Seats for `holders` (true or legal with a representative), positions by order. */
function seatInputs(rng: Rng, refs: BoardRefs, company: number, taken: Set<string>, count: number) {
  const seats: NonNullable<BoardInput['seats']> = [];
  const freeTrue = () => {
    for (;;) {
      const id = rng.pick(refs.natural);
      if (!taken.has(`true:${id}`)) {
        taken.add(`true:${id}`);
        return id;
      }
    }
  };
  for (let i = 0; i < count; i++) {
    const legal = rng.chance(0.3)
      ? rng.shuffle(refs.legal).find((l) => l !== company && !taken.has(`legal:${l}`))
      : undefined;
    const start = rng.chance(0.6) ? rng.int(1390, 1400) : null;
    const seat = {
      holder_type: legal ? ('legal' as const) : ('true' as const),
      holder_id: legal ?? freeTrue(),
      representative_id: legal ? freeTrue() : null,
      position: 'member' as const,
      is_executive: rng.chance(0.4),
      is_independent: rng.chance(0.4),
      start_date: start ? `${start}/${pad(rng.int(1, 12))}/${pad(rng.int(1, 29))}` : null,
      end_date: start && rng.chance(0.5) ? `${start + 2}/01/15` : null,
    };
    if (legal) taken.add(`legal:${legal}`);
    seats.push(seat);
  }
  return seats;
}

/** The state a board body asks for (as the schema reads it; seat ids as sent). */
function stateOf(body: BoardInput): State {
  const v = boardInput.parse(body);
  return {
    company_id: v.company_id,
    term_start: v.term_start,
    term_end: v.term_end,
    approved_by_assembly: v.approved_by_assembly,
    ceo_id: v.ceo_id,
    seats: v.seats.map((s) => ({
      id: s.id,
      holder_type: s.holder_type,
      holder_legal_id: s.holder_type === 'legal' ? s.holder_id : null,
      holder_true_id: s.holder_type === 'true' ? s.holder_id : null,
      representative_id: s.holder_type === 'legal' ? s.representative_id : null,
      position: s.position,
      is_executive: s.is_executive,
      is_independent: s.is_independent,
      start_date: s.start_date,
      end_date: s.end_date,
    })),
  };
}

/** The state the editor read (GET …/boards/:id). */
function stateOfDetail(d: BoardEditDetail): State {
  return {
    company_id: d.company.id,
    term_start: d.term_start!,
    term_end: d.term_end!,
    approved_by_assembly: d.approved_by_assembly,
    ceo_id: d.ceo?.id ?? null,
    seats: d.seats.map((s) => ({
      id: s.id,
      holder_type: s.holder_type,
      holder_legal_id: s.holder_type === 'legal' ? s.holder.id : null,
      holder_true_id: s.holder_type === 'true' ? s.holder.id : null,
      representative_id: s.representative?.id ?? null,
      position: s.position,
      is_executive: s.is_executive,
      is_independent: s.is_independent,
      start_date: s.start_date,
      end_date: s.end_date,
    })),
  };
}

const seatOnly = ({ id: _id, ...s }: State['seats'][number]): SeatFields => s;
/** A stored seat's fields (without its id and board). */
const seatOfRow = (r: SeatFields): SeatFields => ({
  holder_type: r.holder_type,
  holder_legal_id: r.holder_legal_id,
  holder_true_id: r.holder_true_id,
  representative_id: r.representative_id,
  position: r.position,
  is_executive: r.is_executive,
  is_independent: r.is_independent,
  start_date: r.start_date,
  end_date: r.end_date,
});
const boardFields = (id: number | '*', s: State) => ({
  id,
  company_id: s.company_id,
  term_start: s.term_start,
  term_end: s.term_end,
  approved_by_assembly: s.approved_by_assembly,
  ceo_id: s.ceo_id,
  seat_count: s.seats.length,
});

/** The audit rows a write must leave (save.ts): the board's row when its fields change, one per seat change. */
function expectedAudits(step: BoardStep, id: number | '*') {
  const tag = { company_id: step.state.company_id, board_id: id };
  const out: {
    action: string;
    entity: string;
    entity_id: number | '*';
    before?: unknown;
    after?: unknown;
  }[] = [];
  const after = step.state;
  if (!step.before) {
    for (const s of after.seats)
      out.push({ action: 'create', entity: 'board_seat', entity_id: '*', after: { ...tag, ...seatOnly(s) } });
    out.push({ action: 'create', entity: 'board', entity_id: id, after: boardFields(id, after) });
    return out;
  }
  const before = step.before;
  const beforeTag = { company_id: before.company_id, board_id: id };
  const kept = new Set<number>();
  for (const s of after.seats) {
    const old = s.id ? before.seats.find((b) => b.id === s.id) : undefined;
    if (old) {
      kept.add(old.id!);
      if (canon(seatOnly(old)) !== canon(seatOnly(s)))
        out.push({
          action: 'update',
          entity: 'board_seat',
          entity_id: old.id!,
          before: { ...tag, ...seatOnly(old) },
          after: { ...tag, ...seatOnly(s) },
        });
    } else
      out.push({ action: 'create', entity: 'board_seat', entity_id: '*', after: { ...tag, ...seatOnly(s) } });
  }
  for (const old of before.seats)
    if (!kept.has(old.id!))
      out.push({
        action: 'delete',
        entity: 'board_seat',
        entity_id: old.id!,
        before: { ...beforeTag, ...seatOnly(old) },
      });
  if (canon(boardFields(id, before)) !== canon(boardFields(id, after)))
    out.push({
      action: 'update',
      entity: 'board',
      entity_id: id,
      before: boardFields(id, before),
      after: boardFields(id, after),
    });
  return out;
}

/** One worker creating boards with seats and editing its own. */
export async function boardsWorker(
  run: FaultRun,
  c: ApiClient,
  name: string,
  book: BoardBook,
  refs: BoardRefs,
) {
  const rng = run.rng(name);
  const mine: BoardTrack[] = [];
  while (run.writing) {
    let w: Write | null = null;
    if (mine.length === 0 || rng.chance(0.45)) {
      const term = book.term();
      const company = rng.pick(refs.companies);
      const taken = new Set<string>();
      const ceo = rng.chance(0.7) ? rng.pick(refs.natural) : null;
      const body: BoardInput = {
        company_id: company,
        term_start: term.start,
        term_end: term.end,
        approved_by_assembly: rng.chance(0.5),
        ceo_id: ceo,
        seats: seatInputs(rng, refs, company, taken, rng.int(1, 9)).map((s, i) => ({
          ...s,
          position: POSITIONS(i, rng),
        })),
      };
      const state = stateOf(body);
      w = await run.write(c, 'board.create', 'POST', '/api/person/boards', { json: body });
      const t: BoardTrack = {
        termStart: state.term_start,
        jalali: term,
        id: w.outcome === 'acked' ? w.answer.data.id : null,
        steps: [{ write: w, state, before: null }],
      };
      book.tracks.push(t);
      if (w.outcome === 'acked') mine.push(t);
    } else {
      const t = rng.pick(mine);
      const read = await run.read(c, `/api/person/boards/${t.id}`);
      if (read?.status === 200) {
        const detail = read.body.data as BoardEditDetail;
        const before = stateOfDetail(detail);
        const taken = new Set<string>();
        const kept = detail.seats.filter(() => rng.chance(0.6));
        for (const s of kept) {
          taken.add(`${s.holder_type}:${s.holder.id}`);
          if (s.representative) taken.add(`true:${s.representative.id}`);
        }
        const keptInputs = kept.map((s) => ({
          id: s.id,
          holder_type: s.holder_type,
          holder_id: s.holder.id,
          representative_id: s.representative?.id ?? null,
          position: 'member' as const,
          is_executive: rng.chance(0.5) ? !s.is_executive : s.is_executive,
          is_independent: s.is_independent,
          start_date: s.start_date ? jalaliOfIso(s.start_date) : null,
          end_date: s.end_date ? jalaliOfIso(s.end_date) : null,
        }));
        const added = seatInputs(rng, refs, detail.company.id, taken, rng.int(0, 3));
        const seats = rng
          .shuffle([...keptInputs, ...added])
          .map((s, i) => ({ ...s, position: POSITIONS(i, rng) }));
        const body: BoardInput = {
          company_id: detail.company.id,
          term_start: t.jalali.start,
          term_end: t.jalali.end,
          // Always a change to the board's own row too, so every edit writes its board audit row.
          approved_by_assembly: !detail.approved_by_assembly,
          ceo_id: rng.chance(0.5) ? (detail.ceo?.id ?? null) : rng.pick(refs.natural),
          seats,
        };
        const state = stateOf(body);
        w = await run.write(c, 'board.edit', 'PUT', `/api/person/boards/${t.id}`, {
          json: { ...body, etag: detail.etag },
        });
        t.steps.push({ write: w, state, before });
      }
    }
    if (w?.outcome !== 'acked') await sleep(300);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading back

interface BoardRow {
  id: number;
  company_id: number;
  term_start: string;
  term_end: string;
  approved_by_assembly: boolean;
  ceo_id: number | null;
}

export async function verifyBoards(snap: Snapshot, book: BoardBook): Promise<Verdict[]> {
  const create = newVerdict('board.create');
  const edit = newVerdict('board.edit');
  const verdictOf = (kind: string) => (kind === 'board.create' ? create : edit);
  const boards = await snap.q<BoardRow>(
    sql`SELECT id, company_id, term_start::text AS term_start, term_end::text AS term_end, approved_by_assembly, ceo_id
        FROM boards WHERE term_start < ${RUN_TERMS_BEFORE}::date ORDER BY id`,
  );
  const seats = await snap.q<SeatFields & { id: number; board_id: number }>(
    sql`SELECT s.id, s.board_id, s.holder_type, s.holder_legal_id, s.holder_true_id, s.representative_id, s.position,
          s.is_executive, s.is_independent, s.start_date::text AS start_date, s.end_date::text AS end_date
        FROM board_seats s JOIN boards b ON b.id = s.board_id
        WHERE b.term_start < ${RUN_TERMS_BEFORE}::date ORDER BY s.id`,
  );
  const byTerm = new Map(boards.map((b) => [b.term_start, b]));
  const seatsOf = (id: number) => seats.filter((s) => s.board_id === id);

  for (const t of book.tracks) {
    const row = byTerm.get(t.termStart);
    byTerm.delete(t.termStart);
    const createAudits = snap.audits.get(t.steps[0]!.write.rid) ?? [];
    const auditedId = Number(createAudits.find((a) => a.entity === 'board')?.entity_id ?? Number.NaN);
    const id = t.id ?? row?.id ?? (Number.isNaN(auditedId) ? null : auditedId);
    const who = `board ${t.termStart}${id ? ` (id ${id})` : ''}`;
    let last: BoardStep | null = null;
    let lastCounted = false;
    for (const [i, step] of t.steps.entries()) {
      const w = step.write;
      const v = verdictOf(w.kind);
      const audits = snap.audits.get(w.rid) ?? [];
      const tag = `${who}: ${i === 0 ? 'create' : `edit ${i}`} [${w.rid}, ${w.outcome}${w.status ? ` ${w.status}` : ''}]`;
      if (w.outcome === 'acked') v.acked++;
      if (audits.length === 0) {
        if (w.outcome === 'acked') v.lost.push(`${tag}: acknowledged, but none of its audit rows is there`);
        else if (w.outcome === 'unsure') v.unsureAbsent++;
        continue;
      }
      if (w.outcome === 'refused' || w.outcome === 'not_sent') {
        v.half.push(
          `${tag}: ${w.outcome === 'refused' ? 'refused' : 'never sent'}, yet ${audits.length} audit rows of it are there`,
        );
        continue;
      }
      const mismatch = compareAudits(audits, expectedAudits(step, id ?? '*'));
      if (mismatch) (w.outcome === 'acked' ? v.lost : v.half).push(`${tag}: ${mismatch}`);
      else if (w.outcome === 'acked') v.checked++;
      else v.unsureComplete++;
      lastCounted = !mismatch;
      last = step;
    }
    const v = verdictOf(last?.write.kind ?? 'board.create');
    if (!last) {
      if (row)
        v.half.push(`${who}: there with ${seatsOf(row.id).length} seats though no write of it committed`);
      continue;
    }
    const lastTag = `${who}: last committed write ${last.write.rid} (${last.write.outcome})`;
    const problems: string[] = [];
    if (!row) problems.push('the board is missing though its audit rows are there');
    else {
      const { seats: wanted, ...fields } = last.state;
      const differs = diff(row, fields);
      if (differs.length) problems.push(`the board differs: ${differs.join('; ')}`);
      const stored = seatsOf(row.id);
      const seatProblems: string[] = [];
      const loose = stored.map((s) => ({ s, used: false }));
      for (const want of wanted.filter((s) => s.id !== null)) {
        const hit = loose.find((l) => l.s.id === want.id);
        if (!hit) seatProblems.push(`seat ${want.id} missing`);
        else {
          hit.used = true;
          const d = diff(hit.s, seatOnly(want));
          if (d.length) seatProblems.push(`seat ${want.id}: ${d.join(', ')}`);
        }
      }
      for (const want of wanted.filter((s) => s.id === null)) {
        const key = canon(seatOnly(want));
        const hit = loose.find((l) => !l.used && canon(seatOfRow(l.s)) === key);
        if (hit) hit.used = true;
        else seatProblems.push(`seat ${key} missing`);
      }
      for (const l of loose.filter((x) => !x.used)) seatProblems.push(`seat ${l.s.id} not asked for`);
      if (seatProblems.length)
        problems.push(
          `${stored.length} seats stored, ${wanted.length} written: ${seatProblems.slice(0, 4).join('; ')}`,
        );
      if (last.write.outcome === 'acked') {
        const state = await boardState(snap.db, row.id);
        if (state && etagOf(state) !== last.write.answer.data.etag)
          problems.push("the stored board's etag is not the one its acknowledged write answered");
      }
    }
    if (problems.length === 0) continue;
    // The last committed write is not what is stored: it no longer counts as checked (or complete).
    if (last.write.outcome === 'acked') {
      if (lastCounted) v.checked--;
      v.lost.push(`${lastTag}: ${problems.join(' | ')}`);
    } else {
      if (lastCounted) v.unsureComplete--;
      v.half.push(`${lastTag}: ${problems.join(' | ')}`);
    }
  }
  for (const row of byTerm.values())
    create.half.push(`board ${row.id} (${row.term_start}) is there but no write of the run made it`);
  return [create, edit];
}
