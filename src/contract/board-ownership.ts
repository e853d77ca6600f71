import { z } from 'zod';
import { positiveId } from './ids.ts';
import { listQuerySchema } from './list.ts';
import { isoDay, ownershipNode, unknownLink } from './ownership.ts';

/**
 * Boards tied to ownership (issue 17): the seats the state's stake entitles it to on a company's
 * current board beside the seats its representatives hold, and the interlocks among the boards of
 * the portfolio (domain/ownership/boards.ts states the rules and their sources). Shares are
 * fractions 0..1; a figure that cannot be computed is null with its reason in Persian. The
 * current board on a day: the company's newest term whose dates contain the day (both ends
 * inclusive, an open end open), and its seats whose own dates contain it; its size n is the
 * number of those seats that are not alternates (عضو علی‌البدل: not elected to a directorship).
 */

/** Why the entitled seats are not computable. */
export const ENTITLEMENT_REASONS = [
  'no-board',
  'no-seats',
  'state-entity',
  'no-holders',
  'unknown-share',
] as const;
export type EntitlementReason = (typeof ENTITLEMENT_REASONS)[number];
export const ENTITLEMENT_REASON_TEXT: Record<EntitlementReason, string> = {
  'no-board': 'هیئت مدیره‌ای که دوره آن در این تاریخ جاری باشد ثبت نشده است',
  'no-seats': 'برای هیئت مدیره جاری کرسی اصلی (غیر علی‌البدل) ثبت نشده است',
  'state-entity': 'این شخص حقوقی خود از نهادهای دولت است؛ سهم دولت در آن موضوعیت ندارد',
  'no-holders': 'سهامداری برای این شرکت ثبت نشده است؛ سهم دولت در آن معلوم نیست',
  'unknown-share': 'سهم دولت به سبب پیوندی با سهم نامعلوم محاسبه‌پذیر نیست',
};

/** The seats a stake gives (domain/ownership/boards.ts `seatEntitlement`). */
export const seatFigures = z.object({
  /** the seats guaranteed under cumulative voting (article 88): the "entitled" figure */
  cumulative: z.number().int(),
  /** the seats elected under plain majority voting: n when the stake is above 1/2, else 0 */
  majority: z.number().int(),
  /** the stake to exceed for one more cumulative seat; null when it guarantees them all */
  next_above: z.number().nullable(),
});
export type SeatFigures = z.infer<typeof seatFigures>;

/** A seat of the current board held for the state: by a state entity or a company the state controls. */
export const stateSeat = z.object({
  seat_id: z.number().int(),
  position: z.string(),
  /** the legal person holding the seat */
  holder: ownershipNode,
  /** the true person sitting for it; null when none is recorded */
  representative: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** `state-entity`: the holder is one of the state's entities; `controlled`: the state controls it */
  via: z.enum(['state-entity', 'controlled']),
  /** the state's combined share in the holder (controlled holders), as control counts it */
  control_share: z.number().nullable(),
});
export type StateSeat = z.infer<typeof stateSeat>;

/**
 * GET /api/ownership/legal-persons/:id/board-entitlement: the company's current board, the
 * state's integrated share and the seats it entitles the state to, and the seats held for the
 * state with the difference (held − entitled: above 0, more seats than the stake guarantees).
 */
export const boardEntitlement = z.object({
  company: ownershipNode,
  as_of: z.string(),
  threshold: z.number(),
  board: z
    .object({ id: z.number().int(), term_start: z.string().nullable(), term_end: z.string().nullable() })
    .nullable(),
  /** n: the current board's seats that are not alternates; null without a current board */
  seats: z.number().int().nullable(),
  /** the state's integrated share (integrated.ts); null when not computable */
  state_share: z.number().nullable(),
  /** the links of unknown share that make the state's share not computable */
  unknown_links: z.array(unknownLink),
  /** the seats the integrated share entitles the state to; null with `reason` */
  entitled: seatFigures.nullable(),
  /**
   * The votes the state casts in the company's assembly: the direct holdings of its entities and
   * of the companies it controls (each casts all its votes), and the seats they guarantee. `share`
   * null when a holding among them has an unknown share (or the company is a state entity);
   * `seats` null then, and without a current board with seats.
   */
  votes: z.object({ share: z.number().nullable(), seats: seatFigures.nullable() }),
  /** the seats that are not alternates held for the state */
  held: z.number().int(),
  /** held − entitled.cumulative; null when the entitlement is not computable */
  difference: z.number().int().nullable(),
  reason: z.enum(ENTITLEMENT_REASONS).nullable(),
  /** the reason in Persian */
  reason_text: z.string().nullable(),
  /** the seats held for the state, alternates included (marked by their position) */
  state_seats: z.array(stateSeat),
});
export type BoardEntitlement = z.infer<typeof boardEntitlement>;

/**
 * A person or company as the interlocks name it: the node's key, id, name, ticker and state
 * class (contract/ownership.ts `ownershipNode` without the figures: a list of the whole
 * portfolio's seats names thousands of them).
 */
export const interlockNode = ownershipNode.pick({
  key: true,
  id: true,
  name: true,
  ticker: true,
  state_class: true,
});
export type InterlockNode = z.infer<typeof interlockNode>;

/** A seat on a current board as the interlocks name it. */
export const interlockSeat = z.object({
  seat_id: z.number().int(),
  company: interlockNode,
  position: z.string(),
  /** the legal person the person sits for; null when the person holds the seat */
  for: interlockNode.nullable(),
});
export type InterlockSeat = z.infer<typeof interlockSeat>;

/** One person on the boards of two or more companies. `id` is the person's key. */
export const boardInterlockRow = z.object({
  kind: z.literal('board'),
  id: z.string(),
  person: interlockNode,
  /** how many companies' boards */
  boards: z.number().int(),
  seats: z.array(interlockSeat),
});
export type BoardInterlockRow = z.infer<typeof boardInterlockRow>;

/**
 * A member of company A's board (`seat.company`) who directly holds shares in company B
 * (`related`), A and B tied by a direct holding (`ties`: A holds B, B holds A, or both).
 * `id` is `<seat id>:<B's key>`.
 */
export const shareholdingInterlockRow = z.object({
  kind: z.literal('shareholding'),
  id: z.string(),
  person: interlockNode,
  seat: interlockSeat,
  related: interlockNode,
  ties: z.array(z.object({ holder: interlockNode, company: interlockNode, share: z.number().nullable() })),
  /** the person's direct share in B; null when declared without a figure */
  person_share: z.number().nullable(),
});
export type ShareholdingInterlockRow = z.infer<typeof shareholdingInterlockRow>;

export const interlockRow = z.discriminatedUnion('kind', [boardInterlockRow, shareholdingInterlockRow]);
export type InterlockRow = z.infer<typeof interlockRow>;

export const INTERLOCK_KINDS = ['board', 'shareholding'] as const;
export type InterlockKind = (typeof INTERLOCK_KINDS)[number];
export const INTERLOCK_KIND_TITLES: Record<InterlockKind, string> = {
  board: 'عضویت در چند هیئت مدیره',
  shareholding: 'سهامداری در شرکت مرتبط',
};

/** Sort keys of each kind (`sortBy`), the default first. */
export const INTERLOCK_SORTS: Record<InterlockKind, readonly string[]> = {
  board: ['boards', 'person'],
  shareholding: ['person', 'company', 'related', 'person_share'],
};

/**
 * GET /api/ownership/interlocks: the list's query (page, per_page, offset, cursor, before, sortBy,
 * descending, q) with the kind, a company they must touch, and the day.
 */
export const interlocksQuery = listQuerySchema.extend({
  kind: z.enum(INTERLOCK_KINDS, { error: 'نوع پیوند باید board یا shareholding باشد' }).default('board'),
  company_id: positiveId.optional(),
  as_of: isoDay('تاریخ').optional(),
});
export type InterlocksQuery = z.input<typeof interlocksQuery>;
export type InterlocksQueryValues = z.output<typeof interlocksQuery>;

/** Both kinds among a set of companies (the graph screens: interlocksAmong on the server). */
export const interlocksAmongAnswer = z.object({
  as_of: z.string(),
  board: z.array(boardInterlockRow),
  shareholding: z.array(shareholdingInterlockRow),
});
export type InterlocksAmongAnswer = z.infer<typeof interlocksAmongAnswer>;
