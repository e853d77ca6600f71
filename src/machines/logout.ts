import { fromPromise, setup } from 'xstate';

/**
 * Signing out.
 *
 * States, tags:
 * - `idle`: `logout.request` starts.
 * - `loggingOut` [busy]: GET /api/logout (the server ends the session and clears its cookie).
 * - `loggedOut`: whether or not the server answered, `clearClientState` removed permissions,
 *   menu, settings and the report-dialog flag from local storage and every cookie the page can
 *   see; `notifyLoggedOut` reset user, permissions, role and the authenticated state (the auth
 *   actor's `auth.loggedOut`); `navigateToLogin` went to /auth/login. Another `logout.request`
 *   (after signing in again) starts over.
 *
 * Events: `logout.request`.
 * Effects (inject with `provide()`): actor `callLogout`; actions `clearClientState`,
 * `notifyLoggedOut`, `navigateToLogin`.
 */

export type LogoutEvent = { type: 'logout.request' };

export const logoutMachine = setup({
  types: { events: {} as LogoutEvent },
  actors: {
    callLogout: fromPromise<void>(() => Promise.reject(new Error('callLogout is not provided'))),
  },
  actions: {
    clearClientState: () => {},
    notifyLoggedOut: () => {},
    navigateToLogin: () => {},
  },
}).createMachine({
  id: 'logout',
  initial: 'idle',
  states: {
    idle: { on: { 'logout.request': 'loggingOut' } },
    loggingOut: {
      tags: ['busy'],
      invoke: {
        src: 'callLogout',
        // A failed call still signs the browser out: nothing here may keep a user "half in".
        onDone: 'loggedOut',
        onError: 'loggedOut',
      },
    },
    loggedOut: {
      entry: ['clearClientState', 'notifyLoggedOut', 'navigateToLogin'],
      on: { 'logout.request': 'loggingOut' },
    },
  },
});

export type LogoutMachine = typeof logoutMachine;
