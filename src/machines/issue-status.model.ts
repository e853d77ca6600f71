import { createTestModel } from '@xstate/graph';
import { assign, setup } from 'xstate';
import type { IssueMoveType, IssueState } from '../domain/issues/issue-status.ts';
import { coveringPaths } from './testing/paths.ts';

/**
 * The test model of an issue's status: what the auditors (and, for `WAKE`, the server on the
 * day) try, one event each, in every state, including what must be refused. The model's states
 * carry the real machine's names; its context is the state a snooze was started from
 * (`snoozedFrom`, part of the state: an issue snoozed while new wakes elsewhere than one snoozed
 * in progress; `null` outside `snoozed`) and whether the last event was refused (`refused`, left
 * out of the state: it only says what the last step did, so the test knows whether the real
 * machine must have moved or changed nothing at all). Payloads pick the case: `of` whether a
 * duplicate names another issue or the issue itself, `reason` whether a decline or a reopening
 * gives its reason or only blanks, `until` whether a snooze runs to the day after the event's day
 * or only to that day, `day` whether a wake comes on the snooze's last day or the day before.
 * Who, when and the exact texts and days are the test's to choose.
 */

/** What a user tries, with the case in the payload (see the comment above). */
export type IssueStatusModelEvent =
  | { type: 'ACCEPT' }
  | { type: 'START' }
  | { type: 'MARK_DUPLICATE'; of: 'other' | 'self' }
  | { type: 'DECLINE'; reason: 'given' | 'blank' }
  | { type: 'SNOOZE'; until: 'next_day' | 'same_day' }
  | { type: 'WAKE'; day: 'reached' | 'day_before' }
  | { type: 'RESOLVE' }
  | { type: 'CLOSE' }
  | { type: 'REOPEN'; reason: 'given' | 'blank' };

/** Every event the model sends, in every state (the refused ones too). */
export const ISSUE_STATUS_MODEL_EVENTS: IssueStatusModelEvent[] = [
  { type: 'ACCEPT' },
  { type: 'START' },
  { type: 'MARK_DUPLICATE', of: 'other' },
  { type: 'MARK_DUPLICATE', of: 'self' },
  { type: 'DECLINE', reason: 'given' },
  { type: 'DECLINE', reason: 'blank' },
  { type: 'SNOOZE', until: 'next_day' },
  { type: 'SNOOZE', until: 'same_day' },
  { type: 'WAKE', day: 'reached' },
  { type: 'WAKE', day: 'day_before' },
  { type: 'RESOLVE' },
  { type: 'CLOSE' },
  { type: 'REOPEN', reason: 'given' },
  { type: 'REOPEN', reason: 'blank' },
];

/** The states a snooze can start in (and a wake returns to). */
export type SnoozableState = 'new' | 'accepted' | 'in_progress';

/** The model's context: see the comment at the top of this file. */
export interface IssueStatusModelContext {
  snoozedFrom: SnoozableState | null;
  refused: boolean;
}

/**
 * The moves each state allows (for a well-formed event with a valid payload; `WAKE` whether or
 * not its day has come), written out apart from the machine: the expected answer of
 * `allowedIssueMoves`.
 */
export function expectedIssueMoves(state: IssueState): IssueMoveType[] {
  switch (state) {
    case 'new':
      return ['ACCEPT', 'MARK_DUPLICATE', 'DECLINE', 'SNOOZE'];
    case 'accepted':
      return ['START', 'MARK_DUPLICATE', 'DECLINE', 'SNOOZE', 'RESOLVE'];
    case 'in_progress':
      return ['MARK_DUPLICATE', 'DECLINE', 'SNOOZE', 'RESOLVE'];
    case 'duplicate':
      return ['CLOSE', 'REOPEN'];
    case 'declined':
      return ['CLOSE', 'REOPEN'];
    case 'snoozed':
      return ['ACCEPT', 'MARK_DUPLICATE', 'DECLINE', 'WAKE'];
    case 'resolved':
      return ['CLOSE', 'REOPEN'];
    case 'closed':
      return ['REOPEN'];
  }
}

/** Whether the payload's case is one the machine refuses whatever the state. */
export function invalidPayload(e: IssueStatusModelEvent): boolean {
  switch (e.type) {
    case 'MARK_DUPLICATE':
      return e.of === 'self';
    case 'DECLINE':
    case 'REOPEN':
      return e.reason === 'blank';
    case 'SNOOZE':
      return e.until === 'same_day';
    case 'WAKE':
      return e.day === 'day_before';
    default:
      return false;
  }
}

const accepted = { type: 'accept' as const };
const refused = { actions: { type: 'refuse' as const } };
const to = (target: IssueState) => ({ target, actions: accepted });
const duplicate = [{ guard: { type: 'otherIssue' as const }, ...to('duplicate') }, refused];
const decline = [{ guard: { type: 'reasonGiven' as const }, ...to('declined') }, refused];
const reopen = [{ guard: { type: 'reasonGiven' as const }, ...to('new') }, refused];
const snooze = (from: SnoozableState) => [
  {
    guard: { type: 'nextDay' as const },
    target: 'snoozed',
    actions: { type: 'snooze' as const, params: { from } },
  },
  refused,
];
/**
 * The model: every state takes every event; an accepted one moves and clears `refused`, a
 * refused one stays and sets it.
 */
export const issueStatusModel = setup({
  types: { context: {} as IssueStatusModelContext, events: {} as IssueStatusModelEvent },
  guards: {
    otherIssue: ({ event }) => event.type === 'MARK_DUPLICATE' && event.of === 'other',
    reasonGiven: ({ event }) =>
      (event.type === 'DECLINE' || event.type === 'REOPEN') && event.reason === 'given',
    nextDay: ({ event }) => event.type === 'SNOOZE' && event.until === 'next_day',
    wokenTo: ({ context, event }, params: { state: SnoozableState }) =>
      event.type === 'WAKE' && event.day === 'reached' && context.snoozedFrom === params.state,
  },
  actions: {
    accept: assign({ refused: false, snoozedFrom: null }),
    refuse: assign({ refused: true }),
    snooze: assign((_, params: { from: SnoozableState }) => ({ refused: false, snoozedFrom: params.from })),
  },
}).createMachine({
  id: 'issueStatusModel',
  context: { snoozedFrom: null, refused: false },
  initial: 'new',
  states: {
    new: {
      on: {
        ACCEPT: to('accepted'),
        START: refused,
        MARK_DUPLICATE: duplicate,
        DECLINE: decline,
        SNOOZE: snooze('new'),
        WAKE: refused,
        RESOLVE: refused,
        CLOSE: refused,
        REOPEN: refused,
      },
    },
    // Not resolved straight from `new`: an issue is accepted before it is resolved.
    accepted: {
      on: {
        ACCEPT: refused,
        START: to('in_progress'),
        MARK_DUPLICATE: duplicate,
        DECLINE: decline,
        SNOOZE: snooze('accepted'),
        WAKE: refused,
        RESOLVE: to('resolved'),
        CLOSE: refused,
        REOPEN: refused,
      },
    },
    in_progress: {
      on: {
        ACCEPT: refused,
        START: refused,
        MARK_DUPLICATE: duplicate,
        DECLINE: decline,
        SNOOZE: snooze('in_progress'),
        WAKE: refused,
        RESOLVE: to('resolved'),
        CLOSE: refused,
        REOPEN: refused,
      },
    },
    duplicate: {
      on: {
        ACCEPT: refused,
        START: refused,
        MARK_DUPLICATE: refused,
        DECLINE: refused,
        SNOOZE: refused,
        WAKE: refused,
        RESOLVE: refused,
        CLOSE: to('closed'),
        REOPEN: reopen,
      },
    },
    declined: {
      on: {
        ACCEPT: refused,
        START: refused,
        MARK_DUPLICATE: refused,
        DECLINE: refused,
        SNOOZE: refused,
        WAKE: refused,
        RESOLVE: refused,
        CLOSE: to('closed'),
        REOPEN: reopen,
      },
    },
    // No snooze of a snooze; accepting ends it early, whatever it was put off from; a wake goes
    // back to where it was put off from, and only on the day.
    snoozed: {
      on: {
        ACCEPT: to('accepted'),
        START: refused,
        MARK_DUPLICATE: duplicate,
        DECLINE: decline,
        SNOOZE: refused,
        WAKE: [
          { guard: { type: 'wokenTo', params: { state: 'new' } }, ...to('new') },
          { guard: { type: 'wokenTo', params: { state: 'accepted' } }, ...to('accepted') },
          { guard: { type: 'wokenTo', params: { state: 'in_progress' } }, ...to('in_progress') },
          refused,
        ],
        RESOLVE: refused,
        CLOSE: refused,
        REOPEN: refused,
      },
    },
    resolved: {
      on: {
        ACCEPT: refused,
        START: refused,
        MARK_DUPLICATE: refused,
        DECLINE: refused,
        SNOOZE: refused,
        WAKE: refused,
        RESOLVE: refused,
        CLOSE: to('closed'),
        REOPEN: reopen,
      },
    },
    closed: {
      on: {
        ACCEPT: refused,
        START: refused,
        MARK_DUPLICATE: refused,
        DECLINE: refused,
        SNOOZE: refused,
        WAKE: refused,
        RESOLVE: refused,
        CLOSE: refused,
        REOPEN: reopen,
      },
    },
  },
});

/** States told apart by value and, in `snoozed`, where the snooze began (ten states, bounded). */
export function createIssueStatusTestModel() {
  return createTestModel(issueStatusModel, {
    serializeState: (s) => JSON.stringify([s.value, s.context.snoozedFrom]),
    events: ISSUE_STATUS_MODEL_EVENTS,
  });
}

/** The paths the test drives: every transition of the model, refusals included. */
export function issueStatusPaths() {
  return coveringPaths(createIssueStatusTestModel());
}
