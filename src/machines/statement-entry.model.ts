import { createTestModel } from '@xstate/graph';
import { assign, setup } from 'xstate';
import type { EntryState, StatementMoveType } from '../domain/finance/statement-entry.ts';
import { coveringPaths } from './testing/paths.ts';

/**
 * The test model of a statement's entry states: what the preparer and the reviewer try, one
 * event each, in every state, including what must be refused. The model's states carry the real
 * machine's names; its context is the last save's check result (`checksPassed`, part of the
 * state: a draft whose checks fail is another state than one whose checks pass) and whether the
 * last event was refused (`refused`, left out of the state: it only says what the last step did,
 * so the test knows whether the real machine's history must have grown by one move or not at
 * all). Payloads pick the case: `checks` whether the saved line items pass their checks, `note`
 * whether a return gives its reason or only whitespace. Who and when are the test's to choose.
 */

/** What a user tries, with the case in the payload (see the comment above). */
export type StatementEntryModelEvent =
  | { type: 'SAVE_DRAFT'; checks: 'pass' | 'fail' }
  | { type: 'SUBMIT' }
  | { type: 'REVIEW' }
  | { type: 'RETURN'; note: 'given' | 'blank' };

/** Every event the model sends, in every state (the refused ones too). */
export const STATEMENT_ENTRY_MODEL_EVENTS: StatementEntryModelEvent[] = [
  { type: 'SAVE_DRAFT', checks: 'pass' },
  { type: 'SAVE_DRAFT', checks: 'fail' },
  { type: 'SUBMIT' },
  { type: 'REVIEW' },
  { type: 'RETURN', note: 'given' },
  { type: 'RETURN', note: 'blank' },
];

/** The model's context: see the comment at the top of this file. */
export interface StatementEntryModelContext {
  checksPassed: boolean;
  refused: boolean;
}

/**
 * The moves each state allows (for a well-formed event), written out apart from the machine: the
 * expected answer of `allowedMoves`.
 */
export function expectedMoves(state: EntryState, checksPassed: boolean): StatementMoveType[] {
  switch (state) {
    case 'not_started':
      return ['SAVE_DRAFT'];
    case 'draft':
      return checksPassed ? ['SAVE_DRAFT', 'SUBMIT'] : ['SAVE_DRAFT'];
    case 'submitted':
      return ['REVIEW', 'RETURN'];
    case 'reviewed':
      return ['RETURN'];
    case 'returned':
      return ['SAVE_DRAFT'];
  }
}

const accepted = { type: 'accept' as const };
const refused = { actions: { type: 'refuse' as const } };
const save = { target: 'draft', actions: [accepted, { type: 'setChecks' as const }] };
const returnWithNote = [
  { guard: { type: 'noteGiven' as const }, target: 'returned', actions: accepted },
  refused,
];

/**
 * The model: every state takes every event; an accepted one moves (or, a save of a draft, stays)
 * and clears `refused`, a refused one stays and sets it.
 */
export const statementEntryModel = setup({
  types: { context: {} as StatementEntryModelContext, events: {} as StatementEntryModelEvent },
  guards: {
    checksPassed: ({ context }) => context.checksPassed,
    noteGiven: ({ event }) => event.type === 'RETURN' && event.note === 'given',
  },
  actions: {
    accept: assign({ refused: false }),
    refuse: assign({ refused: true }),
    setChecks: assign(({ event }) => ({
      checksPassed: event.type === 'SAVE_DRAFT' && event.checks === 'pass',
    })),
  },
}).createMachine({
  id: 'statementEntryModel',
  context: { checksPassed: false, refused: false },
  initial: 'not_started',
  states: {
    not_started: {
      on: { SAVE_DRAFT: save, SUBMIT: refused, REVIEW: refused, RETURN: refused },
    },
    draft: {
      on: {
        SAVE_DRAFT: save,
        SUBMIT: [{ guard: 'checksPassed', target: 'submitted', actions: accepted }, refused],
        REVIEW: refused,
        RETURN: refused,
      },
    },
    submitted: {
      on: {
        SAVE_DRAFT: refused,
        SUBMIT: refused,
        REVIEW: { target: 'reviewed', actions: accepted },
        RETURN: returnWithNote,
      },
    },
    reviewed: {
      on: { SAVE_DRAFT: refused, SUBMIT: refused, REVIEW: refused, RETURN: returnWithNote },
    },
    // Submitting straight from here is refused: a returned statement is saved as a draft first.
    returned: {
      on: { SAVE_DRAFT: save, SUBMIT: refused, REVIEW: refused, RETURN: refused },
    },
  },
});

/** States told apart by value and the last save's checks (six states, bounded). */
export function createStatementEntryTestModel() {
  return createTestModel(statementEntryModel, {
    serializeState: (s) => JSON.stringify([s.value, s.context.checksPassed]),
    events: STATEMENT_ENTRY_MODEL_EVENTS,
  });
}

/** The paths the test drives: every transition of the model, refusals included. */
export function statementEntryPaths() {
  return coveringPaths(createStatementEntryTestModel());
}
