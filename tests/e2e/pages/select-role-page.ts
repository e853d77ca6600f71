import type { Locator, Page } from 'playwright-core';

/** /auth/select-role: the roles as buttons, picked by digit, arrows and Enter, or click. */
export class SelectRolePage {
  readonly heading: Locator;
  readonly list: Locator;
  readonly roles: Locator;
  readonly retry: Locator;
  readonly noRoles: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'انتخاب نقش' });
    this.list = page.getByRole('list', { name: 'نقش‌های شما' });
    this.roles = this.list.getByRole('button');
    this.retry = page.getByRole('button', { name: 'تلاش دوباره' });
    this.noRoles = page.getByText('هنوز نقشی به حساب شما داده نشده است');
    this.alert = page.getByRole('alert');
  }

  role(title: string) {
    return this.list.getByRole('button', { name: title });
  }
}
