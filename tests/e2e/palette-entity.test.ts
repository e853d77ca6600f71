import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn, WAIT } from './pages/sign-in.ts';

/**
 * The palette's entity pages in Chromium against the real server, by keys: Ctrl+K, a company
 * by part of its name, Tab into its actions (the company as a chip in the input), typing
 * filters them, Backspace on the empty input comes back to the search, Enter runs an action;
 * a role without the edit permission does not see "ویرایش"; Esc leaves a page before it
 * closes the palette; the history action opens the history tab.
 */

let browser: Browser;
let baseURL: string;

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const dialog = (page: Page) => page.getByRole('dialog');
const input = (page: Page) => dialog(page).getByRole('combobox');
const chip = (page: Page) => dialog(page).locator('[data-palette-chip]');
const options = (page: Page) => dialog(page).getByRole('option');
const optionTitles = async (page: Page) =>
  (await options(page).allInnerTexts()).map((t) => t.split('\n')[0]!.trim());

/** Opens the palette, finds the company by `query` and highlights it. */
async function highlightCompany(page: Page, query: string, name: RegExp) {
  await page.keyboard.press('Control+KeyK');
  await input(page).waitFor(WAIT);
  await page.keyboard.type(query);
  const option = dialog(page).getByRole('option', { name }).first();
  await option.waitFor(WAIT);
  for (let i = 0; i < 12 && (await option.getAttribute('aria-selected')) !== 'true'; i++) {
    await page.keyboard.press('ArrowDown');
  }
  expect(await option.getAttribute('aria-selected')).toBe('true');
}

describe('palette entity actions, by keyboard', () => {
  it('goes into a company, filters its actions, comes back with Backspace and opens the status report', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    await highlightCompany(page, 'فولاد خوز', /فولاد خوزستان/);

    await page.keyboard.press('Tab');
    await expect.poll(() => chip(page).innerText(), WAIT).toContain('فولاد خوزستان');
    expect(await input(page).inputValue()).toBe('');
    await expect.poll(() => optionTitles(page), WAIT).toContain('گزارش وضعیت');
    const titles = await optionTitles(page);
    expect(titles).toEqual(expect.arrayContaining(['باز کردن پرونده', 'ویرایش', 'هیئت مدیره', 'شعب']));
    // Planned screens stay hidden (and all-persons, cross-company screens are not actions).
    expect(titles).not.toContain('اصلاح ساختار شرکتی');

    await page.keyboard.type('وضعیت');
    await expect.poll(() => optionTitles(page), WAIT).toEqual(['گزارش وضعیت']);

    // Backspace edits the text first; on the empty input it leaves the page, with the search back.
    for (let i = 0; i < 'وضعیت'.length; i++) await page.keyboard.press('Backspace');
    await expect.poll(() => input(page).inputValue()).toBe('');
    expect(await chip(page).count()).toBe(1);
    await page.keyboard.press('Backspace');
    await expect.poll(() => chip(page).count(), WAIT).toBe(0);
    expect(await input(page).inputValue()).toBe('فولاد خوز');
    await dialog(page)
      .getByRole('option', { name: /فولاد خوزستان/ })
      .first()
      .waitFor(WAIT);

    // In again, and Enter on the filtered action lands on the status report.
    const company = dialog(page)
      .getByRole('option', { name: /فولاد خوزستان/ })
      .first();
    for (let i = 0; i < 12 && (await company.getAttribute('aria-selected')) !== 'true'; i++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Tab');
    await chip(page).waitFor(WAIT);
    await page.keyboard.type('گزارش وضع');
    await expect.poll(async () => (await optionTitles(page))[0], WAIT).toBe('گزارش وضعیت');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => /^\/person\/legal-persons\/status\/\d+$/.test(u.pathname), WAIT);
    await input(page).waitFor({ state: 'detached' });
    await context.close();
  });

  it('hides what the role may not open, pops a page on Esc and opens the history tab', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'auditor');
    await highlightCompany(page, 'فولاد خوز', /فولاد خوزستان/);
    await page.keyboard.press('Tab');
    await expect.poll(() => optionTitles(page), WAIT).toContain('گزارش وضعیت');
    // The auditor holds no person.legal.edit: no edit action.
    expect(await optionTitles(page)).not.toContain('ویرایش');

    // Esc leaves the page; the palette stays open. A second Esc closes it.
    await page.keyboard.press('Escape');
    await expect.poll(() => chip(page).count(), WAIT).toBe(0);
    expect(await input(page).isVisible()).toBe(true);
    expect(await input(page).inputValue()).toBe('فولاد خوز');

    await page.keyboard.press('Tab');
    await chip(page).waitFor(WAIT);
    await page.keyboard.type('history');
    await expect.poll(async () => (await optionTitles(page))[0], WAIT).toBe('تاریخچه تغییرات');
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (u) => /^\/person\/legal-persons\/view\/\d+$/.test(u.pathname) && u.hash === '#history',
      WAIT,
    );
    const tab = page.getByRole('tab', { name: /تاریخچه تغییرات/ });
    await expect.poll(() => tab.getAttribute('aria-selected'), WAIT).toBe('true');
    await context.close();
  });

  it('lets go of the keys as it closes (J typed meanwhile moves the list) and gives the focus back to the grid', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    await page.goto('/person/legal-persons');
    const grid = page.getByRole('grid');
    await grid.locator('tbody tr[aria-rowindex]').first().waitFor(WAIT);
    // Focusing the grid focuses its first row.
    await grid.focus();
    const focusedRow = async () =>
      /-r(\d+)-c\d+$/.exec((await grid.getAttribute('aria-activedescendant')) ?? '')?.[1];
    await expect.poll(focusedRow, WAIT).toBe('0');

    await page.keyboard.press('Control+KeyK');
    await input(page).waitFor(WAIT);
    // Esc, then J twice at once: the palette is still fading out (300 ms) when they arrive.
    await page.keyboard.press('Escape');
    await page.keyboard.press('KeyJ');
    await page.keyboard.press('KeyJ');
    await expect.poll(focusedRow, WAIT).toBe('2');
    expect(await focusedRow()).toBe('2');
    await input(page).waitFor({ state: 'detached', ...WAIT });
    // The focus is back on the grid it was opened from (its focused row ringed again).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('grid');

    // So too after a dialog opened by key: X selects the row, Delete asks, Esc cancels.
    await page.keyboard.press('KeyX');
    await page.keyboard.press('Delete');
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor(WAIT);
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached', ...WAIT });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('grid');
    await context.close();
  });
});
