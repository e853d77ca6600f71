import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { InterlocksAmongAnswer } from '../../src/contract/board-ownership.ts';
import type { CompanyOwners, OwnershipGraphAnswer } from '../../src/contract/ownership.ts';
import { toPersianDigits } from '../../src/domain/persian-text.ts';
import { browserSuite } from './pages/browser-suite.ts';
import { WAIT } from './pages/sign-in.ts';

/**
 * Issue 17's graph screens and the shareholder view in Chromium, by keyboard alone: the
 * subsidiaries of a state holding with more companies than a node shows («N مورد دیگر», shown
 * page by page with M), a node opened with + and closed with −; a company's owners upward,
 * moved along by the arrows, and the holder opened with Enter; the shareholder view with the
 * chains behind an integrated figure; the interlocks among a graph's companies drawn on it,
 * listed beside it, hidden and shown again with I. The graph and the list beside it count the
 * same nodes.
 */

const suite = browserSuite();

const pageGet = <T>(page: Page, path: string) =>
  page.evaluate(
    async (p) => ((await (await fetch(p, { credentials: 'include' })).json()) as { data: unknown }).data,
    path,
  ) as Promise<T>;

/** The focused node of the graph (its data-id), by the canvas's own marking. */
const focusedNode = (page: Page) =>
  page.locator('[data-focused]').first().getAttribute('data-id', { timeout: WAIT.timeout });

/**
 * «N گره، M پیوند» of the graph's count line, and the list's caption, once they agree: the list
 * shows a new answer at once, the graph when its worker has laid it out (up to WAIT).
 */
async function counts(page: Page) {
  await expect
    .poll(async () => {
      const { line, caption } = await countsNow(page);
      return line === caption;
    }, WAIT)
    .toBe(true);
  return countsNow(page);
}

async function countsNow(page: Page) {
  const line = await page.locator('[aria-live="polite"]', { hasText: 'گره،' }).first().textContent();
  const caption = await page.locator('aside table caption').textContent();
  return { line: line?.trim(), caption: caption?.trim() };
}

async function focusCanvas(page: Page) {
  const canvas = page.locator('[aria-roledescription="نمودار مالکیت"]');
  await canvas.waitFor(WAIT);
  await canvas.focus();
  await expect.poll(() => focusedNode(page), WAIT).not.toBeNull();
}

describe('ownership graphs by keyboard', () => {
  it("pages a holding's subsidiaries with M, opens and closes a node with + and −", async () => {
    const { page, context } = await suite.signedIn('analyst', 'تحلیلگر');
    // a state holding with more direct subsidiaries than one page of the graph (12)
    const holdings = await pageGet<{ data: { id: number }[] }>(
      page,
      '/api/person/legal-persons?kind=holding&per_page=50',
    );
    let root: OwnershipGraphAnswer | null = null;
    for (const h of holdings.data) {
      const g = await pageGet<OwnershipGraphAnswer>(
        page,
        `/api/ownership/graph/${h.id}?direction=down&depth=1`,
      );
      if (g.nodes[0]!.links_total > g.nodes[0]!.links_shown) {
        root = g;
        break;
      }
    }
    expect(root, 'a holding with more than 12 subsidiaries').not.toBeNull();
    const id = Number(root!.root.slice(1));
    const total = root!.nodes[0]!.links_total;
    await page.goto(`/person/legal-persons/graph/${id}`);
    await focusCanvas(page);
    expect(await focusedNode(page)).toBe(root!.root);
    const before = await counts(page);
    expect(before.line).toBe(before.caption);
    // the root says how many more it has
    await expect
      .poll(() => page.getByText(`${toPersianDigits(total - 12)} مورد دیگر`).count(), WAIT)
      .toBeGreaterThan(0);
    await page.keyboard.press('KeyM');
    await expect.poll(async () => (await counts(page)).caption, WAIT).not.toBe(before.caption);
    const after = await counts(page);
    expect(after.line).toBe(after.caption);
    // ↓ to a subsidiary; + opens its next level when it has one, − closes it again
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedNode(page), WAIT).not.toBe(root!.root);
    const child = (await focusedNode(page))!;
    const g = await pageGet<OwnershipGraphAnswer>(
      page,
      `/api/ownership/graph/${child.slice(1)}?direction=down&depth=1`,
    );
    if (g.nodes[0]!.links_total > 0) {
      await page.keyboard.press('Shift+Equal');
      await expect.poll(async () => (await counts(page)).caption, WAIT).not.toBe(after.caption);
      await page.keyboard.press('Minus');
      await expect.poll(async () => (await counts(page)).caption, WAIT).toBe(after.caption);
    }
    // Enter opens the focused company's record
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === `/person/legal-persons/view/${child.slice(1)}`, WAIT);
    await context.close();
  });

  it("moves up a company's owners with the arrows and opens a holder with Enter", async () => {
    const { page, context } = await suite.signedIn('analyst', 'تحلیلگر');
    // a company held by a company that is itself held (two levels above it)
    const companies = await pageGet<{ data: { id: number }[] }>(
      page,
      '/api/person/legal-persons?kind=company&per_page=100',
    );
    let found: { id: number; holder: string } | null = null;
    for (const c of companies.data) {
      const g = await pageGet<OwnershipGraphAnswer>(
        page,
        `/api/ownership/graph/${c.id}?direction=up&depth=2`,
      );
      const up = g.nodes.find((n) => n.depth === 1 && n.type === 'legal' && n.links_total > 0);
      if (up) {
        found = { id: c.id, holder: up.key };
        break;
      }
    }
    expect(found).not.toBeNull();
    await page.goto(`/person/legal-persons/shareholder-graph/${found!.id}`);
    await focusCanvas(page);
    expect(await focusedNode(page)).toBe(`L${found!.id}`);
    const { line, caption } = await counts(page);
    expect(line).toBe(caption);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focusedNode(page), WAIT).not.toBe(`L${found!.id}`);
    const holder = (await focusedNode(page))!;
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedNode(page), WAIT).toBe(`L${found!.id}`);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => focusedNode(page), WAIT).toBe(holder);
    await page.keyboard.press('Enter');
    const [kind, hid] = [holder[0], holder.slice(1)];
    await page.waitForURL(
      (u) => u.pathname === `/person/${kind === 'L' ? 'legal' : 'true'}-persons/view/${hid}`,
      WAIT,
    );
    await context.close();
  });

  it('shows direct and integrated holders side by side, and the chains behind a figure', async () => {
    const { page, context } = await suite.signedIn('analyst', 'تحلیلگر');
    const companies = await pageGet<{ data: { id: number }[] }>(
      page,
      '/api/person/legal-persons?kind=company&per_page=100',
    );
    let target: { id: number; owners: CompanyOwners } | null = null;
    for (const c of companies.data) {
      const owners = await pageGet<CompanyOwners>(page, `/api/ownership/legal-persons/${c.id}/owners`);
      if (owners.holders.some((h) => h.direct === null && (h.integrated ?? 0) > 0)) {
        target = { id: c.id, owners };
        break;
      }
    }
    expect(target, 'a company with an indirect holder').not.toBeNull();
    await page.goto(`/person/shareholder/${target!.id}`);
    const section = page.getByRole('region', { name: 'مالکیت مستقیم و یکپارچه' });
    await section.waitFor(WAIT);
    const rows = section.locator('tbody tr');
    await expect.poll(() => rows.count(), WAIT).toBe(target!.owners.holders.length);
    // the first indirect holder's «چگونه؟», opened by keyboard, lists its chains
    const indirect = target!.owners.holders.findIndex((h) => h.direct === null && (h.integrated ?? 0) > 0);
    const how = rows.nth(indirect).locator('summary');
    await how.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.nth(indirect).locator('li').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => rows.nth(indirect).locator('li').first().textContent(), WAIT).toContain('←');
    await context.close();
  });

  it('draws the interlocks among the companies, lists them beside, and hides them with I', async () => {
    const { page, context } = await suite.signedIn('analyst', 'تحلیلگر');
    // a state holding whose subsidiaries' boards share a member
    const holdings = await pageGet<{ data: { id: number }[] }>(
      page,
      '/api/person/legal-persons?kind=holding&per_page=50',
    );
    let found: { id: number; ties: number } | null = null;
    for (const h of holdings.data) {
      const among = await pageGet<InterlocksAmongAnswer>(
        page,
        `/api/ownership/graph/${h.id}/interlocks?direction=down`,
      );
      // each person on k of the graph's boards is k − 1 arcs; each shareholding tie one
      const ties =
        among.board.reduce((sum, r) => sum + new Set(r.seats.map((s) => s.company.key)).size - 1, 0) +
        among.shareholding.length;
      if (ties > 0) {
        found = { id: h.id, ties };
        break;
      }
    }
    expect(found, 'a holding with an interlock among its subsidiaries').not.toBeNull();
    await page.goto(`/person/legal-persons/graph/${found!.id}`);
    await focusCanvas(page);
    const arcs = page.locator('[data-testid="graph-ties"] [data-tie]');
    await expect.poll(() => arcs.count(), WAIT).toBe(found!.ties);
    expect(await page.locator('aside [data-tie-row]').count()).toBe(found!.ties);
    await expect
      .poll(() => page.getByRole('button', { name: /هم‌پیوندی‌ها/ }).getAttribute('aria-pressed'), WAIT)
      .toBe('true');
    await page.keyboard.press('KeyI');
    await expect.poll(() => arcs.count(), WAIT).toBe(0);
    await page.keyboard.press('KeyI');
    await expect.poll(() => arcs.count(), WAIT).toBe(found!.ties);
    await context.close();
  });
});
