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
import { accessDeniedMachine } from './access-denied.ts';
import { authMachine } from './auth.ts';
import { createEffects, type StorePort } from './effects.ts';
import { logoutMachine } from './logout.ts';
import { roleSelectionMachine } from './role-selection.ts';

/**
 * The app's one actor system: the session (auth), the access-denied dialog and logout run for
 * the life of the page; role selection is a machine the select-role screen runs. Everything
 * here talks to the real server through lib/http and keeps state through lib/storage.
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

let navigateTo: (href: string) => void = (href) => window.location.assign(href);

/** Lets the effects navigate through the router (client-side) instead of reloading the page. */
export function connectNavigation(navigate: (href: string) => void): void {
  navigateTo = navigate;
}

export const effects = createEffects({ api, store: browserStore, navigate: (href) => navigateTo(href) });

export const authActor = createActor(authMachine.provide(effects.auth)).start();

export const accessDeniedActor = createActor(accessDeniedMachine).start();

export const logoutActor = createActor(
  logoutMachine.provide({
    actors: effects.logout.actors,
    actions: {
      ...effects.logout.actions,
      notifyLoggedOut: () => authActor.send({ type: 'auth.loggedOut' }),
    },
  }),
).start();

/** Role selection with the real effects, telling the auth actor what was chosen. */
export const roleSelectionLogic = roleSelectionMachine.provide({
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

export type AuthSnapshot = SnapshotFrom<typeof authActor>;

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

/** The session's snapshot, or a part of it (re-renders only when that part changes). */
export function useAuth(): AuthSnapshot;
export function useAuth<T>(selector: (s: AuthSnapshot) => T, compare?: (a: T, b: T) => boolean): T;
export function useAuth<T>(selector?: (s: AuthSnapshot) => T, compare?: (a: T, b: T) => boolean) {
  return useSelector(authActor, selector ?? ((s) => s as unknown as T), compare);
}

/** Resolves once the session is known (booting is over). */
export function whenAuthSettled(): Promise<AuthSnapshot> {
  return waitFor(authActor, (s) => !s.matches('booting'), { timeout: Number.POSITIVE_INFINITY });
}

/** What the error catalogue tells the session. */
export const authReactions = {
  unauthorized: () => authActor.send({ type: 'auth.unauthorized' }),
  passwordChangeDue: () => authActor.send({ type: 'auth.passwordChangeRequired' }),
};

/** True when the current role holds permission `ident` (super_admin holds all). */
export function holdsPermission(s: AuthSnapshot, ident: string): boolean {
  if (s.context.role?.type === 'super_admin') return true;
  return s.context.permissions?.permissions.some((p) => p.ident === ident) ?? false;
}

/** Opens and closes the access-denied dialog from any code. */
export const accessDenied = {
  show: (message?: string | null, title?: string) =>
    accessDeniedActor.send({ type: 'accessDenied.show', message, title }),
  hide: () => accessDeniedActor.send({ type: 'accessDenied.hide' }),
};

const selectDialog = (s: SnapshotFrom<typeof accessDeniedActor>) => ({
  open: s.matches('shown'),
  title: s.context.title,
  message: s.context.message,
});
const sameDialog = (a: ReturnType<typeof selectDialog>, b: ReturnType<typeof selectDialog>) =>
  a.open === b.open && a.title === b.title && a.message === b.message;

/** The access-denied dialog's state for its host: render it while `open`; `close` is its button. */
export function useAccessDenied() {
  const dialog = useSelector(accessDeniedActor, selectDialog, sameDialog);
  return { ...dialog, close: () => accessDeniedActor.send({ type: 'accessDenied.close' }) };
}

/** Signs out (GET /api/logout, clears the browser's state, goes to /auth/login). */
export function logout(): void {
  logoutActor.send({ type: 'logout.request' });
}

export function useLogout() {
  const busy = useSelector(logoutActor, (s) => s.hasTag('busy'));
  return { busy, logout };
}

// Browser tests open the dialog the way a screen would; nothing else is exposed, and only when
// the test asked for it before the app loaded.
if (typeof window !== 'undefined' && (window as { __NAZER_TEST_HOOKS__?: boolean }).__NAZER_TEST_HOOKS__) {
  (window as { __nazer?: unknown }).__nazer = { accessDenied };
}
