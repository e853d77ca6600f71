import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn, WAIT } from './pages/sign-in.ts';

/**
 * Boards tied to ownership (issue 17) in Chromium against the real server, as the auditor (who
 * may read them): a company's view shows the state's entitled seats beside the seats its
 * representatives hold and the interlocks touching the company; its key jumps there; the link
 * opens the portfolio's interlocks, whose two views switch on 1 and 2.
 */

let browser: Browser;
let baseURL: string;

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const pathname = (page: Page) => new URL(page.url()).pathname;

describe('boards tied to ownership', () => {
  it("shows a company's state seats and interlocks, and the portfolio's list", async () => {
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'auditor');
    // a person on several boards: the first of them has a current board and an interlock
    const first = await page.evaluate(async () => {
      const res = await fetch('/api/ownership/interlocks?kind=board&per_page=1', { credentials: 'include' });
      const body = (await res.json()) as {
        data: { data: { person: { name: string }; seats: { company: { id: number; name: string } }[] }[] };
      };
      const row = body.data.data[0]!;
      return { person: row.person.name, company: row.seats[0]!.company };
    });
    await page.goto(`/person/legal-persons/view/${first.company.id}`);
    const section = page.getByRole('region', { name: 'هیئت مدیره و سهم دولت' });
    await section.getByText('کرسی‌های نمایندگان دولت').first().waitFor(WAIT);
    await expect.poll(() => section.innerText(), WAIT).toContain('کرسی‌های اصلی');
    const text = await section.innerText();
    // either the entitlement or why it is not computable
    expect(/حق دولت \(رأی تجمعی\)|محاسبه‌پذیر نیست/.test(text), text).toBe(true);
    const severalBoards = section.getByRole('table', {
      name: 'اعضایی که در هیئت مدیره شرکت‌های دیگر هم هستند',
    });
    await severalBoards.getByText(first.person).first().waitFor(WAIT);

    // its key (after the view's own four sections) moves to its heading
    await page.locator('body').focus();
    await page.keyboard.press('Digit5');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id), WAIT)
      .toBe('board-ownership-title');
    const axe = await new AxeBuilder({ page }).include('#board-ownership').analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    await section.screenshot({ path: '.tmp/shots/board-ownership-section.png' });

    await section.getByRole('link', { name: 'همه پیوندهای هیئت مدیره' }).click();
    await page.waitForURL((u) => u.pathname === '/person/board-interlocks', WAIT);
    const persons = page.getByRole('grid', { name: 'اشخاصی که در هیئت مدیره چند شرکت‌اند' });
    await persons.locator('tbody tr[aria-rowindex]').first().waitFor(WAIT);
    await page.screenshot({ path: '.tmp/shots/board-interlocks.png' });
    await page.locator('body').focus();
    await page.keyboard.press('Digit2');
    await page.waitForURL((u) => u.searchParams.get('view') === 'shareholding', WAIT);
    await page.getByRole('grid', { name: 'اعضای هیئت مدیره که سهامدار شرکت مرتبط‌اند' }).waitFor(WAIT);
    await page.keyboard.press('Digit1');
    await page.waitForURL((u) => !u.searchParams.has('view'), WAIT);
    await persons.locator('tbody tr[aria-rowindex]').first().waitFor(WAIT);
    // Enter opens the focused person
    await page.keyboard.press('KeyJ');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/person/true-persons/view/'), WAIT);
    expect(pathname(page)).toMatch(/^\/person\/true-persons\/view\/\d+$/);
    await page.close();
  });
});
