import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn, WAIT } from './pages/sign-in.ts';

/**
 * The filter builder on the legal persons list, in Chromium against the real server: Shift+F
 * opens it; "not listed AND (fund OR capital ≥ 10^14)" is built, a bad amount is refused beside
 * its condition, Ctrl+Enter applies; the list's count is the server's count for the same tree;
 * the URL alone (a shared link) opens the same view.
 */

let browser: Browser;
let baseURL: string;
beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const toNumber = (s: string) =>
  Number(s.replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)).replace(/[^\d]/g, '') || '0');
const shownTotal = async (page: Page) =>
  toNumber(await page.locator('[role=status] [data-count]').first().innerText());

describe('filter builder', () => {
  it('builds A AND (B OR C) by keys, refuses a bad value in place, applies it to the URL and the count', async () => {
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    await page.goto('/person/legal-persons');
    const grid = page.getByRole('grid');
    await grid.locator('tbody tr[aria-rowindex]').first().waitFor(WAIT);
    await grid.focus();
    await page.keyboard.press('Shift+KeyF');
    const dialog = page.getByRole('dialog', { name: 'فیلتر پیشرفته' });
    await dialog.waitFor(WAIT);

    // "بورسی = غیربورسی"
    await dialog.getByRole('button', { name: '+ شرط' }).press('Enter');
    const rows = dialog.locator('[data-condition]');
    await rows.nth(0).getByLabel('فیلد').selectOption({ label: 'بورسی' });
    await rows.nth(0).getByLabel('مقدار').selectOption('false');
    // "(نوع = صندوق یا سرمایه ≥ ...)"
    await dialog.getByRole('button', { name: '+ گروه «یا»' }).press('Enter');
    const group = dialog.locator('fieldset');
    await group.locator('[data-condition]').nth(0).getByLabel('فیلد').selectOption({ label: 'نوع' });
    await group.locator('[data-condition]').nth(0).getByLabel('مقدار').selectOption({ label: 'صندوق' });
    await group.getByRole('button', { name: '+ شرط در این گروه' }).press('Enter');
    const capital = group.locator('[data-condition]').nth(1);
    await capital.getByLabel('فیلد').selectOption({ label: 'سرمایه ثبتی (ریال)' });
    await capital.getByLabel('مقدار').focus();
    await page.keyboard.type('بسیار');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => capital.getByRole('alert').innerText(), WAIT).toBe('عدد معتبر نیست');
    expect(await dialog.isVisible()).toBe(true);
    await capital.getByLabel('مقدار').fill('');
    await page.keyboard.type('۱۰۰٬۰۰۰٬۰۰۰٬۰۰۰٬۰۰۰');
    mkdirSync('.tmp/shots', { recursive: true });
    await page.screenshot({ path: '.tmp/shots/filter-builder.png' });
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });

    const tree = [
      { field: 'is_listed', op: 'eq', value: false },
      {
        or: [
          { field: 'kind', op: 'eq', value: 'fund' },
          { field: 'registered_capital', op: 'gte', value: '100000000000000' },
        ],
      },
    ];
    // The router keeps search values as JSON: `af` is a JSON text inside it.
    const af = () => {
      const raw = JSON.parse(new URL(page.url()).searchParams.get('af') ?? 'null');
      return typeof raw === 'string' ? JSON.parse(raw) : raw;
    };
    await expect.poll(af, WAIT).toEqual(tree);
    const server = await page.evaluate(async (af) => {
      const res = await fetch(
        `/api/person/legal-persons?per_page=1&advanceFilter=${encodeURIComponent(af)}`,
        {
          credentials: 'include',
        },
      );
      return ((await res.json()) as { data: { total: number } }).data.total;
    }, JSON.stringify(tree));
    expect(server).toBeGreaterThan(0);
    await expect.poll(() => shownTotal(page), WAIT).toBe(server);
    await expect
      .poll(() => page.getByRole('button', { name: /فیلتر پیشرفته/ }).innerText(), WAIT)
      .toContain('۳ شرط');

    // The link alone opens the same view; Shift+F shows the tree as it was built.
    const link = page.url();
    // (a new tab of the same signed-in browser)
    const other = await page.context().newPage();
    await other.goto(link);
    await other.getByRole('grid').locator('tbody tr[aria-rowindex]').first().waitFor(WAIT);
    await expect.poll(() => shownTotal(other), WAIT).toBe(server);
    await other.getByRole('grid').focus();
    await other.keyboard.press('Shift+KeyF');
    const again = other.getByRole('dialog', { name: 'فیلتر پیشرفته' });
    await again.waitFor(WAIT);
    expect(await again.locator('[data-condition]').count()).toBe(3);
    await other.keyboard.press('Escape');
    await again.waitFor({ state: 'detached', ...WAIT });
    // Shift+C clears it with the other filters.
    await other.getByRole('grid').focus();
    await other.keyboard.press('Shift+KeyC');
    await expect.poll(() => new URL(other.url()).searchParams.get('af'), WAIT).toBeNull();
  });
});
