import { deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { type ExpectStatic, expect as globalExpect } from 'vitest';
import { generateNationalCode } from '../../../src/domain/identifiers.ts';
import { createRng } from '../../../src/domain/random.ts';

/**
 * The applicant's screen (/resume/add) as the browser tests use it: the identify card, the
 * stepper, one filler per step, and small generated files for the uploads.
 */

const WAIT = { timeout: 15_000 };
const rng = createRng((Date.now() ^ process.pid) % 2_147_483_647);

const taken = new Set<string>();
function unused(make: () => string): string {
  for (;;) {
    const v = make();
    if (!taken.has(v)) {
      taken.add(v);
      return v;
    }
  }
}

/** A mobile no other applicant of this run was given (the server limits codes per mobile). */
export function newMobile(): string {
  return unused(() => `0936${rng.digits(7)}`);
}

/** A new applicant: a valid national code and a mobile, both of their own. */
export function newApplicant() {
  return { national_code: unused(() => generateNationalCode(rng)), mobile: newMobile() };
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}

/** A small PNG "portrait" (a face-coloured oval on a grey ground), `w`×`h`. */
export function portraitPng(w = 90, h = 115): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) {
      const head = ((x - w / 2) / (w * 0.28)) ** 2 + ((y - h * 0.38) / (h * 0.24)) ** 2 < 1;
      const body = y > h * 0.66 && Math.abs(x - w / 2) < w * 0.42 - (h - y) * 0.2;
      const [r, g, b] = head ? [224, 186, 150] : body ? [60, 72, 96] : [206, 210, 214];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF. */
export function smallPdf(text = 'Nazer test document'): Buffer {
  const body = `%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R >> endobj
4 0 obj << /Length 44 >> stream
BT /F1 12 Tf 10 50 Td (${text}) Tj ET
endstream endobj
trailer << /Root 1 0 R >>
%%EOF
`;
  return Buffer.from(body, 'latin1');
}

export class ResumeGuestPage {
  /** `expect`: a concurrent test's own (its test context's), else the global one. */
  constructor(
    readonly page: Page,
    private readonly expect: ExpectStatic = globalExpect,
  ) {}

  get identifyHeading() {
    return this.page.getByRole('heading', { name: 'ثبت رزومه نامزدهای هیئت مدیره و مدیریت' });
  }
  get nationalCode() {
    return this.page.locator('input[name=national_code]');
  }
  get mobile() {
    return this.page.locator('input[name=mobile]');
  }
  get code() {
    return this.page.locator('input[name=code]');
  }
  get sendCode() {
    return this.page.getByRole('button', { name: 'دریافت کد تأیید' });
  }
  get resend() {
    return this.page.getByRole('button', { name: /ارسال دوباره/ });
  }
  get changeMobile() {
    return this.page.getByRole('button', { name: 'تغییر کد ملی یا شماره همراه' });
  }
  get verifyAgain() {
    return this.page.getByRole('button', { name: 'تأیید دوباره' });
  }
  get alert() {
    return this.page.getByRole('alert');
  }
  get stepHeading() {
    return this.page.locator('h2[id^="step-"]');
  }
  get stepper() {
    return this.page.getByRole('navigation', { name: 'مراحل ثبت رزومه' });
  }
  get saveButton() {
    return this.page.getByRole('button', { name: /ذخیره و مرحله بعد|ارسال نهایی رزومه/ });
  }
  get previous() {
    return this.page.getByRole('button', { name: /مرحله پیش/ });
  }
  get leave() {
    return this.page.getByRole('button', { name: /خروج و ادامه/ });
  }
  get submittedHeading() {
    return this.page.getByRole('heading', { name: 'رزومه شما ارسال شد' });
  }

  /** The step on screen (1..7) from its heading, or 0. */
  async step(): Promise<number> {
    if (!(await this.stepHeading.isVisible().catch(() => false))) return 0;
    const id = (await this.stepHeading.getAttribute('id')) ?? '';
    return Number(/step-(\d)/.exec(id)?.[1] ?? 0);
  }

  async goto() {
    await this.page.goto('/resume/add');
  }

  async requestCode(who: { national_code: string; mobile: string }) {
    await this.nationalCode.fill(who.national_code);
    await this.mobile.fill(who.mobile);
    await this.sendCode.click();
  }

  async submitCode(code: string) {
    await this.code.waitFor(WAIT);
    await this.code.fill(code);
    await this.code.press('Enter');
  }

  /** The message beside a field (its Field's alert), '' when none. */
  async fieldError(field: Locator): Promise<string> {
    const id = await field.getAttribute('aria-describedby');
    if (!id || !(await field.getAttribute('aria-invalid'))) return '';
    return (await this.page.locator(`[id="${id}"]`).textContent()) ?? '';
  }

  private input(name: string) {
    return this.page.locator(`[name="${name}"]`);
  }

  /** Step 1; `birth` as typed (digits only: the slashes come by themselves). */
  async fillPersonal(opts: { birth?: string; photo?: boolean } = {}) {
    await this.input('first_name').fill('مریم');
    await this.input('last_name').fill('احمدی');
    await this.input('father_name').fill('علی');
    await this.input('birth_date').fill('');
    await this.input('birth_date').pressSequentially(opts.birth ?? '13650421');
    const city = this.input('birth_city');
    await city.fill('تهران');
    await this.page
      .getByRole('option', { name: /^تهران/ })
      .first()
      .waitFor(WAIT);
    await city.press('Enter');
    await this.page.getByLabel('زن').check();
    await this.input('email').fill('maryam.ahmadi@example.com');
    await this.input('address').fill('تهران، خیابان انقلاب، کوچه بهار، پلاک ۱۲');
    if (opts.photo !== false && !(await this.page.getByAltText('عکس بارگذاری‌شده').isVisible())) {
      await this.input('file-photo').setInputFiles({
        name: 'photo.png',
        mimeType: 'image/png',
        buffer: portraitPng(),
      });
      await this.page.getByAltText('عکس بارگذاری‌شده').waitFor(WAIT);
    }
  }

  async fillEducation(opts: { graduation?: string } = {}) {
    await this.input('educations.0.level').selectOption('master');
    await this.input('educations.0.field').fill('مدیریت مالی');
    await this.input('educations.0.university').fill('دانشگاه تهران');
    await this.input('educations.0.graduation_date').fill('');
    await this.input('educations.0.graduation_date').pressSequentially(opts.graduation ?? '13900631');
  }

  async fillExperience(opts: { from?: string } = {}) {
    if (!(await this.input('experiences.0.organization').isVisible())) {
      await this.page.getByRole('button', { name: 'افزودن سابقه کاری' }).click();
    }
    await this.input('experiences.0.organization').fill('شرکت ملی نفت ایران');
    await this.input('experiences.0.post').fill('مدیر مالی');
    await this.input('experiences.0.from_date').fill('');
    await this.input('experiences.0.from_date').pressSequentially(opts.from ?? '13910115');
    await this.input('experiences.0.to_date').fill('');
    await this.input('experiences.0.to_date').pressSequentially('13981229');
    await this.input('experiences.0.board_seat').check();
    await this.input('experiences.0.leaving_reason').fill('پایان دوره مأموریت');
  }

  async fillProvisions(all = true) {
    const box = this.input('accept_all');
    if (all) await box.check();
    else {
      await box.uncheck();
      await this.page.locator('input[name^="accepted."]').first().check();
    }
  }

  /** Answers every question ("no", or a line of text); `answer: false` leaves them all open. */
  async fillTerms(answer = true) {
    if (!answer) return;
    const radios = this.page.locator('input[type=radio][name^="answers."][value=no]');
    const texts = this.page.locator('textarea[name^="answers."]');
    for (let i = 0; i < (await radios.count()); i++) await radios.nth(i).check();
    for (let i = 0; i < (await texts.count()); i++) await texts.nth(i).fill('خدمت به کشور');
  }

  async uploadDocuments() {
    const files = this.page.getByRole('table', { name: 'مدارک بارگذاری‌شده' });
    for (const [type, name] of [
      ['national_card', 'national-card.pdf'],
      ['degree', 'degree.pdf'],
    ] as const) {
      if (await files.getByText(name).isVisible()) continue;
      await this.input(`file-${type}`).setInputFiles({
        name,
        mimeType: 'application/pdf',
        buffer: smallPdf(name),
      });
      await files.getByText(name).waitFor(WAIT);
    }
  }

  async removeDocument(name: string) {
    await this.page.getByRole('button', { name: `حذف ${name}` }).click();
    await this.expect.poll(() => this.page.getByText(name).count(), WAIT).toBe(0);
  }

  /** Fills step `n` validly (or, with `invalid`, so that the server refuses it). */
  async fill(n: number, invalid = false) {
    if (n === 1) await this.fillPersonal(invalid ? { birth: '14000101' } : {});
    if (n === 2) await this.fillEducation(invalid ? { graduation: '14100101' } : {});
    if (n === 3) await this.fillExperience(invalid ? { from: '14100101' } : {});
    if (n === 4) await this.fillProvisions(!invalid);
    if (n === 5) await this.fillTerms(!invalid);
    if (n === 6) {
      await this.uploadDocuments();
      if (invalid) await this.removeDocument('national-card.pdf');
    }
  }

  async save() {
    await this.saveButton.click();
  }

  /** Waits until step `n`'s heading is on screen and has the focus. */
  async onStep(n: number) {
    await this.expect.poll(() => this.step(), { ...WAIT, message: `on step ${n}` }).toBe(n);
    await this.expect
      .poll(() => this.stepHeading.evaluate((el) => el === document.activeElement), WAIT)
      .toBe(true);
  }
}
