import { mkdirSync, statSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from '../support/browser.ts';
import { serverResendWaitMs } from '../support/otp-wait.ts';
import { newApplicant, ResumeGuestPage } from './pages/resume-guest-page.ts';
import { type Api, adminApi, type SmsOutbox, smsOutbox } from './pages/server.ts';

/**
 * The resume applicant in Chromium against the real server: verify a mobile by SMS (the code
 * read where an admin reads it, the SMS log), fill the seven steps by keyboard and mouse
 * (uploads of a generated PNG photo and PDF documents), leave, come back on the same step,
 * submit, print (A4 print media: no buttons), axe on the identify card and a step, and the
 * README screenshots.
 */

const WAIT = { timeout: 15_000 };
const SHOTS = 'docs/screenshots';
let browser: Browser;
let baseURL: string;
let admin: Api & { dispose(): Promise<void> };
let outbox: SmsOutbox;

beforeAll(async () => {
  baseURL = process.env.NAZER_E2E_BASE_URL ?? inject('baseUrl');
  browser = await launchChromium();
  admin = await adminApi(baseURL);
  outbox = smsOutbox();
}, 120_000);
afterAll(async () => {
  await admin?.dispose();
  await browser?.close();
});

async function axe(page: Page, include: string) {
  const result = await new AxeBuilder({ page }).include(include).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  const path = `${SHOTS}/${name}`;
  await page.screenshot({ path, fullPage: false });
  expect(statSync(path).size).toBeLessThan(200 * 1024);
}

describe('the resume applicant', () => {
  it('verifies by SMS, fills every step, leaves and comes back, submits and prints', async () => {
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 1280, height: 800 },
      locale: 'fa-IR',
    });
    const page = await context.newPage();
    const guest = new ResumeGuestPage(page);
    const who = newApplicant();
    try {
      await guest.goto();
      await guest.identifyHeading.waitFor(WAIT);
      await axe(page, 'main');

      // Client validation first: a bad national code never leaves the browser.
      await guest.requestCode({ national_code: '1234567890', mobile: who.mobile });
      await expect.poll(() => guest.fieldError(guest.nationalCode), WAIT).toContain('کد ملی');

      await outbox.mark(who.mobile);
      await guest.requestCode(who);
      const sentAt = Date.now();
      await guest.code.waitFor(WAIT);
      await expect.poll(() => guest.resend.isDisabled(), WAIT).toBe(true);
      await guest.submitCode(await outbox.lastCode(who.mobile));
      await guest.onStep(1);
      expect(await guest.stepper.locator('[aria-current=step]').textContent()).toContain('مشخصات فردی');

      // Step 1 with a 422 from the server (under 18): the message beside the field, values kept.
      await guest.fillPersonal({ birth: '14000101' });
      await page.keyboard.press('Alt+ArrowLeft');
      const birth = page.locator('[name=birth_date]');
      await expect.poll(() => guest.fieldError(birth), WAIT).toContain('سن');
      expect(await page.locator('[name=first_name]').inputValue()).toBe('مریم');
      await birth.fill('');
      await birth.pressSequentially('13650421');
      await expect.poll(() => page.getByText('۲۱ تیر ۱۳۶۵').count(), WAIT).toBe(1);
      await shot(page, 'resume-step.png');
      await axe(page, 'main');
      await birth.press('Enter');
      await guest.onStep(2);

      await guest.fillEducation();
      await guest.save();
      await guest.onStep(3);
      await guest.fillExperience();
      await guest.save();
      await guest.onStep(4);
      // Back with the keys (Alt+→ in RTL), then forward through the stepper.
      await page.keyboard.press('Alt+ArrowRight');
      await guest.onStep(3);
      expect(await page.locator('[name="experiences.0.organization"]').inputValue()).toBe(
        'شرکت ملی نفت ایران',
      );
      await guest.stepper.getByRole('button', { name: /تعهدنامه/ }).click();
      await guest.onStep(4);
      await expect.poll(() => guest.stepper.getByRole('button', { name: /مدارک/ }).isDisabled()).toBe(true);

      await guest.fillProvisions();
      await guest.save();
      await guest.onStep(5);

      // Leave, come back: the same step, after a new code.
      await guest.leave.click();
      await page.getByText('می‌توانید با همین کد ملی').waitFor(WAIT);
      // The server sends a mobile one code per resend wait (a minute; seconds on the test server).
      await page.waitForTimeout(Math.max(0, sentAt + serverResendWaitMs() - Date.now()));
      await outbox.mark(who.mobile);
      await guest.requestCode(who);
      await guest.submitCode(await outbox.lastCode(who.mobile));
      await guest.onStep(5);

      await guest.fillTerms();
      await guest.save();
      await guest.onStep(6);
      await guest.uploadDocuments();
      await guest.save();
      await guest.onStep(7);
      const review = page.locator('form[aria-labelledby="step-7-title"]');
      await review.getByText('مدیریت مالی').first().waitFor(WAIT);
      await review.getByText('۱۳۶۵/۰۴/۲۱').waitFor(WAIT);
      await guest.save();
      await guest.submittedHeading.waitFor(WAIT);

      // The printout: every section, Persian digits, Jalali dates; no buttons in print.
      await page.getByRole('link', { name: 'نسخه چاپی رزومه' }).click();
      await page.waitForURL((u) => u.pathname === '/resume/print', WAIT);
      const sheet = page.locator('[data-print-sheet]');
      await sheet.waitFor(WAIT);
      for (const title of [
        'مشخصات فردی',
        'سوابق تحصیلی',
        'سوابق کاری',
        'تعهدنامه',
        'پرسش‌ها و شرایط',
        'مدارک',
      ])
        await sheet.getByRole('heading', { name: title }).waitFor(WAIT);
      await sheet.getByText('۱۳۶۵/۰۴/۲۱').waitFor(WAIT);
      await expect
        .poll(() =>
          sheet.getByRole('img', { name: 'عکس متقاضی' }).evaluate((i: HTMLImageElement) => i.naturalWidth),
        )
        .toBeGreaterThan(0);
      const printButton = page.getByRole('button', { name: 'چاپ رزومه' });
      expect(await printButton.isVisible()).toBe(true);
      await shot(page, 'resume-print.png');
      await page.emulateMedia({ media: 'print' });
      expect(await printButton.isVisible()).toBe(false);
      await page.emulateMedia({ media: 'screen' });
    } catch (err) {
      await page.screenshot({ path: '.tmp/resume-guest-failure.png' }).catch(() => {});
      throw err;
    } finally {
      await context.close();
    }
  }, 240_000);
});
