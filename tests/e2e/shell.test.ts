import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, newPage } from '../support/browser.ts';

/**
 * The shell in a real browser against the real server: the route guard, the 404 page, the
 * palette on the physical Ctrl+K (also when a Persian layout types «ن» for that key), the `?`
 * sheet, go-to keys, the access-denied dialog, and axe on the sign-in page and the dashboard.
 */

const PASSWORD = 'nazer-demo';
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

async function fresh(opts: { testHooks?: boolean } = {}) {
  const { context, page } = await newPage(browser, process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl'));
  if (opts.testHooks) await context.addInitScript('window.__NAZER_TEST_HOOKS__ = true');
  return { context, page };
}

/** Signs in through the sign-in card; chooses the first role when asked. Ends on `/` or the remembered path. */
async function signIn(page: Page, username: string) {
  if (!new URL(page.url()).pathname.endsWith('/login')) await page.goto('/auth/login');
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => !u.pathname.endsWith('/login'));
  if (new URL(page.url()).pathname === '/auth/select-role') {
    // One role is chosen by itself; with several, press the first one's number.
    const pick = page.locator('main ul button:not([disabled])').first();
    await Promise.race([
      page.waitForURL((u) => u.pathname !== '/auth/select-role').catch(() => {}),
      pick
        .waitFor()
        .then(() => page.keyboard.press('Digit1'))
        .catch(() => {}),
    ]);
    await page.waitForURL((u) => u.pathname !== '/auth/select-role');
  }
}

/** expect.poll's default second is too short for a first page load (boot, chunks). */
const WAIT = { timeout: 15_000 };

const path = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

describe('route guard', () => {
  it('sends a visitor to sign in, remembers the full attempted path and returns there after', async () => {
    const { page, context } = await fresh();
    await page.goto('/person/legal-persons?sortBy=name');
    await page.waitForURL((u) => u.pathname === '/auth/login');
    const saved = await page.evaluate(() => localStorage.getItem('nazer.redirect'));
    expect(JSON.parse(saved!)).toBe('/person/legal-persons?sortBy=name');
    await signIn(page, 'analyst');
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe('/person/legal-persons');
    await context.close();
  });

  it('keeps a role on its page, with a Persian notice, when a screen is not permitted', async () => {
    const { page, context } = await fresh();
    await signIn(page, 'analyst');
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'داشبورد' }).waitFor();
    await page.evaluate(() => {
      history.pushState({}, '', '/logs/sms');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByText('دسترسی لازم به این بخش داده نشده است').waitFor();
    await expect.poll(() => path(page), WAIT).toBe('/');
    await context.close();
  });

  it('sends a signed-in user away from the sign-in page', async () => {
    const { page, context } = await fresh();
    await signIn(page, 'admin');
    await page.goto('/auth/login');
    await expect.poll(() => path(page), WAIT).toBe('/');
    await context.close();
  });
});

describe('404', () => {
  it('says the page is unknown and what to do next', async () => {
    const { page, context } = await fresh();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { level: 1, name: 'این صفحه پیدا نشد' }).waitFor();
    await page.getByRole('link', { name: 'رفتن به داشبورد' }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await context.close();
  });
});

describe('keyboard shell', () => {
  it('opens the palette on the physical Ctrl+K, finds a company by part of its name, and opens it', async () => {
    const { page, context } = await fresh();
    await signIn(page, 'admin');
    await page.getByRole('heading', { level: 1, name: 'داشبورد' }).waitFor();
    // A Persian layout: the K key types «ن»; the shortcut must still fire.
    await page.evaluate(() =>
      document.body.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ن', code: 'KeyK', ctrlKey: true, bubbles: true }),
      ),
    );
    const input = page.getByRole('combobox');
    await input.waitFor();
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'detached' });

    await page.keyboard.press('Control+KeyK');
    await input.waitFor();
    // Arabic kaf and yeh find the Persian title.
    await page.keyboard.type('كاربران');
    await page
      .getByRole('option', { name: /کاربران/ })
      .first()
      .waitFor();
    await input.fill('');
    await page.keyboard.type('فولاد مبارکه');
    await page
      .getByRole('option', { name: /فولاد مبارکه/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => /^\/person\/legal-persons\/view\/\d+$/.test(u.pathname));
    await context.close();
  });

  it('lists the shortcuts on ?, and goes places with G then a letter', async () => {
    const { page, context } = await fresh();
    await signIn(page, 'admin');
    await page.getByRole('heading', { level: 1, name: 'داشبورد' }).waitFor();
    await page.keyboard.press('Shift+Slash');
    const sheet = page.getByRole('dialog', { name: 'میان‌برهای صفحه‌کلید' });
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain('جستجو و فرمان‌ها');
    expect(await sheet.textContent()).toContain('اشخاص حقوقی');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    await page.keyboard.press('KeyG');
    await page.keyboard.press('KeyT');
    await page.waitForURL((u) => u.pathname === '/person/true-persons');
    await context.close();
  });

  it('shows the access-denied dialog, which only its close button dismisses', async () => {
    const { page, context } = await fresh({ testHooks: true });
    await signIn(page, 'admin');
    await page.getByRole('heading', { level: 1, name: 'داشبورد' }).waitFor();
    await page.evaluate(() =>
      (
        window as unknown as { __nazer: { accessDenied: { show(m: string): void } } }
      ).__nazer.accessDenied.show('این گزارش فقط برای حسابرسان است'),
    );
    const dialog = page.getByRole('alertdialog', { name: 'عدم دسترسی' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('این گزارش فقط برای حسابرسان است');
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await page.waitForTimeout(400);
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'بستن' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('accessibility (axe)', () => {
  const serious = async (page: Page) => {
    const result = await new AxeBuilder({ page }).analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };

  it('finds no serious or critical violations on the sign-in page', async () => {
    const { page, context } = await fresh();
    await page.goto('/auth/login');
    await page.locator('input[name=username]').waitFor();
    expect(await serious(page)).toEqual([]);
    await context.close();
  });

  it('finds no serious or critical violations on the dashboard', async () => {
    const { page, context } = await fresh();
    await signIn(page, 'admin');
    await page.getByRole('heading', { level: 1, name: 'داشبورد' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await serious(page)).toEqual([]);
    await context.close();
  });
});
