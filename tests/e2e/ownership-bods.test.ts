import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseBodsPackage } from '../../src/domain/ownership/bods.ts';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn } from './pages/sign-in.ts';

/**
 * BODS 0.4 through the panel of /person/corporate-structure-modification, in Chromium against
 * the real server: a package breaking the schema is checked («بررسی») and its problems are listed
 * by statement id with «ورود» kept disabled; the Finnish example (names and statement ids made
 * unique per run) is checked, its summary shown, «ورود» takes the focus and Enter imports it;
 * «خروجی BODS» downloads `nazer-bods-<Jalali date>.json`, a valid package holding what was
 * imported.
 */

const WAIT = { timeout: 20_000 };
const SHOTS = '.tmp/shots';
let browser: Browser;
let baseURL: string;
const tag = Date.now().toString(36).slice(-5);

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The Finnish example, its names and statement ids made this run's own. */
function finnishPackage(): Record<string, any>[] {
  const pkg = JSON.parse(
    readFileSync(new URL('../../data/bods/bods-package-fi-soe.json', import.meta.url), 'utf8'),
  ) as Record<string, any>[];
  for (const s of pkg) {
    s.statementId = `${s.statementId}-${tag}`;
    if (s.recordType === 'entity') s.recordDetails.name = `${s.recordDetails.name} ${tag}`;
  }
  return pkg;
}

const asFile = (pkg: unknown, name: string) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(pkg)),
});

describe('the BODS panel', () => {
  it('checks a package, imports it after a clean check, and downloads the export', async () => {
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    await page.goto('/person/corporate-structure-modification');
    const panel = page.getByRole('region', { name: 'تبادل BODS ۰٫۴' });
    await panel.waitFor(WAIT);
    const file = panel.getByLabel('پرونده BODS (JSON)');
    const check = panel.getByRole('button', { name: 'بررسی' });
    const confirm = panel.getByRole('button', { name: 'ورود' });

    // a package that breaks the schema: its problems by statement id, «ورود» stays disabled
    const broken = finnishPackage();
    broken[4]!.recordDetails.interests[0].share.exact = 150;
    await file.setInputFiles(asFile(broken, 'broken.json'));
    await check.focus();
    await page.keyboard.press('Enter');
    const errors = panel.getByRole('table', { name: 'خطاهای بسته BODS' });
    await errors.waitFor(WAIT);
    const first = errors.locator('tbody tr').first();
    expect(await first.locator('td').nth(0).innerText()).toBe(broken[4]!.statementId);
    expect(await first.locator('td').nth(2).innerText()).toContain('سهم');
    expect(await confirm.isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/bods-errors.png`, fullPage: true });

    // the example: checked (nothing written), then «ورود» focused and Enter imports it
    await file.setInputFiles(asFile(finnishPackage(), 'fi-soe.json'));
    await check.focus();
    await page.keyboard.press('Enter');
    const holdings = panel.getByRole('table', { name: 'سهامداری‌های بسته BODS' });
    await holdings.waitFor(WAIT);
    expect(await holdings.locator('tbody tr').count()).toBe(4);
    await panel.getByText(/بررسی شد: ۹ بیانیه/).waitFor(WAIT);
    expect(await panel.getByRole('table', { name: 'منفعت‌های واردنشده' }).innerText()).toContain(
      'otherInfluenceOrControl',
    );
    const written = await page.evaluate(async (q) => {
      const res = await fetch(`/api/person/legal-persons?q=${encodeURIComponent(q)}`);
      return ((await res.json()) as { data: { total: number } }).data.total;
    }, `Gasgrid Finland Oy ${tag}`);
    expect(written).toBe(0);
    await expect.poll(() => confirm.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
    await page.screenshot({ path: `${SHOTS}/bods-checked.png`, fullPage: true });
    await page.keyboard.press('Enter');
    await panel.getByText(/وارد شد: ۹ بیانیه/).waitFor(WAIT);
    expect(await confirm.isDisabled()).toBe(true);
    const imported = await page.evaluate(async (q) => {
      const res = await fetch(`/api/person/legal-persons?q=${encodeURIComponent(q)}`);
      return ((await res.json()) as { data: { total: number } }).data.total;
    }, `Gasgrid Finland Oy ${tag}`);
    expect(imported).toBe(1);
    await page.screenshot({ path: `${SHOTS}/bods-imported.png`, fullPage: true });

    // the export of every holding valid today holds what was imported
    const [download] = await Promise.all([
      page.waitForEvent('download', WAIT),
      panel.getByRole('button', { name: 'خروجی BODS' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^nazer-bods-\d{4}-\d{2}-\d{2}\.json$/);
    const parsed = parseBodsPackage(JSON.parse(readFileSync((await download.path())!, 'utf8')));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const gasgrid = parsed.package.entities.find((e) => e.name === `Gasgrid Finland Oy ${tag}`)!;
    expect(
      parsed.package.interests
        .filter((i) => i.subject === gasgrid.recordId)
        .map((i) => [i.share, i.direct])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual([
      [0.235, 'direct'],
      [0.765, 'direct'],
      [1, 'indirect'],
    ]);
    await page.close();
  });
});
