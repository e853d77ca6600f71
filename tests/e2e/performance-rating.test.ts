import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn } from './pages/sign-in.ts';

/**
 * The portfolio's rating in Chromium against the real server (issue 16), by keys: the analyst
 * opens the rating, moves to the first company with J and opens its detail with Enter, where an
 * economic item shows its formula and the statement items it read; Esc closes it. The economic
 * strength screen lists the dimension's items as columns.
 */

const WAIT = { timeout: 20_000 };
let browser: Browser;
let baseURL: string;

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
});
afterAll(() => browser?.close());

describe('rating, by keyboard', () => {
  it('opens a company’s rating and reads how an item was computed', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'analyst');
    await page.goto('/performance/evaluation/rating');
    const grid = page.getByRole('grid', { name: /رتبه‌بندی شرکت‌ها در سال/ });
    await grid.locator('tbody tr[aria-rowindex]').first().waitFor(WAIT);
    await expect.poll(() => grid.getAttribute('aria-busy'), WAIT).toBeNull();
    // the grade chart has its data table beside it
    await page.getByRole('table', { name: 'تعداد شرکت‌ها در هر رده' }).waitFor(WAIT);
    await grid.focus();
    await page.keyboard.press('KeyJ');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor(WAIT);
    const roa = dialog.locator('tr[data-item="roa"]');
    await roa.waitFor(WAIT);
    const text = await roa.innerText();
    expect(text).toContain('net_profit / total_assets');
    expect(text).toContain('جمع دارایی‌ها');
    await page.screenshot({ path: '.tmp/shots/performance-rating-detail.png' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...WAIT });

    await page.goto('/performance/ecomomic-strength');
    const eco = page.getByRole('grid', { name: /امتیاز توان اقتصادی شرکت‌ها/ });
    await eco.locator('tbody tr[aria-rowindex]').first().waitFor(WAIT);
    await expect.poll(() => eco.locator('thead').innerText(), WAIT).toContain('بازده دارایی‌ها');
    await page.screenshot({ path: '.tmp/shots/performance-economic-strength.png' });
    await context.close();
  });
});
