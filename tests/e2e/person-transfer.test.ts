import { mkdirSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateLegalId } from '../../src/domain/identifiers.ts';
import { createRng } from '../../src/domain/random.ts';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn } from './pages/sign-in.ts';

/**
 * Export and import of legal persons in Chromium against the real server: the list filtered by
 * `/`, Shift+E downloads its Excel file (parsed back: right to left, Persian headers, the filtered
 * rows only); Shift+I opens the import; a file with a bad row shows that row's reason and keeps
 * «ثبت» disabled; a good file is checked, confirmed with Enter, and its rows appear in the list.
 */

const WAIT = { timeout: 20_000 };
const SHOTS = '.tmp/shots';
let browser: Browser;
let baseURL: string;
const rng = createRng(Date.now() % 2_147_483_647);
const tag = Date.now().toString(36).slice(-5);

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The list filtered by typing `text` after `/`, back on the rows. */
async function filterList(page: Page, text: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Slash');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.searchParams.get('q') === text, WAIT);
  await page.waitForLoadState('networkidle');
}

/** An xlsx with the template's headers and `rows` (by header). */
async function sheet(rows: Record<string, string | number>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('ورود');
  const headers = ['نام', 'نوع', 'شناسه ملی', 'تاریخ ثبت', 'سرمایه ثبتی (ریال)', 'بورسی', 'وضعیت'];
  ws.addRow(headers);
  for (const r of rows) ws.addRow(headers.map((h) => r[h] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const company = (n: number, nationalId: string) => ({
  نام: `شرکت ورودی ${tag} ${n}`,
  نوع: 'شرکت',
  'شناسه ملی': nationalId,
  'تاریخ ثبت': '1399/11/30',
  'سرمایه ثبتی (ریال)': 750_000_000,
  بورسی: 'خیر',
  وضعیت: 'فعال',
});

describe('export and import of the legal persons list', () => {
  it('exports the filtered list to Excel with Shift+E', async () => {
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    await page.keyboard.press('KeyG');
    await page.keyboard.press('KeyL');
    await page.waitForURL((u) => u.pathname === '/person/legal-persons', WAIT);
    await page.getByRole('grid', { name: 'فهرست اشخاص حقوقی' }).waitFor(WAIT);
    await filterList(page, 'فولاد');
    const expected = await page.evaluate(async () => {
      const res = await fetch('/api/person/legal-persons?q=%D9%81%D9%88%D9%84%D8%A7%D8%AF&per_page=500');
      return ((await res.json()) as { data: { data: { name: string }[] } }).data.data.map((r) => r.name);
    });
    expect(expected.length).toBeGreaterThan(0);
    mkdirSync(SHOTS, { recursive: true });

    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      page.keyboard.press('Shift+KeyE'),
    ]);
    expect(download.suggestedFilename()).toMatch(/^اشخاص حقوقی \d{4}-\d{2}-\d{2}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as never);
    const ws = wb.worksheets[0]!;
    expect(ws.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    expect(ws.getRow(1).getCell(1).value).toBe('نام');
    const names: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) names.push(String(row.getCell(1).value));
    });
    expect(names.sort()).toEqual([...expected].sort());

    // The «خروجی» menu offers the same by keys: Enter opens it on Excel, Tab to CSV, Enter.
    const trigger = page.getByRole('button', { name: /خروجی/ });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'خروجی فهرست' });
    await menu.waitFor(WAIT);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''), WAIT)
      .toContain('Excel');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain('CSV');
    await page.screenshot({ path: `${SHOTS}/person-export-menu.png` });
    const [csv] = await Promise.all([page.waitForEvent('download', WAIT), page.keyboard.press('Enter')]);
    await menu.waitFor({ state: 'hidden', ...WAIT });
    const text = readFileSync((await csv.path())!);
    expect([...text.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.toString('utf8').trim().split('\n')).toHaveLength(expected.length + 1);
    await page.close();
  });

  it('imports: a bad row is reported and blocks the import; a good file is confirmed and listed', async () => {
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    await page.goto('/person/legal-persons');
    await page.getByRole('grid', { name: 'فهرست اشخاص حقوقی' }).waitFor(WAIT);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Shift+KeyI');
    const dialog = page.getByRole('dialog', { name: 'ورود شخص حقوقی از پرونده' });
    await dialog.waitFor(WAIT);

    const good1 = generateLegalId(rng);
    const good2 = generateLegalId(rng);
    const bad = good2.slice(0, 10) + String((Number(good2[10]) + 1) % 10);
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'companies.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await sheet([company(1, good1), company(2, bad)]),
    });
    const errors = dialog.getByRole('table', { name: 'خطاهای ردیف‌های پرونده' });
    await errors.waitFor(WAIT);
    const row = errors.locator('tbody tr').first();
    expect(await row.locator('td').nth(0).innerText()).toBe('۳');
    expect(await row.locator('td').nth(1).innerText()).toBe('شناسه ملی');
    expect(await row.locator('td').nth(2).innerText()).toContain('رقم کنترل');
    const confirm = dialog.getByRole('button', { name: /^ثبت همه/ });
    expect(await confirm.isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/person-import-errors.png` });

    // Nothing was written by the check.
    const none = await page.evaluate(async (q) => {
      const res = await fetch(`/api/person/legal-persons?q=${encodeURIComponent(q)}`);
      return ((await res.json()) as { data: { total: number } }).data.total;
    }, `شرکت ورودی ${tag}`);
    expect(none).toBe(0);

    // The fixed file: every row good, «ثبت» focused; Enter writes them.
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'companies-fixed.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await sheet([company(1, good1), company(2, good2)]),
    });
    await expect.poll(() => confirm.isDisabled(), WAIT).toBe(false);
    expect(await confirm.innerText()).toContain('۲');
    await expect.poll(() => confirm.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    await page.screenshot({ path: `${SHOTS}/person-import-ready.png` });
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await page.getByText('۲ شخص حقوقی از پرونده ثبت شد').waitFor(WAIT);

    await filterList(page, `شرکت ورودی ${tag}`);
    const grid = page.getByRole('grid', { name: 'فهرست اشخاص حقوقی' });
    await grid.getByText(`شرکت ورودی ${tag} 1`).waitFor(WAIT);
    await grid.getByText(`شرکت ورودی ${tag} 2`).waitFor(WAIT);
    await page.screenshot({ path: `${SHOTS}/person-import-listed.png` });
    await page.close();
  });
});
