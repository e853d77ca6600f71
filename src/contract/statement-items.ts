import { z } from 'zod';
import { STATEMENT_KIND_LABELS_FA, STATEMENT_KINDS } from '../domain/finance/chart.ts';
import { defineEntity, optionsOf, rowSchema } from './entity.ts';
import { inputSchema } from './entity-input.ts';
import { persianText } from './fields.ts';

/** How an item enters its parent's sum, as the form offers it (stored as +1 / −1). */
export const ITEM_SIGNS = ['1', '-1'] as const;
export const ITEM_SIGN_LABELS: Record<(typeof ITEM_SIGNS)[number], string> = {
  '1': 'افزاینده (+)',
  '-1': 'کاهنده (−)',
};
export const ITEM_UNITS = ['million_irr', 'count'] as const;
export const ITEM_UNIT_LABELS: Record<(typeof ITEM_UNITS)[number], string> = {
  million_irr: 'میلیون ریال',
  count: 'شمار (نفر، عدد)',
};

/** A chart code: Latin lower case, digits and underscores, starting with a letter (the key of a statement's items and of formulas' `item.<code>`). */
export const ITEM_CODE = /^[a-z][a-z0-9_]{1,39}$/;

/**
 * The chart of line items (سرفصل اقلام صورت‌های مالی, schema/finance.ts `statement_items`)
 * described once: read whole by whoever sees statements, extended by staff with
 * `performance.manage` at /performance/financial-statement/items. The builtin items (the
 * glossary's minimum, which the checks, ratios and Altman's Z read) keep their code, statement,
 * parent, sign, total flag and unit; staff may rename, reorder or deactivate them. An item's code
 * never changes once created (statements and formulas hold it); an item used by a statement, with
 * items under it, or builtin is not deleted (deactivate it instead).
 */
export const statementItemEntity = defineEntity({
  name: 'statement_item',
  title: 'قلم صورت مالی',
  plural: 'اقلام صورت‌های مالی',
  id: 'id',
  display: 'name_fa',
  defaultSort: 'position',
  search: 'نام یا کد قلم',
  intro:
    'سرفصل اقلامی که صورت‌های مالی با آن‌ها ثبت، وارد و بررسی می‌شوند؛ اقلام پایه را می‌توان تغییر نام داد یا غیرفعال کرد و قلم تازه زیر هر جمع افزود',
  emptyText: 'هنوز قلمی تعریف نشده است',
  wholeList: { search: ['name_fa', 'code'] },
  active: 'active',
  order: 'position',
  list: { label: 'اقلام صورت‌های مالی', id: 'statement-items' },
  cacheKey: ['financial-statements', 'chart'],
  keywords: ['chart of items', 'line item', 'سرفصل', 'قلم', 'اقلام صورت مالی'],
  permissions: {
    list: 'financial.statements',
    create: 'performance.manage',
    update: 'performance.manage',
    delete: 'performance.manage',
  },
  paths: { list: '/api/performance/statement-items', item: '/api/performance/statement-items/:id{[0-9]+}' },
  fields: {
    id: { type: 'int', label: 'شناسه' },
    position: {
      type: 'int',
      label: 'ترتیب',
      column: { width: 60 },
      form: { section: 'قلم', order: 7, hint: 'جای قلم در صورت مالی و فرم ورود' },
      input: z.coerce
        .number({ error: 'ترتیب باید عدد باشد' })
        .int('ترتیب باید عدد صحیح باشد')
        .min(0, 'ترتیب منفی نمی‌شود')
        .max(100_000, 'ترتیب بیش از ۱۰۰٬۰۰۰ نمی‌شود'),
    },
    code: {
      type: 'text',
      label: 'کد',
      max: 40,
      format: 'verbatim',
      unique: true,
      column: { width: 170 },
      form: {
        section: 'قلم',
        required: true,
        order: 1,
        hint: 'لاتین کوچک، رقم و _؛ پس از ثبت تغییر نمی‌کند (فرمول‌ها با item.<کد> به آن اشاره می‌کنند)',
      },
      input: z
        .string({ error: 'کد قلم را وارد کنید' })
        .trim()
        .regex(
          ITEM_CODE,
          'کد قلم باید با حرف لاتین کوچک آغاز شود و تنها حرف لاتین کوچک، رقم و _ داشته باشد (۲ تا ۴۰ نویسه)',
        ),
    },
    name_fa: {
      type: 'text',
      label: 'نام قلم',
      max: 120,
      format: 'verbatim',
      column: { width: 260, grow: true },
      form: { section: 'قلم', required: true, order: 2, label: 'نام فارسی' },
      input: persianText('نام قلم', 120),
    },
    statement_kind: {
      ...optionsOf(STATEMENT_KINDS, STATEMENT_KIND_LABELS_FA),
      label: 'صورت',
      column: { width: 190 },
      form: { section: 'قلم', required: true, order: 3, placeholder: 'برگزینید…' },
      input: z.enum(STATEMENT_KINDS, { error: 'صورت مالی قلم را انتخاب کنید' }),
    },
    parent_id: {
      type: 'ref',
      label: 'زیر قلم',
      nullable: true,
      optionsFrom: 'statement_items',
      shownAs: 'parent',
      form: { section: 'قلم', order: 4, hint: 'جمعی که این قلم در آن شمرده می‌شود؛ از همان صورت' },
      input: z.coerce
        .number({ error: 'قلم بالادست نامعتبر است' })
        .int('قلم بالادست نامعتبر است')
        .positive('قلم بالادست نامعتبر است')
        .max(2_147_483_647, 'قلم بالادست نامعتبر است')
        .nullable()
        .default(null),
    },
    parent: { type: 'text', label: 'زیر قلم', nullable: true, column: { width: 200 } },
    sign: {
      ...optionsOf(ITEM_SIGNS, ITEM_SIGN_LABELS),
      label: 'علامت',
      column: { width: 100 },
      form: { section: 'قلم', required: true, order: 5, initial: '1' },
      input: z.enum(ITEM_SIGNS, { error: 'علامت قلم را انتخاب کنید' }),
    },
    unit: {
      ...optionsOf(ITEM_UNITS, ITEM_UNIT_LABELS),
      label: 'واحد',
      column: { width: 110 },
      form: { section: 'قلم', required: true, order: 6, initial: 'million_irr' },
      input: z.enum(ITEM_UNITS, { error: 'واحد قلم را انتخاب کنید' }),
    },
    is_total: {
      type: 'bool',
      label: 'جمع',
      column: { width: 60 },
      form: { section: 'قلم', order: 8, label: 'جمع اقلام زیرین است (در ذخیره وارسی می‌شود)', initial: false },
      input: z.boolean({ error: 'جمع بودن را مشخص کنید' }).default(false),
    },
    active: {
      type: 'bool',
      label: 'وضعیت',
      column: { width: 75 },
      form: { section: 'قلم', order: 9, label: 'فعال (در فرم ورود و الگوی اکسل می‌آید)', initial: true },
      input: z.boolean({ error: 'فعال بودن را مشخص کنید' }).default(true),
    },
    builtin: {
      type: 'bool',
      label: 'پایه',
      column: { width: 60, description: 'از اقلام پایه واژه‌نامه که نسبت‌ها و وارسی‌ها آن‌ها را می‌خوانند' },
    },
  },
});

/** Body of a chart item's create and update, and an item as the API answers it. */
export const statementItemInput = inputSchema(statementItemEntity);
export type StatementItemInput = z.input<typeof statementItemInput>;
export const statementItemRow = rowSchema(statementItemEntity);
export type StatementItemRow = z.infer<typeof statementItemRow>;
