import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { NotificationSchemaRow } from '../../src/contract/notification-schemas.ts';
import { browserSuite } from './pages/browser-suite.ts';
import { gridRows, pageFetch, settled } from './pages/lists.ts';
import { WAIT } from './pages/sign-in.ts';

/**
 * Notification schemas (issue 18) in Chromium, by keyboard alone: the admin opens
 * /notifications/schemas from the palette, makes a schema with N (an event picked with the arrow
 * keys, a placeholder chip inserted with Enter into the body, a role ticked with Space, SMS on),
 * sees the preview and the SMS's parts follow, saves with Ctrl+Enter, edits it with / and E, and
 * sees an unknown placeholder refused in Persian (the server's 422 says the same).
 */

const suite = browserSuite();
const SHOTS = '.tmp/shots';

describe('notification schemas by keyboard', () => {
  it('creates a schema with a chip, a role and a live preview, edits it, and refuses an unknown placeholder', async () => {
    const { page, context } = await suite.signedIn('admin', 'مدیر کل سامانه');
    try {
      mkdirSync(SHOTS, { recursive: true });
      const name = `الگوی آزمون ${Date.now().toString(36).slice(-5)}`;

      // the palette finds the screen
      await page.keyboard.press('Control+KeyK');
      const palette = page.getByRole('dialog');
      await palette.getByRole('combobox').waitFor(WAIT);
      await page.keyboard.type('الگوهای اعلان');
      const option = palette.getByRole('option', { name: /^الگوهای اعلان/ }).first();
      await option.waitFor(WAIT);
      for (let i = 0; i < 12 && (await option.getAttribute('aria-selected')) !== 'true'; i++)
        await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL((u) => u.pathname === '/notifications/schemas', WAIT);
      const grid = page.getByRole('grid', { name: 'الگوهای اعلان' });
      await gridRows(grid).first().waitFor(WAIT);
      await settled(grid);
      expect(await gridRows(grid).count()).toBeGreaterThanOrEqual(4);

      // N: a new schema; the event select has the focus, ArrowDown picks the next event
      await grid.focus();
      await page.keyboard.press('KeyN');
      const dialog = page.getByRole('dialog', { name: 'الگوی اعلان تازه' });
      await dialog.waitFor(WAIT);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')), WAIT)
        .toBe('event');
      await page.keyboard.press('ArrowDown');
      await expect
        .poll(() => dialog.locator('select[name=event]').inputValue(), WAIT)
        .toBe('issue.letter_added');
      await dialog.getByRole('button', { name: 'درج شماره نامه' }).waitFor(WAIT);
      await page.keyboard.press('Tab');
      await page.keyboard.type(name);
      await page.keyboard.press('Tab');
      await page.keyboard.type('نامه {{letter_number}} رسید');
      await page.keyboard.press('Tab');
      await page.keyboard.type('موضوع: ');
      // Tab to the first chip (عنوان موضوع); Enter inserts it into the body, focused last
      await page.keyboard.press('Tab');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), WAIT)
        .toBe('درج عنوان موضوع');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => dialog.locator('textarea[name=body_template]').inputValue(), WAIT)
        .toBe('موضوع: {{issue_title}}');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')), WAIT)
        .toBe('body_template');

      // the preview renders the samples as it is typed
      await expect
        .poll(() => dialog.getByTestId('preview-title').textContent(), WAIT)
        .toBe('نامه ۱۴۰۵/و/۱۷ رسید');
      await expect
        .poll(() => dialog.getByTestId('preview-body').textContent(), WAIT)
        .toBe('موضوع: کسری سرمایه در صورت‌های مالی ۱۴۰۳');
      // SMS on (Space on its checkbox): the message and its parts appear
      await dialog.getByRole('checkbox', { name: 'پیامک' }).focus();
      await page.keyboard.press('Space');
      await expect
        .poll(() => dialog.getByTestId('sms-parts').textContent(), WAIT)
        .toMatch(/^۱ بخش، ۶۵ نویسه/);
      // a role it also sends to
      await dialog.getByRole('checkbox', { name: 'حسابرس' }).focus();
      await page.keyboard.press('Space');
      await page.screenshot({ path: `${SHOTS}/notification-schema-form.png` });
      await page.keyboard.press('Control+Enter');
      await dialog.waitFor({ state: 'detached', ...WAIT });
      await expect
        .poll(() => gridRows(grid).allInnerTexts(), WAIT)
        .toContainEqual(expect.stringContaining(name));
      const saved = (
        (await pageFetch(page, 'GET', '/api/notification-schemas')).body.data as NotificationSchemaRow[]
      ).find((r) => r.name === name)!;
      expect(saved).toMatchObject({
        event: 'issue.letter_added',
        title_template: 'نامه {{letter_number}} رسید',
        body_template: 'موضوع: {{issue_title}}',
        sms: true,
        roles: 'حسابرس',
      });

      // edit it: / finds it, J then E opens it; an unknown placeholder is refused in Persian
      await grid.focus();
      await page.keyboard.press('Slash');
      await page.keyboard.type(name);
      await page.keyboard.press('Enter');
      await expect.poll(() => gridRows(grid).count(), WAIT).toBe(1);
      await page.keyboard.press('KeyJ');
      await page.keyboard.press('KeyE');
      const edit = page.getByRole('dialog', { name: `ویرایش الگوی اعلان «${name}»` });
      await edit.waitFor(WAIT);
      await edit.locator('input[name=title_template]').focus();
      await page.keyboard.press('End');
      await page.keyboard.type(' {{nobody}}');
      await page.keyboard.press('Control+Enter');
      await expect.poll(() => edit.getByRole('alert').first().textContent(), WAIT).toContain('«nobody»');
      // the server refuses it the same way
      const refused = await pageFetch(page, 'PUT', `/api/notification-schemas/${saved.id}`, {
        ...saved,
        title_template: 'نامه {{nobody}}',
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.title_template[0]).toContain('«nobody»');
      // mended, it saves
      await page.keyboard.press('Control+KeyA');
      await page.keyboard.type('نامه {{direction}} {{letter_number}}');
      await page.keyboard.press('Control+Enter');
      await edit.waitFor({ state: 'detached', ...WAIT });
      await expect
        .poll(async () => {
          const rows = (await pageFetch(page, 'GET', '/api/notification-schemas')).body
            .data as NotificationSchemaRow[];
          return rows.find((r) => r.id === saved.id)?.title_template;
        }, WAIT)
        .toBe('نامه {{direction}} {{letter_number}}');
    } finally {
      await context.close();
    }
  });
});
