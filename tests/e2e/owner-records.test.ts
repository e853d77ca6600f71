import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn, WAIT } from './pages/sign-in.ts';

/**
 * A company's own records in Chromium against the real server, by keys: C adds a contact (a bad
 * value refused beside its field first), U uploads a document (listed, and its link downloads),
 * B opens the new-branch form, Ctrl+S saves it back to the company, and the row's edit link
 * opens it again for a change.
 */

let browser: Browser;
let baseURL: string;
const tag = Date.now().toString(36).slice(-4);

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** A GET as the page makes it (its cookies), answering status, type and size. */
function pageGet(page: Page, path: string) {
  return page.evaluate(async (path) => {
    const res = await fetch(path, { credentials: 'include' });
    const body = await res.arrayBuffer();
    return { status: res.status, type: res.headers.get('content-type'), size: body.byteLength };
  }, path);
}

const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest('[role=dialog]') !== null);
const section = (page: Page, id: string) => page.locator(`section#${id}`);
const hasFocus = (l: Locator) => l.evaluate((el) => el === document.activeElement);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

describe('a company’s contacts, documents and branches, by keyboard', () => {
  it('adds a contact and a document, downloads it, adds a branch and edits it', async () => {
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    const list = await page.evaluate(async () => {
      const res = await fetch('/api/person/legal-persons?per_page=1&sortBy=name', { credentials: 'include' });
      return (await res.json()) as { data: { data: { id: number; name: string }[] } };
    });
    const company = list.data.data[0]!;
    await page.goto(`/person/legal-persons/view/${company.id}`);
    await page.getByRole('heading', { level: 1, name: company.name }).waitFor(WAIT);
    await page.waitForLoadState('networkidle');

    // C: a new contact. The kind starts on «تلفن»; a bad number is refused beside its field.
    await page.keyboard.press('KeyC');
    const dialog = page.getByRole('dialog', { name: 'راه ارتباطی تازه' });
    await dialog.waitFor(WAIT);
    await expect.poll(() => focused(page), WAIT).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('12ab');
    await page.keyboard.press('Control+Enter');
    const value = dialog.getByLabel('مقدار');
    await expect.poll(() => value.getAttribute('aria-invalid'), WAIT).toBe('true');
    expect(await dialog.getByRole('alert').first().textContent()).toContain('۴ تا ۱۵ رقم');
    await page.keyboard.press('Control+KeyA');
    await page.keyboard.type('۰۲۱-۸۸۷۷ ۴۶۵۵');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    const contacts = section(page, 'contacts');
    const row = contacts.getByRole('row').filter({ hasText: '۰۲۱۸۸۷۷۴۶۵۵' });
    await row.waitFor(WAIT);
    expect(await row.locator('td').first().textContent()).toBe('تلفن');
    expect(await row.locator('td').nth(2).textContent()).toBe('اصلی');
    // The same command from the palette (Ctrl+K), then Esc closes its form.
    await page.keyboard.press('Control+KeyK');
    const palette = page.getByRole('dialog').filter({ has: page.getByRole('combobox') });
    await palette.getByRole('combobox').waitFor(WAIT);
    await page.keyboard.type('افزودن راه ارتباطی');
    const option = palette.getByRole('option', { name: /افزودن راه ارتباطی/ }).first();
    await option.waitFor(WAIT);
    // Move the highlight to the command if something else (a search answer) is first.
    for (let i = 0; i < 12 && (await option.getAttribute('aria-selected')) !== 'true'; i++) {
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await dialog.waitFor(WAIT);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', ...WAIT });

    // U: upload a document of the first type for companies; the title follows the type.
    await page.keyboard.press('KeyU');
    const upload = page.getByRole('dialog', { name: 'بارگذاری مستند' });
    await upload.waitFor(WAIT);
    const typeSelect = upload.getByLabel('نوع مستند');
    await expect.poll(() => typeSelect.locator('option').count(), WAIT).toBeGreaterThan(2);
    await expect.poll(() => hasFocus(typeSelect), WAIT).toBe(true);
    await page.keyboard.press('ArrowDown');
    const typeName = (await typeSelect.locator('option:checked').textContent())!;
    expect(await upload.getByLabel('عنوان').inputValue()).toBe(typeName);
    await upload.getByLabel('عنوان').focus();
    await page.keyboard.press('End');
    await page.keyboard.type(` ${tag}`);
    // The native file chooser is the one thing keys cannot drive here: the file is set directly.
    await upload
      .getByLabel('پرونده')
      .setInputFiles({ name: `سند-${tag}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await page.keyboard.press('Control+Enter');
    await upload.waitFor({ state: 'detached', ...WAIT });
    const documents = section(page, 'documents');
    const link = documents.getByRole('link', { name: `دریافت سند-${tag}.pdf` });
    await link.waitFor(WAIT);
    const got = await pageGet(page, (await link.getAttribute('href'))!);
    expect(got).toEqual({ status: 200, type: 'application/pdf', size: PDF.byteLength });

    // B: a new branch; Ctrl+S saves and returns to the company at its branches.
    await page.locator('body').focus();
    await page.keyboard.press('KeyB');
    await page.waitForURL((u) => u.pathname === `/person/legal-person-branch/create/${company.id}`, WAIT);
    const name = page.locator('input[name=name]');
    await expect.poll(() => hasFocus(name), WAIT).toBe(true);
    await page.keyboard.type(`شعبه آزمون ${tag}`);
    await page.locator('input[name=manager]').focus();
    await page.keyboard.type('مدیر آزمون');
    await page.locator('input[name=phone]').focus();
    await page.keyboard.type('۰۳۱-۳۲۲۲۲۲۲۲');
    await page.keyboard.press('Control+KeyS');
    await page.waitForURL((u) => u.pathname === `/person/legal-persons/view/${company.id}`, WAIT);
    const branches = section(page, 'branches');
    const edit = branches.getByRole('link', { name: `ویرایش شعبه آزمون ${tag}` });
    await edit.waitFor(WAIT);

    // Its edit link, Enter; a new name, Ctrl+S; the list shows it.
    await edit.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (u) => u.pathname.startsWith(`/person/legal-person-branch/update/${company.id}/`),
      WAIT,
    );
    await expect.poll(() => page.locator('input[name=name]').inputValue(), WAIT).toBe(`شعبه آزمون ${tag}`);
    await page.locator('input[name=name]').focus();
    await page.keyboard.press('End');
    await page.keyboard.type(' مرکزی');
    await page.keyboard.press('Control+KeyS');
    await page.waitForURL((u) => u.pathname === `/person/legal-persons/view/${company.id}`, WAIT);
    await branches.getByRole('link', { name: `ویرایش شعبه آزمون ${tag} مرکزی` }).waitFor(WAIT);
    await page.screenshot({ path: '.tmp/shots/owner-records.png', fullPage: true });
    await page.close();
  });

  it('manages the document types: N opens the form, a bad size is refused beside its field, the new type is listed', async () => {
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'admin');
    await page.goto('/management/document-types/list');
    await page.getByRole('heading', { level: 1, name: 'انواع مستند' }).waitFor(WAIT);
    await page.getByRole('row').filter({ hasText: 'اساسنامه' }).first().waitFor(WAIT);
    await page.locator('body').focus();
    await page.keyboard.press('KeyN');
    const dialog = page.getByRole('dialog', { name: 'نوع مستند تازه' });
    await dialog.waitFor(WAIT);
    await page.keyboard.type(`پروانه ${tag}`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+KeyA');
    await page.keyboard.type('۹۰');
    await page.keyboard.press('Control+Enter');
    const size = dialog.getByLabel('حداکثر حجم (مگابایت)');
    await expect.poll(() => size.getAttribute('aria-invalid'), WAIT).toBe('true');
    await size.focus();
    await page.keyboard.press('Control+KeyA');
    await page.keyboard.type('۲٫۵');
    await page.keyboard.press('Control+Enter');
    await dialog.waitFor({ state: 'detached', ...WAIT });
    const row = page.getByRole('row').filter({ hasText: `پروانه ${tag}` });
    await row.waitFor(WAIT);
    expect(await row.textContent()).toContain('۲٫۵ مگابایت');
    await page.screenshot({ path: '.tmp/shots/document-types.png' });
    await page.close();
  });

  it('shows a person’s contacts and documents to a role that may only view, without the add keys', async () => {
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'auditor');
    const list = await page.evaluate(async () => {
      const res = await fetch('/api/person/true-persons?per_page=1', { credentials: 'include' });
      return (await res.json()) as { data: { data: { id: number }[] } };
    });
    const id = list.data.data[0]!.id;
    await page.goto(`/person/true-persons/view/${id}`);
    await section(page, 'documents').getByText('مستندی ثبت نشده است.').waitFor(WAIT);
    await section(page, 'contacts').waitFor(WAIT);
    expect(await page.getByRole('button', { name: /بارگذاری مستند/ }).count()).toBe(0);
    await page.locator('body').focus();
    await page.keyboard.press('KeyU');
    await page.keyboard.press('KeyC');
    // The commands open their dialogs on the next task: give them time to (wrongly) appear.
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.keyboard.press('Digit5');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), WAIT).toBe('documents-title');
    await page.screenshot({ path: '.tmp/shots/true-person-owner-records.png', fullPage: true });
    await page.close();
  });
});
