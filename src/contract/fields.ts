import { z } from 'zod';
import { MOBILE_FORMAT_MESSAGE, normalizeMobile, parseNationalCode } from '../domain/identifiers.ts';
import { parseJalaliDate } from '../domain/jalali.ts';
import { normalizePersian, toAsciiDigits, toPersianDigits } from '../domain/persian-text.ts';
import { MAX_ID } from './ids.ts';

/**
 * Field schemas shared by forms (client) and request validation (server), each with its Persian
 * message. Inputs accept Persian/Arabic digits and letters; outputs are canonical (ASCII digits,
 * Persian ی/ک, ISO dates), so what the server stores is what the client's same schema produced.
 */

/** Required Persian text, trimmed and normalised (ي→ی, ك→ک), `min`..`max` characters. */
export const persianText = (label: string, max = 100, min = 1) =>
  z
    .string({ error: `${label} را وارد کنید` })
    .transform((v) => normalizePersian(v).trim())
    .pipe(
      z
        .string()
        .min(min, min <= 1 ? `${label} را وارد کنید` : `${label} دست‌کم ${toPersianDigits(min)} نویسه است`)
        .max(max, `${label} حداکثر ${toPersianDigits(max)} نویسه است`),
    );

/** Optional text: '' and missing become null. */
export const optionalText = (label: string, max = 1000) =>
  z
    .string()
    .max(max * 2)
    .nullish()
    .transform((v) => (v == null ? null : normalizePersian(v).trim() || null))
    .pipe(
      z
        .string()
        .max(max, `${label} حداکثر ${toPersianDigits(max)} نویسه است`)
        .nullable(),
    );

/** National code (کد ملی): 10 digits with a valid check digit → canonical ASCII digits. */
export const nationalCode = z
  .string({ error: 'کد ملی را وارد کنید' })
  .trim()
  .min(1, 'کد ملی را وارد کنید')
  .max(20, 'کد ملی ۱۰ رقم است')
  .transform((v, ctx) => {
    const code = parseNationalCode(v);
    if (!code) {
      ctx.addIssue({ code: 'custom', message: 'کد ملی معتبر نیست؛ ۱۰ رقم و رقم کنترل آن را بررسی کنید' });
      return z.NEVER;
    }
    return code;
  });

/** Iranian mobile 09xxxxxxxxx (also +98…, 98…, 9…, Persian digits) → `09xxxxxxxxx`. */
export const iranMobile = z
  .string({ error: 'شماره همراه را وارد کنید' })
  .trim()
  .min(1, 'شماره همراه را وارد کنید')
  .max(20, 'شماره همراه نامعتبر است')
  .transform((raw, ctx) => {
    const v = normalizeMobile(raw);
    if (!v) {
      ctx.addIssue({ code: 'custom', message: MOBILE_FORMAT_MESSAGE });
      return z.NEVER;
    }
    return v;
  });

/** A Jalali date typed `1365/04/21` (Persian digits too) → ISO `YYYY-MM-DD`. */
export const jalaliDate = (label: string) =>
  z
    .string({ error: `${label} را وارد کنید` })
    .trim()
    .min(1, `${label} را وارد کنید`)
    .max(20, `${label} نامعتبر است`)
    .transform((v, ctx) => {
      const iso = parseJalaliDate(v);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: `${label} باید تاریخی شمسی مانند ۱۳۶۵/۰۴/۲۱ باشد` });
        return z.NEVER;
      }
      return iso;
    });

/** Optional email: '' → null. */
export const optionalEmail = z
  .string()
  .trim()
  .max(200, 'رایانامه حداکثر ۲۰۰ نویسه است')
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null))
  .pipe(z.email('رایانامه معتبر نیست؛ مانند name@example.com').nullable());

/** Six-digit one-time code (Persian digits accepted) → ASCII digits. */
export const smsCode = z
  .string({ error: 'کد پیامک‌شده را وارد کنید' })
  .trim()
  .transform((v) => toAsciiDigits(v).replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'کد پیامک‌شده ۶ رقم است'));

/** Optional digits-only code (postal code, registration number …) with a format check. */
export const optionalCode = (label: string, parse: (v: string) => string | null, message: string) =>
  z
    .string()
    .trim()
    .max(40, `${label} بیش از حد طولانی است`)
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const code = parse(v);
      if (!code) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return code;
    });

/** An amount in IRR typed with separators (٬ , ،) and Persian digits → digit string, or null. */
export const optionalAmount = (label: string) =>
  z
    .string()
    .trim()
    .max(60)
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const digits = toAsciiDigits(v).replace(/[,،٬\s]/g, '');
      if (!/^\d{1,24}$/.test(digits)) {
        ctx.addIssue({ code: 'custom', message: `${label} باید عددی صحیح و نامنفی به ریال باشد` });
        return z.NEVER;
      }
      return digits.replace(/^0+(?=\d)/, '');
    });

/** An optional whole number 0..max typed with separators and Persian digits, or null. */
export const optionalInt = (label: string, max = 10_000_000) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = Number(toAsciiDigits(String(v)).replace(/[,،٬\s]/g, ''));
      if (!Number.isInteger(n) || n < 0 || n > max) {
        ctx.addIssue({ code: 'custom', message: `${label} باید عددی صحیح و نامنفی باشد` });
        return z.NEVER;
      }
      return n;
    });

/** An optional picked id ('' or missing → null), with its message when it is not an id. */
export const optionalId = (message: string) =>
  z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = Number(toAsciiDigits(String(v)));
      if (!Number.isInteger(n) || n <= 0 || n > MAX_ID) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });

/** One of `values`, or null for '' / missing. */
export const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string()
    .nullish()
    .transform((v) => v || null)
    .pipe(z.enum(values, { error: message }).nullable());

/** An optional Jalali date typed as yyyy/mm/dd → ISO, or null. */
export const optionalJalali = (label: string) =>
  z
    .string()
    .trim()
    .max(20)
    .nullish()
    .transform((v) => v || null)
    .pipe(jalaliDate(label).nullable());

export { MAX_ID, pickedId, positiveId } from './ids.ts';
