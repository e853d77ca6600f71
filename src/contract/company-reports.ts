import { z } from 'zod';
import { parseJalaliDate } from '../domain/jalali.ts';
import { toAsciiDigits, toPersianDigits } from '../domain/persian-text.ts';
import { CODAL_KINDS, MINUTES_KIND_LABELS, MINUTES_KINDS } from './company-report-codes.ts';
import { defineEntity, type EntityDescription, type EntityField, rowSchema } from './entity.ts';
import { inputSchema } from './entity-input.ts';
import { optionalText, persianText, pickedId } from './fields.ts';
import { positiveId, recordVersion, type savedRecord } from './ids.ts';
import { FILTER_OPS, type FilterOp } from './list.ts';

export { CODAL_KINDS, MINUTES_KIND_LABELS, MINUTES_KINDS } from './company-report-codes.ts';

/**
 * A company's reports (issue 5): product reports, production capacities, monthly performance
 * (activity) reports, Codal disclosures and minutes of meetings, each described once with
 * `defineEntity` (contract/entity.ts): its fields' types, labels, columns, filters, sorts, form
 * and validation; the row schema (`rowSchema`) and the body's (`inputSchema`) come from it.
 * Shared by server and client.
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

/** A PUT body: the create body and the `version` the form read (the optimistic lock). */
const versioned = <T extends z.ZodObject>(input: T) => input.extend({ version });

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

/** A company's reports answer: the company's name beside its rows. */
export interface CompanyRows<T> {
  company: z.infer<typeof companyRef>;
  rows: T[];
}

/** The operators each kind of list filter accepts: text every one, numbers and dates all but `contains`. */
const TEXT_OPS: readonly FilterOp[] = ['eq', 'neq', 'in', 'gte', 'lte', 'contains'];
const ORDERED_OPS: readonly FilterOp[] = ['eq', 'neq', 'in', 'gte', 'lte'];

const SECTION = 'مشخصات';
const id = { type: 'int', label: 'شناسه' } satisfies EntityField;
const rowVersion = { type: 'int', label: 'نسخه' } satisfies EntityField;
/** Who reads a company's own reports, and who writes them. */
const companyPermissions = {
  list: 'person.legal.view',
  create: 'person.legal.edit',
  update: 'person.legal.edit',
  delete: 'person.legal.edit',
};

/**
 * A company's own report: its rows at `paths.list` (`/api/person/legal-persons/:id{[0-9]+}/…`) and
 * one of them at `paths.item` (`…/:rid{[0-9]+}`), each written out whole where a search finds it, read with `person.legal.view` and written with
 * `person.legal.edit`, newest first by `defaultSort`, named by their product in messages; every
 * row has its `id` and its `version` (the optimistic lock).
 */
const companyEntity = <const F extends Record<string, EntityField>>(
  paths: { list: string; item: string },
  e: Pick<EntityDescription<F>, 'name' | 'title' | 'plural' | 'defaultSort' | 'fields'>,
) =>
  defineEntity({
    ...e,
    fields: { id, ...e.fields, version: rowVersion },
    id: 'id',
    display: 'product',
    defaultDescending: true,
    permissions: companyPermissions,
    paths,
  });

/** An entity's body schemas (create; update adds the `version` read) and its row schema. */
const schemasOf = <F extends Record<string, EntityField>>(entity: EntityDescription<F>) => {
  const input = inputSchema(entity);
  return { input, update: versioned(input), row: rowSchema(entity) };
};

/**
 * The product and its unit, fields of every production report's form (`order`: the product's
 * column, the unit's is next).
 */
const productAndUnit = (order: number, unitHint?: string) => ({
  product: {
    type: 'text',
    label: 'محصول',
    max: 200,
    format: 'verbatim',
    column: { width: 200, grow: true, order },
    form: { section: SECTION, required: true },
    input: persianText('نام محصول', 200),
  } satisfies EntityField,
  unit: {
    type: 'text',
    label: 'واحد اندازه‌گیری',
    max: 40,
    format: 'verbatim',
    column: { width: 96, header: 'واحد', order: order + 1 },
    form: { section: SECTION, required: true, hint: unitHint },
    input: persianText('واحد اندازه‌گیری', 40),
  } satisfies EntityField,
});

/** A Jalali year of a report row, shown in plain Persian digits. */
const yearField = (label: string, hint: string, width: number) =>
  ({
    type: 'int',
    label,
    format: 'plain',
    column: { width, order: 0 },
    form: { section: SECTION, required: true, hint },
    input: jalaliYear(label),
  }) satisfies EntityField;

/** An amount in the row's unit (2 decimals at most); `header` the column's shorter one. */
const quantity = (label: string, order: number, header?: string) =>
  ({
    type: 'amount',
    label,
    nullable: true,
    format: 'quantity',
    column: { width: 120, grow: true, header, order },
    form: { section: SECTION },
    input: amount(label),
  }) satisfies EntityField;

/** The sales value in IRR (whole rials). */
const salesValue = (order: number) =>
  ({
    type: 'amount',
    label: 'مبلغ فروش (ریال)',
    nullable: true,
    column: { width: 140, grow: true, order },
    form: { section: SECTION, hint: 'به ریال' },
    input: amount('مبلغ فروش', { scale: 0 }),
  }) satisfies EntityField;

/** A fraction the server computes (4 decimals), shown as ٪. */
const share = (label: string, width: number, order: number) =>
  ({
    type: 'amount',
    label,
    nullable: true,
    format: 'percent',
    column: { width, order },
  }) satisfies EntityField;

export const REPORT_PERIODS = ['annual', '3m', '6m', '9m'] as const;
export const REPORT_PERIOD_LABELS: Record<string, string> = {
  annual: 'سالانه',
  '3m': 'سه‌ماهه',
  '6m': 'شش‌ماهه',
  '9m': 'نه‌ماهه',
};

/**
 * A company's product report for a fiscal year and period. Unique: (company, product, year,
 * period). `achievement` = produced / planned (null without both, or planned 0).
 */
export const productReportEntity = companyEntity(
  {
    list: '/api/person/legal-persons/:id{[0-9]+}/product-reports',
    item: '/api/person/legal-persons/:id{[0-9]+}/product-reports/:rid{[0-9]+}',
  },
  {
    name: 'product_report',
    title: 'گزارش تولید',
    plural: 'گزارش‌های تولید',
    defaultSort: 'fiscal_year',
    fields: {
      ...productAndUnit(2, 'مانند تن، حلقه، مترمربع'),
      fiscal_year: yearField('سال مالی', 'مانند ۱۴۰۳', 96),
      period: {
        type: 'enum',
        label: 'دوره',
        options: REPORT_PERIODS,
        optionLabels: REPORT_PERIOD_LABELS,
        column: { width: 96, order: 1 },
        form: { section: SECTION, required: true, initial: 'annual' },
        input: z.enum(REPORT_PERIODS, { error: 'دوره گزارش را انتخاب کنید' }),
      },
      planned: quantity('مقدار برنامه', 4, 'برنامه'),
      produced: quantity('مقدار تولید', 5, 'تولید'),
      sold: quantity('مقدار فروش', 6, 'فروش'),
      sales_value: salesValue(7),
      achievement: share('تحقق برنامه', 112, 8),
    },
  },
);

/** POST/PUT body of a product report (PUT adds `version`). */
export const {
  input: productReportInput,
  update: productReportUpdate,
  row: productReportRow,
} = schemasOf(productReportEntity);
export type ProductReportRow = z.infer<typeof productReportRow>;

/**
 * Production capacity of a company's product in one year. Unique: (company, product, year).
 * `utilisation` = actual_production / nominal_capacity (null without actual; above 1 when
 * production exceeded the nominal capacity).
 */
export const capacityEntity = companyEntity(
  {
    list: '/api/person/legal-persons/:id{[0-9]+}/production-capacities',
    item: '/api/person/legal-persons/:id{[0-9]+}/production-capacities/:rid{[0-9]+}',
  },
  {
    name: 'production_capacity',
    title: 'ظرفیت تولید',
    plural: 'ظرفیت تولید',
    defaultSort: 'fiscal_year',
    fields: {
      ...productAndUnit(1),
      fiscal_year: yearField('سال', 'مانند ۱۴۰۳', 96),
      nominal_capacity: {
        ...quantity('ظرفیت اسمی', 3),
        nullable: false,
        form: { section: SECTION, required: true, hint: 'ظرفیت سالانه پروانه بهره‌برداری' },
        input: amount('ظرفیت اسمی', { required: true, positive: true }),
      },
      actual_production: quantity('تولید واقعی', 4),
      utilisation: share('بهره‌برداری از ظرفیت', 144, 5),
    },
  },
);

/** POST/PUT body of a capacity (PUT adds `version`). */
export const { input: capacityInput, update: capacityUpdate, row: capacityRow } = schemasOf(capacityEntity);

/** A company's production and sales of a product in one Jalali month. Unique: (company, year, month, product). */
export const monthlyEntity = companyEntity(
  {
    list: '/api/person/legal-persons/:id{[0-9]+}/monthly-performance-reports',
    item: '/api/person/legal-persons/:id{[0-9]+}/monthly-performance-reports/:rid{[0-9]+}',
  },
  {
    name: 'monthly_performance_report',
    title: 'گزارش ماهانه',
    plural: 'گزارش فعالیت ماهانه',
    defaultSort: 'year',
    fields: {
      year: yearField('سال', 'مانند ۱۴۰۴', 80),
      month: {
        type: 'int',
        label: 'ماه',
        format: 'month',
        column: { width: 96, order: 1 },
        form: { section: SECTION, required: true },
        input: jalaliMonth,
      },
      ...productAndUnit(2),
      production: quantity('مقدار تولید', 4, 'تولید'),
      sales_quantity: quantity('مقدار فروش', 5),
      sales_value: salesValue(6),
    },
  },
);

/** POST/PUT body of a monthly report (PUT adds `version`). */
export const { input: monthlyInput, update: monthlyUpdate, row: monthlyRow } = schemasOf(monthlyEntity);

/** Totals of one year: sales value (IRR) summed over every row; quantities per product and unit. */
export const monthlyYearTotal = z.object({
  year: z.number().int(),
  sales_value: z.string(),
  products: z.array(
    z.object({ product: z.string(), unit: z.string(), production: z.string(), sales_quantity: z.string() }),
  ),
});

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

/** The company a cross-company report belongs to, picked in its form (`company` is its name). */
const pickedCompanyField = {
  type: 'ref',
  label: 'شرکت',
  picker: 'legal_person',
  shownAs: 'company',
  filter: ['eq', 'neq', 'in'],
  form: { section: SECTION, required: true, wide: true },
  input: pickedId('شرکت را انتخاب کنید'),
} satisfies EntityField;

/** A report's title: a column that takes the spare width, filtered in the builder. */
const titleField = (label: string) =>
  ({
    type: 'text',
    label: 'عنوان',
    max: 300,
    format: 'verbatim',
    column: { width: 300, grow: true, order: 4 },
    filter: TEXT_OPS,
    builderOnly: true,
    form: { section: SECTION, required: true, wide: true },
    input: persianText(label, 300),
  }) satisfies EntityField;

/**
 * A disclosure of a listed company on Codal (GET /api/person/codal-infos; POST enters one by
 * hand): company, kind, title, the tracing number (digits, unique), letter code, Jalali publish
 * date and time (Tehran, HH:MM; the row answers the instant, `published_at`) and the Codal address
 * (https, optional). The list sorts by published_at (default, descending), tracing_number,
 * company; `published_date` filters by the day in Tehran.
 */
export const codalEntity = defineEntity({
  name: 'codal_info',
  title: 'اطلاعیه کدال',
  plural: 'اطلاعیه‌های کدال',
  id: 'id',
  display: 'title',
  defaultSort: 'published_at',
  defaultDescending: true,
  search: 'عنوان، نماد، شرکت یا شماره پیگیری',
  permissions: { list: 'person.legal.list', create: 'person.legal.edit' },
  paths: { list: '/api/person/codal-infos' },
  fields: {
    id,
    legal_person_id: { ...pickedCompanyField, nullable: true },
    company: {
      type: 'text',
      label: 'شرکت',
      nullable: true,
      format: 'verbatim',
      column: { width: 180, order: 1 },
      sort: true,
    },
    ticker: {
      type: 'text',
      label: 'نماد',
      nullable: true,
      format: 'verbatim',
      column: { width: 80, order: 2 },
      filter: FILTER_OPS,
      builderOnly: true,
    },
    kind: {
      type: 'enum',
      label: 'نوع اطلاعیه',
      options: CODAL_KINDS,
      column: { width: 190, order: 3 },
      filter: TEXT_OPS,
      form: { section: SECTION, required: true, wide: true },
      input: z.enum(CODAL_KINDS, { error: 'نوع اطلاعیه را انتخاب کنید' }),
    },
    title: titleField('عنوان اطلاعیه'),
    tracing_number: {
      type: 'text',
      label: 'شماره پیگیری',
      column: { width: 110, order: 5 },
      sort: true,
      form: { section: SECTION, required: true, ltr: true, inputMode: 'numeric' },
      input: z
        .string({ error: 'شماره پیگیری را وارد کنید' })
        .transform((v) => toAsciiDigits(v).trim())
        .pipe(
          z
            .string()
            .min(1, 'شماره پیگیری را وارد کنید')
            .regex(/^\d{4,20}$/, 'شماره پیگیری ۴ تا ۲۰ رقم است'),
        ),
    },
    letter_code: {
      type: 'text',
      label: 'کد نامه',
      nullable: true,
      form: { section: SECTION, hint: 'مانند ن-۳۰' },
      input: optionalText('کد نامه', 40),
    },
    published_date: {
      type: 'date',
      label: 'تاریخ انتشار',
      notInRow: true,
      filter: ORDERED_OPS,
      builderOnly: true,
      form: { section: SECTION, required: true },
      input: dateInput('تاریخ انتشار'),
    },
    published_time: {
      type: 'text',
      label: 'ساعت انتشار',
      notInRow: true,
      max: 5,
      form: { section: SECTION, ltr: true, hint: 'به وقت تهران، مانند ۱۴:۳۰' },
      input: z
        .string()
        .nullish()
        .transform((v) => toAsciiDigits(v ?? '').trim() || '00:00')
        .pipe(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'ساعت انتشار باید مانند ۱۴:۳۰ باشد')),
    },
    published_at: {
      type: 'timestamp',
      label: 'زمان انتشار',
      column: { width: 150, order: 0 },
      sort: true,
      filter: ORDERED_OPS,
    },
    url: {
      type: 'text',
      label: 'نشانی در کدال',
      nullable: true,
      form: { section: SECTION, wide: true, ltr: true, hint: 'اختیاری؛ با https://' },
      input: z
        .string()
        .trim()
        .max(500, 'نشانی حداکثر ۵۰۰ نویسه است')
        .nullish()
        .transform((v) => v || null)
        .pipe(z.url({ protocol: /^https$/, error: 'نشانی باید با https:// آغاز شود' }).nullable()),
    },
  },
});

/** POST /api/person/codal-infos body (a disclosure entered by hand). */
export const codalInput = inputSchema(codalEntity);
export const codalRow = rowSchema(codalEntity);
export type CodalRow = z.infer<typeof codalRow>;

/**
 * Minutes of a meeting about a company (GET /api/person/meeting-minutes; POST, PUT and DELETE
 * `/:id`): Jalali meeting date (stored ISO), kind, title, attendees, decisions and an optional
 * follow-up date. The list sorts by meeting_date (default, descending), company, follow_up_date.
 */
export const minutesEntity = defineEntity({
  name: 'meeting_minutes',
  title: 'صورتجلسه',
  plural: 'صورت‌جلسات',
  id: 'id',
  display: 'title',
  defaultSort: 'meeting_date',
  defaultDescending: true,
  search: 'عنوان، شرکت یا مصوبات',
  permissions: {
    list: 'person.legal.list',
    create: 'person.legal.edit',
    update: 'person.legal.edit',
    delete: 'person.legal.edit',
  },
  paths: { list: '/api/person/meeting-minutes', item: '/api/person/meeting-minutes/:id{[0-9]+}' },
  fields: {
    id,
    legal_person_id: pickedCompanyField,
    company: {
      type: 'text',
      label: 'شرکت',
      format: 'verbatim',
      column: { width: 200, order: 1 },
      sort: true,
    },
    meeting_date: {
      type: 'date',
      label: 'تاریخ جلسه',
      column: { width: 100, order: 0 },
      sort: true,
      filter: ORDERED_OPS,
      builderOnly: true,
      form: { section: SECTION, required: true },
      input: dateInput('تاریخ جلسه'),
    },
    kind: {
      type: 'enum',
      label: 'نوع جلسه',
      options: MINUTES_KINDS,
      optionLabels: MINUTES_KIND_LABELS,
      column: { width: 90, header: 'نوع', order: 2 },
      filter: TEXT_OPS,
      form: { section: SECTION, required: true, initial: 'board' },
      input: z.enum(MINUTES_KINDS, { error: 'نوع جلسه را انتخاب کنید' }),
    },
    title: titleField('عنوان جلسه'),
    attendees: {
      type: 'text',
      label: 'حاضران',
      form: { section: SECTION, wide: true, multiline: true },
      input: optionalText('حاضران', 2000).transform((v) => v ?? ''),
    },
    decisions: {
      type: 'text',
      label: 'مصوبات',
      form: { section: SECTION, wide: true, multiline: true },
      input: optionalText('مصوبات', 8000).transform((v) => v ?? ''),
    },
    follow_up_date: {
      type: 'date',
      label: 'تاریخ پیگیری',
      nullable: true,
      column: { width: 100, header: 'پیگیری تا', order: 5 },
      sort: true,
      filter: ORDERED_OPS,
      builderOnly: true,
      form: { section: SECTION, wide: true },
      input: z
        .string()
        .nullish()
        .transform((v) => v?.trim() || null)
        .pipe(dateInput('تاریخ پیگیری').nullable()),
    },
    version: rowVersion,
  },
});

/** POST/PUT body of minutes (PUT adds `version`); dates typed Jalali, stored ISO. */
export const { input: minutesInput, update: minutesUpdate, row: minutesRow } = schemasOf(minutesEntity);
export type MinutesRow = z.infer<typeof minutesRow>;

/** A company that has rows in a cross-company list (the company filter's options). */
export const companyOption = z.object({ id: z.number().int(), name: z.string() });
export type CompanyOption = z.infer<typeof companyOption>;
