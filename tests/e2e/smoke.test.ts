import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchChromium, newPage } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

it('serves the right-to-left Persian app', async () => {
  const { page, context } = await newPage(browser, process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl'));
  await page.goto('/');
  await expect.poll(() => page.locator('html').getAttribute('dir')).toBe('rtl');
  await expect.poll(() => page.locator('h1').first().textContent()).toContain('ناظر');
  await context.close();
});
