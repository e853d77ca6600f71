import { describe, expect, it } from 'vitest';
import { browserSuite } from './pages/browser-suite.ts';
import { gridRows, pageFetch, settled } from './pages/lists.ts';
import { WAIT } from './pages/sign-in.ts';

/**
 * Issue 18, "receive the assignment notification in the assignee's session": the auditor assigns
 * an issue to the analyst by keyboard on the triage view (J, A, part of the name, Enter); in the
 * analyst's own session the header's bell and cartable badge show it (keep-alive, refetched when
 * the page loads), and opening the notification from the bell leads to the issue.
 */

const suite = browserSuite();

/** The number at the end of an aria-label («… : ۳»), read from Persian digits. */
const countIn = (label: string | null) =>
  Number(
    (/[:：]\s*([۰-۹0-9٬,]+)/.exec(label ?? '')?.[1] ?? '0')
      .replace(/[٬,]/g, '')
      .replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))),
  );

describe('assignment notification', () => {
  it('reaches the assignee’s header and leads to the issue', async () => {
    const { page } = await suite.signedIn('auditor', 'حسابرس');
    const tag = `ارجاع${Date.now().toString(36).slice(-5)}`;
    const company = (await pageFetch(page, 'GET', '/api/person/legal-persons?kind=company&per_page=1')).body
      .data.data[0] as { id: number };
    const types = (await pageFetch(page, 'GET', '/api/issue-types')).body.data as { id: number }[];
    const created = await pageFetch(page, 'POST', '/api/issues', {
      title: `${tag} موضوع اعلان`,
      object_type: 'legal_person',
      object_id: company.id,
      issue_type: types[0]!.id,
      priority: '3',
    });
    expect(created.status).toBe(200);
    const issueId = created.body.data.id as number;
    const assignees = (await pageFetch(page, 'GET', '/api/issues/assignees')).body.data as {
      id: number;
      name: string;
    }[];

    // the analyst's session, before: what the bell and the cartable say
    const { page: theirs } = await suite.signedIn('analyst', 'تحلیلگر');
    // the assignee is the analyst signed in there: found by the id their own session reads
    const theirId = (await pageFetch(theirs, 'GET', '/api/user')).body.data.user.id as number;
    const analyst = assignees.find((a) => a.id === theirId)!;
    expect(analyst, 'the analyst may be assigned issues').toBeTruthy();
    const bell = theirs.getByRole('button', { name: /^اعلان‌های خوانده‌نشده/ });
    const cartable = theirs.getByRole('link', { name: /^کارتابل/ });
    await bell.waitFor(WAIT);
    const bellBefore = countIn(await bell.getAttribute('aria-label'));
    const cartableBefore = countIn(await cartable.getAttribute('aria-label'));

    // the auditor assigns it by keyboard on the triage view
    await page.goto('/issues/triage');
    const grid = page.getByRole('grid');
    await grid.waitFor(WAIT);
    await page.keyboard.press('Slash');
    await page.keyboard.type(tag);
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => {
        await settled(grid);
        return gridRows(grid).count();
      }, WAIT)
      .toBe(1);
    await page.keyboard.press('KeyJ');
    await page.keyboard.press('KeyA');
    const assign = page.getByRole('dialog', { name: 'ارجاع به' });
    await assign.waitFor(WAIT);
    await page.keyboard.type(analyst.name.slice(0, 4));
    await assign.getByRole('option', { name: analyst.name }).waitFor(WAIT);
    await page.keyboard.press('Enter');
    await assign.waitFor({ state: 'detached', ...WAIT });
    await page
      .getByRole('status', { name: 'نتیجه عملیات گروهی' })
      .getByText(`به ${analyst.name} ارجاع شد`)
      .waitFor(WAIT);

    // the analyst: the badges count it once the worker has written it (a reload refetches)
    await expect
      .poll(
        async () => {
          await Promise.all([
            theirs.waitForResponse((r) => r.url().includes('/api/user/keep-alive'), WAIT),
            theirs.reload(),
          ]);
          await bell.waitFor(WAIT);
          await theirs.waitForTimeout(200);
          return countIn(await bell.getAttribute('aria-label'));
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(bellBefore + 1);
    expect(countIn(await cartable.getAttribute('aria-label'))).toBe(cartableBefore + 1);

    // the notification names the issue and links to it (the API says so), and the bell shows it:
    // focused and opened by Enter, its link reached by Tab and followed by Enter opens the issue
    const notes = (await pageFetch(theirs, 'GET', '/api/notifications')).body.data.data as {
      id: number;
      title: string;
      body: string;
      link: string;
      seen_at: string | null;
    }[];
    const note = notes.find((n) => n.body.includes(`${tag} موضوع اعلان`))!;
    expect(note).toMatchObject({ title: '۱ موضوع به شما ارجاع شد', link: `/issues/view/${issueId}` });
    await bell.focus();
    await theirs.keyboard.press('Enter');
    const popover = theirs.getByRole('dialog', { name: 'اعلان‌های خوانده‌نشده' });
    await popover.waitFor(WAIT);
    const noteLink = popover.getByRole('link', { name: new RegExp(`${tag} موضوع اعلان`) });
    await noteLink.waitFor(WAIT);
    for (let i = 0; i < 30 && !(await noteLink.evaluate((el) => el === document.activeElement)); i++)
      await theirs.keyboard.press('Tab');
    await theirs.keyboard.press('Enter');
    await expect.poll(() => new URL(theirs.url()).pathname, WAIT).toBe(`/issues/view/${issueId}`);
    await theirs.getByRole('heading', { name: new RegExp(`${tag} موضوع اعلان`) }).waitFor(WAIT);
    await popover.waitFor({ state: 'detached', ...WAIT });
    // followed from the bell: read
    await expect
      .poll(
        async () =>
          (
            (await pageFetch(theirs, 'GET', '/api/notifications')).body.data.data as {
              id: number;
              seen_at: string | null;
            }[]
          ).find((n) => n.id === note.id)?.seen_at ?? null,
        WAIT,
      )
      .not.toBeNull();
    // opened by its assignee: out of the cartable
    await expect
      .poll(async () => countIn(await cartable.getAttribute('aria-label')), WAIT)
      .toBe(cartableBefore);
  }, 150_000);
});
