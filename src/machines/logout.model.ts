import { createTestModel } from '@xstate/graph';
import { setup } from 'xstate';
import { coveringPaths } from './testing/paths.ts';

/**
 * The test model of logout. A path starts signed in with a role; `logout.request` says whether
 * the server answers (`ok`) or not (`serverDown`: the browser is signed out all the same);
 * `session.signIn` signs in again so that a second logout starts from `loggedOut`.
 * The model's `signedIn` is the real machine's `idle` the first time and `loggedOut` after.
 */

export type LogoutModelEvent =
  | { type: 'logout.request'; as: 'ok' | 'serverDown' }
  | { type: 'session.signIn' };

export const LOGOUT_MODEL_EVENTS: LogoutModelEvent[] = [
  { type: 'logout.request', as: 'ok' },
  { type: 'logout.request', as: 'serverDown' },
  { type: 'session.signIn' },
];

export const logoutModel = setup({ types: { events: {} as LogoutModelEvent } }).createMachine({
  id: 'logoutModel',
  initial: 'signedIn',
  states: {
    signedIn: { on: { 'logout.request': 'loggedOut' } },
    loggedOut: { on: { 'session.signIn': 'signedIn' } },
  },
});

export function createLogoutTestModel() {
  return createTestModel(logoutModel, {
    serializeState: (s) => JSON.stringify(s.value),
    events: LOGOUT_MODEL_EVENTS,
  });
}

export function logoutPaths() {
  return coveringPaths(createLogoutTestModel());
}
