import { eq } from 'drizzle-orm';
import type { BoardValues, SavedBoard } from '../../../contract/boards.ts';
import type { Db } from '../../db/client.ts';
import { pgError } from '../../db/pg-errors.ts';
import { boardSeats, boards } from '../../db/schema/index.ts';
import { type FieldErrors, HttpError, invalid, notFound } from '../../http/errors.ts';
import type { MutationRows } from '../../http/mutation.ts';
import type { AuditEntry } from '../../http/route.ts';
import { type BoardState, boardState, etagOf, personRefs, type SeatState } from './detail.ts';

/**
 * Create and update of a board with its seats, each in the caller's transaction (the route's
 * defineMutation): the checks the schema cannot make (the company, CEO, seat holders and
 * representatives exist and are not deleted), then the writes, giving back their audit rows —
 * entity `board_seat` per seat added, changed or removed (before/after: the seat's fields with
 * `company_id` and `board_id`), then entity `board` (before/after: the board's fields with
 * `company_id`), so both persons' histories (persons/history.ts) show them.
 */

export const BOARD_NOT_FOUND = 'هیئت مدیره یافت نشد';
export const BOARD_STALE_MESSAGE =
  'این هیئت مدیره پس از باز شدن آن در فرم شما تغییر کرده است؛ آن را دوباره بارگیری کنید و تغییرات را دوباره وارد کنید';

const staleBoard = () => new HttpError(409, BOARD_STALE_MESSAGE, undefined, { stale: true });

/** 422 per field naming a person that does not exist or is deleted. */
async function checkPersons(db: Db, v: BoardValues) {
  const legal = [v.company_id, ...v.seats.filter((s) => s.holder_type === 'legal').map((s) => s.holder_id)];
  const natural = [
    ...(v.ceo_id ? [v.ceo_id] : []),
    ...v.seats.flatMap((s) => [
      ...(s.holder_type === 'true' ? [s.holder_id] : []),
      ...(s.representative_id ? [s.representative_id] : []),
    ]),
  ];
  const refs = await personRefs(db, legal, natural);
  const live = (key: string) => {
    const p = refs.get(key);
    return !!p && !p.deleted;
  };
  const fields: FieldErrors = {};
  if (!live(`legal:${v.company_id}`)) fields.company_id = ['شرکت یافت نشد؛ آن را از فهرست انتخاب کنید'];
  if (v.ceo_id && !live(`true:${v.ceo_id}`))
    fields.ceo_id = ['مدیرعامل یافت نشد؛ او را از فهرست انتخاب کنید'];
  v.seats.forEach((s, i) => {
    if (!live(`${s.holder_type}:${s.holder_id}`)) {
      fields[`seats.${i}.holder_id`] = ['دارنده کرسی یافت نشد؛ آن را از فهرست انتخاب کنید'];
    } else if (s.holder_type === 'legal' && s.holder_id === v.company_id) {
      fields[`seats.${i}.holder_id`] = ['شرکت نمی‌تواند کرسی هیئت مدیره خودش را داشته باشد'];
    }
    if (s.holder_type === 'legal' && s.representative_id && !live(`true:${s.representative_id}`)) {
      fields[`seats.${i}.representative_id`] = ['نماینده یافت نشد؛ او را از فهرست انتخاب کنید'];
    }
  });
  if (Object.keys(fields).length) throw invalid(fields);
}

/** The seat's columns from the form (a true holder has no representative). */
function seatColumns(s: BoardValues['seats'][number]) {
  return {
    holderType: s.holder_type,
    holderLegalId: s.holder_type === 'legal' ? s.holder_id : null,
    holderTrueId: s.holder_type === 'true' ? s.holder_id : null,
    representativeId: s.holder_type === 'legal' ? s.representative_id : null,
    position: s.position,
    isExecutive: s.is_executive,
    isIndependent: s.is_independent,
    startDate: s.start_date,
    endDate: s.end_date,
  };
}

/** A seat under the API's field names, as its audit rows hold it. */
function seatFields(row: typeof boardSeats.$inferSelect): Omit<SeatState, 'id'> {
  return {
    holder_type: row.holderType as 'legal' | 'true',
    holder_legal_id: row.holderLegalId,
    holder_true_id: row.holderTrueId,
    representative_id: row.representativeId,
    position: row.position,
    is_executive: row.isExecutive,
    is_independent: row.isIndependent,
    start_date: row.startDate,
    end_date: row.endDate,
  };
}

const boardColumns = (v: BoardValues) => ({
  companyId: v.company_id,
  termStart: v.term_start,
  termEnd: v.term_end,
  approvedByAssembly: v.approved_by_assembly,
  ceoId: v.ceo_id,
});

const boardFields = ({ seats, ...b }: BoardState) => ({ ...b, seat_count: seats.length });
const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/** Writes the seats added, changed or removed → their audit rows. `existing` are the board's seats now. */
async function writeSeats(
  tx: Db,
  boardId: number,
  companyId: number,
  v: BoardValues,
  existing: SeatState[],
): Promise<AuditEntry[]> {
  const audits: AuditEntry[] = [];
  const byId = new Map(existing.map((s) => [s.id, s]));
  const kept = new Set<number>();
  const tag = { company_id: companyId, board_id: boardId };
  for (const seat of v.seats) {
    const current = seat.id ? byId.get(seat.id) : undefined;
    if (current && !kept.has(current.id)) {
      kept.add(current.id);
      const { id: _id, ...before } = current;
      const [row] = await tx
        .update(boardSeats)
        .set(seatColumns(seat))
        .where(eq(boardSeats.id, current.id))
        .returning();
      const after = seatFields(row!);
      if (!same(before, after)) {
        audits.push({
          action: 'update',
          entity: 'board_seat',
          entityId: current.id,
          before: { ...tag, ...before },
          after: { ...tag, ...after },
        });
      }
      continue;
    }
    const [row] = await tx
      .insert(boardSeats)
      .values({ boardId, ...seatColumns(seat) })
      .returning();
    audits.push({
      action: 'create',
      entity: 'board_seat',
      entityId: row!.id,
      after: { ...tag, ...seatFields(row!) },
    });
  }
  for (const s of existing) {
    if (kept.has(s.id)) continue;
    await tx.delete(boardSeats).where(eq(boardSeats.id, s.id));
    const { id: _id, ...before } = s;
    audits.push({
      action: 'delete',
      entity: 'board_seat',
      entityId: s.id,
      before: { ...tag, ...before },
    });
  }
  return audits;
}

/**
 * Runs `write` (the mutation's transaction): a foreign-key violation (a picked person deleted
 * meanwhile) becomes a 422, never a 500.
 */
export async function guardedWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (pgError(e).code === '23503')
      throw invalid({ _: ['یکی از اشخاص انتخاب‌شده دیگر وجود ندارد؛ فرم را بازبینی کنید'] });
    throw e;
  }
}

/** Inserts board `v` with its seats in `tx` → `{ id, etag }` and the audit rows. Errors: 422 (checkPersons). */
export async function createBoard(tx: Db, v: BoardValues): Promise<MutationRows<SavedBoard>> {
  await checkPersons(tx, v);
  const [row] = await tx.insert(boards).values(boardColumns(v)).returning();
  const id = row!.id;
  const audits = await writeSeats(tx, id, v.company_id, v, []);
  const state = (await boardState(tx, id))!;
  audits.push({ action: 'create', entity: 'board', entityId: id, after: boardFields(state) });
  return { audits, result: { id, etag: etagOf(state) } };
}

/**
 * Replaces board `id` with `v` in `tx` if its etag is still `etag` → `{ id, etag }` and the audit
 * rows (unchanged values write none). Errors: 404 board not found, 409 `{ stale: true }` when the
 * etag is not the current one (nothing written), 422 (checkPersons).
 */
export async function updateBoard(
  tx: Db,
  id: number,
  v: BoardValues,
  etag: string,
): Promise<MutationRows<SavedBoard>> {
  const before = await boardState(tx, id, true);
  if (!before) throw notFound(BOARD_NOT_FOUND);
  if (etagOf(before) !== etag) throw staleBoard();
  await checkPersons(tx, v);
  await tx.update(boards).set(boardColumns(v)).where(eq(boards.id, id));
  const audits = await writeSeats(tx, id, v.company_id, v, before.seats);
  const after = (await boardState(tx, id))!;
  if (!same(boardFields(before), boardFields(after))) {
    audits.push({
      action: 'update',
      entity: 'board',
      entityId: id,
      before: boardFields(before),
      after: boardFields(after),
    });
  }
  return { audits, result: { id, etag: etagOf(after) } };
}
