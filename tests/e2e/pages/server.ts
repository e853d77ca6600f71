import { readFileSync } from 'node:fs';
import { type APIRequestContext, type BrowserContext, request } from 'playwright-core';
import { inject } from 'vitest';
import { generateNationalCode } from '../../../src/domain/identifiers.ts';
import { createRng } from '../../../src/domain/random.ts';

/**
 * The server side of the browser tests: API calls as the admin or inside a browser context
 * (sharing its cookies), staff accounts made as an administrator would make them, and the
 * one-time codes read from the server's output (the SMS log masks them).
 */

/** The demo accounts' password the shared e2e server is seeded with (tests/support/e2e-global-setup.ts). */
export const DEMO_PASSWORD = 'nazer-demo';

/** Answers of the API, unwrapped from `{ data }`; throws with the body when not 2xx. */
export class Api {
  constructor(readonly http: APIRequestContext) {}

  private async xsrf(): Promise<string> {
    let token = (await this.http.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    if (!token) {
      await this.http.get('/api/health');
      token = (await this.http.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    }
    return token ?? '';
  }

  async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: { json?: unknown; form?: Record<string, string> },
  ): Promise<{ status: number; data: T; text: string }> {
    // Every call carries the anti-forgery header, as the app's own client does (GETs that change
    // state, role selection and sign-out, need it).
    const headers: Record<string, string> = { 'X-XSRF-TOKEN': await this.xsrf() };
    const res = await this.http.fetch(path, {
      method,
      headers,
      ...(body?.form ? { form: body.form } : body?.json !== undefined ? { data: body.json } : {}),
    });
    const text = await res.text();
    let data: T = undefined as T;
    try {
      data = (JSON.parse(text) as { data: T }).data;
    } catch {
      // a text answer (the reset-password file)
    }
    return { status: res.status(), data, text };
  }

  async ok<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: { json?: unknown; form?: Record<string, string> },
  ) {
    const res = await this.call<T>(method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text}`);
    return res;
  }

  signIn(username: string, password: string) {
    return this.ok<{ user: { id: number }; has_change_pass: boolean }>('POST', '/api/login', {
      form: { username, password },
    });
  }
}

/**
 * An API client with its own cookies (a Playwright APIRequestContext apart from every browser),
 * signed in as the admin with the super_admin role chosen: XSRF-TOKEN from GET /api/health,
 * POST /api/login, then the role by GET /api/user/permission/my-role-permission/:id.
 */
export async function adminApi(baseURL: string): Promise<Api & { dispose(): Promise<void> }> {
  const http = await request.newContext({ baseURL });
  const api = new Api(http);
  await api.signIn('admin', DEMO_PASSWORD);
  const roles = (await api.ok<{ id: number; name: string }[]>('GET', '/api/user/role/my-roles/')).data;
  const superAdmin = roles.find((r) => r.name === 'super_admin');
  if (!superAdmin) throw new Error(`admin does not hold super_admin: ${JSON.stringify(roles)}`);
  await api.ok('GET', `/api/user/permission/my-role-permission/${superAdmin.id}`);
  return Object.assign(api, { dispose: () => http.dispose() });
}

/** API calls made as the browser context (its cookies: what the page would send). */
export const browserApi = (context: BrowserContext) => new Api(context.request);

export interface Account {
  id: number;
  username: string;
  password: string;
  mobile: string;
}

let seq = 0;
const rng = createRng(Date.now() % 2_147_483_647);

/** Role ids by name, as the administrator's role list has them. */
async function roleIds(admin: Api, roleNames: string[]): Promise<number[]> {
  if (!roleNames.length) return [];
  const roles = (await admin.ok<{ id: number; name: string }[]>('GET', '/api/management/roles')).data;
  return roleNames.map((n) => {
    const role = roles.find((r) => r.name === n);
    if (!role) throw new Error(`no role ${n}`);
    return role.id;
  });
}

/** Replaces the account's roles (POST /api/management/users/:id/roles), as an administrator would. */
export async function setRoles(admin: Api, account: Account, roleNames: string[]): Promise<void> {
  await admin.ok('POST', `/api/management/users/${account.id}/roles`, {
    json: { role_ids: await roleIds(admin, roleNames) },
  });
}

/**
 * A new active staff account with the given roles (by name), made the way an administrator
 * would: sign-up (public, counted by the server: ten an hour per address), approval, roles. Its
 * mobile is its own, so one-time codes never collide.
 */
export async function freshAccount(admin: Api, roleNames: string[]): Promise<Account> {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  const username = `e2e.${tag}`;
  const mobile = `0935${rng.digits(7)}`;
  const password = `Nz-${tag}-7`;
  const signup = await admin.call('POST', '/api/signup?crf_pid=3', {
    form: {
      username,
      password,
      first_name: 'آزمون',
      last_name: `مرورگر ${seq}`,
      mobile,
      national_code: generateNationalCode(rng),
    },
  });
  if (signup.status !== 200) throw new Error(`signup ${username}: ${signup.status} ${signup.text}`);
  const list = await admin.ok<{ data: { id: number; username: string }[] }>(
    'GET',
    `/api/management/users?q=${encodeURIComponent(username)}`,
  );
  const id = list.data.data.find((u) => u.username === username)!.id;
  await admin.ok('POST', `/api/management/users/${id}/approve`);
  const account = { id, username, password, mobile };
  if (roleNames.length) await setRoles(admin, account, roleNames);
  return account;
}

/** The administrator's reset: a temporary password, `has_change_pass` set, sessions ended. */
export async function resetPassword(admin: Api, account: Account): Promise<string> {
  const res = await admin.ok<never>('POST', `/api/user/reset-password/${account.id}`);
  const temp = res.text.match(/گذرواژه موقت:\s*(\S+)/)?.[1];
  if (!temp) throw new Error(`no temporary password in: ${res.text}`);
  account.password = temp;
  return temp;
}

/** The one-time codes sent by SMS, read where a developer reads them: the server's output. */
export interface SmsOutbox {
  /** Notes the newest message to `mobile` so far: `lastCode` then waits for a later one. */
  mark(mobile: string): Promise<void>;
  /** The code in the newest SMS to `mobile` (after the mark; waits briefly for it). */
  lastCode(mobile: string): Promise<string>;
}

/**
 * The SMS log (/logs/sms) masks every code, so codes are read from the server's output, where
 * the `log` provider prints each message in full (`[sms] to <mobile> (<purpose>): <text>`):
 * the file the e2e setup writes it to, or NAZER_E2E_SERVER_LOG for a server started elsewhere.
 */
export function smsOutbox(): SmsOutbox {
  const file = process.env.NAZER_E2E_SERVER_LOG ?? inject('serverLog');
  const marks = new Map<string, number>();
  const sent = (mobile: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.includes(`[sms] to ${mobile} `));
  return {
    async mark(mobile) {
      marks.set(mobile, sent(mobile).length);
    },
    async lastCode(mobile) {
      const after = marks.get(mobile) ?? 0;
      for (let i = 0; i < 50; i++) {
        const lines = sent(mobile);
        const code = lines.length > after ? lines[lines.length - 1]!.match(/\b(\d{6})\b/)?.[1] : undefined;
        if (code) return code;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`no new code to ${mobile} in the server's output (${file})`);
    },
  };
}

/** The server's own cool-down between two codes to one mobile (60 s), with a margin. */
const RESEND_COOL_DOWN_MS = 61_000;

/**
 * Staff accounts (all with the same roles) shared by the paths, so that a run signs up few: the
 * server takes ten sign-ups an hour from one address (the tenth refused), and every test here
 * comes from 127.0.0.1. The server also sends one code a minute per mobile, so a path about to
 * ask for a code takes an account no code went to in the last minute (`takeForCode`): a free
 * one, else a new one while the pool is under `size`, else it waits for one. A path gives its
 * accounts back when it passed (`give` settles a password change left due); after a failure they
 * are dropped (their password may be unknown, and signing in with a wrong one would count
 * against the address).
 */
export class AccountPool {
  private readonly free: Account[] = [];
  private readonly lastSent = new Map<number, number>();
  private made = 0;

  constructor(
    private readonly admin: Api,
    private readonly baseURL: string,
    private readonly opts: { roles: string[]; size: number; maxSignUps: number },
  ) {}

  /** Sign-ups done by this pool. */
  get signUps() {
    return this.made;
  }

  /** Milliseconds until a code may be sent to `account` (0: now). */
  coolDown(account: Account): number {
    const last = this.lastSent.get(account.id);
    return last === undefined ? 0 : Math.max(0, last + RESEND_COOL_DOWN_MS - Date.now());
  }

  /** Notes a code sent to `account` now. */
  sent(account: Account) {
    this.lastSent.set(account.id, Date.now());
  }

  /** A free account (the one a code may be sent to soonest), or a new one when none is free. */
  async take(): Promise<Account> {
    this.free.sort((a, b) => this.coolDown(a) - this.coolDown(b));
    return this.free.shift() ?? this.make();
  }

  /** A free account a code may be sent to now: made while under `size`, else waited for. */
  async takeForCode(): Promise<Account> {
    for (;;) {
      this.free.sort((a, b) => this.coolDown(a) - this.coolDown(b));
      const first = this.free[0];
      if (first && this.coolDown(first) === 0) return this.free.shift()!;
      if (!first || this.made < this.opts.size) return this.make();
      await new Promise((r) => setTimeout(r, this.coolDown(first)));
    }
  }

  private async make(): Promise<Account> {
    if (this.made >= this.opts.maxSignUps)
      throw new Error(`${this.made} sign-ups already: more would near the server's limit of ten an hour`);
    this.made += 1;
    return freshAccount(this.admin, this.opts.roles);
  }

  /** Takes back an account after a passed path: its roles as made, no password change due. */
  async give(account: Account, opts: { rolesChanged?: boolean } = {}): Promise<void> {
    if (opts.rolesChanged) await setRoles(this.admin, account, this.opts.roles);
    const http = await request.newContext({ baseURL: this.baseURL });
    try {
      const api = new Api(http);
      const { data } = await api.signIn(account.username, account.password);
      if (data.has_change_pass) {
        const next = `Nz-${Date.now().toString(36)}-settled-1`;
        await api.ok('POST', '/api/user/change-password', {
          form: { current_password: account.password, password: next, password_confirmation: next },
        });
        account.password = next;
      }
      await api.call('GET', '/api/logout');
    } finally {
      await http.dispose();
    }
    this.free.push(account);
  }
}
