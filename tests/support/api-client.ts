import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { createApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { dbBlobStore } from '../../src/server/files/db-store.ts';
import type { BlobStore } from '../../src/server/files/store.ts';
import type { AppDeps } from '../../src/server/http/deps.ts';
import { JobQueue, type JobQueueSettings } from '../../src/server/jobs/queue.ts';
import { logSmsProvider } from '../../src/server/sms/provider.ts';
import { copyOfTemplate, DEMO_PASSWORD } from './template-db.ts';

export { DEMO_PASSWORD };

/**
 * The job queue's settings in tests: retries after 1 s (then 2, 4 …) and fetches every half
 * second, so a test sees retries in seconds. `startTestApp({ jobs })` changes any of them.
 */
export const TEST_JOB_SETTINGS: JobQueueSettings = {
  retryLimit: 5,
  retryDelaySeconds: 1,
  expireInSeconds: 30,
  pollingIntervalSeconds: 0.5,
  batchSize: 10,
};

/**
 * An in-process app on a fresh copy of the seeded database, with a movable clock. Uploaded files
 * go to `files` (default: the database store, as FILE_STORE's default). The job queue is started
 * (`deps.jobs`: jobs can be queued and listed) without workers: a test that wants its jobs run
 * starts them (server/jobs/workers.ts `startWorkers`).
 */
export async function startTestApp(opts: { files?: BlobStore; jobs?: Partial<JobQueueSettings> } = {}) {
  const { database, dispose } = await copyOfTemplate();
  const jobs = new JobQueue(database, { ...TEST_JOB_SETTINGS, ...opts.jobs });
  await jobs.start();
  let offsetMs = 0;
  // Each test app has its own temporary DATA_DIR (files of earlier versions are looked for there).
  const dataDir = mkdtempSync(join(tmpdir(), 'nazer-api-'));
  // What the SMS provider printed (the server's own output: the only place a code is in clear).
  const smsOutput: string[] = [];
  const deps: AppDeps = {
    config: loadConfig({ TRUST_PROXY: '1', DEMO_PASSWORD, DATA_DIR: dataDir } as NodeJS.ProcessEnv),
    database,
    sms: logSmsProvider((line) => smsOutput.push(line)),
    jobs,
    files: opts.files ?? dbBlobStore,
    now: () => new Date(Date.now() + offsetMs),
    // Every answer is checked against its route's declared schema: a mismatch answers 500.
    checkResponses: true,
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    db: database.db,
    /** Moves the server's clock forward. */
    advance(ms: number) {
      offsetMs += ms;
    },
    client: (opts?: ClientOptions) => new ApiClient(app, opts),
    /** Lines the SMS provider printed, `[sms] to <mobile> (<purpose>): <text>`, oldest first. */
    smsOutput,
    async dispose() {
      await jobs.stop();
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ClientOptions {
  /** Sent as X-Forwarded-For (the test config trusts it), so tests can act from distinct addresses. */
  ip?: string;
}

/** Where requests go: the Hono app in process (`app.request`) or a real server (`overHttp`). */
export interface RequestTarget {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}

/** A real server on `baseUrl` as a request target (tests/fault drives the server process so). */
export const overHttp = (baseUrl: string): RequestTarget => ({
  request: (path, init) => fetch(`${baseUrl}${path}`, init),
});

/** A browser-like client: keeps cookies and echoes XSRF-TOKEN in X-XSRF-TOKEN (unless told not to). */
export class ApiClient {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: RequestTarget | Hono,
    private readonly opts: ClientOptions = {},
  ) {}

  async request(
    method: string,
    path: string,
    init: {
      json?: unknown;
      form?: Record<string, string>;
      raw?: BodyInit;
      contentType?: string;
      xsrf?: boolean;
      headers?: Record<string, string>;
    } = {},
  ): Promise<{ status: number; body: any; headers: Headers }> {
    if (!this.cookies.has('XSRF-TOKEN') && method !== 'GET') await this.request('GET', '/api/health');
    const headers: Record<string, string> = { ...(init.headers ?? {}) };
    if (this.opts.ip) headers['x-forwarded-for'] = this.opts.ip;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (init.xsrf !== false && this.cookies.has('XSRF-TOKEN'))
      headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN')!;
    let body: BodyInit | undefined;
    if (init.json !== undefined) {
      body = JSON.stringify(init.json);
      headers['content-type'] = 'application/json';
    } else if (init.form) {
      body = new URLSearchParams(init.form).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    } else if (init.raw !== undefined) {
      body = init.raw;
      headers['content-type'] = init.contentType ?? 'application/json';
    }
    const res = await this.app.request(path, { method, headers, body });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const type = res.headers.get('content-type') ?? '';
    const parsed = type.includes('json') ? await res.json() : await res.text();
    return { status: res.status, body: parsed, headers: res.headers };
  }

  get = (path: string, init?: Parameters<ApiClient['request']>[2]) => this.request('GET', path, init);
  post = (path: string, init?: Parameters<ApiClient['request']>[2]) => this.request('POST', path, init);
}
