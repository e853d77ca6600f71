import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateLegalId, generateNationalCode } from '../../src/domain/identifiers.ts';
import { toPersianDigits } from '../../src/domain/persian-text.ts';
import { createRng } from '../../src/domain/random.ts';
import { launchChromium, newPage } from '../support/browser.ts';
import { pageFetch } from './pages/lists.ts';
import { signIn } from './pages/sign-in.ts';

/**
 * Creating and editing the registry in Chromium against the real server, by keys: a legal
 * person typed with Persian digits, a Jalali date and a grouped capital; the client's refusal
 * of a bad national id (what was typed is kept), the server's duplicate with its link; save,
 * E to edit, Ctrl+Enter to save, the history tab with the change; a stale save (409) refused
 * with its banner and nothing overwritten; a true person with a bad then a good national code;
 * axe on the form.
 */

const WAIT = { timeout: 15_000 };
const SHOTS = '.tmp/shots';
let browser: Browser;
let baseURL: string;
const rng = createRng(Date.now() % 2_147_483_647);
const tag = Date.now().toString(36).slice(-5);

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const pathname = (page: Page) => new URL(page.url()).pathname;
const activeName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name') ?? '');
/** The message a Field shows for its control (role=alert beside it). */
const fieldError = (input: Locator) =>
  input.evaluate((el) => {
    const id = el.getAttribute('aria-describedby');
    return (id && document.getElementById(id)?.textContent) || '';
  });

/** Replaces what a field holds with `text`, typed. */
async function retype(page: Page, input: Locator, text: string) {
  await input.focus();
  await page.keyboard.press('Control+KeyA');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
}

async function seriousViolations(page: Page, include: string) {
  const result = await new AxeBuilder({ page }).include(include).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const viewPath = /^\/person\/legal-persons\/view\/(\d+)$/;
let created: { id: number; name: string; nationalId: string } | null = null;

describe('editing the registry, by keyboard', () => {
  it('creates a legal person, refuses a bad and a taken national id, edits it and shows the history', async () => {
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');

    // The list's N opens the form, focus on its first field.
    await page.keyboard.press('KeyG');
    await page.keyboard.press('KeyL');
    await page.waitForURL((u) => u.pathname === '/person/legal-persons', WAIT);
    await page.getByRole('grid', { name: 'فهرست اشخاص حقوقی' }).waitFor(WAIT);
    await page.keyboard.press('KeyN');
    await page.waitForURL((u) => u.pathname === '/person/legal-persons/create', WAIT);
    const form = page.getByRole('form', { name: 'ثبت شخص حقوقی' });
    await form.waitFor(WAIT);
    await expect.poll(() => activeName(page), WAIT).toBe('name');
    expect(await seriousViolations(page, 'main')).toEqual([]);

    const name = `شرکت آزمایش ویرایش ${tag}`;
    const good = generateLegalId(rng);
    const bad = good.slice(0, 10) + String((Number(good[10]) + 1) % 10);
    await page.keyboard.type(name);
    await page.keyboard.press('Tab'); // kind (company)
    await page.keyboard.press('Tab');
    expect(await activeName(page)).toBe('national_id');
    await page.keyboard.type(toPersianDigits(bad));
    const date = form.locator('[name=registration_date]');
    await date.focus();
    await page.keyboard.type('۱۳۹۸۰۵۱۲');
    expect(await date.inputValue()).toBe('۱۳۹۸/۰۵/۱۲');
    const capital = form.locator('[name=registered_capital]');
    await capital.focus();
    await page.keyboard.type('۱۲۵۰۰۰۰۰۰۰');
    expect(await capital.inputValue()).toBe('۱٬۲۵۰٬۰۰۰٬۰۰۰');
    const nationalId = form.locator('[name=national_id]');

    // The client refuses the check digit; focus goes to the field, the rest is kept.
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => fieldError(nationalId), WAIT).toContain('شناسه ملی معتبر نیست');
    expect(await activeName(page)).toBe('national_id');
    expect(await form.locator('[name=name]').inputValue()).toBe(name);
    expect(await capital.inputValue()).toBe('۱٬۲۵۰٬۰۰۰٬۰۰۰');
    expect(pathname(page)).toBe('/person/legal-persons/create');

    // A national id another company has: the server's message and a link to that company.
    const taken = await pageFetch(page, 'GET', '/api/person/legal-persons?q=%D9%81%D9%88%D9%84%D8%A7%D8%AF');
    const other = (taken.body.data.data as { id: number; name: string; national_id: string | null }[]).find(
      (r) => r.national_id,
    )!;
    await retype(page, nationalId, toPersianDigits(other.national_id!));
    await page.keyboard.press('Control+Enter');
    const link = form.getByRole('link', { name: new RegExp(other.name) });
    await link.waitFor(WAIT);
    expect(await link.getAttribute('href')).toBe(`/person/legal-persons/view/${other.id}`);
    expect(await fieldError(nationalId)).not.toBe('');
    expect(await date.inputValue()).toBe('۱۳۹۸/۰۵/۱۲');
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/person-create-duplicate.png` });

    // A fresh one: saved, on to the view.
    await retype(page, nationalId, toPersianDigits(good));
    await page.keyboard.press('Control+Enter');
    await page.waitForURL((u) => viewPath.test(u.pathname), WAIT);
    const id = Number(viewPath.exec(pathname(page))![1]);
    created = { id, name, nationalId: good };
    await page.getByRole('heading', { level: 1, name }).waitFor(WAIT);
    await page.getByText('۱٬۲۵۰٬۰۰۰٬۰۰۰').first().waitFor(WAIT);
    await page.getByText('۱۳۹۸/۰۵/۱۲').first().waitFor(WAIT);

    // E edits; a new capital saved with Ctrl+Enter shows on the view and in the history.
    await page.keyboard.press('KeyE');
    await page.waitForURL((u) => u.pathname === `/person/legal-persons/update/${id}`, WAIT);
    const edit = page.getByRole('form', { name: 'ویرایش شخص حقوقی' });
    await edit.waitFor(WAIT);
    await expect.poll(() => activeName(page), WAIT).toBe('name');
    expect(await edit.locator('[name=national_id]').inputValue()).toBe(toPersianDigits(good));
    await retype(page, edit.locator('[name=registered_capital]'), '2000000000');
    expect(await edit.locator('[name=registered_capital]').inputValue()).toBe('۲٬۰۰۰٬۰۰۰٬۰۰۰');
    await page.keyboard.press('Control+Enter');
    await page.waitForURL((u) => u.pathname === `/person/legal-persons/view/${id}`, WAIT);
    await page.getByText('۲٬۰۰۰٬۰۰۰٬۰۰۰').first().waitFor(WAIT);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('KeyH');
    const history = page.getByRole('list', { name: 'تاریخچه تغییرات' });
    await history.waitFor(WAIT);
    const row = history.locator('tr', { hasText: 'سرمایه ثبتی' }).first();
    await row.waitFor(WAIT);
    expect(await row.innerText()).toMatch(/۱٬۲۵۰٬۰۰۰٬۰۰۰[\s\S]*۲٬۰۰۰٬۰۰۰٬۰۰۰/);
    expect(await history.innerText()).toContain('ثبت');
    await page.screenshot({ path: `${SHOTS}/person-history.png` });
    await page.close();
  });

  it('refuses a stale save with its banner and overwrites nothing', async () => {
    expect(created, 'the first test creates the record').not.toBeNull();
    const { id, name, nationalId } = created!;
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    await page.goto(`/person/legal-persons/update/${id}`);
    const form = page.getByRole('form', { name: 'ویرایش شخص حقوقی' });
    await form.waitFor(WAIT);
    await retype(page, form.locator('[name=employees]'), '۱۲');

    // Meanwhile someone else saves the record (same session, the current version).
    const before = await pageFetch(page, 'GET', `/api/person/legal-persons/${id}`);
    const put = await pageFetch(page, 'PUT', `/api/person/legal-persons/${id}`, {
      name,
      kind: 'company',
      national_id: nationalId,
      status: 'active',
      is_listed: false,
      registered_capital: '2000000000',
      registration_date: '1398/05/12',
      employees: 77,
      version: before.body.data.version,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);

    await form.locator('[name=employees]').focus();
    await page.keyboard.press('Control+Enter');
    const banner = page.locator('[data-stale]');
    await banner.waitFor(WAIT);
    expect(await banner.innerText()).toContain('تغییر کرده است');
    expect(pathname(page)).toBe(`/person/legal-persons/update/${id}`);
    expect(await form.locator('[name=employees]').inputValue()).toBe('۱۲');
    const after = await pageFetch(page, 'GET', `/api/person/legal-persons/${id}`);
    expect(after.body.data.employees).toBe(77);
    expect(after.body.data.version).toBe(put.body.data.version);
    await page.screenshot({ path: `${SHOTS}/person-stale.png` });

    // Reloading starts over from the current version.
    await banner.getByRole('button', { name: 'بارگیری دوباره رکورد' }).click();
    await expect.poll(() => form.locator('[name=employees]').inputValue(), WAIT).toBe('۷۷');
    expect(await page.locator('[data-stale]').count()).toBe(0);
    await page.close();
  });

  it('creates a true person after refusing a bad national code', async () => {
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    await page.keyboard.press('KeyG');
    await page.keyboard.press('KeyT');
    await page.waitForURL((u) => u.pathname === '/person/true-persons', WAIT);
    await page.getByRole('grid').first().waitFor(WAIT);
    await page.keyboard.press('KeyN');
    await page.waitForURL((u) => u.pathname === '/person/true-persons/create', WAIT);
    const form = page.getByRole('form', { name: 'ثبت شخص حقیقی' });
    await form.waitFor(WAIT);
    await expect.poll(() => activeName(page), WAIT).toBe('first_name');
    await page.keyboard.type('سارا');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`آزمایشی ${tag}`);
    // Esc asks before throwing away what was typed; a second Esc keeps editing.
    await page.keyboard.press('Escape');
    const ask = page.getByRole('alertdialog');
    await ask.waitFor(WAIT);
    expect(await ask.innerText()).toContain('کنار گذاشتن تغییرات');
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached', ...WAIT });
    expect(pathname(page)).toBe('/person/true-persons/create');

    const code = form.locator('[name=national_code]');
    await code.focus();
    await page.keyboard.type('۱۲۳۴۵۶۷۸۹۰');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => fieldError(code), WAIT).toContain('کد ملی');
    expect(await activeName(page)).toBe('national_code');
    expect(await form.locator('[name=first_name]').inputValue()).toBe('سارا');

    await retype(page, code, toPersianDigits(generateNationalCode(rng)));
    await form.locator('[name=birth_date]').focus();
    await page.keyboard.type('13700101');
    await page.keyboard.press('Control+Enter');
    await page.waitForURL((u) => /^\/person\/true-persons\/view\/\d+$/.test(u.pathname), WAIT);
    await page.getByRole('heading', { level: 1, name: `سارا آزمایشی ${tag}` }).waitFor(WAIT);
    await page.getByText('۱۳۷۰/۰۱/۰۱').first().waitFor(WAIT);
    await page.close();
  });
});
