import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, toPromise } from 'xstate';
import type { RequestOptions } from '../lib/http.ts';
import { COOKIE_NAMES, STORAGE_KEYS } from '../lib/storage.ts';
import { createEffects, readStoredPermissions, readStoredRole, takeRedirect } from './effects.ts';
import { createMemoryStore } from './testing/memory-store.ts';

/**
 * The rules the effects keep (effects.ts), each asked directly: what a stored role and stored
 * permissions must look like to count, where the redirect after sign-in may point, when the
 * browser's role still holds (only while the server's session has the same one), and that the
 * XSRF token is fetched only when the browser has none. The ports are an in-memory store and an
 * API that answers from a table and records each call.
 */

/** The model tests' in-memory browser (testing/memory-store.ts), holding these cookies and values. */
function memoryStore(cookies: Record<string, string> = {}, json: Record<string, unknown> = {}) {
  const store = createMemoryStore();
  for (const [name, value] of Object.entries(cookies)) store.writeCookie(name, value);
  for (const [key, value] of Object.entries(json)) store.writeJson(key, value);
  return store;
}

const ROLE = { id: 3, name: 'auditor', title: 'حسابرس', type: 'staff' };
const PERMISSIONS = { routes: ['/issues/*'], permissions: [{ ident: 'issues', title: 'موضوعات' }] };
const USER = { id: 7, username: 'auditor', first_name: 'رضا', last_name: 'کریمی' };

describe('stored role and permissions', () => {
  it('a role counts only as JSON with a numeric id', () => {
    const role = (raw?: string) =>
      readStoredRole(memoryStore(raw === undefined ? {} : { [COOKIE_NAMES.role]: raw }));
    expect(role()).toBeNull();
    expect(role('')).toBeNull();
    expect(role('{not json')).toBeNull();
    expect(role('null')).toBeNull();
    expect(role('{"id":"3"}')).toBeNull();
    expect(role(JSON.stringify(ROLE))).toEqual(ROLE);
  });

  it('permissions count only with both lists', () => {
    const perms = (p: unknown) => readStoredPermissions(memoryStore({}, { [STORAGE_KEYS.permissions]: p }));
    expect(readStoredPermissions(memoryStore())).toBeNull();
    expect(perms({ routes: [] })).toBeNull();
    expect(perms({ permissions: [] })).toBeNull();
    expect(perms({ routes: 'x', permissions: [] })).toBeNull();
    expect(perms(PERMISSIONS)).toEqual(PERMISSIONS);
  });
});

describe('takeRedirect', () => {
  const take = (saved: unknown) => {
    const store = memoryStore({}, { [STORAGE_KEYS.redirect]: saved });
    return { to: takeRedirect(store), left: store.local.has(STORAGE_KEYS.redirect) };
  };

  it('gives a path of this app once, and clears it', () => {
    expect(take('/issues/view/3?tab=letters')).toEqual({ to: '/issues/view/3?tab=letters', left: false });
    expect(take('/loginlog')).toEqual({ to: '/loginlog', left: false });
  });

  it('gives / for anything else: nothing, another origin, a sign-in loop', () => {
    for (const saved of [
      null,
      42,
      'issues',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/login',
      '/auth/login?next=/x',
      '/auth/select-role',
      '/auth/select-role#top',
      '/auth/login/',
    ])
      expect(take(saved), String(saved)).toEqual({ to: '/', left: false });
  });
});

describe('the session the effects read', () => {
  function world(opts: {
    cookies?: Record<string, string>;
    json?: Record<string, unknown>;
    me?: Record<string, unknown>;
  }) {
    const calls: string[] = [];
    const answers: Record<string, unknown> = {
      '/api/user': { user: USER, has_change_pass: false, ...opts.me },
    };
    const api = async <T>(path: string) => {
      calls.push(path);
      return (answers[path] ?? {}) as T;
    };
    const effects = createEffects({ api, store: memoryStore(opts.cookies, opts.json), navigate: () => {} });
    const fetchSession = () => toPromise(createActor(effects.auth.actors.fetchSession).start());
    const passwordLogin = () =>
      toPromise(
        createActor(effects.auth.actors.passwordLogin, {
          input: { username: 'auditor', password: 'x' },
        }).start(),
      );
    return { calls, fetchSession, passwordLogin };
  }
  const signedIn = { [COOKIE_NAMES.authenticated]: '1', [COOKIE_NAMES.role]: JSON.stringify(ROLE) };
  const stored = { [STORAGE_KEYS.permissions]: PERMISSIONS };

  it('asks nothing without the signed-in flag', async () => {
    const w = world({});
    expect(await w.fetchSession()).toBeNull();
    expect(w.calls).toEqual([]);
  });

  it('keeps the browser’s role while the server holds the same one, or says none', async () => {
    expect(await world({ cookies: signedIn, json: stored }).fetchSession()).toEqual({
      user: USER,
      hasChangePass: false,
      role: ROLE,
      permissions: PERMISSIONS,
    });
    // the server's own copy of the same role wins
    const renamed = { ...ROLE, title: 'حسابرس ارشد' };
    expect(
      (await world({ cookies: signedIn, json: stored, me: { role: renamed } }).fetchSession())?.role,
    ).toEqual(renamed);
  });

  it('drops the browser’s role when the server holds another, none, or the permissions are gone', async () => {
    for (const me of [{ role: { ...ROLE, id: 4 } }, { role: null }]) {
      expect(await world({ cookies: signedIn, json: stored, me }).fetchSession()).toMatchObject({
        role: null,
        permissions: null,
      });
    }
    expect(await world({ cookies: signedIn, me: {} }).fetchSession()).toMatchObject({
      role: null,
      permissions: null,
    });
    const noRole = { [COOKIE_NAMES.authenticated]: '1' };
    expect(await world({ cookies: noRole, json: stored }).fetchSession()).toMatchObject({
      role: null,
      permissions: null,
    });
  });

  it('reads a password change as due only when the server says true', async () => {
    for (const [value, due] of [
      [true, true],
      [false, false],
      ['true', false],
      [1, false],
    ] as const)
      expect(
        (await world({ cookies: signedIn, json: stored, me: { has_change_pass: value } }).fetchSession())
          ?.hasChangePass,
      ).toBe(due);
  });

  it('fetches an XSRF token before signing in only when the browser has none', async () => {
    const without = world({});
    await without.passwordLogin();
    expect(without.calls).toEqual(['/api/health', '/api/login', '/api/user']);
    const withToken = world({ cookies: { 'XSRF-TOKEN': 'abc' } });
    await withToken.passwordLogin();
    expect(withToken.calls).toEqual(['/api/login', '/api/user']);
  });
});

describe('the calls the staff effects make', () => {
  it('every one is quiet (the machines show their own errors), with its method, body and form', async () => {
    const calls: [string, RequestOptions][] = [];
    const api = async <T>(path: string, options: RequestOptions = {}) => {
      calls.push([path, options]);
      return (path === '/api/user' ? { user: USER } : {}) as T;
    };
    const store = memoryStore({ 'XSRF-TOKEN': 'abc' });
    const effects = createEffects({ api, store, navigate: () => {} });
    // each effect's promise logic, run once to its end
    const run = (logic: AnyActorLogic, input?: unknown) => toPromise(createActor(logic, { input }).start());
    const login = { username: 'auditor', password: 'x' };
    await run(effects.auth.actors.passwordLogin, login);
    await run(effects.auth.actors.sendOtp, { mobile: '09121234567' });
    await run(effects.auth.actors.otpLogin, { mobile: '09121234567', code: '123456' });
    const change = { old_password: 'a', password: 'b', password_confirmation: 'b' };
    await run(effects.auth.actors.changePassword, change);
    await run(effects.roleSelection.actors.loadRoles);
    await run(effects.roleSelection.actors.selectRole, { roleId: 3 });
    await run(effects.logout.actors.callLogout);
    store.removeCookie('XSRF-TOKEN');
    await run(effects.logout.actors.callLogout);
    const quiet = { quiet: true };
    expect(calls).toEqual([
      ['/api/login', { method: 'POST', body: login, form: true, quiet: true }],
      ['/api/user', quiet],
      ['/api/login/send-otp', { method: 'POST', body: { mobile: '09121234567' }, quiet: true }],
      ['/api/login/otp', { method: 'POST', body: { mobile: '09121234567', code: '123456' }, quiet: true }],
      ['/api/user', quiet],
      ['/api/user/change-password', { method: 'POST', body: change, quiet: true }],
      ['/api/user', quiet],
      ['/api/user/role/my-roles/', quiet],
      ['/api/user/permission/my-role-permission/3', quiet],
      ['/api/logout', quiet],
      // without a token, sign-out fetches one first: it changes state, as a POST does
      ['/api/health', quiet],
      ['/api/logout', quiet],
    ]);
  });
});
