import { z } from 'zod';
import { id, int, isoTime } from './api-envelope.ts';
import { positiveId, recordVersion } from './ids.ts';
import { LEGAL_FORMS, OWNERSHIP_TYPES } from './legal-person.ts';
import { type FieldKind, type FieldSpec, fieldSchema, type SectionSpec } from './status-report-fields.ts';
import { EDUCATION_VALUES } from './true-person.ts';

export type { FieldKind, FieldSpec, SectionSpec, TableSpec } from './status-report-fields.ts';
export { fieldSchema } from './status-report-fields.ts';

/**
 * The company status report (گزارش وضعیت شرکت) of a legal person: sections 0 to 10, each a
 * small form saved on its own with its own optimistic-lock `version`. Every section is described
 * once as data (`STATUS_SECTIONS`: fields, and at most one table `rows`; the field kinds and
 * their schemas are in status-report-fields.ts); the zod schema of each section
 * (`SECTION_SCHEMAS[n]`), the screens and the print views are all read from it.
 *
 * Inputs are what a form holds (strings in any digits, Jalali dates, percentages); outputs are
 * canonical: ASCII digits, ISO dates (`YYYY-MM-DD`), amounts in IRR as digit strings (a signed
 * amount may start with `-`), head counts as integers, shares as fractions 0..1 with 6 decimals
 * (strings), choices stored in Persian. What the server stores is a section's output.
 *
 * Calls:
 * - GET /api/person/legal-persons/status/{id} (`person.legal.view`) → `{ data: StatusReport }`:
 *   all eleven sections; a section never saved is a draft prefilled from the registry with
 *   `saved: false, version: 0`.
 * - PUT /api/person/legal-persons/status/{id}/section/{n} (`person.legal.edit`) with
 *   `{ version, data }` (`version` 0 for a section never saved) → `{ data: SavedSection }`.
 *   422 per field (paths relative to `data`: `registered_capital`, `rows.2.share_count`), 409
 *   `{ stale: true, current_version }` when the section was saved by someone since it was read
 *   (nothing is overwritten), 404 for a company that does not exist or is deleted.
 */

const f = (name: string, label: string, kind: FieldKind, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  label,
  kind,
  ...extra,
});

/** The registry's statuses (GLOSSARY), as the report states them. */
export const COMPANY_STATUSES = ['فعال', 'در حال انحلال', 'منحل', 'واگذارشده', 'ادغام‌شده'] as const;
export const HOLDER_TYPES = ['حقوقی', 'حقیقی'] as const;
export const SEAT_POSITIONS = ['رئیس هیئت مدیره', 'نایب رئیس', 'عضو', 'عضو علی‌البدل'] as const;
export const STAFF_EDUCATION = ['زیر دیپلم', ...EDUCATION_VALUES] as const;
export const AUDITOR_OPINIONS = ['مقبول', 'مشروط', 'مردود', 'عدم اظهارنظر'] as const;
export const ASSEMBLY_KINDS = ['عادی سالیانه', 'عادی به طور فوق‌العاده', 'فوق‌العاده'] as const;
/** The documents an oversight file is expected to hold (the checklist's first rows). */
export const STANDARD_DOCUMENTS = [
  'اساسنامه',
  'آگهی تأسیس',
  'آخرین آگهی تغییرات روزنامه رسمی',
  'صورت‌های مالی حسابرسی‌شده آخرین سال',
  'گزارش حسابرس و بازرس قانونی',
  'صورتجلسه آخرین مجمع عمومی',
  'فهرست سهامداران',
] as const;

const notes = (label = 'توضیحات') => f('notes', label, 'textarea', { wide: true, max: 4000 });

/** The eleven sections, 0 to 10. */
export const STATUS_SECTIONS: readonly SectionSpec[] = [
  {
    n: 0,
    key: 'general',
    title: 'مشخصات عمومی',
    fields: [
      f('name', 'نام شرکت', 'text', { required: true, max: 300 }),
      f('ownership_type', 'نوع مالکیت', 'select', { options: OWNERSHIP_TYPES }),
      f('status', 'وضعیت', 'select', { options: COMPANY_STATUSES }),
      f('supervising_body', 'نهاد ناظر / شرکت مادر', 'text', { max: 300 }),
      f('industry', 'صنعت', 'text', { max: 200 }),
      f('auditor', 'حسابرس و بازرس قانونی', 'text', { max: 200 }),
      f('report_date', 'تاریخ گزارش', 'date'),
      f('phone', 'تلفن', 'text', { max: 40 }),
      f('postal_code', 'کد پستی', 'code', { max: 10 }),
      f('website', 'وبگاه', 'text', { max: 200 }),
      f('address', 'نشانی', 'textarea', { wide: true, max: 500 }),
      notes('خلاصه وضعیت'),
    ],
  },
  {
    n: 1,
    key: 'registration',
    title: 'ثبت',
    fields: [
      f('national_id', 'شناسه ملی', 'legal_id'),
      f('registration_number', 'شماره ثبت', 'text', { max: 40 }),
      f('registration_date', 'تاریخ ثبت', 'date'),
      f('registration_city', 'محل ثبت', 'text', { max: 100 }),
      f('legal_form', 'شکل حقوقی', 'select', { options: LEGAL_FORMS }),
      f('economic_code', 'کد اقتصادی', 'code', { max: 12 }),
      f('last_change_date', 'تاریخ آخرین آگهی تغییرات', 'date'),
      f('last_changes', 'آخرین تغییرات ثبتی', 'textarea', { wide: true, max: 4000 }),
    ],
  },
  {
    n: 2,
    key: 'capital',
    title: 'سرمایه و سهام',
    fields: [
      f('registered_capital', 'سرمایه ثبتی (ریال)', 'amount'),
      f('share_count', 'تعداد سهام', 'amount'),
      f('nominal_share_value', 'ارزش اسمی هر سهم (ریال)', 'amount'),
      f('paid_in_capital', 'سرمایه پرداخت‌شده (ریال)', 'amount'),
      f('last_capital_change_date', 'تاریخ آخرین تغییر سرمایه', 'date'),
      notes(),
    ],
  },
  {
    n: 3,
    key: 'shareholders',
    title: 'سهامداران',
    fields: [notes()],
    table: {
      title: 'سهامداران',
      max: 200,
      columns: [
        f('holder', 'سهامدار', 'text', { required: true, max: 300 }),
        f('holder_type', 'نوع', 'select', { options: HOLDER_TYPES }),
        f('holder_national_id', 'شناسه / کد ملی', 'code', { max: 11 }),
        f('share_count', 'تعداد سهام', 'amount', { required: true }),
        f('fraction', 'درصد', 'fraction'),
      ],
    },
  },
  {
    n: 4,
    key: 'board',
    title: 'هیئت مدیره و مدیرعامل',
    fields: [
      f('term_start', 'آغاز دوره هیئت مدیره', 'date'),
      f('term_end', 'پایان دوره هیئت مدیره', 'date'),
      f('ceo_name', 'مدیرعامل', 'text', { max: 200 }),
      f('ceo_national_code', 'کد ملی مدیرعامل', 'code', { max: 10 }),
      f('ceo_appointment_date', 'تاریخ انتصاب مدیرعامل', 'date'),
      notes(),
    ],
    table: {
      title: 'اعضای هیئت مدیره',
      max: 30,
      columns: [
        f('position', 'سمت', 'select', { options: SEAT_POSITIONS }),
        f('member', 'عضو', 'text', { required: true, max: 300 }),
        f('representative', 'نماینده', 'text', { max: 200 }),
        f('is_executive', 'موظف', 'check'),
        f('start_date', 'از تاریخ', 'date'),
      ],
    },
  },
  {
    n: 5,
    key: 'employees',
    title: 'نیروی انسانی',
    fields: [f('total', 'جمع کارکنان (نفر)', 'count'), notes()],
    table: {
      title: 'کارکنان به تفکیک تحصیلات (نفر)',
      max: 20,
      columns: [
        f('education_level', 'تحصیلات', 'select', { options: STAFF_EDUCATION, required: true }),
        f('permanent', 'رسمی', 'count'),
        f('contract', 'قراردادی', 'count'),
        f('other', 'سایر', 'count'),
      ],
    },
  },
  {
    n: 6,
    key: 'activities',
    title: 'فعالیت‌ها و محصولات',
    fields: [f('main_activity', 'موضوع فعالیت اصلی', 'textarea', { wide: true, max: 2000 }), notes()],
    table: {
      title: 'محصولات و خدمات',
      max: 100,
      columns: [
        f('product', 'محصول یا خدمت', 'text', { required: true, max: 200 }),
        f('unit', 'واحد', 'text', { max: 40 }),
        f('nominal_capacity', 'ظرفیت اسمی سالانه', 'amount'),
        f('actual_production', 'تولید واقعی سال گذشته', 'amount'),
      ],
    },
  },
  {
    n: 7,
    key: 'financial',
    title: 'خلاصه وضعیت مالی',
    fields: [
      f('auditor_opinion', 'اظهارنظر حسابرس (آخرین سال)', 'select', { options: AUDITOR_OPINIONS }),
      notes(),
    ],
    table: {
      title: 'اقلام اصلی سال‌های مالی اخیر (ریال)',
      max: 10,
      columns: [
        f('fiscal_year', 'سال مالی', 'year', { required: true }),
        f('revenue', 'درآمد عملیاتی', 'amount'),
        f('net_profit', 'سود (زیان) خالص', 'signed_amount'),
        f('total_assets', 'جمع دارایی‌ها', 'amount'),
        f('equity', 'حقوق مالکانه', 'signed_amount'),
      ],
    },
  },
  {
    n: 8,
    key: 'subsidiaries',
    title: 'شرکت‌های تابعه و وابسته',
    fields: [notes()],
    table: {
      title: 'شرکت‌هایی که این شرکت سهامدار آن‌هاست',
      max: 200,
      columns: [
        f('company', 'شرکت', 'text', { required: true, max: 300 }),
        f('national_id', 'شناسه ملی', 'code', { max: 11 }),
        f('share_count', 'تعداد سهام', 'amount'),
        f('fraction', 'درصد', 'fraction'),
      ],
    },
  },
  {
    n: 9,
    key: 'assemblies',
    title: 'مجامع',
    fields: [
      f('last_ordinary_date', 'تاریخ آخرین مجمع عادی سالیانه', 'date'),
      f('last_extraordinary_date', 'تاریخ آخرین مجمع فوق‌العاده', 'date'),
      notes(),
    ],
    table: {
      title: 'مصوبات مجامع',
      max: 100,
      columns: [
        f('date', 'تاریخ مجمع', 'date'),
        f('kind', 'نوع مجمع', 'select', { options: ASSEMBLY_KINDS }),
        f('decision', 'مصوبه', 'text', { required: true, max: 1000 }),
      ],
    },
  },
  {
    n: 10,
    key: 'documents',
    title: 'مستندات',
    fields: [notes()],
    table: {
      title: 'فهرست وارسی مستندات پرونده',
      max: 60,
      columns: [
        f('title', 'مستند', 'text', { required: true, max: 200 }),
        f('on_file', 'در پرونده موجود است', 'check'),
        f('note', 'یادداشت', 'text', { max: 500 }),
      ],
    },
  },
];

export const SECTION_COUNT = STATUS_SECTIONS.length;

// ---------------------------------------------------------------------------------------------
// Section schemas

type Refine = (data: Record<string, unknown>, ctx: z.RefinementCtx) => void;
const issue = (ctx: z.RefinementCtx, path: (string | number)[], message: string) =>
  ctx.addIssue({ code: 'custom', path, message });
const rowsOf = (d: Record<string, unknown>) => (d.rows as Record<string, unknown>[] | undefined) ?? [];
const big = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v) ? BigInt(v) : null);

/** Checks across fields that one field's schema cannot make. */
const CROSS_CHECKS: Partial<Record<number, Refine>> = {
  2: (d, ctx) => {
    const [capital, count, nominal, paid] = [
      big(d.registered_capital),
      big(d.share_count),
      big(d.nominal_share_value),
      big(d.paid_in_capital),
    ];
    if (capital !== null && count !== null && nominal !== null && count * nominal !== capital)
      issue(ctx, ['registered_capital'], 'سرمایه ثبتی باید برابر تعداد سهام ضرب در ارزش اسمی هر سهم باشد');
    if (capital !== null && paid !== null && paid > capital)
      issue(ctx, ['paid_in_capital'], 'سرمایه پرداخت‌شده نمی‌تواند از سرمایه ثبتی بیشتر باشد');
  },
  3: (d, ctx) => {
    const sum = rowsOf(d).reduce((acc, r) => acc + Number(r.fraction ?? 0), 0);
    if (sum > 1.000001) issue(ctx, ['rows'], 'جمع درصد سهامداران از ۱۰۰٪ بیشتر شده است');
  },
  4: (d, ctx) => {
    if (typeof d.term_start === 'string' && typeof d.term_end === 'string' && d.term_end <= d.term_start)
      issue(ctx, ['term_end'], 'پایان دوره باید پس از آغاز آن باشد');
  },
  5: (d, ctx) => {
    const rows = rowsOf(d);
    const sum = rows.reduce(
      (acc, r) => acc + Number(r.permanent ?? 0) + Number(r.contract ?? 0) + Number(r.other ?? 0),
      0,
    );
    if (typeof d.total === 'number' && sum > 0 && sum !== d.total)
      issue(ctx, ['total'], 'جمع کارکنان با جمع جدول تحصیلات یکی نیست');
    const seen = new Set<unknown>();
    rows.forEach((r, i) => {
      if (seen.has(r.education_level)) issue(ctx, ['rows', i, 'education_level'], 'این مقطع تکراری است');
      seen.add(r.education_level);
    });
  },
  7: (d, ctx) => {
    const seen = new Set<unknown>();
    rowsOf(d).forEach((r, i) => {
      if (seen.has(r.fiscal_year)) issue(ctx, ['rows', i, 'fiscal_year'], 'این سال مالی تکراری است');
      seen.add(r.fiscal_year);
    });
  },
};

function sectionSchema(spec: SectionSpec) {
  const shape: Record<string, z.ZodType> = {};
  for (const field of spec.fields) shape[field.name] = fieldSchema(field);
  if (spec.table) {
    const row = z.object(Object.fromEntries(spec.table.columns.map((c) => [c.name, fieldSchema(c)])));
    shape.rows = z
      .array(row, { error: `${spec.table.title} نامعتبر است` })
      .max(spec.table.max, `${spec.table.title} حداکثر ${spec.table.max} ردیف دارد`)
      .default([]);
  }
  const check = CROSS_CHECKS[spec.n];
  const object = z.object(shape);
  return check ? object.superRefine((d, ctx) => check(d as Record<string, unknown>, ctx)) : object;
}

/** The zod schema of each section, by number (0..10). Output: the section's canonical data. */
export const SECTION_SCHEMAS: readonly z.ZodType<Record<string, unknown>>[] = STATUS_SECTIONS.map(
  (s) => sectionSchema(s) as z.ZodType<Record<string, unknown>>,
);

// ---------------------------------------------------------------------------------------------
// Calls

/** Path parameters of the section save. */
export const statusSectionParams = z.object({
  id: positiveId,
  n: z.coerce
    .number({ error: 'شماره بخش نامعتبر است' })
    .int('شماره بخش نامعتبر است')
    .min(0, 'شماره بخش نامعتبر است')
    .max(SECTION_COUNT - 1, 'شماره بخش نامعتبر است'),
});

/** Body of the section save: the version it was read at (0: never saved) and the form's values. */
export const statusSectionSave = z.object({
  version: recordVersion('نسخه بخش نامعتبر است', 0),
  data: z.record(z.string(), z.unknown(), { error: 'داده‌های بخش را بفرستید' }),
});
export type StatusSectionSave = z.input<typeof statusSectionSave>;

/** One section as read: saved data, or a draft prefilled from the registry. */
export const statusSection = z.object({
  n: int,
  title: z.string(),
  /** False for a draft never saved (then `version` is 0 and `updated_at` null). */
  saved: z.boolean(),
  version: int,
  /** ISO 8601 UTC. */
  updated_at: isoTime.nullable(),
  updated_by: z.object({ id, name: z.string() }).nullable(),
  /** The section's canonical data: its fields (and `rows` of its table) as `STATUS_SECTIONS[n]` lists them. */
  data: z.record(z.string(), z.unknown()).meta({
    description:
      "The section's values by field name (and `rows`, its table), as the section's field list defines them.",
  }),
});
export type StatusSection = z.infer<typeof statusSection>;

/** GET /api/person/legal-persons/status/{id}. */
export const statusReport = z.object({
  company: z.object({ id, name: z.string(), national_id: z.string().nullable() }),
  sections: z.array(statusSection),
});
export type StatusReport = z.infer<typeof statusReport>;

/** PUT …/section/{n} answer. */
export const savedSection = z.object({ n: int, version: int, updated_at: isoTime });
export type SavedSection = z.infer<typeof savedSection>;
