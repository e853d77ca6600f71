import type { Locator, Page } from 'playwright-core';

declare global {
  interface Window {
    __NAZER_TEST_HOOKS__?: boolean;
    __nazer?: { accessDenied: { show(message?: string | null): void; hide(): void } };
  }
}

/** The access-denied dialog, opened the way a screen opens it (app-actors' accessDenied). */
export class AccessDeniedDialog {
  readonly dialog: Locator;
  readonly close: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('alertdialog', { name: 'عدم دسترسی' });
    this.close = this.dialog.getByRole('button', { name: 'بستن' });
  }

  /** Call before the first navigation: lets the page expose its accessDenied API. */
  static async enableHooks(page: Page) {
    await page.addInitScript(() => {
      window.__NAZER_TEST_HOOKS__ = true;
    });
  }

  show(message: string | null) {
    return this.page.evaluate((m) => window.__nazer!.accessDenied.show(m), message);
  }

  hide() {
    return this.page.evaluate(() => window.__nazer!.accessDenied.hide());
  }
}
