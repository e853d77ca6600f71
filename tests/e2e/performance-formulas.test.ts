import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn } from './pages/sign-in.ts';

/**
 * The formula editor in Chromium against the real server (issue 16), by keys: the analyst opens
 * the formulas list, opens «بازده دارایی‌ها» with Enter, picks فولاد کاوه جنوب کیش and 1402 for the
 * preview, reads the value from the company's annual statement, multiplies the text by 100 and sees
 * the value follow, then types an unknown reference and sees the Persian error in place of the
 * value; Esc leaves the formula as it was. A new formula is made with N and saved with Ctrl+Enter.
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

/** A number shown in Persian digits (٬ grouping, ٫ decimal point, − minus) as a JavaScript number. */
const readNumber = (text: string) =>
  Number(
    text
      .replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)))
      .replace(/٬/g, '')
      .replace('٫', '.')
      .replace(/[−-]/, '-')
      .trim(),
  );

describe('the formula editor', () => {
  it('previews a formula for a company and year as it is typed, and names a bad reference in Persian', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    await page.goto('/performance/formulas/list?q=roa');
    const grid = page.getByRole('grid', { name: 'فرمول‌ها' });
    await grid.locator('tbody tr[aria-rowindex]').first().waitFor(WAIT);
    await grid.focus();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /ویرایش فرمول «بازده دارایی‌ها»/ });
    await dialog.waitFor(WAIT);

    // the company, by keys in its picker, and the year
    await dialog.locator('input[name=preview_company]').focus();
    await page.keyboard.type('کاوه جنوب');
    await dialog.getByRole('option').first().waitFor(WAIT);
    await page.keyboard.press('Enter');
    const year = dialog.locator('input[name=preview_year]');
    await year.focus();
    await page.keyboard.press('Control+KeyA');
    await page.keyboard.type('1402');

    const value = dialog.getByLabel('مقدار فرمول');
    await expect.poll(() => value.textContent(), WAIT).toMatch(/[۰-۹]/);
    const inputs = dialog.getByRole('table', { name: 'ورودی‌های فرمول' });
    await expect.poll(() => inputs.innerText(), WAIT).toContain('total_assets');
    const first = readNumber((await value.textContent())!);
    expect(Number.isFinite(first)).toBe(true);
    expect(Math.abs(first)).toBeLessThan(1);
    await page.screenshot({ path: `${SHOTS}/formula-editor.png` });

    // × 100: the preview follows the text
    const text = dialog.locator('textarea[name=text]');
    await text.focus();
    await page.keyboard.press('End');
    await page.keyboard.type(' * 100');
    await expect
      .poll(async () => readNumber((await value.textContent()) ?? ''), WAIT)
      .toBeCloseTo(Math.round(first * 100 * 10_000) / 10_000, 2);

    // an unknown reference: the Persian error instead of a value
    await page.keyboard.press('Control+KeyA');
    await page.keyboard.type('net_profit / total_asets');
    const errors = dialog.getByRole('alert', { name: 'خطاهای فرمول' });
    await expect.poll(() => errors.innerText(), WAIT).toContain('قلم یا سنجه ناشناخته: total_asets');
    await expect.poll(() => value.count(), WAIT).toBe(0);
    await page.screenshot({ path: `${SHOTS}/formula-editor-error.png` });

    // Esc leaves it unsaved
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    const roa = ((await pageGet(page, '/api/performance/formulas')) as { code: string; text: string }[]).find(
      (f) => f.code === 'roa',
    );
    expect(roa?.text).toBe('net_profit / total_assets');
    await context.close();
  });

  it('makes a formula with N and saves it with Ctrl+Enter', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    await page.goto('/performance/formulas/list');
    const grid = page.getByRole('grid', { name: 'فرمول‌ها' });
    await grid.locator('tbody tr[aria-rowindex]').first().waitFor(WAIT);
    await page.keyboard.press('KeyN');
    const dialog = page.getByRole('dialog', { name: 'فرمول تازه' });
    await dialog.waitFor(WAIT);
    const code = `cash_ratio_${Date.now() % 100_000}`;
    await dialog.locator('input[name=code]').fill(code);
    await dialog.locator('input[name=name_fa]').fill('نسبت وجه نقد');
    await dialog.locator('textarea[name=text]').fill('cash / current_liabilities');
    await expect.poll(() => dialog.getByRole('status').first().innerText(), WAIT).toContain('فرمول درست است');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await grid.locator('tbody tr[aria-rowindex]', { hasText: code }).waitFor(WAIT);
    await context.close();
  });
});
