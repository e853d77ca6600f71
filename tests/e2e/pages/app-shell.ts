import type { Locator, Page } from 'playwright-core';

/** The main layout's header: the role switch and the user menu (sign out). */
export class AppShell {
  readonly userMenu: Locator;
  readonly signOut: Locator;
  readonly roleSwitch: Locator;

  constructor(readonly page: Page) {
    this.userMenu = page.getByRole('button', { name: /^منوی کاربر/ });
    this.signOut = page.getByRole('menuitem', { name: 'خروج از سامانه' });
    this.roleSwitch = page.getByRole('link', { name: /نقش:/ });
  }

  async logout() {
    await this.userMenu.click();
    await this.signOut.click();
  }
}
