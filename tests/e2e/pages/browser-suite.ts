import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchChromium, newPage } from '../../support/browser.ts';
import { signIn } from './sign-in.ts';

/**
 * One Chromium for a test file, against the e2e server (or NAZER_E2E_BASE_URL): `open()` a fresh
 * context and page (1440 × 900), or `signedIn(user, role, width)` one signed in by keys at
 * `width` (900 high; 844 on a phone).
 */
export function browserSuite() {
  let browser: Browser;
  let baseURL: string;
  beforeAll(async () => {
    baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());
  const open = () => newPage(browser, baseURL);
  return {
    open,
    async signedIn(username: string, roleTitle: string, width = 1440) {
      const opened = await open();
      if (width !== 1440) await opened.page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await signIn(opened.page, username, roleTitle);
      return opened;
    },
  };
}
