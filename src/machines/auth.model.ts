import { createTestModel } from '@xstate/graph';
import { and, setup, stateIn } from 'xstate';
import { coveringPaths } from './testing/paths.ts';

/**
 * The test model of the auth statechart: what a user of the sign-in card can do and what the
 * server or the clock answers, as one event each. Its states carry the real machine's names
 * (the busy ones, which only last while a call is out, are folded into the events), so a test
 * asserts that the system under test — the real machine on a fake server, or the real app in
 * Chromium — is in the model's state after every step.
 *
 * Event payloads pick the case: `as` says which credentials, mobile or code the user types.
 */

export type AuthModelEvent =
  | { type: 'boot.noSession' }
  | { type: 'boot.session' }
  | { type: 'boot.sessionWithRole' }
  | { type: 'boot.passwordChangeDue' }
  | { type: 'boot.sessionExpired' }
  | { type: 'auth.submitPassword'; as: 'valid' | 'mustChange' | 'wrong' | 'throttled' }
  | { type: 'auth.useOtp' }
  | { type: 'auth.usePassword' }
  | { type: 'auth.requestOtp'; as: 'known' | 'invalid' | 'throttled' }
  | { type: 'auth.submitOtp'; as: 'valid' | 'mustChange' | 'wrong' | 'throttled' }
  | { type: 'auth.resendOtp' }
  | { type: 'auth.changeMobile' }
  | { type: 'auth.submitNewPassword'; as: 'valid' | 'wrongCurrent' }
  | { type: 'auth.roleSelected' }
  | { type: 'auth.passwordChangeRequired' }
  | { type: 'auth.unauthorized' }
  | { type: 'auth.loggedOut' }
  | { type: 'clock.retryAllowed' }
  | { type: 'clock.resendAllowed' }
  | { type: 'clock.codeExpired' };

const cases = <T extends AuthModelEvent['type']>(type: T, as: string[]) =>
  as.map((a) => ({ type, as: a }) as Extract<AuthModelEvent, { type: T }>);

/** Every event the model can send, with each case. */
export const AUTH_MODEL_EVENTS: AuthModelEvent[] = [
  { type: 'boot.noSession' },
  { type: 'boot.session' },
  { type: 'boot.sessionWithRole' },
  { type: 'boot.passwordChangeDue' },
  { type: 'boot.sessionExpired' },
  ...cases('auth.submitPassword', ['valid', 'mustChange', 'wrong', 'throttled']),
  { type: 'auth.useOtp' },
  { type: 'auth.usePassword' },
  ...cases('auth.requestOtp', ['known', 'invalid', 'throttled']),
  ...cases('auth.submitOtp', ['valid', 'mustChange', 'wrong', 'throttled']),
  { type: 'auth.resendOtp' },
  { type: 'auth.changeMobile' },
  ...cases('auth.submitNewPassword', ['valid', 'wrongCurrent']),
  { type: 'auth.roleSelected' },
  { type: 'auth.passwordChangeRequired' },
  { type: 'auth.unauthorized' },
  { type: 'auth.loggedOut' },
  { type: 'clock.retryAllowed' },
  { type: 'clock.resendAllowed' },
  { type: 'clock.codeExpired' },
];

const SIGNED_IN = '#authModel.signedIn.roleRequired';
const CHANGE_DUE = '#authModel.passwordChangeDue';
const is = (as: string) => ({ type: 'is' as const, params: { as } });
const LOCKED = stateIn('#authModel.signedOut.otp.codeSent.resend.locked');
const AVAILABLE = stateIn('#authModel.signedOut.otp.codeSent.resend.available');
const lockedAnd = (as: string) => and([is(as), LOCKED]);

export const authModel = setup({
  types: { events: {} as AuthModelEvent },
  guards: {
    is: ({ event }, params: { as: string }) => 'as' in event && event.as === params.as,
  },
}).createMachine({
  id: 'authModel',
  initial: 'booting',
  states: {
    booting: {
      on: {
        'boot.noSession': 'signedOut',
        'boot.sessionExpired': 'signedOut',
        'boot.session': SIGNED_IN,
        'boot.sessionWithRole': '#authModel.signedIn.ready',
        'boot.passwordChangeDue': CHANGE_DUE,
      },
    },
    signedOut: {
      initial: 'password',
      states: {
        password: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'auth.submitPassword': [
                  { guard: is('valid'), target: SIGNED_IN },
                  { guard: is('mustChange'), target: CHANGE_DUE },
                  { guard: is('wrong'), target: 'failed' },
                  { guard: is('throttled'), target: 'throttled' },
                ],
                'auth.useOtp': '#authModel.signedOut.otp',
              },
            },
            failed: { on: { 'auth.submitPassword': { guard: is('valid'), target: SIGNED_IN } } },
            throttled: { on: { 'clock.retryAllowed': 'idle' } },
          },
        },
        otp: {
          initial: 'enteringMobile',
          states: {
            enteringMobile: {
              on: {
                'auth.requestOtp': [
                  { guard: is('known'), target: 'codeSent' },
                  { guard: is('invalid'), target: 'sendFailed' },
                  { guard: is('throttled'), target: 'throttled' },
                ],
                'auth.usePassword': '#authModel.signedOut.password',
              },
            },
            sendFailed: { on: { 'auth.requestOtp': { guard: is('known'), target: 'codeSent' } } },
            throttled: { on: { 'clock.retryAllowed': 'enteringMobile' } },
            codeSent: {
              type: 'parallel',
              states: {
                code: {
                  initial: 'entering',
                  states: {
                    entering: {
                      on: {
                        // Codes are typed before "send again" is offered (keeps the graph small).
                        'auth.submitOtp': [
                          { guard: lockedAnd('valid'), target: SIGNED_IN },
                          { guard: lockedAnd('mustChange'), target: CHANGE_DUE },
                          { guard: lockedAnd('wrong'), target: 'wrong' },
                          { guard: lockedAnd('throttled'), target: '#authModel.signedOut.otp.throttled' },
                        ],
                        // The code lives 120 s, "send again" comes at 60 s: it cannot expire first.
                        'clock.codeExpired': {
                          guard: AVAILABLE,
                          target: 'expired',
                        },
                      },
                    },
                    wrong: {
                      on: {
                        'auth.submitOtp': {
                          guard: lockedAnd('valid'),
                          target: SIGNED_IN,
                        },
                        'clock.codeExpired': {
                          guard: AVAILABLE,
                          target: 'expired',
                        },
                      },
                    },
                    expired: {
                      on: { 'auth.changeMobile': '#authModel.signedOut.otp.enteringMobile' },
                    },
                  },
                },
                resend: {
                  initial: 'locked',
                  states: {
                    locked: {
                      on: {
                        'clock.resendAllowed': {
                          guard: stateIn('#authModel.signedOut.otp.codeSent.code.entering'),
                          target: 'available',
                        },
                      },
                    },
                    available: {
                      on: {
                        'auth.resendOtp': {
                          guard: stateIn('#authModel.signedOut.otp.codeSent.code.expired'),
                          target: '#authModel.signedOut.otp.codeSent',
                          reenter: true,
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    passwordChangeDue: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'auth.submitNewPassword': [
              { guard: is('valid'), target: SIGNED_IN },
              { guard: is('wrongCurrent'), target: 'failed' },
            ],
            'auth.unauthorized': '#authModel.signedOut',
          },
        },
        failed: { on: { 'auth.submitNewPassword': { guard: is('valid'), target: SIGNED_IN } } },
      },
    },
    signedIn: {
      initial: 'roleRequired',
      states: {
        roleRequired: {
          on: {
            'auth.roleSelected': 'ready',
            'auth.passwordChangeRequired': CHANGE_DUE,
          },
        },
        ready: {
          on: {
            'auth.unauthorized': '#authModel.signedOut',
            'auth.loggedOut': '#authModel.signedOut',
          },
        },
      },
    },
  },
});

/** The model for @xstate/graph: states told apart by value only (the model has no context). */
export function createAuthTestModel() {
  return createTestModel(authModel, {
    serializeState: (s) => JSON.stringify(s.value),
    events: (s) => AUTH_MODEL_EVENTS.filter((e) => s.can(e)),
  });
}

/** The paths every test run drives, unit and browser alike. */
export function authPaths() {
  return coveringPaths(createAuthTestModel());
}
