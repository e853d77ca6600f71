import type { Role, RolePermissions, User } from '../../contract/auth.ts';
import type { RequestOptions } from '../../lib/http.ts';
import { createFakeApi, type FakeRouteDef, fail, healthRoute, logoutRoute } from './fake-api.ts';
import type { MemoryStore } from './memory-store.ts';

/**
 * A small in-memory stand-in for the server's sign-in, role and logout calls, answering per
 * src/contract/auth.ts (`{ data }` unwrapped, failures as ApiError with the Persian message and
 * per-field messages). One pretend browser: one session. Failures are switchable per route
 * (fake-api.ts).
 */

export const FAKE_PASSWORD = 'nazer-demo';
export const CODE_FAILURE = 'کد واردشده درست نیست یا مهلت آن گذشته است؛ دوباره بررسی کنید یا کد تازه بگیرید';
export const WRONG_CREDENTIALS = 'نام کاربری یا گذرواژه درست نیست';

export type FakeRoute =
  | 'health'
  | 'user'
  | 'login'
  | 'sendOtp'
  | 'otpLogin'
  | 'changePassword'
  | 'myRoles'
  | 'rolePermissions'
  | 'logout';

interface FakeUser extends User {
  password: string;
  roles: Role[];
  hasChangePass: boolean;
}

export const FAKE_ROLES = {
  superAdmin: { id: 1, name: 'super_admin', title: 'مدیر کل سامانه', type: 'super_admin' },
  analyst: { id: 2, name: 'analyst', title: 'کارشناس تحلیل', type: 'staff' },
  viewer: { id: 3, name: 'viewer', title: 'بیننده', type: 'staff' },
  auditor: { id: 4, name: 'auditor', title: 'حسابرس', type: 'staff' },
} satisfies Record<string, Role>;

const user = (
  id: number,
  username: string,
  mobile: string,
  roles: Role[],
  hasChangePass = false,
): FakeUser => ({
  id,
  username,
  first_name: 'کاربر',
  last_name: username,
  mobile,
  email: null,
  status: 'active',
  password: FAKE_PASSWORD,
  roles,
  hasChangePass,
});

export function createFakeServer(store: MemoryStore) {
  const users: FakeUser[] = [
    user(1, 'admin', '09120000001', [FAKE_ROLES.superAdmin]),
    user(2, 'analyst', '09120000002', [FAKE_ROLES.analyst, FAKE_ROLES.viewer]),
    user(3, 'auditor', '09120000003', [FAKE_ROLES.auditor]),
    user(4, 'changer', '09120000004', [FAKE_ROLES.viewer], true),
    user(5, 'loner', '09120000005', []),
  ];
  let session: { userId: number; roleId: number | null } | null = null;
  let otp: { mobile: string; code: string } | null = null;
  let codeSeq = 0;

  const me = () => {
    const u = session && users.find((x) => x.id === session!.userId);
    if (!u) fail(401, { message: 'ابتدا وارد سامانه شوید' });
    return u!;
  };
  const publicUser = (u: FakeUser): User => {
    const { password: _p, roles: _r, hasChangePass: _h, ...rest } = u;
    return rest;
  };
  const start = (u: FakeUser) => {
    // Like the real server: a user with exactly one role holds it from the start.
    session = { userId: u.id, roleId: u.roles.length === 1 ? u.roles[0]!.id : null };
    return { user: publicUser(u), has_change_pass: u.hasChangePass };
  };
  const bodyOf = (opts: RequestOptions) => (opts.body ?? {}) as Record<string, string>;

  const routes: FakeRouteDef<FakeRoute>[] = [
    healthRoute('health'),
    {
      route: 'user',
      method: 'GET',
      path: /^\/api\/user$/,
      run: () => {
        const u = me();
        const role = u.roles.find((r) => r.id === session!.roleId) ?? null;
        return { user: publicUser(u), has_change_pass: u.hasChangePass, role };
      },
    },
    {
      route: 'login',
      method: 'POST',
      path: /^\/api\/login$/,
      run: (_, opts) => {
        if (!opts.form) fail(400, { message: 'درخواست نامعتبر است' });
        const { username, password } = bodyOf(opts);
        const u = users.find((x) => x.username === username);
        if (!u || u.password !== password) fail(422, { message: WRONG_CREDENTIALS });
        return start(u!);
      },
    },
    {
      route: 'sendOtp',
      method: 'POST',
      path: /^\/api\/login\/send-otp$/,
      run: (_, opts) => {
        const { mobile } = bodyOf(opts);
        if (!/^09\d{9}$/.test(mobile ?? ''))
          fail(422, {
            message: 'اطلاعات واردشده معتبر نیست',
            errors: { mobile: ['شماره همراه نامعتبر است'] },
          });
        otp = { mobile: mobile!, code: String(100000 + ++codeSeq) };
        return { sent: true, expires_in: 120 };
      },
    },
    {
      route: 'otpLogin',
      method: 'POST',
      path: /^\/api\/login\/otp$/,
      run: (_, opts) => {
        const { mobile, code } = bodyOf(opts);
        const u = users.find((x) => x.mobile === mobile);
        if (!otp || !u || otp.mobile !== mobile || otp.code !== code) fail(422, { message: CODE_FAILURE });
        otp = null;
        return start(u!);
      },
    },
    {
      route: 'changePassword',
      method: 'POST',
      path: /^\/api\/user\/change-password$/,
      run: (_, opts) => {
        const u = me();
        const b = bodyOf(opts);
        if (b.current_password !== u.password)
          fail(422, {
            message: 'اطلاعات واردشده معتبر نیست',
            errors: { current_password: ['گذرواژه کنونی درست نیست'] },
          });
        u.password = b.password!;
        u.hasChangePass = false;
        return { changed: true };
      },
    },
    {
      route: 'myRoles',
      method: 'GET',
      path: /^\/api\/user\/role\/my-roles\/$/,
      run: () => me().roles,
    },
    {
      route: 'rolePermissions',
      method: 'GET',
      path: /^\/api\/user\/permission\/my-role-permission\/(\d+)$/,
      run: (m): RolePermissions => {
        const u = me();
        const role = u.roles.find((r) => r.id === Number(m[1]));
        if (!role) fail(403, { message: 'این نقش به شما داده نشده است' });
        session!.roleId = role!.id;
        return {
          role: role!,
          routes:
            role!.type === 'super_admin'
              ? ['*']
              : ['/', '/person/legal-persons', '/person/legal-persons/view/{id}'],
          permissions: [{ ident: 'person.legal.list', title: 'فهرست اشخاص حقوقی' }],
          userReport: { legal_persons: 1000, true_persons: 3000, unseen_contacts: 2, last_login_at: null },
        };
      },
    },
    logoutRoute('logout', () => {
      session = null;
    }),
  ];
  const { api, calls, failNext } = createFakeApi(store, routes);

  return {
    api,
    calls,
    users,
    failNext,
    /** Signs `username` in server-side (as if from an earlier visit), optionally with a role. */
    signIn(username: string, roleId: number | null = null) {
      const u = users.find((x) => x.username === username)!;
      session = { userId: u.id, roleId };
      return publicUser(u);
    },
    get session() {
      return session;
    },
    /** The code the last send-otp "texted". */
    get lastCode() {
      return otp?.code ?? null;
    },
    user(username: string) {
      return users.find((x) => x.username === username)!;
    },
  };
}

export type FakeServer = ReturnType<typeof createFakeServer>;
