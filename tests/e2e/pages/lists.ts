import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { WAIT } from './sign-in.ts';

/** A list screen's grid and the records behind it, as the browser tests drive them. */

/** The rows a grid has rendered (virtualized: only those near the viewport). */
export const gridRows = (grid: Locator) => grid.locator('tbody tr[aria-rowindex]');

/** Waits until the grid shows the rows of its current view (not the previous view's, dimmed). */
export const settled = (grid: Locator) => expect.poll(() => grid.getAttribute('aria-busy'), WAIT).toBeNull();

/** True when `locator` holds the focus. */
export const hasFocus = (locator: Locator) =>
  locator.evaluate((el) => el === document.activeElement).catch(() => false);

/** The legal persons list's grid. */
export const legalGrid = (page: Page) => page.getByRole('grid', { name: 'فهرست اشخاص حقوقی' });

/** Opens the legal persons list (a new document) and waits for its rows. */
export async function openLegalList(page: Page, query = ''): Promise<Locator> {
  await page.goto(`/person/legal-persons${query}`);
  const grid = legalGrid(page);
  await gridRows(grid).first().waitFor(WAIT);
  await settled(grid);
  return grid;
}

/** The first `n` companies by name, as the page's session reads them. */
export function companiesByName(page: Page, n = 1): Promise<{ id: number; name: string }[]> {
  return page.evaluate(async (n) => {
    const res = await fetch(`/api/person/legal-persons?per_page=${n}&sortBy=name`, {
      credentials: 'include',
    });
    return ((await res.json()) as { data: { data: { id: number; name: string }[] } }).data.data;
  }, n);
}

/**
 * A JSON call made as the page makes it (its cookies and anti-forgery token); answers the status
 * and the body (parsed when it is JSON).
 */
export function pageFetch(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: any = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: res.status, body: parsed };
    },
    { method, path, body },
  );
}

/** A JSON call made as the page makes it; answers the status. */
export async function pageCall(page: Page, method: 'POST' | 'DELETE', path: string, body?: unknown) {
  return (await pageFetch(page, method, path, body)).status;
}
