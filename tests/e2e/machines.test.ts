import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  type AccessDeniedModelEvent,
  accessDeniedPaths,
  MODEL_MESSAGE,
} from '../../src/machines/access-denied.model.ts';
import { ACCESS_DENIED_TITLE } from '../../src/machines/access-denied.ts';
import { type AuthModelEvent, authPaths } from '../../src/machines/auth.model.ts';
import { type LogoutModelEvent, logoutPaths } from '../../src/machines/logout.model.ts';
import { type RoleSelectionModelEvent, roleSelectionPaths } from '../../src/machines/role-selection.model.ts';
import { launchChromium, newPage } from '../support/browser.ts';
import { AccessDeniedDialog } from './pages/access-denied-dialog.ts';
import { AppShell } from './pages/app-shell.ts';
import { ChangePasswordPage } from './pages/change-password-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { SelectRolePage } from './pages/select-role-page.ts';
import {
  type Account,
  AccountPool,
  type Api,
  adminApi,
  browserApi,
  DEMO_PASSWORD,
  resetPassword,
  type SmsOutbox,
  setRoles,
  smsOutbox,
} from './pages/server.ts';

/**
 * The statecharts' test models, run in Chromium against the real server: the same generated
 * paths as the unit tests (src/machines/*.test.ts), each step done through the real UI, each
 * state checked by what the page shows. Where the server cannot be made to answer a case on
 * demand (429 after its real limits, 5xx), the step answers that one call with page.route, as
 * the server would; time in the page is moved with Playwright's clock.
 *
 * The server is the shared one of the e2e run (tests/support/e2e-global-setup.ts), on PGlite or
 * PostgreSQL. One-time codes are read as an admin reads them, from the SMS log. Every request
 * comes from 127.0.0.1, and the server counts per address: sign-ups (ten an hour) and failed
 * sign-ins (twenty in 15 minutes block the address for half an hour, and with it every later
 * browser test of the run). So the paths share a few staff accounts (AccountPool), and the
 * wrong credentials the models need (three in all) are the only failures sent; the last test
 * checks both counts on the server.
 */

let browser: Browser;
let baseURL: string;
let outbox: SmsOutbox;
let admin: Api & { dispose(): Promise<void> };
let pool: AccountPool;
/** The pool's accounts hold both roles, so choosing one is asked for (signedIn.roleRequired). */
const STAFF_ROLES = ['analyst', 'viewer'];

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
  admin = await adminApi(baseURL);
  outbox = smsOutbox();
  // The auth paths send four real codes, two of them seconds apart: four accounts at most, and
  // a fifth sign-up only to replace an account dropped after a failed path.
  pool = new AccountPool(admin, baseURL, { roles: STAFF_ROLES, size: 4, maxSignUps: 5 });
}, 180_000);

const ran: Record<string, number> = {};
const count = (model: string) => {
  ran[model] = (ran[model] ?? 0) + 1;
};

afterAll(async () => {
  console.log(`[model:e2e] paths driven in Chromium: ${JSON.stringify(ran)}`);
  await admin?.dispose();
  await browser?.close();
});

const PATH_TIMEOUT = 120_000;
const poll = <T>(fn: () => Promise<T> | T, message: string, timeout = 10_000) =>
  expect.poll(fn, { timeout, interval: 100, message });
const pathname = (page: Page) => new URL(page.url()).pathname;
const visible = (l: { isVisible(): Promise<boolean> }, message: string) =>
  poll(() => l.isVisible(), message).toBe(true);
const hidden = (l: { isVisible(): Promise<boolean> }, message: string) =>
  poll(() => l.isVisible(), message).toBe(false);

/** A fresh browser (own cookies and storage) with the page clock under the test's control. */
async function openBrowser(): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await newPage(browser, baseURL);
  await page.clock.install();
  return { context, page };
}

/** Answers the next call (or `times` calls) to `path` in this page as the server would in that case. */
function answerOnce(page: Page, path: string, status: number, body: Record<string, unknown>, times = 1) {
  return page.route(
    (url) => url.pathname === path || (path.endsWith('*') && url.pathname.startsWith(path.slice(0, -1))),
    (route) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        headers: typeof body.retryAfter === 'number' ? { 'Retry-After': String(body.retryAfter) } : {},
        body: JSON.stringify(body),
      }),
    { times },
  );
}

/** A GET failing with a 5xx: the HTTP client (ofetch) tries a failed GET once more, so both fail. */
const failGet = (page: Page, path: string, status: number, body: Record<string, unknown>) =>
  answerOnce(page, path, status, body, 2);

const THROTTLED = { message: 'تلاش‌های ناموفق زیاد بود؛ ۳۰ ثانیه دیگر دوباره تلاش کنید', retryAfter: 30 };

/** The browser's cookies of this app by name. */
async function cookies(context: BrowserContext) {
  return Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
}

/** Signs the browser context in through the API (as a returning visitor would be) and marks it. */
async function signInContext(context: BrowserContext, account: { username: string; password: string }) {
  const api = browserApi(context);
  await api.signIn(account.username, account.password);
  await context.addCookies([{ name: 'nazer_authenticated', value: '1', url: baseURL }]);
  return api;
}

/** Runs `path` with executors that also check the page is in the step's model state. */
async function drive<E extends { type: string }>(
  path: { test(params: unknown): Promise<unknown> },
  exec: Record<string, (e: E) => Promise<void>>,
  states: Record<string, () => Promise<void>>,
) {
  await path.test({
    events: Object.fromEntries(
      Object.entries(exec).map(([type, run]) => [type, (step: { event: E }) => run(step.event)]),
    ),
    states,
  });
}

// ---------------------------------------------------------------------------------------------

describe('auth model in the browser', () => {
  const paths = authPaths();

  it.each(paths.map((p) => [p.description, p] as const))(
    '%s',
    async (_, path) => {
      const { context, page } = await openBrowser();
      const login = new LoginPage(page);
      const roles = new SelectRolePage(page);
      const change = new ChangePasswordPage(page);
      const shell = new AppShell(page);
      // The path's account; another when a code must be sent again within the server's
      // 60-second cool-down after the first was used up.
      let account: Account = await pool.take();
      const held = [account];
      const sentAt = new Map<string, number>();
      let codeUsed = false;

      const reload = async (to = '/auth/login') => {
        await page.goto(to);
      };
      const requestKnownCode = async () => {
        const last = sentAt.get(account.mobile);
        if (last !== undefined && Date.now() - last < 61_000 && !codeUsed) {
          // The code sent moments ago still stands; the server would refuse a new one for
          // another minute of real time (the page's clock has moved on, the server's has not).
          await answerOnce(page, '/api/login/send-otp', 200, { data: { sent: true, expires_in: 120 } });
          return login.requestCode(account.mobile);
        }
        if (pool.coolDown(account) > 0) {
          account = await pool.takeForCode();
          held.push(account);
        }
        codeUsed = false;
        sentAt.set(account.mobile, Date.now());
        await outbox.mark(account.mobile);
        pool.sent(account);
        await login.requestCode(account.mobile);
      };

      const exec: Record<AuthModelEvent['type'], (e: AuthModelEvent) => Promise<void>> = {
        'boot.noSession': () => reload(),
        'boot.sessionExpired': async () => {
          await context.addCookies([{ name: 'nazer_authenticated', value: '1', url: baseURL }]);
          await reload();
        },
        'boot.session': async () => {
          await signInContext(context, account);
          await reload();
        },
        'boot.sessionWithRole': async () => {
          const api = await signInContext(context, account);
          const mine = (await api.ok<{ id: number; name: string }[]>('GET', '/api/user/role/my-roles/')).data;
          const held = (
            await api.ok<{ role: unknown; routes: string[]; permissions: unknown[] }>(
              'GET',
              `/api/user/permission/my-role-permission/${mine.find((r) => r.name === 'analyst')!.id}`,
            )
          ).data;
          await page.goto('/auth/waiting');
          await page.evaluate((p) => localStorage.setItem('nazer.permissions', JSON.stringify(p)), {
            routes: held.routes,
            permissions: held.permissions,
          });
          await context.addCookies([
            { name: 'nazer_role', value: encodeURIComponent(JSON.stringify(held.role)), url: baseURL },
          ]);
          await reload();
        },
        'boot.passwordChangeDue': async () => {
          await resetPassword(admin, account);
          await signInContext(context, account);
          await reload();
        },
        'auth.submitPassword': async (e) => {
          const as = (e as Extract<AuthModelEvent, { type: 'auth.submitPassword' }>).as;
          if (as === 'mustChange') await resetPassword(admin, account);
          if (as === 'throttled') await answerOnce(page, '/api/login', 429, THROTTLED);
          await login.signInWithPassword(
            account.username,
            as === 'wrong' ? 'not-the-password-1' : account.password,
          );
        },
        'auth.useOtp': () => login.otpTab.click(),
        'auth.usePassword': () => login.passwordTab.click(),
        'auth.requestOtp': async (e) => {
          const as = (e as Extract<AuthModelEvent, { type: 'auth.requestOtp' }>).as;
          if (as === 'invalid') return login.requestCode('0912');
          if (as === 'throttled') {
            await answerOnce(page, '/api/login/send-otp', 429, THROTTLED);
            return login.requestCode(account.mobile);
          }
          await requestKnownCode();
        },
        'auth.submitOtp': async (e) => {
          const as = (e as Extract<AuthModelEvent, { type: 'auth.submitOtp' }>).as;
          const code = await outbox.lastCode(account.mobile);
          if (as === 'throttled') {
            await answerOnce(page, '/api/login/otp', 429, THROTTLED);
            return login.submitCode(code);
          }
          if (as === 'wrong') return login.submitCode(code === '000000' ? '000001' : '000000');
          if (as === 'mustChange') await resetPassword(admin, account);
          codeUsed = true;
          await login.submitCode(code);
        },
        'auth.resendOtp': async () => {
          await answerOnce(page, '/api/login/send-otp', 200, { data: { sent: true, expires_in: 120 } });
          await login.resend.click();
        },
        'auth.changeMobile': () => login.changeMobile.click(),
        'auth.submitNewPassword': async (e) => {
          const as = (e as Extract<AuthModelEvent, { type: 'auth.submitNewPassword' }>).as;
          if (as === 'wrongCurrent') return change.change('not-the-password-1', 'Another-pass-1');
          const next = `Nz-new-${Date.now().toString(36)}-1`;
          await change.change(account.password, next);
          account.password = next;
        },
        'auth.roleSelected': async () => {
          await visible(roles.roles.first(), 'the roles are listed');
          await page.keyboard.press('Digit1');
        },
        'auth.passwordChangeRequired': async () => {
          // The error catalogue: any answer flagged has_change_pass sends the session there.
          await answerOnce(page, '/api/user/permission/my-role-permission/*', 403, {
            message: 'ابتدا گذرواژه خود را تغییر دهید',
            has_change_pass: true,
          });
          await visible(roles.roles.first(), 'the roles are listed');
          await page.keyboard.press('Digit1');
        },
        'auth.unauthorized': async () => {
          await context.clearCookies({ name: 'nazer_session' });
          if (pathname(page) !== '/') return void (await page.reload());
          // A background call (keep-alive, badges) may meet the 401 first and open the sign-in
          // page by itself, taking the header away: that is the same transition.
          await shell.roleSwitch.click({ timeout: 5_000 }).catch((err) => {
            if (!['/auth/login', '/login'].includes(pathname(page))) throw err;
          });
        },
        'auth.loggedOut': () => shell.logout(),
        'clock.retryAllowed': () => page.clock.fastForward(THROTTLED.retryAfter * 1000 + 1000),
        'clock.resendAllowed': () => page.clock.fastForward(60_000),
        'clock.codeExpired': () => page.clock.fastForward(60_000),
      };

      const onLogin = () =>
        poll(() => ['/auth/login', '/login'].includes(pathname(page)), 'on the sign-in page').toBe(true);
      const states: Record<string, () => Promise<void>> = {
        signedOut: async () => {
          await onLogin();
          await visible(login.heading, 'the sign-in card');
        },
        'signedOut.password': () => poll(() => login.selectedTab(), 'the password tab').toBe('password'),
        'signedOut.password.idle': async () => {
          await visible(login.username, 'the username field');
          await poll(() => login.signIn.isEnabled(), 'sign-in is possible').toBe(true);
        },
        'signedOut.password.failed': () =>
          poll(() => login.fieldError(login.password), 'wrong credentials under the password').toContain(
            'درست نیست',
          ),
        'signedOut.password.throttled': async () => {
          await visible(login.alert.filter({ hasText: 'دوباره تلاش کنید' }), 'the 429 message');
          await poll(() => login.signIn.isDisabled(), 'sign-in waits').toBe(true);
        },
        'signedOut.otp': () => poll(() => login.selectedTab(), 'the code tab').toBe('otp'),
        'signedOut.otp.enteringMobile': () => visible(login.mobile, 'the mobile field'),
        'signedOut.otp.sendFailed': () =>
          poll(() => login.fieldError(login.mobile), 'a message under the mobile').not.toBe(''),
        'signedOut.otp.throttled': async () => {
          await visible(login.alert.filter({ hasText: 'دوباره تلاش کنید' }), 'the 429 message');
          await poll(() => login.sendCode.isDisabled(), 'sending waits').toBe(true);
        },
        'signedOut.otp.codeSent': async () => {
          await visible(login.code, 'the code field');
          await visible(page.getByText('پیامک شد'), 'where the code went');
        },
        'signedOut.otp.codeSent.code.entering': () =>
          poll(() => login.code.isEnabled(), 'the code can be typed').toBe(true),
        'signedOut.otp.codeSent.code.wrong': () =>
          poll(() => login.fieldError(login.code), 'the code failure under the code').toContain('درست نیست'),
        'signedOut.otp.codeSent.code.expired': async () => {
          await visible(login.alert.filter({ hasText: 'مهلت این کد گذشته است' }), 'the code expired');
          await poll(() => login.code.isDisabled(), 'the code field is closed').toBe(true);
        },
        'signedOut.otp.codeSent.resend.locked': () =>
          visible(login.resendLocked, 'send again, counting down'),
        'signedOut.otp.codeSent.resend.available': () =>
          poll(() => login.resend.isEnabled(), 'send again').toBe(true),
        passwordChangeDue: async () => {
          await poll(() => pathname(page), 'on change password').toBe('/auth/change-password');
          await visible(change.current, 'the current password field');
        },
        'passwordChangeDue.failed': () =>
          poll(() => login.fieldError(change.current), 'the current password refused').not.toBe(''),
        'signedIn.roleRequired': async () => {
          await poll(() => pathname(page), 'on select role').toBe('/auth/select-role');
          await poll(() => roles.roles.count(), 'both roles listed').toBe(2);
        },
        'signedIn.ready': async () => {
          await poll(() => pathname(page), 'in the app').toBe('/');
          await visible(shell.userMenu, 'the user menu');
          expect((await cookies(context)).nazer_role).toBeTruthy();
        },
      };

      let passed = false;
      try {
        await drive(path, exec as never, states);
        count('auth');
        passed = true;
      } finally {
        await context.close();
        if (passed) for (const a of held) await pool.give(a);
      }
    },
    PATH_TIMEOUT,
  );
});

// ---------------------------------------------------------------------------------------------

describe('roleSelection model in the browser', () => {
  const paths = roleSelectionPaths();
  const SAVED = '/person/true-persons';

  it.each(paths.map((p) => [p.description, p] as const))(
    '%s',
    async (_, path) => {
      const { context, page } = await openBrowser();
      const roles = new SelectRolePage(page);
      let expected = '/';
      let roleless: Account | undefined;

      const exec: Record<RoleSelectionModelEvent['type'], (e: RoleSelectionModelEvent) => Promise<void>> = {
        'roles.load': async (e) => {
          const as = (e as Extract<RoleSelectionModelEvent, { type: 'roles.load' }>).as;
          if (as === 'none') {
            // A staff account of the pool, its roles taken away for the path (given back after).
            roleless = await pool.take();
            await setRoles(admin, roleless, []);
          }
          const account = roleless ?? {
            username: as === 'one' ? 'auditor' : 'analyst',
            password: DEMO_PASSWORD,
          };
          await signInContext(context, account);
          if (as === 'failed')
            await failGet(page, '/api/user/role/my-roles/', 500, {
              message: 'خطای داخلی سرور؛ دوباره تلاش کنید',
            });
          await page.goto('/auth/select-role');
        },
        'role.retry': () => roles.retry.click(),
        'role.select': async (e) => {
          const { as, redirect } = e as Extract<RoleSelectionModelEvent, { type: 'role.select' }>;
          await visible(roles.roles.first(), 'the roles are listed');
          if (redirect !== 'none')
            await page.evaluate(
              (r) => localStorage.setItem('nazer.redirect', JSON.stringify(r)),
              redirect === 'saved' ? SAVED : '/auth/login',
            );
          expected = redirect === 'saved' ? SAVED : '/';
          if (as === 'failed') {
            await failGet(page, '/api/user/permission/my-role-permission/*', 500, {
              message: 'خطای داخلی سرور؛ دوباره تلاش کنید',
            });
            return page.keyboard.press('Digit2');
          }
          // Each way of picking: a digit, the arrows and Enter, a click.
          if (redirect === 'saved') await page.keyboard.press('Digit1');
          else if (redirect === 'login') {
            await roles.roles.first().focus();
            await page.keyboard.press('ArrowDown');
            await page.keyboard.press('ArrowDown');
            await page.keyboard.press('Enter');
          } else await roles.roles.first().click();
        },
      };

      const states: Record<string, () => Promise<void>> = {
        choosing: async () => {
          await visible(roles.heading, 'the select-role card');
          await poll(() => roles.roles.count(), 'both roles').toBe(2);
        },
        loadFailed: async () => {
          await visible(roles.alert.filter({ hasText: 'خطای داخلی' }), 'the failure');
          await visible(roles.retry, 'try again');
        },
        noRoles: () => visible(roles.noRoles, 'no role to choose'),
        selectFailed: async () => {
          await visible(roles.alert.filter({ hasText: 'خطای داخلی' }), 'the failure');
          await poll(() => roles.roles.count(), 'the roles stay').toBe(2);
        },
        selected: async () => {
          await poll(() => pathname(page), 'went to the saved page or home').toBe(expected);
          const role = JSON.parse(decodeURIComponent((await cookies(context)).nazer_role ?? 'null')) as {
            id: number;
          };
          const stored = await page.evaluate(() => ({
            permissions: localStorage.getItem('nazer.permissions'),
            redirect: localStorage.getItem('nazer.redirect'),
          }));
          expect(stored.redirect).toBeNull();
          expect(JSON.parse(stored.permissions ?? '{}').routes?.length).toBeGreaterThan(0);
          const me = await browserApi(context).ok<{ role: { id: number } | null }>('GET', '/api/user');
          expect(me.data.role?.id).toBe(role.id);
        },
      };

      let passed = false;
      try {
        await drive(path, exec as never, states);
        count('roleSelection');
        passed = true;
      } finally {
        await context.close();
        if (roleless && passed) await pool.give(roleless, { rolesChanged: true });
      }
    },
    PATH_TIMEOUT,
  );
});

// ---------------------------------------------------------------------------------------------

describe('logout model in the browser', () => {
  const paths = logoutPaths();

  it.each(paths.map((p) => [p.description, p] as const))(
    '%s',
    async (_, path) => {
      const { context, page } = await openBrowser();
      const login = new LoginPage(page);
      const shell = new AppShell(page);
      let serverAnswers = true;

      const signIn = async () => {
        if (!['/auth/login', '/login'].includes(pathname(page))) await page.goto('/auth/login');
        await login.signInWithPassword('analyst', DEMO_PASSWORD);
        await poll(() => pathname(page), 'choosing a role').toBe('/auth/select-role');
        await visible(new SelectRolePage(page).roles.first(), 'the roles');
        await page.keyboard.press('Digit1');
      };
      const exec: Record<LogoutModelEvent['type'], (e: LogoutModelEvent) => Promise<void>> = {
        'logout.request': async (e) => {
          serverAnswers = (e as Extract<LogoutModelEvent, { type: 'logout.request' }>).as === 'ok';
          if (!serverAnswers) await failGet(page, '/api/logout', 503, { message: 'سرور در دسترس نیست' });
          await shell.logout();
        },
        'session.signIn': signIn,
      };
      const states: Record<string, () => Promise<void>> = {
        signedIn: async () => {
          await poll(() => pathname(page), 'in the app').toBe('/');
          await visible(shell.userMenu, 'the user menu');
        },
        loggedOut: async () => {
          await poll(() => pathname(page), 'on the sign-in page').toBe('/auth/login');
          await visible(login.heading, 'the sign-in card');
          const kept = await page.evaluate(() =>
            ['nazer.permissions', 'nazer.menu', 'nazer.report-dialog'].filter(
              (k) => localStorage.getItem(k) !== null,
            ),
          );
          expect(kept).toEqual([]);
          const left = Object.keys(await cookies(context)).filter((n) =>
            /^nazer_(authenticated|role|user)$/.test(n),
          );
          expect(left).toEqual([]);
          // The server ended the session when it answered (when it did not, the session cookie,
          // which the page cannot clear, still names a live session).
          const me = await browserApi(context).call('GET', '/api/user');
          expect(me.status === 401).toBe(serverAnswers);
        },
      };

      try {
        await signIn();
        await drive(path, exec as never, states);
        count('logout');
      } finally {
        await context.close();
      }
    },
    PATH_TIMEOUT,
  );
});

// ---------------------------------------------------------------------------------------------

describe('accessDenied model in the browser', () => {
  const paths = accessDeniedPaths();

  it.each(paths.map((p) => [p.description, p] as const))(
    '%s',
    async (_, path) => {
      const { context, page } = await openBrowser();
      await AccessDeniedDialog.enableHooks(page);
      const dialog = new AccessDeniedDialog(page);
      await page.goto('/auth/waiting');
      await poll(() => page.evaluate(() => !!window.__nazer), 'the app is up').toBe(true);

      const exec: Record<AccessDeniedModelEvent['type'], (e: AccessDeniedModelEvent) => Promise<void>> = {
        'accessDenied.show': (e) =>
          dialog.show((e as Extract<AccessDeniedModelEvent, { type: 'accessDenied.show' }>).message),
        'accessDenied.close': () => dialog.close.click(),
        'accessDenied.hide': () => dialog.hide(),
        'ui.pressEscape': () => page.keyboard.press('Escape'),
        'ui.clickOutside': () => page.mouse.click(8, 8),
      };
      let message: string | null = null;
      const track = Object.fromEntries(
        Object.entries(exec).map(([type, run]) => [
          type,
          async (e: AccessDeniedModelEvent) => {
            if (e.type === 'accessDenied.show') message = e.message;
            await run(e);
            // Give a dialog that would wrongly close the time to do so.
            if (e.type.startsWith('ui.')) await page.waitForTimeout(400);
          },
        ]),
      );
      const states: Record<string, () => Promise<void>> = {
        shown: async () => {
          await visible(dialog.dialog, 'the access-denied dialog');
          await visible(dialog.dialog.getByText(ACCESS_DENIED_TITLE), 'its title');
          await poll(() => dialog.dialog.getByText(MODEL_MESSAGE).count(), 'its message').toBe(
            message ? 1 : 0,
          );
          await visible(dialog.close, 'its close button');
        },
        hidden: () => hidden(dialog.dialog, 'no dialog'),
      };

      try {
        await drive(path, track as never, states);
        count('accessDenied');
      } finally {
        await context.close();
      }
    },
    PATH_TIMEOUT,
  );
});

// ---------------------------------------------------------------------------------------------

describe('the server limits per address', () => {
  // Sign-ups: ten an hour from one address (the tenth refused). Failed sign-ins: twenty in 15
  // minutes block the address for half an hour, and every later request of the run with it.
  it('are far from reached: few sign-ups, few failed sign-ins, no blocked address', async () => {
    const failed = (await admin.ok<{ total: number }>('GET', '/api/logs/users?success=false&per_page=1')).data
      .total;
    const blocks = (await admin.ok<{ total: number }>('GET', '/api/logs/blocked-ips?active=true&per_page=1'))
      .data.total;
    console.log(
      `[model:e2e] sign-ups: ${pool.signUps}, failed sign-ins so far (all from 127.0.0.1): ${failed}`,
    );
    expect(pool.signUps).toBeLessThanOrEqual(5);
    expect(failed).toBeLessThanOrEqual(10);
    expect(blocks).toBe(0);
  });
});
