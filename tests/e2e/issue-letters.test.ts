import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LetterAttachment, LetterPrint } from '../../src/contract/issue-correspondence.ts';
import type { IssueDetail } from '../../src/contract/issues.ts';
import { toPersianDigits } from '../../src/domain/persian-text.ts';
import { browserSuite } from './pages/browser-suite.ts';
import { WAIT } from './pages/sign-in.ts';

/**
 * Issue 18 in Chromium, by keyboard: an auditor opens an issue (its Markdown description shown
 * rendered, its script not run), registers a letter with an attachment (L, the fields, the file
 * picker opened from the keyboard, Ctrl+Enter), adds another to the letter afterwards (U on the
 * focused letter), opens its A4 print (P) with the letterhead (the settings' logo and name), the
 * reference number and the Jalali date in Persian digits, goes back (Esc), opens the company's
 * issues from the company's view («همه موضوعات»), and another company's from the palette.
 */

const suite = browserSuite();

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(7)]);

const activeName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? '');

/** Tabs to the field named `name` (at most 14 presses). */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 14 && (await activeName(page)) !== name; i++) await page.keyboard.press('Tab');
  expect(await activeName(page)).toBe(name);
}

/** The browser's own call (its cookies, the XSRF header), answering `data`. */
const pageCall = <T>(page: Page, path: string, method = 'GET', body?: unknown) =>
  page.evaluate(
    async ([p, m, b]) => {
      const token = decodeURIComponent((document.cookie.match(/XSRF-TOKEN=([^;]+)/) || [])[1] || '');
      const res = await fetch(p as string, {
        method: m as string,
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-xsrf-token': token },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      return ((await res.json()) as { data: unknown }).data;
    },
    [path, method, body] as const,
  ) as Promise<T>;

describe('issue letters by keyboard', () => {
  it('registers a letter with an attachment, prints it, and opens the company’s issues from its view', async () => {
    const { page, context } = await suite.signedIn('auditor', 'حسابرس');
    // Keeps Playwright's interception of file pickers on for the whole test, so a picker opened
    // right after the previous one is still caught (each waitForEvent alone turns it on anew).
    page.on('filechooser', () => {});
    const tag = Date.now().toString(36).slice(-5);
    const company = (
      await pageCall<{ data: { id: number; name: string }[] }>(
        page,
        '/api/person/legal-persons?kind=company&per_page=1',
      )
    ).data[0]!;
    const types = await pageCall<{ id: number }[]>(page, '/api/issue-types');
    const settings = await pageCall<{ app_name: string; logo: string }>(page, '/api/settings');
    const issue = await pageCall<IssueDetail>(page, '/api/issues', 'POST', {
      title: `مکاتبه دربارهٔ صورت‌های مالی ${tag}`,
      object_type: 'legal_person',
      object_id: company.id,
      issue_type: types[0]!.id,
      priority: '2',
      description: `**مهلت** ارسال گذشته است.\n\n- بند یک\n- بند دو\n\n<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2">`,
    });

    await page.goto(`/issues/view/${issue.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(tag) }).waitFor(WAIT);
    // the description as Markdown, sanitised: the emphasis and the list shown, nothing run
    const described = page.getByRole('region', { name: 'شرح' });
    expect(await described.locator('strong').first().textContent()).toBe('مهلت');
    expect(await described.locator('li').count()).toBe(2);
    expect(await described.locator('script, img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    // its creator follows it without choosing to (told of its letters): shown, and not to be undone
    await page.getByText(/دنبال‌کنندگان/).waitFor(WAIT);
    await page.getByText(/\(ثبت‌کننده\)/).waitFor(WAIT);
    expect(await page.getByRole('button', { name: 'دنبال می‌کنید' }).isDisabled()).toBe(true);

    // L: a letter out with an attachment chosen through the file picker, opened by Space
    await page.keyboard.press('KeyL');
    const dialog = page.getByRole('dialog', { name: 'نامهٔ تازه' });
    await dialog.waitFor(WAIT);
    await tabTo(page, 'letter_date');
    await page.keyboard.type('14050901');
    await tabTo(page, 'sender');
    await page.keyboard.type('سازمان');
    await tabTo(page, 'recipient');
    await page.keyboard.type(company.name);
    await tabTo(page, 'subject');
    await page.keyboard.type('درخواست ارسال صورت‌های مالی');
    await tabTo(page, 'attachments');
    const chooser = page.waitForEvent('filechooser', WAIT);
    await page.keyboard.press('Space');
    await (await chooser).setFiles({ name: 'صورت‌های مالی.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });

    const letters = page.getByRole('region', { name: 'مکاتبات' });
    await letters.getByRole('link', { name: 'دریافت صورت‌های مالی.pdf' }).waitFor(WAIT);
    const saved = (await pageCall<IssueDetail>(page, `/api/issues/${issue.id}`)).letters;
    expect(saved).toHaveLength(1);
    const letter = saved[0]!;
    const ref = toPersianDigits(letter.reference_number);

    // U on the focused letter: one more attachment, afterwards
    const row = letters.locator(`tr[data-letter="${letter.id}"]`);
    await row.focus();
    const more = page.waitForEvent('filechooser', WAIT);
    await page.keyboard.press('KeyU');
    await (await more).setFiles({ name: 'پیوست دوم.png', mimeType: 'image/png', buffer: PNG });
    await letters.getByRole('link', { name: 'دریافت پیوست دوم.png' }).waitFor(WAIT);
    const files = await pageCall<LetterAttachment[]>(page, `/api/issues/${issue.id}/attachments`);
    expect(files.map((f) => f.file_name)).toEqual(['صورت‌های مالی.pdf', 'پیوست دوم.png']);

    // P on the focused letter: its A4 print
    await row.focus();
    await page.keyboard.press('KeyP');
    await page.waitForURL((u) => u.pathname === `/issues/letter-print/${letter.id}`, WAIT);
    const sheet = page.getByRole('article', { name: `نامهٔ ${ref}` });
    await sheet.waitFor(WAIT);
    const head = sheet.getByRole('region', { name: 'سربرگ' });
    expect(await head.textContent()).toContain(settings.app_name);
    expect(await head.locator('img').getAttribute('src')).toBe(settings.logo);
    expect(await head.textContent()).toContain(ref);
    expect(await head.textContent()).toContain('۱۴۰۵/۰۹/۰۱');
    expect(await head.textContent()).toContain('دارد (۲)');
    expect(await sheet.textContent()).toContain('درخواست ارسال صورت‌های مالی');
    expect(await sheet.getByRole('region', { name: 'امضا' }).textContent()).toContain('سازمان');
    const print = await pageCall<LetterPrint>(page, `/api/issues/letters/${letter.id}`);
    expect(print.reference_number).toBe(letter.reference_number);
    // printed: the sheet alone, A4 (the toolbar is not printed)
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'چاپ نامه' }).isVisible()).toBe(false);
    mkdirSync('docs/screenshots', { recursive: true });
    await page.emulateMedia({ media: 'screen' });
    // the toasts of the uploads gone (they would cover the signature in the picture)
    for (const toast of ['پیوست افزوده شد', `نامه با شمارهٔ ${ref} با ۱ پیوست ثبت شد`])
      await page.getByText(toast).waitFor({ state: 'hidden', ...WAIT });
    await page.screenshot({ path: 'docs/screenshots/issue-letter-print.png', fullPage: true });

    // Esc: back to the issue
    await page.keyboard.press('Escape');
    await page.waitForURL((u) => u.pathname === `/issues/view/${issue.id}`, WAIT);

    // The company's view: its «موضوعات» section lists the issue; «همه موضوعات» opens the record's list
    await page.goto(`/person/legal-persons/view/${company.id}`);
    const section = page.getByRole('region', { name: 'موضوعات' });
    await section.getByRole('link', { name: new RegExp(tag) }).waitFor(WAIT);
    await section.getByRole('link', { name: 'همه موضوعات این شخص' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/issues/legal_person/${company.id}`, WAIT);
    const grid = page.getByRole('grid');
    await grid.waitFor(WAIT);
    // the title cell shows its digits in Persian: the row is found by its id
    await grid.getByRole('gridcell', { name: toPersianDigits(issue.id), exact: true }).waitFor(WAIT);
    // every row is about this company
    const listed = await pageCall<{ data: { object_id: number }[] }>(
      page,
      `/api/issues?per_page=50&advanceFilter=${encodeURIComponent(JSON.stringify([{ field: 'object_id', op: 'eq', value: company.id }]))}`,
    );
    expect(listed.data.every((r) => r.object_id === company.id)).toBe(true);

    // The palette: a company, Tab into its actions, «موضوعات» opens its issues
    await page.keyboard.press('Control+KeyK');
    const palette = page.getByRole('dialog');
    await palette.getByRole('combobox').waitFor(WAIT);
    await page.keyboard.type('فولاد خوز');
    const steel = palette.getByRole('option', { name: /فولاد خوزستان/ }).first();
    await steel.waitFor(WAIT);
    for (let i = 0; i < 12 && (await steel.getAttribute('aria-selected')) !== 'true'; i++)
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await palette.locator('[data-palette-chip]').waitFor(WAIT);
    await page.keyboard.type('موضوعات');
    await expect
      .poll(async () => (await palette.getByRole('option').first().innerText()).split('\n')[0]!.trim(), WAIT)
      .toBe('موضوعات');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => /^\/issues\/legal_person\/\d+$/.test(u.pathname), WAIT);
    await page.getByRole('grid').waitFor(WAIT);
    await context.close();
  });
});
