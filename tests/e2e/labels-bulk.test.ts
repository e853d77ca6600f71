import { mkdirSync, readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn } from './pages/sign-in.ts';

/**
 * Labels and bulk actions in Chromium against the real server, by keys: a label made at
 * /label-list (N, type, Ctrl+Enter); on the legal persons list, rows selected with X and
 * Shift+J, labelled with L (chips appear), undone with Ctrl+Z (chips gone); Ctrl+A over a
 * filtered view selects all matching (the bar shows the total), labelled, undone with the
 * button; a row deleted with Delete after the confirmation, then brought back with Ctrl+Z.
 */

const WAIT = { timeout: 15_000 };
const SHOTS = '.tmp/shots';
let browser: Browser;
let baseURL: string;
const tag = Date.now().toString(36).slice(-4);
const LABEL = `آزمون گروهی ${tag}`;

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => browser?.close());

/** A GET as the page makes it (its cookies), answering the `data` of the body. */
const pageGet = (page: Page, path: string) =>
  page.evaluate(async (p) => ((await (await fetch(p, { credentials: 'include' })).json()) as any).data, path);

const gridRows = (grid: Locator) => grid.locator('tbody tr[aria-rowindex]');
const settled = (grid: Locator) => expect.poll(() => grid.getAttribute('aria-busy'), WAIT).toBeNull();
const rowText = (grid: Locator, i: number) => gridRows(grid).nth(i).innerText();
const toNumber = (s: string) =>
  Number(s.replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)).replace(/[^\d]/g, '') || '0');
const statusLine = (page: Page) => page.locator('[data-selection]');
const undoBar = (page: Page) => page.getByRole('status', { name: 'نتیجه عملیات گروهی' });

/** The id of our label (as the persons pickers see it). */
async function labelId(page: Page): Promise<number> {
  const items = (await pageGet(page, '/api/labels/items?object_type=legal_person')) as {
    id: number;
    name: string;
  }[];
  const found = items.find((l) => l.name === LABEL);
  expect(found, `label ${LABEL}`).toBeTruthy();
  return found!.id;
}

/** How many legal persons carry our label (the list's own filter). */
const labelled = async (page: Page, id: number) =>
  ((await pageGet(page, `/api/person/legal-persons?label=${id}&per_page=1`)) as { total: number }).total;

/** In the open label picker, moves the choice to our label with the arrows and applies it with Enter. */
async function pickOurLabel(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.waitFor(WAIT);
  const ours = dialog.getByRole('radio', { name: LABEL });
  await ours.waitFor(WAIT);
  for (let i = 0; i < 30 && !(await ours.isChecked()); i++) await page.keyboard.press('ArrowDown');
  expect(await ours.isChecked()).toBe(true);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached', ...WAIT });
}

async function openLegalList(page: Page, query = '') {
  await page.goto(`/person/legal-persons${query}`);
  const grid = page.getByRole('grid', { name: 'فهرست اشخاص حقوقی' });
  await gridRows(grid).first().waitFor(WAIT);
  await settled(grid);
  await grid.focus();
  return grid;
}

describe('labels and bulk actions, by keyboard', () => {
  it('makes a label at /label-list with N and Ctrl+Enter', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'admin', 'مدیر کل سامانه');
    await page.goto('/label-list');
    const grid = page.getByRole('grid', { name: 'فهرست برچسب‌ها' });
    await gridRows(grid).first().waitFor(WAIT);
    await page.keyboard.press('KeyN');
    const dialog = page.getByRole('dialog', { name: 'برچسب تازه' });
    await dialog.waitFor(WAIT);
    await page.keyboard.type(LABEL);
    // Only legal persons: untick true persons and issues (all are ticked for a new label).
    for (const other of ['اشخاص حقیقی', 'موضوعات']) {
      await dialog.getByRole('checkbox', { name: other }).focus();
      await page.keyboard.press('Space');
    }
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => grid.innerText(), WAIT).toContain(LABEL);
    const items = (await pageGet(page, '/api/labels/items')) as { name: string; object_types: string[] }[];
    expect(items.find((l) => l.name === LABEL)?.object_types).toEqual(['legal_person']);
    await page.screenshot({ path: `${SHOTS}/label-list.png` });
    await context.close();
  });

  it('opens the new-label form from the palette too, once the palette has gone', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'admin', 'مدیر کل سامانه');
    await page.goto('/label-list');
    await gridRows(page.getByRole('grid', { name: 'فهرست برچسب‌ها' }))
      .first()
      .waitFor(WAIT);
    await page.keyboard.press('Control+KeyK');
    const palette = page.getByRole('dialog').filter({ has: page.locator('[cmdk-input]') });
    await palette.waitFor(WAIT);
    await page.keyboard.type('برچسب تازه');
    await expect
      .poll(() => palette.locator('[cmdk-item][data-selected=true]').innerText(), WAIT)
      .toContain('برچسب تازه');
    await page.keyboard.press('Enter');
    // The command waits for the closing palette, then the form opens and keeps the focus.
    const dialog = page.getByRole('dialog', { name: 'برچسب تازه' });
    await dialog.waitFor(WAIT);
    await palette.waitFor({ state: 'detached', ...WAIT });
    const name = dialog.getByLabel('نام برچسب');
    await expect.poll(() => name.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    await page.waitForTimeout(400);
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...WAIT });

    // E edits the grid's focused label; leaving the form gives the focus back to the grid.
    const grid = page.getByRole('grid', { name: 'فهرست برچسب‌ها' });
    await grid.focus();
    await page.keyboard.press('KeyE');
    const edit = page.getByRole('dialog', { name: 'ویرایش برچسب' });
    await edit.waitFor(WAIT);
    await expect
      .poll(() => edit.getByLabel('نام برچسب').evaluate((el) => el === document.activeElement), WAIT)
      .toBe(true);
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached', ...WAIT });
    expect(await grid.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it('selects rows with X and Shift+J, labels them with L, and undoes it with Ctrl+Z', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    const id = await labelId(page);
    const grid = await openLegalList(page);
    // The ? sheet lists the selection keys and the screen's bulk actions.
    await page.keyboard.press('Shift+Slash');
    const sheet = page.getByRole('dialog', { name: 'میان‌برهای صفحه‌کلید' });
    await sheet.waitFor(WAIT);
    const keys = (await sheet.textContent()) ?? '';
    for (const title of [
      'انتخاب همه موارد منطبق با فیلتر',
      'بازگرداندن آخرین عملیات گروهی',
      'برچسب زدن (ردیف‌های انتخاب‌شده)',
    ])
      expect(keys).toContain(title);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached', ...WAIT });
    await grid.focus();
    // Focusing the grid focused the first row.
    await page.keyboard.press('KeyX');
    await page.keyboard.press('Shift+KeyJ');
    await page.keyboard.press('Shift+KeyJ');
    await expect.poll(() => statusLine(page).innerText(), WAIT).toContain('۳ ردیف انتخاب شده');
    expect(await grid.locator('tr[aria-selected=true]').count()).toBe(3);
    const toolbar = page.getByRole('toolbar', { name: 'عملیات گروهی' });
    expect(await toolbar.innerText()).toContain('برچسب زدن');

    await page.keyboard.press('KeyL');
    await pickOurLabel(page);
    await undoBar(page).waitFor(WAIT);
    expect(await undoBar(page).innerText()).toContain(`برچسب «${LABEL}» روی ۳ ردیف گذاشته شد`);
    for (const i of [0, 1, 2]) await expect.poll(() => rowText(grid, i), WAIT).toContain(LABEL);
    expect(await rowText(grid, 3)).not.toContain(LABEL);
    expect(await labelled(page, id)).toBe(3);
    await page.screenshot({ path: `${SHOTS}/labels-bulk-undo-bar.png` });

    await page.keyboard.press('Control+KeyZ');
    await undoBar(page).waitFor({ state: 'detached', ...WAIT });
    for (const i of [0, 1, 2]) await expect.poll(() => rowText(grid, i), WAIT).not.toContain(LABEL);
    expect(await labelled(page, id)).toBe(0);

    // E exports the selected rows (and only them) to Excel.
    await grid.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('KeyX');
    await page.keyboard.press('Shift+KeyJ');
    await expect.poll(() => statusLine(page).innerText(), WAIT).toContain('۲ ردیف انتخاب شده');
    const names = [
      (await rowText(grid, 0)).split('\n')[0]!.trim(),
      (await rowText(grid, 1)).split('\n')[0]!.trim(),
    ];
    const [download] = await Promise.all([page.waitForEvent('download', WAIT), page.keyboard.press('KeyE')]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync((await download.path())!) as never);
    const sheet1 = wb.worksheets[0]!;
    expect(sheet1.rowCount).toBe(3);
    const exported = [2, 3].map((r) => String(sheet1.getRow(r).getCell(1).value ?? ''));
    expect(exported.sort()).toEqual(names.sort());
    await context.close();
  });

  it('selects all rows matching a filter with Ctrl+A, labels them all, and undoes with the button', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    const id = await labelId(page);
    const grid = await openLegalList(page, '?kind=holding');
    const total = (
      (await pageGet(page, '/api/person/legal-persons?kind=holding&per_page=1')) as { total: number }
    ).total;
    expect(total).toBeGreaterThan(1);
    await page.keyboard.press('Control+KeyA');
    await expect.poll(() => statusLine(page).innerText(), WAIT).toContain('همه موارد منطبق');
    expect(toNumber(await statusLine(page).locator('[data-count]').innerText())).toBe(total);
    await page.screenshot({ path: `${SHOTS}/labels-bulk-all.png` });

    await page.keyboard.press('KeyL');
    await pickOurLabel(page);
    await undoBar(page).waitFor(WAIT);
    expect(await labelled(page, id)).toBe(total);
    await expect.poll(() => rowText(grid, 0), WAIT).toContain(LABEL);

    await undoBar(page)
      .getByRole('button', { name: /بازگرداندن/ })
      .click();
    await undoBar(page).waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => labelled(page, id), WAIT).toBe(0);
    await expect.poll(() => rowText(grid, 0), WAIT).not.toContain(LABEL);
    await context.close();
  });

  it('deletes a row after the confirmation and brings it back with Ctrl+Z', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    const grid = await openLegalList(page);
    const first = await rowText(grid, 0);
    const name = first.split('\n')[0]!.trim();
    // Focusing the grid focused the first row: X selects it.
    await page.keyboard.press('KeyX');
    await page.keyboard.press('Delete');
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor(WAIT);
    expect(await confirm.innerText()).toContain('۱ ردیف حذف شود؟');
    // Focus starts on cancel: Tab to the delete button, Enter.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached', ...WAIT });
    await undoBar(page).waitFor(WAIT);
    await expect.poll(() => rowText(grid, 0), WAIT).not.toContain(name);

    await page.keyboard.press('Control+KeyZ');
    await undoBar(page).waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => rowText(grid, 0), WAIT).toContain(name);
    await context.close();
  });
});
