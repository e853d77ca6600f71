import { assign, fromPromise, setup } from 'xstate';
import type { LoginInput } from '../contract/auth.ts';
import {
  type CallError,
  type ChangePasswordInput,
  type Role,
  type Session,
  type StoredPermissions,
  toCallError,
  type User,
} from './session.ts';

/**
 * The staff session: who is signed in, how they sign in, and what ends it.
 *
 * States (`snapshot.matches(...)`), tags (`snapshot.hasTag(...)`):
 * - `booting` [busy]: reads the session (GET /api/user when the authenticated-flag cookie is set).
 * - `signedOut`: the sign-in card, two methods (tabs):
 *   - `password`: `idle` → `submitting` [busy] (POST /api/login, then GET /api/user) →
 *     `failed` [error] (wrong credentials, blocked address: `context.error`) or
 *     `throttled` [error] (429; after `context.error.retryAfter` seconds back to `idle`).
 *   - `otp`: `enteringMobile` → `sending` [busy] (POST /api/login/send-otp) → `sendFailed` [error] |
 *     `throttled` [error] (429; after its Retry-After back to `enteringMobile`) |
 *     `codeSent`, a parallel state:
 *       - `code`: `entering` → `verifying` [busy] (POST /api/login/otp, then GET /api/user) →
 *         `wrong` [error]; `expired` [error] once the code's lifetime (`expires_in`) has passed
 *         (the server answers one message for wrong and expired codes, so the clock decides).
 *       - `resend`: `locked` (until `context.resendAt`) → `available`.
 * - `passwordChangeDue` [authenticated] (`has_change_pass`): `idle` → `submitting` [busy]
 *   (POST /api/user/change-password, then GET /api/user) → `failed` [error].
 * - `signedIn` [authenticated]: `roleRequired` (send the user to /auth/select-role) or `ready`
 *   (a role is held: `context.role`, `context.permissions`).
 *
 * Events: `auth.submitPassword {username, password}`, `auth.usePassword`, `auth.useOtp`,
 * `auth.requestOtp {mobile}`, `auth.resendOtp`, `auth.submitOtp {code}`, `auth.changeMobile`,
 * `auth.submitNewPassword {current_password, password, password_confirmation}`,
 * `auth.roleSelected {role, permissions}` (from roleSelection), `auth.passwordChangeRequired`
 * (the error catalogue saw `has_change_pass`), `auth.loggedOut` (from logout),
 * `auth.unauthorized` (any 401: clears staff and guest state, back to `signedOut`).
 *
 * Effects are injected with `provide()`: actors `fetchSession`, `passwordLogin`, `sendOtp`,
 * `otpLogin`, `changePassword`; actions `markAuthenticated` (flag cookie, dialog flag, stale role
 * cleared) and `clearSession`. The real ones are in effects.ts.
 */

export interface AuthContext {
  user: User | null;
  role: Role | null;
  permissions: StoredPermissions | null;
  error: CallError | null;
  /** The mobile the one-time code went to. */
  mobile: string;
  /** Epoch ms when a new code may be asked for, and when the current code dies (for countdowns). */
  resendAt: number | null;
  expiresAt: number | null;
  /** Lifetime of the current code (the server's `expires_in`) and the wait before a resend. */
  codeLifetimeMs: number;
  resendDelayMs: number;
}

export type AuthEvent =
  | ({ type: 'auth.submitPassword' } & LoginInput)
  | { type: 'auth.usePassword' }
  | { type: 'auth.useOtp' }
  | { type: 'auth.requestOtp'; mobile: string }
  | { type: 'auth.resendOtp' }
  | { type: 'auth.submitOtp'; code: string }
  | { type: 'auth.changeMobile' }
  | ({ type: 'auth.submitNewPassword' } & ChangePasswordInput)
  | { type: 'auth.roleSelected'; role: Role; permissions: StoredPermissions }
  | { type: 'auth.passwordChangeRequired' }
  | { type: 'auth.loggedOut' }
  | { type: 'auth.unauthorized' };

/** Seconds before "send again" is offered (the server allows one send per mobile a minute). */
export const RESEND_SECONDS = 60;

export interface OtpSent {
  sent: boolean;
  expires_in: number;
}

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));
const errorOf = ({ event }: { event: { error?: unknown } }) => toCallError(event.error);

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
  },
  actors: {
    /** The current session, or null when there is none (no flag cookie). */
    fetchSession: fromPromise<Session | null>(notProvided('fetchSession')),
    passwordLogin: fromPromise<Session, LoginInput>(notProvided('passwordLogin')),
    sendOtp: fromPromise<OtpSent, { mobile: string }>(notProvided('sendOtp')),
    otpLogin: fromPromise<Session, { mobile: string; code: string }>(notProvided('otpLogin')),
    changePassword: fromPromise<Session, ChangePasswordInput>(notProvided('changePassword')),
  },
  actions: {
    /** Saves the authenticated-flag cookie and the report-dialog flag; forgets a stale role. */
    markAuthenticated: (_, _params: { user: User }) => {},
    /** Clears staff and guest state kept in the browser (cookies, permissions, caches). */
    clearSession: () => {},
    assignSession: assign((_, session: Session) => ({
      user: session.user,
      role: session.role,
      permissions: session.permissions,
      error: null,
    })),
    /** A fresh sign-in starts without a role: the server's new session has none. */
    assignNewSession: assign((_, session: Session) => ({
      user: session.user,
      role: null,
      permissions: null,
      error: null,
    })),
    forgetSession: assign({ user: null, role: null, permissions: null, error: null }),
    assignError: assign((_, error: CallError) => ({ error })),
    clearError: assign({ error: null }),
    assignMobile: assign((_, mobile: string) => ({ mobile: mobile.trim() })),
    assignCodeSent: assign(({ context }, sent: OtpSent) => {
      const now = Date.now();
      const lifetime = Math.max(1, sent.expires_in) * 1000;
      return {
        error: null,
        codeLifetimeMs: lifetime,
        resendAt: now + context.resendDelayMs,
        expiresAt: now + lifetime,
      };
    }),
    assignRole: assign((_, params: { role: Role; permissions: StoredPermissions }) => ({
      role: params.role,
      permissions: params.permissions,
    })),
  },
  guards: {
    hasNoSession: (_, session: Session | null) => session === null,
    mustChangePassword: (_, session: Session) => session.hasChangePass,
    isThrottled: (_, error: CallError) => error.status === 429,
    hasRole: ({ context }) => context.role !== null && context.permissions !== null,
  },
  delays: {
    resendDelay: ({ context }) => context.resendDelayMs,
    codeLifetime: ({ context }) => context.codeLifetimeMs,
    // a 429's wait (`throttled` only follows a 429; toCallError gives 60 s when the server names none)
    retryDelay: ({ context }) => context.error!.retryAfter! * 1000,
  },
}).createMachine({
  id: 'auth',
  context: {
    user: null,
    role: null,
    permissions: null,
    error: null,
    mobile: '',
    resendAt: null,
    expiresAt: null,
    codeLifetimeMs: 120_000,
    resendDelayMs: RESEND_SECONDS * 1000,
  },
  initial: 'booting',
  on: {
    'auth.unauthorized': { target: '.signedOut', actions: ['clearSession', 'forgetSession'] },
    'auth.loggedOut': { target: '.signedOut', actions: 'forgetSession' },
  },
  states: {
    booting: {
      tags: ['busy'],
      invoke: {
        src: 'fetchSession',
        onDone: [
          { guard: { type: 'hasNoSession', params: ({ event }) => event.output }, target: 'signedOut' },
          {
            guard: { type: 'mustChangePassword', params: ({ event }) => event.output! },
            target: 'passwordChangeDue',
            actions: { type: 'assignSession', params: ({ event }) => event.output! },
          },
          { target: 'signedIn', actions: { type: 'assignSession', params: ({ event }) => event.output! } },
        ],
        onError: { target: 'signedOut', actions: ['clearSession', 'forgetSession'] },
      },
    },

    signedOut: {
      initial: 'password',
      on: {
        'auth.usePassword': { target: '.password', actions: 'clearError' },
        'auth.useOtp': { target: '.otp', actions: 'clearError' },
      },
      states: {
        password: {
          initial: 'idle',
          states: {
            idle: { on: { 'auth.submitPassword': 'submitting' } },
            submitting: {
              tags: ['busy'],
              invoke: {
                src: 'passwordLogin',
                input: ({ event }) => {
                  const e = event as Extract<AuthEvent, { type: 'auth.submitPassword' }>;
                  return { username: e.username, password: e.password };
                },
                onDone: [
                  {
                    guard: { type: 'mustChangePassword', params: ({ event }) => event.output },
                    target: '#auth.passwordChangeDue',
                    actions: [
                      { type: 'assignNewSession', params: ({ event }) => event.output },
                      { type: 'markAuthenticated', params: ({ event }) => ({ user: event.output.user }) },
                    ],
                  },
                  {
                    target: '#auth.signedIn',
                    actions: [
                      { type: 'assignNewSession', params: ({ event }) => event.output },
                      { type: 'markAuthenticated', params: ({ event }) => ({ user: event.output.user }) },
                    ],
                  },
                ],
                onError: [
                  {
                    guard: { type: 'isThrottled', params: errorOf },
                    target: 'throttled',
                    actions: { type: 'assignError', params: errorOf },
                  },
                  { target: 'failed', actions: { type: 'assignError', params: errorOf } },
                ],
              },
            },
            failed: { tags: ['error'], on: { 'auth.submitPassword': 'submitting' } },
            throttled: { tags: ['error'], after: { retryDelay: 'idle' } },
          },
        },

        otp: {
          initial: 'enteringMobile',
          states: {
            enteringMobile: {
              on: {
                'auth.requestOtp': {
                  target: 'sending',
                  actions: { type: 'assignMobile', params: ({ event }) => event.mobile },
                },
              },
            },
            sending: {
              tags: ['busy'],
              invoke: {
                src: 'sendOtp',
                input: ({ context }) => ({ mobile: context.mobile }),
                onDone: {
                  target: 'codeSent',
                  actions: { type: 'assignCodeSent', params: ({ event }) => event.output },
                },
                onError: [
                  {
                    guard: { type: 'isThrottled', params: errorOf },
                    target: 'throttled',
                    actions: { type: 'assignError', params: errorOf },
                  },
                  { target: 'sendFailed', actions: { type: 'assignError', params: errorOf } },
                ],
              },
            },
            sendFailed: {
              tags: ['error'],
              on: {
                'auth.requestOtp': {
                  target: 'sending',
                  actions: { type: 'assignMobile', params: ({ event }) => event.mobile },
                },
              },
            },
            throttled: { tags: ['error'], after: { retryDelay: 'enteringMobile' } },
            codeSent: {
              type: 'parallel',
              on: { 'auth.changeMobile': { target: 'enteringMobile', actions: 'clearError' } },
              states: {
                code: {
                  initial: 'entering',
                  after: { codeLifetime: '.expired' },
                  states: {
                    entering: { on: { 'auth.submitOtp': 'verifying' } },
                    verifying: {
                      tags: ['busy'],
                      invoke: {
                        src: 'otpLogin',
                        input: ({ context, event }) => ({
                          mobile: context.mobile,
                          code: (event as Extract<AuthEvent, { type: 'auth.submitOtp' }>).code,
                        }),
                        onDone: [
                          {
                            guard: { type: 'mustChangePassword', params: ({ event }) => event.output },
                            target: '#auth.passwordChangeDue',
                            actions: [
                              { type: 'assignNewSession', params: ({ event }) => event.output },
                              {
                                type: 'markAuthenticated',
                                params: ({ event }) => ({ user: event.output.user }),
                              },
                            ],
                          },
                          {
                            target: '#auth.signedIn',
                            actions: [
                              { type: 'assignNewSession', params: ({ event }) => event.output },
                              {
                                type: 'markAuthenticated',
                                params: ({ event }) => ({ user: event.output.user }),
                              },
                            ],
                          },
                        ],
                        onError: [
                          {
                            guard: { type: 'isThrottled', params: errorOf },
                            target: '#auth.signedOut.otp.throttled',
                            actions: { type: 'assignError', params: errorOf },
                          },
                          { target: 'wrong', actions: { type: 'assignError', params: errorOf } },
                        ],
                      },
                    },
                    wrong: { tags: ['error'], on: { 'auth.submitOtp': 'verifying' } },
                    expired: { tags: ['error'] },
                  },
                },
                resend: {
                  initial: 'locked',
                  states: {
                    locked: { after: { resendDelay: 'available' } },
                    available: {
                      on: {
                        'auth.resendOtp': { target: '#auth.signedOut.otp.sending', actions: 'clearError' },
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
      tags: ['authenticated'],
      initial: 'idle',
      states: {
        idle: { on: { 'auth.submitNewPassword': 'submitting' } },
        submitting: {
          tags: ['busy'],
          invoke: {
            src: 'changePassword',
            input: ({ event }) => {
              const e = event as Extract<AuthEvent, { type: 'auth.submitNewPassword' }>;
              return {
                current_password: e.current_password,
                password: e.password,
                password_confirmation: e.password_confirmation,
              };
            },
            onDone: {
              target: '#auth.signedIn',
              actions: { type: 'assignSession', params: ({ event }) => event.output },
            },
            onError: { target: 'failed', actions: { type: 'assignError', params: errorOf } },
          },
        },
        failed: { tags: ['error'], on: { 'auth.submitNewPassword': 'submitting' } },
      },
    },

    signedIn: {
      tags: ['authenticated'],
      initial: 'checkingRole',
      on: {
        'auth.roleSelected': {
          target: '.ready',
          actions: {
            type: 'assignRole',
            params: ({ event }) => ({ role: event.role, permissions: event.permissions }),
          },
        },
        'auth.passwordChangeRequired': 'passwordChangeDue',
      },
      states: {
        checkingRole: { always: [{ guard: 'hasRole', target: 'ready' }, { target: 'roleRequired' }] },
        roleRequired: {},
        ready: {},
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
