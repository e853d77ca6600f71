import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn } from './pages/sign-in.ts';

/**
 * The portfolio's screens in Chromium (issue 16): the analyst opens /performance, sees the year's
 * counts, follows «مشمول ماده ۱۴۱» to the statements list filtered to that year and article 141,
 * and opens the statistics, the audit report and production screens, each with a chart and the
 * table beside it.
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

describe('portfolio screens', () => {
  it('opens the overview and follows the article 141 count to the filtered statements list', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'analyst');
    await page.goto('/performance');
    const counts = page.getByRole('region', { name: /صورت‌های مالی سال/ });
    await counts.waitFor(WAIT);
    const overview = await pageGet(page, '/api/performance/portfolio');
    const link = counts.getByRole('link', { name: /^مشمول ماده ۱۴۱:/ });
    await expect.poll(() => link.textContent(), WAIT).toMatch(/[۰-۹]/);
    await page.screenshot({ path: `${SHOTS}/performance-overview-1440.png`, fullPage: true });
    for (const width of [1024, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/performance-overview-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/performance/financial-statement/list', WAIT);
    const url = new URL(page.url());
    expect(url.searchParams.get('a141')).toBe('true');
    expect(url.searchParams.get('year')).toBe(String(overview.fiscal_year));
    expect(url.searchParams.get('period')).toBe('12');
    const listed = await pageGet(
      page,
      `/api/performance/financial-statements?article_141=true&fiscal_year=${overview.fiscal_year}&period_months=12&per_page=1`,
    );
    expect(listed.total).toBe(overview.counts.article_141);
    await page.getByRole('grid').locator('tbody tr[aria-rowindex]').first().waitFor(WAIT);
    await context.close();
  });

  it('shows each portfolio screen with a chart and its table', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'analyst');
    for (const [path, table] of [
      ['/performance/statistics', /چارک‌ها/],
      ['/performance/audit-report', /اظهارنظر حسابرس به تفکیک سال/],
      ['/performance/product-reports', /فروش و تحقق برنامه/],
      ['/performance/production-capacity', /ظرفیت تولید شرکت‌ها/],
    ] as const) {
      await page.goto(path);
      await page.getByRole('table', { name: table }).waitFor(WAIT);
      await page.locator('figure svg').first().waitFor(WAIT);
      const name = path.split('/').at(-1);
      await page.screenshot({ path: `${SHOTS}/performance-${name}-1440.png`, fullPage: true });
    }
    // The statistics switch to ownership type, kept in the URL.
    await page.goto('/performance/statistics');
    await page.getByLabel('گروه‌بندی').selectOption('ownership');
    await page.waitForURL((u) => u.searchParams.get('group') === 'ownership', WAIT);
    await page.getByRole('table', { name: 'آمار به تفکیک نوع مالکیت' }).waitFor(WAIT);
    await context.close();
  });
});
