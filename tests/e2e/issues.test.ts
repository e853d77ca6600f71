import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { IssueDetail } from '../../src/contract/issues.ts';
import { browserSuite } from './pages/browser-suite.ts';
import { WAIT } from './pages/sign-in.ts';

/**
 * Issue 18 in Chromium, by keyboard: an auditor raises an issue about a company from the issues
 * list (N, the company picked by name, a type, Ctrl+Enter), opens it with V, accepts it, then
 * declines it with a reason, and registers an outgoing letter (L) that gets its reference
 * number.
 */

const suite = browserSuite();

const activeName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? '');

/** Tabs to the field named `name` (at most 12 presses). */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 12 && (await activeName(page)) !== name; i++) await page.keyboard.press('Tab');
  expect(await activeName(page)).toBe(name);
}

const pageGet = <T>(page: Page, path: string) =>
  page.evaluate(
    async (p) => ((await (await fetch(p, { credentials: 'include' })).json()) as { data: unknown }).data,
    path,
  ) as Promise<T>;

describe('issues by keyboard', () => {
  it('raises an issue, opens it, moves its status and registers a letter', async () => {
    const { page, context } = await suite.signedIn('auditor', 'حسابرس');
    const tag = Date.now().toString(36).slice(-5);
    const company = (
      await pageGet<{ data: { name: string }[] }>(page, '/api/person/legal-persons?kind=company&per_page=1')
    ).data[0]!;
    await page.goto('/issues/legal-person');
    const grid = page.getByRole('grid');
    await grid.waitFor(WAIT);
    await page.keyboard.press('KeyN');
    const dialog = page.getByRole('dialog', { name: 'موضوع تازه' });
    await dialog.waitFor(WAIT);
    await expect.poll(() => activeName(page), WAIT).toBe('title');
    await page.keyboard.type(`عدم ارسال صورت‌های مالی ${tag}`);
    await tabTo(page, 'object_id');
    await page.keyboard.type(company.name.slice(0, 8));
    await dialog.getByRole('option').first().waitFor(WAIT);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await tabTo(page, 'issue_type');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    // saved, and the list shows it first (a long title is cut in its cell: the whole is in the API)
    await expect
      .poll(
        async () =>
          (await pageGet<{ data: { title: string }[] }>(page, '/api/issues?per_page=1')).data[0]?.title,
        WAIT,
      )
      .toContain(tag);
    await grid.locator('tbody tr[aria-rowindex]').first().waitFor(WAIT);

    // V on the new issue (the newest, first) opens it
    await grid.focus();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('KeyV');
    await page.waitForURL((u) => u.pathname.startsWith('/issues/view/'), WAIT);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { level: 1, name: new RegExp(tag) }).waitFor(WAIT);

    const moves = page.getByRole('region', { name: 'تغییر وضعیت' });
    await moves.getByRole('button', { name: 'پذیرش' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await pageGet<IssueDetail>(page, `/api/issues/${id}`)).status, WAIT)
      .toBe('accepted');
    await moves.getByRole('button', { name: 'رد' }).focus();
    await page.keyboard.press('Enter');
    const reason = page.getByRole('dialog', { name: 'رد' });
    await reason.waitFor(WAIT);
    // an empty reason is refused in Persian and nothing changes
    await page.keyboard.press('Control+Enter');
    await reason.getByRole('alert').waitFor(WAIT);
    await page.keyboard.type('خارج از حوزهٔ نظارت سازمان');
    await page.keyboard.press('Control+Enter');
    await reason.waitFor({ state: 'detached', ...WAIT });
    await expect
      .poll(async () => (await pageGet<IssueDetail>(page, `/api/issues/${id}`)).status, WAIT)
      .toBe('declined');

    // L: a letter out, numbered by the product
    await page.keyboard.press('KeyL');
    const letter = page.getByRole('dialog', { name: 'نامهٔ تازه' });
    await letter.waitFor(WAIT);
    await tabTo(page, 'letter_date');
    await page.keyboard.type('14050901');
    await tabTo(page, 'sender');
    await page.keyboard.type('سازمان');
    await tabTo(page, 'recipient');
    await page.keyboard.type(company.name);
    await tabTo(page, 'subject');
    await page.keyboard.type('درخواست ارسال صورت‌های مالی');
    await page.keyboard.press('Control+Enter');
    await letter.waitFor({ state: 'detached', ...WAIT });
    const letters = page.getByRole('region', { name: 'مکاتبات' });
    await letters.locator('tbody tr').first().waitFor(WAIT);
    const saved = (await pageGet<IssueDetail>(page, `/api/issues/${id}`)).letters;
    expect(saved).toHaveLength(1);
    expect(saved[0]!.reference_number).toMatch(/^1[34]\d\d\/ص\/\d+$/);

    // details: a sub-item added with Enter, then marked done with Space on its checkbox
    const details = page.getByRole('region', { name: 'اجزای موضوع' });
    await details.getByRole('textbox', { name: 'جزء تازه' }).focus();
    await page.keyboard.type('دریافت پاسخ حسابرس');
    await page.keyboard.press('Enter');
    const box = details.getByRole('checkbox', { name: 'دریافت پاسخ حسابرس' });
    await box.waitFor(WAIT);
    await box.focus();
    await page.keyboard.press('Space');
    await expect
      .poll(async () => (await pageGet<IssueDetail>(page, `/api/issues/${id}`)).details, WAIT)
      .toEqual([expect.objectContaining({ title: 'دریافت پاسخ حسابرس', done: true })]);
    await details.getByText('۱ از ۱ انجام‌شده').waitFor(WAIT);
    await context.close();
  });
});
