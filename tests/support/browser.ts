import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

/** Playwright gives each launch a fresh temporary profile. Flags for Debian's Chromium on this machine: headless, no sandbox (root), no network chatter. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** A fresh context (its own cookies) in RTL-friendly size, and a page in it. */
export async function newPage(
  browser: Browser,
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1440, height: 900 },
    locale: 'fa-IR',
  });
  const page = await context.newPage();
  return { context, page };
}
