import { createTestModel } from '@xstate/graph';
import { assign, setup } from 'xstate';
import { coveringPaths } from './testing/paths.ts';

/**
 * The test model of the access-denied dialog: shown with or without a message, closed only by
 * its button or a hide call. `ui.pressEscape` and `ui.clickOutside` are what a user tries to
 * dismiss a modal with; the model says the dialog stays (the real machine has no such events;
 * the browser test presses the keys).
 */

export const MODEL_MESSAGE = 'برای این بخش نقش دیگری لازم است';

export type AccessDeniedModelEvent =
  | { type: 'accessDenied.show'; message: string | null }
  | { type: 'accessDenied.close' }
  | { type: 'accessDenied.hide' }
  | { type: 'ui.pressEscape' }
  | { type: 'ui.clickOutside' };

export const ACCESS_DENIED_MODEL_EVENTS: AccessDeniedModelEvent[] = [
  { type: 'accessDenied.show', message: MODEL_MESSAGE },
  { type: 'accessDenied.show', message: null },
  { type: 'accessDenied.close' },
  { type: 'accessDenied.hide' },
  { type: 'ui.pressEscape' },
  { type: 'ui.clickOutside' },
];

export const accessDeniedModel = setup({
  types: { context: {} as { message: string | null }, events: {} as AccessDeniedModelEvent },
  actions: {
    setMessage: assign((_, message: string | null) => ({ message })),
  },
}).createMachine({
  id: 'accessDeniedModel',
  context: { message: null },
  initial: 'hidden',
  states: {
    hidden: {
      on: {
        'accessDenied.show': {
          target: 'shown',
          actions: { type: 'setMessage', params: ({ event }) => event.message },
        },
      },
    },
    shown: {
      on: {
        'accessDenied.show': {
          target: 'shown',
          actions: { type: 'setMessage', params: ({ event }) => event.message },
        },
        'accessDenied.close': { target: 'hidden', actions: { type: 'setMessage', params: null } },
        'accessDenied.hide': { target: 'hidden', actions: { type: 'setMessage', params: null } },
        'ui.pressEscape': 'shown',
        'ui.clickOutside': 'shown',
      },
    },
  },
});

/** States told apart by value and message (two messages: bounded). */
export function createAccessDeniedTestModel() {
  return createTestModel(accessDeniedModel, {
    serializeState: (s) => JSON.stringify([s.value, s.context.message]),
    events: ACCESS_DENIED_MODEL_EVENTS,
  });
}

export function accessDeniedPaths() {
  return coveringPaths(createAccessDeniedTestModel());
}
