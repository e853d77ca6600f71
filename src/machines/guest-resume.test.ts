import { afterAll, describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import type { ResumeDetail } from '../contract/resume.ts';
import { ApiError } from '../lib/http.ts';
import { GUEST_STORAGE_KEYS } from './effects.ts';
import { createGuestEffects } from './guest-effects.ts';
import {
  createGuestTestModel,
  type GuestModelContext,
  type GuestModelEvent,
  guestResumePaths,
  modelValue,
  RESTORED_DONE,
} from './guest-resume.model.ts';
import { guestResumeMachine, toGuestError } from './guest-resume.ts';
import { createCoverage } from './testing/coverage.ts';
import { createFakeGuestServer, FAKE_PROVISIONS, GUEST_CODE_FAILURE } from './testing/fake-guest-server.ts';
import { createMemoryStore } from './testing/memory-store.ts';
import { modelCoverage } from './testing/paths.ts';
import { settle } from './testing/world.ts';

const model = createGuestTestModel();
const paths = guestResumePaths();
const coverage = createCoverage(guestResumeMachine);
let ran = 0;

afterAll(() => {
  const m = modelCoverage(model, paths);
  console.log(
    `[model] guestResume: ${paths.length} paths (${ran} ran), ${m.states} states, ${m.transitions} transitions; machine: ${coverage.summary()}`,
  );
});

const NATIONAL_CODE = '0499370899';
const GUEST = { quiet: true, handles401: true } as const;
const MOBILE = '09121234567';

/** Valid values of each step (Jalali dates as typed, Persian digits too). */
const VALID_STEPS: Record<number, unknown> = {
  1: {
    first_name: 'مریم',
    last_name: 'احمدی',
    father_name: 'علی',
    birth_date: '۱۳۶۵/۰۴/۲۱',
    birth_city_id: 1,
    gender: 'female',
    email: 'maryam@example.com',
    address: 'تهران، خیابان انقلاب، کوچه بهار، پلاک ۱۲',
  },
  2: {
    educations: [
      { level: 'master', field: 'مدیریت مالی', university: 'دانشگاه تهران', graduation_date: '1390/06/31' },
    ],
  },
  3: {
    experiences: [
      {
        organization: 'شرکت ملی نفت',
        post: 'مدیر مالی',
        from_date: '1391/01/15',
        to_date: '1398/12/29',
        is_current: false,
        board_seat: true,
        leaving_reason: 'پایان دوره مأموریت',
      },
    ],
  },
  4: { accepted: FAKE_PROVISIONS.map((p) => p.id) },
  5: {
    answers: [
      { term_id: 1, answer: 'no' },
      { term_id: 2, answer: 'خدمت به کشور' },
    ],
  },
  6: {},
};
/** Values the contract's schemas accept and the server refuses (its own checks), per step. */
const INVALID_STEPS: Record<number, unknown> = {
  1: { ...(VALID_STEPS[1] as object), birth_date: '1402/12/30' },
  2: { educations: [{ level: 'phd', field: '', university: 'دانشگاه', graduation_date: '1390/06/31' }] },
  3: { experiences: [{ ...(VALID_STEPS[3] as { experiences: object[] }).experiences[0], to_date: null }] },
  4: { accepted: [FAKE_PROVISIONS[0]!.id] },
  5: { answers: [{ term_id: 2, answer: 'پاسخ' }] },
  6: {},
};

/** The real guestResume machine on the fake server, driven by the model's events. */
function guestSystem() {
  const store = createMemoryStore();
  const server = createFakeGuestServer(store);
  const effects = createGuestEffects({ api: server.api, store });
  const clock = new SimulatedClock();
  const machine = guestResumeMachine.provide(effects.guestResume);
  let actor: Actor<typeof machine> | undefined;
  const boot = async () => {
    actor = createActor(machine, { clock, inspect: coverage.inspect });
    actor.start();
    await settle(actor);
  };
  const send = async (event: Parameters<Actor<typeof machine>['send']>[0]) => {
    actor!.send(event);
    await settle(actor!);
  };
  const snap = () => actor!.getSnapshot();
  const step = () => snap().context.guest?.step ?? 1;
  /** The wait before "send again": the server's resend_in, at least the machine's 60 s. */
  const resendWait = () => Math.max(60, server.resendIn) * 1000;
  /** Advances the clock to just before `ms` (nothing happens yet), then to `ms`. */
  const wait = async (ms: number, until: unknown) => {
    clock.increment(ms - 1000);
    await settle(actor!);
    expect(snap().matches(until as never)).toBe(true);
    clock.increment(1000);
    await settle(actor!);
  };
  /** What the screen does after an upload or a removal: the documents, photo among them (last). */
  const documentsChanged = async () => {
    const r = await server.api<ResumeDetail>('/api/person/resume', GUEST);
    await send({
      type: 'guest.documentsChanged',
      documents: r.photo ? [...r.documents, r.photo] : r.documents,
    });
    // the photo apart, the other documents as the server lists them, the rest of the resume kept
    expect(snap().context.resume).toEqual({ ...r, review: snap().context.resume?.review });
  };
  const uploadAll = async () => {
    const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    const r = server.guest(NATIONAL_CODE)!.resume;
    const has = (t: string) => r.documents.some((d) => d.type === t);
    if (!r.photo) await effects.guestFiles.upload('photo', png, 'photo.png');
    if (!has('national_card')) await effects.guestFiles.upload('national_card', pdf, 'card.pdf');
    if (!has('degree')) await effects.guestFiles.upload('degree', pdf, 'degree.pdf');
    if (actor) await documentsChanged();
  };

  const exec: Record<GuestModelEvent['type'], (e: GuestModelEvent) => Promise<void>> = {
    'boot.noSession': boot,
    'boot.guestSession': async () => {
      // An earlier visit: verified, steps 1 and 2 saved.
      await server.api('/api/health', GUEST);
      await server.api('/api/person/resume/check', {
        method: 'POST',
        body: { national_code: NATIONAL_CODE, mobile: MOBILE },
        ...GUEST,
      });
      await server.api('/api/person/resume/check-sms-code', {
        method: 'POST',
        query: { crf_pid: 3 },
        body: { national_code: NATIONAL_CODE, mobile: MOBILE, code: server.lastCode },
        ...GUEST,
      });
      await uploadAll();
      for (let n = 1; n <= RESTORED_DONE; n++)
        await server.api(`/api/person/resume/steps/${n}`, { method: 'PUT', body: VALID_STEPS[n], ...GUEST });
      await boot();
      expect(store.readJson(GUEST_STORAGE_KEYS[1], 0)).toBe(RESTORED_DONE + 1);
    },
    'guest.requestCode': async (e) => {
      const as = (e as Extract<GuestModelEvent, { type: 'guest.requestCode' }>).as;
      if (as === 'locked') server.failNext('check', 429, { locked: true, retry_after: 900 });
      // longer than the machine's 60 s: the server's wait is kept
      server.resendIn = 90;
      // as typed, with spaces around
      await send({
        type: 'guest.requestCode',
        national_code: ` ${as === 'invalid' ? '0499370898' : NATIONAL_CODE} `,
        mobile: ` ${MOBILE}\t`,
      });
    },
    'guest.submitCode': async (e) => {
      const as = (e as Extract<GuestModelEvent, { type: 'guest.submitCode' }>).as;
      if (as === 'locked') server.failNext('verify', 429, { locked: true, retry_after: 900 });
      await send({ type: 'guest.submitCode', code: as === 'valid' ? server.lastCode! : '000000' });
    },
    'guest.resend': () => {
      // shorter than the machine's 60 s: the 60 s are kept
      server.resendIn = 30;
      return send({ type: 'guest.resend' });
    },
    'guest.changeMobile': () => send({ type: 'guest.changeMobile' }),
    'guest.save': async (e) => {
      const as = (e as Extract<GuestModelEvent, { type: 'guest.save' }>).as;
      const n = step();
      if (n === 7) {
        if (as === 'invalid') server.failNext('submit', 422, { errors: { step: ['مرحله ۶ کامل نیست'] } });
        return send({ type: 'guest.save', values: {} });
      }
      if (as === 'valid' && (n === 1 || n === 6)) await uploadAll();
      if (as === 'invalid' && n === 6) {
        // The national card taken away again: the step is refused until it is back.
        const card = server.guest(NATIONAL_CODE)!.resume.documents.find((d) => d.type === 'national_card');
        if (card) await effects.guestFiles.remove(card.id);
        await documentsChanged();
      }
      await send({ type: 'guest.save', values: as === 'valid' ? VALID_STEPS[n] : INVALID_STEPS[n] });
    },
    'guest.back': async (e) => {
      const as = (e as Extract<GuestModelEvent, { type: 'guest.back' }>).as;
      if (as === 'failed') server.failNext('goStep', 503, { message: 'سرور در دسترس نیست' });
      await send({ type: 'guest.goStep', step: step() - 1 });
      if (as === 'failed') expect(snap().context.error?.status).toBe(503);
    },
    'guest.forward': () => send({ type: 'guest.goStep', step: step() + 1 }),
    'guest.leave': async () => {
      await send({ type: 'guest.leave' });
      expect(server.session).toBeNull();
      expect(snap().context.note).toBe('left');
    },
    'guest.verifyAgain': () => send({ type: 'guest.verifyAgain' }),
    'session.expired': async (e) => {
      const as = (e as Extract<GuestModelEvent, { type: 'session.expired' }>).as;
      server.expireSession();
      if (as === 'onSave') return send({ type: 'guest.save', values: VALID_STEPS[1] });
      // The screen's upload call meets the 401 and tells the machine.
      await expect(effects.guestFiles.upload('photo', new Blob(['x']), 'p.png')).rejects.toMatchObject({
        status: 401,
      });
      await send({ type: 'guest.unauthorized' });
    },
    'clock.resendAllowed': () => wait(resendWait(), { codeSent: { resend: 'waiting' } }),
    'clock.unlocked': () => wait(snap().context.error!.retryAfter! * 1000, 'locked'),
  };

  type S = { context: GuestModelContext };
  const expectations: Record<string, (s: S) => void> = {
    identify: () => {
      expect(snap().context.guest).toBeNull();
      expect(snap().context.resume).toBeNull();
    },
    'identify.invalid': () => {
      expect(snap().context.error?.fields.national_code?.[0]).toBeTruthy();
      expect(snap().context.error).toMatchObject({
        status: 422,
        locked: false,
        attemptsLeft: null,
        retryAfter: null,
      });
    },
    locked: () => {
      expect(snap().context.error).toMatchObject({
        status: 429,
        locked: true,
        retryAfter: 900,
        attemptsLeft: null,
      });
    },
    codeSent: () => {
      const c = snap().context;
      // trimmed
      expect(c.national_code).toBe(NATIONAL_CODE);
      expect(c.mobile).toBe(MOBILE);
      // the code lives 120 s; "send again" after the server's resend_in, not before 60 s
      expect(c.expiresAt! - c.resendAt!).toBe(120_000 - resendWait());
    },
    'codeSent.code.entering': () => expect(snap().context.error).toBeNull(),
    'codeSent.code.wrong': () => {
      expect(snap().context.error).toMatchObject({
        status: 422,
        message: GUEST_CODE_FAILURE,
        locked: false,
        // one wrong code of five (the fake server counts per code sent)
        attemptsLeft: 4,
        retryAfter: null,
      });
    },
    filling: (s) => {
      const c = snap().context;
      expect(c.guest?.step).toBe(s.context.step);
      expect(c.guest?.completed_step).toBe(s.context.done);
      // the resume's guest is the guest (also after a go-step)
      expect(c.resume?.guest).toEqual(c.guest);
      // The steps a go-step may ask for (others are refused without a call): any other step up to
      // the first one not saved yet.
      const reachable = [0, 1, 2, 3, 4, 5, 6, 7, 8].filter((to) =>
        snap().can({ type: 'guest.goStep', step: to }),
      );
      expect(reachable).toEqual(
        [1, 2, 3, 4, 5, 6, 7].filter((to) => to !== s.context.step && to <= s.context.done + 1),
      );
      expect(store.readJson(GUEST_STORAGE_KEYS[1], 0)).toBe(s.context.step);
      expect(snap().hasTag('guest')).toBe(true);
    },
    'filling.invalid': (s) => {
      const error = snap().context.error!;
      expect(error.status).toBe(422);
      expect(Object.keys(error.fields).length).toBeGreaterThan(0);
      // The values typed are kept for the form, with their step.
      expect(snap().context.draft).toEqual({
        step: s.context.step,
        values: s.context.step === 7 ? {} : INVALID_STEPS[s.context.step],
      });
    },
    submitted: () => {
      expect(snap().context.guest?.submitted_at).toBeTruthy();
      expect(snap().context.resume?.educations.length).toBe(1);
    },
    sessionEnded: () => {
      expect(snap().context.guest).toBeNull();
      expect(store.readJson(GUEST_STORAGE_KEYS[0], null)).toBeNull();
    },
  };

  return { exec, expectations, snap, server, store };
}

describe('guestResume: model paths against the real machine on a fake server', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const sut = guestSystem();
    await path.test({
      events: Object.fromEntries(
        Object.entries(sut.exec).map(([type, run]) => [
          type,
          async (step: { event: GuestModelEvent; state: { value: unknown; context: GuestModelContext } }) => {
            await run(step.event);
            expect(sut.snap().value).toEqual(modelValue(step.state));
          },
        ]),
      ),
      states: Object.fromEntries(
        Object.entries(sut.expectations).map(([key, check]) => [key, (s: unknown) => check(s as never)]),
      ),
    });
    ran++;
  });

  it('the paths take every transition and reach every state of the model', () => {
    const m = modelCoverage(model, paths);
    expect(m.missingStates).toEqual([]);
    expect(m.missingTransitions).toEqual([]);
  });

  it('the paths made the real machine visit every state node and take every transition', () => {
    expect(ran).toBe(paths.length);
    expect(coverage.missing()).toEqual({ nodes: [], transitions: [] });
  });
});

describe('toGuestError', () => {
  const err = (status: number, body: Record<string, unknown>) =>
    toGuestError(new ApiError(status, 'خطا', body));

  it('takes the wait of a 429 from retry_after when the answer names no retryAfter', () => {
    expect(err(429, { locked: true, retry_after: 900 })).toMatchObject({ retryAfter: 900, locked: true });
    expect(err(429, { retryAfter: 30, retry_after: 900 }).retryAfter).toBe(30);
    expect(err(429, {}).retryAfter).toBe(60);
    for (const retry_after of [0, -5, Number.POSITIVE_INFINITY, 'soon'])
      expect(err(429, { retry_after }).retryAfter).toBe(60);
  });

  it('has no wait for other failures, whatever retry_after says', () => {
    expect(err(422, { retry_after: 30 }).retryAfter).toBeNull();
  });

  it('is locked only when the answer says locked: true', () => {
    expect(err(429, { locked: 'true' }).locked).toBe(false);
    expect(err(429, {}).locked).toBe(false);
  });

  it('keeps attempts_left when it is a whole number', () => {
    expect(err(422, { attempts_left: 3 }).attemptsLeft).toBe(3);
    expect(err(422, { attempts_left: 0 }).attemptsLeft).toBe(0);
    for (const attempts_left of [undefined, null, 'x', 1.5])
      expect(err(422, { attempts_left }).attemptsLeft).toBeNull();
  });

  it('makes a GuestError of anything thrown', () => {
    expect(toGuestError(new Error('x'))).toMatchObject({
      status: 0,
      locked: false,
      attemptsLeft: null,
      retryAfter: null,
    });
    expect(toGuestError(undefined)).toMatchObject({ status: 0, locked: false, attemptsLeft: null });
  });
});

describe('guest effects', () => {
  it('an effect that is not provided fails with its name', async () => {
    const actor = createActor(guestResumeMachine).start();
    await settle(actor);
    expect(actor.getSnapshot().value).toEqual({ identify: 'entering' });
    actor.send({ type: 'guest.requestCode', national_code: NATIONAL_CODE, mobile: MOBILE });
    await settle(actor);
    expect(actor.getSnapshot().context.error?.message).toBe('sendCode is not provided');
  });

  it('every guest call is quiet and handles its own 401 (no staff sign-out)', async () => {
    const sut = guestSystem();
    await sut.exec['boot.noSession']({ type: 'boot.noSession' });
    expect(sut.snap().matches('identify')).toBe(true);
    expect(sut.server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/person/resume']);
  });

  it('verifies with crf_pid=3 and lands a new applicant on step 1', async () => {
    const sut = guestSystem();
    await sut.exec['boot.noSession']({ type: 'boot.noSession' });
    await sut.exec['guest.requestCode']({ type: 'guest.requestCode', as: 'valid' });
    await sut.exec['guest.submitCode']({ type: 'guest.submitCode', as: 'valid' });
    expect(sut.snap().matches({ filling: { step1: 'editing' } })).toBe(true);
    expect(sut.server.calls.map((c) => `${c.method} ${c.path}`)).toContain(
      'POST /api/person/resume/check-sms-code',
    );
  });

  it('refuses to go forward past completed_step + 1 without asking the server', async () => {
    const sut = guestSystem();
    await sut.exec['boot.noSession']({ type: 'boot.noSession' });
    await sut.exec['guest.requestCode']({ type: 'guest.requestCode', as: 'valid' });
    await sut.exec['guest.submitCode']({ type: 'guest.submitCode', as: 'valid' });
    const before = sut.server.calls.length;
    sut.snap();
    expect(sut.snap().can({ type: 'guest.goStep', step: 3 })).toBe(false);
    expect(sut.server.calls.length).toBe(before);
  });
});
