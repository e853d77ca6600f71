import { z } from 'zod';
import { parseJalaliDate } from '../domain/jalali.ts';
import { toAsciiDigits, toPersianDigits } from '../domain/persian-text.ts';
import { CODAL_KINDS, MINUTES_KINDS } from './company-report-codes.ts';
import { optionalText, persianText, pickedId } from './fields.ts';
import { positiveId, recordVersion, type savedRecord } from './ids.ts';

export { CODAL_KINDS, MINUTES_KIND_LABELS, MINUTES_KINDS } from './company-report-codes.ts';

/**
 * A company's reports (issue 5): product reports, production capacities, monthly performance
 * (activity) reports, Codal disclosures and minutes of meetings. Shared by server and client.
 * Units: quantities in the row's `unit`, as decimal strings (2 decimals at most); `sales_value`
 * in IRR as a whole-number string; `achievement` and `utilisation` fractions (0.8765 = ۸۷٫۶۵٪)
 * as strings with 4 decimals or null; years Jalali (1300–1500), months 1..12 (1 = فروردین);
 * dates ISO `YYYY-MM-DD` (typed Jalali in forms); timestamps ISO 8601 UTC.
 */

/** A Jalali year 1300..1500 (Persian digits accepted). */
export const jalaliYear = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? toAsciiDigits(v).trim() : v),
    z.coerce
      .number({ error: `${label} را وارد کنید` })
      .int(`${label} باید عدد صحیح باشد`)
      .min(1300, `${label} باید بین ۱۳۰۰ و ۱۵۰۰ باشد`)
      .max(1500, `${label} باید بین ۱۳۰۰ و ۱۵۰۰ باشد`),
  );

/** A month 1..12 of the Jalali year. */
export const jalaliMonth = z.preprocess(
  (v) => (typeof v === 'string' ? toAsciiDigits(v).trim() : v),
  z.coerce
    .number({ error: 'ماه را انتخاب کنید' })
    .int('ماه باید عدد صحیح باشد')
    .min(1, 'ماه باید بین ۱ تا ۱۲ باشد')
    .max(12, 'ماه باید بین ۱ تا ۱۲ باشد'),
);

/**
 * A non-negative amount typed with Persian or ASCII digits and separators (٬ , ،), or '' / null
 * for "not reported" → ASCII decimal string or null. `scale` decimals at most (0 for IRR).
 */
export const amount = (
  label: string,
  opts: { scale?: number; required?: boolean; positive?: boolean } = {},
) => {
  const scale = opts.scale ?? 2;
  return z
    .union([z.string(), z.number()], { error: `${label} باید عدد باشد` })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || String(v).trim() === '') {
        if (opts.required) {
          ctx.addIssue({ code: 'custom', message: `${label} را وارد کنید` });
          return z.NEVER;
        }
        return null;
      }
      const s = toAsciiDigits(String(v))
        .replace(/[,،٬\s]/g, '')
        .replace('٫', '.');
      if (/^-/.test(s)) {
        ctx.addIssue({ code: 'custom', message: `${label} نمی‌تواند منفی باشد` });
        return z.NEVER;
      }
      const re = scale === 0 ? /^\d{1,22}$/ : new RegExp(`^\\d{1,22}(\\.\\d{1,${scale}})?$`);
      if (!re.test(s)) {
        const more = scale === 0 ? 'عدد صحیح' : `عددی با حداکثر ${toPersianDigits(scale)} رقم اعشار`;
        ctx.addIssue({ code: 'custom', message: `${label} باید ${more} و نامنفی باشد` });
        return z.NEVER;
      }
      const clean = s.replace(/^0+(?=\d)/, '');
      if (opts.positive && !/[1-9]/.test(clean)) {
        ctx.addIssue({ code: 'custom', message: `${label} باید بیشتر از صفر باشد` });
        return z.NEVER;
      }
      return clean;
    });
};

/**
 * A date typed Jalali (`1405/07/15`, Persian digits too) → ISO `YYYY-MM-DD`; an ISO date is kept
 * as it is, so the output parses to itself (the client validates, then sends what it parsed).
 */
export const dateInput = (label: string) =>
  z
    .string({ error: `${label} را وارد کنید` })
    .trim()
    .min(1, `${label} را وارد کنید`)
    .max(20, `${label} نامعتبر است`)
    .transform((v, ctx) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      if (m && Number(m[1]) >= 1900 && Number(m[1]) <= 2200) {
        const d = new Date(`${v}T00:00:00Z`);
        if (!Number.isNaN(d.getTime()) && d.toISOString().startsWith(v)) return v;
      }
      const iso = parseJalaliDate(v);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: `${label} باید تاریخی شمسی مانند ۱۳۶۵/۰۴/۲۱ باشد` });
        return z.NEVER;
      }
      return iso;
    });

const version = recordVersion('نسخه رکورد نامعتبر است');
/** `{ version }` of DELETE's query (the optimistic lock). */
export const versionQuery = z.looseObject({ version });

/** Path `:id/…/:rid` of a company's report rows. */
export const companyRowParams = z.object({
  id: positiveId,
  rid: positiveId,
});

/** What a write answers: `{ id, version }` (ids.ts `savedRecord`). */
export type SavedRow = z.infer<typeof savedRecord>;

/** What a delete (and the Codal create, whose rows have no version) answers: `{ id }`. */
export const rowIdAnswer = z.object({ id: z.number().int() });

/** The company a report list belongs to. */
export const companyRef = z.object({ id: z.number().int(), name: z.string(), ticker: z.string().nullable() });

/** A company's reports answer: the company's name beside its rows (the schema of `CompanyRows`). */
export const companyRowsOf = <T extends z.ZodType>(row: T) =>
  z.object({ company: companyRef, rows: z.array(row) });

// ---------------------------------------------------------------------------------------------
// Product reports

export const REPORT_PERIODS = ['annual', '3m', '6m', '9m'] as const;
export const REPORT_PERIOD_LABELS: Record<string, string> = {
  annual: 'سالانه',
  '3m': 'سه‌ماهه',
  '6m': 'شش‌ماهه',
  '9m': 'نه‌ماهه',
};

/** POST/PUT body of a product report (PUT adds `version`). Unique: (company, product, year, period). */
export const productReportInput = z.object({
  product: persianText('نام محصول', 200),
  unit: persianText('واحد اندازه‌گیری', 40),
  fiscal_year: jalaliYear('سال مالی'),
  period: z.enum(REPORT_PERIODS, { error: 'دوره گزارش را انتخاب کنید' }),
  planned: amount('مقدار برنامه'),
  produced: amount('مقدار تولید'),
  sold: amount('مقدار فروش'),
  sales_value: amount('مبلغ فروش', { scale: 0 }),
});
export const productReportUpdate = productReportInput.extend({ version });

/** A product report row; `achievement` = produced / planned (null without both, or planned 0). */
export const productReportRow = z.object({
  id: z.number().int(),
  product: z.string(),
  unit: z.string(),
  fiscal_year: z.number().int(),
  period: z.string(),
  planned: z.string().nullable(),
  produced: z.string().nullable(),
  sold: z.string().nullable(),
  sales_value: z.string().nullable(),
  achievement: z.string().nullable(),
  version: z.number().int(),
});
export type ProductReportRow = z.infer<typeof productReportRow>;

// ---------------------------------------------------------------------------------------------
// Production capacities

/** POST/PUT body of a capacity (PUT adds `version`). Unique: (company, product, year). */
export const capacityInput = z.object({
  product: persianText('نام محصول', 200),
  unit: persianText('واحد اندازه‌گیری', 40),
  fiscal_year: jalaliYear('سال'),
  nominal_capacity: amount('ظرفیت اسمی', { required: true, positive: true }),
  actual_production: amount('تولید واقعی'),
});
export const capacityUpdate = capacityInput.extend({ version });

/** A capacity row; `utilisation` = actual_production / nominal_capacity (null without actual). */
export const capacityRow = z.object({
  id: z.number().int(),
  product: z.string(),
  unit: z.string(),
  fiscal_year: z.number().int(),
  nominal_capacity: z.string(),
  actual_production: z.string().nullable(),
  utilisation: z.string().nullable(),
  version: z.number().int(),
});
export type CapacityRow = z.infer<typeof capacityRow>;

// ---------------------------------------------------------------------------------------------
// Monthly performance reports

/** POST/PUT body of a monthly report (PUT adds `version`). Unique: (company, year, month, product). */
export const monthlyInput = z.object({
  year: jalaliYear('سال'),
  month: jalaliMonth,
  product: persianText('نام محصول', 200),
  unit: persianText('واحد اندازه‌گیری', 40),
  production: amount('مقدار تولید'),
  sales_quantity: amount('مقدار فروش'),
  sales_value: amount('مبلغ فروش', { scale: 0 }),
});
export const monthlyUpdate = monthlyInput.extend({ version });

export const monthlyRow = z.object({
  id: z.number().int(),
  year: z.number().int(),
  month: z.number().int(),
  product: z.string(),
  unit: z.string(),
  production: z.string().nullable(),
  sales_quantity: z.string().nullable(),
  sales_value: z.string().nullable(),
  version: z.number().int(),
});
export type MonthlyRow = z.infer<typeof monthlyRow>;

/** Totals of one year: sales value (IRR) summed over every row; quantities per product and unit. */
export const monthlyYearTotal = z.object({
  year: z.number().int(),
  sales_value: z.string(),
  products: z.array(
    z.object({ product: z.string(), unit: z.string(), production: z.string(), sales_quantity: z.string() }),
  ),
});
export type MonthlyYearTotal = z.infer<typeof monthlyYearTotal>;

/**
 * GET …/monthly-performance-reports?year= answer (beside `company`): rows (year desc, month,
 * product) and totals.
 */
export const monthlyReport = z.object({
  rows: z.array(monthlyRow),
  totals: z.array(monthlyYearTotal),
  /** Every year the company has rows for (for the filter), newest first. */
  years: z.array(z.number().int()),
});
export type MonthlyReport = z.infer<typeof monthlyReport>;

/** A company's reports answer: the company's name beside its rows. */
export interface CompanyRows<T> {
  company: z.infer<typeof companyRef>;
  rows: T[];
}

// ---------------------------------------------------------------------------------------------
// Codal disclosures

/**
 * POST /api/person/codal-infos body (a disclosure entered by hand): company, kind, title, the
 * tracing number (digits, unique), letter code, Jalali publish date and time (Tehran, HH:MM),
 * and the Codal address (https, optional).
 */
export const codalInput = z.object({
  legal_person_id: pickedId('شرکت را انتخاب کنید'),
  kind: z.enum(CODAL_KINDS, { error: 'نوع اطلاعیه را انتخاب کنید' }),
  title: persianText('عنوان اطلاعیه', 300),
  tracing_number: z
    .string({ error: 'شماره پیگیری را وارد کنید' })
    .transform((v) => toAsciiDigits(v).trim())
    .pipe(
      z
        .string()
        .min(1, 'شماره پیگیری را وارد کنید')
        .regex(/^\d{4,20}$/, 'شماره پیگیری ۴ تا ۲۰ رقم است'),
    ),
  letter_code: optionalText('کد نامه', 40),
  published_date: dateInput('تاریخ انتشار'),
  published_time: z
    .string()
    .nullish()
    .transform((v) => toAsciiDigits(v ?? '').trim() || '00:00')
    .pipe(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'ساعت انتشار باید مانند ۱۴:۳۰ باشد')),
  url: z
    .string()
    .trim()
    .max(500, 'نشانی حداکثر ۵۰۰ نویسه است')
    .nullish()
    .transform((v) => v || null)
    .pipe(z.url({ protocol: /^https$/, error: 'نشانی باید با https:// آغاز شود' }).nullable()),
});

/** A row of GET /api/person/codal-infos; sortBy published_at (default, desc) | tracing_number | company. */
export const codalRow = z.object({
  id: z.number().int(),
  legal_person_id: z.number().int().nullable(),
  company: z.string().nullable(),
  ticker: z.string().nullable(),
  tracing_number: z.string(),
  letter_code: z.string().nullable(),
  kind: z.string(),
  title: z.string(),
  published_at: z.string(),
  url: z.string().nullable(),
});
export type CodalRow = z.infer<typeof codalRow>;

// ---------------------------------------------------------------------------------------------
// Minutes of meetings

/** POST/PUT body of minutes (PUT adds `version`); dates typed Jalali, stored ISO. */
export const minutesInput = z.object({
  legal_person_id: pickedId('شرکت را انتخاب کنید'),
  meeting_date: dateInput('تاریخ جلسه'),
  kind: z.enum(MINUTES_KINDS, { error: 'نوع جلسه را انتخاب کنید' }),
  title: persianText('عنوان جلسه', 300),
  attendees: optionalText('حاضران', 2000).transform((v) => v ?? ''),
  decisions: optionalText('مصوبات', 8000).transform((v) => v ?? ''),
  follow_up_date: z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .pipe(dateInput('تاریخ پیگیری').nullable()),
});
export const minutesUpdate = minutesInput.extend({ version });

/** A row of GET /api/person/meeting-minutes; sortBy meeting_date (default, desc) | company | follow_up_date. */
export const minutesRow = z.object({
  id: z.number().int(),
  legal_person_id: z.number().int(),
  company: z.string(),
  meeting_date: z.string(),
  kind: z.string(),
  title: z.string(),
  attendees: z.string(),
  decisions: z.string(),
  follow_up_date: z.string().nullable(),
  version: z.number().int(),
});
export type MinutesRow = z.infer<typeof minutesRow>;

/** A company that has rows in a cross-company list (the company filter's options). */
export const companyOption = z.object({ id: z.number().int(), name: z.string() });
export type CompanyOption = z.infer<typeof companyOption>;
