import { useSelector } from '@xstate/react';
import { createActor, type SnapshotFrom, waitFor } from 'xstate';
import { api } from '../lib/http.ts';
import {
  clearAllCookies,
  readCookie,
  readJson,
  removeCookie,
  removeKeys,
  writeCookie,
  writeJson,
} from '../lib/storage.ts';
import { type AccessDeniedMachine, accessDeniedMachine } from './access-denied.ts';
import { authMachine } from './auth.ts';
import { createEffects, type EffectPorts, type StorePort } from './effects.ts';
import { logoutMachine } from './logout.ts';
import { roleSelectionMachine } from './role-selection.ts';

/**
 * The app's one actor system: the session (auth), the access-denied dialog and logout run for
 * the life of the page; role selection is a machine the select-role screen runs. The browser's
 * instance (the exports below) talks to the real server through lib/http and keeps state through
 * lib/storage; `createAppActors` builds one on any ports (the tests: a fake server, a memory store).
 *
 * For the shell:
 * - `connectNavigation(href => router.navigate({ href }))` once the router exists (until then
 *   effects navigate with `location.assign`).
 * - `installHttpHandlers({ ..., onUnauthorized: authReactions.unauthorized,
 *   onPasswordChangeDue: authReactions.passwordChangeDue })`.
 * - Route guard: `await whenAuthSettled()` in `beforeLoad`, then read `authActor.getSnapshot()`
 *   (or lib/session's cookies, which the effects keep in step).
 * - Components: `useAuth(authSelectors.user)`, `useAuth((s) => s.matches({ signedIn: 'ready' }))`,
 *   `useAccessDenied()`, `useLogout()`; other code: `accessDenied.show(message)`, `logout()`.
 */

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** Ready-made selectors for `useAuth(selector)`. */
export const authSelectors = {
  user: (s: AuthSnapshot) => s.context.user,
  role: (s: AuthSnapshot) => s.context.role,
  permissions: (s: AuthSnapshot) => s.context.permissions,
  /** A staff session exists (signed in, or signed in with a password change due). */
  isAuthenticated: (s: AuthSnapshot) => s.hasTag('authenticated'),
  /** Signed in with a role: the app's screens may open. */
  isReady: (s: AuthSnapshot) => s.matches({ signedIn: 'ready' }),
  isSuperAdmin: (s: AuthSnapshot) => s.context.role?.type === 'super_admin',
  isBooting: (s: AuthSnapshot) => s.matches('booting'),
};

/** True when the current role holds permission `ident` (super_admin holds all). */
export function holdsPermission(s: AuthSnapshot, ident: string): boolean {
  if (s.context.role?.type === 'super_admin') return true;
  return s.context.permissions?.permissions.some((p) => p.ident === ident) ?? false;
}

/** What the access-denied dialog's host renders: `{ open, title, message }`. */
export function selectDialog(s: SnapshotFrom<AccessDeniedMachine>) {
  return { open: s.matches('shown'), title: s.context.title, message: s.context.message };
}
export type DialogView = ReturnType<typeof selectDialog>;

/** Two dialog views are the same when open, title and message all are (no re-render then). */
export function sameDialog(a: DialogView, b: DialogView): boolean {
  return a.open === b.open && a.title === b.title && a.message === b.message;
}

/**
 * The actors and their helpers on the given ports. `navigate` is how the effects navigate until
 * `connectNavigation` hands them the router's.
 */
export function createAppActors({ api, store, navigate }: EffectPorts) {
  let navigateTo = navigate;
  /** Lets the effects navigate through the router (client-side) instead of reloading the page. */
  const connectNavigation = (next: (href: string) => void) => {
    navigateTo = next;
  };
  const effects = createEffects({ api, store, navigate: (href) => navigateTo(href) });

  const authActor = createActor(authMachine.provide(effects.auth)).start();
  const accessDeniedActor = createActor(accessDeniedMachine).start();
  const logoutActor = createActor(
    logoutMachine.provide({
      actors: effects.logout.actors,
      actions: {
        ...effects.logout.actions,
        notifyLoggedOut: () => authActor.send({ type: 'auth.loggedOut' }),
      },
    }),
  ).start();

  /** Role selection with these effects, telling the auth actor what was chosen. */
  const roleSelectionLogic = roleSelectionMachine.provide({
    actors: effects.roleSelection.actors,
    actions: {
      ...effects.roleSelection.actions,
      notifySelected: (_, selection) =>
        authActor.send({
          type: 'auth.roleSelected',
          role: selection.role,
          permissions: { routes: selection.routes, permissions: selection.permissions },
        }),
    },
  });

  /** The session's snapshot, or a part of it (re-renders only when that part changes). */
  function useAuth(): AuthSnapshot;
  function useAuth<T>(selector: (s: AuthSnapshot) => T, compare?: (a: T, b: T) => boolean): T;
  function useAuth<T>(selector?: (s: AuthSnapshot) => T, compare?: (a: T, b: T) => boolean) {
    return useSelector(authActor, selector ?? ((s) => s as unknown as T), compare);
  }

  /** Opens and closes the access-denied dialog from any code. */
  const accessDenied = {
    show: (message?: string | null, title?: string) =>
      accessDeniedActor.send({ type: 'accessDenied.show', message, title }),
    hide: () => accessDeniedActor.send({ type: 'accessDenied.hide' }),
  };

  /** Signs out (GET /api/logout, clears the browser's state, goes to /auth/login). */
  const logout = () => logoutActor.send({ type: 'logout.request' });

  return {
    effects,
    authActor,
    accessDeniedActor,
    logoutActor,
    roleSelectionLogic,
    connectNavigation,
    useAuth,
    /** Resolves once the session is known (booting is over); `waitFor` waits without a time limit. */
    whenAuthSettled: (): Promise<AuthSnapshot> => waitFor(authActor, (s) => !s.matches('booting')),
    /** What the error catalogue tells the session. */
    authReactions: {
      unauthorized: () => authActor.send({ type: 'auth.unauthorized' }),
      passwordChangeDue: () => authActor.send({ type: 'auth.passwordChangeRequired' }),
    },
    accessDenied,
    /** The access-denied dialog's state for its host: render it while `open`; `close` is its button. */
    useAccessDenied: () => ({
      ...useSelector(accessDeniedActor, selectDialog, sameDialog),
      close: () => accessDeniedActor.send({ type: 'accessDenied.close' }),
    }),
    logout,
    /** `busy` while the sign-out call is out. */
    useLogout: () => ({ busy: useSelector(logoutActor, (s) => s.hasTag('busy')), logout }),
  };
}

/** The browser's cookies and local storage as the effects' port. */
export const browserStore: StorePort = {
  readJson,
  writeJson,
  removeKeys,
  readCookie,
  writeCookie,
  removeCookie,
  clearAllCookies,
};

/** The browser's instance, made once when the app loads. */
export const {
  effects,
  authActor,
  accessDeniedActor,
  logoutActor,
  roleSelectionLogic,
  connectNavigation,
  useAuth,
  whenAuthSettled,
  authReactions,
  accessDenied,
  useAccessDenied,
  logout,
  useLogout,
} = createAppActors({ api, store: browserStore, navigate: (href) => window.location.assign(href) });

/**
 * Browser tests open the dialog the way a screen would: `page.__nazer = { accessDenied }`, nothing
 * else, and only when the test asked for it (`__NAZER_TEST_HOOKS__`) before the app loaded.
 */
export function exposeTestHooks(
  page: { __NAZER_TEST_HOOKS__?: boolean; __nazer?: unknown },
  dialog: typeof accessDenied,
): void {
  if (page.__NAZER_TEST_HOOKS__) page.__nazer = { accessDenied: dialog };
}

if (typeof window !== 'undefined')
  exposeTestHooks(window as Parameters<typeof exposeTestHooks>[0], accessDenied);
