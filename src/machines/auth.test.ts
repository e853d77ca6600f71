import { afterAll, describe, expect, it } from 'vitest';
import { type Actor, createActor, fromPromise, SimulatedClock } from 'xstate';
import { COOKIE_NAMES, STORAGE_KEYS } from '../lib/storage.ts';
import { type AuthModelEvent, authPaths, createAuthTestModel } from './auth.model.ts';
import { authMachine } from './auth.ts';
import { fieldError, type Session } from './session.ts';
import { createCoverage } from './testing/coverage.ts';
import { CODE_FAILURE, FAKE_PASSWORD, FAKE_ROLES, WRONG_CREDENTIALS } from './testing/fake-server.ts';
import { modelCoverage } from './testing/paths.ts';
import { createWorld, settle } from './testing/world.ts';

const model = createAuthTestModel();
const paths = authPaths();
const coverage = createCoverage(authMachine);
let ran = 0;

afterAll(() => {
  const m = modelCoverage(model, paths);
  console.log(
    `[model] auth: ${paths.length} paths (${ran} ran), ${m.states} states, ${m.transitions} transitions; machine: ${coverage.summary()}`,
  );
});

const USER = 'analyst';
const PERMISSIONS = {
  routes: ['/', '/person/legal-persons'],
  permissions: [{ ident: 'dashboard', title: 'داشبورد' }],
};

/** The real auth machine on the fake server, driven by the model's events. */
function authSystem() {
  const w = createWorld();
  const clock = new SimulatedClock();
  const machine = authMachine.provide(w.effects.auth);
  let actor: Actor<typeof machine> | undefined;
  const analyst = () => w.server.user(USER);
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
  const signedInElsewhere = (roleId: number | null = null) => {
    w.server.signIn(USER, roleId);
    w.store.writeCookie(COOKIE_NAMES.authenticated, '1');
  };

  const exec: Record<AuthModelEvent['type'], (e: AuthModelEvent) => Promise<void>> = {
    'boot.noSession': boot,
    'boot.sessionExpired': async () => {
      w.store.writeCookie(COOKIE_NAMES.authenticated, '1');
      w.store.writeJson(STORAGE_KEYS.permissions, PERMISSIONS);
      await boot();
      expect(w.store.readCookie(COOKIE_NAMES.authenticated)).toBeNull();
      expect(w.store.readJson(STORAGE_KEYS.permissions, null)).toBeNull();
    },
    'boot.session': async () => {
      signedInElsewhere();
      await boot();
    },
    'boot.sessionWithRole': async () => {
      signedInElsewhere(FAKE_ROLES.analyst.id);
      w.store.writeCookie(COOKIE_NAMES.role, JSON.stringify(FAKE_ROLES.analyst));
      w.store.writeJson(STORAGE_KEYS.permissions, PERMISSIONS);
      await boot();
    },
    'boot.passwordChangeDue': async () => {
      analyst().hasChangePass = true;
      signedInElsewhere();
      await boot();
    },
    'auth.submitPassword': async (e) => {
      const as = (e as Extract<AuthModelEvent, { type: 'auth.submitPassword' }>).as;
      if (as === 'mustChange') analyst().hasChangePass = true;
      if (as === 'throttled') w.server.failNext('login', 429, { retryAfter: 30 });
      await send({
        type: 'auth.submitPassword',
        username: USER,
        password: as === 'wrong' ? 'not-the-password' : analyst().password,
      });
    },
    'auth.useOtp': () => send({ type: 'auth.useOtp' }),
    'auth.usePassword': () => send({ type: 'auth.usePassword' }),
    'auth.requestOtp': async (e) => {
      const as = (e as Extract<AuthModelEvent, { type: 'auth.requestOtp' }>).as;
      if (as === 'throttled') w.server.failNext('sendOtp', 429, { retryAfter: 45 });
      // as typed, with spaces around (the machine trims it)
      await send({ type: 'auth.requestOtp', mobile: ` ${as === 'invalid' ? '0912' : analyst().mobile!} ` });
    },
    'auth.submitOtp': async (e) => {
      const as = (e as Extract<AuthModelEvent, { type: 'auth.submitOtp' }>).as;
      if (as === 'mustChange') analyst().hasChangePass = true;
      if (as === 'throttled') w.server.failNext('otpLogin', 429, { retryAfter: 50 });
      const right = as === 'valid' || as === 'mustChange';
      await send({ type: 'auth.submitOtp', code: right ? w.server.lastCode! : '000000' });
    },
    'auth.resendOtp': () => send({ type: 'auth.resendOtp' }),
    'auth.changeMobile': () => send({ type: 'auth.changeMobile' }),
    'auth.submitNewPassword': async (e) => {
      const as = (e as Extract<AuthModelEvent, { type: 'auth.submitNewPassword' }>).as;
      const current = as === 'valid' ? analyst().password : 'not-the-password-1';
      const next = `${FAKE_PASSWORD}-${w.server.calls.length}`;
      await send({
        type: 'auth.submitNewPassword',
        current_password: current,
        password: next,
        password_confirmation: next,
      });
    },
    'auth.roleSelected': async () => {
      // roleSelection's notification, after the server made the role current.
      w.server.session!.roleId = FAKE_ROLES.analyst.id;
      await send({ type: 'auth.roleSelected', role: FAKE_ROLES.analyst, permissions: PERMISSIONS });
    },
    'auth.passwordChangeRequired': async () => {
      analyst().hasChangePass = true;
      await send({ type: 'auth.passwordChangeRequired' });
    },
    'auth.unauthorized': async () => {
      w.store.writeJson(STORAGE_KEYS.permissions, PERMISSIONS);
      await send({ type: 'auth.unauthorized' });
      expect(w.store.readCookie(COOKIE_NAMES.authenticated)).toBeNull();
      expect(w.store.readCookie(COOKIE_NAMES.role)).toBeNull();
      expect(w.store.readJson(STORAGE_KEYS.permissions, null)).toBeNull();
    },
    'auth.loggedOut': () => send({ type: 'auth.loggedOut' }),
    'clock.retryAllowed': async () => {
      // still throttled a second before the server's wait is over
      const wait = snap().context.error!.retryAfter! * 1000;
      const throttled = snap().value;
      clock.increment(wait - 1000);
      await settle(actor!);
      expect(snap().value).toEqual(throttled);
      clock.increment(1000);
      await settle(actor!);
    },
    'clock.resendAllowed': async () => {
      clock.increment(60_000);
      await settle(actor!);
    },
    'clock.codeExpired': async () => {
      clock.increment(60_000);
      await settle(actor!);
    },
  };

  const expectations: Record<string, () => void> = {
    signedOut: () => expect(snap().context.user).toBeNull(),
    'signedOut.password.failed': () => expect(snap().context.error?.message).toBe(WRONG_CREDENTIALS),
    'signedOut.password.throttled': () => {
      expect(snap().context.error).toMatchObject({ status: 429, retryAfter: 30 });
      expect(snap().hasTag('error')).toBe(true);
    },
    'signedOut.otp.sendFailed': () => expect(fieldError(snap().context.error, 'mobile')).toBeTruthy(),
    'signedOut.otp.throttled': () => {
      // 45 s from sending, 50 s from the code (the answers of auth.requestOtp / auth.submitOtp)
      expect(snap().context.error?.status).toBe(429);
      expect([45, 50]).toContain(snap().context.error?.retryAfter);
    },
    'signedOut.otp.codeSent': () => {
      const c = snap().context;
      expect(c.mobile).toBe(analyst().mobile);
      expect(c.expiresAt! - c.resendAt!).toBe(60_000);
    },
    'signedOut.otp.codeSent.code.wrong': () => expect(snap().context.error?.message).toBe(CODE_FAILURE),
    'signedOut.otp.codeSent.code.expired': () => expect(snap().hasTag('error')).toBe(true),
    passwordChangeDue: () => {
      expect(snap().context.user?.username).toBe(USER);
      expect(snap().hasTag('authenticated')).toBe(true);
    },
    'passwordChangeDue.failed': () =>
      expect(fieldError(snap().context.error, 'current_password')).toBeTruthy(),
    signedIn: () => {
      expect(snap().context.user?.username).toBe(USER);
      expect(snap().hasTag('authenticated')).toBe(true);
      expect(w.store.readCookie(COOKIE_NAMES.authenticated)).toBe('1');
    },
    'signedIn.roleRequired': () => expect(snap().context.role).toBeNull(),
    'signedIn.ready': () => {
      expect(snap().context.role?.id).toBe(FAKE_ROLES.analyst.id);
      expect(snap().context.permissions).toEqual(PERMISSIONS);
    },
  };

  return { exec, expectations, snap, world: w };
}

describe('auth: model paths against the real machine on a fake server', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const sut = authSystem();
    await path.test({
      events: Object.fromEntries(
        Object.entries(sut.exec).map(([type, run]) => [
          type,
          async (step: { event: AuthModelEvent; state: { value: unknown } }) => {
            await run(step.event);
            // The system is in the model's state after every step.
            expect(sut.snap().value).toEqual(step.state.value);
          },
        ]),
      ),
      states: Object.fromEntries(
        Object.entries(sut.expectations).map(([key, check]) => [key, () => check()]),
      ),
    });
    ran++;
  });

  it('the paths take every transition and reach every state of the model', () => {
    const m = modelCoverage(model, paths);
    expect(m.missingStates).toEqual([]);
    expect(m.missingTransitions).toEqual([]);
    expect(m.transitions).toBeGreaterThan(30);
  });

  it('the paths made the real machine visit every state node and take every transition', () => {
    expect(ran).toBe(paths.length);
    expect(coverage.missing()).toEqual({ nodes: [], transitions: [] });
  });
});

describe('auth: the session found at boot', () => {
  const USER_RECORD = { id: 1, username: USER } as Session['user'];
  const boot = async (session: Partial<Session>) => {
    const actor = createActor(
      authMachine.provide({
        actors: {
          fetchSession: fromPromise<Session | null>(async () => ({
            user: USER_RECORD,
            hasChangePass: false,
            role: null,
            permissions: null,
            ...session,
          })),
        },
      }),
    ).start();
    await settle(actor);
    return actor.getSnapshot();
  };

  it('is ready only with both a role and its permissions', async () => {
    expect((await boot({ role: FAKE_ROLES.analyst, permissions: PERMISSIONS })).value).toEqual({
      signedIn: 'ready',
    });
    expect((await boot({ role: FAKE_ROLES.analyst, permissions: null })).value).toEqual({
      signedIn: 'roleRequired',
    });
    expect((await boot({ role: null, permissions: PERMISSIONS })).value).toEqual({
      signedIn: 'roleRequired',
    });
  });

  it('an effect that is not provided fails with its name', async () => {
    const actor = createActor(authMachine).start();
    await settle(actor);
    expect(actor.getSnapshot().value).toEqual({ signedOut: { password: 'idle' } });
    actor.send({ type: 'auth.submitPassword', username: USER, password: 'x' });
    await settle(actor);
    expect(actor.getSnapshot().context.error?.message).toBe('passwordLogin is not provided');
  });
});

describe('auth effects', () => {
  it('signs in with a form body, then reads the user; saves the flag cookie and the dialog flag', async () => {
    const sut = authSystem();
    await sut.exec['boot.noSession']({ type: 'boot.noSession' });
    await sut.exec['auth.submitPassword']({ type: 'auth.submitPassword', as: 'valid' });
    const calls = sut.world.server.calls.map((c) => `${c.method} ${c.path}`);
    expect(calls).toEqual(['GET /api/health', 'POST /api/login', 'GET /api/user']);
    expect(sut.world.store.readJson(STORAGE_KEYS.reportDialog, false)).toBe(true);
    expect(JSON.parse(sut.world.store.readCookie(COOKIE_NAMES.user)!)).toMatchObject({ username: USER });
  });

  it('does not ask the server on boot without the flag cookie', async () => {
    const sut = authSystem();
    await sut.exec['boot.noSession']({ type: 'boot.noSession' });
    expect(sut.world.server.calls).toEqual([]);
  });

  it('forgets a stored role the server session does not hold', async () => {
    const sut = authSystem();
    sut.world.server.signIn(USER, null);
    sut.world.store.writeCookie(COOKIE_NAMES.authenticated, '1');
    sut.world.store.writeCookie(COOKIE_NAMES.role, JSON.stringify(FAKE_ROLES.viewer));
    sut.world.store.writeJson(STORAGE_KEYS.permissions, PERMISSIONS);
    const actor = createActor(authMachine.provide(sut.world.effects.auth)).start();
    await settle(actor);
    expect(actor.getSnapshot().matches({ signedIn: 'roleRequired' })).toBe(true);
  });
});
