import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export const PASSWORD = 'nazer-demo';
export const WAIT = { timeout: 15_000 };

/**
 * Signs in by keyboard (the username and password are the only things typed), picks the role
 * whose title contains `roleTitle` (the first when not given) by its digit, and waits for the
 * screen to settle.
 */
export async function signIn(page: Page, username: string, roleTitle?: string) {
  await page.goto('/auth/login');
  const user = page.locator('input[name=username]');
  await user.waitFor();
  await expect.poll(() => user.evaluate((el) => el === document.activeElement), WAIT).toBe(true);
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => !u.pathname.endsWith('/login'), WAIT);
  const path = () => new URL(page.url()).pathname;
  if (path() === '/auth/select-role') {
    // With one role the page chooses it by itself (its button shows busy meanwhile) and leaves;
    // with several it lists them and focuses the first. Whichever comes first, not a fixed wait.
    await page.waitForFunction(
      () =>
        location.pathname !== '/auth/select-role' ||
        (document.activeElement instanceof HTMLButtonElement &&
          document.activeElement.closest('main ul') !== null),
      undefined,
      WAIT,
    );
  }
  if (path() === '/auth/select-role') {
    const roles = page.locator('main ul button:not([disabled])');
    await roles.first().waitFor();
    const titles = await roles.allTextContents();
    const at = roleTitle ? titles.findIndex((t) => t.includes(roleTitle)) : 0;
    expect(at, `role ${roleTitle} among ${titles.join(' | ')}`).toBeGreaterThanOrEqual(0);
    await page.keyboard.press(`Digit${at + 1}`);
    await page.waitForURL((u) => u.pathname !== '/auth/select-role', WAIT);
  }
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}
