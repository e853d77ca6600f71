import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { toPersianDigits } from '../../src/domain/persian-text.ts';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn } from './pages/sign-in.ts';

/**
 * The company status report in Chromium against the real server, by keys: from a company's view
 * R opens its report; Alt+↓ moves between sections; a refused save shows its message beside the
 * field and keeps what was typed; Ctrl+S saves the capital section, then the shareholders
 * section (a row added with Alt+N, another added and removed with Alt+Backspace); after a reload
 * both are saved; the print view of the report as A4 pages (print media, a PDF of several pages,
 * a screenshot for the docs); a save refused because someone else saved first (409), reloaded.
 */

const WAIT = { timeout: 15_000 };
const SHOTS = '.tmp/shots';
let browser: Browser;
let baseURL: string;
// a letter first: a tag of digits alone would be shown in Persian digits in the names typed with it
const tag = `t${Date.now().toString(36).slice(-4)}`;

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
  mkdirSync('docs/screenshots', { recursive: true });
});
afterAll(() => browser?.close());

const activeName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? '');
const fieldError = (input: Locator) =>
  input.evaluate((el) => {
    const id = el.getAttribute('aria-describedby');
    return (id && document.getElementById(id)?.textContent) || '';
  });

/** A call as the page makes it (its cookies), answering the body's data. */
function pageGet(page: Page, path: string) {
  return page.evaluate(async (path) => {
    const res = await fetch(path, { credentials: 'include' });
    return ((await res.json()) as { data: any }).data;
  }, path);
}

/** A PUT as the page makes it (its cookies and XSRF header), answering the status. */
function pagePut(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(path, {
        method: 'PUT',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { path, body },
  );
}

async function retype(page: Page, input: Locator, text: string) {
  await input.focus();
  await page.keyboard.press('Control+KeyA');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

/** The state the section list shows for section `n`. */
const navStatus = (page: Page, n: number) =>
  page.locator('nav[aria-label="بخش‌های گزارش"] button').nth(n).getAttribute('data-nav-status');

describe('the company status report, by keyboard', () => {
  it('fills and saves two sections, shows a refusal beside its field, and prints', async () => {
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');

    // A real company that has shareholders in the registry.
    const list = await pageGet(
      page,
      '/api/person/legal-persons?per_page=40&sortBy=registered_capital&descending=true',
    );
    let company: { id: number; name: string } | null = null;
    for (const row of list.data as { id: number; name: string }[]) {
      const detail = await pageGet(page, `/api/person/legal-persons/${row.id}`);
      if (detail.shareholders.length >= 2) {
        company = row;
        break;
      }
    }
    expect(company).not.toBeNull();
    const id = company!.id;

    // From the company's view, R opens its status report on section 0.
    await page.goto(`/person/legal-persons/view/${id}`);
    await page.getByRole('heading', { level: 1, name: company!.name }).waitFor(WAIT);
    await page.keyboard.press('KeyR');
    await page.waitForURL((u) => u.pathname === `/person/legal-persons/status/${id}`, WAIT);
    await page.locator('form[data-section="0"]').waitFor(WAIT);
    expect(await page.locator('form[data-section="0"] [name=name]').inputValue()).toBe(company!.name);
    expect(await navStatus(page, 2)).toBe('unsaved');

    // Alt+↓ twice: the capital section, focus on its first field.
    await page.keyboard.press('Alt+ArrowDown');
    await page.locator('form[data-section="1"]').waitFor(WAIT);
    await page.keyboard.press('Alt+ArrowDown');
    const capital = page.locator('form[data-section="2"]');
    await capital.waitFor(WAIT);
    await expect.poll(() => activeName(page), WAIT).toBe('registered_capital');
    await page.screenshot({ path: `${SHOTS}/status-report-draft.png` });

    await page.keyboard.press('Control+KeyA');
    await page.keyboard.type('۵۰۰۰۰۰۰۰۰۰');
    await retype(page, capital.locator('[name=share_count]'), '5000000');
    await retype(page, capital.locator('[name=nominal_share_value]'), '۱۰۰۰');
    const paid = capital.locator('[name=paid_in_capital]');
    await retype(page, paid, '۶۰۰۰۰۰۰۰۰۰');
    expect(await navStatus(page, 2)).toBe('dirty');

    // Paid-in above the registered capital: refused beside its field, what was typed kept.
    await page.keyboard.press('Control+KeyS');
    await expect.poll(() => fieldError(paid), WAIT).toContain('سرمایه پرداخت‌شده نمی‌تواند');
    expect(await activeName(page)).toBe('paid_in_capital');
    expect(await paid.inputValue()).toBe('۶٬۰۰۰٬۰۰۰٬۰۰۰');
    expect(await capital.locator('[name=registered_capital]').inputValue()).toBe('۵٬۰۰۰٬۰۰۰٬۰۰۰');
    await page.screenshot({ path: `${SHOTS}/status-report-refused.png` });

    await retype(page, paid, '۴۰۰۰۰۰۰۰۰۰');
    await page.keyboard.press('Control+KeyS');
    await expect.poll(() => capital.getAttribute('data-status'), WAIT).toBe('saved');
    expect(await fieldError(paid)).toBe('');

    // The shareholders: Alt+N adds a row (focus in its first cell), Alt+Backspace removes one.
    await page.keyboard.press('Alt+ArrowDown');
    const holders = page.locator('form[data-section="3"]');
    await holders.waitFor(WAIT);
    const before = await holders.locator('tbody tr').count();
    expect(before).toBeGreaterThanOrEqual(2);
    await page.keyboard.press('Alt+KeyN');
    await expect.poll(() => activeName(page), WAIT).toBe('rows.1.holder');
    await page.keyboard.press('Alt+KeyN');
    await expect.poll(() => activeName(page), WAIT).toBe('rows.2.holder');
    await page.keyboard.type('ردیف زائد');
    await page.keyboard.press('Alt+Backspace');
    await expect.poll(() => holders.locator('tbody tr').count(), WAIT).toBe(before + 1);
    // the removal moves focus to the next row after the next frame: wait for it, or it would take
    // the focus back from the field focused below
    await expect.poll(() => activeName(page), WAIT).toBe('rows.2.holder');
    await holders.locator('[name="rows.1.holder"]').focus();
    const holderName = `صندوق آزمایشی ${tag}`;
    await page.keyboard.type(holderName);
    await page.keyboard.press('Tab'); // type
    await page.keyboard.press('Tab'); // national id
    await page.keyboard.press('Tab');
    expect(await activeName(page)).toBe('rows.1.share_count');
    await page.keyboard.type('۱۲۳۴۵');
    await page.keyboard.press('Control+KeyS');
    await expect.poll(() => holders.getAttribute('data-status'), WAIT).toBe('saved');
    await page.screenshot({ path: `${SHOTS}/status-report-saved.png` });

    // Reloaded: both sections saved, as typed.
    await page.reload();
    await holders.waitFor(WAIT);
    expect(await holders.getAttribute('data-status')).toBe('saved');
    expect(await holders.locator('[name="rows.1.holder"]').inputValue()).toBe(holderName);
    expect(await holders.locator('[name="rows.1.share_count"]').inputValue()).toBe('۱۲٬۳۴۵');
    expect(await holders.locator('tbody tr').count()).toBe(before + 1);
    expect(await navStatus(page, 2)).toBe('saved');
    expect(await navStatus(page, 4)).toBe('unsaved');
    await holders.locator('input').first().focus();
    await page.keyboard.press('Alt+ArrowUp');
    await capital.waitFor(WAIT);
    expect(await capital.locator('[name=paid_in_capital]').inputValue()).toBe('۴٬۰۰۰٬۰۰۰٬۰۰۰');
    const report = await pageGet(page, `/api/person/legal-persons/status/${id}`);
    expect(report.sections[2]).toMatchObject({ saved: true, version: 1 });
    expect(report.sections[2].data.registered_capital).toBe('5000000000');
    expect(report.sections[3].data.rows[1]).toMatchObject({ holder: holderName, share_count: '12345' });

    // Someone else saves the capital section meanwhile: this save is refused (409), what was typed
    // stays on screen until the section is reloaded, then the other save shows.
    const other = { ...report.sections[2].data, notes: 'ثبت کاربر دیگر' };
    expect(
      await pagePut(page, `/api/person/legal-persons/status/${id}/section/2`, { version: 1, data: other }),
    ).toBe(200);
    const notes = capital.locator('[name=notes]');
    await retype(page, notes, 'یادداشت من');
    await page.keyboard.press('Control+KeyS');
    const stale = capital.locator('[data-stale]');
    await stale.waitFor(WAIT);
    expect(await stale.innerText()).toContain('کاربر دیگری ذخیره شده است');
    expect(await notes.inputValue()).toBe('یادداشت من');
    expect(await capital.getAttribute('data-status')).toBe('dirty');
    await stale.getByRole('button', { name: 'بارگیری دوباره این بخش' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => notes.inputValue(), WAIT).toBe('ثبت کاربر دیگر');
    expect(await capital.getAttribute('data-status')).toBe('saved');
    expect(await stale.count()).toBe(0);

    // The print view: the filled report on A4 pages, no buttons in print.
    await page.goto(`/status-print/${id}`);
    const sheet = page.locator('[data-print-sheet]');
    await sheet.waitFor(WAIT);
    await page.waitForLoadState('networkidle');
    const text = await sheet.innerText();
    expect(text).toContain(`گزارش وضعیت ${company!.name}`);
    expect(text).toContain('۵٬۰۰۰٬۰۰۰٬۰۰۰');
    expect(text).toContain(toPersianDigits(holderName));
    expect(text).toMatch(/تاریخ چاپ: [۰-۹]+ \S+ [۰-۹]{4}/);
    expect(text).not.toMatch(/[0-9]{3}/);
    expect(await sheet.locator('section[data-print-section]').count()).toBe(11);
    const printButton = page.getByRole('button', { name: 'چاپ گزارش' });
    expect(await printButton.isVisible()).toBe(true);
    // The docs' picture: the first A4 page (794 × 1123 CSS px) as printed.
    await page.setViewportSize({ width: 794, height: 1123 });
    await page.emulateMedia({ media: 'print' });
    expect(await printButton.isVisible()).toBe(false);
    await page.screenshot({ path: 'docs/screenshots/status-print.png' });
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    expect(pages).toBeGreaterThanOrEqual(2);

    // The paper form: the registry's data printed, boxes and empty rows for the rest.
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1000, height: 1200 });
    await page.goto(`/status-print-form/${id}`);
    await sheet.waitFor(WAIT);
    expect(await sheet.innerText()).toContain(company!.name);
    expect(await sheet.locator('[data-box]').count()).toBeGreaterThan(5);
    expect(await sheet.locator('tr[data-blank]').count()).toBe(4 * 8);
    await page.screenshot({ path: `${SHOTS}/status-print-form.png`, fullPage: true });
  });
});
