import { type Browser, type BrowserContext, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createGuestTestModel,
  type GuestModelContext,
  type GuestModelEvent,
  guestResumePaths,
  RESTORED_DONE,
} from '../../src/machines/guest-resume.model.ts';
import { modelCoverage } from '../../src/machines/testing/paths.ts';
import { launchChromium, newPage } from '../support/browser.ts';
import { serverResendWaitMs } from '../support/otp-wait.ts';
import {
  newApplicant,
  newMobile,
  portraitPng,
  ResumeGuestPage,
  smallPdf,
} from './pages/resume-guest-page.ts';
import { Api, adminApi, type SmsOutbox, smsOutbox } from './pages/server.ts';

/**
 * The guestResume statechart's test model (src/machines/guest-resume.model.ts) run in Chromium
 * against the real server: the same generated paths as the unit test, each step done through
 * the applicant's screen, each state checked by what the page shows, and every answer the
 * server's own, codes read where an admin reads them (the SMS log):
 * - sends and verifications with the real code; wrong codes (422, attempts_left); the lock (five
 *   real wrong codes on a mobile: 429 locked:true); a refused identity (422: the national code
 *   is another applicant's, verified with another mobile); leaving (GET /api/logout);
 * - a session that ends: the guest session really ended (GET /api/logout from the same browser,
 *   behind the page's back), then the page's save or upload really gets 401;
 * - a refused submit: the national card really deleted (the API, as that browser), so the server
 *   answers 422; the valid submit after it puts the card back first;
 * - a resend, and a return after leaving: the server's one code per resend wait per mobile (OTP_RESEND_SECONDS: a minute, seconds on the test server) is waited
 *   out for real.
 * Answered in the page with page.route: only the go-step 503 (an outage, which the real server
 * gives on no request). Time in the page is moved with Playwright's clock; where the model's
 * clock says a server wait is over that the server still holds (the 15-minute lock, the minute
 * between two codes), the next step is one the server allows now: a code to another mobile, or a
 * real wait (see `requestValid`, `guest.resend`).
 *
 * Each path is its own applicant(s), new national codes and mobiles, and its own client address
 * (X-Forwarded-For; the e2e server trusts it, TRUST_PROXY=1), so the per-address limits (ten
 * codes in 15 minutes) never meet another path's or another test's. The paths run side by side
 * (two driving a browser at a time; a path waiting out the server's minute lets another drive).
 */

const WAIT = { timeout: 15_000 };
const PATH_TIMEOUT = 240_000;
/** The client's minute before it offers a resend, with a margin: the page's clock only. */
const RESEND_MS = 61_000;
/** The server's wait between two codes to one mobile, with a margin: waited for real. */
const SERVER_RESEND_MS = serverResendWaitMs();
/** The server's lock after five wrong codes (15 minutes), with a margin: the page's clock only. */
const LOCK_MS = 15 * 60_000 + 1_000;
const CHECK = '/api/person/resume/check';
const VERIFY = '/api/person/resume/check-sms-code?crf_pid=3';
let browser: Browser;
let baseURL: string;
let admin: Api & { dispose(): Promise<void> };
let outbox: SmsOutbox;
let ran = 0;

/**
 * `call` once more when the server had closed a kept-alive connection just as the client reused
 * it (both drop idle ones after 5 s, so they can cross while a path is idle): the request never
 * reached the server.
 */
async function resetSafe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!/ECONNRESET|socket hang up/.test(String(err))) throw err;
    return call();
  }
}

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
  admin = await adminApi(baseURL);
  const log = smsOutbox();
  outbox = {
    mark: (mobile) => resetSafe(() => log.mark(mobile)),
    lastCode: (mobile) => resetSafe(() => log.lastCode(mobile)),
  };
}, 120_000);

afterAll(async () => {
  console.log(`[model:e2e] guestResume paths driven in Chromium: ${ran}`);
  await admin?.dispose();
  await browser?.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const wrongOf = (code: string) => (code === '000000' ? '000001' : '000000');

/**
 * At most `n` paths drive a browser at once (this machine has two cores, and the server is
 * shared); a path waiting out one of the server's clocks gives its lane up meanwhile, and gets
 * the next free one before the paths that have not started.
 */
class Lanes {
  private waiting: { resume: () => void; first: boolean }[] = [];
  constructor(private free: number) {}
  async take(first = false): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise<void>((resume) => {
      const entry = { resume, first };
      if (first) this.waiting.splice(this.waiting.filter((w) => w.first).length, 0, entry);
      else this.waiting.push(entry);
    });
  }
  give(): void {
    const next = this.waiting.shift();
    if (next) next.resume();
    else this.free++;
  }
  async idle(ms: number): Promise<void> {
    if (ms <= 0) return;
    this.give();
    await sleep(ms);
    await this.take(true);
  }
}
const lanes = new Lanes(2);

/** Answers the next call to `path` in this page, as the server would in an outage. */
function answerOnce(page: Page, path: string, status: number, body: Record<string, unknown>) {
  return page.route(
    (url) => url.pathname === path,
    (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
    { times: 1 },
  );
}

/** The browser context's own calls (its cookies), with the XSRF header; throws unless 2xx. */
async function guestCall(
  context: BrowserContext,
  method: string,
  path: string,
  opts: { data?: unknown; multipart?: Record<string, unknown> } = {},
) {
  const req = context.request;
  let token = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!token) {
    await req.get('/api/health');
    token = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  }
  const res = await resetSafe(() =>
    req.fetch(path, { method, headers: { 'X-XSRF-TOKEN': token }, ...(opts as object) }),
  );
  if (res.status() >= 300) throw new Error(`${method} ${path}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: unknown }).data;
}

/** Api calls, each once more after a connection reset (`resetSafe`). */
class SteadyApi extends Api {
  override call<T>(...args: Parameters<Api['call']>) {
    return resetSafe(() => super.call<T>(...args));
  }
}

/** An API client with cookies of its own calling from `address`: another device of the applicant's. */
async function deviceAt(address: string) {
  const http = await request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': address } });
  return Object.assign(new SteadyApi(http), { dispose: () => http.dispose() });
}

/** A client address for each path of this run (X-Forwarded-For). */
const RUN_NET = `10.${1 + Math.floor(Math.random() * 254)}.${1 + Math.floor(Math.random() * 254)}`;

/** Paths that wait out a server minute first, so their waits overlap the others' work. */
const waits = (p: { steps: { event: { type: string } }[] }) =>
  p.steps.some((s) => s.event.type === 'guest.resend' || s.event.type === 'guest.leave') ? 0 : 1;

type Path = ReturnType<typeof guestResumePaths>[number];

describe('guestResume model in the browser', () => {
  const paths = guestResumePaths()
    .map((p, i) => ({ p, i }))
    .sort((a, b) => waits(a.p) - waits(b.p) || a.i - b.i)
    .map(({ p }) => p);

  // Concurrent tests: `expect` is each test's own (its context's), expect.poll needs it.
  it.concurrent.for(paths.map((p, i): [string, Path, number] => [p.description, p, i]))(
    '%s',
    { timeout: PATH_TIMEOUT },
    async ([, path, index], { expect }) => {
      const poll = <T>(fn: () => Promise<T> | T, message: string) =>
        expect.poll(fn, { ...WAIT, interval: 100, message });
      const visible = (l: { isVisible(): Promise<boolean> }, message: string) =>
        poll(() => l.isVisible(), message).toBe(true);
      await lanes.take();
      const address = `${RUN_NET}.${index + 1}`;
      const opened = await Promise.all([newPage(browser, baseURL), deviceAt(address)]).catch((err) => {
        lanes.give();
        throw err;
      });
      const [{ context, page }, device] = opened;
      const guest = new ResumeGuestPage(page, expect);

      /** The applicant on screen; `bound`: their national code has a guest record (verified). */
      let who = newApplicant();
      let bound = false;
      /** The newest real code to `who.mobile`. */
      let code = '';
      /** When the server last sent a code to a mobile (read back from the SMS log), and locks. */
      const sentAt = new Map<string, number>();
      const locked = new Set<string>();
      const coolDown = (mobile: string) =>
        Math.max(0, (sentAt.get(mobile) ?? -SERVER_RESEND_MS) + SERVER_RESEND_MS - Date.now());

      /** Sends a code (through `send`) and reads it from the SMS log. */
      const sent = async (mobile: string, send: () => Promise<unknown>) => {
        await outbox.mark(mobile);
        await send();
        const c = await outbox.lastCode(mobile);
        sentAt.set(mobile, Date.now());
        return c;
      };
      const sendOnScreen = async () => {
        code = await sent(who.mobile, () => guest.requestCode(who));
      };
      /** Ends the guest session for real behind the page's back (the server forgets it). */
      const endSession = async () => {
        await guestCall(context, 'GET', '/api/logout');
        expect((await resetSafe(() => context.request.get('/api/person/resume'))).status()).toBe(401);
      };
      const documents = async () =>
        (
          (await guestCall(context, 'GET', '/api/person/resume')) as {
            documents: { id: number; type: string }[];
          }
        ).documents;

      /**
       * A valid request for a code. To the applicant on screen when the server takes one now; a
       * returning applicant (work saved) waits out the server's minute since the last code; one
       * with nothing saved who cannot have a code now (the mobile locked, or a code sent less
       * than a minute ago) types another mobile, or is a new applicant once verified (their
       * national code stays with that mobile).
       */
      const requestValid = async (m: GuestModelContext) => {
        if (locked.has(who.mobile) || coolDown(who.mobile) > 0) {
          if (m.done > 0 || m.submitted) {
            expect(locked.has(who.mobile)).toBe(false);
            await lanes.idle(coolDown(who.mobile));
          } else if (!bound) who = { ...who, mobile: newMobile() };
          else {
            who = newApplicant();
            bound = false;
          }
        }
        await sendOnScreen();
      };

      const exec: Record<
        GuestModelEvent['type'],
        (e: GuestModelEvent, m: GuestModelContext) => Promise<void>
      > = {
        'boot.noSession': () => guest.goto(),
        'boot.guestSession': async () => {
          // An earlier visit, through the API as that browser: verified, steps 1 and 2 saved.
          const c = await sent(who.mobile, () => guestCall(context, 'POST', CHECK, { data: who }));
          await guestCall(context, 'POST', VERIFY, { data: { ...who, code: c } });
          bound = true;
          await guestCall(context, 'POST', '/api/person/resume/documents', {
            multipart: {
              type: 'photo',
              file: { name: 'photo.png', mimeType: 'image/png', buffer: portraitPng() },
            },
          });
          const cities = (await guestCall(context, 'GET', '/api/cities?q=تهران')) as { id: number }[];
          await guestCall(context, 'PUT', '/api/person/resume/steps/1', {
            data: {
              first_name: 'رضا',
              last_name: 'کریمی',
              father_name: 'حسن',
              birth_date: '1360/02/10',
              birth_city_id: cities[0]!.id,
              gender: 'male',
              email: null,
              address: 'اصفهان، خیابان چهارباغ، پلاک ۴',
            },
          });
          await guestCall(context, 'PUT', '/api/person/resume/steps/2', {
            data: {
              educations: [
                {
                  level: 'bachelor',
                  field: 'حسابداری',
                  university: 'دانشگاه اصفهان',
                  graduation_date: '1384/04/01',
                },
              ],
            },
          });
          expect(RESTORED_DONE).toBe(2);
          await guest.goto();
        },
        'guest.requestCode': async (e, m) => {
          const as = (e as Extract<GuestModelEvent, { type: 'guest.requestCode' }>).as;
          if (as === 'invalid') {
            // Another applicant, verified with their own mobile (on another device); their
            // national code typed with a new mobile: the server refuses it (422 on the mobile).
            const other = newApplicant();
            const c = await sent(other.mobile, () => device.ok('POST', CHECK, { json: other }));
            await device.ok('POST', VERIFY, { json: { ...other, code: c } });
            return guest.requestCode({ national_code: other.national_code, mobile: newMobile() });
          }
          if (as === 'locked') {
            // A mobile locked by five real wrong codes (typed on another device).
            const mobile = newMobile();
            const c = await sent(mobile, () => device.ok('POST', CHECK, { json: { ...who, mobile } }));
            let last = { status: 0, text: '' };
            for (let i = 0; i < 5; i++)
              last = await device.call('POST', VERIFY, { json: { ...who, mobile, code: wrongOf(c) } });
            expect(last.status).toBe(429);
            expect(JSON.parse(last.text)).toMatchObject({ locked: true });
            locked.add(mobile);
            return guest.requestCode({ ...who, mobile });
          }
          await requestValid(m);
        },
        'guest.submitCode': async (e) => {
          const as = (e as Extract<GuestModelEvent, { type: 'guest.submitCode' }>).as;
          if (as === 'locked') {
            // Four real wrong codes on another device; the page's is the fifth: the lock.
            for (let i = 0; i < 4; i++) {
              const res = await device.call('POST', VERIFY, { json: { ...who, code: wrongOf(code) } });
              expect(res.status).toBe(422);
            }
            locked.add(who.mobile);
            return guest.submitCode(wrongOf(code));
          }
          if (as === 'wrong') return guest.submitCode(wrongOf(code));
          await guest.submitCode(code);
          bound = true;
        },
        'guest.resend': async () => {
          // The page's clock said the minute is over; the server's is waited out for real.
          await lanes.idle(coolDown(who.mobile));
          code = await sent(who.mobile, () => guest.resend.click());
        },
        'guest.changeMobile': () => guest.changeMobile.click(),
        'guest.save': async (e) => {
          const invalid = (e as Extract<GuestModelEvent, { type: 'guest.save' }>).as === 'invalid';
          const n = await guest.step();
          if (n === 7) {
            // The review has nothing to type: the refused submit is a resume really missing its
            // national card (deleted through the API, as that browser); the valid one puts it back.
            const card = (await documents()).find((d) => d.type === 'national_card');
            if (invalid && card)
              await guestCall(context, 'DELETE', `/api/person/resume/documents/${card.id}`);
            if (!invalid && !card)
              await guestCall(context, 'POST', '/api/person/resume/documents', {
                multipart: {
                  type: 'national_card',
                  file: { name: 'national-card.pdf', mimeType: 'application/pdf', buffer: smallPdf() },
                },
              });
          }
          await guest.fill(n, invalid);
          await guest.save();
        },
        'guest.back': async (e) => {
          if ((e as Extract<GuestModelEvent, { type: 'guest.back' }>).as === 'failed')
            // An outage: no request makes the real server answer 5xx.
            await answerOnce(page, '/api/person/resume/go-step', 503, { message: 'سرور در دسترس نیست' });
          await page.keyboard.press('Alt+ArrowRight');
        },
        'guest.forward': async () => {
          const n = await guest.step();
          await guest.stepper.getByRole('button').nth(n).click();
        },
        'guest.leave': async () => {
          if (await guest.submittedHeading.isVisible())
            await page.getByRole('button', { name: 'خروج' }).click();
          else await guest.leave.click();
        },
        'guest.verifyAgain': () => guest.verifyAgain.click(),
        'session.expired': async (e) => {
          const as = (e as Extract<GuestModelEvent, { type: 'session.expired' }>).as;
          if (as === 'onSave') {
            await guest.fill(1);
            await endSession();
            return guest.save();
          }
          await endSession();
          await page
            .locator('[name=file-photo]')
            .setInputFiles({ name: 'p.png', mimeType: 'image/png', buffer: portraitPng() });
        },
        // The page's clock only; the server's minute is waited out at the resend.
        'clock.resendAllowed': () => page.clock.fastForward(RESEND_MS),
        // The page's clock only: the server keeps the mobile locked, so the next code goes to
        // another mobile (requestValid).
        'clock.unlocked': () => page.clock.fastForward(LOCK_MS),
      };

      type S = { context: GuestModelContext };
      const states: Record<string, (s: S) => Promise<void>> = {
        identify: async () => {
          await visible(guest.identifyHeading, 'the identify card');
          await visible(guest.nationalCode, 'the national code field');
        },
        'identify.invalid': () =>
          poll(() => guest.fieldError(guest.mobile), 'the server refused the mobile').toContain(
            'شماره همراه دیگری',
          ),
        locked: async () => {
          await visible(guest.alert.filter({ hasText: 'مسدود' }), 'the lock');
          await poll(() => guest.sendCode.isDisabled(), 'sending waits').toBe(true);
        },
        codeSent: () => visible(guest.code, 'the code field'),
        'codeSent.code.wrong': () =>
          poll(() => guest.fieldError(guest.code), 'the code failure').not.toBe(''),
        filling: async (s) => {
          await poll(() => guest.step(), `on step ${s.context.step}`).toBe(s.context.step);
          const current = guest.stepper.getByRole('button').nth(s.context.step - 1);
          await poll(() => current.getAttribute('aria-current'), 'the stepper marks the step').toBe('step');
        },
        // A step that opens has the focus on its heading.
        'filling.editing': (s) => guest.onStep(s.context.step),
        'filling.invalid': () =>
          poll(
            async () => (await page.locator('form [role=alert]').count()) > 0,
            'the server refused the step',
          ).toBe(true),
        submitted: () => visible(guest.submittedHeading, 'the submitted resume'),
        sessionEnded: () => visible(guest.verifyAgain, 'verify again'),
      };

      try {
        await context.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
        await page.clock.install();
        await path.test({
          events: Object.fromEntries(
            Object.entries(exec).map(([type, run]) => [
              type,
              (st: { event: GuestModelEvent; state: S }) => run(st.event, st.state.context),
            ]),
          ),
          states: Object.fromEntries(
            Object.entries(states).map(([k, check]) => [k, (s: unknown) => check(s as S)]),
          ),
        });
        ran++;
      } catch (err) {
        await page.screenshot({ path: `.tmp/resume-machine-failure-${index}.png` }).catch(() => {});
        throw err;
      } finally {
        await context.close();
        await device.dispose();
        lanes.give();
      }
    },
  );

  it('the paths took every transition and reached every state of the model; no address was blocked', async () => {
    const m = modelCoverage(createGuestTestModel(), paths);
    expect(m.missingStates).toEqual([]);
    expect(m.missingTransitions).toEqual([]);
    expect(ran).toBe(paths.length);
    const blocks = (await admin.ok<{ total: number }>('GET', '/api/logs/blocked-ips?active=true&per_page=1'))
      .data.total;
    expect(blocks).toBe(0);
  });
});
