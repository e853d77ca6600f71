import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { IssueRow } from '../../src/contract/issues.ts';
import { jalaliOfIso } from '../../src/domain/jalali.ts';
import { browserSuite } from './pages/browser-suite.ts';
import { gridRows, hasFocus, pageFetch, settled } from './pages/lists.ts';
import { WAIT } from './pages/sign-in.ts';

/**
 * Issue 18's triage in Chromium, by keyboard alone: an auditor clears 20 new issues — 1 accepts,
 * 2 marks a duplicate (the original picked in the palette by its number), 3 declines with a
 * reason, H snoozes until a Jalali day, A assigns, L labels, P sets the priority, X and Shift+X
 * select, each verb on the focused issue or the selection — takes the last two verbs back with
 * Ctrl+Z in order, assigns every issue matching the filter (Ctrl+A), and accepts the rest.
 */

const suite = browserSuite();

/** The issues of this run (their titles carry `tag`), by id. */
async function ours(page: Page, tag: string): Promise<IssueRow[]> {
  const res = await pageFetch(
    page,
    'GET',
    `/api/issues?q=${encodeURIComponent(tag)}&per_page=100&sortBy=id&descending=false`,
  );
  return res.body.data.data as IssueRow[];
}

/** The grid's focused row index (0-based, from aria-activedescendant). */
const focusedRow = async (grid: Locator) =>
  Number(/-r(\d+)-c\d+$/.exec((await grid.getAttribute('aria-activedescendant')) ?? '')?.[1] ?? -1);

/** The title of the focused row's issue (its first cell's text holds the id). */
async function focusedId(grid: Locator): Promise<number> {
  const index = await focusedRow(grid);
  const text = await gridRows(grid).nth(index).locator('td').nth(1).textContent();
  return Number((text ?? '').replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))).replace(/\D/g, ''));
}

/** Waits until the grid shows `n` rows of the view, settled. */
async function rowsAre(grid: Locator, n: number) {
  await expect
    .poll(async () => {
      await settled(grid);
      return gridRows(grid).count();
    }, WAIT)
    .toBe(n);
}

describe('issue triage by keyboard', () => {
  it('triages 20 new issues with single keys, undoes two verbs and assigns a filtered set', async () => {
    const { page, context } = await suite.signedIn('auditor', 'حسابرس');
    const tag = `تریاژ${Date.now().toString(36).slice(-5)}`;
    const company = (await pageFetch(page, 'GET', '/api/person/legal-persons?kind=company&per_page=1')).body
      .data.data[0] as { id: number };
    const types = (await pageFetch(page, 'GET', '/api/issue-types')).body.data as { id: number }[];
    for (let k = 0; k < 20; k++) {
      const res = await pageFetch(page, 'POST', '/api/issues', {
        title: `${tag} موضوع ${k + 1}`,
        object_type: 'legal_person',
        object_id: company.id,
        issue_type: types[k % 3]!.id,
        priority: '3',
      });
      expect(res.status).toBe(200);
    }
    const assignees = (await pageFetch(page, 'GET', '/api/issues/assignees')).body.data as {
      id: number;
      name: string;
    }[];
    const analyst =
      assignees.find((a) => a.id !== undefined && /تحلیل|analyst/i.test(a.name)) ?? assignees[0]!;

    // the triage view, searched to this run's issues with / (oldest first)
    await page.goto('/issues/triage');
    const grid = page.getByRole('grid');
    await grid.waitFor(WAIT);
    await page.keyboard.press('Slash');
    await page.keyboard.type(tag);
    await page.keyboard.press('Enter');
    await rowsAre(grid, 20);
    // Enter leaves the search box for the rows; J focuses the first
    await page.keyboard.press('KeyJ');
    await expect.poll(() => focusedRow(grid), WAIT).toBe(0);
    const all = await ours(page, tag);
    const undoBar = page.getByRole('status', { name: 'نتیجه عملیات گروهی' });

    // 1: accept the first; it leaves the view
    const first = await focusedId(grid);
    expect(first).toBe(all[0]!.id);
    await page.keyboard.press('Digit1');
    await undoBar.getByText('پذیرفته شد').waitFor(WAIT);
    await rowsAre(grid, 19);

    // 2: the next is a duplicate of the first, picked in the palette by its number
    await expect.poll(() => focusedId(grid), WAIT).toBe(all[1]!.id);
    await page.keyboard.press('Digit2');
    const picker = page.getByRole('dialog', { name: /موضوع اصلی/ });
    await picker.waitFor(WAIT);
    await page.keyboard.type(String(first));
    // the number finds the one issue: the first option, and the only one
    await picker.getByRole('option', { name: new RegExp(`${tag} موضوع 1\\b`) }).waitFor(WAIT);
    await expect.poll(() => picker.getByRole('option').count(), WAIT).toBe(1);
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => hasFocus(grid), WAIT).toBe(true);
    await rowsAre(grid, 18);

    // 3: decline with a reason (an empty one is refused first)
    await page.keyboard.press('Digit3');
    const decline = page.getByRole('dialog', { name: 'رد' });
    await decline.waitFor(WAIT);
    await page.keyboard.press('Control+Enter');
    await decline.getByRole('alert').waitFor(WAIT);
    await page.keyboard.type('خارج از حوزهٔ نظارت سازمان');
    await page.keyboard.press('Control+Enter');
    await decline.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => hasFocus(grid), WAIT).toBe(true);
    await rowsAre(grid, 17);

    // H: snooze until a Jalali day ten days on
    await page.keyboard.press('KeyH');
    const snooze = page.getByRole('dialog', { name: 'تعویق' });
    await snooze.waitFor(WAIT);
    const later = jalaliOfIso(new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10));
    await page.keyboard.type(later.replace(/\//g, ''));
    await page.keyboard.press('Control+Enter');
    await snooze.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => hasFocus(grid), WAIT).toBe(true);
    await rowsAre(grid, 16);

    // A: assign the focused issue; L: label it — it stays new, so it stays in the view
    const assigned = await focusedId(grid);
    await page.keyboard.press('KeyA');
    const assign = page.getByRole('dialog', { name: 'ارجاع به' });
    await assign.waitFor(WAIT);
    await page.keyboard.type(analyst.name.slice(0, 4));
    await assign.getByRole('option', { name: analyst.name }).waitFor(WAIT);
    await page.keyboard.press('Enter');
    await assign.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => hasFocus(grid), WAIT).toBe(true);
    await undoBar.getByText(`به ${analyst.name} ارجاع شد`).waitFor(WAIT);
    await page.keyboard.press('KeyL');
    const label = page.getByRole('dialog', { name: 'برچسب' });
    await label.waitFor(WAIT);
    await page.keyboard.type('مکاتبه');
    await label.getByRole('option', { name: 'نیازمند مکاتبه' }).waitFor(WAIT);
    await page.keyboard.press('Enter');
    await label.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => hasFocus(grid), WAIT).toBe(true);
    await grid.getByText('نیازمند مکاتبه').waitFor(WAIT);

    // X, J, X, J, X: three chosen one by one, accepted together with 1
    await grid.focus();
    await page.keyboard.press('KeyJ');
    const chosen: number[] = [];
    for (let k = 0; k < 3; k++) {
      chosen.push(await focusedId(grid));
      await page.keyboard.press('KeyX');
      if (k < 2) await page.keyboard.press('KeyJ');
    }
    await page.keyboard.press('Digit1');
    await undoBar.getByText('۳ موضوع پذیرفته شد').waitFor(WAIT);
    await rowsAre(grid, 13);

    // X then Shift+X two rows on: a range of three gets priority «فوری» with P
    const ranged: number[] = [];
    await page.keyboard.press('KeyX');
    ranged.push(await focusedId(grid));
    await page.keyboard.press('KeyJ');
    ranged.push(await focusedId(grid));
    await page.keyboard.press('KeyJ');
    ranged.push(await focusedId(grid));
    await page.keyboard.press('Shift+KeyX');
    await page.keyboard.press('KeyP');
    const priority = page.getByRole('dialog', { name: 'اولویت' });
    await priority.waitFor(WAIT);
    await page.keyboard.type('فوری');
    await page.keyboard.press('Enter');
    await priority.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => hasFocus(grid), WAIT).toBe(true);
    await undoBar.getByText('۳ موضوع اولویت «فوری» گرفت').waitFor(WAIT);
    await expect
      .poll(
        async () => (await ours(page, tag)).filter((i) => ranged.includes(i.id)).map((i) => i.priority),
        WAIT,
      )
      .toEqual(['1', '1', '1']);

    // Ctrl+Z twice: the priority, then the three accepted, each named in a toast
    await page.keyboard.press('Control+KeyZ');
    await page.getByText(/بازگردانده شد: اولویت «فوری» برای ۳ موضوع/).waitFor(WAIT);
    await page.keyboard.press('Control+KeyZ');
    await page.getByText(/بازگردانده شد: پذیرش ۳ موضوع/).waitFor(WAIT);
    await expect
      .poll(async () => {
        const now = await ours(page, tag);
        return [
          now.filter((i) => ranged.includes(i.id)).map((i) => i.priority),
          now.filter((i) => chosen.includes(i.id)).map((i) => i.status),
        ];
      }, WAIT)
      .toEqual([
        ['3', '3', '3'],
        ['new', 'new', 'new'],
      ]);
    await rowsAre(grid, 16);

    // Ctrl+A: every issue matching the filter (the 16 still new), assigned with A
    await grid.focus();
    await page.keyboard.press('Control+KeyA');
    await page
      .getByText(/همه موارد منطبق/)
      .first()
      .waitFor(WAIT);
    await page.keyboard.press('KeyA');
    await assign.waitFor(WAIT);
    await page.keyboard.type(analyst.name.slice(0, 4));
    await assign.getByRole('option', { name: analyst.name }).waitFor(WAIT);
    await page.keyboard.press('Enter');
    await assign.waitFor({ state: 'detached', ...WAIT });
    await expect.poll(() => hasFocus(grid), WAIT).toBe(true);
    // one had that assignee already: 15 changed, and the bar says one did not change
    await undoBar.getByText(/۱۵ موضوع به .* ارجاع شد؛ ۱ موضوع تغییر نکرد/).waitFor(WAIT);
    const fresh = (await ours(page, tag)).filter((i) => i.status === 'new');
    expect(fresh).toHaveLength(16);
    expect(fresh.every((i) => i.assignee_id === analyst.id)).toBe(true);
    expect(fresh.find((i) => i.id === assigned)?.labels.map((l) => l.name)).toEqual(['نیازمند مکاتبه']);

    // and the rest accepted at once: all 20 triaged
    await grid.focus();
    await page.keyboard.press('Control+KeyA');
    await page.keyboard.press('Digit1');
    await undoBar.getByText('۱۶ موضوع پذیرفته شد').waitFor(WAIT);
    await page.getByText('موردی با این جست‌وجو و فیلترها پیدا نشد').waitFor(WAIT);
    const done = await ours(page, tag);
    expect(done.map((i) => i.status).sort()).toEqual(
      [...Array(17).fill('accepted'), 'declined', 'duplicate', 'snoozed'].sort(),
    );
    expect(done.find((i) => i.id === all[1]!.id)).toMatchObject({ status: 'duplicate' });

    // the ? sheet lists the triage keys
    await page.keyboard.press('Shift+Slash');
    const sheet = page.getByRole('dialog', { name: 'میان‌برهای صفحه‌کلید' });
    await sheet.waitFor(WAIT);
    const keys = (await sheet.textContent()) ?? '';
    for (const verb of ['پذیرش', 'تکراری', 'رد', 'تعویق', 'ارجاع', 'برچسب', 'اولویت'])
      expect(keys).toContain(`${verb} (ردیف جاری یا ردیف‌های انتخاب‌شده)`);
    await context.close();
  });
});
