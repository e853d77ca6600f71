import { afterAll, describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
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
import { guestResumeMachine } from './guest-resume.ts';
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
  const uploadAll = async () => {
    const png = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    const pdf = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    const r = server.guest(NATIONAL_CODE)!.resume;
    const has = (t: string) => r.documents.some((d) => d.type === t);
    if (!r.photo) await effects.guestFiles.upload('photo', png, 'photo.png');
    if (!has('national_card')) await effects.guestFiles.upload('national_card', pdf, 'card.pdf');
    if (!has('degree')) await effects.guestFiles.upload('degree', pdf, 'degree.pdf');
    if (actor)
      await send({
        type: 'guest.documentsChanged',
        documents: (await server.api<{ documents: never[] }>('/api/person/resume', GUEST)).documents,
      });
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
      await send({
        type: 'guest.requestCode',
        national_code: as === 'invalid' ? '0499370898' : NATIONAL_CODE,
        mobile: MOBILE,
      });
    },
    'guest.submitCode': async (e) => {
      const as = (e as Extract<GuestModelEvent, { type: 'guest.submitCode' }>).as;
      if (as === 'locked') server.failNext('verify', 429, { locked: true, retry_after: 900 });
      await send({ type: 'guest.submitCode', code: as === 'valid' ? server.lastCode! : '000000' });
    },
    'guest.resend': () => send({ type: 'guest.resend' }),
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
    'clock.resendAllowed': async () => {
      clock.increment(60_000);
      await settle(actor!);
    },
    'clock.unlocked': async () => {
      clock.increment((snap().context.error?.retryAfter ?? 60) * 1000);
      await settle(actor!);
    },
  };

  type S = { context: GuestModelContext };
  const expectations: Record<string, (s: S) => void> = {
    identify: () => expect(snap().context.guest).toBeNull(),
    'identify.invalid': () => expect(snap().context.error?.fields.national_code?.[0]).toBeTruthy(),
    locked: () => {
      expect(snap().context.error).toMatchObject({ status: 429, locked: true, retryAfter: 900 });
    },
    codeSent: () => {
      const c = snap().context;
      expect(c.mobile).toBe(MOBILE);
      expect(c.expiresAt! - c.resendAt!).toBe(60_000);
    },
    'codeSent.code.wrong': () => {
      expect(snap().context.error?.message).toBe(GUEST_CODE_FAILURE);
      expect(snap().context.error?.attemptsLeft).toBeGreaterThan(0);
    },
    filling: (s) => {
      expect(snap().context.guest?.step).toBe(s.context.step);
      expect(snap().context.guest?.completed_step).toBe(s.context.done);
      expect(store.readJson(GUEST_STORAGE_KEYS[1], 0)).toBe(s.context.step);
      expect(snap().hasTag('guest')).toBe(true);
    },
    'filling.invalid': (s) => {
      const error = snap().context.error!;
      expect(error.status).toBe(422);
      expect(Object.keys(error.fields).length).toBeGreaterThan(0);
      // The values typed are kept for the form.
      expect(snap().context.draft?.values).toEqual(s.context.step === 7 ? {} : INVALID_STEPS[s.context.step]);
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

describe('guest effects', () => {
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
