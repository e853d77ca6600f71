import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn, WAIT } from './pages/sign-in.ts';

/**
 * Company reports in Chromium against the real server, by keys: N adds a product report in its
 * dialog (Tab between fields, Ctrl+Enter saves) and the table shows its achievement ٪; a monthly
 * report added the same way shows with its Persian month and the year's totals, a production
 * capacity with its utilisation; the Codal list
 * filtered by kind from its filter select (arrow keys); minutes created with the company picker
 * (type, ↓, Enter) and a Jalali date. Screenshots go to .tmp/shots.
 */

const SHOTS = '.tmp/shots';
let browser: Browser;
let baseURL: string;
const tag = Date.now().toString(36).slice(-4);

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser?.close());

/** A call as the page makes it (its cookies), answering the body's data. */
function pageGet(page: Page, path: string) {
  return page.evaluate(async (path) => {
    const res = await fetch(path, { credentials: 'include' });
    return ((await res.json()) as { data: any }).data;
  }, path);
}

const activeName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? '');

/** Tabs to the field named `name` (at most 12 presses) and types `text` there. */
async function typeInto(page: Page, name: string, text: string) {
  for (let i = 0; i < 12 && (await activeName(page)) !== name; i++) await page.keyboard.press('Tab');
  expect(await activeName(page)).toBe(name);
  await page.keyboard.type(text);
}

/** Presses ↓ on the focused select until it shows `label`. */
async function pickOption(page: Page, select: Locator, label: string) {
  for (let i = 0; i < 20; i++) {
    const shown = await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent ?? '');
    if (shown === label) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`option ${label} not reached`);
}

/** A company of the registry with no demo reports (the one the analyst adds to). */
async function someCompany(page: Page): Promise<{ id: number; name: string }> {
  const list = await pageGet(
    page,
    '/api/person/legal-persons?kind=company&sortBy=created_at&descending=true&per_page=1',
  );
  return list.data[0];
}

describe('company reports, by keyboard', () => {
  it('adds a product report with its achievement, a monthly report with its totals and a capacity with its utilisation', async () => {
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    const company = await someCompany(page);

    await page.goto(`/person/legal-persons/product-reports/${company.id}`);
    await page.getByRole('heading', { level: 1, name: 'گزارش‌های تولید شرکت' }).waitFor(WAIT);
    await page.getByText(company.name).first().waitFor(WAIT);
    await page.keyboard.press('KeyN');
    const dialog = page.getByRole('dialog', { name: 'گزارش تولید تازه' });
    await dialog.waitFor(WAIT);
    await expect.poll(() => activeName(page)).toBe('product');
    await page.keyboard.type(`کاتد ${tag}`);
    await typeInto(page, 'unit', 'تن');
    await typeInto(page, 'fiscal_year', '۱۴۰۴');
    await typeInto(page, 'planned', '8000');
    await typeInto(page, 'produced', '7000');
    await typeInto(page, 'sold', '6500');
    await typeInto(page, 'sales_value', '1950000000000');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    const row = page.locator('tbody tr[data-row]', { hasText: `کاتد ${tag}` });
    await row.waitFor(WAIT);
    // 7000 / 8000 = 87.5%, the amount grouped in Persian digits.
    await expect.poll(() => row.innerText()).toContain('۸۷٫۵٪');
    expect(await row.innerText()).toContain('۱٬۹۵۰٬۰۰۰٬۰۰۰٬۰۰۰');
    await page
      .locator('figure', { hasText: `کاتد ${tag}` })
      .locator('svg')
      .first()
      .waitFor(WAIT);
    await page.screenshot({ path: `${SHOTS}/company-product-reports.png`, fullPage: true });

    // Enter on the row edits it; a refused value shows beside its field.
    await page.keyboard.press('KeyJ');
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: 'ویرایش گزارش تولید' });
    await edit.waitFor(WAIT);
    const year = edit.locator('input[name=fiscal_year]');
    await year.fill('1299');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => edit.getByRole('alert').first().innerText()).toContain('۱۳۰۰');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached', ...WAIT });

    await page.goto(`/person/legal-persons/${company.id}/monthly-performance-report/list`);
    await page.getByRole('heading', { level: 1, name: 'گزارش فعالیت ماهانه' }).waitFor(WAIT);
    await page.keyboard.press('KeyN');
    const monthly = page.getByRole('dialog', { name: 'گزارش ماهانه تازه' });
    await monthly.waitFor(WAIT);
    await expect.poll(() => activeName(page)).toBe('year');
    await page.keyboard.type('1404');
    await page.keyboard.press('Tab');
    await pickOption(page, monthly.locator('select[name=month]'), 'خرداد');
    await typeInto(page, 'product', `سیمان ${tag}`);
    await typeInto(page, 'unit', 'تن');
    await typeInto(page, 'production', '1200');
    await typeInto(page, 'sales_quantity', '1100');
    await typeInto(page, 'sales_value', '330000000');
    await page.keyboard.press('Control+Enter');
    await monthly.waitFor({ state: 'detached', ...WAIT });
    const mrow = page.locator('tbody tr[data-row]', { hasText: `سیمان ${tag}` });
    await mrow.waitFor(WAIT);
    expect(await mrow.innerText()).toContain('خرداد');
    const total = page.locator('tbody tr[data-total]', { hasText: 'همه محصولات' });
    await expect.poll(() => total.first().innerText()).toContain('۳۳۰٬۰۰۰٬۰۰۰');
    await page.screenshot({ path: `${SHOTS}/company-monthly.png`, fullPage: true });

    // Production capacity: its utilisation is actual production ÷ nominal capacity.
    await page.goto(`/person/legal-persons/production-capacity/${company.id}`);
    await page.getByText(company.name).first().waitFor(WAIT);
    await page.keyboard.press('KeyN');
    const capacity = page.getByRole('dialog', { name: 'ظرفیت تولید تازه' });
    await capacity.waitFor(WAIT);
    await expect.poll(() => activeName(page)).toBe('product');
    await page.keyboard.type(`شمش ${tag}`);
    await typeInto(page, 'unit', 'تن');
    await typeInto(page, 'fiscal_year', '۱۴۰۳');
    await typeInto(page, 'nominal_capacity', '1000');
    await typeInto(page, 'actual_production', '900');
    await page.screenshot({ path: `${SHOTS}/company-capacity-form.png` });
    await page.keyboard.press('Control+Enter');
    await capacity.waitFor({ state: 'detached', ...WAIT });
    const crow = page.locator('tbody tr[data-row]', { hasText: `شمش ${tag}` });
    await crow.waitFor(WAIT);
    expect(await crow.innerText()).toContain('۹۰٪');
  });

  it('filters the Codal list by kind and creates minutes with the company picker', async () => {
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');

    await page.goto('/person/legal-persons/codal-infos');
    const grid = page.getByRole('grid', { name: 'اطلاعیه‌های کدال' });
    await grid.locator('tbody tr[aria-rowindex]').first().waitFor(WAIT);
    const kind = page.locator('#dt-codal-infos-f-kind');
    await kind.focus();
    await pickOption(page, kind, 'تصمیمات مجمع');
    await page.waitForURL((u) => u.searchParams.get('kind') === 'تصمیمات مجمع', WAIT);
    await expect.poll(() => grid.getAttribute('aria-busy'), WAIT).toBeNull();
    const kinds = await grid
      .locator('tbody tr[aria-rowindex]')
      .evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[4]?.textContent ?? ''));
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['تصمیمات مجمع']));
    await page.screenshot({ path: `${SHOTS}/company-codal.png` });

    await page.goto('/person/legal-persons/mom/list');
    const minutes = page.getByRole('grid', { name: 'صورت‌جلسات' });
    await minutes.locator('tbody tr[aria-rowindex]').first().waitFor(WAIT);
    await page.keyboard.press('KeyN');
    const dialog = page.getByRole('dialog', { name: 'صورتجلسه تازه' });
    await dialog.waitFor(WAIT);
    const company = (await pageGet(page, '/api/person/legal-persons?kind=company&per_page=1')).data[0] as {
      name: string;
    };
    await expect.poll(() => activeName(page)).toBe('legal_person_id');
    await page.keyboard.type(company.name.slice(0, 8));
    await dialog.getByRole('option').first().waitFor(WAIT);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await typeInto(page, 'meeting_date', '14050715');
    await typeInto(page, 'title', `جلسه نظارتی ${tag}`);
    await typeInto(page, 'decisions', 'گزارش تا پایان ماه ارسال شود');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    const added = minutes.locator('tbody tr[aria-rowindex]', { hasText: `جلسه نظارتی ${tag}` });
    await added.waitFor(WAIT);
    expect(await added.innerText()).toContain('۱۴۰۵/۰۷/۱۵');
    await page.screenshot({ path: `${SHOTS}/company-minutes.png` });
  });
});
