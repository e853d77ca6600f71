import { afterAll, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { RolePermissions } from '../contract/auth.ts';
import { COOKIE_NAMES, STORAGE_KEYS } from '../lib/storage.ts';
import { takeRedirect } from './effects.ts';
import {
  createRoleSelectionTestModel,
  type RoleSelectionModelEvent,
  roleSelectionPaths,
} from './role-selection.model.ts';
import { roleSelectionMachine } from './role-selection.ts';
import { createCoverage } from './testing/coverage.ts';
import { FAKE_ROLES } from './testing/fake-server.ts';
import { createMemoryStore } from './testing/memory-store.ts';
import { modelCoverage } from './testing/paths.ts';
import { createWorld, settle } from './testing/world.ts';

const model = createRoleSelectionTestModel();
const paths = roleSelectionPaths();
const coverage = createCoverage(roleSelectionMachine);
let ran = 0;

afterAll(() => {
  const m = modelCoverage(model, paths);
  console.log(
    `[model] roleSelection: ${paths.length} paths (${ran} ran), ${m.states} states, ${m.transitions} transitions; machine: ${coverage.summary()}`,
  );
});

const SAVED = '/person/legal-persons/view/12?tab=board';
const USERS = { many: 'analyst', one: 'auditor', none: 'loner', failed: 'analyst' } as const;
const FAKE_ROLE_IDS = Object.values(FAKE_ROLES).map((r) => r.id);

function roleSelectionSystem() {
  const w = createWorld();
  const notified: RolePermissions[] = [];
  let expectedPath = '/';
  let username = '';
  const machine = roleSelectionMachine.provide({
    actors: w.effects.roleSelection.actors,
    actions: {
      ...w.effects.roleSelection.actions,
      notifySelected: (_, selection) => {
        notified.push(selection);
      },
    },
  });
  let actor: Actor<typeof machine> | undefined;
  const snap = () => actor!.getSnapshot();
  const send = async (e: Parameters<Actor<typeof machine>['send']>[0]) => {
    actor!.send(e);
    await settle(actor!);
  };
  // Cached data the selection must clear.
  w.store.writeJson(STORAGE_KEYS.menu, [{ id: 1 }]);
  w.store.writeJson(STORAGE_KEYS.keepAlive, { unseenContactsCount: 3 });

  const exec: Record<RoleSelectionModelEvent['type'], (e: RoleSelectionModelEvent) => Promise<void>> = {
    'roles.load': async (e) => {
      const as = (e as Extract<RoleSelectionModelEvent, { type: 'roles.load' }>).as;
      username = USERS[as];
      w.server.signIn(username);
      if (as === 'failed')
        w.server.failNext('myRoles', 500, { message: 'خطای داخلی سرور؛ دوباره تلاش کنید' });
      actor = createActor(machine, { input: {}, inspect: coverage.inspect });
      actor.start();
      await settle(actor);
    },
    'role.retry': () => send({ type: 'role.retry' }),
    'role.select': async (e) => {
      const { as, redirect } = e as Extract<RoleSelectionModelEvent, { type: 'role.select' }>;
      if (redirect === 'saved') w.store.writeJson(STORAGE_KEYS.redirect, SAVED);
      if (redirect === 'login') w.store.writeJson(STORAGE_KEYS.redirect, '/auth/login');
      expectedPath = redirect === 'saved' ? SAVED : '/';
      if (as === 'failed')
        w.server.failNext('rolePermissions', 500, { message: 'خطای داخلی سرور؛ دوباره تلاش کنید' });
      await send({ type: 'role.select', roleId: FAKE_ROLES.viewer.id });
    },
  };

  /** The roles a `role.select` is taken for: the ones loaded, no other. */
  const selectable = () => {
    const ids = [...FAKE_ROLE_IDS, 9999];
    return ids.filter((roleId) => snap().can({ type: 'role.select', roleId }));
  };
  const expectations: Record<string, () => void> = {
    choosing: () => {
      expect(snap().context.roles.map((r) => r.name)).toEqual(['analyst', 'viewer']);
      expect(snap().context.error).toBeNull();
      expect(selectable()).toEqual(snap().context.roles.map((r) => r.id));
    },
    noRoles: () => {
      expect(snap().context.roles).toEqual([]);
      expect(w.store.readCookie(COOKIE_NAMES.role)).toBeNull();
    },
    loadFailed: () => {
      expect(snap().context.error?.status).toBe(500);
      expect(snap().context.roles).toEqual([]);
      expect(snap().context.chosenId).toBeNull();
    },
    selectFailed: () => {
      expect(snap().context.error?.message).toContain('خطای داخلی');
      expect(snap().context.roles).toHaveLength(2);
      expect(snap().context.chosenId).toBe(FAKE_ROLES.viewer.id);
      expect(selectable()).toEqual(snap().context.roles.map((r) => r.id));
      expect(notified).toEqual([]);
    },
    selected: () => {
      const held = w.server.session!.roleId!;
      expect(snap().status).toBe('done');
      expect(notified).toHaveLength(1);
      expect(notified[0]!.role.id).toBe(held);
      expect(snap().context.chosenId).toBe(held);
      expect(snap().context.selection).toEqual(notified[0]);
      expect(snap().context.error).toBeNull();
      expect(JSON.parse(w.store.readCookie(COOKIE_NAMES.role)!)).toMatchObject({ id: held });
      expect(w.store.readJson(STORAGE_KEYS.permissions, null)).toEqual({
        routes: notified[0]!.routes,
        permissions: notified[0]!.permissions,
      });
      expect(w.store.readJson(STORAGE_KEYS.userReport, null)).toMatchObject({ legal_persons: 1000 });
      expect(w.store.readJson(STORAGE_KEYS.menu, null)).toBeNull();
      expect(w.store.readJson(STORAGE_KEYS.keepAlive, null)).toBeNull();
      expect(w.navigations).toEqual([expectedPath]);
      expect(w.store.readJson(STORAGE_KEYS.redirect, null)).toBeNull();
    },
  };
  return { exec, expectations, snap };
}

describe('roleSelection: model paths against the real machine on a fake server', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_, path) => {
    const sut = roleSelectionSystem();
    await path.test({
      events: Object.fromEntries(
        Object.entries(sut.exec).map(([type, run]) => [
          type,
          async (step: { event: RoleSelectionModelEvent; state: { value: unknown } }) => {
            await run(step.event);
            expect(sut.snap().value).toEqual(step.state.value);
          },
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

describe('roleSelection without the fake server', () => {
  it('asks for the only role when autoSelectSingle is false', async () => {
    const w = createWorld();
    w.server.signIn(USERS.one);
    const actor = createActor(roleSelectionMachine.provide(w.effects.roleSelection), {
      input: { autoSelectSingle: false },
    }).start();
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.roles).toHaveLength(1);
    // nothing selected on the server
    expect(w.server.calls.map((c) => c.path)).toEqual(['/api/user/role/my-roles/']);
  });

  it('an effect that is not provided fails with its name', async () => {
    const actor = createActor(roleSelectionMachine, { input: {} }).start();
    await settle(actor);
    expect(actor.getSnapshot().value).toBe('loadFailed');
    expect(actor.getSnapshot().context.error?.message).toBe('loadRoles is not provided');
  });
});

describe('takeRedirect', () => {
  it.each([
    ['/person/true-persons?page=2', '/person/true-persons?page=2'],
    ['/auth/login', '/'],
    ['/login?x=1', '/'],
    ['/auth/select-role', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/x', '/'],
    [null, '/'],
  ])('%s → %s, used once', (saved, expected) => {
    const store = createMemoryStore();
    if (saved !== null) store.writeJson(STORAGE_KEYS.redirect, saved);
    expect(takeRedirect(store)).toBe(expected);
    expect(takeRedirect(store)).toBe('/');
  });
});
