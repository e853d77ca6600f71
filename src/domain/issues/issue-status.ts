import { and, assign, type SnapshotFrom, setup, transition } from 'xstate';
import { isIsoDay, isTimestamp, isUserId, normalizeNote } from '../move-fields.ts';

/**
 * The status of one issue (موضوع): something an auditor raised about a company, triaged by the
 * auditors until it is dealt with. The issue's identity is `context.id`; what it is about, who
 * raised it and who works on it are not part of this machine. Pure: no I/O, no clock, no
 * randomness. The server restores a stored issue with `restoreIssueStatus`, decides a move with
 * `applyIssueMove` (which says why, in Persian, when it refuses) and stores the resulting context
 * and move; the client offers only `allowedIssueMoves`.
 *
 * States (`context.state` always equals the state value):
 * - `new` «جدید»: raised, nobody has looked at it yet.
 * - `accepted` «پذیرفته»: triaged as a real issue to act on.
 * - `in_progress` «در دست اقدام»: someone is acting on it.
 * - `duplicate` «تکراری»: the same as another issue (`context.duplicateOf`), followed there.
 * - `declined` «ردشده»: not an issue to act on, with the reason (`context.declineReason`).
 * - `snoozed` «به تعویق افتاده»: put off until a day (`context.snoozedUntil`), then back to the
 *   state it was put off from (`context.snoozedFrom`).
 * - `resolved` «حل‌شده»: acted on; waiting to be closed (or reopened when it was not).
 * - `closed` «بسته»: done with.
 *
 * Moves (every accepted move changes the state and yields one `IssueMove`; a refused event changes
 * nothing at all, neither the state nor the context):
 * - `ACCEPT` new | snoozed → accepted. From `snoozed` it ends the snooze early, whatever state the
 *   issue was put off from: accepting is a fresh triage decision (an issue snoozed while in
 *   progress comes back accepted and is taken up again by `START`).
 * - `START` accepted → in_progress. Only an accepted issue is worked on: triage comes first.
 * - `MARK_DUPLICATE` { of } new | accepted | in_progress | snoozed → duplicate, naming the issue
 *   it repeats: a positive integer id other than its own (an issue cannot repeat itself; whether
 *   that issue exists is the server's to check). Sets `duplicateOf`.
 * - `DECLINE` { reason } new | accepted | in_progress | snoozed → declined. The reason is
 *   required and must say something (trimmed; spaces, zero-width and direction marks alone are
 *   nothing): whoever raised the issue must be told why it will not be acted on. Sets
 *   `declineReason`.
 * - `SNOOZE` { until } new | accepted | in_progress → snoozed, until an ISO day (`YYYY-MM-DD`, a
 *   real calendar day) strictly after the day of the event's `at`: a snooze to today or earlier
 *   would end before it began. The day of `at` is its first ten characters, the calendar day in
 *   the timestamp's own zone, not in UTC: the server passes `at` in Tehran time (`…+03:30`), so
 *   «today» is today in Tehran (at 00:30 in Tehran it is still yesterday in UTC). Not from
 *   `snoozed` (a snooze is not extended in place: wake or accept it first). Sets `snoozedUntil`
 *   and `snoozedFrom`, the state it left.
 * - `WAKE` snoozed → the state it was put off from (`snoozedFrom`: new, accepted or
 *   in_progress), only once the day has come: the day of `at` (as for `SNOOZE`) is
 *   `snoozedUntil` or later. The server sends it when the day comes (the issues' sweep, as the
 *   product itself: `by` PRODUCT_MOVER, the one move no user need make); a wake the day before
 *   is refused, so a snooze is never cut short by a clock running early.
 * - `RESOLVE` accepted | in_progress → resolved. Not from `new`: an issue is triaged (accepted)
 *   before it is called resolved.
 * - `CLOSE` resolved | declined | duplicate → closed: an issue ends only after a decision on it
 *   (resolved, declined or followed elsewhere), never straight from `new` or while open.
 * - `REOPEN` { reason } resolved | closed | declined | duplicate → new, for triage again. The
 *   reason is required as for `DECLINE`: reopening undoes a decision, and the trail must say why.
 *
 * The context says what the issue is now, and each field belongs to one state: `duplicateOf` is
 * set only in `duplicate`, `declineReason` only in `declined`, `snoozedUntil` and `snoozedFrom`
 * only in `snoozed`. Leaving a state clears its fields, by any move (closing a duplicate or a
 * declined issue too; reopening clears them as well). What the issue was before is the trail's
 * to tell: the server stores every `IssueMove`.
 *
 * Every event names who (`by`, a user id: a positive integer) and when (`at`, an ISO 8601
 * timestamp with seconds and a zone, passed in by the caller: the machine never reads a clock);
 * one that does not is refused. `at` is returned as given and not compared with earlier moves.
 * `note` is optional; it is trimmed, and a note with nothing visible is stored as `null`. On
 * `DECLINE` and `REOPEN` the reason is the move's note (they take no separate note). Whether this
 * user may make this move (role, assignment) is the server's decision, not this machine's.
 */

/** The eight states of an issue, in their usual order. */
export const ISSUE_STATES = [
  'new',
  'accepted',
  'in_progress',
  'duplicate',
  'declined',
  'snoozed',
  'resolved',
  'closed',
] as const;

/** One state of an issue (see `issueStatusMachine`). */
export type IssueState = (typeof ISSUE_STATES)[number];

/** The Persian name of each state, as the interface shows it. */
export const ISSUE_STATE_LABELS_FA: Readonly<Record<IssueState, string>> = {
  new: 'جدید',
  accepted: 'پذیرفته',
  in_progress: 'در دست اقدام',
  duplicate: 'تکراری',
  declined: 'ردشده',
  snoozed: 'به تعویق افتاده',
  resolved: 'حل‌شده',
  closed: 'بسته',
};

/**
 * What is stored for an issue's status: its own id, its state and the fields of that state
 * (each `null` in every other state; see the comment at the top of this file).
 */
export interface IssueStatusContext {
  /** The issue's own id. */
  id: number;
  state: IssueState;
  /** In `duplicate`: the id of the issue this one repeats. */
  duplicateOf: number | null;
  /** In `declined`: why it was declined (trimmed). */
  declineReason: string | null;
  /** In `snoozed`: the ISO day (`YYYY-MM-DD`) from which it may wake. */
  snoozedUntil: string | null;
  /** In `snoozed`: the state it was put off from, the one `WAKE` returns to. */
  snoozedFrom: IssueState | null;
}

/**
 * One accepted move: from and to which state (never equal), by which user (id), at which time (the
 * event's ISO 8601 timestamp, as given) and with which note (trimmed, `null` when none or blank;
 * on `DECLINE` and `REOPEN` the reason, never `null`).
 */
export interface IssueMove {
  from: IssueState;
  to: IssueState;
  by: number;
  at: string;
  note: string | null;
}

/** Who and when, on every event; `note` optional. */
interface MoveFields {
  /** The user id of who makes the move (a positive integer). */
  by: number;
  /** ISO 8601 timestamp with seconds and a zone, from the caller (the server's clock, Tehran time). */
  at: string;
  note?: string | null;
}

/**
 * The moves. `MARK_DUPLICATE.of` is the id of the issue repeated; `DECLINE.reason` and
 * `REOPEN.reason` are required and not blank (and are the move's note); `SNOOZE.until` is the ISO
 * day the snooze lasts until.
 */
export type IssueStatusEvent =
  | ({ type: 'ACCEPT' } & MoveFields)
  | ({ type: 'START' } & MoveFields)
  | ({ type: 'MARK_DUPLICATE'; of: number } & MoveFields)
  | ({ type: 'DECLINE'; reason: string } & Omit<MoveFields, 'note'>)
  | ({ type: 'SNOOZE'; until: string } & MoveFields)
  | ({ type: 'WAKE' } & MoveFields)
  | ({ type: 'RESOLVE' } & MoveFields)
  | ({ type: 'CLOSE' } & MoveFields)
  | ({ type: 'REOPEN'; reason: string } & Omit<MoveFields, 'note'>);

/** The event types, in the order `allowedIssueMoves` lists them. */
export const ISSUE_MOVE_TYPES = [
  'ACCEPT',
  'START',
  'MARK_DUPLICATE',
  'DECLINE',
  'SNOOZE',
  'WAKE',
  'RESOLVE',
  'CLOSE',
  'REOPEN',
] as const;

/** One event type of `IssueStatusEvent`. */
export type IssueMoveType = (typeof ISSUE_MOVE_TYPES)[number];

/** The decision of `applyIssueMove`: the new context and the move, or why not (in Persian). */
export type IssueMoveResult =
  | { ok: true; context: IssueStatusContext; move: IssueMove }
  | { ok: false; reason: string };

/** The context of an issue just raised: `new`, nothing else set. */
export function initialIssueStatus(id: number): IssueStatusContext {
  return { id, state: 'new', duplicateOf: null, declineReason: null, snoozedUntil: null, snoozedFrom: null };
}

// Zero-width and direction marks (U+200B–U+200F, U+202A–U+202E, U+2060, U+2066–U+2069, U+FEFF):
// a text made of them and spaces shows nothing.
/**
 * The calendar day of a timestamp in its own zone (its first ten characters), `null` for what is
 * not a timestamp. ISO days compare as strings, in the order of the calendar.
 */
function dayOf(at: unknown): string | null {
  return isTimestamp(at) ? at.slice(0, 10) : null;
}

const isIssueId = isUserId;

/** `by` of a move the product makes itself, not a user: only WAKE (the issues' sweep). */
export const PRODUCT_MOVER = 0;

/** Whether `event` says who makes it: a user, or the product on a WAKE. */
const hasMover = (event: { type?: unknown; by?: unknown }) =>
  isUserId(event.by) || (event.type === 'WAKE' && event.by === PRODUCT_MOVER);

/**
 * A move to `to` on an event that is well formed and, when named, passes `guard` as well: every
 * transition of the machine but WAKE's, which depends on where the snooze started.
 */
const moveTo = <const T extends IssueState>(to: T, guard?: 'otherIssue' | 'reasoned' | 'laterDay') => ({
  guard: guard ? and(['wellFormed', guard]) : ('wellFormed' as const),
  target: to,
  actions: { type: 'move' as const, params: { to } },
});

/** WAKE back to `to`, when the snooze started there and its day has come. */
const wakeTo = <const T extends 'new' | 'accepted' | 'in_progress'>(to: T) => ({
  guard: and(['wellFormed', 'dayReached', { type: 'snoozedFrom' as const, params: { state: to } }]),
  target: to,
  actions: { type: 'move' as const, params: { to } },
});

/**
 * The status statechart of one issue: eight states, nine moves, the rules and why in the comment
 * at the top of this file. Started with `input: { id }` it is a new issue (`initialIssueStatus`);
 * a stored issue is restored with `restoreIssueStatus`.
 */
export const issueStatusMachine = setup({
  types: {
    context: {} as IssueStatusContext,
    events: {} as IssueStatusEvent,
    input: {} as { id: number },
  },
  guards: {
    /** The event names a user (positive integer id) and a valid timestamp. */
    wellFormed: ({ event }) => hasMover(event) && isTimestamp(event.at),
    /** `MARK_DUPLICATE` names another issue: a positive integer id, not this issue's own. */
    otherIssue: ({ context, event }) =>
      event.type === 'MARK_DUPLICATE' && isIssueId(event.of) && event.of !== context.id,
    /** `DECLINE` and `REOPEN` give a reason with something visible in it. */
    reasoned: ({ event }) =>
      (event.type === 'DECLINE' || event.type === 'REOPEN') && normalizeNote(event.reason) !== null,
    /** `SNOOZE` runs until a real day strictly after the day of `at`. */
    laterDay: ({ event }) => {
      const today = dayOf(event.at);
      return event.type === 'SNOOZE' && today !== null && isIsoDay(event.until) && event.until > today;
    },
    /** The day of `at` is the snooze's last day or later. */
    dayReached: ({ context, event }) => {
      const today = dayOf(event.at);
      return today !== null && isIsoDay(context.snoozedUntil) && today >= context.snoozedUntil;
    },
    /** The issue was put off from this state. */
    snoozedFrom: ({ context }, params: { state: IssueState }) => context.snoozedFrom === params.state,
  },
  actions: {
    /** Enter `to`: its own fields set from the event, every other state's cleared. */
    move: assign(({ context, event }, params: { to: IssueState }) => ({
      state: params.to,
      duplicateOf: event.type === 'MARK_DUPLICATE' ? event.of : null,
      declineReason: event.type === 'DECLINE' ? normalizeNote(event.reason) : null,
      snoozedUntil: event.type === 'SNOOZE' ? event.until : null,
      snoozedFrom: event.type === 'SNOOZE' ? context.state : null,
    })),
  },
}).createMachine({
  id: 'issueStatus',
  context: ({ input }) => initialIssueStatus(input.id),
  initial: 'new',
  states: {
    new: {
      on: {
        ACCEPT: moveTo('accepted'),
        MARK_DUPLICATE: moveTo('duplicate', 'otherIssue'),
        DECLINE: moveTo('declined', 'reasoned'),
        SNOOZE: moveTo('snoozed', 'laterDay'),
      },
    },
    accepted: {
      on: {
        START: moveTo('in_progress'),
        MARK_DUPLICATE: moveTo('duplicate', 'otherIssue'),
        DECLINE: moveTo('declined', 'reasoned'),
        SNOOZE: moveTo('snoozed', 'laterDay'),
        RESOLVE: moveTo('resolved'),
      },
    },
    in_progress: {
      on: {
        MARK_DUPLICATE: moveTo('duplicate', 'otherIssue'),
        DECLINE: moveTo('declined', 'reasoned'),
        SNOOZE: moveTo('snoozed', 'laterDay'),
        RESOLVE: moveTo('resolved'),
      },
    },
    duplicate: {
      on: {
        CLOSE: moveTo('closed'),
        REOPEN: moveTo('new', 'reasoned'),
      },
    },
    declined: {
      on: {
        CLOSE: moveTo('closed'),
        REOPEN: moveTo('new', 'reasoned'),
      },
    },
    snoozed: {
      on: {
        ACCEPT: moveTo('accepted'),
        MARK_DUPLICATE: moveTo('duplicate', 'otherIssue'),
        DECLINE: moveTo('declined', 'reasoned'),
        // Back to where it was put off from: one branch per state a snooze can start in.
        WAKE: [wakeTo('new'), wakeTo('accepted'), wakeTo('in_progress')],
      },
    },
    resolved: {
      on: {
        CLOSE: moveTo('closed'),
        REOPEN: moveTo('new', 'reasoned'),
      },
    },
    closed: {
      on: {
        REOPEN: moveTo('new', 'reasoned'),
      },
    },
  },
});

/** The machine's type. */
export type IssueStatusMachine = typeof issueStatusMachine;

/** A snapshot of `issueStatusMachine` (its `value` is an `IssueState`). */
export type IssueStatusSnapshot = SnapshotFrom<IssueStatusMachine>;

/**
 * The snapshot of a stored issue: in `context.state`, with that context. Start an actor on it
 * (`createActor(issueStatusMachine, { snapshot, input })`) or pass it to `transition`. Throws on a
 * state that is not an `IssueState` (a corrupt record).
 */
export function restoreIssueStatus(context: IssueStatusContext): IssueStatusSnapshot {
  if (!(ISSUE_STATES as readonly string[]).includes(context.state)) {
    throw new Error(`unknown issue state: ${String(context.state)}`);
  }
  return issueStatusMachine.resolveState({ value: context.state, context });
}

// A well-formed event of each type, its payload valid; what the machine says of it is what the
// state allows. WAKE's timestamp is far enough on for any snooze to be over.
const PROBE = { by: 1, at: '1970-01-01T00:00:00.000Z', note: 'probe' } as const;
function probe(type: IssueMoveType, id: number): IssueStatusEvent {
  switch (type) {
    case 'MARK_DUPLICATE':
      return { type, of: id === 1 ? 2 : 1, ...PROBE };
    case 'DECLINE':
    case 'REOPEN':
      return { type, reason: 'probe', by: PROBE.by, at: PROBE.at };
    case 'SNOOZE':
      return { type, until: '1970-01-02', ...PROBE };
    case 'WAKE':
      return { type, ...PROBE, at: '9999-12-31T23:59:59Z' };
    default:
      return { type, ...PROBE };
  }
}

/**
 * The event types an issue in this state allows now, in `ISSUE_MOVE_TYPES` order, for a
 * well-formed event with a valid payload (another issue's id, a reason, a later day): what the
 * client offers. `WAKE` is listed in `snoozed` whether or not the day has come (the server sends
 * it when it does). Taken from the machine itself, so the two cannot disagree. Throws on a
 * corrupt context (as `restoreIssueStatus`).
 */
export function allowedIssueMoves(context: IssueStatusContext): IssueMoveType[] {
  const snapshot = restoreIssueStatus(context);
  return ISSUE_MOVE_TYPES.filter((type) => snapshot.can(probe(type, context.id)));
}

/** «… را نمی‌توان …»: what each move does, for the sentence refusing it in a state. */
const CANNOT_FA: Readonly<Record<IssueMoveType, string>> = {
  ACCEPT: 'پذیرفت',
  START: 'در دست اقدام گذاشت',
  MARK_DUPLICATE: 'تکراری اعلام کرد',
  DECLINE: 'رد کرد',
  SNOOZE: 'به تعویق انداخت',
  WAKE: 'از تعویق درآورد',
  RESOLVE: 'حل‌شده اعلام کرد',
  CLOSE: 'بست',
  REOPEN: 'دوباره باز کرد',
};

/** Why the machine refuses `event` on `context`, as a Persian sentence for the user. */
function refusal(context: IssueStatusContext, event: IssueStatusEvent): string {
  const type = (event as { type?: unknown }).type;
  if (!(ISSUE_MOVE_TYPES as readonly unknown[]).includes(type)) return 'این درخواست شناخته نیست';
  if (!hasMover(event)) return 'کاربری که این کار را می‌کند مشخص نیست';
  if (!isTimestamp(event.at)) return 'زمان درخواست معتبر نیست';
  if (!allowedIssueMoves(context).includes(event.type)) {
    return `موضوع در وضعیت «${ISSUE_STATE_LABELS_FA[context.state]}» را نمی‌توان ${CANNOT_FA[event.type]}`;
  }
  const today = event.at.slice(0, 10);
  switch (event.type) {
    case 'MARK_DUPLICATE':
      if (event.of === context.id) return 'موضوع نمی‌تواند تکراریِ خودش باشد';
      return 'شماره‌ی موضوعی که این موضوع تکرار آن است معتبر نیست';
    case 'DECLINE':
      return 'دلیل رد لازم است';
    case 'REOPEN':
      return 'دلیل بازگشایی لازم است';
    case 'SNOOZE':
      if (!isIsoDay(event.until)) return 'تاریخ تعویق معتبر نیست';
      return 'تاریخ تعویق باید بعد از امروز باشد';
    case 'WAKE':
      if (isIsoDay(context.snoozedUntil) && today < context.snoozedUntil) {
        return `موعد تعویق (${context.snoozedUntil}) هنوز نرسیده است`;
      }
      break;
  }
  return 'این تغییر وضعیت پذیرفته نیست';
}

/**
 * The server's decision on one move: the stored context after `event` and the move to record,
 * or, when the move is refused, why (a Persian sentence for the user; the stored context is then
 * left as it is). Pure; never changes `context`. Throws on a corrupt context (as
 * `restoreIssueStatus`).
 */
export function applyIssueMove(context: IssueStatusContext, event: IssueStatusEvent): IssueMoveResult {
  const snapshot = restoreIssueStatus(context);
  if (!snapshot.can(event)) return { ok: false, reason: refusal(context, event) };
  const [next] = transition(issueStatusMachine, snapshot, event);
  const note =
    event.type === 'DECLINE' || event.type === 'REOPEN'
      ? normalizeNote(event.reason)
      : normalizeNote(event.note);
  return {
    ok: true,
    context: next.context,
    move: { from: context.state, to: next.context.state, by: event.by, at: event.at, note },
  };
}
