import { and, assign, type SnapshotFrom, setup, transition } from 'xstate';
import { isTimestamp, normalizeNote } from '../move-fields.ts';

/**
 * The entry states of one financial statement (one company, one fiscal year, one period: annual,
 * 3, 6 or 9 months; the statement's identity is its key in the store, not part of this machine).
 * Pure: no I/O, no clock, no randomness. The server restores a stored statement with
 * `restoreStatementEntry`, decides a move with `applyMove` (or the machine and XState's
 * `transition`) and stores the resulting context; the client offers only `allowedMoves`.
 *
 * States (`context.state` always equals the state value):
 * - `not_started` «شروع نشده»: nothing entered yet.
 * - `draft` «پیش‌نویس»: line items being entered; saved as often as the preparer likes.
 * - `submitted` «ارسال‌شده»: handed to the reviewer; the preparer can no longer change it.
 * - `reviewed` «بررسی‌شده»: accepted by the reviewer.
 * - `returned` «برگشت برای اصلاح»: sent back for correction, with the reviewer's reason.
 *
 * Moves (every accepted move appends one `StatementMove` to `context.history`; a refused event
 * changes nothing at all, neither the state nor the context):
 * - `SAVE_DRAFT` not_started | draft | returned → draft, carrying `checksPassed`, the result of
 *   the consistency checks of the statement's line items at this save. A failed check does not
 *   stop a save (half-entered figures must be keepable) but blocks `SUBMIT`. A save in `draft`
 *   is recorded too (draft → draft): the trail shows who changed the figures and when; the
 *   client sends it on an explicit save, not on every keystroke.
 * - `SUBMIT` draft → submitted, only when the last save's checks passed. NOT from `returned`:
 *   a returned statement goes back to `draft` by a save first (returned → draft → submitted), so
 *   the checks are run again on the corrected figures and the trail shows the correction as its
 *   own move before the statement is handed in again.
 * - `REVIEW` submitted → reviewed. Submitted figures cannot change (no save while submitted),
 *   so the checks that allowed the submission still hold; no guard on them here.
 * - `RETURN` submitted | reviewed → returned, with a note that is required: the preparer must
 *   be told what to correct. From `reviewed` it is how an accepted statement is reopened (an
 *   error found later, a restatement); no separate REOPEN event, and the reopening is on the
 *   record with its reason like any return.
 * - A reviewed statement is never submitted or reviewed again without passing through
 *   `returned` and `draft`.
 *
 * Every event names who (`by`, a user id: a positive integer) and when (`at`, an ISO 8601
 * timestamp with seconds and a zone, `2025-03-01T08:30:00.000Z` or `…+03:30`, passed in by the
 * caller: the machine never reads a clock); one that does not is refused. `at` is stored as
 * given and not compared with earlier moves (clocks differ between machines; the history's
 * order is the order of its array). `note` is optional except on `RETURN`; it is trimmed, and a
 * note with nothing visible (spaces, zero-width or direction marks only) is stored as `null`.
 * Whether this user may make this move (role, four-eyes) is the server's decision, not this
 * machine's.
 */

/** The five entry states, in their usual order. */
export const ENTRY_STATES = ['not_started', 'draft', 'submitted', 'reviewed', 'returned'] as const;

/** One entry state of a statement (see `statementEntryMachine`). */
export type EntryState = (typeof ENTRY_STATES)[number];

/** The Persian name of each entry state, as the interface shows it. */
export const ENTRY_STATE_LABELS_FA: Readonly<Record<EntryState, string>> = {
  not_started: 'شروع نشده',
  draft: 'پیش‌نویس',
  submitted: 'ارسال‌شده',
  reviewed: 'بررسی‌شده',
  returned: 'برگشت برای اصلاح',
};

/**
 * One accepted move: from and to which state (equal for a save of a draft), by which user (id),
 * at which time (the event's ISO 8601 timestamp, as given) and with which note (trimmed; `null`
 * when none or blank; never `null` on a move to `returned`).
 */
export interface StatementMove {
  from: EntryState;
  to: EntryState;
  by: number;
  at: string;
  note: string | null;
}

/**
 * What is stored for a statement's entry: its state, whether the line items' consistency checks
 * passed at the last save (`false` before the first), and every accepted move, oldest first.
 */
export interface StatementEntryContext {
  state: EntryState;
  checksPassed: boolean;
  history: StatementMove[];
}

/** Who and when, on every event; `note` optional (required on `RETURN`). */
interface MoveFields {
  /** The user id of who makes the move (a positive integer). */
  by: number;
  /** ISO 8601 timestamp with seconds and a zone, from the caller (the server's clock). */
  at: string;
  note?: string | null;
}

/**
 * The moves. `SAVE_DRAFT.checksPassed` is the result of the line items' consistency checks for
 * the figures being saved; `RETURN.note` is the reason, required and not blank.
 */
export type StatementEntryEvent =
  | ({ type: 'SAVE_DRAFT'; checksPassed: boolean } & MoveFields)
  | ({ type: 'SUBMIT' } & MoveFields)
  | ({ type: 'REVIEW' } & MoveFields)
  | ({ type: 'RETURN'; note: string } & Omit<MoveFields, 'note'>);

/** The event types, in the order `allowedMoves` lists them. */
export const STATEMENT_MOVE_TYPES = ['SAVE_DRAFT', 'SUBMIT', 'REVIEW', 'RETURN'] as const;

/** One event type of `StatementEntryEvent`. */
export type StatementMoveType = (typeof STATEMENT_MOVE_TYPES)[number];

/** The context of a statement nothing was entered for. */
export const INITIAL_STATEMENT_ENTRY: Readonly<StatementEntryContext> = Object.freeze({
  state: 'not_started',
  checksPassed: false,
  history: [],
});

/**
 * The entry statechart of one financial statement: five states, four moves, the rules and why
 * in the comment at the top of this file. Starts in `not_started` with `INITIAL_STATEMENT_ENTRY`;
 * a stored statement is restored with `restoreStatementEntry`.
 */
export const statementEntryMachine = setup({
  types: { context: {} as StatementEntryContext, events: {} as StatementEntryEvent },
  guards: {
    /** The event names a user (positive integer id) and a valid timestamp. */
    wellFormed: ({ event }) => Number.isSafeInteger(event.by) && event.by > 0 && isTimestamp(event.at),
    /** The line items' checks passed at the last save. */
    checksPassed: ({ context }) => context.checksPassed,
    /** The note says something. */
    noted: ({ event }) => normalizeNote(event.note) !== null,
  },
  actions: {
    record: assign(({ context, event }, params: { to: EntryState }) => ({
      state: params.to,
      checksPassed: event.type === 'SAVE_DRAFT' ? event.checksPassed === true : context.checksPassed,
      history: [
        ...context.history,
        { from: context.state, to: params.to, by: event.by, at: event.at, note: normalizeNote(event.note) },
      ],
    })),
  },
}).createMachine({
  id: 'statementEntry',
  context: { ...INITIAL_STATEMENT_ENTRY, history: [] },
  initial: 'not_started',
  states: {
    not_started: {
      on: {
        SAVE_DRAFT: {
          guard: 'wellFormed',
          target: 'draft',
          actions: { type: 'record', params: { to: 'draft' } },
        },
      },
    },
    draft: {
      on: {
        SAVE_DRAFT: { guard: 'wellFormed', actions: { type: 'record', params: { to: 'draft' } } },
        SUBMIT: {
          guard: and(['wellFormed', 'checksPassed']),
          target: 'submitted',
          actions: { type: 'record', params: { to: 'submitted' } },
        },
      },
    },
    submitted: {
      on: {
        REVIEW: {
          guard: 'wellFormed',
          target: 'reviewed',
          actions: { type: 'record', params: { to: 'reviewed' } },
        },
        RETURN: {
          guard: and(['wellFormed', 'noted']),
          target: 'returned',
          actions: { type: 'record', params: { to: 'returned' } },
        },
      },
    },
    reviewed: {
      on: {
        RETURN: {
          guard: and(['wellFormed', 'noted']),
          target: 'returned',
          actions: { type: 'record', params: { to: 'returned' } },
        },
      },
    },
    returned: {
      on: {
        SAVE_DRAFT: {
          guard: 'wellFormed',
          target: 'draft',
          actions: { type: 'record', params: { to: 'draft' } },
        },
      },
    },
  },
});

/** The machine's type. */
export type StatementEntryMachine = typeof statementEntryMachine;

/** A snapshot of `statementEntryMachine` (its `value` is an `EntryState`). */
export type StatementEntrySnapshot = SnapshotFrom<StatementEntryMachine>;

/**
 * The snapshot of a stored statement: in `context.state`, with that context. Start an actor on
 * it (`createActor(statementEntryMachine, { snapshot })`) or pass it to `transition`. Throws on
 * a state that is not an `EntryState` (a corrupt record).
 */
export function restoreStatementEntry(context: StatementEntryContext): StatementEntrySnapshot {
  if (!(ENTRY_STATES as readonly string[]).includes(context.state)) {
    throw new Error(`unknown statement entry state: ${String(context.state)}`);
  }
  return statementEntryMachine.resolveState({ value: context.state, context });
}

/**
 * The server's decision on one move: the stored context after `event` (one move appended), or
 * `null` when the move is refused (the stored context is then left as it is). Pure.
 */
export function applyMove(
  context: StatementEntryContext,
  event: StatementEntryEvent,
): StatementEntryContext | null {
  const [next] = transition(statementEntryMachine, restoreStatementEntry(context), event);
  return next.context.history.length === context.history.length ? null : next.context;
}

// A well-formed event of each type; what the machine says of it is what the state allows.
const PROBE = { by: 1, at: '1970-01-01T00:00:00.000Z', note: 'probe' } as const;
const probe = (type: StatementMoveType): StatementEntryEvent =>
  type === 'SAVE_DRAFT' ? { type, checksPassed: true, ...PROBE } : { type, ...PROBE };

/**
 * The event types a statement in this state allows now, in `STATEMENT_MOVE_TYPES` order, for a
 * well-formed event (a user, a timestamp and, for `RETURN`, a note): what the client offers and
 * what the server will accept. Taken from the machine itself, so the two cannot disagree.
 * `checksPassed` is whether the line items' checks passed at the last save (it decides
 * `SUBMIT`); with a snapshot it defaults to the snapshot's own.
 */
export function allowedMoves(snapshot: StatementEntrySnapshot, checksPassed?: boolean): StatementMoveType[];
export function allowedMoves(state: EntryState, checksPassed: boolean): StatementMoveType[];
export function allowedMoves(
  from: StatementEntrySnapshot | EntryState,
  checksPassed?: boolean,
): StatementMoveType[] {
  const snapshot =
    typeof from === 'string'
      ? restoreStatementEntry({ state: from, checksPassed: checksPassed === true, history: [] })
      : checksPassed === undefined || checksPassed === from.context.checksPassed
        ? from
        : restoreStatementEntry({ ...from.context, state: from.value as EntryState, checksPassed });
  return STATEMENT_MOVE_TYPES.filter((type) => snapshot.can(probe(type)));
}
