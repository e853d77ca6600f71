import type { Locator, Page } from 'playwright-core';

/** /auth/change-password: the change a session must make when `has_change_pass` is set. */
export class ChangePasswordPage {
  readonly heading: Locator;
  readonly current: Locator;
  readonly next: Locator;
  readonly confirm: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'تغییر گذرواژه' });
    this.current = page.getByLabel('گذرواژه کنونی');
    this.next = page.getByLabel('گذرواژه تازه', { exact: true });
    this.confirm = page.getByLabel('تکرار گذرواژه تازه');
  }

  async change(current: string, next: string) {
    await this.current.fill(current);
    await this.next.fill(next);
    await this.confirm.fill(next);
    await this.confirm.press('Enter');
  }
}
