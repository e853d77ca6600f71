import { z } from 'zod';
import { toPersianDigits } from '../domain/persian-text.ts';
import { jalaliDate, optionalId, optionalJalali, pickedId } from './fields.ts';
import { BOARD_POSITIONS, shareholderItem } from './persons.ts';

/**
 * Boards of directors (GLOSSARY: board, board seat) and a company's shareholders, shared by the
 * API and the screens. Field names are the API's (snake_case); dates ISO `YYYY-MM-DD` out and
 * Jalali `1403/01/15` (Persian digits too) in; `percentage` a fraction 0..1 as a 6-decimal string.
 *
 * Calls (permission `person.board` unless said otherwise; every write in one transaction, audited
 * as entity `board` (before/after with `company_id`, so the company's history shows it) and one
 * `board_seat` row per seat added, changed or removed):
 * - GET /api/person/boards → `ListPage<BoardRow>` (contract/list.ts query): sortBy company_name |
 *   term_start (default, newest first) | term_end | seat_count; filters company_id, is_current,
 *   approved_by_assembly, term_start, term_end; `q` on the company's name, ticker, national id.
 * - GET /api/person/boards/{id} → `BoardEditDetail` (with `etag`).
 * - POST /api/person/boards `boardInput` → `{ id, etag }`.
 * - PUT /api/person/boards/{id} `boardUpdate` (`boardInput` + the `etag` the form was opened with)
 *   → `{ id, etag }`; seats with an `id` of this board are kept and updated, the others added,
 *   the missing ones removed.
 * - GET /api/person/shareholders/{companyId} (`person.legal.view`) → `CompanyShareholders`.
 * Errors: 422 per field (Persian; seat fields as `seats.{i}.{field}`), 404 board or company not
 * found, 409 `{ stale: true }` when the board changed after the form was opened, 403 without the
 * permission.
 */

export const BOARD_POSITION_ORDER: Record<string, number> = {
  chairman: 0,
  vice_chairman: 1,
  member: 2,
  alternate: 3,
};

/** One seat as the form sends it; `id` is the seat's id when it already exists on this board. */
export const boardSeatInput = z.object({
  id: optionalId('شناسه کرسی نامعتبر است'),
  holder_type: z.enum(['legal', 'true'], { error: 'نوع دارنده کرسی را انتخاب کنید' }),
  holder_id: pickedId('دارنده کرسی را از فهرست انتخاب کنید'),
  representative_id: optionalId('نماینده را از فهرست انتخاب کنید'),
  position: z.enum(BOARD_POSITIONS, { error: 'سمت را انتخاب کنید' }),
  is_executive: z.boolean().default(false),
  is_independent: z.boolean().default(false),
  start_date: optionalJalali('تاریخ آغاز عضویت'),
  end_date: optionalJalali('تاریخ پایان عضویت'),
});
export type BoardSeatInput = z.input<typeof boardSeatInput>;
type SeatValues = z.output<typeof boardSeatInput>;

/** The person a seat puts on the board: the true holder, or the legal holder's representative. */
const seatPersons = (s: SeatValues) =>
  s.holder_type === 'true'
    ? [`true:${s.holder_id}`]
    : [`legal:${s.holder_id}`, `true:${s.representative_id}`];

const onePerPosition: Record<string, string> = {
  chairman: 'هیئت مدیره تنها یک رئیس دارد',
  vice_chairman: 'هیئت مدیره تنها یک نایب رئیس دارد',
};

/**
 * The rules a board's seats keep, as zod issues on their fields: a legal holder needs a
 * representative (a true person); at most one chairman and one vice chairman; one person (holder
 * or representative) holds at most one seat; a seat ends after it starts.
 */
function checkSeats(seats: SeatValues[], ctx: z.RefinementCtx) {
  const positions = new Map<string, number>();
  const persons = new Map<string, number>();
  seats.forEach((s, i) => {
    const at = (field: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: ['seats', i, field], message });
    if (s.holder_type === 'legal' && !s.representative_id) {
      at('representative_id', 'برای دارنده حقوقی، نماینده حقیقی او را انتخاب کنید');
    }
    if (onePerPosition[s.position]) {
      if (positions.has(s.position)) at('position', onePerPosition[s.position]!);
      else positions.set(s.position, i);
    }
    seatPersons(s).forEach((key, k) => {
      if (key.endsWith(':null')) return;
      const other = persons.get(key);
      if (other !== undefined && other !== i) {
        at(
          k === 0 ? 'holder_id' : 'representative_id',
          `این شخص در ردیف ${toPersianDigits(other + 1)} نیز کرسی دارد؛ هر شخص تنها یک کرسی در هیئت مدیره دارد`,
        );
      } else persons.set(key, i);
    });
    if (s.start_date && s.end_date && s.end_date <= s.start_date) {
      at('end_date', 'پایان عضویت باید پس از آغاز آن باشد');
    }
  });
}

const boardFields = {
  company_id: pickedId('شرکت را از فهرست انتخاب کنید'),
  term_start: jalaliDate('آغاز دوره'),
  term_end: jalaliDate('پایان دوره'),
  approved_by_assembly: z.boolean().default(false),
  ceo_id: optionalId('مدیرعامل را از فهرست انتخاب کنید'),
  seats: z.array(boardSeatInput).max(40, 'هیئت مدیره حداکثر ۴۰ کرسی دارد').default([]),
};

const refineBoard = (
  b: { term_start: string; term_end: string; seats: SeatValues[] },
  ctx: z.RefinementCtx,
) => {
  if (b.term_end <= b.term_start) {
    ctx.addIssue({ code: 'custom', path: ['term_end'], message: 'پایان دوره باید پس از آغاز آن باشد' });
  }
  checkSeats(b.seats, ctx);
};

/** POST body: a board with its seats. */
export const boardInput = z.object(boardFields).superRefine(refineBoard);
export type BoardInput = z.input<typeof boardInput>;
export type BoardValues = z.output<typeof boardInput>;

/** PUT body: the board and the `etag` of the version the form was opened with. */
export const boardUpdate = z
  .object({ ...boardFields, etag: z.string({ error: 'نسخه هیئت مدیره نامعتبر است' }).min(1).max(128) })
  .superRefine(refineBoard);

/** Answer of create and update: the board's id and its new `etag`. */
export const savedBoard = z.object({ id: z.number().int(), etag: z.string() });
export type SavedBoard = z.infer<typeof savedBoard>;

/** A row of the boards list. `is_current`: the term has not ended (term_end ≥ today or none). */
export const boardRow = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  company_ticker: z.string().nullable(),
  term_start: z.string().nullable(),
  term_end: z.string().nullable(),
  approved_by_assembly: z.boolean(),
  ceo_id: z.number().int().nullable(),
  ceo_name: z.string().nullable(),
  seat_count: z.number().int(),
  is_current: z.boolean(),
});
export type BoardRow = z.infer<typeof boardRow>;

export const personRef = z.object({
  id: z.number().int(),
  name: z.string(),
  national_id: z.string().nullable(),
});
export type PersonRef = z.infer<typeof personRef>;

/** One seat as the editor loads it. */
export const boardSeatDetail = z.object({
  id: z.number().int(),
  holder_type: z.enum(['legal', 'true']),
  holder: personRef,
  representative: personRef.nullable(),
  position: z.string(),
  is_executive: z.boolean(),
  is_independent: z.boolean(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});
export type BoardSeatDetail = z.infer<typeof boardSeatDetail>;

/**
 * GET /api/person/boards/{id}: the board, its company and CEO, its seats (chairman first), and
 * `etag`, a fingerprint of all of it that a PUT must send back.
 */
export const boardEditDetail = z.object({
  id: z.number().int(),
  company: personRef,
  term_start: z.string().nullable(),
  term_end: z.string().nullable(),
  approved_by_assembly: z.boolean(),
  ceo: personRef.nullable(),
  seats: z.array(boardSeatDetail),
  etag: z.string(),
});
export type BoardEditDetail = z.infer<typeof boardEditDetail>;

/**
 * GET /api/person/shareholders/{companyId}: the company's direct shareholders, largest first.
 * `total_percentage` is the sum of their percentages and `free_float` = 1 − it (not below 0),
 * both fractions as 6-decimal strings; `share_count` is the company's (IRR-free count of shares).
 */
export const companyShareholders = z.object({
  company: z.object({
    id: z.number().int(),
    name: z.string(),
    ticker: z.string().nullable(),
    share_count: z.string().nullable(),
  }),
  shareholders: z.array(shareholderItem),
  total_percentage: z.string(),
  free_float: z.string(),
});
export type CompanyShareholders = z.infer<typeof companyShareholders>;
