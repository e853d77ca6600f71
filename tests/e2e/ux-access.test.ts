import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './pages/browser-suite.ts';
import { companiesByName, gridRows, legalGrid, openLegalList } from './pages/lists.ts';
import { WAIT } from './pages/sign-in.ts';

/**
 * What a new user tripped over, in Chromium against the real server: a read-only viewer is
 * offered only what the role may do on the persons lists (no bulk label, unlabel or delete, not
 * on their keys, not in the `?` sheet); a record view the server refuses (403) answers as the
 * specification's error catalogue says (a toast with the server's message, then back one page);
 * a company's shareholders page has the company in its breadcrumb, and Esc and Backspace go there.
 */

const suite = browserSuite();

const pathname = (page: Page) => new URL(page.url()).pathname;
const bulkBar = (page: Page) => page.getByRole('toolbar', { name: 'عملیات گروهی' });
const EDITING = ['برچسب زدن', 'برداشتن برچسب', 'حذف'];

/** Selects the list's first row by keys and answers the bulk bar's button titles. */
async function selectFirstRow(page: Page): Promise<string[]> {
  const grid = await openLegalList(page);
  await grid.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('KeyX');
  await expect.poll(() => gridRows(grid).first().getAttribute('aria-selected'), WAIT).toBe('true');
  await bulkBar(page).waitFor(WAIT);
  return bulkBar(page).getByRole('button').allInnerTexts();
}

describe('what the role may do, and where a page belongs', () => {
  it('offers a read-only viewer no bulk label, unlabel or delete: not as buttons, keys or in the sheet', async () => {
    const { page, context } = await suite.signedIn('analyst', 'مشاهده‌گر');
    const bulkCalls: string[] = [];
    page.on('request', (r) => {
      // API calls only: a code chunk may be named after a shared module (assets/bulk-….js).
      if (new URL(r.url()).pathname.startsWith('/api/') && r.url().includes('/bulk'))
        bulkCalls.push(`${r.method()} ${r.url()}`);
    });
    const buttons = (await selectFirstRow(page)).join(' | ');
    // What the viewer may do (export needs only the list permission) is still there.
    expect(buttons).toContain('خروجی اکسل انتخاب‌شده‌ها');
    for (const title of EDITING) expect(buttons).not.toContain(title);

    // Their keys do nothing: no picker, no confirmation, no request, and the list stays.
    for (const key of ['KeyL', 'Shift+KeyL', 'Delete']) await page.keyboard.press(key);
    await page.waitForTimeout(3500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(bulkCalls).toEqual([]);
    expect(pathname(page)).toBe('/person/legal-persons');

    // The ? sheet lists only what the role may do.
    await page.keyboard.press('Shift+Slash');
    const sheet = page.getByRole('dialog', { name: 'میان‌برهای صفحه‌کلید' });
    await sheet.waitFor(WAIT);
    const listed = (await sheet.textContent()) ?? '';
    expect(listed).toContain('خروجی اکسل انتخاب‌شده‌ها (ردیف‌های انتخاب‌شده)');
    for (const title of EDITING) expect(listed).not.toContain(`${title} (ردیف‌های انتخاب‌شده)`);
    await context.close();

    // The analyst role, which holds the edit permission the bulk route asks for, keeps them.
    const analyst = await suite.signedIn('analyst', 'تحلیلگر');
    const offered = (await selectFirstRow(analyst.page)).join(' | ');
    for (const title of EDITING) expect(offered).toContain(title);
    await analyst.context.close();
  });

  it('answers a record view the server refuses with a toast of its message, then goes back one page', async () => {
    const { page, context } = await suite.signedIn('analyst', 'مشاهده‌گر');
    const [company] = await companiesByName(page);
    // The role lost the right to this record since the list was loaded (another tab, an
    // administrator): the server answers the record's request with its 403.
    const message = 'دسترسی لازم به این بخش داده نشده است';
    await page.route(
      (url) => url.pathname === `/api/person/legal-persons/${company!.id}`,
      (route) => route.fulfill({ status: 403, json: { message } }),
    );
    const grid = await openLegalList(page, '?sort=name');
    await grid.focus();
    await page.keyboard.press('Home');
    expect(await gridRows(grid).first().innerText()).toContain(company!.name);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/person/legal-persons/view/${company!.id}`, WAIT);

    await page.getByRole('alert').filter({ hasText: message }).first().waitFor(WAIT);
    // Not a "could not load" with a retry that would be refused again.
    expect(await page.getByRole('button', { name: 'دوباره تلاش کنید' }).count()).toBe(0);
    await page.waitForURL((u) => u.pathname === '/person/legal-persons', { timeout: 8000 });
    await gridRows(legalGrid(page)).first().waitFor(WAIT);
    await context.close();
  });

  it('puts the company in the shareholders page’s breadcrumb; Esc and Backspace go back to it', async () => {
    const { page, context } = await suite.signedIn('analyst', 'تحلیلگر');
    const [company] = await companiesByName(page);
    const view = `/person/legal-persons/view/${company!.id}`;
    const open = async () => {
      await page.goto(`/person/shareholder/${company!.id}`);
      await page.getByRole('heading', { level: 1, name: `سهامداران ${company!.name}` }).waitFor(WAIT);
    };
    await open();
    const trail = page.getByRole('navigation', { name: 'مسیر صفحه' });
    const links = trail.getByRole('link');
    expect(await links.allInnerTexts()).toEqual(['داشبورد', 'اشخاص حقوقی', company!.name]);
    expect(await links.last().getAttribute('href')).toBe(view);

    await page.keyboard.press('Escape');
    await page.waitForURL((u) => u.pathname === view, WAIT);
    await page.getByRole('heading', { level: 1, name: company!.name }).waitFor(WAIT);

    await open();
    await page.keyboard.press('Backspace');
    await page.waitForURL((u) => u.pathname === view, WAIT);
    await context.close();
  });
});
