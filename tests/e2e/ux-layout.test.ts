import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './pages/browser-suite.ts';
import {
  companiesByName,
  gridRows,
  hasFocus,
  legalGrid,
  openLegalList,
  pageCall,
  settled,
} from './pages/lists.ts';
import { WAIT } from './pages/sign-in.ts';

/**
 * What a new user tripped over, in Chromium at 1440, 1024 and 390 px: where the focus lands on a
 * list screen and in the filter builder; label chips cut at the table's edge and a focus ring
 * clipped in the label picker; a sample date as an empty date field's placeholder; the Alt+↓
 * hint drawn backwards; tables wider than the screen with no sign that they scroll; a record's
 * section header that wraps around its title on a phone.
 */

const suite = browserSuite();

const focusedRow = async (grid: Locator) =>
  /-r(\d+)-c\d+$/.exec((await grid.getAttribute('aria-activedescendant')) ?? '')?.[1];
const rect = (l: Locator) => l.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);

/** A page `width` wide, signed in as the analyst. */
const analystAt = (width: number) => suite.signedIn('analyst', 'تحلیلگر', width);

/** The first company's view (by name) on a page `width` wide, as the analyst. */
async function companyViewAt(width: number) {
  const opened = await analystAt(width);
  const [company] = await companiesByName(opened.page);
  await opened.page.goto(`/person/legal-persons/view/${company!.id}`);
  await opened.page.getByRole('heading', { level: 1, name: company!.name }).waitFor(WAIT);
  return opened;
}

/** The legal persons list, just arrived at, holds the focus on its grid: the first J goes to the first row. */
async function gridHasTheFocus(page: Page) {
  const grid = legalGrid(page);
  await gridRows(grid).first().waitFor(WAIT);
  await expect.poll(() => hasFocus(grid), WAIT).toBe(true);
  await page.keyboard.press('KeyJ');
  await expect.poll(() => focusedRow(grid), WAIT).toBe('0');
}

describe('focus on list screens and in the filter builder', () => {
  it('gives the grid the focus after G then L; the first J then reaches the first row', async () => {
    const { page, context } = await analystAt(1440);
    await page.keyboard.press('KeyG');
    await page.keyboard.press('KeyL');
    await gridHasTheFocus(page);
    await context.close();
  });

  it('gives the grid the focus when signing in leads back to a list', async () => {
    const { page, context } = await suite.open();
    await page.goto('/person/legal-persons');
    await page.waitForURL((u) => /login/.test(u.pathname), WAIT);
    const user = page.locator('input[name=username]');
    await expect.poll(() => hasFocus(user), WAIT).toBe(true);
    await page.keyboard.type('analyst');
    await page.keyboard.press('Tab');
    await page.keyboard.type('nazer-demo');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/auth/select-role', WAIT);
    await page.locator('main ul button:not([disabled])').first().waitFor(WAIT);
    await page.keyboard.press('Digit1');
    await page.waitForURL((u) => u.pathname === '/person/legal-persons', WAIT);
    await gridHasTheFocus(page);
    await context.close();
  });

  /** Opens the filter builder from its button in the bar (the button then holds the focus). */
  async function openBuilder(page: Page) {
    await page.getByRole('button', { name: /فیلتر پیشرفته/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'فیلتر پیشرفته' });
    await dialog.waitFor(WAIT);
    return dialog;
  }
  const value = (l: Locator) => l.getByLabel('مقدار');

  it('gives the new condition’s value the focus when the builder adds a condition or a group', async () => {
    const { page, context } = await analystAt(1440);
    await openLegalList(page);
    const dialog = await openBuilder(page);
    await dialog.getByRole('button', { name: '+ شرط', exact: true }).press('Enter');
    const first = value(dialog.locator('[data-condition]').nth(0));
    await expect.poll(() => hasFocus(first), WAIT).toBe(true);
    // The value is chosen by keys where the focus already is.
    await page.keyboard.press('ArrowDown');
    expect(await first.inputValue()).not.toBe('');
    await dialog.getByRole('button', { name: '+ گروه «یا»' }).press('Enter');
    const group = dialog.locator('fieldset');
    await expect.poll(() => hasFocus(value(group.locator('[data-condition]').nth(0))), WAIT).toBe(true);
    await group.getByRole('button', { name: '+ شرط در این گروه' }).press('Enter');
    await expect.poll(() => hasFocus(value(group.locator('[data-condition]').nth(1))), WAIT).toBe(true);
    await context.close();
  });

  it('gives the grid the focus after applying the builder’s filter', async () => {
    const { page, context } = await analystAt(1440);
    const grid = await openLegalList(page);
    const dialog = await openBuilder(page);
    await dialog.getByRole('button', { name: '+ شرط', exact: true }).press('Enter');
    await value(dialog.locator('[data-condition]').nth(0)).selectOption({ index: 1 });
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await page.waitForURL((u) => u.searchParams.has('af'), WAIT);
    await settled(grid);
    await expect.poll(() => hasFocus(grid), WAIT).toBe(true);
    await page.keyboard.press('KeyJ');
    await expect.poll(() => focusedRow(grid), WAIT).toMatch(/^\d+$/);
    await context.close();
  });
});

/** The new true person form's (empty) birth date field, as the analyst. */
async function birthDateField() {
  const { page, context } = await analystAt(1440);
  await page.goto('/person/true-persons/create');
  const date = page.locator('input[aria-keyshortcuts="Alt+ArrowDown"]').first();
  await date.waitFor(WAIT);
  return { date, context };
}

describe('labels, dates and hints read as they are', () => {
  it('shows the last column’s label chips whole within the table, and counts those it has no room for', async () => {
    const { page, context } = await analystAt(1440);
    const [company] = await companiesByName(page);
    const labels = (await page.evaluate(async () => {
      const res = await fetch('/api/labels/items?object_type=legal_person', { credentials: 'include' });
      return ((await res.json()) as { data: { id: number; name: string }[] }).data;
    })) as { id: number; name: string }[];
    const four = labels.slice(0, 4);
    expect(four.length).toBe(4);
    const bulk = (action: 'label' | 'unlabel', labelId: number) =>
      pageCall(page, 'POST', '/api/person/legal-persons/bulk', { action, labelId, ids: [company!.id] });
    try {
      for (const l of four) expect(await bulk('label', l.id)).toBe(200);
      const grid = await openLegalList(page, '?sort=name');
      const cell = gridRows(grid).first().locator('td').last();
      await expect.poll(() => cell.locator('[data-label-chip]').count(), WAIT).toBe(4);
      await page.waitForTimeout(300);
      const seen = await cell.evaluate((td) => {
        const frame = td.closest('[role=grid]')!.getBoundingClientRect();
        const box = td.getBoundingClientRect();
        const inside = (r: DOMRect, o: DOMRect) =>
          r.left >= o.left - 0.5 &&
          r.right <= o.right + 0.5 &&
          r.top >= o.top - 0.5 &&
          r.bottom <= o.bottom + 0.5;
        // A chip drawn here is whole: inside its cell and the grid's frame, its text cut (if at
        // all) with an ellipsis, never by the edge.
        const whole: string[] = [];
        const cut: string[] = [];
        for (const chip of td.querySelectorAll<HTMLElement>('[data-label-chip]')) {
          const r = chip.getBoundingClientRect();
          const x = Math.min(Math.max(r.left + r.width / 2, frame.left + 1), frame.right - 1);
          if (!chip.contains(document.elementFromPoint(x, r.top + r.height / 2))) continue; // not drawn
          const ended =
            chip.scrollWidth <= chip.clientWidth + 1 ||
            // (an ellipsis is drawn by a block, not by a flex box)
            (getComputedStyle(chip).textOverflow === 'ellipsis' &&
              !getComputedStyle(chip).display.includes('flex'));
          if (inside(r, box) && inside(r, frame) && ended) whole.push(chip.textContent ?? '');
          else cut.push(chip.textContent ?? '');
        }
        const more = td.querySelector('[data-label-more]')?.textContent ?? '';
        return { whole, cut, more, text: td.textContent ?? '' };
      });
      expect(seen.cut).toEqual([]);
      expect(seen.whole.length).toBeGreaterThan(0);
      const digits = (seen.more.match(/[۰-۹\d]+/)?.[0] ?? '0').replace(/[۰-۹]/g, (d) =>
        String(d.charCodeAt(0) - 0x06f0),
      );
      expect(seen.whole.length + Number(digits)).toBe(4);
      // Every name is still in the cell for screen readers.
      for (const l of four) expect(seen.text).toContain(l.name);
    } finally {
      for (const l of four) await bulk('unlabel', l.id);
      await context.close();
    }
  });

  it('shows the label picker’s first option with its whole focus ring', async () => {
    const { page, context } = await analystAt(1440);
    const grid = await openLegalList(page);
    await grid.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('KeyX');
    await page.keyboard.press('KeyL');
    const dialog = page.getByRole('dialog');
    const first = dialog.getByRole('radio').first();
    await first.waitFor(WAIT);
    await expect.poll(() => hasFocus(first), WAIT).toBe(true);
    const ring = await first.evaluate((input) => {
      const option = input.closest('label')!;
      const list = option.parentElement!;
      const s = getComputedStyle(option);
      const width = s.outlineStyle === 'none' ? 0 : Number.parseFloat(s.outlineWidth);
      const out = width + Number.parseFloat(s.outlineOffset || '0');
      const o = option.getBoundingClientRect();
      const l = list.getBoundingClientRect();
      const left = l.left + list.clientLeft;
      const top = l.top + list.clientTop;
      const clipped =
        o.top - out < top - 0.5 || o.left - out < left - 0.5 || o.right + out > left + list.clientWidth + 0.5;
      return { width, clipped };
    });
    expect(ring.width).toBeGreaterThan(0);
    expect(ring.clipped).toBe(false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await context.close();
  });

  it('gives an empty date field a placeholder that is not a date', async () => {
    const { date, context } = await birthDateField();
    expect(await date.inputValue()).toBe('');
    const look = await date.evaluate((el: HTMLInputElement) => ({
      placeholder: el.placeholder,
      value: getComputedStyle(el).color,
      hint: getComputedStyle(el, '::placeholder').color,
    }));
    expect(look.placeholder).not.toBe('');
    expect(look.placeholder).not.toMatch(/[0-9۰-۹]/);
    expect(look.hint).not.toBe(look.value);
    await context.close();
  });

  it('shows the house number of an address being edited in Persian digits, as the view shows it', async () => {
    const { page, context } = await analystAt(1440);
    const [company] = await companiesByName(page);
    await page.goto(`/person/legal-persons/update/${company!.id}`);
    const address = page.locator('[name=address]');
    await address.waitFor(WAIT);
    await expect.poll(() => address.inputValue(), WAIT).toMatch(/[۰-۹]/);
    expect(await address.inputValue()).not.toMatch(/[0-9]/);
    await context.close();
  });

  it('draws the Alt+↓ hint under a date field left to right, as the keys read', async () => {
    const { date, context } = await birthDateField();
    const order = await date.evaluate((el) => {
      const hint = document.getElementById(el.getAttribute('aria-describedby') ?? '')!;
      const at = (ch: string) => {
        const walker = document.createTreeWalker(hint, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const i = n.textContent!.indexOf(ch);
          if (i < 0) continue;
          const range = document.createRange();
          range.setStart(n, i);
          range.setEnd(n, i + ch.length);
          return range.getBoundingClientRect().left;
        }
        return Number.NaN;
      };
      return { alt: at('Alt'), arrow: at('↓'), text: hint.textContent };
    });
    expect(order.text).toContain('Alt+↓');
    expect(order.alt).toBeLessThan(order.arrow);
    await context.close();
  });
});

describe('tables wider than the screen, and headers on a phone', () => {
  /** The edge marks of the scrolling frame around `table`: which sides show more columns. */
  const edges = (table: Locator) =>
    table.evaluate((el) => {
      const frame = el.closest('[data-scroll-frame]');
      const shown = (side: string) => {
        const mark = frame?.querySelector<HTMLElement>(`[data-scroll-edge=${side}]`);
        if (!mark) return null;
        const r = mark.getBoundingClientRect();
        const f = frame!.getBoundingClientRect();
        const visible = Number(getComputedStyle(mark).opacity) > 0 && r.width > 0;
        // In right to left the inline start is the right-hand edge.
        const onItsSide = side === 'start' ? Math.abs(r.right - f.right) < 2 : Math.abs(r.left - f.left) < 2;
        return visible && onItsSide;
      };
      return { start: shown('start'), end: shown('end') };
    });

  /**
   * `table` shows more at its inline end only; after `presses` of ← with the focus on `scroller`
   * (in right to left ← goes toward the inline end), at its inline start only.
   */
  async function leftArrowScrolls(page: Page, table: Locator, scroller: Locator, presses: number) {
    await expect.poll(() => edges(table), WAIT).toEqual({ start: false, end: true });
    await scroller.focus();
    for (let i = 0; i < presses; i++) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => edges(table), WAIT).toEqual({ start: true, end: false });
  }

  it('shows that a list scrolls sideways, on the side where more columns are, and ← reaches them', async () => {
    const { page, context } = await analystAt(1024);
    const grid = await openLegalList(page);
    expect(await grid.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const hint = page.locator('[data-scroll-hint]');
    await expect.poll(() => hint.count(), WAIT).toBe(1);
    expect(await hint.innerText()).toContain('ستون‌های بیشتر');
    // ← moves the focused cell to the next column (the one on the left) and brings it into view.
    await leftArrowScrolls(page, grid, grid, 12);
    await context.close();
  });

  it('on a phone: a record’s wide table shows that it scrolls, and the keyboard scrolls it', async () => {
    const { page, context } = await companyViewAt(390);
    const table = page.locator('section#board table').first();
    await table.waitFor(WAIT);
    // The box that scrolls is a stop of its own for the keyboard, named after its table.
    const scroller = table.locator('xpath=ancestor::*[@tabindex="0"][1]');
    await expect.poll(() => scroller.count(), WAIT).toBe(1);
    expect(await scroller.getAttribute('aria-label')).toContain('اعضای هیئت مدیره');
    await leftArrowScrolls(page, table, scroller, 30);
    await context.close();
  });

  it('on a phone: a record’s section header puts its links under the title, each on one line', async () => {
    const { page, context } = await companyViewAt(390);
    const head = page.locator('section#general > header');
    const title = await rect(head.locator('h2'));
    const box = await rect(head);
    expect(title.top - box.top).toBeLessThan(16);
    const links = head.getByRole('link');
    expect(await links.count()).toBeGreaterThan(2);
    for (const link of await links.all()) {
      const r = await rect(link);
      expect(r.top).toBeGreaterThanOrEqual(title.top - 1);
      expect(r.height).toBeLessThan(28);
    }
    await context.close();
  });
});
