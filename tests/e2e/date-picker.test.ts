import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn, WAIT } from './pages/sign-in.ts';

/**
 * The Jalali date picker in Chromium against the real server, by keys: on the true-person
 * create form, Alt+↓ in the birth date opens a month of the Solar Hijri calendar on the typed
 * day; ← is the next day (the cell to the left), ↓ a week, PageDown a month, Shift+PageUp a
 * year back, Home the week's Saturday; Enter fills the field and gives it the focus back. Esc
 * closes without a change; an empty field opens on today, marked.
 */

let browser: Browser;
let baseURL: string;

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const calendar = (page: Page) => page.getByRole('dialog', { name: /تقویم تاریخ تولد/ });
const focusedDay = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el?.dataset.part === 'table-cell-trigger' ? (el.textContent ?? '') : null;
  });
const isActive = (field: Locator) => field.evaluate((el) => el === document.activeElement);
const left = async (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement).getBoundingClientRect().left);

async function openCreateForm(page: Page) {
  await signIn(page, 'analyst', 'تحلیلگر');
  await page.keyboard.press('KeyG');
  await page.keyboard.press('KeyT');
  await page.waitForURL((u) => u.pathname === '/person/true-persons', WAIT);
  await page.getByRole('grid').first().waitFor(WAIT);
  await page.keyboard.press('KeyN');
  await page.waitForURL((u) => u.pathname === '/person/true-persons/create', WAIT);
  const form = page.getByRole('form', { name: 'ثبت شخص حقیقی' });
  await form.waitFor(WAIT);
  return form.locator('[name=birth_date]');
}

describe('the Jalali date picker, by keyboard', () => {
  it('picks a birth date in the calendar and fills the field', async () => {
    const { page, context } = await newPage(browser, baseURL);
    const birth = await openCreateForm(page);
    await birth.focus();
    await page.keyboard.type('13700101');
    expect(await birth.inputValue()).toBe('۱۳۷۰/۰۱/۰۱');

    await page.keyboard.press('Alt+ArrowDown');
    await calendar(page).waitFor(WAIT);
    expect(await calendar(page).innerText()).toContain('فروردین ۱۳۷۰');
    await expect.poll(() => focusedDay(page), WAIT).toBe('۱');

    // Right to left: ← is the next day, on the left of today's cell.
    const before = await left(page);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => focusedDay(page), WAIT).toBe('۲');
    expect(await left(page)).toBeLessThan(before);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedDay(page), WAIT).toBe('۹');
    await page.keyboard.press('PageDown');
    await expect.poll(() => calendar(page).innerText(), WAIT).toContain('اردیبهشت ۱۳۷۰');
    // Keys pressed faster than a new month renders all count: a year back, a month on, a month
    // back, each in a task of its own (as keys come) but with no frame between them, so no new
    // month's day has had the focus yet when the next key comes.
    await page.evaluate(async () => {
      const keys = [
        ['PageUp', true],
        ['PageDown', false],
        ['PageUp', false],
      ] as const;
      for (const [code, shiftKey] of keys) {
        const init = { code, key: code, shiftKey, bubbles: true, cancelable: true };
        (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', init));
        await new Promise((r) => setTimeout(r, 0));
      }
    });
    await expect.poll(() => calendar(page).innerText(), WAIT).toContain('اردیبهشت ۱۳۶۹');
    await expect.poll(() => focusedDay(page), WAIT).toBe('۹');
    // 1369/02/09 is a Sunday; Home goes to Saturday the 8th.
    await page.keyboard.press('Home');
    await expect.poll(() => focusedDay(page), WAIT).toBe('۸');

    await page.keyboard.press('Enter');
    await calendar(page).waitFor({ state: 'detached', ...WAIT });
    expect(await birth.inputValue()).toBe('۱۳۶۹/۰۲/۰۸');
    expect(await isActive(birth)).toBe(true);
    await page.getByText('۸ اردیبهشت ۱۳۶۹').first().waitFor(WAIT);

    // Typing still works, and the calendar opens on what was typed.
    await birth.fill('');
    await page.keyboard.type('1365/4/21');
    expect(await birth.inputValue()).toBe('۱۳۶۵/۴/۲۱');
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => focusedDay(page), WAIT).toBe('۲۱');
    expect(await calendar(page).innerText()).toContain('تیر ۱۳۶۵');
    await page.keyboard.press('Escape');
    await calendar(page).waitFor({ state: 'detached', ...WAIT });
    expect(await birth.inputValue()).toBe('۱۳۶۵/۴/۲۱');
    expect(await isActive(birth)).toBe(true);
    // Esc in the calendar did not reach the form (no "discard changes?" question).
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await context.close();
  });

  it('opens an empty field on today, marked, from its button too', async () => {
    const { page, context } = await newPage(browser, baseURL);
    const birth = await openCreateForm(page);
    await page.getByRole('button', { name: 'تقویم تاریخ تولد' }).click();
    await calendar(page).waitFor(WAIT);
    const today = calendar(page).locator('[aria-current=date]');
    expect(await today.count()).toBe(1);
    const todayText = await today.innerText();
    await expect.poll(() => focusedDay(page), WAIT).toBe(todayText);
    await page.keyboard.press('Escape');
    await calendar(page).waitFor({ state: 'detached', ...WAIT });
    expect(await birth.inputValue()).toBe('');
    expect(await isActive(birth)).toBe(true);
    await context.close();
  });
});
