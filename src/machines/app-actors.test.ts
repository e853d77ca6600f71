import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { COOKIE_NAMES, STORAGE_KEYS } from '../lib/storage.ts';
import { ACCESS_DENIED_TITLE, type AccessDeniedMachine } from './access-denied.ts';
import {
  authSelectors,
  createAppActors,
  type DialogView,
  exposeTestHooks,
  holdsPermission,
  sameDialog,
  selectDialog,
} from './app-actors.ts';
import { createFakeServer, FAKE_ROLES } from './testing/fake-server.ts';
import { createMemoryStore } from './testing/memory-store.ts';
import { settle } from './testing/world.ts';

type RoleKey = keyof typeof FAKE_ROLES;

/**
 * One app instance (its own store, fake server and actors), as the browser would have it after a
 * visit: `as` signs a user in server-side (the flag cookie set), `role` also holds that role in the
 * browser with `idents` as its permissions.
 */
function appSystem(opts: { as?: string; role?: RoleKey; idents?: string[] } = {}) {
  const store = createMemoryStore();
  const server = createFakeServer(store);
  if (opts.as) {
    const role = opts.role ? FAKE_ROLES[opts.role] : null;
    server.signIn(opts.as, role?.id ?? null);
    store.writeCookie(COOKIE_NAMES.authenticated, '1');
    if (role) {
      store.writeCookie(COOKIE_NAMES.role, JSON.stringify(role));
      const permissions = (opts.idents ?? []).map((ident) => ({ ident, title: ident }));
      store.writeJson(STORAGE_KEYS.permissions, { routes: ['/'], permissions });
    }
  }
  const firstNavigations: string[] = [];
  const app = createAppActors({ api: server.api, store, navigate: (href) => firstNavigations.push(href) });
  return { store, server, app, firstNavigations };
}

/** An app instance once booting is over, with its settled session. */
async function booted(opts?: Parameters<typeof appSystem>[0]) {
  const sys = appSystem(opts);
  const session = await sys.app.whenAuthSettled();
  return { ...sys, session };
}

/** What `hook` answers in a component's first render (server rendering: no DOM needed). */
function renderHook<T>(hook: () => T): T {
  let out: { value: T } | undefined;
  const Probe = () => {
    out = { value: hook() };
    return null;
  };
  renderToString(createElement(Probe));
  if (!out) throw new Error('the probe did not render');
  return out.value;
}

describe('booting', () => {
  it('without a session: booting, then whenAuthSettled answers the signed-out snapshot', async () => {
    const { app } = appSystem();
    expect(authSelectors.isBooting(app.authActor.getSnapshot())).toBe(true);
    const s = await app.whenAuthSettled();
    expect(s.value).toEqual({ signedOut: { password: 'idle' } });
    expect(authSelectors.isBooting(s)).toBe(false);
    expect(app.authActor.getSnapshot()).toBe(s);
  });

  it('with a session and a held role: whenAuthSettled answers the signed-in, ready snapshot', async () => {
    const { session } = await booted({ as: 'analyst', role: 'analyst', idents: ['a'] });
    expect(session.matches({ signedIn: 'ready' })).toBe(true);
    expect(session.context.user?.username).toBe('analyst');
  });

  it('answers at once when booting is already over', async () => {
    const { app, session } = await booted();
    await expect(app.whenAuthSettled()).resolves.toBe(session);
  });
});

describe('authSelectors', () => {
  it('signed out: no user, role or permissions; neither authenticated, ready nor super admin', async () => {
    const { session: s } = await booted();
    expect(authSelectors.user(s)).toBeNull();
    expect(authSelectors.role(s)).toBeNull();
    expect(authSelectors.permissions(s)).toBeNull();
    expect(authSelectors.isAuthenticated(s)).toBe(false);
    expect(authSelectors.isReady(s)).toBe(false);
    expect(authSelectors.isSuperAdmin(s)).toBe(false);
    expect(authSelectors.isBooting(s)).toBe(false);
  });

  it('a staff role held: the user, the role, its permissions; authenticated and ready, not super admin', async () => {
    const { session: s, server } = await booted({ as: 'analyst', role: 'analyst', idents: ['a'] });
    expect(authSelectors.user(s)).toEqual(server.signIn('analyst', FAKE_ROLES.analyst.id));
    expect(authSelectors.role(s)).toEqual(FAKE_ROLES.analyst);
    expect(authSelectors.permissions(s)).toEqual({
      routes: ['/'],
      permissions: [{ ident: 'a', title: 'a' }],
    });
    expect(authSelectors.isAuthenticated(s)).toBe(true);
    expect(authSelectors.isReady(s)).toBe(true);
    expect(authSelectors.isSuperAdmin(s)).toBe(false);
  });

  it('signed in without a role: authenticated but not ready', async () => {
    const { session: s } = await booted({ as: 'analyst' });
    expect(s.matches({ signedIn: 'roleRequired' })).toBe(true);
    expect(authSelectors.user(s)?.username).toBe('analyst');
    expect(authSelectors.isAuthenticated(s)).toBe(true);
    expect(authSelectors.isReady(s)).toBe(false);
    expect(authSelectors.isSuperAdmin(s)).toBe(false);
  });

  it('the super_admin role: isSuperAdmin', async () => {
    const { session: s } = await booted({ as: 'admin', role: 'superAdmin' });
    expect(authSelectors.isSuperAdmin(s)).toBe(true);
    expect(authSelectors.isReady(s)).toBe(true);
  });
});

describe('holdsPermission', () => {
  it('super_admin holds any permission, even with none listed', async () => {
    const { session: s } = await booted({ as: 'admin', role: 'superAdmin' });
    expect(s.context.permissions?.permissions).toEqual([]);
    expect(holdsPermission(s, 'person.legal.list')).toBe(true);
    expect(holdsPermission(s, 'anything.at.all')).toBe(true);
  });

  it('a staff role holds exactly its idents', async () => {
    const { session: s } = await booted({ as: 'analyst', role: 'analyst', idents: ['a.list', 'b.edit'] });
    expect(holdsPermission(s, 'a.list')).toBe(true);
    expect(holdsPermission(s, 'b.edit')).toBe(true);
    expect(holdsPermission(s, 'c.delete')).toBe(false);
  });

  it('no permissions (signed out, or no role yet): false', async () => {
    const out = await booted();
    expect(holdsPermission(out.session, 'a.list')).toBe(false);
    const noRole = await booted({ as: 'analyst' });
    expect(noRole.session.context.permissions).toBeNull();
    expect(holdsPermission(noRole.session, 'a.list')).toBe(false);
  });
});

describe('authReactions', () => {
  it('unauthorized: a signed-in session is signed out and its browser state cleared', async () => {
    const { app, store } = await booted({ as: 'analyst', role: 'analyst', idents: ['a'] });
    app.authReactions.unauthorized();
    const s = app.authActor.getSnapshot();
    expect(s.matches('signedOut')).toBe(true);
    expect([s.context.user, s.context.role, s.context.permissions]).toEqual([null, null, null]);
    expect(store.readCookie(COOKIE_NAMES.role)).toBeNull();
    expect(store.readJson(STORAGE_KEYS.permissions, null)).toBeNull();
  });

  it('passwordChangeDue: a signed-in session goes to the password change', async () => {
    const { app } = await booted({ as: 'analyst', role: 'analyst', idents: ['a'] });
    app.authReactions.passwordChangeDue();
    const s = app.authActor.getSnapshot();
    expect(s.matches({ passwordChangeDue: 'idle' })).toBe(true);
    expect(authSelectors.isAuthenticated(s)).toBe(true);
  });
});

describe('logout', () => {
  it('runs the logout machine, signs the session out and goes to the login page through the router', async () => {
    const { app, server, store, firstNavigations } = await booted({
      as: 'analyst',
      role: 'analyst',
      idents: ['a'],
    });
    const routed: string[] = [];
    app.connectNavigation((href) => routed.push(href));
    app.logout();
    expect(app.logoutActor.getSnapshot().value).toBe('loggingOut');
    expect(renderHook(app.useLogout)).toEqual({ busy: true, logout: app.logout });
    await settle(app.logoutActor);
    expect(app.logoutActor.getSnapshot().value).toBe('loggedOut');
    expect(renderHook(app.useLogout).busy).toBe(false);
    expect(server.session).toBeNull();
    expect([...store.cookies.keys()]).toEqual([]);
    const s = app.authActor.getSnapshot();
    expect(s.matches('signedOut')).toBe(true);
    expect(s.context.user).toBeNull();
    expect(routed).toEqual(['/auth/login']);
    expect(firstNavigations).toEqual([]);
  });

  it('before connectNavigation, the effects navigate with the navigate the instance was made with', async () => {
    const { app, firstNavigations } = await booted({ as: 'analyst', role: 'analyst', idents: ['a'] });
    app.logout();
    await settle(app.logoutActor);
    expect(firstNavigations).toEqual(['/auth/login']);
  });
});

describe('roleSelectionLogic', () => {
  it('choosing a role gives the auth actor that role and its permissions', async () => {
    const { app, store } = await booted({ as: 'analyst' });
    const routed: string[] = [];
    app.connectNavigation((href) => routed.push(href));
    const roles = createActor(app.roleSelectionLogic, { input: {} }).start();
    await settle(roles);
    expect(roles.getSnapshot().value).toBe('choosing');
    roles.send({ type: 'role.select', roleId: FAKE_ROLES.viewer.id });
    await settle(roles);
    expect(roles.getSnapshot().value).toBe('selected');
    const s = app.authActor.getSnapshot();
    expect(s.matches({ signedIn: 'ready' })).toBe(true);
    expect(s.context.role).toEqual(FAKE_ROLES.viewer);
    expect(s.context.permissions).toEqual({
      routes: ['/', '/person/legal-persons', '/person/legal-persons/view/{id}'],
      permissions: [{ ident: 'person.legal.list', title: 'فهرست اشخاص حقوقی' }],
    });
    expect(holdsPermission(s, 'person.legal.list')).toBe(true);
    expect(JSON.parse(store.readCookie(COOKIE_NAMES.role) ?? 'null')).toEqual(FAKE_ROLES.viewer);
    expect(routed).toEqual(['/']);
  });
});

describe('useAuth', () => {
  it('answers the snapshot, or the part a selector picks', async () => {
    const { app, session } = await booted({ as: 'analyst', role: 'analyst', idents: ['a'] });
    expect(renderHook(() => app.useAuth())).toBe(session);
    expect(renderHook(() => app.useAuth(authSelectors.user))).toBe(session.context.user);
    expect(renderHook(() => app.useAuth(authSelectors.isReady))).toBe(true);
  });
});

describe('accessDenied', () => {
  const dialog = (app: ReturnType<typeof appSystem>['app']) =>
    selectDialog(app.accessDeniedActor.getSnapshot());

  it('starts closed with the default title', () => {
    const { app } = appSystem();
    expect(dialog(app)).toEqual({ open: false, title: ACCESS_DENIED_TITLE, message: null });
  });

  it('show opens it with the message and title; hide closes it', () => {
    const { app } = appSystem();
    app.accessDenied.show('این بخش برای نقش شما نیست', 'دسترسی محدود');
    expect(dialog(app)).toEqual({ open: true, title: 'دسترسی محدود', message: 'این بخش برای نقش شما نیست' });
    app.accessDenied.hide();
    expect(dialog(app).open).toBe(false);
  });

  it('show without a title uses the default one', () => {
    const { app } = appSystem();
    app.accessDenied.show('پیام');
    expect(dialog(app)).toEqual({ open: true, title: ACCESS_DENIED_TITLE, message: 'پیام' });
  });

  it('useAccessDenied answers the dialog, and its close closes it', () => {
    const { app } = appSystem();
    app.accessDenied.show('پیام', 'عنوان');
    const view = renderHook(app.useAccessDenied);
    expect(view).toEqual({ open: true, title: 'عنوان', message: 'پیام', close: expect.any(Function) });
    view.close();
    expect(app.accessDeniedActor.getSnapshot().value).toBe('hidden');
    expect(renderHook(app.useAccessDenied).open).toBe(false);
  });

  it('selectDialog reads the snapshot', () => {
    const { app } = appSystem();
    const snapshot: SnapshotFrom<AccessDeniedMachine> = app.accessDeniedActor.getSnapshot();
    expect(selectDialog(snapshot)).toEqual({ open: false, title: ACCESS_DENIED_TITLE, message: null });
  });

  it('sameDialog: equal when open, title and message all are; not when any one differs', () => {
    const a: DialogView = { open: true, title: 'عنوان', message: 'پیام' };
    expect(sameDialog(a, { ...a })).toBe(true);
    expect(sameDialog(a, { ...a, open: false })).toBe(false);
    expect(sameDialog(a, { ...a, title: 'دیگر' })).toBe(false);
    expect(sameDialog(a, { ...a, message: null })).toBe(false);
  });
});

describe('exposeTestHooks', () => {
  it('exposes accessDenied on the page only when the test asked for it before load', () => {
    const { app } = appSystem();
    const plain: { __NAZER_TEST_HOOKS__?: boolean; __nazer?: unknown } = {};
    exposeTestHooks(plain, app.accessDenied);
    expect(plain).toEqual({});
    const asked: { __NAZER_TEST_HOOKS__?: boolean; __nazer?: unknown } = { __NAZER_TEST_HOOKS__: true };
    exposeTestHooks(asked, app.accessDenied);
    expect(asked.__nazer).toEqual({ accessDenied: app.accessDenied });
  });
});
