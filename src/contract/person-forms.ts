import { z } from 'zod';
import { parseLegalId, parsePostalCode } from '../domain/identifiers.ts';
import { toAsciiDigits } from '../domain/persian-text.ts';
import {
  iranMobile,
  jalaliDate,
  nationalCode,
  optionalEmail,
  optionalText,
  persianText,
  pickedId,
} from './fields.ts';
import { MAX_ID, recordVersion, type savedRecord } from './ids.ts';
import { LEGAL_KINDS, LEGAL_STATUSES } from './persons.ts';

/**
 * Create and update of legal and true persons, shared by the forms (client) and the API
 * (server). Inputs accept Persian/Arabic digits and letters; outputs are canonical (ASCII
 * digits, ISO dates, amounts as digit strings in IRR). Optional fields: '' or missing → null.
 *
 * Calls (every one audited with before and after, in one transaction):
 * - POST /api/person/legal-persons (`person.legal.edit`) `legalPersonInput` → `{ data: { id, version } }`;
 *   PUT /api/person/legal-persons/{id} (`person.legal.edit`) `legalPersonInput & { version }` → `{ data: { id, version } }`.
 * - POST /api/person/true-persons (`person.true.edit`) `truePersonInput` → `{ data: { id, version } }`;
 *   PUT /api/person/true-persons/{id} (`person.true.edit`) `truePersonInput & { version }` → `{ data: { id, version } }`.
 * Errors: 422 per field (Persian); 422 on `national_id` / `national_code` when another record has
 * it, with `duplicate: { id, name, path }` (the existing record's screen path) in the body; 409
 * `stale: true` «این رکورد پس از باز شدن آن در فرم شما تغییر کرده است …» when `version` is not the
 * record's current version (nothing is overwritten); 404 when the record does not exist.
 * The detail answers (GET …/{id}) carry `version` (an integer bumped by every change).
 */

/** Optional digits-only code (postal code, registration number …) with a format check. */
const optionalCode = (label: string, parse: (v: string) => string | null, message: string) =>
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

const optionalInt = (label: string, max = 10_000_000) =>
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

const optionalId = (message: string) =>
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
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string()
    .nullish()
    .transform((v) => v || null)
    .pipe(z.enum(values, { error: message }).nullable());

const optionalJalali = (label: string) =>
  z
    .string()
    .trim()
    .max(20)
    .nullish()
    .transform((v) => v || null)
    .pipe(jalaliDate(label).nullable());

/** Legal forms (GLOSSARY), stored in Persian. */
export const LEGAL_FORMS = [
  'سهامی عام',
  'سهامی خاص',
  'مسئولیت محدود',
  'تعاونی',
  'مؤسسه غیرتجاری',
  'صندوق',
] as const;
/** Ownership types (GLOSSARY), stored in Persian. */
export const OWNERSHIP_TYPES = ['دولتی', 'شبه‌دولتی', 'عمومی غیردولتی', 'خصوصی'] as const;

/** The national id (شناسه ملی): 11 digits with its check digit → ASCII digits. Optional for ministries. */
export const legalNationalId = optionalCode(
  'شناسه ملی',
  parseLegalId,
  'شناسه ملی معتبر نیست؛ ۱۱ رقم و رقم کنترل آن را بررسی کنید',
);

/** Create/update a legal person (GLOSSARY: legal person). */
export const legalPersonInput = z.object({
  name: persianText('نام', 300, 2),
  kind: z.enum(LEGAL_KINDS, { error: 'نوع شخص حقوقی را انتخاب کنید' }),
  national_id: legalNationalId,
  registration_number: optionalText('شماره ثبت', 40),
  registration_date: optionalJalali('تاریخ ثبت'),
  registration_city_id: optionalId('شهر محل ثبت را از فهرست انتخاب کنید'),
  legal_form: optionalEnum(LEGAL_FORMS, 'نوع شرکت را از فهرست انتخاب کنید'),
  economic_code: optionalCode(
    'کد اقتصادی',
    (v) => (/^\d{12}$/.test(toAsciiDigits(v)) ? toAsciiDigits(v) : null),
    'کد اقتصادی ۱۲ رقم است',
  ),
  ownership_type: optionalEnum(OWNERSHIP_TYPES, 'نوع مالکیت را از فهرست انتخاب کنید'),
  registered_capital: optionalAmount('سرمایه ثبتی'),
  share_count: optionalAmount('تعداد سهام'),
  nominal_share_value: optionalAmount('ارزش اسمی هر سهم'),
  industry_id: optionalId('صنعت را از فهرست انتخاب کنید'),
  supervising_body_id: optionalId('نهاد ناظر را از فهرست انتخاب کنید'),
  is_listed: z.boolean({ error: 'بورسی بودن را مشخص کنید' }),
  ticker: optionalText('نماد', 20),
  status: z.enum(LEGAL_STATUSES, { error: 'وضعیت را انتخاب کنید' }),
  address: optionalText('نشانی', 500),
  postal_code: optionalCode('کد پستی', parsePostalCode, 'کد پستی ۱۰ رقم است'),
  phone: optionalText('تلفن', 40),
  website: optionalText('وبگاه', 200),
  employees: optionalInt('شمار کارکنان'),
});
export type LegalPersonInput = z.input<typeof legalPersonInput>;

export const GENDER_VALUES = ['male', 'female'] as const;
/** Education levels of the registry, stored in Persian (as the true-persons list filters them). */
export const EDUCATION_VALUES = ['دیپلم', 'کاردانی', 'کارشناسی', 'کارشناسی ارشد', 'دکتری'] as const;

/** Create/update a true person (GLOSSARY: true person). */
export const truePersonInput = z.object({
  first_name: persianText('نام'),
  last_name: persianText('نام خانوادگی'),
  father_name: optionalText('نام پدر', 100),
  national_code: nationalCode,
  birth_certificate_number: optionalText('شماره شناسنامه', 20),
  birth_date: optionalJalali('تاریخ تولد'),
  birth_city_id: optionalId('شهر محل تولد را از فهرست انتخاب کنید'),
  gender: optionalEnum(GENDER_VALUES, 'جنسیت را انتخاب کنید'),
  mobile: iranMobile.nullish().or(z.literal('').transform(() => null)),
  email: optionalEmail,
  education_level: optionalEnum(EDUCATION_VALUES, 'مقطع تحصیلی را از فهرست انتخاب کنید'),
  field_of_study: optionalText('رشته تحصیلی', 150),
});
export type TruePersonInput = z.input<typeof truePersonInput>;

/** The `version` an update must carry: the one the form was opened with. */
export const versionField = z.object({
  version: recordVersion('نسخه رکورد نامعتبر است'),
});
export const legalPersonUpdate = legalPersonInput.extend(versionField.shape);
export const truePersonUpdate = truePersonInput.extend(versionField.shape);

/** Answer of create and update: `{ id, version }` (ids.ts `savedRecord`). */
export type SavedRecord = z.infer<typeof savedRecord>;

/** 422 body extra when the national id/code belongs to another record. */
export interface DuplicateRef {
  id: number;
  name: string;
  /** The existing record's screen, e.g. `/person/legal-persons/view/12`. */
  path: string;
}

/**
 * GET /api/logs/view-entity/{id}/{type} (`type` legal_person | true_person; permission
 * person.legal.view / person.true.view by type) → `{ data: HistoryEntry[] }`, newest first: every
 * audited change of that record (and of its shareholdings, board seats and documents, tagged by
 * `entity`), with who, when and the changed fields.
 */
export const historyEntry = z.object({
  id: z.number().int(),
  /** ISO 8601 UTC. */
  at: z.string(),
  /** create | update | delete (a related entity's own actions pass as they are). */
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  role: z.string().nullable(),
  /**
   * Each changed field with its value before and after (null when absent): any JSON value, as
   * the audit row holds it.
   */
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type HistoryEntry = z.infer<typeof historyEntry>;
export const HISTORY_TYPES = ['legal_person', 'true_person'] as const;
export const viewEntityParams = z.object({
  id: pickedId('شناسه نامعتبر است'),
  type: z.enum(HISTORY_TYPES, { error: 'نوع رکورد نامعتبر است' }),
});
