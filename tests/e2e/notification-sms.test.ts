import { describe, expect, it } from 'vitest';
import { browserSuite } from './pages/browser-suite.ts';
import { gridRows, settled } from './pages/lists.ts';
import { WAIT } from './pages/sign-in.ts';

/**
 * Staff-sent messages (issue 18) in Chromium, by keyboard alone: the admin opens
 * /notifications/sms from the palette, writes a message with N to the auditors' role (ticked with
 * Space), a placeholder chip inserted with Enter, sees the live preview count one recipient with
 * their own text, sends with Ctrl+Enter and the confirmation's Enter, and finds the row with its
 * recipients in the list.
 */

const suite = browserSuite();

const activeAttr = (page: import('playwright-core').Page, attr: string) =>
  page.evaluate((a) => document.activeElement?.getAttribute(a) ?? null, attr);
const activeLabel = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.activeElement?.closest('label')?.textContent ?? '');

describe('staff-sent SMS by keyboard', () => {
  it('composes to a role with a chip, previews, sends, and lists it with its recipients', async () => {
    const { page, context } = await suite.signedIn('admin', 'مدیر کل سامانه');
    try {
      const title = `پیام آزمون ${Date.now().toString(36).slice(-5)}`;
      await page.keyboard.press('Control+KeyK');
      const palette = page.getByRole('dialog');
      await palette.getByRole('combobox').waitFor(WAIT);
      await page.keyboard.type('ارسال پیامک');
      const option = palette.getByRole('option', { name: /^ارسال پیامک/ }).first();
      await option.waitFor(WAIT);
      for (let i = 0; i < 12 && (await option.getAttribute('aria-selected')) !== 'true'; i++)
        await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/notifications/sms', WAIT);
      const grid = page.getByRole('grid', { name: 'پیامک‌های فرستاده' });
      await grid.waitFor(WAIT);
      await settled(grid);

      // N: the composer, the title focused first
      await grid.focus();
      await page.keyboard.press('KeyN');
      const dialog = page.getByRole('dialog', { name: 'پیامک تازه' });
      await dialog.waitFor(WAIT);
      await expect.poll(() => activeAttr(page, 'name'), WAIT).toBe('title');
      await page.keyboard.type(title);
      // Tab to the auditors' role (roles are the default audience) and tick it with Space
      await dialog.getByRole('checkbox', { name: /حسابرس/ }).waitFor(WAIT);
      for (let i = 0; i < 12 && !(await activeLabel(page)).includes('حسابرس'); i++)
        await page.keyboard.press('Tab');
      await page.keyboard.press('Space');
      expect(await dialog.getByRole('checkbox', { name: /حسابرس/ }).isChecked()).toBe(true);
      // Tab to the template, type, Tab to the first chip, Enter inserts {{name}} at the caret
      for (let i = 0; i < 12 && (await activeAttr(page, 'name')) !== 'template'; i++)
        await page.keyboard.press('Tab');
      await page.keyboard.type('سلام ');
      await page.keyboard.press('Tab');
      await expect.poll(() => activeAttr(page, 'aria-label'), WAIT).toBe('درج نام و نام خانوادگی');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => dialog.locator('textarea[name=template]').inputValue(), WAIT)
        .toBe('سلام {{name}}');

      // the live preview: one recipient with a mobile, rendered with their own name
      await expect
        .poll(() => dialog.getByTestId('preview-counts').textContent(), WAIT)
        .toContain('گیرندگان: ۱');
      await expect
        .poll(() => dialog.getByTestId('preview-sample').first().textContent(), WAIT)
        .toBe('سلام رضا کریمی');

      // Ctrl+Enter asks with the count; Enter on the confirmation sends
      await page.keyboard.press('Control+Enter');
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText('پیامک به ۱ گیرنده فرستاده شود؟').waitFor(WAIT);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached', ...WAIT });

      // the list shows it sent, with its recipients
      const row = gridRows(grid).filter({ hasText: title });
      await row.waitFor(WAIT);
      const text = await row.innerText();
      expect(text).toContain('نقش‌ها: حسابرس');
      expect(text).toContain('ارسال‌شده');
      expect(text).toContain('۱');
    } finally {
      await context.close();
    }
  });
});
