import { assign, fromPromise, setup } from 'xstate';
import type {
  Guest,
  ResumeCheckAnswer,
  ResumeCheckInput,
  ResumeDetail,
  ResumeDocument,
  ResumeStep,
} from '../contract/resume.ts';
import { RESUME_STEPS } from '../contract/resume.ts';
import { type CallError, toCallError } from './session.ts';

/**
 * The resume applicant (a guest: no staff account) from the first visit to the printout.
 *
 * States (`snapshot.matches(...)`), tags (`snapshot.hasTag(...)`):
 * - `restoring` [busy]: GET /api/person/resume — 200: the guest's current step; 401: `identify`.
 * - `identify`: national code and mobile; `entering` or `invalid` [error] (422 per field).
 *   `context.note` says why the card is back ('left': "you can continue later"; 'ended').
 * - `sending` [busy]: POST /api/person/resume/check.
 * - `locked` [error]: a 429 (too many sends or wrong codes; `context.error.retryAfter`); back to
 *   `identify` when the wait is over.
 * - `codeSent` (parallel): `code`: `entering` → `verifying` [busy] (check-sms-code) → `wrong`
 *   [error] (`context.error.attemptsLeft`); the verification also loads the resume. `resend`:
 *   `waiting` (until `context.resendAt`) → `available`.
 * - `routing` (transient): to `submitted` or to the guest's `step`.
 * - `filling` [guest]: `step1`..`step7`, each `editing` → `saving` [busy] (PUT steps/{n}, then the
 *   resume again; step 7: POST submit) → back through `routing` (the server moved the step on) or
 *   `invalid` [error] (422: `context.error.fields`, the typed values in `context.draft`);
 *   `moving` [busy] (POST go-step).
 * - `leaving` [busy]: GET /api/logout, then `identify` with note 'left' (a 401 on any call of a
 *   step goes to `sessionEnded`, taken by `filling` for all of them).
 * - `submitted` [guest]: read only, the print link.
 * - `sessionEnded` [error]: a 401 on any guest call; `guest.verifyAgain` → `identify`.
 *
 * Events: `guest.requestCode {national_code, mobile}`, `guest.submitCode {code}`, `guest.resend`,
 * `guest.changeMobile`, `guest.save {values}` (steps 1..6; step 7 submits),
 * `guest.goStep {step}`, `guest.leave`, `guest.verifyAgain`, `guest.unauthorized` (a 401 seen by
 * a call the screen made itself: uploads), `guest.documentsChanged {documents}`.
 *
 * Effects are injected with `provide()` (guest-effects.ts): actors `fetchResume`, `sendCode`,
 * `verifyCode`, `saveStep`, `goStep`, `submitResume`, `endGuestSession`; actions `storeGuest`,
 * `clearGuest` (the guest record and step kept in the browser, GUEST_STORAGE_KEYS).
 */

/** A failed guest call: CallError with the fields of the guest calls' answers. */
export interface GuestError extends CallError {
  /** 429 after the fifth wrong code (the mobile is locked for a while). */
  locked: boolean;
  /** Wrong codes still allowed before the lock (422 of check-sms-code). */
  attemptsLeft: number | null;
}

export function toGuestError(err: unknown): GuestError {
  const base = toCallError(err);
  const body = ((err as { body?: Record<string, unknown> })?.body ?? {}) as Record<string, unknown>;
  const retry = Number(body.retry_after);
  return {
    ...base,
    retryAfter: base.retryAfter === 60 && Number.isFinite(retry) && retry > 0 ? retry : base.retryAfter,
    locked: body.locked === true,
    attemptsLeft: Number.isInteger(body.attempts_left) ? (body.attempts_left as number) : null,
  };
}

export interface GuestResumeContext {
  guest: Guest | null;
  resume: ResumeDetail | null;
  error: GuestError | null;
  national_code: string;
  mobile: string;
  resendAt: number | null;
  expiresAt: number | null;
  resendDelayMs: number;
  note: 'left' | 'ended' | null;
  /** The values of the last save, kept for the form after a 422. */
  draft: { step: number; values: unknown } | null;
}

export type GuestResumeEvent =
  | ({ type: 'guest.requestCode' } & ResumeCheckInput)
  | { type: 'guest.submitCode'; code: string }
  | { type: 'guest.resend' }
  | { type: 'guest.changeMobile' }
  | { type: 'guest.save'; values: unknown }
  | { type: 'guest.goStep'; step: number }
  | { type: 'guest.leave' }
  | { type: 'guest.verifyAgain' }
  | { type: 'guest.unauthorized' }
  | { type: 'guest.documentsChanged'; documents: ResumeDocument[] };

export const GUEST_RESEND_SECONDS = 60;

const notProvided = (name: string) => () => Promise.reject(new Error(`${name} is not provided`));
const errorOf = ({ event }: { event: { error?: unknown } }) => toGuestError(event.error);

/** The state node of step `n` (editing, saving, invalid). */
function stepNode(n: ResumeStep) {
  const last = n === 7;
  type Save = Extract<GuestResumeEvent, { type: 'guest.save' }>;
  const save = {
    target: 'saving' as const,
    actions: {
      type: 'assignDraft' as const,
      params: ({ event }: { event: Save }) => ({ step: n, values: event.values }),
    },
  };
  return {
    initial: 'editing' as const,
    states: {
      editing: { on: { 'guest.save': save } },
      saving: {
        tags: ['busy'],
        invoke: {
          src: last ? ('submitResume' as const) : ('saveStep' as const),
          // the values of the `guest.save` that entered `saving`
          input: ({ event }: { event: GuestResumeEvent }) => ({ step: n, values: (event as Save).values }),
          onDone: {
            target: '#guestResume.routing',
            actions: [
              {
                type: 'assignResume' as const,
                params: ({ event }: { event: { output: ResumeDetail } }) => event.output,
              },
              'storeGuest' as const,
            ],
          },
          // A 401 is taken by `filling` (the guest session ended).
          onError: {
            guard: { type: 'isNot401' as const, params: errorOf },
            target: 'invalid',
            actions: { type: 'assignError' as const, params: errorOf },
          },
        },
      },
      invalid: { tags: ['error'], on: { 'guest.save': save } },
    },
  };
}

const steps = Object.fromEntries(RESUME_STEPS.map((n) => [`step${n}`, stepNode(n)])) as Record<
  `step${ResumeStep}`,
  ReturnType<typeof stepNode>
>;

export const guestResumeMachine = setup({
  types: { context: {} as GuestResumeContext, events: {} as GuestResumeEvent },
  actors: {
    fetchResume: fromPromise<ResumeDetail>(notProvided('fetchResume')),
    sendCode: fromPromise<ResumeCheckAnswer, ResumeCheckInput>(notProvided('sendCode')),
    verifyCode: fromPromise<ResumeDetail, ResumeCheckInput & { code: string }>(notProvided('verifyCode')),
    saveStep: fromPromise<ResumeDetail, { step: number; values: unknown }>(notProvided('saveStep')),
    submitResume: fromPromise<ResumeDetail, { step: number; values: unknown }>(notProvided('submitResume')),
    goStep: fromPromise<Guest, { step: number }>(notProvided('goStep')),
    endGuestSession: fromPromise<void>(notProvided('endGuestSession')),
  },
  actions: {
    /** Keeps the guest record and its step in the browser. */
    storeGuest: (_: unknown) => {},
    /** Forgets the guest record kept in the browser. */
    clearGuest: () => {},
    assignResume: assign((_, resume: ResumeDetail) => ({
      resume,
      guest: resume.guest,
      error: null,
      draft: null,
    })),
    assignGuest: assign(({ context }, guest: Guest) => ({
      guest,
      resume: context.resume ? { ...context.resume, guest } : null,
      error: null,
    })),
    assignIdentity: assign((_, input: ResumeCheckInput) => ({
      national_code: input.national_code.trim(),
      mobile: input.mobile.trim(),
      error: null,
    })),
    assignCodeSent: assign(({ context }, sent: ResumeCheckAnswer) => {
      const now = Date.now();
      return {
        error: null,
        note: null,
        resendAt: now + Math.max(context.resendDelayMs, (sent.resend_in ?? 0) * 1000),
        expiresAt: now + Math.max(1, sent.expires_in) * 1000,
      };
    }),
    assignError: assign((_, error: GuestError) => ({ error })),
    clearError: assign({ error: null }),
    assignDraft: assign((_, draft: { step: number; values: unknown }) => ({ draft })),
    assignDocuments: assign(({ context }, documents: ResumeDocument[]) => ({
      resume: context.resume
        ? {
            ...context.resume,
            documents: documents.filter((d) => d.type !== 'photo'),
            photo: documents.find((d) => d.type === 'photo') ?? null,
          }
        : null,
    })),
    forgetGuest: assign({ guest: null, resume: null, draft: null }),
    noteLeft: assign({ note: 'left' as const, error: null }),
    noteEnded: assign({ note: 'ended' as const }),
  },
  // `routing` and `filling` are only entered with the guest record loaded (assignResume, assignGuest),
  // and a submitted guest is routed to `submitted`: the guards there read `context.guest!`.
  guards: {
    isNot401: (_, error: GuestError) => error.status !== 401,
    isThrottled: (_, error: GuestError) => error.status === 429,
    isSubmitted: ({ context }) => Boolean(context.guest!.submitted_at),
    onStep: ({ context }, params: { step: number }) => context.guest!.step === params.step,
    /** Another step up to the first one not saved yet (completed_step + 1, at most 7). */
    canGo: ({ context }, step: number) => {
      const guest = context.guest!;
      return step >= 1 && step !== guest.step && step <= guest.completed_step + 1;
    },
  },
  delays: {
    resendDelay: ({ context }) => Math.max(0, context.resendAt! - Date.now()),
    // a 429's wait (toCallError gives 60 s when the server names none)
    retryDelay: ({ context }) => context.error!.retryAfter! * 1000,
  },
}).createMachine({
  id: 'guestResume',
  context: {
    guest: null,
    resume: null,
    error: null,
    national_code: '',
    mobile: '',
    resendAt: null,
    expiresAt: null,
    resendDelayMs: GUEST_RESEND_SECONDS * 1000,
    note: null,
    draft: null,
  },
  initial: 'restoring',
  states: {
    restoring: {
      tags: ['busy'],
      invoke: {
        src: 'fetchResume',
        onDone: {
          target: 'routing',
          actions: [{ type: 'assignResume', params: ({ event }) => event.output }, 'storeGuest'],
        },
        // 401 (no guest session) or anything else: the guest identifies again.
        onError: { target: 'identify', actions: ['clearGuest', 'forgetGuest'] },
      },
    },

    identify: {
      initial: 'entering',
      on: {
        'guest.requestCode': {
          target: 'sending',
          actions: { type: 'assignIdentity', params: ({ event }) => event },
        },
      },
      states: { entering: {}, invalid: { tags: ['error'] } },
    },

    sending: {
      tags: ['busy'],
      invoke: {
        src: 'sendCode',
        input: ({ context }) => ({ national_code: context.national_code, mobile: context.mobile }),
        onDone: {
          target: 'codeSent',
          actions: { type: 'assignCodeSent', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: { type: 'isThrottled', params: errorOf },
            target: 'locked',
            actions: { type: 'assignError', params: errorOf },
          },
          { target: 'identify.invalid', actions: { type: 'assignError', params: errorOf } },
        ],
      },
    },

    locked: { tags: ['error'], after: { retryDelay: { target: 'identify', actions: 'clearError' } } },

    codeSent: {
      type: 'parallel',
      on: { 'guest.changeMobile': { target: 'identify', actions: 'clearError' } },
      states: {
        code: {
          initial: 'entering',
          states: {
            entering: { on: { 'guest.submitCode': 'verifying' } },
            verifying: {
              tags: ['busy'],
              invoke: {
                src: 'verifyCode',
                input: ({ context, event }) => ({
                  national_code: context.national_code,
                  mobile: context.mobile,
                  code: (event as Extract<GuestResumeEvent, { type: 'guest.submitCode' }>).code,
                }),
                onDone: {
                  target: '#guestResume.routing',
                  actions: [{ type: 'assignResume', params: ({ event }) => event.output }, 'storeGuest'],
                },
                onError: [
                  {
                    guard: { type: 'isThrottled', params: errorOf },
                    target: '#guestResume.locked',
                    actions: { type: 'assignError', params: errorOf },
                  },
                  { target: 'wrong', actions: { type: 'assignError', params: errorOf } },
                ],
              },
            },
            wrong: { tags: ['error'], on: { 'guest.submitCode': 'verifying' } },
          },
        },
        resend: {
          initial: 'waiting',
          states: {
            waiting: { after: { resendDelay: 'available' } },
            available: { on: { 'guest.resend': { target: '#guestResume.sending', actions: 'clearError' } } },
          },
        },
      },
    },

    routing: {
      always: [
        { guard: 'isSubmitted', target: 'submitted' },
        ...RESUME_STEPS.filter((n) => n > 1).map((n) => ({
          guard: { type: 'onStep' as const, params: { step: n } },
          target: `filling.step${n}`,
        })),
        { target: 'filling.step1' },
      ],
    },

    filling: {
      tags: ['guest'],
      initial: 'step1',
      on: {
        'guest.goStep': { guard: { type: 'canGo', params: ({ event }) => event.step }, target: '.moving' },
        'guest.leave': 'leaving',
        'guest.unauthorized': 'sessionEnded',
        // A 401 on any call of a step (save, submit, go-step): the guest session is over. The calls'
        // own onError take every other failure (isNot401), so only a 401 reaches this.
        'xstate.error.actor.*': 'sessionEnded',
        'guest.documentsChanged': {
          actions: { type: 'assignDocuments', params: ({ event }) => event.documents },
        },
      },
      states: {
        ...steps,
        moving: {
          tags: ['busy'],
          invoke: {
            src: 'goStep',
            input: ({ event }) => ({
              step: (event as Extract<GuestResumeEvent, { type: 'guest.goStep' }>).step,
            }),
            onDone: {
              target: '#guestResume.routing',
              actions: [{ type: 'assignGuest', params: ({ event }) => event.output }, 'storeGuest'],
            },
            onError: {
              guard: { type: 'isNot401', params: errorOf },
              target: '#guestResume.routing',
              actions: { type: 'assignError', params: errorOf },
            },
          },
        },
      },
    },

    leaving: {
      tags: ['busy'],
      invoke: {
        src: 'endGuestSession',
        // The effect never fails: the browser forgets the guest whatever the server answered.
        onDone: { target: 'identify', actions: ['clearGuest', 'forgetGuest', 'noteLeft'] },
      },
    },

    submitted: { tags: ['guest'], on: { 'guest.leave': 'leaving' } },

    sessionEnded: {
      tags: ['error'],
      entry: ['clearGuest', 'forgetGuest', 'noteEnded'],
      on: { 'guest.verifyAgain': { target: 'identify', actions: 'clearError' } },
    },
  },
});

export type GuestResumeMachine = typeof guestResumeMachine;
