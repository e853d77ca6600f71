import { DEMO_PASSWORD } from './template-db.ts';

export interface HttpAnswer {
  status: number;
  body: any;
}

/**
 * A browser-like client of a real server over HTTP (loopback): keeps cookies, echoes
 * XSRF-TOKEN as X-XSRF-TOKEN, and sends its own X-Forwarded-For (the server under test trusts
 * it), so that per-address limits of one client never reach another. Network errors (a killed
 * server) are thrown as they come.
 */
export class HttpSession {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    readonly ip: string,
  ) {}

  async request(
    method: string,
    path: string,
    json?: unknown,
    form?: Record<string, string>,
  ): Promise<HttpAnswer> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.ip };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = xsrf;
    let body: string | undefined;
    if (json !== undefined) {
      body = JSON.stringify(json);
      headers['content-type'] = 'application/json';
    } else if (form) {
      body = new URLSearchParams(form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: res.status, body: parsed };
  }

  get = (path: string) => this.request('GET', path);

  /** Signs in as `username` and chooses `role` (the first role held when not given). */
  async signIn(username: string, role?: string): Promise<void> {
    await this.get('/api/health');
    const login = await this.request('POST', '/api/login', undefined, { username, password: DEMO_PASSWORD });
    if (login.status !== 200)
      throw new Error(`sign-in ${username}: ${login.status} ${JSON.stringify(login.body)}`);
    const mine = await this.get('/api/user/role/my-roles/');
    const roles = mine.body.data as { id: number; name: string }[];
    const chosen = role ? roles.find((r) => r.name === role) : roles[0];
    if (!chosen) throw new Error(`${username} holds no role ${role ?? ''}`);
    const set = await this.get(`/api/user/permission/my-role-permission/${chosen.id}`);
    if (set.status !== 200) throw new Error(`role ${chosen.name}: ${set.status}`);
  }
}
