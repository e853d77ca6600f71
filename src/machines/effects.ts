import { fromPromise } from 'xstate';
import type { LoginInput, Role, RolePermissions, User } from '../contract/auth.ts';
import type { RequestOptions } from '../lib/http.ts';
import { COOKIE_NAMES, STORAGE_KEYS } from '../lib/storage.ts';
import type { OtpSent } from './auth.ts';
import type { ChangePasswordInput, Session, StoredPermissions, UserAnswer } from './session.ts';

/**
 * The machines' effects, written once against two small ports so that the same code runs in the
 * browser (ports = `api` from lib/http and lib/storage) and in the model tests (an in-memory
 * fake server and store). Pass the result to `machine.provide()`.
 */

/** The HTTP client's shape (`api` in src/lib/http.ts): answers the body's `data`, throws ApiError. */
export type ApiPort = <T>(path: string, opts?: RequestOptions) => Promise<T>;

/** Cookies and local storage (src/lib/storage.ts). */
export interface StorePort {
  readJson<T>(key: string, fallback: T): T;
  writeJson(key: string, value: unknown): void;
  removeKeys(...keys: string[]): void;
  readCookie(name: string): string | null;
  writeCookie(name: string, value: string): void;
  removeCookie(name: string): void;
  clearAllCookies(): void;
}

export interface EffectPorts {
  api: ApiPort;
  store: StorePort;
  /** Client-side navigation (the router's `navigate`, or `location.assign`). */
  navigate(to: string): void;
}

/** Guest (resume applicant) keys; the guest machine owns them, a staff 401 clears them too. */
export const GUEST_STORAGE_KEYS = ['nazer.guest', 'nazer.guest-step'] as const;
const XSRF_COOKIE = 'XSRF-TOKEN';

/** Paths the redirect-after-login must never point to (they would loop). */
const NO_REDIRECT = /^\/(login|auth\/login|auth\/select-role)(\/|\?|#|$)/;

/** The role kept in the role cookie (JSON), or null. */
export function readStoredRole(store: Pick<StorePort, 'readCookie'>): Role | null {
  const raw = store.readCookie(COOKIE_NAMES.role);
  if (!raw) return null;
  try {
    const role = JSON.parse(raw) as Role;
    return typeof role?.id === 'number' ? role : null;
  } catch {
    return null;
  }
}

export function readStoredPermissions(store: Pick<StorePort, 'readJson'>): StoredPermissions | null {
  const p = store.readJson<StoredPermissions | null>(STORAGE_KEYS.permissions, null);
  return p && Array.isArray(p.routes) && Array.isArray(p.permissions) ? p : null;
}

/** The saved redirect-after-login path, consumed: read, cleared, and / when it would loop. */
export function takeRedirect(store: Pick<StorePort, 'readJson' | 'removeKeys'>): string {
  const saved = store.readJson<string | null>(STORAGE_KEYS.redirect, null);
  store.removeKeys(STORAGE_KEYS.redirect);
  if (typeof saved !== 'string') return '/';
  // Only paths of this app: no other origin (`//host`, `/\\host`), no sign-in loops.
  const local = saved.startsWith('/') && !saved.startsWith('//') && !saved.includes('\\');
  return local && !NO_REDIRECT.test(saved) ? saved : '/';
}

export function createEffects({ api, store, navigate }: EffectPorts) {
  /** After logout every visible cookie is gone, XSRF-TOKEN too: any GET brings a new one. */
  async function ensureXsrf() {
    if (!store.readCookie(XSRF_COOKIE)) await api('/api/health', { quiet: true });
  }

  async function readSession(): Promise<Session> {
    const me = await api<UserAnswer>('/api/user', { quiet: true });
    // The browser's role counts only while the server's session holds the same one.
    const stored = readStoredRole(store);
    const held = stored && (me.role === undefined || me.role?.id === stored.id) ? (me.role ?? stored) : null;
    const permissions = held ? readStoredPermissions(store) : null;
    return {
      user: me.user,
      hasChangePass: me.has_change_pass === true,
      role: permissions ? held : null,
      permissions,
    };
  }

  const clearStaffAndGuest = () => {
    store.removeKeys(
      STORAGE_KEYS.permissions,
      STORAGE_KEYS.userReport,
      STORAGE_KEYS.menu,
      STORAGE_KEYS.keepAlive,
      STORAGE_KEYS.reportDialog,
      ...GUEST_STORAGE_KEYS,
    );
    for (const name of Object.values(COOKIE_NAMES)) store.removeCookie(name);
  };

  const auth = {
    actors: {
      fetchSession: fromPromise<Session | null>(async () => {
        // Without the flag there is no session worth asking about (and no 401 to catalogue).
        if (!store.readCookie(COOKIE_NAMES.authenticated)) return null;
        return readSession();
      }),
      passwordLogin: fromPromise<Session, LoginInput>(async ({ input }) => {
        await ensureXsrf();
        await api('/api/login', { method: 'POST', body: input, form: true, quiet: true });
        return readSession();
      }),
      sendOtp: fromPromise<OtpSent, { mobile: string }>(async ({ input }) => {
        await ensureXsrf();
        return api<OtpSent>('/api/login/send-otp', { method: 'POST', body: input, quiet: true });
      }),
      otpLogin: fromPromise<Session, { mobile: string; code: string }>(async ({ input }) => {
        await ensureXsrf();
        await api('/api/login/otp', { method: 'POST', body: input, quiet: true });
        return readSession();
      }),
      changePassword: fromPromise<Session, ChangePasswordInput>(async ({ input }) => {
        await ensureXsrf();
        await api('/api/user/change-password', { method: 'POST', body: input, quiet: true });
        return readSession();
      }),
    },
    actions: {
      markAuthenticated: (_: unknown, { user }: { user: User }) => {
        store.writeCookie(COOKIE_NAMES.authenticated, '1');
        store.writeCookie(
          COOKIE_NAMES.user,
          JSON.stringify({
            id: user.id,
            username: user.username,
            first_name: user.first_name,
            last_name: user.last_name,
          }),
        );
        store.writeJson(STORAGE_KEYS.reportDialog, true);
        // A new session holds no role yet: forget the one this browser chose before.
        store.removeCookie(COOKIE_NAMES.role);
        store.removeKeys(STORAGE_KEYS.permissions, STORAGE_KEYS.userReport);
      },
      clearSession: clearStaffAndGuest,
    },
  };

  const roleSelection = {
    actors: {
      loadRoles: fromPromise<Role[]>(() => api<Role[]>('/api/user/role/my-roles/', { quiet: true })),
      selectRole: fromPromise<RolePermissions, { roleId: number }>(({ input }) =>
        api<RolePermissions>(`/api/user/permission/my-role-permission/${input.roleId}`, { quiet: true }),
      ),
    },
    actions: {
      storeSelection: (_: unknown, selection: RolePermissions) => {
        const stored: StoredPermissions = { routes: selection.routes, permissions: selection.permissions };
        store.writeJson(STORAGE_KEYS.permissions, stored);
        store.writeJson(STORAGE_KEYS.userReport, selection.userReport);
        store.writeCookie(COOKIE_NAMES.role, JSON.stringify(selection.role));
        store.removeKeys(STORAGE_KEYS.menu, STORAGE_KEYS.keepAlive);
      },
      navigateAfterSelection: () => navigate(takeRedirect(store)),
    },
  };

  const logout = {
    actors: {
      callLogout: fromPromise<void>(async () => {
        // Sign-out changes state, so it carries the anti-forgery token as a POST does.
        await ensureXsrf();
        await api('/api/logout', { quiet: true });
      }),
    },
    actions: {
      clearClientState: () => {
        store.removeKeys(
          STORAGE_KEYS.permissions,
          STORAGE_KEYS.menu,
          STORAGE_KEYS.settings,
          STORAGE_KEYS.reportDialog,
          STORAGE_KEYS.userReport,
          STORAGE_KEYS.keepAlive,
        );
        store.clearAllCookies();
      },
      navigateToLogin: () => navigate('/auth/login'),
    },
  };

  return { auth, roleSelection, logout };
}

export type Effects = ReturnType<typeof createEffects>;
