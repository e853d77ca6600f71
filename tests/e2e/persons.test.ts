import { mkdirSync, statSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn } from './pages/sign-in.ts';

/**
 * The legal persons workstation in Chromium against the real server, driven by keys: the
 * issue's key path (sign in as analyst, pick a role, Ctrl+K, a company by part of its name,
 * Enter, its shareholders and board), the list's keys (J/K, /, Esc, sort, Enter, Backspace),
 * axe on the list and the view, and the README's screenshots.
 */

const WAIT = { timeout: 15_000 };
const SHOTS = 'docs/screenshots';
let browser: Browser;
let baseURL: string;

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const pathname = (page: Page) => new URL(page.url()).pathname;
const searchParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** The palette's input (the list's filter selects are comboboxes too). */
const palette = (page: Page) => page.getByRole('dialog').getByRole('combobox');

/** The rows a grid has rendered (virtualized: only those near the viewport). */
const gridRows = (grid: Locator) => grid.locator('tbody tr[aria-rowindex]');
const focusedCell = (grid: Locator) => grid.getAttribute('aria-activedescendant');
/** Waits until the grid shows the rows of its current view (not the previous view's, dimmed). */
const settled = (grid: Locator) => expect.poll(() => grid.getAttribute('aria-busy'), WAIT).toBeNull();
/** The text of column `col` (0-based, data columns) of rendered row `row`. */
const cellText = (grid: Locator, row: number, col: number) =>
  gridRows(grid)
    .nth(row)
    .locator('td')
    .nth(col + 1)
    .innerText();
const activeIs = (locator: Locator) =>
  locator.evaluate((el) => el === document.activeElement).catch(() => false);
const persianToNumber = (s: string) =>
  Number(s.replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0)).replace(/[^\d]/g, '') || '0');

async function openLegalPersonsByKeys(page: Page) {
  await page.keyboard.press('KeyG');
  await page.keyboard.press('KeyL');
  await page.waitForURL((u) => u.pathname === '/person/legal-persons', WAIT);
  const grid = page.getByRole('grid', { name: 'فهرست اشخاص حقوقی' });
  await gridRows(grid).first().waitFor(WAIT);
  return grid;
}

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function screenshot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const path = `${SHOTS}/${name}.png`;
  await page.mouse.move(0, 0);
  await page.screenshot({ path, type: 'png' });
  expect(statSync(path).size).toBeLessThan(400_000);
}

describe('legal persons, by keyboard', () => {
  it('finds a real listed company from the palette and shows its shareholders and board', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');

    await page.keyboard.press('Control+KeyK');
    await palette(page).waitFor();
    await page.keyboard.type('فولاد خوز');
    const option = page.getByRole('option', { name: /فولاد خوزستان/ }).first();
    await option.waitFor(WAIT);
    // Move the highlight to the company if something else is first.
    for (let i = 0; i < 10 && (await option.getAttribute('aria-selected')) !== 'true'; i++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');

    await page.waitForURL((u) => /^\/person\/legal-persons\/view\/\d+$/.test(u.pathname), WAIT);
    await palette(page).waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'فولاد خوزستان' }).waitFor(WAIT);
    expect(await page.getByText('نماد فخوز').count()).toBeGreaterThan(0);

    const shareholders = page.getByRole('region', { name: 'سهامداران مستقیم' });
    await expect.poll(() => shareholders.locator('tbody tr').count(), WAIT).toBeGreaterThan(0);
    expect(await shareholders.locator('tbody tr').first().innerText()).toMatch(/٪/);

    const board = page.getByRole('region', { name: 'هیئت مدیره و مدیرعامل' });
    await expect.poll(() => board.locator('tbody tr').count(), WAIT).toBeGreaterThan(0);
    expect(await board.innerText()).toContain('رئیس هیئت مدیره');
    expect(await board.innerText()).toContain('مدیرعامل');

    // 3 jumps to the board section's heading.
    await page.keyboard.press('Digit3');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent), WAIT)
      .toBe('هیئت مدیره و مدیرعامل');
    await context.close();
  });

  it('moves with J/K, filters on /, sorts by a header, opens with Enter and comes back with Backspace', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    const grid = await openLegalPersonsByKeys(page);
    expect(Number(await grid.getAttribute('aria-rowcount'))).toBeGreaterThan(1000);

    // J/K move the focused row; the grid keeps focus and points at the row's cell.
    await page.keyboard.press('KeyJ');
    await expect.poll(() => focusedCell(grid), WAIT).toBe('dt-legal-persons-r0-c0');
    expect(await activeIs(grid)).toBe(true);
    await page.keyboard.press('KeyJ');
    await page.keyboard.press('KeyJ');
    await expect.poll(() => focusedCell(grid), WAIT).toBe('dt-legal-persons-r2-c0');
    await page.keyboard.press('KeyK');
    await expect.poll(() => focusedCell(grid), WAIT).toBe('dt-legal-persons-r1-c0');
    // In RTL ← goes to the next column (the one on the left).
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => focusedCell(grid), WAIT).toBe('dt-legal-persons-r1-c1');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedCell(grid), WAIT).toBe('dt-legal-persons-r1-c0');

    // X selects the focused row; Esc clears the selection.
    await page.keyboard.press('KeyX');
    await expect.poll(() => gridRows(grid).nth(1).getAttribute('aria-selected'), WAIT).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => gridRows(grid).nth(1).getAttribute('aria-selected'), WAIT).toBe('false');
    expect(pathname(page)).toBe('/person/legal-persons');

    // / focuses the filter box; typing filters the list (in the URL); Esc goes back to the rows.
    const total = Number(await grid.getAttribute('aria-rowcount'));
    await page.keyboard.press('Slash');
    const filter = page.getByRole('searchbox', { name: /جست‌وجو/ });
    await expect.poll(() => activeIs(filter), WAIT).toBe(true);
    await page.keyboard.type('فولاد');
    await page.keyboard.press('Escape');
    await expect.poll(() => activeIs(grid), WAIT).toBe(true);
    await expect.poll(() => searchParam(page, 'q'), WAIT).toBe('فولاد');
    await settled(grid);
    await expect.poll(async () => Number(await grid.getAttribute('aria-rowcount')), WAIT).toBeLessThan(total);
    expect(await cellText(grid, 0, 0)).toContain('فولاد');
    await page.keyboard.press('Shift+KeyC');
    await expect.poll(() => searchParam(page, 'q'), WAIT).toBeNull();
    await expect.poll(async () => Number(await grid.getAttribute('aria-rowcount')), WAIT).toBe(total);

    // A click on a header sorts by it (largest capital first), on the server, into the URL.
    const firstBefore = await cellText(grid, 0, 0);
    const capital = grid.getByRole('columnheader', { name: /سرمایه ثبتی \(ریال\)/ });
    expect(await capital.getAttribute('aria-sort')).toBe('none');
    await capital.getByRole('button').click();
    await expect.poll(() => searchParam(page, 'sort'), WAIT).toBe('-registered_capital');
    await expect.poll(() => capital.getAttribute('aria-sort'), WAIT).toBe('descending');
    await expect.poll(() => cellText(grid, 0, 0), WAIT).not.toBe(firstBefore);
    await settled(grid);
    const capitals = await Promise.all([0, 1, 2, 3].map((r) => cellText(grid, r, 6).then(persianToNumber)));
    expect([...capitals].sort((a, b) => b - a)).toEqual(capitals);
    // S on the focused column sorts too: the name column, A to Z.
    await page.keyboard.press('KeyJ');
    await page.keyboard.press('KeyS');
    await expect.poll(() => searchParam(page, 'sort'), WAIT).toBe('name');
    await settled(grid);

    // Enter opens the focused company; Backspace comes back to the same view of the list.
    await page.keyboard.press('KeyJ');
    await page.keyboard.press('KeyJ');
    const name = (await cellText(grid, 1, 0)).split('\n')[0]!.trim();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => /^\/person\/legal-persons\/view\/\d+$/.test(u.pathname), WAIT);
    await page.getByRole('heading', { level: 1, name }).waitFor(WAIT);
    await page.keyboard.press('Backspace');
    await page.waitForURL((u) => u.pathname === '/person/legal-persons', WAIT);
    expect(searchParam(page, 'sort')).toBe('name');
    await expect.poll(() => focusedCell(grid), WAIT).toBe('dt-legal-persons-r1-c0');
    await context.close();
  });

  // axe takes seconds per run on a busy 2-core machine: these two get more time.
  const AXE_TIMEOUT = 150_000;

  it(
    'has no serious or critical axe violations on the list (and takes its README screenshot)',
    async () => {
      const { page, context } = await newPage(browser, baseURL);
      await signIn(page, 'analyst', 'تحلیلگر');
      const grid = await openLegalPersonsByKeys(page);
      await page.keyboard.press('KeyJ');
      await page.keyboard.press('KeyJ');
      await page.keyboard.press('KeyX');
      await page.keyboard.press('KeyJ');
      await expect.poll(() => focusedCell(grid), WAIT).toBe('dt-legal-persons-r2-c0');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'legal-persons-list');
      await context.close();
    },
    AXE_TIMEOUT,
  );

  it(
    'has no serious or critical axe violations on the view (and takes its README screenshot)',
    async () => {
      const { page, context } = await newPage(browser, baseURL);
      await signIn(page, 'analyst', 'تحلیلگر');
      await page.keyboard.press('Control+KeyK');
      await palette(page).waitFor();
      await page.keyboard.type('فولاد خوز');
      await page
        .getByRole('option', { name: /فولاد خوزستان/ })
        .first()
        .waitFor(WAIT);
      await page.keyboard.press('Enter');
      const shareholders = page.getByRole('region', { name: 'سهامداران مستقیم' });
      await shareholders.locator('tbody tr').first().waitFor(WAIT);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, 'legal-person-view');
      await context.close();
    },
    AXE_TIMEOUT,
  );
});
