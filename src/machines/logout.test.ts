import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { COOKIE_NAMES, STORAGE_KEYS } from '../lib/storage.ts';
import { authMachine } from './auth.ts';
import { createLogoutTestModel, type LogoutModelEvent, logoutPaths } from './logout.model.ts';
import { logoutMachine } from './logout.ts';
import { createCoverage } from './testing/coverage.ts';
import { FAKE_PASSWORD, FAKE_ROLES } from './testing/fake-server.ts';
import { modelCoverage } from './testing/paths.ts';
import { createWorld, settle } from './testing/world.ts';

const model = createLogoutTestModel();
const paths = logoutPaths();
const coverage = createCoverage(logoutMachine);
let ran = 0;

afterAll(() => {
  const m = modelCoverage(model, paths);
  console.log(
    `[model] logout: ${paths.length} paths (${ran} ran), ${m.states} states, ${m.transitions} transitions; machine: ${coverage.summary()}`,
  );
});

/** The real logout machine wired to a real auth actor, both on the fake server. */
function logoutSystem() {
  const w = createWorld();
  const auth = createActor(authMachine.provide(w.effects.auth)).start();
  const logout = createActor(
    logoutMachine.provide({
      actors: w.effects.logout.actors,
      actions: { ...w.effects.logout.actions, notifyLoggedOut: () => auth.send({ type: 'auth.loggedOut' }) },
    }),
    { inspect: coverage.inspect },
  ).start();
  let serverAnswered = true;

  /** Signs in through the auth actor, picks a role, and fills the caches logout must clear. */
  const signIn = async () => {
    await settle(auth);
    auth.send({ type: 'auth.submitPassword', username: 'analyst', password: FAKE_PASSWORD });
    await settle(auth);
    w.server.session!.roleId = FAKE_ROLES.analyst.id;
    const permissions = { routes: ['/'], permissions: [] };
    auth.send({ type: 'auth.roleSelected', role: FAKE_ROLES.analyst, permissions });
    w.store.writeCookie(COOKIE_NAMES.role, JSON.stringify(FAKE_ROLES.analyst));
    w.store.writeJson(STORAGE_KEYS.permissions, permissions);
    w.store.writeJson(STORAGE_KEYS.menu, [{ id: 1 }]);
    w.store.writeJson(STORAGE_KEYS.settings, { app_name: 'ناظر' });
    w.navigations.length = 0;
  };

  const exec: Record<LogoutModelEvent['type'], (e: LogoutModelEvent) => Promise<void>> = {
    'logout.request': async (e) => {
      serverAnswered = (e as Extract<LogoutModelEvent, { type: 'logout.request' }>).as === 'ok';
      if (!serverAnswered) w.server.failNext('logout', 503, { message: 'سرور در دسترس نیست' });
      logout.send({ type: 'logout.request' });
      await settle(logout);
    },
    'session.signIn': signIn,
  };

  const expectations: Record<string, () => void> = {
    signedIn: () => {
      expect(auth.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
      expect(w.store.readCookie(COOKIE_NAMES.authenticated)).toBe('1');
    },
    loggedOut: () => {
      expect(logout.getSnapshot().value).toBe('loggedOut');
      for (const key of [
        STORAGE_KEYS.permissions,
        STORAGE_KEYS.menu,
        STORAGE_KEYS.settings,
        STORAGE_KEYS.reportDialog,
      ])
        expect(w.store.readJson(key, null)).toBeNull();
      expect([...w.store.cookies.keys()]).toEqual([]);
      const a = auth.getSnapshot();
      expect(a.matches('signedOut')).toBe(true);
      expect([a.context.user, a.context.role, a.context.permissions]).toEqual([null, null, null]);
      expect(w.navigations).toEqual(['/auth/login']);
      // The server forgot the session when it answered; when it did not, the browser is out anyway.
      expect(w.server.session === null).toBe(serverAnswered);
    },
  };
  return { exec, expectations, signIn };
}

describe('logout: model paths against the real machine on a fake server', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const sut = logoutSystem();
    await sut.signIn();
    await path.test({
      events: Object.fromEntries(
        Object.entries(sut.exec).map(([type, run]) => [
          type,
          (step: { event: LogoutModelEvent }) => run(step.event),
        ]),
      ),
      states: Object.fromEntries(Object.entries(sut.expectations).map(([k, check]) => [k, () => check()])),
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

describe('logout without its effects', () => {
  it('a call that is not provided fails with its name, and the browser is signed out all the same', async () => {
    const failures: string[] = [];
    const actor = createActor(logoutMachine, {
      inspect: (ev) => {
        if (ev.type === '@xstate.event' && ev.event.type.startsWith('xstate.error.actor'))
          failures.push((ev.event as unknown as { error: Error }).error.message);
      },
    }).start();
    actor.send({ type: 'logout.request' });
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(failures).toEqual(['callLogout is not provided']);
  });
});
