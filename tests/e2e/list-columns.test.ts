import { mkdirSync } from 'node:fs';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn, WAIT } from './pages/sign-in.ts';

/**
 * The list workstation's sort by several columns and its column chooser, in Chromium against
 * the real server, by keyboard: S sorts by the focused column, Shift+S adds a second key (the
 * URL and the request carry both, the headers show their order); Shift+V opens the chooser, Space
 * hides a column, ↑ widens one; both are kept for the user on the server (a reload shows them)
 * and "ستون‌های پیش‌فرض" brings the defaults back.
 */

let browser: Browser;
let baseURL: string;
beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const headers = (page: Page) => page.locator('[role=grid] thead th').allInnerTexts();

async function openList(page: Page) {
  // What the list's requests answered, to tell a failed request from a slow one or a page that
  // never asked (a first try that once saw no row in 15 s on CI left nothing else to go on).
  const answers: string[] = [];
  const note = (r: Response) => {
    if (r.url().includes('/api/person/legal-persons'))
      answers.push(`${r.status()} ${new URL(r.url()).search}`);
  };
  page.on('response', note);
  await page.goto('/person/legal-persons');
  const grid = page.getByRole('grid');
  await grid
    .locator('tbody tr[aria-rowindex]')
    .first()
    .waitFor(WAIT)
    .catch(async (e: Error) => {
      const main = await page
        .locator('main')
        .innerText()
        .catch(() => '(no main)');
      throw new Error(
        `${e.message}\nlist requests: ${answers.join(' | ') || 'none'}\nmain: ${main.slice(0, 300)}`,
      );
    })
    .finally(() => page.off('response', note));
  await grid.focus();
  return grid;
}

describe('list columns', () => {
  it('sorts by two columns with S and Shift+S, in the URL and the request', async () => {
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    const grid = await openList(page);
    await page.keyboard.press('KeyJ');
    // In right-to-left ← moves to the next column: نام → شناسه ملی → نماد
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('KeyS');
    await page.waitForURL((u) => u.searchParams.get('sort')?.includes('ticker') ?? false, WAIT);
    await grid.locator('tbody tr[aria-rowindex]').first().waitFor(WAIT);
    // → سرمایه ثبتی (four columns on), added as the second key: largest first
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    const request = page.waitForRequest((r) => r.url().includes('/api/person/legal-persons?'), WAIT);
    await page.keyboard.press('Shift+KeyS');
    const url = new URL((await request).url());
    expect(url.searchParams.get('sortBy')).toBe('ticker,-registered_capital');
    await expect
      .poll(() => new URL(page.url()).searchParams.get('sort'), WAIT)
      .toMatch(/^"?ticker,-registered_capital"?$/);
    const heads = await headers(page);
    expect(heads.find((h) => h.startsWith('نماد'))).toContain('▲۱');
    expect(heads.find((h) => h.startsWith('سرمایه ثبتی'))).toContain('▼۲');
  });

  it('hides and widens columns in the chooser, keeps them for the user, and restores the defaults', async () => {
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    try {
      await chooseColumns(page);
    } finally {
      // Whatever happened above, the analyst's list gets its default columns back: the other
      // browser tests read the legal-persons columns by position.
      const status = await page.evaluate(`fetch('/api/user/preferences/table:legal-persons', {
        method: 'DELETE',
        headers: { 'x-xsrf-token': decodeURIComponent((document.cookie.match(/XSRF-TOKEN=([^;]+)/) || [])[1] || '') },
      }).then((r) => r.status)`);
      expect(status).toBe(200);
    }
  });
});

async function chooseColumns(page: Page) {
  await openList(page);
  const idHead = page.locator('[role=grid] thead th').nth(2);
  expect(await idHead.innerText()).toContain('شناسه ملی');
  const before = (await idHead.boundingBox())!.width;

  await page.keyboard.press('Shift+KeyV');
  const dialog = page.getByRole('dialog', { name: 'ستون‌های فهرست' });
  await dialog.waitFor(WAIT);
  await dialog.getByRole('checkbox', { name: 'نماد' }).focus();
  await page.keyboard.press('Space');
  await dialog.getByLabel('عرض ستون شناسه ملی (پیکسل)').focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/user/preferences/table') && r.request().method() === 'PUT',
    WAIT,
  );
  mkdirSync('.tmp/shots', { recursive: true });
  await page.screenshot({ path: '.tmp/shots/column-chooser.png' });
  await page.keyboard.press('Escape');
  expect((await saved).status()).toBe(200);
  expect(await headers(page)).not.toContainEqual(expect.stringMatching(/^نماد/));
  await expect.poll(async () => Math.round((await idHead.boundingBox())!.width - before), WAIT).toBe(40);

  // kept on the server: a new page (same user) shows the same columns
  await page.reload();
  await openList(page);
  await expect.poll(() => headers(page), WAIT).not.toContainEqual(expect.stringMatching(/^نماد/));
  expect(await page.getByRole('button', { name: /ستون‌ها \(۱ پنهان\)/ }).isVisible()).toBe(true);

  await page.keyboard.press('Shift+KeyV');
  await dialog.waitFor(WAIT);
  const reset = page.waitForResponse(
    (r) => r.url().includes('/api/user/preferences/table') && r.request().method() === 'DELETE',
    WAIT,
  );
  await dialog.getByRole('button', { name: 'ستون‌های پیش‌فرض' }).press('Enter');
  expect((await reset).status()).toBe(200);
  await page.keyboard.press('Escape');
  await expect.poll(() => headers(page), WAIT).toContainEqual(expect.stringMatching(/^نماد/));
}
