import { createTestModel } from '@xstate/graph';
import { and, assign, not, setup, stateIn } from 'xstate';
import { coveringPaths } from './testing/paths.ts';

/**
 * The test model of the guestResume statechart: what an applicant does and what the server or
 * the clock answers, one event each. The busy states (a call out) are folded into the events.
 * Its context is small and bounded: the step on screen (1..7), the highest step saved (`done`,
 * 0..6) and whether the resume went in; a returning applicant lands on `done + 1` (or on the
 * submitted resume). `modelValue()` turns a model snapshot into the real machine's state value
 * (`{ filling: { step3: 'editing' } }`), which the tests compare after every step.
 *
 * To keep the graph (and the browser run) small, the rare cases are asked at one place each:
 * wrong codes and locks only on a first visit; invalid saves only at the furthest step
 * (`frontier`); going back one step from the frontier, then forward again (a refused go-step at
 * step 2); leaving at step 2
 * and from the submitted resume; a session that ends (401) at step 1, on a save or an upload.
 */

export type GuestModelEvent =
  | { type: 'boot.noSession' }
  | { type: 'boot.guestSession' }
  | { type: 'guest.requestCode'; as: 'valid' | 'invalid' | 'locked' }
  | { type: 'guest.submitCode'; as: 'valid' | 'wrong' | 'locked' }
  | { type: 'guest.resend' }
  | { type: 'guest.changeMobile' }
  | { type: 'guest.save'; as: 'valid' | 'invalid' }
  | { type: 'guest.back'; as: 'ok' | 'failed' }
  | { type: 'guest.forward' }
  | { type: 'guest.leave' }
  | { type: 'guest.verifyAgain' }
  | { type: 'session.expired'; as: 'onSave' | 'onUpload' }
  | { type: 'clock.resendAllowed' }
  | { type: 'clock.unlocked' };

const cases = <T extends GuestModelEvent['type']>(type: T, as: string[]) =>
  as.map((a) => ({ type, as: a }) as Extract<GuestModelEvent, { type: T }>);

export const GUEST_MODEL_EVENTS: GuestModelEvent[] = [
  { type: 'boot.noSession' },
  { type: 'boot.guestSession' },
  ...cases('guest.requestCode', ['valid', 'invalid', 'locked']),
  ...cases('guest.submitCode', ['valid', 'wrong', 'locked']),
  { type: 'guest.resend' },
  { type: 'guest.changeMobile' },
  ...cases('guest.save', ['valid', 'invalid']),
  ...cases('guest.back', ['ok', 'failed']),
  { type: 'guest.forward' },
  { type: 'guest.leave' },
  { type: 'guest.verifyAgain' },
  ...cases('session.expired', ['onSave', 'onUpload']),
  { type: 'clock.resendAllowed' },
  { type: 'clock.unlocked' },
];

export interface GuestModelContext {
  step: number;
  done: number;
  submitted: boolean;
}

/** The steps saved before a returning guest's visit (`boot.guestSession`): 1 and 2. */
export const RESTORED_DONE = 2;

const is = (as: string) => ({ type: 'is' as const, params: { as } });
const WAITING = stateIn('#guestModel.codeSent.resend.waiting');

export const guestModel = setup({
  types: { context: {} as GuestModelContext, events: {} as GuestModelEvent },
  guards: {
    is: ({ event }, params: { as: string }) => 'as' in event && event.as === params.as,
    /** No guest record yet (wrong codes, locks and 422s are asked only then). */
    fresh: ({ context }) => context.done === 0 && !context.submitted,
    landsSubmitted: ({ context }) => context.submitted,
    frontier: ({ context }) => context.step === context.done + 1,
    atStep: ({ context }, params: { step: number }) => context.step === params.step,
    lastStep: ({ context }) => context.step === 7,
  },
  actions: {
    land: assign(({ context }) => ({ step: Math.min(7, context.done + 1) })),
    saved: assign(({ context }) => ({ done: Math.max(context.done, context.step), step: context.step + 1 })),
    back: assign(({ context }) => ({ step: context.step - 1 })),
    forward: assign(({ context }) => ({ step: context.step + 1 })),
    submit: assign({ submitted: true }),
    restored: assign({ step: RESTORED_DONE + 1, done: RESTORED_DONE }),
  },
}).createMachine({
  id: 'guestModel',
  context: { step: 1, done: 0, submitted: false },
  initial: 'restoring',
  states: {
    restoring: {
      on: {
        'boot.noSession': 'identify',
        'boot.guestSession': { target: 'filling', actions: 'restored' },
      },
    },
    identify: {
      initial: 'entering',
      states: {
        entering: {
          on: {
            'guest.requestCode': [
              { guard: is('valid'), target: '#guestModel.codeSent' },
              { guard: and([is('invalid'), 'fresh']), target: 'invalid' },
              { guard: and([is('locked'), 'fresh']), target: '#guestModel.locked' },
            ],
          },
        },
        invalid: { on: { 'guest.requestCode': { guard: is('valid'), target: '#guestModel.codeSent' } } },
      },
    },
    locked: { on: { 'clock.unlocked': 'identify' } },
    codeSent: {
      type: 'parallel',
      states: {
        code: {
          initial: 'entering',
          states: {
            entering: {
              on: {
                // Codes are typed before "send again" is offered (keeps the graph small).
                'guest.submitCode': [
                  { guard: and([is('valid'), WAITING, 'landsSubmitted']), target: '#guestModel.submitted' },
                  { guard: and([is('valid'), WAITING]), target: '#guestModel.filling', actions: 'land' },
                  { guard: and([is('wrong'), WAITING, 'fresh']), target: 'wrong' },
                  { guard: and([is('locked'), WAITING, 'fresh']), target: '#guestModel.locked' },
                ],
              },
            },
            wrong: {
              on: {
                'guest.submitCode': { guard: is('valid'), target: '#guestModel.filling', actions: 'land' },
                'guest.changeMobile': '#guestModel.identify',
              },
            },
          },
        },
        resend: {
          initial: 'waiting',
          states: {
            waiting: {
              on: {
                'clock.resendAllowed': {
                  guard: and(['fresh', stateIn('#guestModel.codeSent.code.entering')]),
                  target: 'available',
                },
              },
            },
            available: {
              on: { 'guest.resend': { target: '#guestModel.codeSent', reenter: true } },
            },
          },
        },
      },
    },
    filling: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'guest.save': [
              { guard: and([is('valid'), 'lastStep']), target: '#guestModel.submitted', actions: 'submit' },
              { guard: is('valid'), target: 'editing', reenter: true, actions: 'saved' },
              { guard: and([is('invalid'), 'frontier']), target: 'invalid' },
            ],
            'guest.back': [
              {
                guard: and([is('ok'), 'frontier', not({ type: 'atStep', params: { step: 1 } })]),
                target: 'editing',
                reenter: true,
                actions: 'back',
              },
              // The server refuses (or fails): the step stays, with the message.
              {
                guard: and([is('failed'), 'frontier', { type: 'atStep', params: { step: 2 } }]),
                target: 'editing',
                reenter: true,
              },
            ],
            'guest.forward': { guard: not('frontier'), target: 'editing', reenter: true, actions: 'forward' },
            'guest.leave': {
              guard: and(['frontier', { type: 'atStep', params: { step: 2 } }]),
              target: '#guestModel.identify',
            },
            'session.expired': {
              guard: and(['frontier', { type: 'atStep', params: { step: 1 } }]),
              target: '#guestModel.sessionEnded',
            },
          },
        },
        invalid: {
          on: {
            'guest.save': [
              { guard: and([is('valid'), 'lastStep']), target: '#guestModel.submitted', actions: 'submit' },
              { guard: is('valid'), target: 'editing', actions: 'saved' },
            ],
          },
        },
      },
    },
    submitted: { on: { 'guest.leave': 'identify' } },
    sessionEnded: { on: { 'guest.verifyAgain': 'identify' } },
  },
});

type ModelSnapshot = { value: unknown; context: GuestModelContext };

/** The real machine's state value for a model snapshot. */
export function modelValue(s: ModelSnapshot): unknown {
  const v = s.value as Record<string, unknown> | string;
  if (typeof v === 'object' && v && 'filling' in v)
    return { filling: { [`step${s.context.step}`]: v.filling } };
  return v;
}

/** The key `states` of path.test() is matched with: the real machine's value, dotted. */
export function modelStateKey(s: ModelSnapshot): string {
  const parts: string[] = [];
  const walk = (v: unknown, prefix: string) => {
    if (typeof v === 'string') parts.push(prefix ? `${prefix}.${v}` : v);
    else for (const [k, c] of Object.entries(v as object)) walk(c, prefix ? `${prefix}.${k}` : k);
  };
  walk(modelValue(s), '');
  return parts.join(' ');
}

export function createGuestTestModel() {
  return createTestModel(guestModel, {
    serializeState: (s) => JSON.stringify([s.value, s.context]),
    events: (s) => GUEST_MODEL_EVENTS.filter((e) => s.can(e)),
  });
}

/** The paths every test run drives, unit and browser alike. */
export function guestResumePaths() {
  return coveringPaths(createGuestTestModel(), { maxSteps: 24 });
}
