import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn } from './pages/sign-in.ts';

/**
 * Financial statements in Chromium against the real server (issue 16), by keys: the auditor opens
 * the entry-state matrix filtered to submitted statements of one year, selects two companies with
 * X, returns their statements of that year for correction with B (a year and a note in the
 * dialog), sees the cells turn «برگشت برای اصلاح», undoes with Ctrl+Z and sees them submitted
 * again; Enter on a year's cell opens that statement's view, which shows the company's years side
 * by side and switches to common-size with 3.
 */

const WAIT = { timeout: 15_000 };
const SHOTS = '.tmp/shots';
let browser: Browser;
let baseURL: string;

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser?.close());

const pageGet = (page: Page, path: string) =>
  page.evaluate(async (p) => ((await (await fetch(p, { credentials: 'include' })).json()) as any).data, path);
const gridRows = (grid: Locator) => grid.locator('tbody tr[aria-rowindex]');
const settled = (grid: Locator) => expect.poll(() => grid.getAttribute('aria-busy'), WAIT).toBeNull();
const undoBar = (page: Page) => page.getByRole('status', { name: 'نتیجه عملیات گروهی' });

/** The states of the first `n` companies' statements of `year` in the matrix filtered as `query`. */
async function states(page: Page, query: string, year: number, ids: number[]) {
  const rows = (await pageGet(
    page,
    `/api/performance/financial-statements-entry-state?from_year=${year}&to_year=${year}&per_page=200&${query}`,
  )) as { data: { id: number; cells: Record<string, { state: string }> }[] };
  return ids.map((id) => rows.data.find((r) => r.id === id)?.cells[String(year)]?.state);
}

describe('financial statements, by keyboard', () => {
  it('returns two companies’ statements from the matrix with B, then undoes it with Ctrl+Z', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'auditor');
    const year = 1404;
    await page.goto(`/performance/financial-statements-entry-state/list?to=${year}&state=submitted`);
    const grid = page.getByRole('grid', { name: 'وضعیت ورود صورت‌های مالی' });
    await gridRows(grid).first().waitFor(WAIT);
    await settled(grid);
    const listed = (await pageGet(
      page,
      `/api/performance/financial-statements-entry-state?from_year=${year - 4}&to_year=${year}&entry_state=submitted&per_page=2`,
    )) as { data: { id: number; cells: Record<string, { state: string }> }[] };
    // the two first companies, both with a submitted statement of some year of the range
    const ids = listed.data.map((r) => r.id);
    const submittedYear = (r: (typeof listed.data)[number]) =>
      Number(Object.entries(r.cells).find(([, c]) => c.state === 'submitted')![0]);
    await grid.focus();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('KeyX');
    await page.keyboard.press('KeyJ');
    await page.keyboard.press('KeyX');
    await page.keyboard.press('KeyB');
    const dialog = page.getByRole('dialog', { name: /برگشت برای اصلاح/ });
    await dialog.waitFor(WAIT);
    // the year: the first company's submitted year, chosen with the arrows in the focused select
    const target = submittedYear(listed.data[0]!);
    const select = dialog.getByRole('combobox', { name: 'سال مالی' });
    await select.selectOption(String(target));
    await dialog.getByLabel('علت برگشت').fill('یادداشت‌های توضیحی پیوست نشده است');
    await dialog.getByRole('button', { name: 'برگشت' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => undoBar(page).innerText(), WAIT).toContain('برای اصلاح برگشت داده شد');
    const returned = await states(page, '', target, ids);
    expect(returned[0]).toBe('returned');
    await page.screenshot({ path: `${SHOTS}/statements-matrix-returned.png` });
    await page.keyboard.press('Control+KeyZ');
    await expect.poll(async () => (await states(page, '', target, ids))[0], WAIT).toBe('submitted');
    await context.close();
  });

  it('Enter on a year opens its statement; 3 shows it common-size', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    await page.goto(
      `/performance/financial-statements-entry-state/list?to=1403&q=${encodeURIComponent('کاوه جنوب')}`,
    );
    const grid = page.getByRole('grid', { name: 'وضعیت ورود صورت‌های مالی' });
    await gridRows(grid).first().waitFor(WAIT);
    await settled(grid);
    await grid.focus();
    await page.keyboard.press('Control+Home');
    // to the last year column: in RTL the next column is to the left
    for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.waitForURL(/financial-statement\/view\/\d+/, WAIT);
    await page.getByRole('heading', { name: /فولاد کاوه جنوب کیش، سال مالی ۱۴۰۳/ }).waitFor(WAIT);
    const sheet = page.getByRole('table', { name: 'صورت وضعیت مالی (ترازنامه)' });
    await sheet.waitFor(WAIT);
    expect(await sheet.innerText()).toContain('۱۴۰۲');
    await page.keyboard.press('Digit3');
    await expect
      .poll(() => page.getByRole('button', { name: /درصد از جمع/ }).getAttribute('aria-pressed'), WAIT)
      .toBe('true');
    // total assets as a share of itself: 100%
    await expect.poll(() => sheet.locator('tbody tr').first().innerText(), WAIT).toContain('۱۰۰');
    await page.screenshot({ path: `${SHOTS}/statement-view.png`, fullPage: true });
    await context.close();
  });
});
