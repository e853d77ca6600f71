import { z } from 'zod';
import { MAX_FORMULA_LENGTH } from '../domain/finance/formulas.ts';
import { RATING_DIMENSION_LABELS_FA, RATING_DIMENSIONS, type RatingGrade } from '../domain/finance/rating.ts';
import { toAsciiDigits, toPersianDigits } from '../domain/persian-text.ts';
import { jalaliYear } from './company-reports.ts';
import { defineEntity, type EntityField, optionsOf, rowSchema } from './entity.ts';
import { inputSchema } from './entity-input.ts';
import { optionalText, persianText } from './fields.ts';
import { MAX_ID, pickedId } from './ids.ts';

/**
 * The performance evaluation's configuration (issue 16; storage server/db/schema/performance.ts,
 * domain/finance/formulas.ts and rating.ts), described once: measures (سنجه‌ها), formulas
 * (فرمول‌ها), performance items (شاخص‌ها) and grade bands (رده‌ها). Read with `performance`
 * (analyst, auditor), changed with `performance.manage` (analyst), each change audited under the
 * entity's name. Short managed lists: every list answers all its rows (`wholeList`).
 *
 * Units: a measure's values are in its own unit (`unit_fa`); chart items in formulas are in
 * million IRR (`employees` a head count); a performance item's scale is in its source's unit (a
 * fraction for ratios, 0–100 for score measures); weights are relative (any positive number);
 * band floors are scores 0–100. Decimal fields are answered as decimal strings (`"0.15"`), typed
 * with Persian or ASCII digits. Fiscal years are Jalali.
 */

/** A measure's, formula's or item's code: Latin, lower case, starting with a letter (`board_independence`). */
export const CONFIG_CODE_PATTERN = /^[a-z][a-z0-9_]*$/;

/** A code as typed (Persian digits accepted, trimmed), checked against CONFIG_CODE_PATTERN. */
export const configCode = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? toAsciiDigits(v).trim() : v),
    z
      .string({ error: `${label} را وارد کنید` })
      .min(1, `${label} را وارد کنید`)
      .max(60, `${label} حداکثر ۶۰ نویسه است`)
      .regex(
        CONFIG_CODE_PATTERN,
        `${label} باید با حرف کوچک لاتین آغاز شود و تنها حرف کوچک لاتین، رقم و _ داشته باشد (مانند board_independence)`,
      ),
  );

/**
 * A decimal number typed with Persian or ASCII digits, separators (٬ , ،) and the Persian decimal
 * point (٫) or minus (−) → a finite number; `min`/`max` inclusive, `above` exclusive.
 */
export const decimalNumber = (label: string, opts: { min?: number; max?: number; above?: number } = {}) =>
  z.union([z.string(), z.number()], { error: `${label} را وارد کنید` }).transform((v, ctx) => {
    const s = toAsciiDigits(String(v))
      .replace(/[,،٬\s]/g, '')
      .replace('٫', '.')
      .replace('−', '-');
    const n = s === '' ? Number.NaN : Number(s);
    if (s === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s) || !Number.isFinite(n)) {
      ctx.addIssue({
        code: 'custom',
        message: s === '' ? `${label} را وارد کنید` : `${label} باید عدد باشد`,
      });
      return z.NEVER;
    }
    if (opts.above !== undefined && !(n > opts.above)) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} باید بزرگ‌تر از ${toPersianDigits(opts.above)} باشد`,
      });
      return z.NEVER;
    }
    if ((opts.min !== undefined && n < opts.min) || (opts.max !== undefined && n > opts.max)) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} باید از ${toPersianDigits(opts.min ?? 0)} تا ${toPersianDigits(opts.max ?? 0)} باشد`,
      });
      return z.NEVER;
    }
    return n;
  });

const MANAGE = 'performance.manage';
const PERMISSIONS = { list: 'performance', create: MANAGE, update: MANAGE, delete: MANAGE };
const CODE_HINT =
  'لاتین با حرف کوچک، رقم و _؛ پس از ساخت تنها وقتی تغییر می‌کند که جایی به آن ارجاع نشده باشد';

/** A code field (form: typed left to right). */
const codeField = (label: string, order: number) =>
  ({
    type: 'text',
    label,
    max: 60,
    unique: true,
    format: 'verbatim',
    column: { width: 180 },
    form: { section: 'مشخصات', required: true, order, ltr: true, hint: CODE_HINT },
    input: configCode(label),
  }) satisfies EntityField;

/** A required Persian name. */
const nameField = (label: string, order: number, max = 120) =>
  ({
    type: 'text',
    label,
    max,
    format: 'verbatim',
    column: { width: 220, grow: true },
    form: { section: 'مشخصات', required: true, order },
    input: persianText(label, max),
  }) satisfies EntityField;

/** A decimal field shown and typed as a number in its own unit. */
const decimalField = <I extends z.ZodType>(label: string, order: number, input: I, hint?: string) =>
  ({
    type: 'amount',
    label,
    format: 'quantity',
    column: { width: 110 },
    form: { section: 'مشخصات', required: true, order, hint },
    input,
  }) satisfies EntityField;

const descriptionField = {
  type: 'text',
  label: 'توضیح',
  max: 1000,
  nullable: true,
  form: { section: 'مشخصات', order: 9, multiline: true, rows: 3 },
  input: optionalText('توضیح', 1000),
} satisfies EntityField;

/** A measure (سنجه): a value per company and fiscal year that no statement holds. */
export const measureEntity = defineEntity({
  name: 'performance_measure',
  title: 'سنجه',
  plural: 'سنجه‌ها',
  id: 'id',
  display: 'name_fa',
  defaultSort: 'code',
  search: 'کد یا نام سنجه',
  intro:
    'مقدارهایی که در صورت مالی نیست و برای هر شرکت و سال وارد می‌شود؛ فرمول‌ها آن‌ها را با measure.‹کد› می‌خوانند. مقادیر هر سنجه با کلید V',
  emptyText: 'هنوز سنجه‌ای تعریف نشده است',
  wholeList: { search: ['code', 'name_fa'] },
  list: { label: 'سنجه‌ها', id: 'performance-measures' },
  cacheKey: ['performance', 'measures'],
  keywords: ['measure', 'new', 'سنجه', 'جدید'],
  permissions: PERMISSIONS,
  paths: { list: '/api/performance/measures', item: '/api/performance/measures/:id{[0-9]+}' },
  fields: {
    id: { type: 'int', label: 'شناسه' },
    code: codeField('کد سنجه', 1),
    name_fa: nameField('نام سنجه', 2),
    unit_fa: {
      type: 'text',
      label: 'واحد',
      max: 200,
      nullable: true,
      format: 'verbatim',
      column: { width: 260, title: true },
      form: { section: 'مشخصات', order: 3, hint: 'مقدار چیست، مانند «نسبت ۰ تا ۱» یا «امتیاز ۰ تا ۱۰۰»' },
      input: optionalText('واحد', 200),
    },
    description: descriptionField,
    uses: {
      type: 'int',
      label: 'ارجاع‌ها',
      column: { width: 80, description: 'شمار فرمول‌ها و شاخص‌هایی که این سنجه را می‌خوانند' },
    },
    value_count: {
      type: 'int',
      label: 'مقادیر',
      column: { width: 80, description: 'شمار مقدارهای ثبت‌شده (شرکت و سال)' },
    },
  },
});

/** A formula (فرمول) over chart items and measures (domain/finance/formulas.ts syntax). */
export const formulaEntity = defineEntity({
  name: 'performance_formula',
  title: 'فرمول',
  plural: 'فرمول‌ها',
  id: 'id',
  display: 'name_fa',
  defaultSort: 'code',
  search: 'کد، نام یا متن فرمول',
  intro:
    'فرمول‌های شاخص‌ها بر اقلام صورت مالی (میلیون ریال) و سنجه‌ها (measure.‹کد›)؛ در ویرایشگر، مقدار فرمول برای یک شرکت و سال دیده می‌شود',
  emptyText: 'هنوز فرمولی تعریف نشده است',
  wholeList: { search: ['code', 'name_fa', 'text'] },
  list: { label: 'فرمول‌ها', id: 'performance-formulas' },
  cacheKey: ['performance', 'formulas'],
  keywords: ['formula', 'new', 'فرمول', 'جدید'],
  permissions: PERMISSIONS,
  paths: { list: '/api/performance/formulas', item: '/api/performance/formulas/:id{[0-9]+}' },
  fields: {
    id: { type: 'int', label: 'شناسه' },
    code: codeField('کد فرمول', 1),
    name_fa: nameField('نام فرمول', 2),
    text: {
      type: 'text',
      label: 'متن فرمول',
      max: MAX_FORMULA_LENGTH,
      format: 'verbatim',
      column: { width: 320, grow: true, title: true },
      form: { section: 'مشخصات', required: true, order: 3, ltr: true, multiline: true, rows: 3 },
      input: z
        .string({ error: 'متن فرمول را وارد کنید' })
        .trim()
        .min(1, 'متن فرمول را وارد کنید')
        .max(MAX_FORMULA_LENGTH, `متن فرمول حداکثر ${toPersianDigits(MAX_FORMULA_LENGTH)} نویسه است`),
    },
    description: descriptionField,
    valid: {
      type: 'bool',
      label: 'درست',
      column: { width: 70, description: 'فرمول با قلم‌ها و سنجه‌های کنونی خوانده می‌شود' },
    },
    errors: {
      type: 'text',
      label: 'خطاها',
      column: { width: 200, title: true, description: 'چرا فرمول خوانده نمی‌شود (سنجه‌ای که حذف شده …)' },
    },
    uses: {
      type: 'int',
      label: 'شاخص‌ها',
      column: { width: 80, description: 'شمار شاخص‌هایی که از این فرمول می‌خوانند' },
    },
  },
});

export const SOURCE_KINDS = ['formula', 'measure'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
export const SOURCE_KIND_LABELS_FA: Record<SourceKind, string> = { formula: 'فرمول', measure: 'سنجه' };

/** A performance item (شاخص) of the rating (domain `RatingItem`). */
export const performanceItemEntity = defineEntity({
  name: 'performance_item',
  title: 'شاخص',
  plural: 'شاخص‌ها',
  id: 'id',
  display: 'name_fa',
  defaultSort: 'position',
  search: 'کد یا نام شاخص',
  intro:
    'شاخص‌های رتبه‌بندی: گروه، وزن نسبی، منبع (فرمول یا سنجه) و بازه‌ای که مقدار خام را به امتیاز ۰ تا ۱۰۰ می‌برد',
  emptyText: 'هنوز شاخصی تعریف نشده است',
  wholeList: { search: ['code', 'name_fa', 'source_code'] },
  list: { label: 'شاخص‌های عملکرد', id: 'performance-items' },
  cacheKey: ['performance', 'items'],
  keywords: ['performance item', 'new', 'شاخص', 'جدید'],
  order: 'position',
  permissions: PERMISSIONS,
  paths: { list: '/api/performance/items', item: '/api/performance/items/:id{[0-9]+}' },
  fields: {
    id: { type: 'int', label: 'شناسه' },
    position: {
      type: 'int',
      label: 'ترتیب',
      column: { width: 70 },
      form: { section: 'مشخصات', required: true, order: 9, hint: 'جای شاخص در فهرست‌ها، کوچک‌تر بالاتر' },
      input: z.coerce
        .number({ error: 'ترتیب عدد نیست' })
        .int('ترتیب عدد صحیح نیست')
        .min(0, 'ترتیب نمی‌تواند منفی باشد')
        .max(MAX_ID),
    },
    code: codeField('کد شاخص', 1),
    name_fa: nameField('نام شاخص', 2),
    dimension: {
      ...optionsOf(RATING_DIMENSIONS, RATING_DIMENSION_LABELS_FA),
      label: 'گروه',
      column: { width: 120 },
      form: { section: 'مشخصات', required: true, order: 3, placeholder: 'گروه را برگزینید' },
      input: z.enum(RATING_DIMENSIONS, { error: 'گروه شاخص را برگزینید' }),
    },
    weight: decimalField(
      'وزن',
      4,
      decimalNumber('وزن', { above: 0 }),
      'نسبی: سهم شاخص برابر وزن آن بخش بر جمع وزن‌هاست',
    ),
    source_kind: {
      ...optionsOf(SOURCE_KINDS, SOURCE_KIND_LABELS_FA),
      label: 'نوع منبع',
      column: { width: 80 },
      form: { section: 'مشخصات', required: true, order: 5, initial: 'formula' },
      input: z.enum(SOURCE_KINDS, { error: 'نوع منبع را برگزینید' }),
    },
    source_code: {
      type: 'text',
      label: 'کد منبع',
      max: 60,
      format: 'verbatim',
      column: { width: 180 },
      form: {
        section: 'مشخصات',
        required: true,
        order: 6,
        ltr: true,
        hint: 'کد فرمول یا سنجه‌ای که هست (مانند roa یا board_independence)',
      },
      input: configCode('کد منبع'),
    },
    scale_min: decimalField('کمینه بازه', 7, decimalNumber('کمینه بازه'), 'به واحد منبع؛ کمتر از بیشینه'),
    scale_max: decimalField('بیشینه بازه', 8, decimalNumber('بیشینه بازه')),
    higher_is_better: {
      type: 'bool',
      label: 'بیشتر بهتر',
      column: { width: 90 },
      form: { section: 'مشخصات', order: 8.5, label: 'مقدار بیشتر بهتر است', initial: true },
      input: z.boolean({ error: 'جهت شاخص را مشخص کنید' }),
    },
  },
});

export const RATING_GRADES = ['A', 'B', 'C', 'D', 'E'] as const satisfies readonly RatingGrade[];

/** A grade band (رده) of the rating (domain `RatingBand`). */
export const ratingBandEntity = defineEntity({
  name: 'rating_band',
  title: 'رده',
  plural: 'رده‌ها',
  id: 'id',
  display: 'label_fa',
  defaultSort: 'min_score',
  defaultDescending: true,
  intro: 'رده‌های رتبه: هر رده از کف امتیازش آغاز می‌شود؛ پایین‌ترین رده از صفر',
  emptyText: 'هنوز رده‌ای تعریف نشده است',
  wholeList: { search: ['grade', 'label_fa'] },
  list: { label: 'رده‌های رتبه', id: 'rating-bands' },
  cacheKey: ['performance', 'bands'],
  keywords: ['grade band', 'rating', 'new', 'رده', 'جدید'],
  permissions: PERMISSIONS,
  paths: { list: '/api/performance/rating-bands', item: '/api/performance/rating-bands/:id{[0-9]+}' },
  fields: {
    id: { type: 'int', label: 'شناسه' },
    grade: {
      ...optionsOf(RATING_GRADES, { A: 'A', B: 'B', C: 'C', D: 'D', E: 'E' }),
      label: 'رده',
      unique: true,
      column: { width: 70 },
      form: { section: 'مشخصات', required: true, order: 1, placeholder: 'رده را برگزینید' },
      input: z.enum(RATING_GRADES, { error: 'رده را برگزینید (A تا E)' }),
    },
    label_fa: {
      ...nameField('عنوان رده', 2, 60),
      column: { width: 200, grow: true },
    },
    min_score: decimalField(
      'کف امتیاز',
      3,
      decimalNumber('کف امتیاز', { min: 0, max: 100 }),
      'امتیاز ۰ تا ۱۰۰؛ پایین‌ترین رده صفر',
    ),
  },
});

/** Bodies of create and update, and rows as the API answers them (decimals as decimal strings). */
export const measureInput = inputSchema(measureEntity);
export const measureRow = rowSchema(measureEntity);
export type MeasureRow = z.infer<typeof measureRow>;
export const formulaInput = inputSchema(formulaEntity);
export const formulaRow = rowSchema(formulaEntity);
export type FormulaRow = z.infer<typeof formulaRow>;
export const performanceItemInput = inputSchema(performanceItemEntity);
export const performanceItemRow = rowSchema(performanceItemEntity);
export type PerformanceItemRow = z.infer<typeof performanceItemRow>;
export const ratingBandInput = inputSchema(ratingBandEntity);
export const ratingBandRow = rowSchema(ratingBandEntity);
export type RatingBandRow = z.infer<typeof ratingBandRow>;

// ---------------------------------------------------------------------------------------------
// The formula preview.

/**
 * POST /api/performance/formulas/preview body: the text as typed, and optionally the company
 * (a legal person's id) and Jalali fiscal year to evaluate it for (both or neither).
 */
export const formulaPreviewBody = z
  .object({
    text: z
      .string({ error: 'متن فرمول را وارد کنید' })
      .max(MAX_FORMULA_LENGTH, `متن فرمول حداکثر ${toPersianDigits(MAX_FORMULA_LENGTH)} نویسه است`),
    legal_person_id: pickedId('شرکت را برگزینید').nullish(),
    fiscal_year: jalaliYear('سال مالی').nullish(),
  })
  .refine((b) => (b.legal_person_id == null) === (b.fiscal_year == null), {
    message: 'شرکت و سال مالی را با هم برگزینید',
    path: ['fiscal_year'],
  });
export type FormulaPreviewBody = z.input<typeof formulaPreviewBody>;

/** One reference of a formula: a chart item (million IRR, or a head count) or a measure (its unit). */
export const formulaReference = z.object({
  /** `item.<code>` or `measure.<code>`, as not-computable answers name them. */
  ref: z.string(),
  kind: z.enum(['item', 'measure']),
  code: z.string(),
  name_fa: z.string(),
  /** item: `million_irr` or `count`; measure: its unit in Persian. */
  unit: z.string(),
  /** The company-year's value; null when absent or when no company was chosen. */
  value: z.number().nullable(),
});
export type FormulaReference = z.infer<typeof formulaReference>;

const computedNumber = z.union([
  z.object({ ok: z.literal(true), value: z.number() }),
  z.object({
    ok: z.literal(false),
    reason: z.enum(['missing', 'zero_denominator']),
    missing: z.array(z.string()),
  }),
]);

/**
 * The preview's answer (always 200): the parse errors (`at`: 0-based index in the text for syntax
 * errors), or the references with their values and, when a company-year was given, the result
 * (`Computed`: the value, or not computable naming `item.x` / `measure.y`). `statement_id`: the
 * company's annual statement of the year read, null when there is none (its items then missing).
 */
export const formulaPreview = z.union([
  z.object({
    ok: z.literal(false),
    errors: z.array(z.object({ messageFa: z.string(), at: z.number().int().optional() })),
  }),
  z.object({
    ok: z.literal(true),
    references: z.array(formulaReference),
    result: computedNumber.nullable(),
    statement_id: z.number().int().nullable(),
    company: z.string().nullable(),
  }),
]);
export type FormulaPreview = z.infer<typeof formulaPreview>;

/** What formulas may name, with Persian names: the chart's items (active ones) and the measures. */
export const formulaVocabulary = z.object({
  items: z.array(z.object({ code: z.string(), name_fa: z.string(), unit: z.string() })),
  measures: z.array(z.object({ code: z.string(), name_fa: z.string(), unit: z.string() })),
});
export type FormulaVocabulary = z.infer<typeof formulaVocabulary>;

// ---------------------------------------------------------------------------------------------
// A measure's values.

/** GET /api/performance/measures/:id/values query: the list's paging and search, and the Jalali year. */
export const measureValuesYear = z.object({ fiscal_year: jalaliYear('سال مالی') });

/** One company's value of a measure for the year (null: none on file). */
export const measureValueRow = z.object({
  legal_person_id: z.number().int(),
  company: z.string(),
  ticker: z.string().nullable(),
  fiscal_year: z.number().int(),
  value: z.number().nullable(),
  /** demo, entered or imported; null when there is no value. */
  origin: z.string().nullable(),
  /** The company has an annual statement of the year. */
  has_statement: z.boolean(),
});
export type MeasureValueRow = z.infer<typeof measureValueRow>;

/** A value as typed or sent: a number, a numeric string (Persian digits accepted), or null / '' to clear. */
const measureValue = z
  .union([z.number(), z.string(), z.null()], { error: 'مقدار باید عدد باشد' })
  .transform((v, ctx) => {
    if (v === null || (typeof v === 'string' && v.trim() === '')) return null;
    const s = toAsciiDigits(String(v))
      .replace(/[,،٬\s]/g, '')
      .replace('٫', '.')
      .replace('−', '-');
    const n = Number(s);
    if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s) || !Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: `مقدار «${String(v)}» عدد نیست` });
      return z.NEVER;
    }
    return n;
  });

/**
 * PUT /api/performance/measures/:id/values body: up to 500 values, saved all or none; a null value
 * removes the company-year's value.
 */
export const measureValuesBody = z.object({
  values: z
    .array(
      z.object({
        legal_person_id: pickedId('شرکت را برگزینید'),
        fiscal_year: jalaliYear('سال مالی'),
        value: measureValue,
      }),
      { error: 'فهرست مقادیر را بفرستید' },
    )
    .min(1, 'دست‌کم یک مقدار بفرستید')
    .max(500, 'در هر بار حداکثر ۵۰۰ مقدار ذخیره می‌شود'),
});
export type MeasureValuesBody = z.input<typeof measureValuesBody>;
export const measureValuesSaved = z.object({ saved: z.number().int(), removed: z.number().int() });
