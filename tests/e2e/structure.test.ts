import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ListPage } from '../../src/contract/list.ts';
import type { CompanyOwners } from '../../src/contract/ownership.ts';
import type { StructureDraftDetail } from '../../src/contract/structure.ts';
import { toPersianDigits } from '../../src/domain/persian-text.ts';
import { launchChromium, newPage } from '../support/browser.ts';
import { signIn } from './pages/sign-in.ts';

/**
 * A change of the corporate structure in Chromium against the real server, by keys: the list of
 * drafts, N a new draft, its title typed, one transfer whose persons are picked by typing and
 * whose share is typed as a Persian percent, Ctrl+Enter saves and the preview shows the company's
 * class changing; «اعمال» asks, Enter applies, and the company's owners and shareholders screen
 * show the new holder; Esc goes back to the list, where the draft is applied.
 *
 * The company is found in the demo data: a state-owned company one of whose state entities holds
 * directly enough of it that moving that holding to a private person leaves the state 50% or less.
 */

const WAIT = { timeout: 20_000 };
const SHOTS = '.tmp/shots';
const ROUTE = '/person/corporate-structure-modification';
let browser: Browser;
let baseURL: string;

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const pageGet = <T>(page: Page, path: string) =>
  page.evaluate(
    async (p) => (await (await fetch(p, { credentials: 'include' })).json()).data,
    path,
  ) as Promise<T>;
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('name'));

/** A state-owned company, a state entity holding enough of it directly, and a private person to take it. */
async function scenario(page: Page) {
  const owned = await pageGet<ListPage<{ id: number; name: string }>>(
    page,
    '/api/person/legal-persons?state_class=state-owned&per_page=100',
  );
  for (const c of owned.data) {
    const o = await pageGet<CompanyOwners>(page, `/api/ownership/legal-persons/${c.id}/owners`);
    if (o.data_issues.length || o.company.state_share === null) continue;
    const from = o.holders.find(
      (h) =>
        h.holder.is_state_entity &&
        h.direct !== null &&
        h.direct > o.company.state_share! - 0.5 + 1e-6 &&
        // one name picks one person: the picker is searched by it
        owned.data.filter((x) => x.name === h.holder.name).length <= 1,
    );
    if (!from) continue;
    const people = await pageGet<ListPage<{ id: number; first_name: string; last_name: string }>>(
      page,
      '/api/person/true-persons?per_page=30',
    );
    const held = new Set(o.holders.map((h) => h.holder.key));
    const to = people.data.find((p) => !held.has(`T${p.id}`))!;
    return {
      company: o.company,
      from: from.holder,
      share: from.direct!,
      to: { ...to, name: `${to.first_name} ${to.last_name}` },
    };
  }
  throw new Error('no state-owned company held directly by a state entity in the demo data');
}

/** Types `text` into the focused picker and picks the option named `name`. */
async function pick(page: Page, text: string, name: string) {
  await page.keyboard.type(text);
  await page.getByRole('option', { name }).first().waitFor(WAIT);
  const option = page.getByRole('option', { name }).first();
  for (let i = 0; i < 20 && (await option.getAttribute('aria-selected')) !== 'true'; i++)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${SHOTS}/${name}.png`, type: 'png', fullPage: true });
}

describe('a change of the corporate structure, by keyboard', () => {
  it('drafts a transfer, previews the class changing, applies it and shows the new owner', async () => {
    const { page } = await newPage(browser, baseURL);
    await signIn(page, 'analyst', 'تحلیلگر');
    const s = await scenario(page);
    const title = `انتقال آزمون ${Date.now().toString(36)}`;

    await page.goto(ROUTE);
    await page.getByRole('grid', { name: 'پیش‌نویس‌های تغییر ساختار' }).waitFor(WAIT);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('KeyN');
    await page.waitForURL((u) => u.searchParams.get('draft') === 'new', WAIT);
    const form = page.getByRole('form', { name: 'پیش‌نویس تغییر ساختار' });
    await form.waitFor(WAIT);
    await expect.poll(() => focusedName(page), WAIT).toBe('title');
    await page.keyboard.type(title);

    // one transfer (the default kind): the company, the state entity, the new holder, the share
    await form.locator('[name="operations.0.company"]').focus();
    await pick(page, s.company.name, s.company.name);
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedName(page), WAIT).toBe('operations.0.from');
    await pick(page, s.from.name, s.from.name);
    await page.keyboard.press('Tab');
    await pick(page, s.to.name, s.to.name);
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedName(page), WAIT).toBe('operations.0.share');
    const percent = toPersianDigits(String(Math.round(s.share * 100 * 1e4) / 1e4)).replace('.', '٫');
    await page.keyboard.type(percent);

    await page.keyboard.press('Control+Enter');
    await page.waitForURL((u) => /^\d+$/.test(u.searchParams.get('draft') ?? ''), WAIT);
    const id = Number(new URL(page.url()).searchParams.get('draft'));
    const card = page.getByRole('region', { name: s.company.name }).first();
    await card.waitFor(WAIT);
    const classRow = card.getByRole('row', { name: /طبقه/ });
    const cells = classRow.getByRole('cell');
    expect(await cells.nth(1).innerText()).toBe('دولتی');
    const after = await cells.nth(2).innerText();
    expect(['وابسته به دولت', 'خصوصی']).toContain(after);
    expect(await card.innerText()).toContain('تغییر طبقه');
    await shot(page, 'structure-preview');

    // «اعمال»: asked first; the confirm button has the focus, Enter applies
    await page.getByRole('button', { name: 'اعمال', exact: true }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'اعمال پیش‌نویس' });
    await confirm.waitFor(WAIT);
    await page.keyboard.press('Enter');
    await confirm.waitFor({ state: 'detached', ...WAIT });
    const applied = page.getByRole('status', { name: 'پیش‌نویس اعمال‌شده' });
    await applied.waitFor(WAIT);

    const draft = await pageGet<StructureDraftDetail>(page, `/api/ownership/structure-drafts/${id}`);
    expect(draft.status).toBe('applied');
    const owners = await pageGet<CompanyOwners>(page, `/api/ownership/legal-persons/${s.company.id}/owners`);
    expect(owners.holders.find((h) => h.holder.key === `T${s.to.id}`)?.direct).toBeCloseTo(s.share, 6);
    expect(owners.holders.find((h) => h.holder.key === s.from.key)?.direct ?? null).toBeNull();
    expect(owners.company.state_class).not.toBe('state-owned');

    // the company's shareholders screen, from the applied draft's link
    await applied.getByRole('link', { name: s.company.name }).click();
    await page.waitForURL((u) => u.pathname === `/person/shareholder/${s.company.id}`, WAIT);
    await page.getByRole('table').getByRole('link', { name: s.to.name }).first().waitFor(WAIT);
    await shot(page, 'structure-shareholders');

    // back in the list, the draft is applied
    await page.goto(ROUTE);
    const grid = page.getByRole('grid', { name: 'پیش‌نویس‌های تغییر ساختار' });
    await grid.waitFor(WAIT);
    const row = grid.getByRole('row', { name: new RegExp(title) });
    await row.waitFor(WAIT);
    expect(await row.innerText()).toContain('اعمال‌شده');
    await shot(page, 'structure-list');
    await page.close();
  });
});
