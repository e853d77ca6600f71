import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateNationalCode } from '../../src/domain/identifiers.ts';
import { createRng } from '../../src/domain/random.ts';
import { launchChromium, newPage } from '../support/browser.ts';
import { type Api, adminApi, type SmsOutbox, smsOutbox } from './pages/server.ts';
import { signIn } from './pages/sign-in.ts';

/**
 * The staff side of resumes in Chromium against the real server: a resume submitted through the
 * real guest calls (check, the code read from the SMS log as an admin, check-sms-code, three
 * documents, steps 1..6, submit); the nomination expert finds it in /resume/list by its national
 * code, selects it with X and shortlists it with a note through the bulk dialog (E), all by
 * keys; the guest session reaches no staff page or call; a question is created and deactivated
 * at /resume/terms; axe finds nothing serious on the list.
 */

const WAIT = { timeout: 15_000 };
const SHOTS = '.tmp/shots';
let browser: Browser;
let baseURL: string;
let admin: Api & { dispose(): Promise<void> };
let outbox: SmsOutbox;

const rng = createRng(Date.now() % 2_147_483_647);
const applicant = {
  national_code: generateNationalCode(rng),
  mobile: `0936${rng.digits(7)}`,
  first_name: 'سمیرا',
  /** Unique among runs: four random Persian letters (digits in names are stored as ASCII). */
  last_name: `آزمون‌پور ${[...rng.digits(4)].map((d) => 'بپتجچدرزسشفکگلمن'[Number(d)]).join('')}`,
};
/** The guest's browser context (its cookie jar holds the guest session). */
let guest: { context: BrowserContext; page: Page };

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
  admin = await adminApi(baseURL);
  outbox = smsOutbox();
}, 120_000);
afterAll(async () => {
  await guest?.context.close();
  await admin?.dispose();
  await browser?.close();
});

// ---------------------------------------------------------------------------------------------
// The guest's calls, as the resume form makes them

async function xsrf(http: APIRequestContext): Promise<string> {
  let token = (await http.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!token) {
    await http.get('/api/health');
    token = (await http.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  }
  return token ?? '';
}

async function send(
  http: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: {
    json?: unknown;
    multipart?: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>;
  },
) {
  const headers: Record<string, string> = method === 'GET' ? {} : { 'X-XSRF-TOKEN': await xsrf(http) };
  const res = await http.fetch(path, {
    method,
    headers,
    ...(body?.multipart
      ? { multipart: body.multipart }
      : body?.json !== undefined
        ? { data: body.json }
        : {}),
  });
  const text = await res.text();
  if (res.status() >= 300) throw new Error(`${method} ${path}: ${res.status()} ${text}`);
  return (JSON.parse(text) as { data: unknown }).data;
}

/** A 1×1 PNG and a minimal PDF: real content, as the server checks the bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Submits a whole resume through the guest calls, in the guest's context (its cookies). */
async function submitResume(http: APIRequestContext) {
  const { national_code, mobile } = applicant;
  await outbox.mark(mobile);
  await send(http, 'POST', '/api/person/resume/check', { json: { national_code, mobile } });
  const code = await outbox.lastCode(mobile);
  await send(http, 'POST', '/api/person/resume/check-sms-code?crf_pid=3', {
    json: { national_code, mobile, code },
  });
  const upload = (type: string, name: string, mimeType: string, buffer: Buffer) =>
    send(http, 'POST', '/api/person/resume/documents', {
      multipart: { type, file: { name, mimeType, buffer } },
    });
  await upload('photo', 'photo.png', 'image/png', PNG);
  await upload('national_card', 'card.pdf', 'application/pdf', PDF);
  await upload('degree', 'degree.pdf', 'application/pdf', PDF);
  await send(http, 'PUT', '/api/person/resume/steps/1', {
    json: {
      first_name: applicant.first_name,
      last_name: applicant.last_name,
      father_name: 'محمود',
      birth_date: '1360/04/21',
      birth_city_id: 1,
      gender: 'female',
      email: '',
      address: 'تهران، خیابان آزادی، کوچه نهم، پلاک ۱۲',
    },
  });
  await send(http, 'PUT', '/api/person/resume/steps/2', {
    json: {
      educations: [
        { level: 'master', field: 'مدیریت مالی', university: 'دانشگاه تهران', graduation_date: '1388/06/31' },
      ],
    },
  });
  await send(http, 'PUT', '/api/person/resume/steps/3', {
    json: {
      experiences: [
        {
          organization: 'شرکت ملی نمونه',
          post: 'عضو هیئت مدیره',
          from_date: '1390/01/15',
          to_date: null,
          is_current: true,
          board_seat: true,
          leaving_reason: null,
        },
      ],
    },
  });
  const own = (await send(http, 'GET', '/api/person/resume')) as {
    provisions: { id: number }[];
    terms: { id: number; kind: string }[];
  };
  await send(http, 'PUT', '/api/person/resume/steps/4', {
    json: { accepted: own.provisions.map((p) => p.id) },
  });
  await send(http, 'PUT', '/api/person/resume/steps/5', {
    json: {
      answers: own.terms.map((t) => ({
        term_id: t.id,
        answer: t.kind === 'yes_no' ? 'yes' : 'پاسخ آزمایشی مرورگر',
      })),
    },
  });
  await send(http, 'PUT', '/api/person/resume/steps/6', { json: {} });
  await send(http, 'POST', '/api/person/resume/submit', { json: {} });
}

// ---------------------------------------------------------------------------------------------
// The staff side

const settled = (grid: Locator) => expect.poll(() => grid.getAttribute('aria-busy'), WAIT).toBeNull();
const gridRows = (grid: Locator) => grid.locator('tbody tr[aria-rowindex]');

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('resumes, staff side', () => {
  let staff: { context: BrowserContext; page: Page } | undefined;
  /** The nomination expert's page, signed in on first use (expect.poll needs a running test). */
  const staffPage = async () => {
    if (!staff) {
      staff = await newPage(browser, baseURL);
      await signIn(staff.page, 'nomination', 'انتصابات');
    }
    return staff.page;
  };

  beforeAll(async () => {
    guest = await newPage(browser, baseURL);
    await submitResume(guest.context.request);
  }, 120_000);
  afterAll(() => staff?.context.close());

  it('finds the submitted resume by its national code and shortlists it in bulk, by keys', async () => {
    const page = await staffPage();
    await page.goto('/resume/list');
    const grid = page.getByRole('grid', { name: 'فهرست رزومه‌ها' });
    await grid.waitFor(WAIT);
    await settled(grid);
    await expect.poll(() => gridRows(grid).count(), WAIT).toBeGreaterThan(0);
    await shot(page, 'resume-list');

    await page.keyboard.press('Slash');
    await page.keyboard.type(applicant.national_code);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('q'), WAIT)
      .toContain(applicant.national_code);
    await settled(grid);
    await expect.poll(() => gridRows(grid).count(), WAIT).toBe(1);
    await expect.poll(() => gridRows(grid).first().innerText(), WAIT).toContain(applicant.last_name);

    // A new view starts with no focused row: J focuses the first.
    await page.keyboard.press('KeyJ');
    await page.keyboard.press('KeyX');
    await expect.poll(() => gridRows(grid).first().getAttribute('aria-selected'), WAIT).toBe('true');
    await page.keyboard.press('KeyE');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor(WAIT);
    const status = dialog.getByRole('combobox', { name: 'وضعیت بررسی' });
    await expect.poll(() => status.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    await status.selectOption('shortlisted');
    await page.keyboard.press('Tab');
    await page.keyboard.type('سابقه هیئت مدیره مرتبط؛ برای مصاحبه دعوت شود');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await page.getByText('وضعیت ۱ رزومه «فهرست کوتاه» شد').first().waitFor(WAIT);
    await expect.poll(() => gridRows(grid).first().innerText(), WAIT).toContain('فهرست کوتاه');

    const page1 = await admin.ok<{ data: { review_status: string; review_note: string | null }[] }>(
      'GET',
      `/api/person/resume/list?q=${applicant.national_code}`,
    );
    expect(page1.data.data[0]).toMatchObject({
      review_status: 'shortlisted',
      review_note: 'سابقه هیئت مدیره مرتبط؛ برای مصاحبه دعوت شود',
    });

    // Enter opens the whole resume; its photo and documents come from the staff calls.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    const view = page.getByRole('dialog');
    await view.waitFor(WAIT);
    await view.getByRole('region', { name: 'مدارک' }).waitFor(WAIT);
    await expect.poll(() => view.getByRole('link', { name: 'degree.pdf' }).count(), WAIT).toBe(1);
    await expect.poll(() => view.getByRole('img', { name: /عکس/ }).count(), WAIT).toBe(1);
    // Focus starts at the top of the resume; Tab reaches the review status first.
    await page.keyboard.press('Tab');
    await expect
      .poll(
        () =>
          view.getByRole('combobox', { name: 'وضعیت بررسی' }).evaluate((el) => el === document.activeElement),
        WAIT,
      )
      .toBe(true);
    await shot(page, 'resume-view');
    expect(await seriousViolations(page)).toEqual([]);
    await view.getByRole('region', { name: 'مدارک' }).scrollIntoViewIfNeeded();
    await shot(page, 'resume-view-end');
    await page.keyboard.press('Escape');
    await view.waitFor({ state: 'detached', ...WAIT });
  });

  it('keeps the guest session out of every staff page and call', async () => {
    const res = await guest.context.request.get('/api/person/resume/list');
    expect(res.status()).toBe(401);
    const terms = await guest.context.request.get('/api/person/resume/term-conditions');
    expect(terms.status()).toBe(401);
    await guest.page.goto('/resume/list');
    await guest.page.waitForURL((u) => u.pathname.endsWith('/login'), WAIT);
    expect(await guest.page.getByRole('grid', { name: 'فهرست رزومه‌ها' }).count()).toBe(0);
  });

  it('creates a question at /resume/terms and deactivates it, by keys', async () => {
    const page = await staffPage();
    await page.goto('/resume/terms');
    const grid = page.getByRole('grid', { name: 'پرسش‌های رزومه' });
    await grid.waitFor(WAIT);
    await settled(grid);
    await expect.poll(() => gridRows(grid).count(), WAIT).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
    const question = `آیا در پنج سال گذشته عضو هیئت مدیره شرکت بورسی بوده‌اید؟ ${applicant.national_code.slice(-4)}`;

    await page.keyboard.press('KeyN');
    const dialog = page.getByRole('dialog', { name: 'پرسش تازه' });
    await dialog.waitFor(WAIT);
    await page.keyboard.type(question);
    await page.keyboard.press('Tab');
    await dialog.getByRole('combobox', { name: 'نوع پاسخ' }).selectOption('yes_no');
    await shot(page, 'resume-term-form');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await page.getByText('پرسش تازه ساخته شد').first().waitFor(WAIT);

    await page.keyboard.press('Slash');
    await page.keyboard.type(applicant.national_code.slice(-4));
    await page.keyboard.press('Enter');
    await settled(grid);
    await expect.poll(() => gridRows(grid).count(), WAIT).toBe(1);
    await expect.poll(() => gridRows(grid).first().innerText(), WAIT).toContain('فعال');
    await page.keyboard.press('KeyJ');
    await page.keyboard.press('KeyA');
    await page
      .getByText(/پرسش «.*» غیرفعال شد/)
      .first()
      .waitFor(WAIT);
    await expect.poll(() => gridRows(grid).first().innerText(), WAIT).toContain('غیرفعال');

    const all = await admin.ok<{ question: string; active: boolean }[]>(
      'GET',
      '/api/person/resume/term-conditions',
    );
    expect(all.data.find((t) => t.question === question)).toMatchObject({ active: false });
  });

  it('refuses to delete an answered question: deactivate it instead (409)', async () => {
    const page = await staffPage();
    const all = await admin.ok<{ id: number; question: string; answers: number }[]>(
      'GET',
      '/api/person/resume/term-conditions',
    );
    const answered = all.data.find((t) => t.answers > 0);
    expect(answered, 'the seed has answered questions').toBeDefined();
    await page.goto(`/resume/terms?q=${encodeURIComponent(answered!.question.slice(0, 30))}`);
    const grid = page.getByRole('grid', { name: 'پرسش‌های رزومه' });
    await settled(grid);
    await expect.poll(() => gridRows(grid).count(), WAIT).toBeGreaterThan(0);
    await grid.focus();
    await page.keyboard.press('Delete');
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor(WAIT);
    await confirm.getByRole('button', { name: 'حذف' }).press('Enter');
    await page
      .getByText(/غیرفعال کنید/)
      .first()
      .waitFor(WAIT);
  });

  it('checks a provision with the contract schema, then creates it at /resume/provisions', async () => {
    const page = await staffPage();
    await page.goto('/resume/provisions');
    const grid = page.getByRole('grid', { name: 'تعهدنامه رزومه' });
    await settled(grid);
    await expect.poll(() => gridRows(grid).count(), WAIT).toBeGreaterThan(0);
    await page.keyboard.press('KeyN');
    const dialog = page.getByRole('dialog', { name: 'تعهد تازه' });
    await dialog.waitFor(WAIT);
    const title = `تعهد آزمایشی ${applicant.last_name}`;
    await page.keyboard.type(title);
    await page.keyboard.press('Tab');
    await page.keyboard.type('کوتاه');
    await page.keyboard.press('Control+Enter');
    // The body is under ten characters: the contract's message, under the field, nothing sent.
    await dialog.getByText('متن تعهد دست‌کم ۱۰ نویسه است').waitFor(WAIT);
    await page.keyboard.type(' است ولی اکنون بلندتر شد.\nو بند دوم در سطر دیگر.');
    await shot(page, 'resume-provision-form');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await page.getByText('تعهد تازه ساخته شد').first().waitFor(WAIT);
    const all = await admin.ok<{ title: string; body: string; active: boolean }[]>(
      'GET',
      '/api/person/resume/provisions',
    );
    const made = all.data.find((p) => p.title === title);
    expect(made).toMatchObject({ active: true });
    expect(made!.body).toContain('\n');
    // Not accepted by anyone yet: it may be deleted (Delete, then confirm).
    await page.keyboard.press('Slash');
    await page.keyboard.type(applicant.last_name);
    await page.keyboard.press('Enter');
    await settled(grid);
    await expect.poll(() => gridRows(grid).count(), WAIT).toBe(1);
    await shot(page, 'resume-provisions');
    await page.keyboard.press('KeyJ');
    await page.keyboard.press('Delete');
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor(WAIT);
    await confirm.getByRole('button', { name: 'حذف' }).press('Enter');
    await page
      .getByText(/تعهد «.*» حذف شد/)
      .first()
      .waitFor(WAIT);
    // An active provision must be accepted by every later applicant: deleting it keeps the
    // other tests' guest flow valid.
  });

  it('has no serious or critical axe violations on /resume/list', async () => {
    const page = await staffPage();
    await page.goto('/resume/list');
    const grid = page.getByRole('grid', { name: 'فهرست رزومه‌ها' });
    await settled(grid);
    await expect.poll(() => gridRows(grid).count(), WAIT).toBeGreaterThan(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('filters by ranges typed in the URL (years, seats, a Jalali day) and by status', async () => {
    const page = await staffPage();
    await page.goto('/resume/list?exp_min=5&seats_min=1&from=1400/01/01&status=shortlisted');
    const grid = page.getByRole('grid', { name: 'فهرست رزومه‌ها' });
    await settled(grid);
    await expect.poll(() => gridRows(grid).count(), WAIT).toBeGreaterThan(0);
    expect(await page.getByText('فهرست بارگیری نشد').count()).toBe(0);
    const rows = await gridRows(grid).allInnerTexts();
    for (const row of rows) expect(row).toContain('فهرست کوتاه');
    // The shortlisted applicant of the first test (15.6 years, one board seat) is among them.
    expect(rows.some((r) => r.includes(applicant.last_name))).toBe(true);
  });
});
