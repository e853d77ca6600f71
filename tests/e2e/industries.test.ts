import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { IndustryDetail, IndustryGraph, IndustryRow } from '../../src/contract/industries.ts';
import type { ListPage } from '../../src/contract/list.ts';
import { formatNumber } from '../../src/ui/format.ts';
import { browserSuite } from './pages/browser-suite.ts';
import { gridRows, settled } from './pages/lists.ts';
import { WAIT } from './pages/sign-in.ts';

/**
 * The industries screens in Chromium (issue 17): the analyst opens /industries, moves to the
 * third group by keys and opens it with Enter; its status shows the map of provinces (an SVG)
 * with the table beside it adding up to the group's companies and the OpenStreetMap attribution;
 * O opens the ownership network, whose list counts what the graph draws.
 */

const suite = browserSuite();
const pageGet = <T>(page: Page, path: string) =>
  page.evaluate(
    async (p) => ((await (await fetch(p, { credentials: 'include' })).json()) as { data: unknown }).data,
    path,
  ) as Promise<T>;

describe('industries', () => {
  it('moves to a group by keys, shows its map and table with one total, and opens its graph', async () => {
    const { page, context } = await suite.signedIn('analyst', 'تحلیلگر');
    try {
      await page.goto('/industries');
      const grid = page.getByRole('grid', { name: 'گروه‌های صنعت' });
      await gridRows(grid).first().waitFor(WAIT);
      await settled(grid);
      const listed = await pageGet<ListPage<IndustryRow>>(page, '/api/industries/indicators?per_page=3');
      const chosen = listed.data[2]!;

      await grid.focus();
      // Home: the first row; then down, down, up, down: the third
      for (const key of ['Home', 'KeyJ', 'ArrowDown', 'KeyK', 'KeyJ']) await page.keyboard.press(key);
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === `/industries/status/${chosen.id}`, WAIT);
      await page.getByRole('heading', { level: 1, name: `وضعیت صنعت: ${chosen.name}` }).waitFor(WAIT);

      const map = page.getByRole('img', { name: /^پراکندگی/ });
      await map.locator('svg').first().waitFor(WAIT);
      expect(await map.locator('svg path').count()).toBeGreaterThanOrEqual(31);
      await page.getByText('OpenStreetMap contributors').waitFor(WAIT);
      const table = page.getByRole('table', { name: 'شرکت‌ها به تفکیک استان' });
      const total = table.locator('tfoot td');
      await expect.poll(() => total.textContent(), WAIT).toBe(formatNumber(chosen.companies));
      const detail = await pageGet<IndustryDetail>(page, `/api/industries/${chosen.id}`);
      expect(detail.industry.companies).toBe(chosen.companies);
      // the provinces' rows and the companies without a city add up to the same total
      const cells = await table.locator('tbody td').allTextContents();
      const sum = cells.reduce(
        (s, c) => s + Number(c.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)))),
        0,
      );
      expect(sum).toBe(chosen.companies);

      await page.keyboard.press('KeyO');
      await page.waitForURL((u) => u.pathname === `/industries/graph/${chosen.id}`, WAIT);
      const graph = await pageGet<IndustryGraph>(page, `/api/industries/${chosen.id}/graph`);
      if (graph.edges.length === 0) {
        await page.getByText(/نموداری برای کشیدن نیست/).waitFor(WAIT);
      } else {
        const canvas = page.getByRole('application', { name: `نمودار مالکیت صنعت: ${chosen.name}` });
        await canvas.waitFor(WAIT);
        const count = `${formatNumber(graph.nodes.length)} گره، ${formatNumber(graph.edges.length)} پیوند`;
        const list = page.getByRole('complementary', { name: 'فهرست شرکت‌های نمودار' });
        await expect.poll(() => list.locator('caption').textContent(), WAIT).toBe(count);
        expect(await list.locator('tbody tr').count()).toBe(graph.nodes.length);
        // the graph's own count line (what it laid out and drew) says the same as the list
        await expect.poll(() => page.getByText(count, { exact: true }).count(), WAIT).toBe(2);
      }
    } finally {
      await context.close();
    }
  });
});
