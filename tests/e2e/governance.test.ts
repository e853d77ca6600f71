import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn } from './pages/sign-in.ts';

/**
 * Boards, shareholders and the all-persons list in Chromium against the real server, by keys:
 * the palette opens the boards list, N a new board; the company, term, CEO and two seats are
 * picked by typing (the second seat added with Alt+N), Ctrl+S saves; the board is found in the
 * list by `/`, opened with Enter, edited and saved again; H opens the company's shareholders;
 * the palette opens all persons and Enter opens a record, all legal persons and H the shareholders.
 */

const WAIT = { timeout: 15_000 };
const SHOTS = '.tmp/shots';
let browser: Browser;
let baseURL: string;

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const pathname = (page: Page) => new URL(page.url()).pathname;
const dialog = (page: Page) => page.getByRole('dialog');
const gridRows = (grid: Locator) => grid.locator('tbody tr[aria-rowindex]');
const settled = (grid: Locator) => expect.poll(() => grid.getAttribute('aria-busy'), WAIT).toBeNull();

/** A call as the page makes it (its cookies), answering the body's `data`. */
const pageGet = (page: Page, path: string) =>
  page.evaluate(async (p) => (await (await fetch(p, { credentials: 'include' })).json()).data, path);

/** Ctrl+K, `query`, Enter on the option named `name`. */
async function paletteGo(page: Page, query: string, name: RegExp) {
  await page.keyboard.press('Control+KeyK');
  await dialog(page).getByRole('combobox').waitFor(WAIT);
  await page.keyboard.type(query);
  const option = dialog(page).getByRole('option', { name }).first();
  await option.waitFor(WAIT);
  for (let i = 0; i < 12 && (await option.getAttribute('aria-selected')) !== 'true'; i++) {
    await page.keyboard.press('ArrowDown');
  }
  // Entity results arriving late must not move the highlight away before Enter.
  await page.waitForLoadState('networkidle');
  await expect.poll(() => option.getAttribute('aria-selected'), WAIT).toBe('true');
  await page.keyboard.press('Enter');
  // Keys typed while the palette is still closing (its 300 ms animation) would go to its input.
  await dialog(page).waitFor({ state: 'detached', ...WAIT });
}

/** Types `text` into the focused picker and picks the first option naming `name`. */
async function pick(page: Page, text: string, name: string) {
  await page.keyboard.type(text);
  await page.getByRole('option', { name }).first().waitFor(WAIT);
  await page.keyboard.press('Enter');
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, type: 'png' });
}

describe('boards, shareholders and all persons, by keyboard', () => {
  it('creates a board with two seats, finds it in the list, edits it and opens the shareholders', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    // A large company (it has shareholders) and three people to seat.
    const [company] = (
      await pageGet(page, '/api/person/legal-persons?per_page=1&sortBy=registered_capital&descending=true')
    ).data as { id: number; name: string }[];
    const people = (await pageGet(page, '/api/person/true-persons?per_page=3')).data as {
      id: number;
      first_name: string;
      last_name: string;
    }[];
    const full = (p: (typeof people)[number]) => `${p.first_name} ${p.last_name}`;

    await paletteGo(page, 'هیئت‌های مدیره', /^هیئت‌های مدیره/);
    await page.waitForURL((u) => u.pathname === '/person/legal-person-board/list', WAIT);
    const grid = page.getByRole('grid', { name: 'فهرست هیئت‌های مدیره' });
    await gridRows(grid).first().waitFor(WAIT);

    await page.keyboard.press('KeyN');
    await page.waitForURL((u) => u.pathname === '/person/legal-person-board/create', WAIT);
    const form = page.getByRole('form', { name: 'ثبت هیئت مدیره' });
    await form.waitFor(WAIT);
    // Focus starts on the company picker.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')), WAIT)
      .toBe('company_id');
    await pick(page, company!.name, company!.name);
    await page.keyboard.press('Tab');
    await page.keyboard.type('۱۴۱۰۰۱۰۱'); // a term later than every seeded one: first in the list
    await page.keyboard.press('Tab');
    await page.keyboard.type('۱۴۰۹۰۱۰۱'); // before the start: refused on save
    await page.keyboard.press('Tab');
    await pick(page, full(people[0]!), full(people[0]!));
    await form.locator('[name="seats.0.holder_id"]').focus();
    await pick(page, full(people[1]!), full(people[1]!));
    await page.keyboard.press('Alt+KeyN');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')), WAIT)
      .toBe('seats.1.holder_id');
    await pick(page, full(people[2]!), full(people[2]!));

    // The client refuses an end before the start; focus goes there.
    await page.keyboard.press('Control+KeyS');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')), WAIT)
      .toBe('term_end');
    expect(await form.innerText()).toContain('پایان دوره باید پس از آغاز آن باشد');
    await page.keyboard.press('Control+KeyA');
    await page.keyboard.type('۱۴۱۲۰۱۰۱');
    await shot(page, 'board-form');
    await page.keyboard.press('Control+KeyS');
    await page.waitForURL((u) => u.pathname === '/person/legal-person-board/list', WAIT);

    // Found by the company's name: the new term is the first row, with two seats.
    await gridRows(grid).first().waitFor(WAIT);
    await page.keyboard.press('Slash');
    await page.keyboard.type(company!.name);
    await page.keyboard.press('Enter');
    await settled(grid);
    await expect.poll(() => gridRows(grid).first().innerText(), WAIT).toContain('۱۴۱۰/۰۱/۰۱');
    const first = await gridRows(grid).first().innerText();
    expect(first).toContain(company!.name);
    expect(first).toContain(full(people[0]!));
    expect(first).toContain('۲');
    await shot(page, 'boards-list');

    // Enter opens the editor; the seats come back in order; a third seat, Ctrl+S.
    await page.keyboard.press('KeyJ');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => /^\/person\/legal-person-board\/update\/\d+\/\d+$/.test(u.pathname), WAIT);
    const [, , , , lid, boardId] = pathname(page).split('/');
    expect(Number(lid)).toBe(company!.id);
    const edit = page.getByRole('form', { name: 'ویرایش هیئت مدیره' });
    await edit.waitFor(WAIT);
    expect(await edit.locator('[name="seats.0.holder_id"]').inputValue()).toBe(full(people[1]!));
    expect(await edit.locator('[name="seats.1.holder_id"]').inputValue()).toBe(full(people[2]!));
    await edit.locator('[name="approved_by_assembly"]').focus();
    await page.keyboard.press('Space');
    await edit.locator('[name="seats.1.position"]').focus();
    await page.keyboard.press('Alt+KeyN');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')), WAIT)
      .toBe('seats.2.holder_id');
    await page.keyboard.press('Alt+Backspace'); // and gone again
    expect(await edit.locator('[name="seats.2.holder_id"]').count()).toBe(0);
    await page.keyboard.press('Control+KeyS');
    await page.waitForURL((u) => u.pathname === '/person/legal-person-board/list', WAIT);
    const saved = await pageGet(page, `/api/person/boards/${boardId}`);
    expect(saved.approved_by_assembly).toBe(true);
    expect(saved.seats).toHaveLength(2);
    expect(saved.term_start).toBe('2031-03-21');

    // H on the focused row opens the company's shareholders.
    await settled(grid);
    await expect.poll(() => gridRows(grid).first().innerText(), WAIT).toContain('۱۴۱۰/۰۱/۰۱');
    await page.keyboard.press('Home');
    await page.keyboard.press('KeyH');
    await page.waitForURL((u) => u.pathname === `/person/shareholder/${company!.id}`, WAIT);
    await page.getByRole('heading', { level: 1, name: `سهامداران ${company!.name}` }).waitFor(WAIT);
    const table = page.getByRole('table', { name: `سهامداران ${company!.name}` });
    await table.waitFor(WAIT);
    expect(await table.innerText()).toContain('٪');
    expect(await page.locator('main').innerText()).toContain('سهام شناور آزاد');
    await shot(page, 'shareholders');
    // Tab reaches a holder's name; Enter opens the holder.
    await table.locator('tbody a').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => /^\/person\/(legal|true)-persons\/view\/\d+$/.test(u.pathname), WAIT);
    await context.close();
  });

  it('lists legal and true persons together and opens the right view with Enter', async () => {
    const { page, context } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    await paletteGo(page, 'همه اشخاص', /^همه اشخاص(?! حقوقی)/);
    await page.waitForURL((u) => u.pathname === '/person/all-persons', WAIT);
    const grid = page.getByRole('grid', { name: 'همه اشخاص' });
    await gridRows(grid).first().waitFor(WAIT);
    await settled(grid);
    const text = await grid.innerText();
    expect(text).toContain('حقیقی');
    await shot(page, 'all-persons');
    // Enter opens the focused row's own view (legal or true).
    await page.keyboard.press('KeyJ');
    await expect.poll(() => grid.getAttribute('aria-activedescendant'), WAIT).toBeTruthy();
    const row = await gridRows(grid).first().innerText();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => /^\/person\/(legal|true)-persons\/view\/\d+$/.test(u.pathname), WAIT);
    const kind = pathname(page).startsWith('/person/legal') ? 'حقوقی' : 'حقیقی';
    expect(row).toContain(kind);

    // All legal persons: H opens the focused company's shareholders.
    await paletteGo(page, 'همه اشخاص حقوقی', /^همه اشخاص حقوقی/);
    await page.waitForURL((u) => u.pathname === '/person/all-legal-persons', WAIT);
    const legal = page.getByRole('grid', { name: 'همه اشخاص حقوقی' });
    await gridRows(legal).first().waitFor(WAIT);
    await settled(legal);
    await page.keyboard.press('KeyJ');
    // the row is focused (the grid points at its cell) before H acts on it
    await expect.poll(() => legal.getAttribute('aria-activedescendant'), WAIT).toBeTruthy();
    await page.keyboard.press('KeyH');
    await page.waitForURL((u) => /^\/person\/shareholder\/\d+$/.test(u.pathname), WAIT);
    await page.getByRole('heading', { level: 1, name: /^سهامداران / }).waitFor(WAIT);
    await context.close();
  });
});
