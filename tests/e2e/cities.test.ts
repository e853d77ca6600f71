import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './pages/browser-suite.ts';
import { signIn } from './pages/sign-in.ts';

/**
 * /management/cities, the entity added by ARCHITECTURE.md's walk-through: reached from the
 * palette, filtered by province in the filter bar, a city renamed with E and Ctrl+Enter (the list
 * shows the new name and the server has it), and a role without management.system is
 * not offered the screen.
 */

const WAIT = { timeout: 15_000 };
const suite = browserSuite();

const gridRows = (grid: Locator) => grid.locator('tbody tr[aria-rowindex]');
const settled = (grid: Locator) => expect.poll(() => grid.getAttribute('aria-busy'), WAIT).toBeNull();
const pageGet = (page: Page, path: string) =>
  page.evaluate(async (p) => ((await (await fetch(p, { credentials: 'include' })).json()) as any).data, path);

describe('cities', () => {
  it('opens from the palette, filters by province, and renames a city by keyboard', async () => {
    const { page, context } = await suite.open();
    try {
      await signIn(page, 'admin');
      await page.keyboard.press('Control+KeyK');
      await page.getByRole('dialog').getByRole('combobox').waitFor(WAIT);
      await page.keyboard.type('شهرها');
      const option = page
        .getByRole('dialog')
        .getByRole('option', { name: /^شهرها/ })
        .first();
      await option.waitFor(WAIT);
      for (let i = 0; i < 12 && (await option.getAttribute('aria-selected')) !== 'true'; i++)
        await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/management/cities', WAIT);
      const grid = page.getByRole('grid', { name: 'فهرست شهرها' });
      await gridRows(grid).first().waitFor(WAIT);
      await settled(grid);
      expect(await grid.getAttribute('aria-rowcount')).not.toBeNull();

      await page.locator('#dt-city-f-province_id').selectOption({ label: 'سمنان' });
      await page.waitForURL((u) => u.searchParams.has('province_id'), WAIT);
      await settled(grid);
      const rows = await gridRows(grid).allInnerTexts();
      expect(rows.length).toBeGreaterThan(3);
      for (const row of rows) expect(row).toContain('سمنان');

      await grid.focus();
      await page.keyboard.press('KeyJ');
      await page.keyboard.press('KeyE');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor(WAIT);
      const name = dialog.locator('input[name=name]');
      const before = await name.inputValue();
      const renamed = `${before} نو`;
      await name.fill(renamed);
      await page.keyboard.press('Control+Enter');
      await dialog.waitFor({ state: 'detached', ...WAIT });
      await expect
        .poll(() => gridRows(grid).allInnerTexts(), WAIT)
        .toContainEqual(expect.stringContaining(renamed));
      // the server has it (the audit row is the API test's: tests/api/cities.test.ts)
      const saved = (await pageGet(page, `/api/management/cities?q=${encodeURIComponent(renamed)}`)) as {
        data: { name: string }[];
      };
      expect(saved.data.map((r) => r.name)).toContain(renamed);
    } finally {
      await context.close();
    }
  });

  it('is not offered to a role that may not manage base data', async () => {
    const { page, context } = await suite.open();
    try {
      await signIn(page, 'analyst', 'مشاهده‌گر');
      await page.keyboard.press('Control+KeyK');
      await page.getByRole('dialog').getByRole('combobox').waitFor(WAIT);
      await page.keyboard.type('شهرها');
      await page.getByRole('dialog').getByRole('option').first().waitFor(WAIT);
      const options = page.getByRole('dialog').getByRole('option');
      await expect
        .poll(async () => (await options.allInnerTexts()).some((t) => t.includes('/management/cities')), WAIT)
        .toBe(false);
    } finally {
      await context.close();
    }
  });
});
