import type { Locator, Page } from 'playwright-core';

/** The sign-in card (/auth/login, /login): two tabs, the password form and the one-time-code form. */
export class LoginPage {
  readonly heading: Locator;
  readonly passwordTab: Locator;
  readonly otpTab: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly signIn: Locator;
  readonly mobile: Locator;
  readonly sendCode: Locator;
  readonly code: Locator;
  readonly resend: Locator;
  readonly resendLocked: Locator;
  readonly changeMobile: Locator;
  readonly alert: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'ورود به سامانه' });
    this.passwordTab = page.getByRole('tab', { name: 'ورود با گذرواژه' });
    this.otpTab = page.getByRole('tab', { name: 'ورود با کد پیامکی' });
    this.username = page.getByRole('textbox', { name: 'نام کاربری' });
    this.password = page.getByLabel('گذرواژه', { exact: true });
    this.signIn = page.getByRole('button', { name: 'ورود', exact: true });
    this.mobile = page.getByRole('textbox', { name: 'شماره همراه' });
    this.sendCode = page.getByRole('button', { name: 'ارسال کد', exact: true });
    this.code = page.getByRole('textbox', { name: 'کد یکبارمصرف' });
    this.resend = page.getByRole('button', { name: 'ارسال دوباره کد' });
    this.resendLocked = page.getByRole('button', { name: /^ارسال دوباره تا/ });
    this.changeMobile = page.getByRole('button', { name: 'تغییر شماره' });
    this.alert = page.getByRole('alert').filter({ hasNotText: /^$/ });
  }

  async signInWithPassword(username: string, password: string) {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.password.press('Enter');
  }

  async requestCode(mobile: string) {
    await this.mobile.fill(mobile);
    await this.mobile.press('Enter');
  }

  async submitCode(code: string) {
    await this.code.fill(code);
    await this.code.press('Enter');
  }

  /** The message under a field (its accessible description), or ''. */
  async fieldError(field: Locator): Promise<string> {
    if ((await field.getAttribute('aria-invalid')) !== 'true') return '';
    const id = await field.getAttribute('aria-describedby');
    return id ? ((await this.page.locator(`[id="${id}"]`).textContent()) ?? '') : '';
  }

  async selectedTab(): Promise<'password' | 'otp' | null> {
    if ((await this.passwordTab.getAttribute('aria-selected')) === 'true') return 'password';
    if ((await this.otpTab.getAttribute('aria-selected')) === 'true') return 'otp';
    return null;
  }
}
